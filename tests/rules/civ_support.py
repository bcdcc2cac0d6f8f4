"""Helpers for the CIV tests: build positions, play steps, check refusals."""

from __future__ import annotations

from typing import Any

import pytest

from rules.civ import GAME
from rules.civ.data import AGES, BOX, DOMAIN_INDEX, DOMAINS, ND
from rules.civ.state import CivState
from rules.core import Event, IllegalAction, Outcome, Rng, act
from rules.selfplay import random_action


def position(
    players: tuple[str, ...] = ("alice", "bob"),
    options: dict[str, Any] | None = None,
    seed: int = 1,
    **pos: Any,
) -> CivState:
    """A game from a position; unlisted cards fill the deck (shuffled by ``seed``)."""
    pos.setdefault("fill_deck", True)
    return GAME.setup_position(list(players), options or {}, seed, pos)


def outcome_of(state: CivState) -> Outcome:
    """The outcome of a finished game (fails the test if it is still running)."""
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game is still running"
    return outcome


def seat(state: CivState, handle: str) -> int:
    """Seat index of ``handle``."""
    return state.players.index(handle)


def run(state: CivState, *steps: str) -> tuple[CivState, list[Event]]:
    """Apply ``"alice: play science"`` style steps through rules.core.act."""
    events: list[Event] = []
    for step in steps:
        who, action = step.split(":", 1)
        state, new = act(GAME, state, seat(state, who.strip()), action.strip())
        events += new
    return state, events


def refused(state: CivState, step: str) -> IllegalAction:
    """The IllegalAction raised by ``step``; the state must be left unchanged."""
    before = GAME.to_json(state)
    who, action = step.split(":", 1)
    with pytest.raises(IllegalAction) as info:
        act(GAME, state, seat(state, who.strip()), action.strip())
    assert GAME.to_json(state) == before
    return info.value


def area(state: CivState, handle: str) -> dict[str, int]:
    """Face-up cards of ``handle`` (non-zero domains only)."""
    return {DOMAINS[d]: c for d, c in enumerate(state.seats[seat(state, handle)].area) if c}


def hand(state: CivState, handle: str) -> dict[str, int]:
    """Hand of ``handle`` (non-zero domains only)."""
    return {DOMAINS[d]: c for d, c in enumerate(state.seats[seat(state, handle)].hand) if c}


def kinds(events: list[Event]) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in events]


def tokens_after(state: CivState, handle: str, prefix: str = "") -> list[str]:
    """The tokens ``choices`` offers ``handle`` after ``prefix``."""
    return [c.token for c in GAME.choices(state, seat(state, handle), prefix.split())]


def in_effects(**pos: Any) -> CivState:
    """A position in step 2 of the active player's turn."""
    pos.setdefault("step", "effects")
    return position(**pos)


def rest_of_box(players: tuple[str, ...], seats: dict[str, Any], deck: list[Any]) -> dict[str, Any]:
    """Position fields that account for every other card: 3 per age removed (fewer than four
    players), the rest on the discard pile. Use with ``fill_deck=False`` for a short deck."""
    free = {age: list(BOX[age]) for age in AGES}
    for age, d in deck:
        free[age][DOMAIN_INDEX[d]] -= 1
    removed: list[list[Any]] = []
    if len(players) < 4:
        for age in AGES:
            for _ in range(3):
                d = max(range(ND), key=lambda i: free[age][i])
                free[age][d] -= 1
                removed.append([age, DOMAINS[d]])
    used = [0] * ND
    for s in seats.values():
        for part in ("hand", "area"):
            for d, c in s.get(part, {}).items():
                used[DOMAIN_INDEX[d]] += c
        used[DOMAIN_INDEX["utopia"]] += sum(s.get("facedown_utopia", {}).values())
        used[DOMAIN_INDEX["economy"]] += len(s.get("embargoed", []))
    discard = []
    for d in range(ND):
        discard += [DOMAINS[d]] * (sum(free[a][d] for a in AGES) - used[d])
    return {"discard": discard, "removed": removed}


def random_states(
    seed: int, players: int, options: dict[str, Any] | None = None, every: int = 1
) -> list[CivState]:
    """States of one uniformly random game (every ``every``-th, and the last)."""
    rng = Rng(seed)
    state = GAME.setup([f"p{i}" for i in range(players)], options or {}, seed)
    out = [state]
    step = 0
    while GAME.outcome(state) is None:
        prompts = GAME.pending(state)
        who = prompts[rng.randrange(len(prompts))].seat
        state, _ = act(GAME, state, who, random_action(GAME, state, who, rng))
        step += 1
        if step % every == 0:
            out.append(state)
    out.append(state)
    return out
