"""Small rule helpers shared by the engine, the views and the scoring (read-only except where a
name says otherwise)."""

from __future__ import annotations

from rules.stoneage.data import (
    CAPACITY,
    CARDS,
    FIELD,
    FIGURES,
    GREEN_SYMBOLS,
    HUT,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOLS,
    RESOURCE_SITES,
    SITE_PLAYERS,
    TOOL_SLOTS,
    TOOLMAKER,
    VILLAGE,
    VILLAGE_LIMIT_FEW,
)
from rules.stoneage.state import SeatState, StoneAgeState


def live_seats(state: StoneAgeState) -> list[int]:
    """Seats still in the game, in seat order."""
    return [i for i, s in enumerate(state.seats) if not s.resigned]


def turn_order(state: StoneAgeState, start: int) -> list[int]:
    """Seats still in the game in clockwise order from ``start`` (included if live)."""
    n = state.n
    return [(start + i) % n for i in range(n) if not state.seats[(start + i) % n].resigned]


def placed(state: StoneAgeState, seat: int) -> int:
    """People of ``seat`` standing on the board now."""
    count = state.card_spot.count(seat) + state.building_spot.count(seat)
    for row in state.at:
        count += row[seat]
    return count


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


def multipliers(me: SeatState) -> dict[str, int]:
    """Figures on the sand cards a player owns, by figure."""
    out = dict.fromkeys(FIGURES, 0)
    for cid in me.cards:
        card = CARDS[cid]
        if card.figure is not None:
            out[card.figure] += card.multiplier
    return out


def symbols(me: SeatState) -> dict[str, int]:
    """Green cards a player owns, by culture symbol (symbols they do not have are left out)."""
    out: dict[str, int] = {}
    for cid in me.cards:
        symbol = CARDS[cid].symbol
        if symbol is not None:
            out[symbol] = out.get(symbol, 0) + 1
    return {s: out[s] for s in GREEN_SYMBOLS if s in out}


# -- writers (the engine's private copy only) -------------------------------------------------


def gain_tool(me: SeatState) -> bool:
    """One more tool by the printed upgrade path; False (nothing happens) at the maximum.

    A new 1 while there are fewer than three tiles, otherwise the lowest tile goes up by one.
    Of several lowest tiles an unused one is upgraded (the player's better choice); an upgraded
    tile keeps its used mark.
    """
    if me.tool_value >= MAX_TOOLS:
        return False
    if len(me.tools) < TOOL_SLOTS:
        me.tools.append(1)
        me.used.append(False)
    else:
        low = min(me.tools)
        lowest = [i for i, v in enumerate(me.tools) if v == low]
        unused = [i for i in lowest if not me.used[i]]
        me.tools[(unused or lowest)[0]] += 1
    pairs = sorted(zip(me.tools, me.used, strict=True), key=lambda p: (-p[0], p[1]))
    me.tools = [v for v, _ in pairs]
    me.used = [u for _, u in pairs]
    return True


def gain_agriculture(me: SeatState) -> bool:
    """One step up the food track; False at 10."""
    if me.agriculture >= MAX_AGRICULTURE:
        return False
    me.agriculture += 1
    return True


def gain_person(me: SeatState) -> bool:
    """One more person from the supply; False at 10."""
    if me.people >= MAX_PEOPLE:
        return False
    me.people += 1
    return True
