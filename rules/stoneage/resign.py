"""Resignation.

With two players the game ends and the resigning player loses. With three or four players the
seat is out: its people leave the board at once (freeing their spaces), a roll, payment or die
it still had to decide is dropped (an unpaid card or building stays), it is skipped in every
phase and in "dice for all", and it ranks last; its cards and buildings stay with it. When one
player is left, they win.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Event, IllegalAction
from rules.stoneage.flow import settle
from rules.stoneage.logic import live_seats
from rules.stoneage.scoring import finish, last_standing_outcome, resigned_outcome
from rules.stoneage.state import StoneAgeState


def resign(state: StoneAgeState, seat: int) -> tuple[StoneAgeState, list[Event]]:
    """``seat`` leaves the game; returns the new state and the events."""
    if state.outcome is not None:
        raise IllegalAction("game_over")
    if not 0 <= seat < state.n:
        raise IllegalAction("bad_seat", seat=seat)
    if state.seats[seat].resigned:
        raise IllegalAction("already_resigned", player=state.players[seat])
    new = state.copy()
    new.seats[seat].resigned = True
    new.resign_order = (*new.resign_order, seat)
    events = [Event("stoneage.resigned", {"player": new.players[seat]})]
    if new.n == 2:
        return new, events + finish(new, resigned_outcome(new, seat))
    if len(live_seats(new)) == 1:
        return new, events + finish(new, last_standing_outcome(new))
    _leave_board(new, seat)
    return new, events + settle(new)


def _leave_board(state: StoneAgeState, seat: int) -> None:
    """Take the seat's people and open decisions off the table."""
    for row in state.at:
        row[seat] = 0
    state.card_spot = [-1 if s == seat else s for s in state.card_spot]
    state.building_spot = [-1 if s == seat else s for s in state.building_spot]
    if state.hungry:
        hungry = list(state.hungry)
        hungry[seat] = 0
        state.hungry = tuple(hungry)
    dfa = state.dfa
    if dfa is not None and seat in dfa.order:
        order = tuple(s for s in dfa.order if s != seat)
        if order:
            state.dfa = replace(dfa, order=order)
        else:
            state.dfa = None
            state.sub = None
    if state.active == seat and state.sub in ("tools", "pay_card", "pay_building"):
        if state.roll is not None and state.roll.gained is None:
            state.roll = replace(state.roll, gained=0)
        state.purchase = None
        state.sub = None
