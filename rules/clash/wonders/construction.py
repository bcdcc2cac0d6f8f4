"""The seven wonders (p.14, p.15, p.2, p.20; rules reference §6.4, §7.3; docs/clash-cards.md §6;
C27, C59, C60, C110-C117): their cards, building one, and the Great Gardens' ability.

**The cards** (:data:`WONDER`): the requirements are the seed's (Engineering and one advance
more; the Great Lighthouse's city needs a Port), the costs Monumental's (12 resources and 5
culture tokens each, C60). Each card keeps its provenance (``source``): requirements and
powers ``seed``, costs ``monumental``, the Great Library's 3 Ideas ``designed`` (C59).

**Building** ``wonder <city> [forced] <wonder>`` (Engineering's ability, p.20, C27): one action
activates a city of yours that is not angry and has no wonder (in the printed edition an angry
one too under Forced Labor, paid before or with ``forced``, once while angry, C137); the
wonder must be revealed
(``state.cards.revealed``), not reserved by another player, its advances owned and its cost
paid. Its resources are paid as every payment is (:mod:`rules.clash.model.resources`, C6): each one
with itself, Gold for what is lacking, so a Food cost above the Food limit needs Gold (or
Storage); the action may end with ``gold`` once per Gold paid instead of a resource held
(C110, C138: ``wonder d2 great_statue gold gold``; the choice label shows what is paid
without). The culture tokens are paid too. A wonder reserved with Monuments is built by its
reserver without an action (p.2, p.20, C27): the turn action costs no action by itself
(``costs_action`` False) and spends one for any other wonder. The wonder goes into the city
(:attr:`rules.clash.model.state.City.wonder`) and leaves the revealed ones and any
reservation; the city is activated as Activate City does
(:func:`rules.clash.actions.activation.activated`: a repeated activation lowers its mood, C26,
C27). A wonder does not change the city's size (p.14).

**The Great Engineer** (E37, docs/clash-cards.md §4.2, C86): used for a wonder (``event e37
wonder``, :mod:`rules.clash.cards.kept_events`), it waits in :attr:`TurnState.card_modifiers` for
the turn's next wonder, which then costs 3 resources fewer, any kinds of its cost the player names
after the wonder (``wonder d2 great_statue ore ore wood``; at most what the cost holds of a
kind; the culture tokens stay). While it waits every wonder is offered and checked at its
cheapest such price, and the choices name the resources one by one, in cost order, ending
with what will be paid.

**When built** (p.15): the Great Library gives 3 Ideas (C59); the Great Lighthouse a ship on
its city's Port space (attacking a foreign ship there at once, as a ship built there does,
C44, C115); the Great Pyramids let their city make two Cultural Influence attempts
(:func:`rules.clash.actions.influence_rolls.offer_pyramids`).

**Great Gardens** ``gardens <city>`` (p.15, C25): one action and 1 mood token raise a city of
the Gardens' owner one mood step (angry to neutral, neutral to happy); unlimited. Its +1 Food
after a Collect is :mod:`rules.clash.actions.collect`'s. The other powers: the Great Statue
(:mod:`rules.clash.actions.influence`), the Great Library's Idea
(:mod:`rules.clash.actions.library`), the Great Lighthouse's move
(:mod:`rules.clash.actions.lighthouse`), the Great Mausoleum's Temples
(:func:`rules.clash.actions.activation.counts_as_activation`), the Great Pyramids' ties and 5 points
a wonder (:mod:`rules.clash.rounds.scoring`). The Great Wall and the Great Mausoleum in battle are
the combat's.

Refusals: ``wonder_incomplete``, ``not_your_city`` (``space``), ``wonder_city_angry``
(``city``), ``wonder_needs_forced_labor`` (``city``, ``count``), ``angry_city_activated`` and
Forced Labor's own (:mod:`rules.clash.actions.activation`), ``city_has_a_wonder`` (``city``,
``wonder``), ``unknown_wonder`` (``token``),
``wonder_not_revealed`` (``wonder``), ``wonder_reserved_by_another`` (``wonder``,
``player``), ``wonder_needs_advance`` (``wonder``, ``needs``), ``wonder_needs_a_port``
(``wonder``, ``city``), ``cannot_pay_wonder`` (``wonder``, ``cost``),
``cannot_pay_wonder_with_engineer`` (``wonder``, ``cost``, ``count``), ``no_actions_left``;
with the Great Engineer waiting ``engineer_names_resources`` (``wonder``, ``count``,
``allowed``), ``engineer_not_in_the_cost`` (``token``, ``wonder``, ``allowed``),
``engineer_more_than_the_cost`` (``wonder``, ``resource``, ``count``);
``gardens_needs_the_wonder``, ``gardens_needs_a_city``, ``gardens_needs_a_mood_token``,
``city_already_happy`` (``city``), ``too_many_tokens``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Final

from rules.clash.actions import influence_rolls
from rules.clash.actions.activation import (
    FORCED,
    FORCED_LABOR,
    FORCED_LABOR_MOOD,
    activated,
    force_problem,
    forced_labour,
    labour_active,
    lowers_mood,
)
from rules.clash.actions.collect import amounts, gained, over_cap, take
from rules.clash.battles import combat
from rules.clash.board.hexes import Hex, label, token
from rules.clash.box.cards import WONDERS
from rules.clash.box.components import ANGRY, BOX_PER_PLAYER, FOOD, IDEAS, ORE, PORT, SHIP, WOOD
from rules.clash.model import marks as mk
from rules.clash.model import paying
from rules.clash.model.moods import lowered
from rules.clash.model.registry import TurnAction
from rules.clash.model.resources import CULTURE, Gold, can_pay, pay, spend_tokens
from rules.clash.model.state import PRINTED_EDITION, City, ClashState, Ship
from rules.clash.rounds.turns import spend_action
from rules.core import Choice, Event, IllegalAction

WONDER_TOKEN: Final = "wonder"
ENGINEERING: Final = "engineering"
GREAT_GARDENS, GREAT_LIBRARY, GREAT_LIGHTHOUSE = (
    "great_gardens",
    "great_library",
    "great_lighthouse",
)
#: Ideas the Great Library gives when built (the number is lost in the seed's OCR, C59).
LIBRARY_IDEAS: Final = 3
#: The Great Engineer (E37): its mark among the turn's pending card modifiers, and how many
#: resources it takes off the turn's next wonder (docs/clash-cards.md §4.2, C86).
ENGINEER: Final = "E37"
ENGINEER_SAVES: Final = 3


@dataclass(frozen=True, slots=True)
class Wonder:
    """One wonder card: the advance it needs besides Engineering, whether its city needs a
    Port, what it costs (resources and culture tokens) and where each part comes from."""

    id: str
    requires: str
    cost: Mapping[str, int] = field(default_factory=dict)
    culture: int = 5
    port: bool = False
    source: str = "seed+monumental"

    @property
    def advances(self) -> tuple[str, str]:
        return ENGINEERING, self.requires


#: The wonder cards in the order of :data:`rules.clash.box.cards.WONDERS` (docs/clash-cards.md §6).
WONDER: dict[str, Wonder] = {
    w.id: w
    for w in (
        Wonder("great_gardens", "irrigation", {FOOD: 5, WOOD: 5, ORE: 2}),
        Wonder("great_pyramids", "rituals", {FOOD: 2, WOOD: 3, ORE: 7}),
        Wonder(
            "great_library",
            "philosophy",
            {FOOD: 3, WOOD: 6, ORE: 3},
            source="seed+monumental+designed",
        ),
        Wonder("great_statue", "monuments", {FOOD: 3, WOOD: 4, ORE: 5}),
        Wonder("great_lighthouse", "cartography", {FOOD: 3, WOOD: 5, ORE: 4}, port=True),
        Wonder("great_wall", "siegecraft", {FOOD: 3, WOOD: 2, ORE: 7}),
        Wonder("great_mausoleum", "priesthood", {FOOD: 4, WOOD: 4, ORE: 4}),
    )
}
assert tuple(WONDER) == WONDERS


def total_cost(w: Wonder) -> dict[str, int]:
    """The resources and culture tokens, for texts (``amounts``)."""
    return {**w.cost, CULTURE: w.culture}


# -- building ---------------------------------------------------------------------------------


def free(state: ClashState, seat: int, wonder: str) -> bool:
    """Whether building ``wonder`` costs ``seat`` no action: reserved by them (p.2, C27)."""
    return state.cards.reserved.get(wonder) == seat


def engineer_waits(state: ClashState) -> bool:
    """Whether the Great Engineer's discount waits for the turn's next wonder (C86)."""
    return ENGINEER in state.turn_state.card_modifiers


def savings(wonder: str) -> list[dict[str, int]]:
    """Every way of taking :data:`ENGINEER_SAVES` resources off ``wonder``'s cost: counts of
    its kinds, in cost order (at most what the cost holds of each)."""
    kinds = list(WONDER[wonder].cost.items())
    out: list[dict[str, int]] = []

    def pick(i: int, left: int, chosen: dict[str, int]) -> None:
        if not left:
            out.append(dict(chosen))
            return
        if i == len(kinds):
            return
        kind, most = kinds[i]
        for n in range(min(left, most), -1, -1):
            pick(i + 1, left - n, {**chosen, kind: n} if n else chosen)

    pick(0, ENGINEER_SAVES, {})
    return out


def cost_after(wonder: str, saved: Mapping[str, int]) -> dict[str, int]:
    """The resources ``wonder`` costs with ``saved`` taken off."""
    cost = WONDER[wonder].cost
    return {r: n - saved.get(r, 0) for r, n in cost.items() if n > saved.get(r, 0)}


def _affordable(state: ClashState, seat: int, wonder: str, engineer: bool) -> bool:
    me = state.seats[seat]
    if me.culture_tokens < WONDER[wonder].culture:
        return False
    prices = [cost_after(wonder, s) for s in savings(wonder)] if engineer else [WONDER[wonder].cost]
    return any(can_pay(me, price) for price in prices)


def must_force(state: ClashState, seat: int, city: City) -> bool:
    """Whether a wonder in ``city`` needs Forced Labor paid with it (``forced``, C137): the city
    is angry and Forced Labor is not paid this turn yet."""
    return city.mood == ANGRY and not labour_active(state, seat)


def _angry_problem(state: ClashState, seat: int, city: City, forced: bool) -> IllegalAction | None:
    """Why an angry ``city`` cannot build a wonder, or None (p.20: "Aktiválj egy nem-dühös
    várost", activate a non-angry city). In the printed edition Forced Labor lets it (p.2:
    "a dühös városaid aktiváláskor semlegesként viselkedjenek", your angry cities act as
    neutral when activated, and building a wonder activates the city), once while angry as
    the card keeps (C137); the first edition refuses it."""
    where = label(city.hex)
    if forced and city.mood != ANGRY:
        return force_problem(state, seat, city)
    if city.mood != ANGRY:
        return None
    if state.edition < PRINTED_EDITION or FORCED_LABOR not in state.seats[seat].advances:
        return IllegalAction("wonder_city_angry", city=where)
    if city.activated_angry:
        return IllegalAction("angry_city_activated", city=where)
    if forced:
        return force_problem(state, seat, city)
    if not labour_active(state, seat):
        return IllegalAction("wonder_needs_forced_labor", city=where, count=FORCED_LABOR_MOOD)
    return None


def city_problem(
    state: ClashState, seat: int, h: Hex, forced: bool = False
) -> IllegalAction | None:
    """Why ``seat`` cannot build any wonder in the city on ``h``, or None (p.14, p.20);
    ``forced``: Forced Labor paid with the wonder."""
    city = state.seats[seat].city_at(h)
    if city is None:
        return IllegalAction("not_your_city", space=label(h))
    angry = _angry_problem(state, seat, city, forced)
    if angry is not None:
        return angry
    if city.wonder is not None:
        return IllegalAction("city_has_a_wonder", city=label(h), wonder=city.wonder)
    return None


def wonder_problem(
    state: ClashState, seat: int, city: City, wonder: str, engineer: bool
) -> IllegalAction | None:
    """Why ``seat`` cannot build ``wonder`` in ``city`` (checked already), or None; with the
    Great Engineer's discount (``engineer``) at the cheapest price it allows."""
    if wonder not in WONDER:
        return IllegalAction("unknown_wonder", token=wonder)
    cards = state.cards
    if wonder not in cards.revealed:
        return IllegalAction("wonder_not_revealed", wonder=wonder)
    holder = cards.reserved.get(wonder)
    if holder is not None and holder != seat:
        return IllegalAction(
            "wonder_reserved_by_another", wonder=wonder, player=state.players[holder]
        )
    w = WONDER[wonder]
    me = state.seats[seat]
    for need in w.advances:
        if need not in me.advances:
            return IllegalAction("wonder_needs_advance", wonder=wonder, needs=need)
    if w.port and (city.piece(PORT) is None or city.port_faces is None):
        return IllegalAction("wonder_needs_a_port", wonder=wonder, city=label(city.hex))
    if not _affordable(state, seat, wonder, engineer):
        cost = amounts(total_cost(w))
        if engineer:
            return IllegalAction(
                "cannot_pay_wonder_with_engineer", wonder=wonder, cost=cost, count=ENGINEER_SAVES
            )
        return IllegalAction("cannot_pay_wonder", wonder=wonder, cost=cost)
    if not free(state, seat, wonder) and not state.turn_state.actions_left:
        return IllegalAction("no_actions_left")
    return None


def buildable(
    state: ClashState, seat: int, engineer: bool | None = None
) -> list[tuple[City, list[str]]]:
    """The cities that can build a wonder now, in board order, with the wonders each can;
    ``engineer``: with the Great Engineer's discount (by default: whether it waits)."""
    discount = engineer_waits(state) if engineer is None else engineer
    out = []
    for city in sorted(state.seats[seat].cities, key=lambda c: (c.hex.q, c.hex.r)):
        if city_problem(state, seat, city.hex, must_force(state, seat, city)) is not None:
            continue
        found = [
            w
            for w in state.cards.revealed
            if wonder_problem(state, seat, city, w, discount) is None
        ]
        if found:
            out.append((city, found))
    return out


def offered(state: ClashState, seat: int) -> bool:
    return bool(buildable(state, seat))


def _city_choice(tok: str, city: City) -> Choice:
    """The city to build in; building activates it (:func:`activated`), so the label says when
    that lowers its mood (``mood`` -> ``after``)."""
    if not lowers_mood(city):
        return Choice(tok, "clash.choice.wonder_city", {"space": label(city.hex)}, False, True)
    params = {"space": label(city.hex), "mood": city.mood, "after": lowered(city).mood}
    return Choice(tok, "clash.choice.wonder_city_mood_drops", params, False, True)


def choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """The city, then the wonder with what it costs (``wonder d2 great_statue``); with the
    Great Engineer waiting, then the resources it takes off, one by one; then ``gold``
    (:func:`rules.clash.model.paying.offer`)."""
    return paying.offer(
        rest, lambda head: _choices(state, seat, head), lambda head: _costs(state, seat, head)
    )


def _costs(state: ClashState, seat: int, rest: list[str]) -> paying.Cost:
    """Who pays and what, for the whole ``wonder`` tokens ``rest`` (IllegalAction if they
    are none)."""
    _, wonder, saved, _ = _checked(state, seat, rest)
    return state.seats[seat], cost_after(wonder, saved)


def _choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    found = {token(c.hex): (c, ws) for c, ws in buildable(state, seat)}
    if not rest:
        return [_city_choice(tok, c) for tok, (c, _) in found.items()]
    if rest[0] not in found:
        return []
    city, wonders = found[rest[0]]
    at = 1
    if must_force(state, seat, city):
        # An angry city: Forced Labor's mood token first (C137).
        if len(rest) == 1:
            labour = {"count": FORCED_LABOR_MOOD}
            return [Choice(FORCED, "clash.activate.forced", labour, False, True)]
        if rest[1] != FORCED:
            return []
        at = 2
    engineer = engineer_waits(state)
    if len(rest) == at:
        out = []
        for w in wonders:
            mine = free(state, seat, w)
            if not engineer:
                key = "clash.choice.wonder_free" if mine else "clash.choice.wonder"
                out.append(Choice(w, key, {"wonder": w, "cost": _paid_now(state, seat, w, {})}))
                continue
            # The full price: what is paid follows from the resources taken off.
            key = "clash.choice.wonder_free_engineer" if mine else "clash.choice.wonder_engineer"
            params = {"wonder": w, "cost": amounts(total_cost(WONDER[w])), "count": ENGINEER_SAVES}
            out.append(Choice(w, key, params, complete=False, more=True))
        return out
    if not engineer or rest[at] not in wonders or len(rest) > at + ENGINEER_SAVES:
        return []
    return _saving_choices(state, seat, rest[at], rest[at + 1 :])


def _saving_choices(state: ClashState, seat: int, wonder: str, picked: list[str]) -> list[Choice]:
    """The next resource the Great Engineer takes off, after ``picked`` (in cost order, so
    each saving is offered once), among the savings ``seat`` can then pay for."""
    kinds = list(WONDER[wonder].cost)
    if any(k not in kinds for k in picked) or picked != sorted(picked, key=kinds.index):
        return []
    me = state.seats[seat]
    nexts: dict[str, dict[str, int]] = {}
    for saved in savings(wonder):
        order = [k for k in kinds for _ in range(saved.get(k, 0))]
        if order[: len(picked)] == picked and can_pay(me, cost_after(wonder, saved)):
            nexts.setdefault(order[len(picked)], saved)
    last = len(picked) + 1 == ENGINEER_SAVES
    out = []
    for kind, saved in nexts.items():
        if last:
            paid = {"resource": kind, "cost": _paid_now(state, seat, wonder, saved)}
            out.append(Choice(kind, "clash.choice.engineer_saves_last", paid))
        else:
            left = {"resource": kind, "count": ENGINEER_SAVES - len(picked) - 1}
            out.append(Choice(kind, "clash.choice.engineer_saves", left, False, True))
    return out


def _paid_now(state: ClashState, seat: int, wonder: str, saved: Mapping[str, int]) -> list[str]:
    """What building ``wonder`` would take from ``seat`` now (Gold for what is lacking), with
    ``saved`` taken off by the Great Engineer."""
    me = state.seats[seat].copy()
    paid = pay(me, cost_after(wonder, saved))
    return amounts({**paid, CULTURE: WONDER[wonder].culture})


def _saved(wonder: str, picked: list[str]) -> dict[str, int]:
    """The Great Engineer's saving named by ``picked`` (checked: kinds of the cost, three,
    no more of a kind than the cost holds)."""
    cost = WONDER[wonder].cost
    if len(picked) < ENGINEER_SAVES:
        raise IllegalAction(
            "engineer_names_resources", wonder=wonder, count=ENGINEER_SAVES, allowed=list(cost)
        )
    if len(picked) > ENGINEER_SAVES:
        raise IllegalAction("too_many_tokens", token=picked[ENGINEER_SAVES])
    saved: dict[str, int] = {}
    for kind in picked:
        if kind not in cost:
            raise IllegalAction(
                "engineer_not_in_the_cost", token=kind, wonder=wonder, allowed=list(cost)
            )
        saved[kind] = saved.get(kind, 0) + 1
        if saved[kind] > cost[kind]:
            raise IllegalAction(
                "engineer_more_than_the_cost", wonder=wonder, resource=kind, count=cost[kind]
            )
    return {k: saved[k] for k in cost if k in saved}


def apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``wonder <city> [forced] <wonder> [<resource> x3] [gold...]``: checked whole, then
    paid, placed and its city activated."""
    head, gold = paying.split(rest)
    city, wonder, saved, forced = _checked(state, seat, head)
    paying.check(state.seats[seat], cost_after(wonder, saved), gold)
    return build(state, seat, city, wonder, saved, forced, gold)


def _checked(
    state: ClashState, seat: int, rest: list[str]
) -> tuple[City, str, dict[str, int], bool]:
    """The city, the wonder, the Great Engineer's saving of ``rest`` and whether Forced Labor
    is paid with it (C137), checked whole."""
    forced = len(rest) > 1 and rest[1] == FORCED
    at = 2 if forced else 1
    if len(rest) < at + 1:
        raise IllegalAction("wonder_incomplete")
    engineer = engineer_waits(state)
    if len(rest) > at + 1 and not engineer:
        raise IllegalAction("too_many_tokens", token=rest[at + 1])
    h = state.board.parse(rest[0])
    err = city_problem(state, seat, h, forced)
    if err is not None:
        raise err
    city = state.seats[seat].city_at(h)
    assert city is not None
    wonder = rest[at]
    err = wonder_problem(state, seat, city, wonder, engineer)
    if err is not None:
        raise err
    saved = _saved(wonder, rest[at + 1 :]) if engineer else {}
    if not can_pay(state.seats[seat], cost_after(wonder, saved)):
        cost = amounts({**cost_after(wonder, saved), CULTURE: WONDER[wonder].culture})
        raise IllegalAction("cannot_pay_wonder", wonder=wonder, cost=cost)
    return city, wonder, saved, forced


def build(
    state: ClashState,
    seat: int,
    city: City,
    wonder: str,
    saved: Mapping[str, int],
    forced: bool = False,
    gold: Gold = (),
) -> list[Event]:
    """Build ``wonder`` in ``city`` (every check done), ``saved`` taken off its cost by the
    Great Engineer (whose discount is then used up), ``forced``: Forced Labor paid with it,
    ``gold`` Gold named paying instead of resources held (C138)."""
    me = state.seats[seat]
    player = state.players[seat]
    w = WONDER[wonder]
    events: list[Event] = []
    if free(state, seat, wonder):
        events.append(Event("clash.monuments_no_action", {"player": player, "wonder": wonder}))
    else:
        spend_action(state)
    events += forced_labour(state, seat, city, forced)
    if saved:
        ts = state.turn_state
        left = tuple(c for c in ts.card_modifiers if c != ENGINEER)
        state.turn_state = replace(ts, card_modifiers=left)
        told = {"player": player, "wonder": wonder, "saved": amounts(saved)}
        events.append(Event("clash.engineer_saved", told))
    paid = pay(me, cost_after(wonder, saved), gold)
    spend_tokens(me, CULTURE, w.culture)
    me.cities = [replace(c, wonder=wonder) if c.hex == city.hex else c for c in me.cities]
    cards = state.cards
    state.cards = replace(
        cards,
        revealed=tuple(x for x in cards.revealed if x != wonder),
        reserved={k: v for k, v in cards.reserved.items() if k != wonder},
    )
    params = {
        "player": player,
        "city": label(city.hex),
        "wonder": wonder,
        "paid": amounts({**paid, CULTURE: w.culture}),
    }
    events.append(Event("clash.wonder_built", params))
    # An angry city (under Forced Labor, C137) has had its one activation while angry (C26).
    events += activated(state, seat, city.hex, was_angry=city.mood == ANGRY)
    return events + _when_built(state, seat, city.hex, wonder)


def _when_built(state: ClashState, seat: int, h: Hex, wonder: str) -> list[Event]:
    if wonder == GREAT_LIBRARY:
        kept, lost = take(state.seats[seat], [(IDEAS, LIBRARY_IDEAS)])
        return gained(state, seat, GREAT_LIBRARY, kept) + over_cap(state, seat, lost)
    if wonder == GREAT_LIGHTHOUSE:
        return _free_ship(state, seat, h)
    return influence_rolls.offer_pyramids(state, seat, h)


def _free_ship(state: ClashState, seat: int, h: Hex) -> list[Event]:
    """The Great Lighthouse's ship on its city's Port space, if one is left in the box (p.2);
    a foreign ship there is attacked at once, as by a ship built there (C44, C115)."""
    me = state.seats[seat]
    city = me.city_at(h)
    assert city is not None and city.port_faces is not None
    used = {s.id for s in me.ships}
    free_ids = [k for k in range(1, BOX_PER_PLAYER[SHIP] + 1) if k not in used]
    player = state.players[seat]
    if not free_ids:
        return [Event("clash.lighthouse_no_ship", {"player": player})]
    ship = Ship(free_ids[0], city.port_faces)
    me.ships.append(ship)
    where = label(ship.hex)
    events = [Event("clash.ship_launched", {"player": player, "ship": ship.id, "space": where})]
    foreign = any(
        s.hex == ship.hex for o, p in enumerate(state.seats) if o != seat for s in p.ships
    )
    if foreign:
        ts = state.turn_state
        marks = mk.add(ts.marks, ship.place, SHIP, mk.STOPPED, 1)
        state.turn_state = replace(ts, marks=marks)
        events += combat.begin(state, seat, ship.hex, True, ())
    return events


# -- the Great Gardens' ability ----------------------------------------------------------------


#: The turn actions of :data:`rules.clash.dispatch.grammar.TURN_ACTIONS`: building a wonder spends
#: its own action (none for a reserved one); the Gardens' ability is an ordinary one.
WONDER_ACTION = TurnAction(WONDER_TOKEN, offered, choices, apply, costs_action=False)
