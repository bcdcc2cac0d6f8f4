"""Small rule helpers shared by the engine, the views and the scoring (read-only except where a
name says otherwise)."""

from __future__ import annotations

from rules.stoneage.data import (
    CAPACITY,
    FIELD,
    HUT,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOLS,
    RESOURCE_SITES,
    SITE_PLAYERS,
    TOOLMAKER,
    VILLAGE,
    VILLAGE_LIMIT_FEW,
)
from rules.stoneage.state import StoneAgeState


def live_seats(state: StoneAgeState) -> list[int]:
    """Seats still in the game, in seat order."""
    return [i for i, s in enumerate(state.seats) if not s.resigned]


def turn_order(state: StoneAgeState, start: int) -> list[int]:
    """Seats still in the game in clockwise order from ``start`` (included if live)."""
    n = state.n
    return [(start + i) % n for i in range(n) if not state.seats[(start + i) % n].resigned]


def placed(state: StoneAgeState, seat: int) -> int:
    """People of ``seat`` standing on the board now."""
    on_locations = sum(row[seat] for row in state.at)
    on_cards = sum(1 for s in state.card_spot if s == seat)
    on_buildings = sum(1 for s in state.building_spot if s == seat)
    return on_locations + on_cards + on_buildings


def at_home(state: StoneAgeState, seat: int) -> int:
    """People of ``seat`` on its player board."""
    return state.seats[seat].people - placed(state, seat)


def village_used(state: StoneAgeState) -> int:
    """How many of tool maker, hut and field have people this round."""
    return sum(1 for loc in VILLAGE if any(state.at[loc]))


def village_blocked(state: StoneAgeState, loc: int) -> bool:
    """True if the 2-3 player rule keeps ``loc`` (a village location) empty this round."""
    if state.n >= 4 or any(state.at[loc]):
        return False
    return village_used(state) >= VILLAGE_LIMIT_FEW


def site_players(state: StoneAgeState, loc: int) -> int:
    """Different players on a location."""
    return sum(1 for c in state.at[loc] if c)


def site_closed_to_newcomers(state: StoneAgeState, loc: int) -> bool:
    """True if a resource site already has as many players as the player count allows."""
    return loc in RESOURCE_SITES and site_players(state, loc) >= SITE_PLAYERS[state.n]


def space_left(state: StoneAgeState, loc: int) -> int | None:
    """People that still fit on a fixed location (None = unlimited)."""
    cap = CAPACITY[loc]
    return None if cap is None else cap - sum(state.at[loc])


def at_cap(state: StoneAgeState, seat: int, loc: int) -> bool:
    """True if the village location would give ``seat`` nothing (people, food track or tools
    already at their maximum), so placing there is refused."""
    me = state.seats[seat]
    if loc == HUT:
        return me.people >= MAX_PEOPLE
    if loc == FIELD:
        return me.agriculture >= MAX_AGRICULTURE
    if loc == TOOLMAKER:
        return me.tool_value >= MAX_TOOLS
    return False


def next_seat(state: StoneAgeState, seat: int) -> int:
    """The next live seat clockwise after ``seat`` (``seat`` itself if it is the only one)."""
    for i in range(1, state.n + 1):
        s = (seat + i) % state.n
        if not state.seats[s].resigned:
            return s
    return seat
