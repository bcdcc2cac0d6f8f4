"""Who may influence what in Cultural Influence (p.10, p.2, p.15; rules reference §3.6;
C36-C38): the sources and their range, the targets, what blocks and shields a city (the
Great Statue), Cultural Awe's units and the culture tokens a seat may spend."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rules.clash.board.hexes import Hex, steps
from rules.clash.box.components import (
    ARMY,
    BOX_PER_PLAYER,
    HAPPY,
    PIECES_PER_KIND,
    SETTLEMENT,
    SETTLER,
    TEMPLE,
)
from rules.clash.model.civil_cards import CULTURAL_AWE
from rules.clash.model.state import (
    BARBARIAN_SIDE,
    EXAMPLE_RANGE,
    City,
    ClashState,
    Piece,
    pieces_in_use,
)
from rules.clash.model.terrain import terrains

INFLUENCE, ART = "influence", "art"
#: The kind of the nested decision after a short roll (``prompt.clash.influence``).
INFLUENCE_DECISION = "influence"
ART_ADVANCE = "art_sculptures"
CONVERSION = "conversion"
GREAT_STATUE = "great_statue"
#: The boost blockers (p.11), each with what makes a city of its owner immune to boosts.
SEPARATION, TOTALITARIANISM, DEVOTION = "separation_of_power", "totalitarianism", "devotion"
#: Rolls that succeed (p.10; Conversion p.2).
SUCCESS, SUCCESS_WITH_CONVERSION = 5, 4
MIN_TARGET_SIZE = 2
#: Culture tokens Art & Sculptures costs (p.2).
ART_FEE = 1


#: What the Propaganda card adds to a roll (docs/clash-cards.md P02).
PROPAGANDA_BOOST = 2
#: How far the Great Statue shields its owner's cities (p.15).
STATUE_SHIELD = 2


Passable = Callable[[Hex], bool]


@dataclass(frozen=True, slots=True)
class Target:
    """A city the source reaches: its distance and the range tokens that needs."""

    city: City
    distance: int
    range_tokens: int


def explored(state: ClashState) -> Passable:
    """The spaces a distance may be counted through (§1.4, C63)."""
    return terrains(state).__contains__


def _board_order(c: City) -> tuple[int, int]:
    return c.hex.q, c.hex.r


def _cities(state: ClashState) -> list[City]:
    return sorted((c for p in state.seats for c in p.cities), key=_board_order)


def city_at(state: ClashState, h: Hex) -> City | None:
    return next((c for p in state.seats for c in p.cities if c.hex == h), None)


def can_be_source(city: City, seat: int) -> bool:
    """A city of ``seat``'s holding no piece of another colour (p.11)."""
    return city.owner == seat and all(p.owner == seat for p in city.pieces)


def base_range(state: ClashState, city: City) -> int:
    """The farthest distance ``city`` reaches without culture tokens: its size, +1 with the
    Great Statue (p.10, p.15), under the rule sentence of p.10 ("a size-4 city influences
    cities at most 4 spaces away"); one less under the worked example's reading, where a
    size-3 city pays a token to reach a city 3 spaces away (the option ``influence_range``,
    C37, C135). The one place that decides the range: every target, refusal and label asks it."""
    size = city.size + (1 if city.wonder == GREAT_STATUE else 0)
    return size - 1 if state.influence_range == EXAMPLE_RANGE else size


def blocker(state: ClashState, seat: int, city: City) -> str | None:
    """The owner's advance that forbids ``seat`` to spend culture tokens against ``city``
    (range or roll, p.11), if any: the owner is never blocked."""
    if city.owner in (seat, BARBARIAN_SIDE):
        return None
    owner = state.seats[city.owner]
    if SEPARATION in owner.advances and city.mood == HAPPY:
        return SEPARATION
    if TOTALITARIANISM in owner.advances and owner.armies.get(city.hex, 0) > 0:
        return TOTALITARIANISM
    if DEVOTION in owner.advances and city.piece(TEMPLE) is not None:
        return DEVOTION
    return None


def shielded(state: ClashState, seat: int, city: City, passable: Passable) -> bool:
    """Whether the owner's Great Statue keeps ``seat``'s influence off ``city`` (p.15)."""
    if city.owner == seat:
        return False
    statues = [c.hex for c in state.seats[city.owner].cities if c.wonder == GREAT_STATUE]
    if not statues:
        return False
    near = steps(city.hex, passable, STATUE_SHIELD)
    return any(h in near for h in statues)


def in_supply(state: ClashState, seat: int, kind: str) -> int:
    """Pieces of ``kind`` of ``seat``'s colour not on the board (p.2)."""
    return PIECES_PER_KIND - pieces_in_use(state, seat, kind)


def not_mine(city: City, seat: int) -> list[Piece]:
    """The pieces that could become ``seat``'s: not the Settlement, not of its colour."""
    return [p for p in city.pieces if p.kind != SETTLEMENT and p.owner != seat]


def pieces(state: ClashState, seat: int, city: City) -> list[Piece]:
    """The pieces of ``city`` that ``seat`` may take now (with one in supply)."""
    return [p for p in not_mine(city, seat) if in_supply(state, seat, p.kind) > 0]


def awe_pending(state: ClashState) -> bool:
    """Cultural Awe played for the turn's next Cultural Influence (docs/clash-cards.md P08)."""
    return CULTURAL_AWE in state.turn_state.card_modifiers


def barbarian_target(h: Hex) -> City:
    """A barbarian settlement as a target of Cultural Awe (it has no City record)."""
    return City(h, BARBARIAN_SIDE, (Piece(SETTLEMENT, BARBARIAN_SIDE),))


def awe_units(state: ClashState, seat: int, h: Hex) -> list[str]:
    """What one barbarian unit of the settlement on ``h`` may become for ``seat`` (P08: an
    army unit or a settler, the player's choice, one left in supply); none without units."""
    if not state.barbarians.armies.get(h, 0):
        return []
    me = state.seats[seat]
    aboard = [k for s in me.ships for k in s.cargo]
    room = {
        ARMY: sum(me.armies.values()) + aboard.count(ARMY) < BOX_PER_PLAYER[ARMY],
        SETTLER: sum(me.settlers.values()) + aboard.count(SETTLER) < BOX_PER_PLAYER[SETTLER],
    }
    return [k for k in (ARMY, SETTLER) if room[k]]


def targets(
    state: ClashState, seat: int, source: City, budget: int, awe: bool | None = None
) -> list[Target]:
    """The cities ``source`` may influence with at most ``budget`` culture tokens for range
    (``awe``: barbarian settlements too, as with Cultural Awe pending, the default)."""
    passable = explored(state)
    base = base_range(state, source)
    dist = steps(source.hex, passable, base + max(0, budget))
    out = []
    if (awe_pending(state) if awe is None else awe) and in_supply(state, seat, SETTLEMENT):
        for h in sorted(state.barbarians.cities):
            d = dist.get(h)
            if d is not None and d - base <= budget:
                out.append(Target(barbarian_target(h), d, max(0, d - base)))
    for city in _cities(state):
        d = dist.get(city.hex)
        if d is None or city.hex == source.hex or city.size < MIN_TARGET_SIZE:
            continue
        need = max(0, d - base)
        if need > budget or (need and blocker(state, seat, city) is not None):
            continue
        if shielded(state, seat, city, passable) or not pieces(state, seat, city):
            continue
        out.append(Target(city, d, need))
    return out


def awe_reach(state: ClashState, seat: int) -> bool:
    """Whether Cultural Awe could be used this turn: an attempt is still possible (an action
    left, or Art & Sculptures) and a city of ``seat``'s reaches a barbarian settlement."""
    ts = state.turn_state
    me = state.seats[seat]
    art = ART_ADVANCE in me.advances and ART_ADVANCE not in ts.used and me.culture_tokens
    if ts.influenced or not (ts.actions_left or art):
        return False
    return any(
        t.city.owner == BARBARIAN_SIDE
        for c in me.cities
        if can_be_source(c, seat)
        for t in targets(state, seat, c, me.culture_tokens, awe=True)
    )


def token_budget(state: ClashState, seat: int, fee: int) -> int:
    return state.seats[seat].culture_tokens - fee


def sources(state: ClashState, seat: int, fee: int) -> Iterator[tuple[City, list[Target]]]:
    budget = token_budget(state, seat, fee)
    if budget < 0 or state.turn_state.influenced:
        return
    for city in sorted(state.seats[seat].cities, key=_board_order):
        if can_be_source(city, seat):
            found = targets(state, seat, city, budget)
            if found:
                yield city, found
