"""The condition of every objective (docs/clash-cards.md §5.2, §5.3; decisions C90-C99), by
name (:data:`rules.clash.box.objective_cards.OBJECTIVES`).

**Status-phase objectives** ([S], :data:`STATUS_CHECKS`) look at the board as it stands:
``check(state, seat)``. Terms (§5.2): *lead in X* = strictly more of your cities have an X
piece (any colour: the building stands in your city, C92) than any other player's, and at
least 2; *all of a category* = its four advances (starting ones count); a *trade-route unit*
is a settler or ship of yours that Trade Routes would pair with a foreign non-angry city now
(within 2 spaces, each city paired with one unit only: the largest such pairing, whether or
not you own Trade Routes); *starting city position* = the space of your first city at setup
(:func:`rules.clash.model.setup.home`); distances as the rulebook counts them (p.4: explored spaces
of any terrain, never across a face-down region; a space not reachable so is not within any
distance, C93).

**Immediate objectives** ([I], :data:`IMMEDIATE_CHECKS`) look at what just happened
(:class:`Facts`: the battles that ended in the step, cities founded, Build-units actions,
wonders built, and what the turn so far holds): ``check(state, seat, facts)``. A battle is
*won* as :mod:`rules.clash.battles.facts` says; "units" are army units on land and ships at sea
(settlers never count).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.clash.actions.trade_routes import route_units
from rules.clash.board.hexes import Hex, steps
from rules.clash.box.advances import ADVANCES, CATEGORIES, GOVERNMENTS
from rules.clash.box.components import (
    ACADEMY,
    ANGRY,
    ARMY,
    FOOD,
    FORTRESS,
    GOLD,
    HAPPY,
    IDEAS,
    MAX_CITY_SIZE,
    ORE,
    PORT,
    TEMPLE,
    WOOD,
)
from rules.clash.model.setup import home
from rules.clash.model.state import BARBARIAN_SIDE, ClashState, Fought, working
from rules.clash.model.terrain import terrains
from rules.clash.rounds.scoring import wonders_of

#: Far enough for Colony and New Founder (spaces from the starting city position).
FAR = 5

StatusCheck = Callable[[ClashState, int], bool]


@dataclass(frozen=True, slots=True)
class Facts:
    """What a step of the game brought that immediate objectives look at: the battles that
    ended (:class:`rules.clash.model.state.Fought`), the cities founded ``(seat, space)``, the seats
    that took a Build-units action, the wonders built ``(seat, wonder)``; and the turn so far:
    whose turn it is (``turn_seat``), the battles that player fought in it ``(space, won)``,
    their Build-units actions and whether one of them paid an army unit with mood tokens."""

    battles: tuple[Fought, ...] = ()
    founded: tuple[tuple[int, Hex], ...] = ()
    built: tuple[int, ...] = ()
    wonders: tuple[tuple[int, str], ...] = ()
    turn_seat: int | None = None
    turn_battles: tuple[tuple[Hex, bool], ...] = ()
    builds: int = 0
    drafted: bool = False


ImmediateCheck = Callable[[ClashState, int, Facts], bool]


# -- status-phase terms -------------------------------------------------------------------------


def _others(state: ClashState, seat: int) -> list[int]:
    return [s for s in range(state.n) if s != seat]


def _cities_with(state: ClashState, seat: int, kind: str) -> int:
    """The seat's cities with a piece of ``kind`` that works for them (C131: a captured
    city's piece whose advance they lack does not count)."""
    return sum(1 for c in state.seats[seat].cities if working(state, c, kind))


def _lead(kind: str) -> StatusCheck:
    """Lead in ``kind``: strictly more cities with it than every other player, at least 2."""

    def check(state: ClashState, seat: int) -> bool:
        mine = _cities_with(state, seat, kind)
        return mine >= 2 and all(mine > _cities_with(state, o, kind) for o in _others(state, seat))

    return check


def _category(state: ClashState, seat: int, category: str) -> int:
    """How many advances of ``category`` the seat owns."""
    owned = state.seats[seat].advances
    return sum(1 for a in ADVANCES if a.category == category and a.id in owned)


def _all_of(category: str) -> StatusCheck:
    def check(state: ClashState, seat: int) -> bool:
        return _category(state, seat, category) == 4

    return check


def _complete_categories(state: ClashState, seat: int) -> int:
    return sum(1 for c in CATEGORIES if _category(state, seat, c) == 4)


def _resource(kind: str, at_least: int) -> StatusCheck:
    def check(state: ClashState, seat: int) -> bool:
        return state.seats[seat].resources[kind] >= at_least

    return check


def _armies(state: ClashState, seat: int) -> int:
    """Every army unit of the seat, aboard ships included."""
    me = state.seats[seat]
    return sum(me.armies.values()) + sum(s.cargo.count(ARMY) for s in me.ships)


def _reach(state: ClashState, start: Hex, limit: int | None = None) -> dict[Hex, int]:
    """Distances from ``start`` as the rulebook counts them (p.4, C63, C93)."""
    return steps(start, terrains(state).__contains__, limit)


def _far_from_home(state: ClashState, seat: int, h: Hex) -> bool:
    """Whether ``h`` is at least :data:`FAR` spaces from the seat's starting city position."""
    start = home(state.seating, state.board, seat)
    return h not in _reach(state, start, FAR - 1)


def trade_route_units(state: ClashState, seat: int, ships_only: bool = False) -> int:
    """How many of the seat's settlers and ships (or ships only) are trade-route units now."""
    return route_units(state, seat, ships_only)


def _foreign_pieces(state: ClashState, seat: int) -> int:
    """Pieces of the seat's colour in cities owned by other players."""
    return sum(
        1
        for o in _others(state, seat)
        for c in state.seats[o].cities
        for p in c.pieces
        if p.owner == seat
    )


def _city_spaces(state: ClashState) -> set[Hex]:
    return {c.hex for p in state.seats for c in p.cities} | set(state.barbarians.cities)


def _civilization(state: ClashState, seat: int) -> bool:
    return len(state.seats[seat].cities) >= 6


def _advanced(state: ClashState, seat: int) -> bool:
    mine = len(state.seats[seat].advances)
    others = [len(state.seats[o].advances) for o in _others(state, seat)]
    return mine >= 8 and all(mine > n for n in others)


def _happy(state: ClashState, seat: int) -> bool:
    return sum(1 for c in state.seats[seat].cities if c.mood == HAPPY) >= 4


def _draconian(state: ClashState, seat: int) -> bool:
    return sum(1 for c in state.seats[seat].cities if c.mood == ANGRY) >= 4


def _blockade(state: ClashState, seat: int) -> bool:
    ports = {
        c.port_faces
        for o in _others(state, seat)
        for c in state.seats[o].cities
        if c.port_faces is not None
    }
    return sum(1 for s in state.seats[seat].ships if s.hex in ports) >= 2


def _well_stocked(state: ClashState, seat: int) -> bool:
    r = state.seats[seat].resources
    return all(r[k] >= 3 for k in (FOOD, ORE, WOOD))


def _great_navy(state: ClashState, seat: int) -> bool:
    mine = len(state.seats[seat].ships)
    most_else = max((len(state.seats[o].ships) for o in _others(state, seat)), default=0)
    return mine >= 3 or (mine >= 2 and mine > most_else)


def _great_army(state: ClashState, seat: int) -> bool:
    mine = _armies(state, seat)
    return all(mine >= _armies(state, o) + 4 for o in _others(state, seat))


def _standing_army(state: ClashState, seat: int) -> bool:
    me = state.seats[seat]
    return sum(1 for c in me.cities if me.armies.get(c.hex, 0)) >= 4


def _city_planner(state: ClashState, seat: int) -> bool:
    """Every kind of piece of the seat's colour in its cities, each working for it (C131)."""
    own = {
        p.kind
        for c in state.seats[seat].cities
        for p in c.pieces
        if p.owner == seat and working(state, c, p.kind)
    }
    return {TEMPLE, FORTRESS, ACADEMY, PORT} <= own


def _focused(state: ClashState, seat: int) -> bool:
    return _complete_categories(state, seat) >= 3


def _colony(state: ClashState, seat: int) -> bool:
    return any(_far_from_home(state, seat, c.hex) for c in state.seats[seat].cities)


def _threat(state: ClashState, seat: int) -> bool:
    foreign = {c.hex for o in _others(state, seat) for c in state.seats[o].cities}
    me = state.seats[seat]
    return sum(n for h, n in me.armies.items() if any(x in foreign for x in h.neighbours())) >= 4


def _consulates(state: ClashState, seat: int) -> bool:
    cities = [
        c
        for o in _others(state, seat)
        for c in state.seats[o].cities
        if any(p.owner == seat for p in c.pieces)
    ]
    return len(cities) >= 2


def _citadel(state: ClashState, seat: int) -> bool:
    return any(c.size >= MAX_CITY_SIZE for c in state.seats[seat].cities)


def _government(state: ClashState, seat: int) -> bool:
    return any(_category(state, seat, g) == 4 for g in GOVERNMENTS)


def _dominion(state: ClashState, seat: int) -> bool:
    spaces = _city_spaces(state)
    alone = [
        c for c in state.seats[seat].cities if not any(n in spaces for n in c.hex.neighbours())
    ]
    return len(alone) >= 4


def _military_might(state: ClashState, seat: int) -> bool:
    return _armies(state, seat) + len(state.seats[seat].ships) >= 12


def _trader(state: ClashState, seat: int) -> bool:
    return trade_route_units(state, seat) >= 3


def _sea_lanes(state: ClashState, seat: int) -> bool:
    return trade_route_units(state, seat, ships_only=True) >= 2


def _balanced(state: ClashState, seat: int) -> bool:
    return sum(1 for c in CATEGORIES if _category(state, seat, c)) >= 9


def _influence(state: ClashState, seat: int) -> bool:
    mine = _foreign_pieces(state, seat)
    return mine >= 2 and all(mine > _foreign_pieces(state, o) for o in _others(state, seat))


def _outposts(state: ClashState, seat: int) -> bool:
    cities = _city_spaces(state)
    near = cities | {n for h in cities for n in h.neighbours()}
    me = state.seats[seat]
    return sum(1 for h, n in me.armies.items() if n and h not in near) >= 3


#: The condition of every status-phase objective, by name.
STATUS_CHECKS: dict[str, StatusCheck] = {
    "civilization": _civilization,
    "academic": _lead(ACADEMY),
    "harbors": _lead(PORT),
    "advanced": _advanced,
    "religious": _lead(TEMPLE),
    "engineers": _all_of("construction"),
    "ideas": _resource(IDEAS, 6),
    "happy": _happy,
    "enlightened": _all_of("education"),
    "blockade": _blockade,
    "well_stocked": _well_stocked,
    "rich": _resource(GOLD, 6),
    "great_navy": _great_navy,
    "ore": _resource(ORE, 6),
    "great_army": _great_army,
    "wood": _resource(WOOD, 6),
    "fortified": _lead(FORTRESS),
    "food": _resource(FOOD, 6),
    "standing_army": _standing_army,
    "city_planner": _city_planner,
    "militarized": _all_of("warfare"),
    "focused": _focused,
    "colony": _colony,
    "threat": _threat,
    "culture": _all_of("culture"),
    "consulates": _consulates,
    "science": _all_of("science"),
    "merchant": _all_of("economics"),
    "citadel": _citadel,
    "seafarer": _all_of("maritime"),
    "government": _government,
    "dominion": _dominion,
    "military_might": _military_might,
    "trader": _trader,
    "sea_lanes": _sea_lanes,
    "draconian": _draconian,
    "balanced": _balanced,
    "influence": _influence,
    "outposts": _outposts,
}


# -- immediate objectives ---------------------------------------------------------------------


def _sides(f: Fought, seat: int) -> tuple[int, int, int] | None:
    """``(mine, theirs, opponent)``: the seat's index in the battle's pairs (0 attacker, 1
    defender), the other's, and the opponent; None when the seat did not fight in it."""
    if f.attacker == seat:
        return 0, 1, f.defender
    if f.defender == seat:
        return 1, 0, f.attacker
    return None


def _any_battle(test: Callable[[Fought, int], bool]) -> ImmediateCheck:
    def check(state: ClashState, seat: int, facts: Facts) -> bool:
        return any(test(f, seat) for f in facts.battles)

    return check


def _conqueror(f: Fought, seat: int) -> bool:
    return f.attacker == seat and f.captured and f.city is not None and f.city >= 0 and f.defended


def _warlord(f: Fought, seat: int) -> bool:
    found = _sides(f, seat)
    return found is not None and not f.sea and f.lost[found[1]] >= 3


def _great_battle(f: Fought, seat: int) -> bool:
    return _sides(f, seat) is not None and not f.sea and sum(f.units) >= 6


def _against_all_odds(f: Fought, seat: int) -> bool:
    found = _sides(f, seat)
    if found is None or f.winner != seat or found[2] == BARBARIAN_SIDE:
        return False
    return f.units[found[0]] < f.units[found[1]]


def _amphibious_assault(f: Fought, seat: int) -> bool:
    return _conqueror_any(f, seat) and f.landed


def _conqueror_any(f: Fought, seat: int) -> bool:
    """A city of another player taken, defended or not."""
    return f.attacker == seat and f.captured and f.city is not None and f.city >= 0


def _legend(f: Fought, seat: int) -> bool:
    return (
        f.attacker == seat
        and not f.sea
        and f.city is not None
        and f.city >= 0
        and f.units[0] >= 3
        and (f.size >= MAX_CITY_SIZE or f.wonder)
    )


def _marauder(f: Fought, seat: int) -> bool:
    found = _sides(f, seat)
    if found is None or found[2] == BARBARIAN_SIDE:
        return False
    theirs = found[1]
    return f.settlers_lost[theirs] > 0 or (f.sea and f.lost[theirs] > 0)


def _aggressor(f: Fought, seat: int) -> bool:
    return f.attacker == seat and f.winner == seat and not f.sea and f.lost[1] >= 2


def _assimilator(f: Fought, seat: int) -> bool:
    return f.attacker == seat and f.captured and f.city == BARBARIAN_SIDE and f.units[1] >= 2


def _defiance(f: Fought, seat: int) -> bool:
    return (
        f.defender == seat
        and f.winner == seat
        and f.city == seat
        and f.attacker >= 0
        and not f.sea
        and f.units[0] >= 3
    )


def _daring(state: ClashState, seat: int, facts: Facts) -> bool:
    mine = _category(state, seat, "warfare")
    for f in facts.battles:
        found = _sides(f, seat)
        if found is None or f.winner != seat or found[2] == BARBARIAN_SIDE:
            continue
        if _category(state, found[2], "warfare") > mine or f.units[found[0]] < f.units[found[1]]:
            return True
    return False


def _warmonger(state: ClashState, seat: int, facts: Facts) -> bool:
    if facts.turn_seat != seat or not facts.battles:
        return False
    if not any(_sides(f, seat) is not None for f in facts.battles):
        return False
    spaces = {h for h, _ in facts.turn_battles}
    return len(spaces) >= 2 and any(won for _, won in facts.turn_battles)


def _conscripts(state: ClashState, seat: int, facts: Facts) -> bool:
    return seat in facts.built and facts.turn_seat == seat and facts.builds >= 2 and facts.drafted


def _new_founder(state: ClashState, seat: int, facts: Facts) -> bool:
    return any(s == seat and _far_from_home(state, seat, h) for s, h in facts.founded)


def _wonderful(state: ClashState, seat: int, facts: Facts) -> bool:
    if not any(s == seat for s, _ in facts.wonders):
        return False
    mine = len(wonders_of(state, seat))
    return all(len(wonders_of(state, o)) <= mine for o in _others(state, seat))


#: The condition of every immediate objective, by name.
IMMEDIATE_CHECKS: dict[str, ImmediateCheck] = {
    "conscripts": _conscripts,
    "conqueror": _any_battle(_conqueror),
    "warmonger": _warmonger,
    "warlord": _any_battle(_warlord),
    "great_battle": _any_battle(_great_battle),
    "against_all_odds": _any_battle(_against_all_odds),
    "amphibious_assault": _any_battle(_amphibious_assault),
    "daring": _daring,
    "legend": _any_battle(_legend),
    "marauder": _any_battle(_marauder),
    "aggressor": _any_battle(_aggressor),
    "assimilator": _any_battle(_assimilator),
    "new_founder": _new_founder,
    "defiance": _any_battle(_defiance),
    "wonderful": _wonderful,
}
