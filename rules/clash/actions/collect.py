"""Collect (p.8, p.5, p.6, p.2, p.20; rules reference §3.3.1; C7, C21, C22, C23): one of the
three uses of Activate City, written ``activate <city> collect <space> ...``
(:mod:`rules.clash.actions.activation` reads the city and the use).

The city takes up to its effective size of resources (size + 1 happy, size neutral, 1 angry,
p.6, p.8), **at most one from each space** (p.8), from its own space and the spaces next to
it. Each space is named once, in any order; fewer than the effective size is allowed, none is
not:

* ``c2`` takes what the terrain yields (p.5, p.8): Fertile Food and Forest Wood with Farming,
  Mountain Ore with Mining, Barren Food with Irrigation, Sea Food with Fishing, and then from
  **one** Sea space per Collect (p.2, p.8);
* ``d3-gold`` or ``d3-mood``: a city with a Port takes 1 Gold or 1 mood token instead of the
  Food of its Sea space (p.2, p.6; C22: one of the two, "or"; C23: it replaces the Food of
  Fishing's single Sea space, whichever one next to the city that is);
* **Husbandry** (p.2, p.8, p.20): land spaces two steps away, counted through explored spaces
  only (p.4, C63), may be named too, once per turn; naming one uses it, and its 1 Food (none
  with Roads; Gold stands in, C6, or pays instead when the Collect ends with ``gold``, C138)
  is paid before anything is collected (p.20).

Never collected from (p.8, p.13): a space with another city (anyone's, barbarians' too), with
foreign units (ships included), with an Exhausted marker, or lying face down. Caps apply after
collecting: what a track cannot take is lost (C7 (a); Food 2 without Storage, 8 otherwise;
tokens 8). **Public Education** adds 1 Idea when the city has an Academy (p.2, p.5, C23).
**Economic Liberty** (p.2, p.8): the first Collect of each turn costs no action (the action
the dispatcher spent is given back), every later one costs its action and 2 mood tokens
(C21 (a)). **Great Gardens** (p.15): after its city collects, 1 Food more (within the cap).
The action cards Focused Collection (a space may be named more than once) and Mass
Collection (2 more spaces) change the turn's next Collect (:func:`collection_card`).

Refusals (each with the space or city named): ``nothing_to_collect`` (no space yields
anything to this city now, p.8), ``collect_needs_a_space`` (p.8), ``too_many_spaces`` (more
spaces than the effective size, p.6, p.8), ``space_listed_twice`` (one resource a space, p.8),
``one_sea_space`` (Fishing, p.2), ``bad_collect_token`` (neither a space nor ``<space>-gold`` /
``<space>-mood``), ``too_far_to_collect`` (not the city's space or next to it, Husbandry
aside, p.8), ``space_unexplored`` (p.4), ``space_has_a_city``, ``space_has_foreign_units`` (p.8),
``space_exhausted`` (p.13), ``collect_needs_advance`` (the terrain's advance is missing, p.2,
p.5), ``port_income_from_sea`` and ``port_income_needs_a_port`` (p.2, p.6),
``husbandry_land_only``, ``husbandry_used`` and ``cannot_pay_husbandry`` (p.2, p.20),
``economic_liberty_needs_mood_tokens`` (p.2, C21).

The helpers at the top (:class:`Activation`, :func:`amounts`, :func:`take`) are shared by the
other two uses, :mod:`rules.clash.actions.building` and :mod:`rules.clash.actions.growth`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from rules.clash.board.hexes import Hex, label, token
from rules.clash.board.tiles import BARREN, FERTILE, FOREST, LAND, MOUNTAIN, SEA, Terrain
from rules.clash.box.advances import FARMING, MINING
from rules.clash.box.components import ACADEMY, FOOD, GOLD, IDEAS, ORE, PORT, RESOURCES, WOOD
from rules.clash.model.civil_cards import FOCUSED, MASS
from rules.clash.model.occupancy import Occupancy
from rules.clash.model.paying import Cost
from rules.clash.model.resources import (
    CULTURE,
    MOOD,
    Gold,
    can_pay,
    gain,
    gain_tokens,
    pay,
    spend_tokens,
)
from rules.clash.model.state import City, ClashState, PlayerState, working
from rules.core import Choice, Event, IllegalAction

# -- shared by the three uses ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Activation:
    """A city being activated, as its use sees it: the city before the activation, its
    effective size (p.6, p.8; Forced Labor counted), whether it still acts as angry (p.6, p.8)
    the mood tokens the use may spend (Forced Labor's own token set aside)."""

    city: City
    size: int
    angry: bool
    mood: int
    #: Who stands where now (read once for every city and use a choice looks at).
    occ: Occupancy = field(compare=False, repr=False)


#: Resources then tokens: the order amounts are told in.
KINDS: tuple[str, ...] = (*RESOURCES, MOOD, CULTURE)


def amounts(counts: Mapping[str, int]) -> list[str]:
    """``{"food": 2, "mood": 1}`` as the texts' keys ``["food_2", "mood_1"]``
    (``clash.activate.amount.food_2`` is "2 Food"), in :data:`KINDS` order, zeros left out."""
    return [f"{k}_{counts[k]}" for k in KINDS if counts.get(k, 0) > 0]


def take(me: PlayerState, gains: Sequence[tuple[str, int]]) -> tuple[Counter[str], Counter[str]]:
    """Gain resources and tokens within their caps; returns what was kept and what was lost
    over the caps (C7 (a); tokens stop at 8, p.4)."""
    kept: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for kind, n in gains:
        got = gain(me, kind, n) if kind in RESOURCES else gain_tokens(me, kind, n)
        kept[kind] += got
        lost[kind] += n - got
    return +kept, +lost


def gained(state: ClashState, seat: int, why: str, kept: Mapping[str, int]) -> list[Event]:
    """The event of a bonus (``why``: ``public_education``, ``nationalism``, ``temple``,
    ``academy``), if anything was kept."""
    if not any(kept.values()):
        return []
    params = {"player": state.players[seat], "why": why, "got": amounts(kept)}
    return [Event("clash.bonus", params)]


def over_cap(state: ClashState, seat: int, lost: Mapping[str, int]) -> list[Event]:
    """What the tracks could not take (C7 (a)), if anything."""
    if not any(lost.values()):
        return []
    return [Event("clash.over_cap", {"player": state.players[seat], "lost": amounts(lost)})]


def mark_used(state: ClashState, ability: str) -> None:
    """A once-per-turn ability is used (``TurnState.used``, §2.3)."""
    ts = state.turn_state
    state.turn_state = replace(ts, used=ts.used | {ability})


# -- Collect --------------------------------------------------------------------------------

IRRIGATION, FISHING, HUSBANDRY, ROADS = "irrigation", "fishing", "husbandry", "roads"
PUBLIC_EDUCATION, ECONOMIC_LIBERTY = "public_education", "economic_liberty"
GREAT_GARDENS: Final = "great_gardens"
GARDENS_FOOD: Final = 1
#: What each terrain yields and the advance it needs (p.2, p.5, p.8).
YIELD: dict[Terrain, tuple[str, str]] = {
    FERTILE: (FOOD, FARMING),
    FOREST: (WOOD, FARMING),
    MOUNTAIN: (ORE, MINING),
    BARREN: (FOOD, IRRIGATION),
    SEA: (FOOD, FISHING),
}
#: What a Port city may take from its Sea space instead of the Food (p.2, C22): ``d3-gold``.
PORT_INCOME: tuple[str, ...] = (GOLD, MOOD)
#: Husbandry's Food (none with Roads) (p.2, p.20); it reaches two steps (:func:`_far`).
HUSBANDRY_FOOD: Final = 1
#: What every Collect after the turn's first costs with Economic Liberty (p.2, C21 (a)).
ECONOMIC_LIBERTY_MOOD: Final = 2
#: Mass Collection's extra resources (docs/clash-cards.md P15).
MASS_EXTRA: Final = 2
FREE, PAID = "free", "paid"


@dataclass(frozen=True, slots=True)
class Spot:
    """One space named in a Collect: what it gives and whether Husbandry reaches it."""

    space: Hex
    terrain: Terrain
    takes: str
    far: bool


@dataclass(frozen=True, slots=True)
class Collect:
    """A Collect as checked: the spaces in the order named, and how Economic Liberty counts it
    (``free``, ``paid`` or None without the advance)."""

    spots: tuple[Spot, ...]
    liberty: str | None


def _liberty(state: ClashState, seat: int) -> str | None:
    if ECONOMIC_LIBERTY not in state.seats[seat].advances:
        return None
    return PAID if ECONOMIC_LIBERTY in state.turn_state.used else FREE


def _husbandry_food(me: PlayerState) -> int:
    return 0 if ROADS in me.advances else HUSBANDRY_FOOD


def _far(start: Hex, occ: Occupancy) -> frozenset[Hex]:
    """Explored spaces exactly two steps from ``start``, counted through explored spaces
    (p.4, p.20, C63); Husbandry reaches the land ones."""
    key = ("husbandry", start)
    if key not in occ.memo:
        # Two steps through explored spaces: the explored spaces next to an explored
        # neighbour of ``start`` that are neither ``start`` nor one of those neighbours.
        explored = occ.terrain
        near = {n for n in start.neighbours() if n in explored}
        occ.memo[key] = frozenset(
            h
            for n in near
            for h in n.neighbours()
            if h in explored and h != start and h not in near
        )
    out: frozenset[Hex] = occ.memo[key]
    return out


def _spot(
    state: ClashState, seat: int, act: Activation, h: Hex, income: str | None, occ: Occupancy
) -> Spot | IllegalAction:
    """What space ``h`` gives this Collect (``income``: the Port's ``gold``/``mood``), or why
    it gives nothing."""
    me = state.seats[seat]
    c = act.city
    near = h == c.hex or h in c.hex.neighbours()
    terrain = occ.terrain.get(h)
    if not near:
        if HUSBANDRY not in me.advances or h not in _far(c.hex, occ):
            return IllegalAction("too_far_to_collect", space=label(h), city=label(c.hex))
        if terrain not in LAND:
            return IllegalAction("husbandry_land_only", space=label(h))
        if HUSBANDRY in state.turn_state.used:
            return IllegalAction("husbandry_used", space=label(h))
        if not can_pay(me, {FOOD: _husbandry_food(me)}):
            return IllegalAction("cannot_pay_husbandry", space=label(h), food=HUSBANDRY_FOOD)
    if terrain is None:
        return IllegalAction("space_unexplored", space=label(h))
    if h != c.hex and h in occ.city:
        return IllegalAction("space_has_a_city", space=label(h))
    others = (*occ.units.get(h, ()), *occ.ships.get(h, ()))
    if any(o != seat for o in others):
        return IllegalAction("space_has_foreign_units", space=label(h))
    if h in state.exhausted:
        return IllegalAction("space_exhausted", space=label(h))
    kind, needs = YIELD[terrain]
    if needs not in me.advances:
        return IllegalAction("collect_needs_advance", space=label(h), terrain=terrain)
    if income is not None:
        if terrain != SEA:
            return IllegalAction("port_income_from_sea", space=label(h))
        if c.piece(PORT) is None:
            return IllegalAction("port_income_needs_a_port", city=label(c.hex))
        if not working(state, c, PORT):  # a captured Port (C131)
            return IllegalAction("port_needs_fishing", city=label(c.hex))
        kind = income
    return Spot(h, terrain, kind, not near)


def _read(state: ClashState, tok: str) -> tuple[Hex, str | None]:
    """``c2`` or ``d3-gold`` / ``d3-mood``."""
    base, dash, income = tok.partition("-")
    if dash and income not in PORT_INCOME:
        raise IllegalAction("bad_collect_token", token=tok)
    return state.board.parse(base), income or None


def _reach(state: ClashState, seat: int, act: Activation, occ: Occupancy) -> Iterator[Hex]:
    """The spaces a Collect of this city might name: its own and those next to it, then, with
    Husbandry, the explored land two steps away (worked out only if asked for)."""
    c = act.city
    yield c.hex
    yield from state.board.neighbours(c.hex)
    if HUSBANDRY in state.seats[seat].advances:
        yield from (h for h in _far(c.hex, occ) if occ.terrain.get(h) in LAND)


def candidates(state: ClashState, seat: int, act: Activation, occ: Occupancy) -> dict[str, Spot]:
    """Every token a Collect of this city may name, in board order (the Port's options after
    the plain Sea space)."""
    port = working(state, act.city, PORT)
    out: dict[str, Spot] = {}
    for h in sorted(set(_reach(state, seat, act, occ))):
        spot = _spot(state, seat, act, h, None, occ)
        if not isinstance(spot, Spot):
            continue
        out[token(h)] = spot
        if port and spot.terrain == SEA:
            for income in PORT_INCOME:
                out[f"{token(h)}-{income}"] = replace(spot, takes=income)
    return out


def _anything(state: ClashState, seat: int, act: Activation, occ: Occupancy) -> bool:
    """Whether :func:`candidates` is not empty, stopping at the first space that yields."""
    return any(
        isinstance(_spot(state, seat, act, h, None, occ), Spot)
        for h in _reach(state, seat, act, occ)
    )


def _liberty_problem(state: ClashState, seat: int, act: Activation) -> IllegalAction | None:
    if _liberty(state, seat) == PAID and act.mood < ECONOMIC_LIBERTY_MOOD:
        return IllegalAction("economic_liberty_needs_mood_tokens", count=ECONOMIC_LIBERTY_MOOD)
    return None


def available(state: ClashState, seat: int, act: Activation) -> bool:
    """Whether this city can collect anything now."""
    if _liberty_problem(state, seat, act) is not None:
        return False
    return _anything(state, seat, act, act.occ)


def collection_card(state: ClashState) -> str | None:
    """Focused Collection or Mass Collection played for the turn's next Collect, if any
    (:mod:`rules.clash.cards.civil_effects`)."""
    return next((c for c in state.turn_state.card_modifiers if c in (FOCUSED, MASS)), None)


def _limit(state: ClashState, act: Activation) -> int:
    """How many resources the Collect takes at most: the effective size, 2 more with Mass
    Collection (from 2 more spaces, docs/clash-cards.md P15)."""
    return act.size + (MASS_EXTRA if collection_card(state) == MASS else 0)


def check(
    state: ClashState, seat: int, act: Activation, toks: Sequence[str], final: bool = True
) -> Collect:
    """Read and check ``<space> ...`` (``final``: the action ends here). With Focused
    Collection a space may be named more than once (P10: the total stays the same)."""
    err = _liberty_problem(state, seat, act)
    if err is not None:
        raise err
    occ = act.occ
    city = label(act.city.hex)
    if not toks and not _anything(state, seat, act, occ):
        raise IllegalAction("nothing_to_collect", city=city)
    limit = _limit(state, act)
    focused = collection_card(state) == FOCUSED
    spots: list[Spot] = []
    for tok in toks:
        if len(spots) >= limit:
            raise IllegalAction("too_many_spaces", count=limit, city=city)
        h, income = _read(state, tok)
        spot = _spot(state, seat, act, h, income, occ)
        if isinstance(spot, IllegalAction):
            raise spot
        if any(s.space == h for s in spots) and not focused:
            raise IllegalAction("space_listed_twice", space=label(h))
        sea = next((s for s in spots if s.terrain == SEA), None)
        if spot.terrain == SEA and sea is not None and sea.space != h:
            raise IllegalAction("one_sea_space", space=label(h), sea=label(sea.space))
        spots.append(spot)
    if final and not spots:
        raise IllegalAction("collect_needs_a_space", city=city)
    return Collect(tuple(spots), _liberty(state, seat))


def price(state: ClashState, seat: int, plan: Collect) -> dict[str, int]:
    """What the Collect costs: Husbandry's Food when it reaches a space two steps away."""
    far = any(s.far for s in plan.spots)
    return {FOOD: _husbandry_food(state.seats[seat])} if far else {}


def costs(state: ClashState, seat: int, act: Activation, toks: Sequence[str]) -> Cost:
    """Who pays and what, for the whole Collect ``toks`` (IllegalAction if it is none)."""
    return state.seats[seat], price(state, seat, check(state, seat, act, toks))


def next_tokens(state: ClashState, seat: int, act: Activation, toks: Sequence[str]) -> list[Choice]:
    """The spaces that may follow the ones named (each complete: fewer is allowed)."""
    try:
        chosen = check(state, seat, act, toks, final=False).spots
    except IllegalAction:
        return []
    limit = _limit(state, act)
    if len(chosen) >= limit:
        return []
    focused = collection_card(state) == FOCUSED
    taken = set() if focused else {s.space for s in chosen}
    sea_taken = {s.space for s in chosen if s.terrain == SEA}
    free = {
        tok: s
        for tok, s in candidates(state, seat, act, act.occ).items()
        if s.space not in taken and not (s.terrain == SEA and sea_taken - {s.space})
    }
    room = len(chosen) + 1 < limit
    out = []
    for tok, s in free.items():
        more = room and (
            focused
            or any(
                o.space != s.space and not (o.terrain == SEA and s.terrain == SEA)
                for o in free.values()
            )
        )
        key = f"clash.activate.take_far.{s.takes}" if s.far else f"clash.activate.take.{s.takes}"
        out.append(Choice(tok, key, {"space": label(s.space)}, complete=True, more=more))
    return out


def resolve(
    state: ClashState, seat: int, act: Activation, plan: Collect, gold: Gold = ()
) -> list[Event]:
    """Collect (the action is spent by the dispatcher; Economic Liberty gives it back);
    ``gold`` Gold named pay Husbandry's Food instead of the Food held (C138)."""
    me = state.seats[seat]
    player = state.players[seat]
    events: list[Event] = []
    card = collection_card(state)
    if card is not None:
        ts = state.turn_state
        left = tuple(c for c in ts.card_modifiers if c != card)
        state.turn_state = replace(ts, card_modifiers=left)
        events.append(Event("clash.collection_card_used", {"player": player, "civil": card}))
    if plan.liberty == FREE:
        mark_used(state, ECONOMIC_LIBERTY)
        ts = state.turn_state
        state.turn_state = replace(ts, actions_left=ts.actions_left + 1)
        events.append(Event("clash.free_collect", {"player": player}))
    elif plan.liberty == PAID:
        spend_tokens(me, MOOD, ECONOMIC_LIBERTY_MOOD)
        paid = amounts({MOOD: ECONOMIC_LIBERTY_MOOD})
        events.append(Event("clash.economic_liberty_paid", {"player": player, "paid": paid}))
    if any(s.far for s in plan.spots):
        # Paid before collecting (p.20): the Food it costs makes room on the track.
        mark_used(state, HUSBANDRY)
        food = _husbandry_food(me)
        if food:
            paid = amounts(pay(me, {FOOD: food}, gold))
            events.append(Event("clash.husbandry_paid", {"player": player, "paid": paid}))
        else:
            events.append(Event("clash.husbandry_by_roads", {"player": player}))
    took = Counter(s.takes for s in plan.spots)
    _, lost = take(me, [(s.takes, 1) for s in plan.spots])
    city = label(act.city.hex)
    events.append(
        Event(
            "clash.collected",
            {
                "player": player,
                "city": city,
                "spaces": [label(s.space) for s in plan.spots],
                "took": amounts(took),
            },
        )
    )
    if PUBLIC_EDUCATION in me.advances and act.city.piece(ACADEMY) is not None:
        bonus, over = take(me, [(IDEAS, 1)])
        events += gained(state, seat, PUBLIC_EDUCATION, bonus)
        lost += over
    if act.city.wonder == GREAT_GARDENS:
        # After the city's own take (p.15), so the Food cap may cut it.
        bonus, over = take(me, [(FOOD, GARDENS_FOOD)])
        events += gained(state, seat, GREAT_GARDENS, bonus)
        lost += over
    return events + over_cap(state, seat, lost)
