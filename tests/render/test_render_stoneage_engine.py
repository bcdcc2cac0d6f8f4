"""The Stone Age pictures drawn from views the real engine produces, along seeded random games."""

from __future__ import annotations

from typing import Any

import pytest

import render
from rules.core import Rng, act, join

stoneage = pytest.importorskip("rules.stoneage")
GAME: Any = getattr(stoneage, "GAME", None)
if GAME is None:
    pytest.skip("the Stone Age engine is not there yet", allow_module_level=True)

MAX_BYTES = 300_000
EVERY = 40  # positions between two pictures: enough to meet every phase, fast enough to run


def random_action(state: Any, rng: Rng) -> tuple[int, str]:
    """A prompted seat and a random legal action of it, built token by token."""
    prompts = GAME.pending(state)
    seat = prompts[rng.randrange(len(prompts))].seat
    prefix: list[str] = []
    while True:
        options = GAME.choices(state, seat, prefix)
        choice = options[rng.randrange(len(options))]
        prefix.append(choice.token)
        if choice.complete and (not choice.more or rng.randrange(2)):
            return seat, join(prefix)


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (["alice", "bob"], {}, 3),
        (["alice", "bob", "carol"], {"open_cards": True}, 5),
        (["alice", "bob", "carol", "dave"], {"tiebreak": "sum"}, 8),
    ],
)
def test_views_along_a_game_render_and_never_show_hands(
    players: list[str], options: dict[str, object], seed: int
) -> None:
    """Every few positions: the table from the acting seat's view equals the spectator's,
    and that seat's hand renders; the finished game's table (score sheet) is within budget."""
    state = GAME.setup(players, options, seed)
    rng = Rng(seed * 7 + 1)
    phases: set[str] = set()
    for step in range(5000):
        if GAME.outcome(state) is not None:
            break
        seat, action = random_action(state, rng)
        state, _ = act(GAME, state, seat, action)
        if step % EVERY == 0:
            spectator = GAME.view(state, None)
            phases.add(spectator["phase"])
            public = render.table_png(spectator, lang="hu")
            assert render.table_png(GAME.view(state, seat), lang="hu") == public
            assert len(public) < MAX_BYTES
            assert render.hand_png(GAME.view(state, seat), lang="en").startswith(b"\x89PNG")
    assert GAME.outcome(state) is not None
    assert {"place", "resolve"} <= phases
    final = GAME.view(state, None)
    assert final["outcome"]["details"]["scores"]
    for lang in ("en", "hu"):
        assert len(render.table_png(final, lang=lang)) < MAX_BYTES
