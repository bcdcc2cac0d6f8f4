"""The map and helpers of the movement, exploration and founding tests.

The 2-player board (``rules/clash/board/boards.py``) with ann's starting region ``s1`` (D2 Fertile
with her city, E2 Mountain, C2 Forest, D1 Barren) and three regions explored round it, as
the slots lay them:

* ``r1`` = g15: B2 Fertile, A3 Mountain, C3 Forest, B3 Fertile;
* ``r2`` = g04: F2 Sea, E3 Forest, G3 Sea, F3 Fertile;
* ``r3`` = g03: D3 Sea, C4 Sea, E4 Mountain, D4 Fertile.

Every other slot lies face down; a test names the tile it needs there.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.clash import GAME
from rules.clash.board.hexes import label
from rules.clash.model.state import ClashState
from rules.core import IllegalAction, Rng, act

JSON = Any
PLAYERS = ("ann", "bob")
BASE_MAP: dict[str, JSON] = {
    "r1": {"tile": "g15", "explored": True},
    "r2": {"tile": "g04", "explored": True},
    "r3": {"tile": "g03", "explored": True},
}
#: Tiles for the face-down slots a test does not set (none has Sea next to the explored part).
SPARE = ("g13", "g16", "g07", "g08", "g11", "g12", "g06", "g02", "g01", "g09")


def board(
    ann: dict[str, JSON] | None = None,
    bob: dict[str, JSON] | None = None,
    tiles: dict[str, JSON] | None = None,
    *,
    options: dict[str, JSON] | None = None,
    **extra: JSON,
) -> ClashState:
    """ann's turn on the base map. ``tiles`` sets slots: a tile id lies face down there, a
    mapping is written as it is; ``ann``/``bob`` are seat keys, ``extra`` position keys,
    ``options`` the game's options (the printed rules edition unless they say otherwise)."""
    game_map: dict[str, JSON] = copy.deepcopy(BASE_MAP)
    for slot, value in (tiles or {}).items():
        game_map[slot] = {"tile": value} if isinstance(value, str) else value
    used = {v["tile"] for v in game_map.values()}
    spare = [t for t in SPARE if t not in used]
    for slot in ("r4", "r5", "r6", "r7", "r8"):
        if slot not in game_map:
            game_map[slot] = {"tile": spare.pop(0)}
    seats = {"ann": ann or {}, "bob": bob or {}}
    pos = {"map": game_map, "seats": seats, "first": "ann", **extra}
    return GAME.setup_position(list(PLAYERS), options or {}, 1, pos)


def play(state: ClashState, *actions: str) -> ClashState:
    """Apply each action for whoever is asked."""
    for action in actions:
        seat = GAME.pending(state)[0].seat
        state, _ = act(GAME, state, seat, action)
    return state


def events(state: ClashState, action: str) -> tuple[ClashState, list[str]]:
    seat = GAME.pending(state)[0].seat
    state, evs = act(GAME, state, seat, action)
    return state, [e.kind for e in evs]


def refused(state: ClashState, action: str) -> IllegalAction:
    """The refusal of ``action``; the state is unchanged."""
    before = GAME.to_json(state)
    seat = GAME.pending(state)[0].seat
    with pytest.raises(IllegalAction) as caught:
        act(GAME, state, seat, action)
    assert GAME.to_json(state) == before
    return caught.value


def tokens(state: ClashState, *prefix: str) -> list[str]:
    seat = GAME.pending(state)[0].seat
    return [c.token for c in GAME.choices(state, seat, list(prefix))]


def prompt(state: ClashState) -> str:
    return GAME.pending(state)[0].kind


def units(state: ClashState, seat: int = 0) -> dict[str, dict[str, int]]:
    """Land units by kind and space name (``{"army": {"C3": 2}, "settler": {...}}``)."""
    me = state.seats[seat]
    return {
        "army": {label(h): n for h, n in sorted(me.armies.items())},
        "settler": {label(h): n for h, n in sorted(me.settlers.items())},
    }


def ships(state: ClashState, seat: int = 0) -> list[tuple[int, str, tuple[str, ...]]]:
    return [(s.id, label(s.hex), s.cargo) for s in state.seats[seat].ships]


TACTICS = ["farming", "mining", "tactics"]


def with_needs(advances: list[str] | tuple[str, ...]) -> list[str]:
    """``advances`` and every top advance and prerequisite they need (p.7), in board order:
    a position must be one a game can reach."""
    from rules.clash.box.advances import ADVANCE, in_order, top

    have = set(advances)
    todo = list(have)
    while todo:
        adv = ADVANCE[todo.pop()]
        for need in (top(adv.category), adv.requires):
            if need is not None and need not in have:
                have.add(need)
                todo.append(need)
    return in_order(have)


def random_walk(state: ClashState, seat: int, rng: Rng, heads: tuple[str, ...]) -> str:
    """A random legal action of ``seat``, a turn's action being one of ``heads``: each step a
    random choice, a whole action that may go on stopping there half the time."""
    prefix: list[str] = []
    while True:
        options = GAME.choices(state, seat, prefix)
        if not prefix and GAME.pending(state)[0].kind == "turn":
            options = [c for c in options if c.token in heads]
        assert options, prefix
        pick = options[rng.randrange(len(options))]
        prefix.append(pick.token)
        assert pick.complete or pick.more, prefix
        if pick.complete and (not pick.more or rng.randrange(2)):
            return " ".join(prefix)
