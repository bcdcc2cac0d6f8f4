"""Moving units: one group of a Move action (p.9, p.12, p.16-20; rules reference §3.4).

The rules are told here, with moving and the choices; where units may go is
:mod:`rules.clash.actions.routes`, reading and checking a group
:mod:`rules.clash.actions.move_groups`.

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

Gold pays for Food or Ore a player lacks (C6); a group may end with ``gold`` once per Gold
paid instead of the Food or Ore held (C138, :mod:`rules.clash.model.paying`: ``d2 b2 settler
gold``). Which of alike units go: see
:mod:`rules.clash.model.marks`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from rules.clash.actions import exploration
from rules.clash.actions.move_groups import (
    ORE_TOKEN,
    ROAD_FOOD,
    ROAD_ORE,
    Group,
    movers,
    open_via,
    parse,
    problem,
)
from rules.clash.actions.routes import (
    BOARD,
    EXPLORE,
    EXPLORE_BY_SHIP,
    ROAD,
    Route,
    routes,
    ships_with_room,
)
from rules.clash.battles import combat
from rules.clash.board.hexes import label, parse_hex, token
from rules.clash.board.tiles import FOREST, MOUNTAIN, Terrain
from rules.clash.box.components import FOOD, LAND_UNITS, ORE, SHIP, SHIP_CAPACITY
from rules.clash.model import marks as mk
from rules.clash.model import paying, transfer, under_way
from rules.clash.model.occupancy import Occupancy, occupancy
from rules.clash.model.resources import pay
from rules.clash.model.state import ClashState, PlayerState
from rules.core import Choice, Event, IllegalAction


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
    return bool(movers(state, seat, place, occ)) and bool(
        _destinations(state, seat, occ, place, True)
    )


def _place_order(place: str) -> tuple[int, int, int]:
    if transfer.is_hold(place):
        return (1, int(place.removeprefix("ship")), 0)
    h = parse_hex(place)
    return (0, h.q, h.r)


# -- moving -------------------------------------------------------------------------------


def road_cost(route: Route, g: Group) -> dict[str, int]:
    """What Roads charge the group (p.20): 1 Food to go 2 spaces, 1 Ore to ignore terrain."""
    cost = {FOOD: ROAD_FOOD if route.how == ROAD else 0, ORE: ROAD_ORE if g.ore else 0}
    return {r: n for r, n in cost.items() if n}


def costs(
    state: ClashState, seat: int, toks: Sequence[str], occ: Occupancy | None = None
) -> paying.Cost:
    """Who pays and what, for the whole group ``toks`` (IllegalAction if it is none)."""
    occ = occ or occupancy(state)
    g = parse(state, seat, toks)
    err = problem(state, seat, g, occ)
    if err is not None:
        raise err
    return state.seats[seat], road_cost(routes(state, seat, g.origin, occ)[g.to], g)


def move(state: ClashState, seat: int, toks: Sequence[str]) -> list[Event]:
    """Move one group (the tokens after ``move`` or in a Move action under way)."""
    occ = occupancy(state)
    head, gold = paying.split(toks)
    g = parse(state, seat, head)
    err = problem(state, seat, g, occ)
    if err is not None:
        raise err
    route = routes(state, seat, g.origin, occ)[g.to]
    me = state.seats[seat]
    paying.check(me, road_cost(route, g), gold)
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
        paid = pay(me, road_cost(route, g), gold)
    forest = transfer.lift(state, seat, g.origin, g.kinds)
    if route.how == BOARD:
        ship = g.onto
        if ship is None:
            fits = [
                s
                for s in ships_with_room(me, g.to)
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
    if all(occ.terrain.get(m) == FOREST for m in open_via(route, occ)):
        return FOREST
    return dest


def _units_param(g: Group) -> list[str]:
    """What moves, as ``<kind>_<count>`` keys (``army_2``), which texts translate
    (``clash.units.army_2``: "2 army units")."""
    if g.ships:
        return [f"{SHIP}_{len(g.ships)}"]
    return [f"{k}_{g.kinds[k]}" for k in LAND_UNITS if g.kinds[k]]


def end_move(state: ClashState) -> None:
    """The Move action is over (its decision leaves the stack): marks of this action are
    forgotten (p.9)."""
    under_way.end_move(state)
    ts = state.turn_state
    state.turn_state = replace(ts, marks=mk.end_of_move(ts.marks))


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


def group_choice(
    state: ClashState,
    seat: int,
    occ: Occupancy,
    prefix: Sequence[str],
    tok: str,
    complete: bool,
    more: bool,
) -> Choice:
    """The picker's choice of ``tok`` after ``prefix`` in a group (a Move action's, the Great
    Lighthouse's): where from, where to (by how the route goes), which units, the approach."""
    if len(prefix) == 0:
        ship = transfer.ship_by_place(state.seats[seat], tok)
        if ship is not None:
            key, params = "clash.choice.hold", {"ship": ship.id, "space": label(ship.hex)}
        else:
            key, params = "clash.choice.from", {"space": tok.upper()}
    elif len(prefix) == 1:
        route = routes(state, seat, prefix[0], occ)[parse_hex(tok)]
        key, params = f"clash.choice.to.{route.how}", {"space": tok.upper()}
    elif tok in LAND_UNITS:
        key, params = f"clash.unit.{tok}", {}
    elif tok.startswith("ship"):
        key, params = "clash.choice.ship", {"ship": int(tok[4:])}
    elif tok == ORE_TOKEN:
        key, params = "clash.choice.ore", {}
    else:
        key, params = "clash.choice.approach", {"space": tok.upper()}
    return Choice(tok, key, params, complete=complete, more=more)


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
