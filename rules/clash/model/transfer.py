"""Taking units off a place and putting them down elsewhere, with their marks.

A place is a space (its token, ``c4``) or a ship's hold (``ship2``), as in
:mod:`rules.clash.model.marks`. Moving a group is :func:`lift` at the origin, then :func:`drop` at
the destination; the marks say what the units may still do this turn.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from rules.clash.board.hexes import Hex, parse_hex, token
from rules.clash.box.components import ARMY, SETTLER
from rules.clash.model import marks as mk
from rules.clash.model.state import ClashState, PlayerState, Ship


def ship_by_place(me: PlayerState, place: str) -> Ship | None:
    """The ship whose hold ``place`` is, if ``place`` names one of ``me``'s ships."""
    return next((s for s in me.ships if s.place == place), None)


def is_hold(place: str) -> bool:
    return place.startswith("ship")


def place_hex(me: PlayerState, place: str) -> Hex:
    """The space a place is on (a hold is where its ship sails)."""
    ship = ship_by_place(me, place)
    return ship.hex if ship is not None else parse_hex(place)


def units_at(me: PlayerState, place: str) -> Counter[str]:
    """Land units at a place: on a space, or aboard a ship."""
    ship = ship_by_place(me, place)
    if ship is not None:
        return Counter(ship.cargo)
    if is_hold(place):
        return Counter()
    h = parse_hex(place)
    return Counter({ARMY: me.armies.get(h, 0), SETTLER: me.settlers.get(h, 0)})


def _set_count(counts: dict[Hex, int], h: Hex, n: int) -> None:
    if n > 0:
        counts[h] = n
    else:
        counts.pop(h, None)


def _replace_ship(me: PlayerState, ship: Ship, new: Ship) -> None:
    me.ships = [new if s.id == ship.id else s for s in me.ships]


def lift(state: ClashState, seat: int, place: str, kinds: Counter[str]) -> Counter[str]:
    """Take movable land units of each kind off ``place``; returns how many of each had
    entered a Forest this turn (they are taken first, see :mod:`rules.clash.model.marks`)."""
    me = state.seats[seat]
    ts = state.turn_state
    marks = ts.marks
    forest: Counter[str] = Counter()
    have = units_at(me, place)
    for kind, n in kinds.items():
        if n:
            marks, forest[kind] = mk.take(marks, place, kind, have[kind], n)
    ship = ship_by_place(me, place)
    if ship is not None:
        cargo = list(ship.cargo)
        for kind, n in kinds.items():
            for _ in range(n):
                cargo.remove(kind)
        _replace_ship(me, ship, replace(ship, cargo=tuple(sorted(cargo))))
    else:
        h = parse_hex(place)
        _set_count(me.armies, h, me.armies.get(h, 0) - kinds[ARMY])
        _set_count(me.settlers, h, me.settlers.get(h, 0) - kinds[SETTLER])
    state.turn_state = replace(ts, marks=marks)
    return forest


def drop(
    state: ClashState,
    seat: int,
    place: str,
    kinds: Counter[str],
    forest: Counter[str],
    terrain: str | None,
    ore: bool = False,
    fought: bool = False,
) -> None:
    """Put land units down at ``place`` after a move onto a space of ``terrain`` (None when
    they board a ship), marked as p.9 says (``ore``: Roads ignore the terrain, p.20;
    ``fought``: the move was into a battle, so they move no more this turn)."""
    me = state.seats[seat]
    marks = state.turn_state.marks
    for kind, n in kinds.items():
        if not n:
            continue
        if fought:
            marks = mk.add(marks, place, kind, mk.STOPPED, n)
            continue
        from_forest = forest[kind]
        if from_forest:
            marks = mk.add(marks, place, kind, mk.arrived(kind, True, terrain, ore), from_forest)
        if n - from_forest:
            marks = mk.add(
                marks, place, kind, mk.arrived(kind, False, terrain, ore), n - from_forest
            )
    ship = ship_by_place(me, place)
    if ship is not None:
        cargo = sorted([*ship.cargo, *kinds.elements()])
        _replace_ship(me, ship, replace(ship, cargo=tuple(cargo)))
    else:
        h = parse_hex(place)
        _set_count(me.armies, h, me.armies.get(h, 0) + kinds[ARMY])
        _set_count(me.settlers, h, me.settlers.get(h, 0) + kinds[SETTLER])
    state.turn_state = replace(state.turn_state, marks=marks)


def remove_land(state: ClashState, seat: int, h: Hex, kind: str, count: int) -> None:
    """``count`` land units of ``kind`` of ``seat`` leave the board from ``h`` (they died);
    the active player's marks never name more units than are left there."""
    me = state.seats[seat]
    counts = me.armies if kind == ARMY else me.settlers
    left = counts.get(h, 0) - count
    _set_count(counts, h, left)
    if seat == state.active:
        marks = state.turn_state.marks
        place = token(h)
        extra = sum(mk.counts(marks, place, kind).values()) - max(0, left)
        state.turn_state = replace(state.turn_state, marks=mk.forget(marks, place, kind, extra))


def stay(
    state: ClashState, seat: int, place: str, kinds: Counter[str], forest: Counter[str]
) -> None:
    """Put lifted units back where they were, their move for this action spent (an
    exploration that left them nowhere to go, p.16)."""
    drop(state, seat, place, kinds, forest, None)


def sail(state: ClashState, seat: int, ship_id: int, to: Hex, fought: bool = False) -> None:
    """Move one ship (with its hold) onto ``to``; it has moved in this Move action (into a
    battle: it moves no more this turn, p.9, p.12)."""
    me = state.seats[seat]
    ship = next(s for s in me.ships if s.id == ship_id)
    _replace_ship(me, ship, replace(ship, hex=to))
    mark = mk.STOPPED if fought else mk.MOVED
    state.turn_state = replace(
        state.turn_state, marks=mk.add(state.turn_state.marks, ship.place, "ship", mark, 1)
    )


def place_token(h: Hex) -> str:
    """The place of units standing on ``h``."""
    return token(h)
