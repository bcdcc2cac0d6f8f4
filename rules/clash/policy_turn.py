"""The heuristic player's turn (:mod:`rules.clash.policy`): every action on the menu gets a
candidate, scored in victory points, and the best is taken; ``end`` when none is worth
anything. Scores are worked out from the position with the rules modules' own checks (cheap);
only the action taken is written out token by token. What costs no action (most action
cards, Drama & Music, Voting, answering a trade) gets a small bonus so that it comes first.

* **Advance**: the advance worth most (:func:`rules.clash.policy_values.advance_worth`),
  paid with Ideas before Food.
* **Found City**: where the settler stands, unless a clearly better site is next to it.
* **Activate City**: per city the best of Collect (the resources worth most now, as many as
  the city takes), Build units (settlers while there is room to expand, army units where a
  city is threatened or prey is near, ships where the sea around the Port leads somewhere,
  :mod:`rules.clash.policy_sea`) and Increase City Size (a Temple, Academy, Fortress or Port,
  as its advance allows and objectives ask); activating a city twice in a turn costs its mood,
  so that counts against it.
* **Move**: :mod:`rules.clash.policy_war`.
* **Civic Improvement** / Voting / Great Gardens: angry cities first, then neutral ones while
  mood tokens are plenty.
* **Wonders** whenever one can be built (the one whose power is worth most, the Great
  Lighthouse where its ship has a use); **Cultural Influence** when a target is in reach;
  **Bartering** what is not needed into Gold and culture tokens (for a wonder); Taxation,
  Cartography, Civil Liberties, Absolute Power and kept event cards when they gain something.
* **Action cards** for their civil half (:mod:`rules.clash.policy_cards`).
* **Trades**: an offer made to this seat is accepted when what comes is worth more than what
  goes, refused otherwise; this player makes no offers in its own turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.clash import activation, advancing, building, collect, founding, growth, policy_sea
from rules.clash.actions import choices
from rules.clash.civil_cards import MASS
from rules.clash.collect import Activation
from rules.clash.components import (
    ACADEMY,
    ANGRY,
    ARMY,
    FOOD,
    FORTRESS,
    GOLD,
    HAPPY,
    IDEAS,
    NEUTRAL,
    PORT,
    SETTLER,
    TEMPLE,
)
from rules.clash.hexes import Hex, distance, parse_hex, token
from rules.clash.policy_board import Reading
from rules.clash.policy_cards import card_candidates
from rules.clash.policy_values import PIECE_GOALS, advance_worth
from rules.clash.policy_walk import first, walk
from rules.clash.policy_war import BATTLE_GOALS, move_value
from rules.clash.resources import CULTURE, MOOD
from rules.clash.state import City
from rules.clash.tiles import SEA
from rules.core import Choice, IllegalAction

Build = Callable[[], list[str] | None]
#: A candidate action: its score and how to write it (written only for the one taken).
Candidate = tuple[float, Build]
#: What costing no action adds to a candidate's score.
FREE_BONUS = 0.3
#: Below this nothing is worth an action: the turn ends.
WORTHLESS = 0.05
#: Tokens that cost no action on the turn menu.
FREE_HEADS = frozenset({"voting", "art", "drama", "power", "event", "accept", "refuse", "trade"})


def turn(r: Reading, prefix: list[str], menu: Sequence[str] | None = None) -> list[str] | None:
    """The action to take (extending ``prefix``); ``menu`` is the turn menu's tokens."""
    if menu is None or prefix:
        menu = [c.token for c in choices(r.state, r.seat, [])]
    if prefix:
        menu = [t for t in menu if t == prefix[0]]
    for _score, build in sorted(candidates(r, menu), key=lambda c: -c[0]):
        toks = build()
        if toks is not None and toks[: len(prefix)] == prefix:
            return toks
    return None if prefix else ["end"]


def candidates(r: Reading, menu: Sequence[str]) -> list[Candidate]:
    """The candidates of the actions on ``menu`` worth more than nothing."""
    out: list[Candidate] = []
    for head in menu:
        make = _MAKERS.get(head)
        if make is None:
            continue
        for score, build in make(r):
            if head in FREE_HEADS:
                score += FREE_BONUS
            if score > WORTHLESS:
                out.append((score, build))
    return out


def ready(toks: list[str] | None) -> Build:
    """A candidate already written out."""
    return lambda: toks


# -- advance ------------------------------------------------------------------------------


def _advance(r: Reading) -> list[Candidate]:
    state, seat, me = r.state, r.seat, r.me
    buyable = advancing.buyable(state, seat)
    if not buyable:
        return []
    best = max(buyable, key=lambda a: advance_worth(r, a))
    value = advance_worth(r, best) - ADVANCE_COST
    if advancing.switching(me, best):
        return [(value, lambda: walk(state, seat, ["advance", best], first))]
    saving = "ideas" in r.hand_goals and me.resources[FOOD] >= 2
    food = advancing.cost(state, seat, best)[FOOD]
    ideas = 0 if saving else min(food, me.resources[IDEAS])
    while ideas >= 0:
        purchase = advancing.parse(state, seat, [best, *["ideas"] * ideas])
        if advancing.purchase_problem(state, seat, purchase) is None:
            value -= r.setback({FOOD: food - ideas})
            return [(value, ready(["advance", best, *["ideas"] * ideas]))]
        ideas -= 1
    return []


# -- found --------------------------------------------------------------------------------


def _found(r: Reading) -> list[Candidate]:
    """Where the settler stands when that is its target site (or late in the game, or for
    New Founder), unless it trades for Trader."""
    out: list[Candidate] = []
    late = r.state.round >= 5
    for h in founding.spaces(r.state, r.seat):
        if policy_sea.trader_keeps(r, h) or policy_sea.trader_bound(r, h):
            continue
        here = r.site_score(h)
        if r.settler_target(h) == h or late or here >= 6.0:
            out.append((3.0 + 0.1 * here, ready(["found", token(h)])))
    return out


# -- activate -----------------------------------------------------------------------------


def _activate(r: Reading) -> list[Candidate]:
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
    if _draconian(r):
        return -0.3
    if city.mood == HAPPY:
        return 0.5
    return 0.4 + 0.6 * (city.size - 1)


def _draconian(r: Reading) -> bool:
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
    if "trader" in r.hand_goals and settlers < 3 and len(policy_sea.partners(r)) >= 3:
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
        ship += policy_sea.prospects(r, city.port_faces) * (1.0 if len(me.ships) < 2 else 0.5)
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
#: What buying an advance gives up (2 Food, an action) against its worth.
ADVANCE_COST = 0.3
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
        value += 0.4 * max((policy_sea.prospects(r, h) for h in seas), default=0.0)
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


# -- moods --------------------------------------------------------------------------------


def _civic(r: Reading, head: str = "civic") -> list[Candidate]:
    """Raise angry cities, then neutral ones when mood tokens are plenty (p.10: a step costs
    the city's size, one less with Circus & Sports)."""
    me = r.me
    circus = "circus_sports" in me.advances
    spend = me.mood_tokens - (1 if head == "voting" else 0)
    steps: list[str] = []
    value = 0.0
    if _draconian(r):
        return []
    for city in sorted(me.cities, key=lambda c: (r.mood_rank(c), -c.size)):
        cost = max(1, city.size - (1 if circus else 0))
        if city.mood == ANGRY and cost <= spend:
            steps.append(token(city.hex))
            spend -= cost
            value += 0.9 * city.size
        elif city.mood == NEUTRAL and cost <= spend:
            # Happy, the city collects and builds one more every time (p.6).
            steps.append(token(city.hex))
            spend -= cost
            value += 0.6 + 0.2 * city.size + (0.4 if "happy" in r.hand_goals else 0.0)
    if not steps:
        return []
    spent = me.mood_tokens - spend
    toks = [head, *steps]
    return [(value - 0.25 * spent - 0.2, checked(r, toks))]


def whole(r: Reading, toks: list[str]) -> bool:
    """Whether ``choices`` offers ``toks`` as a whole action, token by token."""
    for i, tok in enumerate(toks):
        match = [c for c in choices(r.state, r.seat, toks[:i]) if c.token == tok]
        if not match:
            return False
        if i == len(toks) - 1:
            return match[0].complete
    return False


def checked(r: Reading, toks: list[str]) -> Build:
    """A candidate written out, taken only if ``choices`` offers it whole."""
    return lambda: toks if whole(r, toks) else None


def _voting(r: Reading) -> list[Candidate]:
    return [(s - 0.3, build) for s, build in _civic(r, "voting")]


def _gardens(r: Reading) -> list[Candidate]:
    best: Candidate | None = None
    for city in r.me.cities:
        if city.mood != HAPPY:
            v = (0.9 if city.mood == ANGRY else 0.45) * city.size - 0.3
            toks = ["gardens", token(city.hex)]
            if best is None or v > best[0]:
                best = (v, checked(r, toks))
    return [best] if best else []


# -- wonders, influence, abilities -------------------------------------------------------


#: What a wonder's power is worth to its builder besides its 5 points (p.15), where nothing
#: on the board says more: they are alike (the first one offered, in the order they were
#: revealed, is taken among them).
WONDER_WORTH = 1.0


def wonder_worth(r: Reading, wonder: str, city: City) -> float:
    """What ``wonder``'s power is worth built in ``city``: the Great Lighthouse's is its free
    ship (what a ship could do from the Port, :mod:`rules.clash.policy_sea`) and a ship move
    after each activation, nothing much where the sea leads nowhere; the Great Wall's more
    where barbarians threaten."""
    if wonder == "great_lighthouse" and city.port_faces is not None:
        return 0.6 + policy_sea.prospects(r, city.port_faces) + (0.3 if not r.me.ships else 0.0)
    value = WONDER_WORTH
    if wonder == "great_wall":
        value += 0.3 * min(3.0, max((r.danger(h) for h in r.my_cities), default=0.0))
    return value


def _wonder(r: Reading) -> list[Candidate]:
    """The wonder worth most, in the safest of the cities that can build it."""
    state, seat = r.state, r.seat

    def build() -> list[str] | None:
        best: tuple[float, list[str], bool] | None = None
        for place in choices(state, seat, ["wonder"]):
            city = r.my_cities.get(parse_hex(place.token))
            if city is None:
                continue
            for w in choices(state, seat, ["wonder", place.token]):
                value = wonder_worth(r, w.token, city) - 0.5 * r.danger(city.hex)
                if best is None or value > best[0]:
                    best = (value, ["wonder", place.token, w.token], w.complete)
        # The Great Engineer's resources, if it waits, follow the choices' order.
        return None if best is None else walk(state, seat, best[1], first, best[2])

    return [(8.0, build)]


def _influence(r: Reading, head: str = "influence") -> list[Candidate]:
    """A Cultural Influence attempt on the reachable target worth most (p.10): a foreign
    piece is a point to us and one from them; the range tokens count against it."""
    state, seat = r.state, r.seat
    chance = 0.5 if "conversion" in r.me.advances else 1 / 3
    if r.me.culture_tokens >= 2:
        chance += 0.15
    goal = 1.0 if r.hand_goals & {"consulates", "influence"} else 0.0
    if "consulates" in r.hand_goals and _consulates(r) < 2:
        goal = 2.0  # pieces in 2 cities of other players: each success is half of it

    def build() -> list[str] | None:
        best: tuple[float, list[str]] | None = None
        for source in choices(state, seat, [head]):
            for target in choices(state, seat, [head, source.token]):
                h = parse_hex(target.token)
                owner = r.occ.city.get(h)
                cost = 0.35 * int(target.params.get("count", 0) or 0)
                score = (1.0 if owner == seat else 2.0) - cost
                if goal > 1.0 and owner is not None and owner >= 0 and owner != seat:
                    city = state.seats[owner].city_at(h)
                    if city is not None and all(p.owner != seat for p in city.pieces):
                        score += 1.0  # Consulates: a city without a piece of ours yet
                if best is None or score > best[0]:
                    best = (score, [head, source.token, target.token])
        return None if best is None else walk(state, seat, best[1], first)

    return [(chance * (2.0 + goal) - 0.45, build)]


def _consulates(r: Reading) -> int:
    """Other players' cities holding a piece of this seat's colour (Consulates)."""
    return sum(
        1
        for s, p in enumerate(r.state.seats)
        if s != r.seat
        for c in p.cities
        if any(piece.owner == r.seat for piece in c.pieces)
    )


def _art(r: Reading) -> list[Candidate]:
    return [(s - 0.3, build) for s, build in _influence(r, "art")]


def _barter(r: Reading) -> list[Candidate]:
    """Give what is worth least for Gold or culture tokens while that gains (up to 3)."""
    me = r.me
    given: dict[str, int] = {}
    got: dict[str, int] = {}
    toks: list[str] = []
    gain = 0.0
    while len(toks) < 3:
        best: tuple[float, str, str] | None = None
        for give in (FOOD, "wood", "ore", IDEAS, GOLD):
            if me.resources[give] - given.get(give, 0) <= 0:
                continue
            loss = r.worth(give, -given.get(give, 0) - 1)
            for into in (GOLD, CULTURE):
                if into == give:
                    continue
                v = r.worth(into, got.get(into, 0)) - loss
                if v > 0.15 and (best is None or v > best[0]):
                    best = (v, give, into)
        if best is None:
            break
        v, give, into = best
        given[give] = given.get(give, 0) + 1
        got[into] = got.get(into, 0) + 1
        toks.append(f"{give}-{into}")
        gain += v
    if not toks:
        return []
    full = ["barter", *toks]
    return [(gain - 0.1, checked(r, full))]


def _simple(head: str, gains: Callable[[Reading], float]) -> Callable[[Reading], list[Candidate]]:
    return lambda r: [(gains(r), ready([head]))]


def _tax(r: Reading) -> float:
    return r.worth_of({GOLD: len(r.me.cities)}) - r.worth(MOOD, -1) - 0.1


def _cartography(r: Reading) -> float:
    regions = {r.state.board.slot_at(s.hex) for s in r.me.ships}
    return r.worth(CULTURE) + r.worth_of({IDEAS: len(regions)}) - 0.1


def _liberties(r: Reading) -> float:
    return r.worth_of({MOOD: 3}) - 0.2


def _power(r: Reading) -> float:
    return 0.9 - 2 * r.worth(MOOD, -1) if r.state.turn_state.actions_left <= 1 else 0.0


def _drama(r: Reading) -> list[Candidate]:
    out: list[Candidate] = []
    for get, give in ((CULTURE, MOOD), (MOOD, CULTURE)):
        v = r.worth(get) - r.worth(give, -1)
        if v > 0.05:
            out.append((v - 0.25, checked(r, ["drama", get])))
    return out


def _event(r: Reading) -> list[Candidate]:
    return [(0.8, lambda: walk(r.state, r.seat, ["event"], first))]


# -- trades -------------------------------------------------------------------------------


def _answer(head: str) -> Callable[[Reading], list[Candidate]]:
    def make(r: Reading) -> list[Candidate]:
        out: list[Candidate] = []
        for c in choices(r.state, r.seat, [head]):
            value = offer_value(r, c.params)
            if (head == "accept") == (value > 0.05):
                out.append((0.4 + max(value, 0.0), ready([head, c.token])))
        return out

    return make


def offer_value(r: Reading, params: object) -> float:
    """What accepting an offer gains this seat (the partner): what comes less what goes."""
    if not isinstance(params, dict):
        return 0.0
    incoming = _items(params.get("give", []))
    outgoing = _items(params.get("want", []))
    value = 0.0
    for kind, n in incoming.items():
        value += 0.35 * n if kind in ("action", "objective") else r.worth_of({kind: n})
    for kind, n in outgoing.items():
        for k in range(n):
            value -= max(r.worth(kind, -k - 1), 0.2)
    return value


def _items(items: object) -> dict[str, int]:
    out: dict[str, int] = {}
    if not isinstance(items, list):
        return out
    for item in items:
        kind, _, n = str(item).rpartition("_")
        if kind and n.isdigit():
            out[kind] = out.get(kind, 0) + int(n)
    return out


def _trade(r: Reading) -> list[Candidate]:
    """An offer of a resource held in surplus for one that is lacking (C120)."""
    me = r.me
    kinds = [k for k in (FOOD, "wood", "ore", IDEAS, GOLD) if me.resources[k] >= 2]
    surplus = [k for k in kinds if r.worth(k, -1) < 0.2]
    lacking = [k for k in (FOOD, "wood", "ore", GOLD) if r.worth(k) >= 0.6]
    if not surplus or not lacking:
        return []
    return [(0.4, lambda: offer(r, ["trade"]))]


def offer(r: Reading, prefix: list[str]) -> list[str] | None:
    """``trade @<partner> give <one of what is needed least> for <one of what is needed
    most>``: the partner holding most of it."""
    state, seat = r.state, r.seat

    def worth(c: Choice) -> float:
        kind, _, n = str(c.params.get("item", "")).rpartition("_")
        if not kind or n != "1" or (kind not in r.me.resources and kind not in (MOOD, CULTURE)):
            return -1.0
        return r.worth(kind, -1)

    def partner_stock(c: Choice) -> int:
        name = c.token.lstrip("@")
        if name not in state.players:
            return -1
        them = state.seats[state.players.index(name)]
        return max(them.resources[k] for k in (FOOD, "wood", "ore", GOLD))

    def pick(toks: list[str], options: Sequence[Choice]) -> int | None:
        tokens = [c.token for c in options]
        if toks == ["trade"]:
            return max(range(len(options)), key=lambda i: partner_stock(options[i]))
        if "give" in tokens:
            return tokens.index("give")
        if toks[-1] == "give":
            items = [i for i, c in enumerate(options) if worth(c) >= 0]
            return min(items, key=lambda i: worth(options[i])) if items else 0
        if "for" in toks:
            if toks[-1] != "for":
                return None
            wanted = [i for i, c in enumerate(options) if worth(c) >= 0]
            if not wanted:
                return None
            return max(wanted, key=lambda i: r.worth(_kind(options[i])))
        return tokens.index("for") if "for" in tokens else None

    return walk(state, seat, prefix, pick)


def _kind(c: Choice) -> str:
    return str(c.params.get("item", "")).rpartition("_")[0]


def _cards(r: Reading) -> list[Candidate]:
    return [(score, build) for score, build in card_candidates(r)]


def _move(r: Reading) -> list[Candidate]:
    found = move_value(r)
    return [] if found is None else [(found[0], ready(found[1]))]


_MAKERS: dict[str, Callable[[Reading], list[Candidate]]] = {
    "advance": _advance,
    "found": _found,
    "activate": _activate,
    "move": _move,
    "civic": _civic,
    "voting": _voting,
    "influence": _influence,
    "art": _art,
    "barter": _barter,
    "tax": _simple("tax", _tax),
    "cartography": _simple("cartography", _cartography),
    "liberties": _simple("liberties", _liberties),
    "power": _simple("power", _power),
    "drama": _drama,
    "wonder": _wonder,
    "gardens": _gardens,
    "event": _event,
    "card": _cards,
    "trade": _trade,
    "accept": _answer("accept"),
    "refuse": _answer("refuse"),
}
