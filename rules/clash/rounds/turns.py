"""The course of a turn: spending actions, the end of a turn, the next turn, the end of a
round (p.7; rules reference §2.1, §2.3). Turn order and the next round are
:mod:`rules.clash.rounds.start`'s; the status phase between rounds
:mod:`rules.clash.rounds.status_phase`'s.
"""

from __future__ import annotations

from dataclasses import replace

from rules.clash.box.components import TURNS_PER_ROUND
from rules.clash.model import card_turns
from rules.clash.model.order import clockwise
from rules.clash.model.state import ClashState, TurnState
from rules.clash.rounds import status_phase
from rules.clash.rounds.start import begin_turn
from rules.core import Event, IllegalAction


def _next(state: ClashState, after: int) -> tuple[int, bool]:
    """The next seat to take a turn after ``after`` (who may have just resigned), and
    whether that wraps round to the next turn number."""
    order = clockwise(state, state.first)
    live = [s for s in order if not state.seats[s].resigned]
    later = [s for s in live if order.index(s) > order.index(after)]
    return (later[0], False) if later else (live[0], True)


def reset_turn(state: ClashState, seat: int) -> None:
    """Forget what a finished turn used (§2.3): actions, abilities, city activations, unit
    marks; a region being placed keeps the way it was turned up (its units stay)."""
    me = state.seats[seat]
    state.exploring = None
    me.cities = [
        replace(c, activations=0, activated_angry=False)
        if c.activations or c.activated_angry
        else c
        for c in me.cities
    ]
    state.turn_state = TurnState()


def spend_action(state: ClashState) -> None:
    """One of the turn's actions is used (``no_actions_left`` when none is left)."""
    ts = state.turn_state
    if not ts.actions_left:
        raise IllegalAction("no_actions_left")
    state.turn_state = replace(ts, actions_left=ts.actions_left - 1, spent=ts.spent + 1)


def end_turn(state: ClashState) -> list[Event]:
    """The active player ends their turn; the next one begins (or the round ends)."""
    seat = state.active
    events = [
        Event(
            "clash.turn_ended",
            {"player": state.players[seat], "round": state.round, "turn": state.turn},
        )
    ]
    card_turns.turn_ended(state, seat)
    reset_turn(state, seat)
    return events + next_turn(state, seat)


def next_turn(state: ClashState, after: int) -> list[Event]:
    """Hand the turn on from ``after``: the next player, or the end of the round."""
    seat, wraps = _next(state, after)
    if wraps and state.turn >= TURNS_PER_ROUND:
        return end_round(state)
    if wraps:
        state.turn += 1
    state.active = seat
    return begin_turn(state)


def end_round(state: ClashState) -> list[Event]:
    """The last turn of the round is over: the status phase begins (p.11)."""
    state.turn_state = TurnState()
    return [Event("clash.round_ended", {"round": state.round}), *status_phase.begin(state)]
