"""The heuristic player's Activate City (:mod:`rules.clash.player.turn`): per city the best
of Collect (the resources worth most now, as many as the city takes), Build units (settlers
while there is room to expand, army units where a city is threatened or prey is near, ships
where the sea around the Port leads somewhere, :mod:`rules.clash.player.sea`) and Increase
City Size (a Temple, Academy, Fortress or Port, as its advance allows and objectives ask);
activating a city twice in a turn costs its mood, so that counts against it.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.clash.actions import activation, building, collect, growth
from rules.clash.actions.collect import Activation
from rules.clash.board.hexes import Hex, distance, token
from rules.clash.board.tiles import SEA
from rules.clash.box.components import (
    ACADEMY,
    ANGRY,
    ARMY,
    FOOD,
    FORTRESS,
    HAPPY,
    PORT,
    SETTLER,
    TEMPLE,
)
from rules.clash.model.civil_cards import MASS
from rules.clash.model.resources import CULTURE, MOOD
from rules.clash.model.state import City
from rules.clash.player import sea
from rules.clash.player.survey import Reading
from rules.clash.player.values import PIECE_GOALS
from rules.clash.player.walk import Candidate, ready
from rules.clash.player.war import BATTLE_GOALS
from rules.core import IllegalAction


def activate_candidates(r: Reading) -> list[Candidate]:
    out: list[Candidate] = []
    state, seat = r.state, r.seat
    forced = _forced_labor(r)
    for city in r.me.cities:
        if city.mood == ANGRY and city.activated_angry:
            continue
        force = forced and city.mood == ANGRY
        act = activation.context(state, seat, city, force, r.occ)
        base = ["activate", token(city.hex), *(["forced"] if force else [])]
        penalty = _repeat_penalty(r, city) + (r.worth(MOOD, -1) if force else 0.0)
        for maker in (_collect, _build, _grow):
            found = maker(r, act, base)
            if found is not None:
                out.append((found[0] - penalty, ready(found[1])))
    return out


def _forced_labor(r: Reading) -> bool:
    """Forced Labor to be paid with this activation (not paid yet this turn)."""
    me = r.me
    return (
        "forced_labor" in me.advances
        and not activation.labour_active(r.state, r.seat)
        and me.mood_tokens >= 1
    )


def _repeat_penalty(r: Reading, city: City) -> float:
    """A second activation in a turn lowers the city's mood (p.6, p.8); holding Draconian
    (4 angry cities) that is what is wanted."""
    if city.activations == 0:
        return 0.0
    if draconian(r):
        return -0.3
    if city.mood == HAPPY:
        return 0.5
    return 0.4 + 0.6 * (city.size - 1)


def draconian(r: Reading) -> bool:
    return "draconian" in r.hand_goals and len(r.me.cities) >= 4


def _collect(r: Reading, act: Activation, base: list[str]) -> tuple[float, list[str]] | None:
    """The spaces yielding what is worth most now, one resource a space, one Sea space
    (p.8, p.2), as many as the city takes."""
    state, seat = r.state, r.seat
    if not collect.available(state, seat, act):
        return None
    spots = collect.candidates(state, seat, act, r.occ)
    mass = collect.collection_card(state) == MASS
    limit = act.size + (collect.MASS_EXTRA if mass else 0)
    taken: dict[str, int] = {}
    used: set[Hex] = set()
    sea = False
    toks: list[str] = []
    worth = 0.0
    while len(toks) < limit:
        best: tuple[float, str, str, Hex, bool] | None = None
        for tok, spot in spots.items():
            if spot.space in used or (sea and spot.terrain == SEA):
                continue
            v = r.worth(spot.takes, taken.get(spot.takes, 0))
            if best is None or v > best[0]:
                best = (v, tok, spot.takes, spot.space, spot.terrain == SEA)
        if best is None or (toks and best[0] <= 0.02):
            break
        v, tok, kind, space, is_sea = best
        toks.append(tok)
        worth += v
        taken[kind] = taken.get(kind, 0) + 1
        used.add(space)
        sea = sea or is_sea
    if not toks:
        return None
    return worth, [*base, "collect", *toks]


def unit_worth(r: Reading, city: City) -> dict[str, float]:
    """What one more unit of each kind built in ``city`` is worth."""
    me, state = r.me, r.state
    settlers = sum(me.settlers.values()) + sum(s.cargo.count(SETTLER) for s in me.ships)
    cities = len(me.cities)
    room = cities + settlers < 7 and (r.best_site > 1.0 or r.frontier)
    settler = 0.0
    if room and settlers < 3:
        settler = {1: 2.6, 2: 2.6, 3: 2.3, 4: 1.9, 5: 1.0}.get(state.round, 0.2)
        if cities >= 5:
            settler -= 0.6
        if r.hand_goals & {"civilization", "colony", "new_founder", "citadel", "dominion"}:
            settler += 0.4
        if "trader" in r.hand_goals:
            settler += 0.6
    if "trader" in r.hand_goals and settlers < 3 and len(sea.partners(r)) >= 3:
        settler = max(settler, 1.2)  # a trade-route unit to walk to another player's city
    armies = sum(me.armies.values())
    here = r.my_armies_at(city.hex)
    army = 0.2
    lacking = r.danger(city.hex) - here
    if lacking > 0:
        army = 0.9 + 0.2 * min(lacking, 3)
    elif "tactics" in me.advances:
        if _prey_near(r, city.hex) and here < 4:
            army = 1.0
        elif armies < cities:
            army = 0.6
        if r.hand_goals & CAMPAIGN_GOALS and here < 4:
            army += 0.6
    if r.hand_goals & ARMY_GOALS:
        army += 0.5
    if "military_might" in r.hand_goals and armies + len(me.ships) < 12:
        army += 0.5  # 12 army units and ships: every one counts
    ship = 0.0
    if city.piece(PORT) is not None and city.port_faces is not None and len(me.ships) < 4:
        # What a ship could do from the Port (policy_sea), less once others do it already.
        ship = {0: 0.5, 1: 0.3}.get(len(me.ships), 0.1)
        ship += sea.prospects(r, city.port_faces) * (1.0 if len(me.ships) < 2 else 0.5)
        if r.hand_goals & SHIP_GOALS:
            ship += 0.8
        if "cartography" in me.advances and not me.ships:
            ship += 0.3
    draft = army + 0.1 + (0.8 if "conscripts" in r.hand_goals else 0.0)
    return {SETTLER: settler, ARMY: army, "draft": draft, "ship": ship}


#: Objectives won in battle: holding one, the player builds up an army to fight with.
CAMPAIGN_GOALS = frozenset(BATTLE_GOALS)
#: Objectives about how many army units stand where.
ARMY_GOALS = frozenset({"great_army", "standing_army", "military_might", "threat", "outposts"})
#: Objectives about ships.
SHIP_GOALS = frozenset({"great_navy", "blockade", "sea_lanes", "military_might", "trader"})


def _prey_near(r: Reading, h: Hex) -> bool:
    """A barbarian settlement or another player's city (not its last) within 3 spaces."""
    for g, o in r.occ.city.items():
        if o == r.seat or distance(h, g) > 3:
            continue
        if o >= 0 and len(r.state.seats[o].cities) <= 1:
            continue
        return True
    return False


#: What a unit's cost takes away from its worth, per resource spent.
SPENT = 0.25
UNITS = (SETTLER, ARMY, "draft", "ship")


def _build(r: Reading, act: Activation, base: list[str]) -> tuple[float, list[str]] | None:
    """Units while each is worth more than it costs, as many as the city builds (p.8)."""
    worth = unit_worth(r, act.city)
    built: list[str] = []
    total = 0.0
    while True:
        best: tuple[float, str] | None = None
        for unit in UNITS:
            spent = 1 if unit == "draft" else 2
            v = worth[unit] * (0.6 ** built.count(unit)) - SPENT * spent
            better = v > 0.15 and (best is None or v > best[0])
            if better and fits(building.check, r, act, [*built, unit]):
                best = (v, unit)
        if best is None:
            break
        built.append(best[1])
        total += best[0]
    if not built:
        return None
    spend = {FOOD: 0, "ore": 0, "wood": 0}
    for unit in built:
        for kind, n in building.COST.get(unit, {}).items():
            spend[kind] = spend.get(kind, 0) + n
    total -= r.setback(spend)
    for toks in (built, [*built, token_pick(r)]):
        if fits(building.check, r, act, toks, final=True):
            return total, [*base, "build", *toks]
    return None


def fits(
    check: Callable[..., object], r: Reading, act: Activation, toks: list[str], final: bool = False
) -> bool:
    """Whether a use's own check takes ``toks`` (``final``: as the whole action)."""
    try:
        check(r.state, r.seat, act, toks, final)
    except IllegalAction:
        return False
    return True


def token_pick(r: Reading) -> str:
    """Nationalism's or a Temple's token: the one worth more now."""
    return CULTURE if r.worth(CULTURE) >= r.worth(MOOD) else MOOD


#: What each city piece adds besides its point (p.6, p.2).
PIECE_WORTH: dict[str, float] = {TEMPLE: 0.5, ACADEMY: 0.6, FORTRESS: 0.2, PORT: 0.5}


def piece_worth(r: Reading, city: City, piece: str) -> float:
    """What a new piece in ``city`` adds besides its point."""
    value = PIECE_WORTH.get(piece, 0.0)
    if PIECE_GOALS.get(piece) in r.hand_goals:
        value += 0.6
    if piece == FORTRESS:
        value += 0.4 * min(r.danger(city.hex), 3)
    if piece == PORT and r.hand_goals & {"great_navy", "blockade", "sea_lanes", "seafarer"}:
        value += 0.5
    if piece == PORT and not r.me.ships:
        value += 0.3
    if piece == PORT:
        # What the ships it could build would do from its Sea space (policy_sea).
        seas = [h for h in r.state.board.neighbours(city.hex) if r.terrain(h) == SEA]
        value += 0.4 * max((sea.prospects(r, h) for h in seas), default=0.0)
    if piece == PORT and city.wonder is None and _lighthouse_in_reach(r):
        value += 0.8  # the Great Lighthouse needs a Port city (p.15)
    if "city_planner" in r.hand_goals and not any(c.piece(piece) for c in r.me.cities):
        value += 0.5
    if "citadel" in r.hand_goals and city.size == max(c.size for c in r.me.cities):
        value += 0.6
    return value


def _lighthouse_in_reach(r: Reading) -> bool:
    """The Great Lighthouse is face up, free for this seat and Engineering owned, and no city
    of this seat has a Port yet."""
    cards = r.state.cards
    return (
        "great_lighthouse" in cards.revealed
        and cards.reserved.get("great_lighthouse", r.seat) == r.seat
        and "engineering" in r.me.advances
        and not any(c.piece(PORT) for c in r.me.cities)
    )


def _grow(r: Reading, act: Activation, base: list[str]) -> tuple[float, list[str]] | None:
    state, seat = r.state, r.seat
    pieces = growth.legal_pieces(state, seat, act)
    if not pieces:
        return None
    best = max(pieces, key=lambda p: piece_worth(r, act.city, p))
    toks = [best]
    if best == PORT:
        seas = growth.port_spaces(state, act)
        if len(seas) > 1:
            toks.append(token(seas[0]))
    if best == TEMPLE:
        toks.append(token_pick(r))
    if unit_worth(r, act.city)[SETTLER] > 0.8 and fits(
        growth.check, r, act, [*toks, SETTLER], True
    ):
        toks.append(SETTLER)
    if not fits(growth.check, r, act, toks, True):
        return None
    # The point, the room to collect and build one more, less the three resources.
    value = 1.0 + 0.5 + piece_worth(r, act.city, best) - 0.45
    value -= r.setback(growth.growth_cost(state, seat, best))
    return value, [*base, "grow", *toks]
