"""Turn order and the end of the game (p.7, p.4, p.11): who sits where round the table, who
plays in which order, and whether the rounds are over.

A round is three turns for every player, in rotation from the first player to the left
(clockwise round the table, p.7): first player turn 1, the next player turn 1, ..., the last
player turn 3; then the status phase (:mod:`rules.clash.rounds.status_phase`) ends the round.
Resigned seats are skipped. After round 6, or when a player still in the game has no city, the game
ends in the status phase's step 1 (p.4, p.11, C8).
"""

from __future__ import annotations

from rules.clash.box.components import ROUNDS
from rules.clash.model.state import ClashState

#: ``Outcome.reason`` when the rounds are over or a player has no city (p.4, p.11).
REASON_ROUNDS = "rounds"
REASON_NO_CITY = "no_city"


def clockwise(state: ClashState, start: int) -> list[int]:
    """Every seat round the table from ``start`` to the left (``start`` first)."""
    k = state.seating.index(start)
    return [*state.seating[k:], *state.seating[:k]]


def turn_order(state: ClashState) -> list[int]:
    """The seats still in the game in turn order from the first player (p.7, p.11)."""
    return [s for s in clockwise(state, state.first) if not state.seats[s].resigned]


def game_ends(state: ClashState) -> str | None:
    """Why the game ends at this status phase's step 1, if it does (p.4, p.11, C8)."""
    if state.round >= ROUNDS:
        return REASON_ROUNDS
    if any(not state.seats[s].cities for s in state.live()):
        return REASON_NO_CITY
    return None
