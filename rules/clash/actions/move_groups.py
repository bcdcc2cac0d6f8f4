"""A Move action's group (p.9, p.12; rules reference §3.4): reading ``<from> <to> <units>``
and checking it (the route, the units able to move, land and ship limits, roads' costs)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.clash.actions.routes import (
    BOARD,
    EXPLORE,
    EXPLORE_BY_SHIP,
    ROAD,
    TACTICS,
    WALK,
    Route,
    routes,
    ships_with_room,
)
from rules.clash.battles import before_rounds
from rules.clash.board.hexes import Hex, label, parse_hex, token
from rules.clash.board.tiles import FOREST, LAND, MOUNTAIN, SEA
from rules.clash.box.components import ARMY, ARMY_LIMIT, FOOD, LAND_UNITS, ORE, SHIP, SHIP_CAPACITY
from rules.clash.model import card_turns, transfer
from rules.clash.model import marks as mk
from rules.clash.model.occupancy import Occupancy, occupancy
from rules.clash.model.resources import can_pay
from rules.clash.model.state import ClashState, PlayerState
from rules.core import IllegalAction

ORE_TOKEN = "ore"
#: What Roads charge per group (p.20).
ROAD_FOOD = 1
ROAD_ORE = 1


@dataclass(frozen=True, slots=True)
class Group:
    """A group as written: origin place, destination and the rest of the tokens read."""

    origin: str
    to: Hex
    kinds: Counter[str]
    ships: tuple[int, ...]
    onto: int | None
    approach: Hex | None
    ore: bool


def _is_origin_token(tok: str) -> bool:
    return tok.startswith("ship") or (tok[:1].isalpha() and tok[1:].isdigit())


def movers(state: ClashState, seat: int, place: str, occ: Occupancy) -> Counter[str]:
    """What may move from ``place`` in this Move action: land units by kind (armies only with
    Tactics), or ships by id (kind ``ship<k>``). Read only: the answer is kept in ``occ``,
    asked again for every group checked."""
    key = ("movers", seat, place)
    if key not in occ.memo:
        occ.memo[key] = _count_movers(state, seat, place)
    return occ.memo[key]  # type: ignore[no-any-return]


def _count_movers(state: ClashState, seat: int, place: str) -> Counter[str]:
    me = state.seats[seat]
    marks = state.turn_state.marks
    out: Counter[str] = Counter()
    if not transfer.is_hold(place):
        h = parse_hex(place)
        for s in me.ships:
            if s.hex == h and mk.movable(marks, s.place, SHIP, 1):
                out[s.place] = 1
    have = transfer.units_at(me, place)
    for kind in LAND_UNITS:
        if kind == ARMY and TACTICS not in me.advances:
            continue
        n = mk.movable(marks, place, kind, have[kind])
        if n:
            out[kind] = n
    return out


def parse(state: ClashState, seat: int, toks: Sequence[str]) -> Group:
    """Read ``<from> <to> <units...> [ship<k>] [space] [ore]``; only the form is checked."""
    if len(toks) < 2:
        raise IllegalAction("group_incomplete")
    origin, to_tok, *rest = toks
    if not _is_origin_token(origin):
        raise IllegalAction("bad_place", token=origin)
    to = state.board.parse(to_tok)
    kinds: Counter[str] = Counter()
    ships: list[int] = []
    onto: int | None = None
    approach: Hex | None = None
    ore = False
    sea_origin = not transfer.is_hold(origin)
    for tok in rest:
        if ore:
            raise IllegalAction("too_many_tokens", token=tok)
        if tok in LAND_UNITS and onto is None and approach is None:
            kinds[tok] += 1
        elif tok.startswith("ship") and tok[4:] in ("1", "2", "3", "4"):
            if kinds:
                if onto is not None:
                    raise IllegalAction("too_many_tokens", token=tok)
                onto = int(tok[4:])
            elif int(tok[4:]) in ships:
                raise IllegalAction("ship_listed_twice", token=tok)
            else:
                ships.append(int(tok[4:]))
        elif tok == ORE_TOKEN:
            ore = True
        elif ships and approach is None and sea_origin:
            approach = state.board.parse(tok)
        else:
            raise IllegalAction("unknown_unit", token=tok)
    if kinds and ships:
        raise IllegalAction("ships_and_land_units")
    return Group(origin, to, kinds, tuple(ships), onto, approach, ore)


def problem(
    state: ClashState, seat: int, g: Group, occ: Occupancy, partial: bool = False
) -> IllegalAction | None:
    """Why the group cannot move, or None. ``partial`` accepts a group still missing tokens a
    longer one would add (units, the ship to board, the approach, the Ore)."""
    me = state.seats[seat]
    marks = state.turn_state.marks
    if not movers(state, seat, g.origin, occ) and not _anything_at(me, g.origin):
        return IllegalAction("nothing_of_yours_there", place=_place_label(me, g.origin))
    route = routes(state, seat, g.origin, occ).get(g.to)
    truce = None if route is None else card_turns.attack_problem(state, seat, route.to, occ)
    if truce is not None:
        return truce
    if g.ships:
        return _ship_problem(state, seat, g, route, partial)
    if not g.kinds:
        if not partial or g.ore or g.onto is not None or g.approach is not None:
            return IllegalAction("group_incomplete")
        return None if route is not None else _no_route(state, seat, g, occ)
    have = transfer.units_at(me, g.origin)
    for kind, n in g.kinds.items():
        if not have[kind]:
            return IllegalAction("none_of_that_kind_there", kind=kind)
        if n > have[kind]:
            return IllegalAction("not_that_many", kind=kind, count=have[kind])
        if kind == ARMY and TACTICS not in me.advances:
            return IllegalAction("armies_need_tactics")
        free = mk.movable(marks, g.origin, kind, have[kind])
        if n > free:
            stopped = mk.counts(marks, g.origin, kind)[mk.STOPPED]
            code = "stopped_this_turn" if have[kind] - stopped < n else "moved_this_action"
            return IllegalAction(code, kind=kind)
    if route is None:
        return _no_route(state, seat, g, occ)
    return _land_problem(state, seat, g, route, occ, partial)


def _anything_at(me: PlayerState, place: str) -> bool:
    if transfer.is_hold(place):
        return transfer.ship_by_place(me, place) is not None
    h = parse_hex(place)
    return h in me.armies or h in me.settlers or any(s.hex == h for s in me.ships)


def _place_label(me: PlayerState, place: str) -> str:
    return place if transfer.is_hold(place) else label(parse_hex(place))


def _no_route(state: ClashState, seat: int, g: Group, occ: Occupancy) -> IllegalAction:
    """Why ``g.to`` is no destination from the origin."""
    me = state.seats[seat]
    start = transfer.place_hex(me, g.origin)
    if g.ships or (not transfer.is_hold(g.origin) and occ.terrain.get(start) == SEA):
        if occ.terrain.get(g.to) in LAND:
            return IllegalAction("ships_stay_at_sea", space=label(g.to))
        return IllegalAction("no_sea_route", space=label(g.to))
    if occ.terrain.get(g.to) == SEA:
        if g.to in start.neighbours() and any(s.hex == g.to for s in me.ships):
            return IllegalAction("ship_full", capacity=SHIP_CAPACITY)
        return IllegalAction("land_units_on_sea", space=label(g.to))
    return IllegalAction("too_far", space=label(g.to))


def _land_problem(
    state: ClashState, seat: int, g: Group, route: Route, occ: Occupancy, partial: bool
) -> IllegalAction | None:
    me = state.seats[seat]
    marks = state.turn_state.marks
    at = label(route.to)
    if g.approach is not None:
        return IllegalAction("unknown_unit", token=token(g.approach))
    if route.how == BOARD:
        if g.ore:
            return IllegalAction("ore_not_needed")
        ships = [
            s
            for s in ships_with_room(me, route.to)
            if len(s.cargo) + sum(g.kinds.values()) <= SHIP_CAPACITY
        ]
        if g.onto is not None:
            chosen = [s for s in me.ships if s.id == g.onto and s.hex == route.to]
            if not chosen:
                return IllegalAction("no_such_ship_there", ship=g.onto, space=at)
            if chosen[0] not in ships:
                return IllegalAction("ship_full", capacity=SHIP_CAPACITY)
            return None
        if not ships:
            return IllegalAction("ship_full", capacity=SHIP_CAPACITY)
        if len(ships) > 1 and not partial:
            return IllegalAction("choose_ship", ships=[s.id for s in ships])
        return None
    if g.onto is not None:
        return IllegalAction("unknown_unit", token=f"ship{g.onto}")
    if route.battle and not g.kinds[ARMY]:
        # Settlers named first may still be followed by the army they need (the order of
        # the unit tokens is free: ``settler army`` is the same move as ``army settler``),
        # where an army that may join them is there.
        joined = replace(g, kinds=g.kinds + Counter({ARMY: 1}))
        if not partial or problem(state, seat, joined, occ, partial=True) is not None:
            return IllegalAction("settlers_need_an_army", space=at)
    elif route.battle:
        have = transfer.units_at(me, g.origin)
        if g.kinds[ARMY] > mk.free_to_fight(marks, g.origin, ARMY, have[ARMY]):
            return IllegalAction("forest_then_no_battle", space=at)
        # The Great Wall and the Great Mausoleum guard their cities (p.15, C69).
        refusal = before_rounds.attack_refusal(state, seat, route.to, g.kinds[ARMY])
        if refusal is not None:
            return refusal
    if route.how in (EXPLORE,) and g.ore:
        return IllegalAction("roads_cannot_explore")
    if g.kinds[ARMY] + me.armies.get(route.to, 0) > ARMY_LIMIT and route.how != EXPLORE:
        return IllegalAction("army_limit", space=at, limit=ARMY_LIMIT)
    if g.ore and not (route.roads and _ore_helps(state, route, occ)):
        return IllegalAction("ore_not_needed")
    needs_ore = route.how == ROAD and not open_via(route, occ)
    if needs_ore and not g.ore and not partial:
        return IllegalAction("roads_mountain_needs_ore", space=label(route.via[0]))
    food = ROAD_FOOD if route.how == ROAD else 0
    ore = ROAD_ORE if g.ore or needs_ore else 0
    if not _can_pay(me, food, ore):
        return IllegalAction("cannot_pay_roads", food=food, ore=ore)
    return None


def open_via(route: Route, occ: Occupancy) -> list[Hex]:
    """The spaces a Roads move may pass without paying Ore (no Mountain, C29)."""
    return [m for m in route.via if occ.terrain.get(m) != MOUNTAIN]


def _ore_helps(state: ClashState, route: Route, occ: Occupancy) -> bool:
    """Whether ignoring terrain changes anything on this move (p.20)."""
    if route.how not in (WALK, ROAD):
        return False
    if occ.terrain.get(route.to) in (MOUNTAIN, FOREST):
        return True
    return route.how == ROAD and all(occ.terrain.get(m) in (MOUNTAIN, FOREST) for m in route.via)


def _can_pay(me: PlayerState, food: int, ore: int) -> bool:
    return can_pay(me, {FOOD: food, ORE: ore})


def _ship_problem(
    state: ClashState, seat: int, g: Group, route: Route | None, partial: bool
) -> IllegalAction | None:
    me = state.seats[seat]
    marks = state.turn_state.marks
    if transfer.is_hold(g.origin):
        return IllegalAction("ships_move_from_their_space")
    start = parse_hex(g.origin)
    for sid in g.ships:
        ship = next((s for s in me.ships if s.id == sid), None)
        if ship is None or ship.hex != start:
            return IllegalAction("no_such_ship_there", ship=sid, space=label(start))
        ship_marks = mk.counts(marks, ship.place, SHIP)
        if ship_marks[mk.STOPPED]:
            return IllegalAction("stopped_this_turn", kind=SHIP)
        if ship_marks[mk.MOVED]:
            return IllegalAction("moved_this_action", kind=SHIP)
    if g.ore or g.onto is not None:
        return IllegalAction("too_many_tokens", token=ORE_TOKEN if g.ore else f"ship{g.onto}")
    if route is None:
        occ = occupancy(state)
        return _no_route(state, seat, g, occ)
    if route.how == EXPLORE_BY_SHIP:
        if len(g.ships) > 1:
            return IllegalAction("one_ship_explores")
        spaces = [a for a, _ in route.approaches]
        if g.approach is not None:
            if g.approach not in spaces:
                return IllegalAction(
                    "not_an_approach",
                    space=label(g.approach),
                    allowed=[label(h) for h in sorted(set(spaces))],
                )
            return None
        if len(set(spaces)) > 1 and not partial:
            return IllegalAction("choose_approach", allowed=[label(h) for h in sorted(set(spaces))])
        return None
    if g.approach is not None:
        return IllegalAction("too_many_tokens", token=token(g.approach))
    return None
