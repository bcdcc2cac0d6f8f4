"""The heuristic player's turn (:mod:`rules.clash.player.policy`): every action on the menu gets a
candidate, scored in victory points, and the best is taken; ``end`` when none is worth
anything. Scores are worked out from the position with the rules modules' own checks (cheap);
only the action taken is written out token by token. What costs no action (most action
cards, Drama & Music, Voting, answering a trade) gets a small bonus so that it comes first.

* **Advance**: the advance worth most (:func:`rules.clash.player.values.advance_worth`),
  paid with Ideas before Food.
* **Found City**: where the settler stands, unless a clearly better site is next to it.
* **Activate City**: :mod:`rules.clash.player.cities`.
* **Move**: :mod:`rules.clash.player.war`.
* **Civic Improvement** / Voting / Great Gardens: angry cities first, then neutral ones while
  mood tokens are plenty.
* **Wonders** whenever one can be built (the one whose power is worth most, the Great
  Lighthouse where its ship has a use); **Cultural Influence** when a target is in reach;
  **Bartering** what is not needed into Gold and culture tokens (for a wonder); Taxation,
  Cartography, Civil Liberties, Absolute Power and kept event cards when they gain something.
* **Action cards** for their civil half (:mod:`rules.clash.player.civil`).
* **Trades**: :mod:`rules.clash.player.trade`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.clash.actions import advance_gains, advancing, founding
from rules.clash.board.hexes import parse_hex, token
from rules.clash.box.components import ANGRY, FOOD, GOLD, HAPPY, IDEAS, NEUTRAL
from rules.clash.dispatch.contexts import choices
from rules.clash.model.resources import CULTURE, MOOD
from rules.clash.model.state import City
from rules.clash.player import sea
from rules.clash.player.cities import activate_candidates, draconian
from rules.clash.player.civil import card_candidates
from rules.clash.player.survey import Reading
from rules.clash.player.trade import answer, trade_candidates
from rules.clash.player.values import advance_worth
from rules.clash.player.walk import Build, Candidate, first, ready, walk
from rules.clash.player.war import move_value

#: What costing no action adds to a candidate's score.
FREE_BONUS = 0.3
#: What buying an advance gives up (2 Food, an action) against its worth.
ADVANCE_COST = 0.3
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


# -- advance ------------------------------------------------------------------------------


def _advance(r: Reading) -> list[Candidate]:
    state, seat, me = r.state, r.seat, r.me
    buyable = advance_gains.buyable(state, seat)
    if not buyable:
        return []
    best = max(buyable, key=lambda a: advance_worth(r, a))
    value = advance_worth(r, best) - ADVANCE_COST
    if advance_gains.switching(me, best):
        return [(value, lambda: walk(state, seat, ["advance", best], first))]
    saving = "ideas" in r.hand_goals and me.resources[FOOD] >= 2
    food = advance_gains.cost(state, seat, best)[FOOD]
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
        if sea.trader_keeps(r, h) or sea.trader_bound(r, h):
            continue
        here = r.site_score(h)
        if r.settler_target(h) == h or late or here >= 6.0:
            out.append((3.0 + 0.1 * here, ready(["found", token(h)])))
    return out


# -- moods --------------------------------------------------------------------------------


def _civic(r: Reading, head: str = "civic") -> list[Candidate]:
    """Raise angry cities, then neutral ones when mood tokens are plenty (p.10: a step costs
    the city's size, one less with Circus & Sports)."""
    me = r.me
    circus = "circus_sports" in me.advances
    spend = me.mood_tokens - (1 if head == "voting" else 0)
    steps: list[str] = []
    value = 0.0
    if draconian(r):
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
    ship (what a ship could do from the Port, :mod:`rules.clash.player.sea`) and a ship move
    after each activation, nothing much where the sea leads nowhere; the Great Wall's more
    where barbarians threaten."""
    if wonder == "great_lighthouse" and city.port_faces is not None:
        return 0.6 + sea.prospects(r, city.port_faces) + (0.3 if not r.me.ships else 0.0)
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
            head = ["wonder", place.token]
            found = choices(state, seat, head)
            if [w.token for w in found] == ["forced"]:
                # An angry city builds under Forced Labor, for a mood token (C137).
                head.append("forced")
                found = choices(state, seat, head)
            for w in found:
                value = wonder_worth(r, w.token, city) - 0.5 * r.danger(city.hex)
                if best is None or value > best[0]:
                    best = (value, [*head, w.token], w.complete)
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


def _move(r: Reading) -> list[Candidate]:
    found = move_value(r)
    return [] if found is None else [(found[0], ready(found[1]))]


_MAKERS: dict[str, Callable[[Reading], list[Candidate]]] = {
    "advance": _advance,
    "found": _found,
    "activate": activate_candidates,
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
    "card": card_candidates,
    "trade": trade_candidates,
    "accept": answer("accept"),
    "refuse": answer("refuse"),
}
