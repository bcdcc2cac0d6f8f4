"""Found City (p.8; rules reference §3.2).

For one action, one of your settlers on a space is exchanged for one of your Settlements: the
space becomes your new city, of size 1 and neutral (p.6, p.8). The space must be explored land
but not Barren (p.8, p.20), not Exhausted (p.13), hold no city (p.8) and no foreign units
(p.8); a settler aboard a ship founds nothing. You need a Settlement of your colour in your
supply (7 in the box, hence at most 7 cities, p.2). Cities may stand next to each other.

Refusals: ``no_settler_there``, ``cannot_found_on_barren``, ``cannot_found_on_exhausted``,
``cannot_found_on_a_city``, ``cannot_found_by_foreign_units``, ``no_settlement_left``.
"""

from __future__ import annotations

from dataclasses import replace

from rules.clash.board.hexes import Hex, label, token
from rules.clash.board.tiles import BARREN
from rules.clash.box.components import PIECES_PER_KIND, SETTLEMENT, SETTLER
from rules.clash.model import marks as mk
from rules.clash.model.occupancy import Occupancy, occupancy
from rules.clash.model.state import ClashState, new_city, pieces_in_use
from rules.core import Choice, Event, IllegalAction


def problem(state: ClashState, seat: int, h: Hex, occ: Occupancy) -> IllegalAction | None:
    """Why ``seat`` cannot found a city on ``h`` now, or None."""
    me = state.seats[seat]
    at = label(h)
    if not me.settlers.get(h):
        return IllegalAction("no_settler_there", space=at)
    if occ.terrain.get(h) == BARREN:
        return IllegalAction("cannot_found_on_barren", space=at)
    if h in state.exhausted:
        return IllegalAction("cannot_found_on_exhausted", space=at)
    if h in occ.city:
        return IllegalAction("cannot_found_on_a_city", space=at)
    if occ.foreign(seat, h):
        return IllegalAction("cannot_found_by_foreign_units", space=at)
    if pieces_in_use(state, seat, SETTLEMENT) >= PIECES_PER_KIND:
        return IllegalAction("no_settlement_left", limit=PIECES_PER_KIND)
    return None


def spaces(state: ClashState, seat: int) -> list[Hex]:
    """Where ``seat`` may found a city now, in board order."""
    occ = occupancy(state)
    me = state.seats[seat]
    return sorted(
        (h for h in me.settlers if problem(state, seat, h, occ) is None), key=lambda h: (h.q, h.r)
    )


def offered(state: ClashState, seat: int) -> bool:
    return bool(spaces(state, seat))


def choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """The spaces to found on (``found <space>``)."""
    if rest:
        return []
    return [
        Choice(token(h), "clash.choice.found", {"space": label(h)}) for h in spaces(state, seat)
    ]


def apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``found <space>``."""
    if not rest:
        raise IllegalAction("found_needs_a_space")
    if len(rest) > 1:
        raise IllegalAction("too_many_tokens", token=rest[1])
    return found(state, seat, state.board.parse(rest[0]))


def found(state: ClashState, seat: int, h: Hex) -> list[Event]:
    """Found the city (the action is paid by the caller)."""
    err = problem(state, seat, h, occupancy(state))
    if err is not None:
        raise err
    me = state.seats[seat]
    if me.settlers[h] > 1:
        me.settlers[h] -= 1
    else:
        del me.settlers[h]
    # The settler leaves with the most restricting of its marks (it moves no more).
    marks = mk.forget(state.turn_state.marks, token(h), SETTLER, 1)
    state.turn_state = replace(state.turn_state, marks=marks)
    me.cities.append(new_city(h, seat))
    return [Event("clash.city_founded", {"player": state.players[seat], "space": label(h)})]
