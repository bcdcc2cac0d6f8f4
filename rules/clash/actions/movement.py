"""Moving units: one group of a Move action (p.9, p.12, p.16-20; rules reference §3.4).

A Move action moves up to three units or groups, each once (p.9). A group is written
``<from> <to> <units...>``:

* ``from`` is a space (``c4``: land units standing there, or ships on that Sea space) or a
  ship's hold (``ship2``: the land units aboard ship 2, landing);
* ``to`` is the space the group goes to;
* the units are ``army`` and ``settler``, once per unit (``army army settler``), or the ships
  ``ship1``..``ship4``; then, where needed, the ship to board (``ship3``, when several could
  take the group), the Sea space a ship explores from (a space, when several border the
  region) and ``ore`` (Roads: pay 1 Ore to ignore terrain, p.20).

What a group may do (each refusal has its code, in brackets):

* **Land units** go to a neighbouring land space (p.9); armies only with Tactics
  [``armies_need_tactics``] (p.9, C35); at most 4 army units of a player on a space
  [``army_limit``] (p.8, p.9); a unit moves once per Move action [``moved_this_action``] and
  not at all after entering a Mountain this turn [``stopped_this_turn``] (p.9); never onto Sea
  [``land_units_on_sea``] except by boarding a friendly ship there with room
  [``ship_full``] (p.9). Settlers alone cannot enter a space with foreign units or a foreign
  city [``settlers_need_an_army``] (p.9). Units that entered a Forest this turn may move on
  but not into a battle [``forest_then_no_battle``] (p.9, C28). Moving army units onto
  foreign units or a foreign city, or landing there, starts a battle
  (:mod:`rules.clash.battles.combat`), fought at once.
* **Landing**: units aboard a ship go to a land space next to it (p.9); units that boarded in
  this Move action have used their move [``moved_this_action``].
* **Ships** sail any number of connected explored Sea spaces (p.9), never through a space
  with a foreign ship (entering one is a naval battle, p.9, p.12); with **Navigation** a ship on
  the map's edge may sail round the outside to the first Sea space or face-down region it meets
  in either direction (p.9, p.19, C30). A ship moves once per Move action; its hold goes with
  it, and units carried along have not moved themselves (p.9).
* **Exploring**: a land unit entering a face-down region, or a ship sailing at one, turns it
  face up (:mod:`rules.clash.actions.exploration`); one ship explores at a time
  [``one_ship_explores``].
* **Roads** (p.2, p.20): a group moving into or out of one of your cities may go 2 spaces for
  1 Food (the space between: explored land with no foreign unit or city, C29) and/or ignore
  terrain for 1 Ore; never by Sea, never exploring [``roads_cannot_explore``].

Gold pays for Food or Ore a player lacks (C6). Which of alike units go: see
:mod:`rules.clash.model.marks`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Final

from rules.clash.actions import exploration
from rules.clash.battles import before_rounds, combat
from rules.clash.board.hexes import Hex, label, parse_hex, ring, token
from rules.clash.board.tiles import FOREST, LAND, MOUNTAIN, SEA, Terrain
from rules.clash.box.components import ARMY, ARMY_LIMIT, FOOD, LAND_UNITS, ORE, SHIP, SHIP_CAPACITY
from rules.clash.model import card_turns, transfer
from rules.clash.model import marks as mk
from rules.clash.model.occupancy import Occupancy, occupancy
from rules.clash.model.resources import can_pay, pay
from rules.clash.model.state import ClashState, PlayerState, Ship
from rules.core import Event, IllegalAction

WALK: Final = "walk"
ROAD: Final = "road"
BOARD: Final = "board"
LANDING: Final = "landing"
SAIL: Final = "sail"
EXPLORE: Final = "explore"
EXPLORE_BY_SHIP: Final = "explore_by_ship"

ORE_TOKEN = "ore"
TACTICS, ROADS, NAVIGATION = "tactics", "roads", "navigation"
#: What Roads charge per group (p.20).
ROAD_FOOD = 1
ROAD_ORE = 1


@dataclass(frozen=True, slots=True)
class Route:
    """One way from an origin to ``to``: ``how`` (the constants above), the spaces a Roads
    move may pass (``via``), the Sea spaces a ship may explore from with whether it came round
    the edge (``approaches``), whether ``to`` holds foreign units or a foreign city
    (``battle``), and whether Roads may pay Ore to ignore terrain on it (``roads``)."""

    to: Hex
    how: str
    via: tuple[Hex, ...] = ()
    approaches: tuple[tuple[Hex, bool], ...] = ()
    battle: bool = False
    roads: bool = False


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


# -- where units may go -------------------------------------------------------------------


def _is_origin_token(tok: str) -> bool:
    return tok.startswith("ship") or (tok[:1].isalpha() and tok[1:].isdigit())


def origins(state: ClashState, seat: int, occ: Occupancy | None = None) -> list[str]:
    """Places from which some group of ``seat`` can move now, spaces in board order then
    holds."""
    occ = occ or occupancy(state)
    out = [p for p in _places(state.seats[seat]) if _can_leave(state, seat, p, occ)]
    return sorted(out, key=_place_order)


def _places(me: PlayerState) -> set[str]:
    """Every place where ``me`` has units: spaces with land units or ships, loaded holds."""
    places = {transfer.place_token(h) for h in (*me.armies, *me.settlers)}
    places |= {transfer.place_token(s.hex) for s in me.ships}
    places |= {s.place for s in me.ships if s.cargo}
    return places


def _can_leave(state: ClashState, seat: int, place: str, occ: Occupancy) -> bool:
    """Whether some group can move from ``place`` now."""
    return bool(_movers(state, seat, place, occ)) and bool(
        _destinations(state, seat, occ, place, True)
    )


def _place_order(place: str) -> tuple[int, int, int]:
    if transfer.is_hold(place):
        return (1, int(place.removeprefix("ship")), 0)
    h = parse_hex(place)
    return (0, h.q, h.r)


def _movers(state: ClashState, seat: int, place: str, occ: Occupancy) -> Counter[str]:
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


def routes(
    state: ClashState, seat: int, place: str, occ: Occupancy | None = None
) -> dict[Hex, Route]:
    """Every destination of a group from ``place``, whatever units it takes."""
    occ = occ or occupancy(state)
    key = ("routes", seat, place)
    if key not in occ.memo:
        occ.memo[key] = _routes(state, seat, place, occ)
    return occ.memo[key]  # type: ignore[no-any-return]


def _routes(state: ClashState, seat: int, place: str, occ: Occupancy) -> dict[Hex, Route]:
    me = state.seats[seat]
    if transfer.is_hold(place):
        ship = transfer.ship_by_place(me, place)
        return {} if ship is None else _landing_routes(state, seat, ship, occ)
    h = parse_hex(place)
    if h not in state.board:
        return {}
    if occ.terrain.get(h) == SEA:
        return _sea_routes(state, seat, h, occ)
    return _land_routes(state, seat, h, occ)


def _land_routes(state: ClashState, seat: int, h: Hex, occ: Occupancy) -> dict[Hex, Route]:
    me = state.seats[seat]
    out: dict[Hex, Route] = {}
    roads = ROADS in me.advances
    for n in state.board.neighbours(h):
        terrain = occ.terrain.get(n)
        if terrain is None:
            out[n] = Route(n, EXPLORE)
        elif terrain == SEA:
            if _ships_with_room(me, n) and not occ.foreign_ship(seat, n):
                out[n] = Route(n, BOARD)
        else:
            city_end = roads and (occ.own_city(seat, h) or occ.own_city(seat, n))
            out[n] = Route(n, WALK, battle=occ.foreign(seat, n), roads=city_end)
    if not roads:
        return out
    for n2 in ring(h, 2):
        if occ.terrain.get(n2) not in LAND or n2 not in state.board:
            continue
        if not (occ.own_city(seat, h) or occ.own_city(seat, n2)):
            continue
        via = tuple(
            m
            for m in state.board.neighbours(h)
            if m in n2.neighbours() and occ.terrain.get(m) in LAND and not occ.foreign(seat, m)
        )
        if via:
            out[n2] = Route(n2, ROAD, via=via, battle=occ.foreign(seat, n2), roads=True)
    return out


def _ships_with_room(me: PlayerState, h: Hex) -> list[Ship]:
    return [s for s in me.ships if s.hex == h and len(s.cargo) < SHIP_CAPACITY]


def _landing_routes(state: ClashState, seat: int, ship: Ship, occ: Occupancy) -> dict[Hex, Route]:
    out: dict[Hex, Route] = {}
    for n in state.board.neighbours(ship.hex):
        terrain = occ.terrain.get(n)
        if terrain is None:
            out[n] = Route(n, EXPLORE)
        elif terrain in LAND:
            out[n] = Route(n, LANDING, battle=occ.foreign(seat, n))
    return out


def _sea_routes(state: ClashState, seat: int, start: Hex, occ: Occupancy) -> dict[Hex, Route]:
    """Sailing from ``start`` (p.9), round the edge with Navigation (C30), and the face-down
    regions a ship may explore from the Sea spaces it reaches (p.19)."""
    b = state.board
    navigation = NAVIGATION in state.seats[seat].advances
    reached: set[Hex] = {start}
    battles: set[Hex] = set()
    # The approach of each face-down space: (Sea space, came round the edge).
    approaches: dict[Hex, set[tuple[Hex, bool]]] = {}
    todo = [start]
    ring_ = b.outline if navigation else ()

    def enter(n: Hex) -> None:
        if n in reached or n in battles:
            return
        if occ.foreign_ship(seat, n):
            battles.add(n)
            return
        reached.add(n)
        todo.append(n)

    while todo:
        h = todo.pop()
        for n in b.neighbours(h):
            terrain = occ.terrain.get(n)
            if terrain == SEA:
                enter(n)
            elif terrain is None:
                approaches.setdefault(n, set()).add((h, False))
        if navigation and b.on_edge(h):
            for k in (i for i, e in enumerate(ring_) if e == h):
                for step in (1, -1):
                    target = _round_the_edge(ring_, k, step, occ)
                    if target is None:
                        continue
                    if occ.terrain.get(target) == SEA:
                        enter(target)
                    else:
                        approaches.setdefault(target, set()).add((h, True))
    out = {h: Route(h, SAIL, battle=False) for h in reached if h != start}
    out |= {h: Route(h, SAIL, battle=True) for h in battles}
    for h, ways in approaches.items():
        out[h] = Route(h, EXPLORE_BY_SHIP, approaches=tuple(sorted(ways)))
    return out


def _round_the_edge(ring_: Sequence[Hex], k: int, step: int, occ: Occupancy) -> Hex | None:
    """Walking the map's outline from position ``k``: the first edge space that is Sea or lies
    face down, land edge spaces being passed outside the map (C30)."""
    n = len(ring_)
    for i in range(1, n):
        h = ring_[(k + step * i) % n]
        if h == ring_[k]:
            return None
        terrain = occ.terrain.get(h)
        if terrain is None or terrain == SEA:
            return h
    return None


# -- reading a group ----------------------------------------------------------------------


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


# -- checking a group ---------------------------------------------------------------------


def problem(
    state: ClashState, seat: int, g: Group, occ: Occupancy, partial: bool = False
) -> IllegalAction | None:
    """Why the group cannot move, or None. ``partial`` accepts a group still missing tokens a
    longer one would add (units, the ship to board, the approach, the Ore)."""
    me = state.seats[seat]
    marks = state.turn_state.marks
    if not _movers(state, seat, g.origin, occ) and not _anything_at(me, g.origin):
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
            for s in _ships_with_room(me, route.to)
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
    needs_ore = route.how == ROAD and not _open_via(route, occ)
    if needs_ore and not g.ore and not partial:
        return IllegalAction("roads_mountain_needs_ore", space=label(route.via[0]))
    food = ROAD_FOOD if route.how == ROAD else 0
    ore = ROAD_ORE if g.ore or needs_ore else 0
    if not _can_pay(me, food, ore):
        return IllegalAction("cannot_pay_roads", food=food, ore=ore)
    return None


def _open_via(route: Route, occ: Occupancy) -> list[Hex]:
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


# -- moving -------------------------------------------------------------------------------


def move(state: ClashState, seat: int, toks: Sequence[str]) -> list[Event]:
    """Move one group (the tokens after ``move`` or in a Move action under way)."""
    occ = occupancy(state)
    g = parse(state, seat, toks)
    err = problem(state, seat, g, occ)
    if err is not None:
        raise err
    route = routes(state, seat, g.origin, occ)[g.to]
    me = state.seats[seat]
    player = state.players[seat]
    units = _units_param(g)
    start = transfer.place_hex(me, g.origin)
    base = {"player": player, "from": label(start), "to": label(g.to), "units": units}
    if route.how == EXPLORE:
        slot = state.board.slot_at(g.to)
        assert slot is not None
        return exploration.begin(
            state, seat, slot, g.to, g.origin, tuple(sorted(g.kinds.elements()))
        )
    if route.how == EXPLORE_BY_SHIP:
        slot = state.board.slot_at(g.to)
        assert slot is not None
        ways = (
            dict(route.approaches)
            if g.approach is None
            else {g.approach: dict(route.approaches)[g.approach]}
        )
        approach, navigation = sorted(ways.items())[0]
        # A ship exploring from where it lies has not sailed; one that sails first says so.
        events = []
        if approach != start:
            sailed = {"player": player, "ship": g.ships[0], "from": label(start)}
            events.append(Event("clash.ship_sailed", {**sailed, "to": label(approach)}))
        return events + exploration.begin(
            state, seat, slot, g.to, g.origin, (f"ship{g.ships[0]}",), approach, navigation
        )
    if g.ships:
        for sid in g.ships:
            transfer.sail(state, seat, sid, g.to, fought=route.battle)
        events = [Event("clash.ships_sailed", {**base, "ships": [str(i) for i in g.ships]})]
        if route.battle:
            origins = tuple((token(start), f"ship{sid}", 1) for sid in g.ships)
            events += combat.begin(state, seat, g.to, True, origins)
        return events
    paid: dict[str, int] = {}
    if route.how == ROAD or g.ore:
        cost = {FOOD: ROAD_FOOD if route.how == ROAD else 0, ORE: ROAD_ORE if g.ore else 0}
        paid = pay(me, cost)
    forest = transfer.lift(state, seat, g.origin, g.kinds)
    if route.how == BOARD:
        ship = g.onto
        if ship is None:
            fits = [
                s
                for s in _ships_with_room(me, g.to)
                if len(s.cargo) + sum(g.kinds.values()) <= SHIP_CAPACITY
            ]
            ship = fits[0].id
        transfer.drop(state, seat, f"ship{ship}", g.kinds, forest, None)
        return [Event("clash.boarded", {**base, "ship": ship})]
    terrain = _worst(route, occ) if route.how == ROAD and not g.ore else occ.terrain.get(g.to)
    transfer.drop(state, seat, token(g.to), g.kinds, forest, terrain, g.ore, fought=route.battle)
    if transfer.is_hold(g.origin):
        ship = int(g.origin.removeprefix("ship"))
        events = [Event("clash.landed", {**base, "ship": ship})]
    else:
        events = [Event("clash.moved", base)]
    if paid:
        spent = [f"{r}_{n}" for r, n in paid.items()]
        events.append(Event("clash.paid_for_roads", {"player": player, "paid": spent}))
    if route.battle:
        origin = g.origin if transfer.is_hold(g.origin) else token(start)
        origins = tuple((origin, k, g.kinds[k]) for k in LAND_UNITS if g.kinds[k])
        events += combat.begin(state, seat, g.to, False, origins, landed=transfer.is_hold(g.origin))
    return events


def _worst(route: Route, occ: Occupancy) -> Terrain | None:
    """The terrain that marks a Roads group: the destination's, or a Forest passed when every
    open way passes one (the way taken is the one that restricts least)."""
    dest = occ.terrain.get(route.to)
    if dest in (MOUNTAIN, FOREST):
        return dest
    if all(occ.terrain.get(m) == FOREST for m in _open_via(route, occ)):
        return FOREST
    return dest


def _units_param(g: Group) -> list[str]:
    """What moves, as ``<kind>_<count>`` keys (``army_2``), which texts translate
    (``clash.units.army_2``: "2 army units")."""
    if g.ships:
        return [f"{SHIP}_{len(g.ships)}"]
    return [f"{k}_{g.kinds[k]}" for k in LAND_UNITS if g.kinds[k]]


def end_move(state: ClashState) -> None:
    """The Move action is over: marks of this action are forgotten (p.9)."""
    ts = state.turn_state
    state.turn_state = replace(ts, moving=0, marks=mk.end_of_move(ts.marks))


def can_move(state: ClashState, seat: int) -> bool:
    """Whether some group of ``seat`` can move now (:func:`origins` is not empty)."""
    occ = occupancy(state)
    return any(_can_leave(state, seat, p, occ) for p in _places(state.seats[seat]))


# -- choices ------------------------------------------------------------------------------


def next_tokens(
    state: ClashState, seat: int, occ: Occupancy, prefix: Sequence[str], limit_one: bool = False
) -> list[tuple[str, bool, bool]]:
    """The tokens that may follow ``prefix`` (a partial group): ``(token, complete, more)``."""
    if not prefix:
        return [(p, False, True) for p in origins(state, seat, occ)]
    if len(prefix) == 1:
        return _destinations(state, seat, occ, prefix[0], limit_one)
    return _extensions(state, seat, occ, list(prefix), depth=2)


def _destinations(
    state: ClashState, seat: int, occ: Occupancy, origin: str, limit_one: bool
) -> list[tuple[str, bool, bool]]:
    """Destinations some group from ``origin`` can reach (battles excluded until combat)."""
    out = []
    for h in sorted(routes(state, seat, origin, occ)):
        if _extendable(state, seat, occ, [origin, token(h)], depth=2):
            out.append((token(h), False, True))
            if limit_one:
                break
    return out


def _candidates(state: ClashState, seat: int, occ: Occupancy, prefix: list[str]) -> list[str]:
    me = state.seats[seat]
    out = [*LAND_UNITS, *(f"ship{s.id}" for s in me.ships), ORE_TOKEN]
    route = routes(state, seat, prefix[0], occ).get(parse_hex(prefix[1]))
    if route is not None:
        out += sorted({token(a) for a, _ in route.approaches})
    return out


def _steps(
    state: ClashState, seat: int, occ: Occupancy, prefix: list[str]
) -> Iterator[tuple[str, list[str], Group]]:
    """Each next token that keeps the move legal so far: the token, the tokens with it and
    their parse, in :func:`_candidates` order (lazily, so a caller may stop at the first)."""
    for tok in _candidates(state, seat, occ, prefix):
        ext = [*prefix, tok]
        try:
            g = parse(state, seat, ext)
        except IllegalAction:
            continue
        if problem(state, seat, g, occ, partial=True) is None:
            yield tok, ext, g


def _extensions(
    state: ClashState, seat: int, occ: Occupancy, prefix: list[str], depth: int
) -> list[tuple[str, bool, bool]]:
    out: list[tuple[str, bool, bool]] = []
    for tok, ext, g in _steps(state, seat, occ, prefix):
        complete = problem(state, seat, g, occ) is None
        more = depth > 1 and _extendable(state, seat, occ, ext, depth - 1)
        if complete or more or depth <= 1:
            out.append((tok, complete, more))
    return out


def _extendable(
    state: ClashState, seat: int, occ: Occupancy, prefix: list[str], depth: int
) -> bool:
    """Whether :func:`_extensions` offers anything, stopping at the first token it would."""
    return any(
        depth <= 1
        or problem(state, seat, g, occ) is None
        or _extendable(state, seat, occ, ext, depth - 1)
        for _, ext, g in _steps(state, seat, occ, prefix)
    )
