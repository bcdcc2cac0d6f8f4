"""What action cards leave in force from one turn to the next (docs/clash-cards.md §3.2):
Negotiations' truces (P12) and Assassinations (P14), kept in :attr:`ClashState.truces` and
:attr:`ClashState.assassinations` and moved on when a turn ends and when one begins.

* A truce made in ``maker``'s turn keeps ``maker`` from attacking ``other`` for the rest of
  that turn (stage ``maker``); when the turn ends it waits (``waiting``) for ``other``'s next
  turn, during which ``other`` may not attack ``maker`` (``other``); it is gone when that
  turn ends (C101).
* An Assassination takes one action from ``target`` when its next turn begins (after that
  turn's start, so a position standing at the start of a turn has it taken already); the
  record stays for the rest of the round it was played in, so that nobody targets that
  player again that round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from rules.clash.board.hexes import Hex
from rules.clash.model.occupancy import Occupancy
from rules.clash.model.state import ClashState, Truce
from rules.core import Event, IllegalAction

MAKER: Final = "maker"
WAITING: Final = "waiting"
OTHER: Final = "other"
STAGES: tuple[str, ...] = (MAKER, WAITING, OTHER)


def may_attack(state: ClashState, seat: int, other: int) -> bool:
    """Whether a truce keeps ``seat`` from attacking ``other``'s units and cities now."""
    for t in state.truces:
        if t.stage == MAKER and (t.maker, t.other) == (seat, other):
            return False
        if t.stage == OTHER and (t.other, t.maker) == (seat, other):
            return False
    return True


def turn_ended(state: ClashState, seat: int) -> None:
    """``seat``'s turn is over: its truces wait for the other's turn; those that bound it
    in this turn as the other are over."""
    kept: list[Truce] = []
    for t in state.truces:
        if t.stage == MAKER and t.maker == seat:
            kept.append(replace(t, stage=WAITING))
        elif not (t.stage == OTHER and t.other == seat):
            kept.append(t)
    state.truces = tuple(kept)


def turn_began(state: ClashState) -> list[Event]:
    """The active player's turn begins: a waiting truce binds them now; an Assassination
    aimed at them takes one of this turn's actions."""
    seat = state.active
    state.truces = tuple(
        replace(t, stage=OTHER) if t.stage == WAITING and t.other == seat else t
        for t in state.truces
        if not state.seats[t.other].resigned and not state.seats[t.maker].resigned
    )
    events: list[Event] = []
    kept = []
    for a in state.assassinations:
        if a.target == seat and not a.done:
            ts = state.turn_state
            state.turn_state = replace(ts, actions_left=max(0, ts.actions_left - 1))
            a = replace(a, done=True)
            params = {"player": state.players[seat], "count": state.turn_state.actions_left}
            events.append(Event("clash.assassinated", params))
        if (a.round == state.round or not a.done) and not state.seats[a.target].resigned:
            kept.append(a)
    state.assassinations = tuple(kept)
    return events


def attack_problem(state: ClashState, seat: int, h: Hex, occ: Occupancy) -> IllegalAction | None:
    """Why moving onto ``h`` would attack a player a truce protects from ``seat``, or None."""
    owners = {occ.city.get(h), *occ.units.get(h, ()), *occ.ships.get(h, ())}
    for other in sorted(o for o in owners if o is not None and o >= 0 and o != seat):
        if not may_attack(state, seat, other):
            return IllegalAction("negotiations_no_attack", player=state.players[other])
    return None
