"""Trade Routes and Currency (p.2, p.5; rules reference §2.1, §7.1; C7, C24, C63): the income
taken at the start of each of your turns, before its first action
(:func:`rules.clash.rounds.start.begin_turn`).

**Income.** 1 Food per settler or ship of yours within 2 spaces of a non-angry city of another
player, each such city counted for one of your units only, at most 4 (p.2). So the income is
the largest number of pairs (unit, city) in which no unit and no city appears twice: a
matching, worked out here, never the player's choice (it only gives a number). Distance is
counted step by step through explored spaces of any terrain, Sea and foreign cities and units
included, never across a face-down region (p.4, C63). Counted: settlers on land and ships
(a settler aboard a ship is not counted apart from its ship, C24); cities of every other
player, a resigned one's included (its cities stay on the board,
:mod:`rules.clash.dispatch.resign`), neutral or happy; never barbarian cities (C24) nor your own.
Food over the cap (2 without Storage) is lost (C7 (a)).

**Currency** (p.2): the income may be taken as Gold instead of Food, in part or in full. Which
split is the player's choice, a nested decision (kind ``trade_routes``) asked before anything
else of the turn, with one rule: only the splits that keep as much of the income as the two
tracks can hold are answers. A split that lets Food go over its cap while the Gold track has
room (or the reverse) only throws income away; like paying Gold while holding the resource
(:mod:`rules.clash.model.resources`, C6) it is never a sensible choice and is not asked. When that
leaves one split (Food already at its cap: all Gold; Gold at 8: all Food; both full: all lost),
it is taken at once; otherwise the player answers.

**Grammar** of the decision::

    <n>     the Gold taken (0 to the income); the rest of the income is Food

``2`` with an income of 3 takes 2 Gold and 1 Food. Only the splits above are offered.

**Events**: ``clash.trade_routes`` (``player``, ``count`` the income, ``got`` as
``<kind>_<count>`` amounts), then ``clash.over_cap`` (``player``, ``lost``) for Food the
tracks could not take; ``clash.trade_routes_lost`` (``player``, ``count``) when none of it
could be kept; ``clash.trade_routes_due`` (``player``, ``count``) when the Currency decision
is asked (``prompt.clash.trade_routes``, params ``count``; its answers are labelled
``clash.choice.trade_split`` with ``gold`` and ``food``).

**Refusals**: ``trade_split`` (``allowed``): the answer is not one of the splits offered;
``too_many_tokens`` (``token``).
"""

from __future__ import annotations

from collections import Counter

from rules.clash.actions.collect import amounts, over_cap
from rules.clash.board.hexes import Hex, steps
from rules.clash.box.components import ANGRY, FOOD, GOLD, storage_limit
from rules.clash.model.registry import Answer
from rules.clash.model.resources import gain
from rules.clash.model.state import TURN, ClashState
from rules.clash.model.terrain import terrains
from rules.core import Choice, Decision, Event, IllegalAction, number

TRADE_ROUTES, CURRENCY = "trade_routes", "currency"
#: The kind of the nested decision (``prompt.clash.trade_routes``).
TRADE_DECISION = "trade_routes"
#: How far a unit may stand from the city it trades with (p.2).
ROUTE_REACH = 2
#: The most Food one turn's Trade Routes give (p.2).
MAX_INCOME = 4


def _units(state: ClashState, seat: int, ships_only: bool = False) -> list[Hex]:
    """Where each counted unit stands: every settler on land, then every ship (C24)."""
    me = state.seats[seat]
    on_land = [] if ships_only else [h for h, n in sorted(me.settlers.items()) for _ in range(n)]
    return on_land + [s.hex for s in me.ships]


def _partners(state: ClashState, seat: int) -> list[Hex]:
    """The non-angry cities of the other players (barbarians never count, C24)."""
    return sorted(
        c.hex
        for other, p in enumerate(state.seats)
        if other != seat
        for c in p.cities
        if c.mood != ANGRY
    )


def _matching(reach: list[list[Hex]]) -> int:
    """The largest number of units paired with distinct cities (augmenting paths: at most
    8 units, a few cities)."""
    paired: dict[Hex, int] = {}

    def augment(unit: int, seen: set[Hex]) -> bool:
        for city in reach[unit]:
            if city in seen:
                continue
            seen.add(city)
            if city not in paired or augment(paired[city], seen):
                paired[city] = unit
                return True
        return False

    return sum(1 for unit in range(len(reach)) if augment(unit, set()))


def route_units(state: ClashState, seat: int, ships_only: bool = False) -> int:
    """How many of ``seat``'s settlers and ships (or ships only) trade with a distinct
    non-angry city of another player now, owning Trade Routes or not (the objectives count
    them too: Trader, Sea Lanes)."""
    cities = _partners(state, seat)
    units = _units(state, seat, ships_only)
    if not cities or not units:
        return 0
    explored = terrains(state)
    near: dict[Hex, list[Hex]] = {}
    for h in units:
        if h not in near:
            found = steps(h, lambda x: x in explored, ROUTE_REACH)
            near[h] = [c for c in cities if c in found]
    return _matching([near[h] for h in units])


def income(state: ClashState, seat: int) -> int:
    """What Trade Routes give ``seat`` now (0 without the advance), before the caps."""
    if TRADE_ROUTES not in state.seats[seat].advances:
        return 0
    return min(MAX_INCOME, route_units(state, seat))


def splits(state: ClashState, seat: int, count: int) -> list[int]:
    """The Gold an income of ``count`` may be taken as (the rest is Food): every split that
    keeps as much as the two tracks can hold; only all Food without Currency."""
    me = state.seats[seat]
    food_room = max(0, storage_limit(me.advances, FOOD) - me.resources[FOOD])
    if CURRENCY not in me.advances:
        return [0]
    gold_room = max(0, storage_limit(me.advances, GOLD) - me.resources[GOLD])
    kept = min(count, food_room + gold_room)
    return list(range(max(0, kept - food_room), min(gold_room, kept) + 1))


def begin(state: ClashState) -> list[Event]:
    """The active player's Trade Routes income (p.2): taken at once, or asked when Currency
    leaves a choice."""
    seat = state.active
    count = income(state, seat)
    if not count:
        return []
    options = splits(state, seat, count)
    if len(options) == 1:
        return _take(state, seat, count, options[0])
    decision = Decision(
        f"{TRADE_DECISION}:{state.round}.{state.turn}.{seat}",
        seat,
        TRADE_DECISION,
        {"count": count},
        seat,
    )
    state.prompts = state.prompts.push(decision)
    due = Event("clash.trade_routes_due", {"player": state.players[seat], "count": count})
    return [due]


def _take(state: ClashState, seat: int, count: int, gold: int) -> list[Event]:
    """Gain ``gold`` Gold and the rest as Food, within the caps (C7 (a))."""
    me = state.seats[seat]
    kept: Counter[str] = Counter()
    kept[FOOD] = gain(me, FOOD, count - gold)
    kept[GOLD] = gain(me, GOLD, gold)
    lost = Counter({FOOD: count - kept[FOOD] - kept[GOLD]})
    player = state.players[seat]
    if not +kept:
        return [Event("clash.trade_routes_lost", {"player": player, "count": count})]
    params = {"player": player, "count": count, "got": amounts(kept)}
    return [Event("clash.trade_routes", params), *over_cap(state, seat, lost)]


# -- the Currency decision --------------------------------------------------------------------


def decision_problem(state: ClashState, decision: Decision) -> str | None:
    """Why ``decision`` (kind ``trade_routes``) cannot stand in ``state``, or None: for
    positions and invariants. It is asked at the start of its player's turn (nothing of the
    turn used yet), ``count`` is what Trade Routes give now, and Currency leaves more than one
    split (else it would have been taken at once)."""
    p = decision.params
    seat = decision.seat
    if set(p) != {"count"}:
        return f"trade routes decision params {sorted(p)}"
    if state.phase != TURN or decision.turn != seat or state.active != seat:
        return "trade routes decision outside its player's turn"
    ts = state.turn_state
    # Actions spent, not actions left: an Assassination starts a turn with one fewer.
    if ts.spent or ts.used or ts.moving or ts.influenced or ts.civil_played:
        return "trade routes decision after the start of the turn"
    count = p["count"]
    if not isinstance(count, int) or isinstance(count, bool) or count != income(state, seat):
        return f"trade routes decision count {count!r}, income {income(state, seat)}"
    if len(splits(state, seat, count)) < 2:
        return "trade routes decision with a single split"
    return None


def answer_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    """The Gold taken (``0`` to the income), each with its split."""
    if prefix:
        return []
    count = int(decision.params["count"])
    return [
        Choice(str(g), "clash.choice.trade_split", {"gold": g, "food": count - g})
        for g in splits(state, decision.seat, count)
    ]


def answer_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    """``<n>``: ``n`` Gold, the rest Food."""
    head, *rest = toks
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    count = int(decision.params["count"])
    allowed = splits(state, decision.seat, count)
    gold = number(head)
    if gold is None or gold not in allowed:
        raise IllegalAction("trade_split", allowed=[str(g) for g in allowed])
    state.prompts = state.prompts.pop(decision.id)
    return _take(state, decision.seat, count, gold)


#: How the Currency decision is answered (:data:`rules.clash.dispatch.grammar.DECISIONS`).
TRADE_ANSWER = Answer(answer_choices, answer_apply, decision_problem)
