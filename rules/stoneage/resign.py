"""Resignation.

With two players the game ends and the resigning player loses. With three or four players the
seat is out: its people leave the board at once (freeing their spaces), a roll, payment or die
it still had to decide is dropped (an unpaid card or building stays), it is skipped in every
phase and in "dice for all", and it ranks last; its cards and buildings stay with it. When one
player is left, they win.

The checks, marking the seat resigned and the ``stoneage.resigned`` event are
:meth:`rules.engine.Engine.resign`'s; this module decides what follows.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Event
from rules.stoneage.flow import settle
from rules.stoneage.logic import live_seats
from rules.stoneage.scoring import finish, last_standing_outcome, resigned_outcome
from rules.stoneage.state import StoneAgeState


def resign(new: StoneAgeState, seat: int) -> list[Event]:
    """How the game goes on after ``seat`` resigned; ``new`` is the engine's private copy,
    the seat already marked resigned. Returns the events."""
    if new.n == 2:
        return finish(new, resigned_outcome(new, seat))
    if len(live_seats(new)) == 1:
        return finish(new, last_standing_outcome(new))
    _leave_board(new, seat)
    return settle(new)


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
