"""The Great Library's Idea (p.15; docs/clash-cards.md §6; C113): its owner gains 1 Idea when the
player to their left, in that player's own turn, gets an advance the owner does not have, at
most once per that player's turn.

"To your left" is the seat whose turn follows yours (turns pass to the left, p.7): the next
seat still in the game clockwise round the table (C113). Any way of getting the advance counts
in that player's turn (bought, Dogma's, a card's); the status phase is nobody's turn. The
once-a-turn mark is ``great_library`` in :attr:`rules.clash.model.state.TurnState.used`: one Great
Library exists, so the mark is unambiguous, and it goes with the turn (§2.3).
:func:`rules.clash.actions.advance_gains.gained` calls :func:`idea` for every advance gained.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from rules.clash.actions.collect import gained, over_cap, take
from rules.clash.box.components import IDEAS
from rules.clash.model.state import TURN, ClashState
from rules.core import Event

GREAT_LIBRARY: Final = "great_library"
LIBRARY_IDEA: Final = 1


def owner(state: ClashState, wonder: str) -> int | None:
    """The seat whose city holds ``wonder`` (it belongs to the city's owner, p.14), if built."""
    return next(
        (s for s, p in enumerate(state.seats) for c in p.cities if c.wonder == wonder), None
    )


def left_of(state: ClashState, seat: int) -> int | None:
    """The next seat still in the game clockwise after ``seat`` (None when none is left)."""
    k = state.seating.index(seat)
    order = [*state.seating[k + 1 :], *state.seating[:k]]
    return next((s for s in order if not state.seats[s].resigned), None)


def idea(state: ClashState, seat: int, advance: str) -> list[Event]:
    """``seat`` gets ``advance``: the Great Library's Idea for the player on its right, if due
    (called before the advance's own effects, whose order it does not change)."""
    lib = owner(state, GREAT_LIBRARY)
    if lib is None or lib == seat or state.phase != TURN or state.active != seat:
        return []
    if state.seats[lib].resigned:
        return []
    if left_of(state, lib) != seat or GREAT_LIBRARY in state.turn_state.used:
        return []
    if advance in state.seats[lib].advances:
        return []
    ts = state.turn_state
    state.turn_state = replace(ts, used=ts.used | {GREAT_LIBRARY})
    kept, lost = take(state.seats[lib], [(IDEAS, LIBRARY_IDEA)])
    return gained(state, lib, GREAT_LIBRARY, kept) + over_cap(state, lib, lost)
