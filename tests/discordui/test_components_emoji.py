"""Every component the bot can build is one Discord accepts: valid emoji, within the limits.

Discord refuses a whole message whose button carries an emoji that is not an emoji
(``BUTTON_COMPONENT_INVALID_EMOJI``), so one bad emoji would stop every table post. This
walks every view the bot builds, for each game, language and picker step of sample games,
and checks it with the emulator's rules (``playground.validation``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest

import locales
import rules
from cogs.deadlines import vote_view
from discordui.actions import picker_for
from discordui.components import picker_layout, picker_view, resign_view, table_view
from discordui.lobbies import lobby_components
from host.service import Loaded
from playground.validation import emoji_problem, message_problems
from rules.core import Rng
from store import GameRow, SeatRow

USERS = (101, 102, 103)


def _loaded(name: str, status: str, players: int = 2, seed: int = 5) -> Loaded:
    engine = rules.get_game(name)
    handles = ["alice", "bob", "carol"][:players]
    state = engine.setup(handles, {}, seed) if status == "running" else None
    row = GameRow(
        id=7, guild_id=1, channel_id=2, thread_id=3, lobby_message_id=4, table_message_id=5,
        game=name, options={}, seats_wanted=players, status=status, seed=seed, seq=12,
        created_by=USERS[0], created_at="", updated_at="",
    )  # fmt: skip
    seats = [SeatRow(7, i, USERS[i], h, "") for i, h in enumerate(handles)]
    return Loaded(row, seats, engine, state)


def _picker_views(lang: str, game: Loaded, rng: Rng, steps: int = 40) -> Iterator[discord.ui.View]:
    """The picker at every step (and page) of random actions, acted out for ``steps``
    actions."""
    engine = game.engine
    for _ in range(steps):
        if engine.outcome(game.state) is not None:
            return
        seat = engine.pending(game.state)[0].seat
        path: list[str] = []
        while True:
            picker = picker_for(game, USERS[seat], path)
            for page in range(picker_layout(picker).pages):
                yield picker_view(lang, picker, page)
                # The same page with every path kept in the store (ids instead of paths).
                with pytest.MonkeyPatch.context() as patch:
                    patch.setattr("discordui.paths.CUSTOM_ID_MAX", 0)
                    long = picker_layout(picker, page).to_keep(game.row.id, game.seq)
                    kept = picker_view(lang, picker, page, {r: i for i, r in enumerate(long, 1)})
                yield kept
            options = engine.choices(game.state, seat, path)
            if not options:
                break
            choice = options[rng.randrange(len(options))]
            path.append(choice.token)
            if choice.complete and not choice.more:
                break
        game.state, _ = engine.apply(game.state, seat, " ".join(path))


def _views(name: str, lang: str) -> Iterator[discord.ui.View]:
    running = _loaded(name, "running")
    yield table_view(lang, running)
    yield lobby_components(lang, _loaded(name, "lobby"))
    yield vote_view(lang, 7, 12, 1)
    yield resign_view(lang, 7, 12)
    yield from _picker_views(lang, running, Rng(3))


def _emoji(component: dict[str, Any]) -> Iterator[Any]:
    if component.get("emoji") is not None:
        yield component["emoji"]
    for option in component.get("options") or []:
        if option.get("emoji") is not None:
            yield option["emoji"]
    for child in component.get("components") or []:
        yield from _emoji(child)


@pytest.mark.parametrize("lang", locales.SUPPORTED)
@pytest.mark.parametrize("name", rules.GAME_NAMES)
def test_every_component_the_bot_builds_is_valid(name: str, lang: str) -> None:
    count = 0
    for view in _views(name, lang):
        payload = view.to_components()
        assert message_problems({"components": payload}, file_count=0, creating=True) == {}
        for emoji in (e for row in payload for e in _emoji(row)):
            assert emoji_problem(emoji) is None, emoji
            count += 1
    assert count >= 3  # the table buttons at least carry emoji
