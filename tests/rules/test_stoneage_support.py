"""Helpers for the Stone Age tests: positions, steps, refusals (no tests of its own)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import Event, IllegalAction, Outcome, act
from rules.stoneage import GAME
from rules.stoneage.data import RESOURCES
from rules.stoneage.state import SeatState, StoneAgeState

PLAYERS2 = ("alice", "bob")
PLAYERS3 = ("alice", "bob", "carol")
PLAYERS4 = ("alice", "bob", "carol", "dave")


def position(
    players: tuple[str, ...] = PLAYERS2,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    **pos: Any,
) -> StoneAgeState:
    """A game from a position; unlisted cards fill the deck and stacks (shuffled by ``seed``)."""
    pos.setdefault("fill_deck", True)
    pos.setdefault("fill_buildings", True)
    return GAME.setup_position(list(players), options or {}, seed, pos)


def seat(state: StoneAgeState, handle: str) -> int:
    """Seat index of ``handle``."""
    return state.players.index(handle)


def board(state: StoneAgeState, handle: str) -> SeatState:
    """The player board of ``handle``."""
    return state.seats[seat(state, handle)]


def stock(state: StoneAgeState, handle: str) -> dict[str, int]:
    """Resources of ``handle`` (non-zero kinds only)."""
    res = board(state, handle).resources
    return {RESOURCES[r]: n for r, n in enumerate(res) if n}


def run(state: StoneAgeState, *steps: str) -> tuple[StoneAgeState, list[Event]]:
    """Apply ``"alice: place forest 3"`` style steps through rules.core.act."""
    events: list[Event] = []
    for step in steps:
        who, action = step.split(":", 1)
        state, new = act(GAME, state, seat(state, who.strip()), action.strip())
        events += new
    return state, events


def refused(state: StoneAgeState, step: str) -> IllegalAction:
    """The IllegalAction raised by ``step``; the state must be left unchanged."""
    before = GAME.to_json(state)
    who, action = step.split(":", 1)
    with pytest.raises(IllegalAction) as info:
        act(GAME, state, seat(state, who.strip()), action.strip())
    assert GAME.to_json(state) == before
    return info.value


def kinds(events: list[Event]) -> list[str]:
    """Event kinds without the game prefix."""
    return [e.kind.removeprefix("stoneage.") for e in events]


def tokens(state: StoneAgeState, handle: str, *prefix: str) -> list[str]:
    """The choice tokens ``handle`` is offered after ``prefix``."""
    return [c.token for c in GAME.choices(state, seat(state, handle), list(prefix))]


def prompt_of(state: StoneAgeState, handle: str) -> str | None:
    """The kind of ``handle``'s prompt, or None."""
    for p in GAME.pending(state):
        if p.seat == seat(state, handle):
            return p.kind
    return None


def outcome_of(state: StoneAgeState) -> Outcome:
    """The outcome of a finished game (fails the test if it is still running)."""
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game is still running"
    return outcome


def finish_placement(state: StoneAgeState) -> StoneAgeState:
    """Everyone who still has to place sends all their people hunting (or anywhere legal)."""
    while state.phase == "place" and state.outcome is None:
        (p,) = GAME.pending(state)
        options = tokens(state, state.players[p.seat], "place")
        where = "hunting" if "hunting" in options else options[0]
        counts = [c.token for c in GAME.choices(state, p.seat, ["place", where])]
        action = f"place {where} {counts[-1]}" if counts else f"place {where}"
        state, _ = act(GAME, state, p.seat, action)
    return state
