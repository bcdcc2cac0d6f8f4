"""The civil halves that act on your own game only (docs/clash-cards.md §3.2): Advance (P01),
Heroic General (P03), Leap of Knowledge (P05), Good Ideas (P06), Cultural Awe (P08), City
Growth (P09), Focused Collection (P10), Leadership (P13), Mass Collection (P15), Inspiration
(P18), Militia (P19).

Grammar after ``card <id>``::

    P01  <advance> [<cube>...] [ideas...]    as the Advance action (rules.clash.actions.advancing)
    P03  <city> [<city>]                     one mood step; the second paid with 1 mood token
    P05, P06, P08, P10, P13, P15             nothing
    P09  <city> <piece> [<sea space>] [mood|culture]
    P18  <advance>                           one the captured city's owner has
    P19  <city>

**Limits** (§3.1: two identical cards never for the same effect; C102): Heroic General once
per land battle won this turn, Good Ideas once per land battle won or city captured, Inspiration
once per city captured from another player, Leadership once per turn (and not beyond
:data:`rules.clash.box.components.MAX_ACTIONS`); Focused and Mass Collection wait for the turn's
next Collect, one of them at a time; Cultural Awe for the turn's next Cultural Influence
(:mod:`rules.clash.actions.influence`), offered when one of your cities reaches a barbarian
settlement and an attempt is still possible.

Refusals: ``nothing_to_buy``, ``heroic_general_needs_a_won_battle``, ``all_cities_happy``,
``city_already_happy`` (``city``), ``heroic_general_needs_a_mood_token``,
``needs_an_academy``, ``ideas_full``, ``good_ideas_needs_a_victory``, ``nothing_to_grow``,
``collection_card_pending``, ``nothing_to_collect_now``, ``cultural_awe_pending``,
``no_barbarians_in_reach``, ``leadership_once_per_turn``,
``actions_full``, ``inspiration_needs_a_capture``, ``nothing_to_learn``,
``not_a_captured_advance`` (``advance``), ``no_unit_left``, ``militia_no_room``,
``army_limit``, ``not_your_city``, ``card_needs_a_city``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.clash.actions import (
    activation,
    advance_gains,
    advancing,
    collect,
    growth,
    influence_targets,
)
from rules.clash.battles.facts import captured_from
from rules.clash.board.hexes import label, token
from rules.clash.box.advances import ADVANCE, ADVANCE_IDS, GOVERNMENTS
from rules.clash.box.components import (
    ACADEMY,
    ARMY,
    ARMY_LIMIT,
    BOX_PER_PLAYER,
    HAPPY,
    IDEAS,
    MAX_ACTIONS,
    storage_limit,
)
from rules.clash.model.civil_cards import (
    ADVANCE_CARD,
    CITY_GROWTH,
    CULTURAL_AWE,
    FOCUSED,
    GOOD_IDEAS,
    HEROIC_GENERAL,
    INSPIRATION,
    LEADERSHIP,
    LEAP,
    MASS,
    MILITIA,
    Effect,
    Play,
    no_more,
    played_count,
)
from rules.clash.model.moods import raised
from rules.clash.model.resources import MOOD, gain, spend_tokens
from rules.clash.model.state import City, ClashState, PlayerState, actions_full
from rules.core import Choice, Event, IllegalAction

#: The civil halves waiting for the turn's next Collect (:mod:`rules.clash.actions.collect`).
COLLECTION_CARDS: tuple[str, ...] = (FOCUSED, MASS)
HEROIC_MOOD = 1


def _nothing(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    return []


def _city(state: ClashState, seat: int, tok: str) -> City:
    h = state.board.parse(tok)
    city = state.seats[seat].city_at(h)
    if city is None:
        raise IllegalAction("not_your_city", space=label(h))
    return city


def _in_order(cities: list[City]) -> list[City]:
    return sorted(cities, key=lambda c: (c.hex.q, c.hex.r))


def _ideas_room(me: PlayerState) -> bool:
    return me.resources[IDEAS] < storage_limit(me.advances, IDEAS)


def _ideas(state: ClashState, seat: int, n: int, code: str) -> list[Event]:
    kept = gain(state.seats[seat], IDEAS, n)
    params = {"player": state.players[seat], "count": kept, "civil": code}
    return [Event("clash.card_ideas", params)]


# -- P01 Advance ------------------------------------------------------------------------------


def _advance_problem(state: ClashState, seat: int) -> IllegalAction | None:
    return None if advance_gains.buyable(state, seat) else IllegalAction("nothing_to_buy")


def _advance_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    err = advancing.purchase_problem(state, seat, advancing.parse(state, seat, rest))
    if err is not None:
        raise err
    return lambda: advancing.apply(state, seat, rest)


# -- P03 Heroic General -------------------------------------------------------------------------


def _won_land_battles(state: ClashState, seat: int) -> int:
    return sum(1 for f in state.turn_state.fought if f.winner == seat and not f.sea)


def _heroic_problem(state: ClashState, seat: int) -> IllegalAction | None:
    if played_count(state, HEROIC_GENERAL) >= _won_land_battles(state, seat):
        return IllegalAction("heroic_general_needs_a_won_battle")
    if all(c.mood == HAPPY for c in state.seats[seat].cities):
        return IllegalAction("all_cities_happy")
    return None


def _heroic_steps(state: ClashState, seat: int, rest: list[str]) -> list[City]:
    """The cities raised, in order, checked: each not happy when its step comes."""
    if not rest:
        raise IllegalAction("card_needs_a_city")
    no_more(rest, 2)
    if len(rest) == 2 and state.seats[seat].mood_tokens < HEROIC_MOOD:
        raise IllegalAction("heroic_general_needs_a_mood_token", count=HEROIC_MOOD)
    out: list[City] = []
    for tok in rest:
        city = _city(state, seat, tok)
        city = next((c for c in reversed(out) if c.hex == city.hex), city)
        if city.mood == HAPPY:
            raise IllegalAction("city_already_happy", city=label(city.hex))
        out.append(raised(city))
    return out


def _heroic_next(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    if len(rest) > 1:
        return []
    me = state.seats[seat]
    out = []
    for c in _in_order(me.cities):
        try:
            _heroic_steps(state, seat, [*rest, token(c.hex)])
        except IllegalAction:
            continue
        more = not rest and me.mood_tokens >= HEROIC_MOOD
        key = "clash.choice.mood_step_paid" if rest else "clash.choice.mood_step"
        params = {"space": label(c.hex), "mood": c.mood, "count": HEROIC_MOOD}
        out.append(Choice(token(c.hex), key, params, complete=True, more=more))
    return out


def _heroic_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    steps = _heroic_steps(state, seat, rest)

    def effect() -> list[Event]:
        me = state.seats[seat]
        events = []
        for k, city in enumerate(steps):
            if k:
                spend_tokens(me, MOOD, HEROIC_MOOD)
            me.cities = [city if c.hex == city.hex else c for c in me.cities]
            params = {"player": state.players[seat], "space": label(city.hex), "mood": city.mood}
            events.append(Event("clash.card_mood_raised", {**params, "paid": k}))
        return events

    return effect


# -- P05 Leap of Knowledge, P06 Good Ideas --------------------------------------------------------


def _academies(me: PlayerState) -> int:
    return sum(1 for c in me.cities if c.piece(ACADEMY) is not None)


def _leap_problem(state: ClashState, seat: int) -> IllegalAction | None:
    me = state.seats[seat]
    if not _academies(me):
        return IllegalAction("needs_an_academy")
    return None if _ideas_room(me) else IllegalAction("ideas_full")


def _leap_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    no_more(rest)
    return lambda: _ideas(state, seat, _academies(state.seats[seat]), LEAP)


def _victories(state: ClashState, seat: int) -> int:
    """Land battles won and cities captured this turn (one battle counts once)."""
    return sum(
        1
        for f in state.turn_state.fought
        if (f.winner == seat and not f.sea) or (f.attacker == seat and f.captured)
    )


def _good_ideas_problem(state: ClashState, seat: int) -> IllegalAction | None:
    if played_count(state, GOOD_IDEAS) >= _victories(state, seat):
        return IllegalAction("good_ideas_needs_a_victory")
    return None if _ideas_room(state.seats[seat]) else IllegalAction("ideas_full")


GOOD_IDEAS_COUNT = 2


def _good_ideas_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    no_more(rest)
    return lambda: _ideas(state, seat, GOOD_IDEAS_COUNT, GOOD_IDEAS)


# -- P09 City Growth --------------------------------------------------------------------------


def _growth_context(state: ClashState, seat: int, city: City) -> collect.Activation:
    return activation.context(state, seat, city, False)


def _growth_problem(state: ClashState, seat: int) -> IllegalAction | None:
    me = state.seats[seat]
    for c in me.cities:
        if growth.legal_pieces(state, seat, _growth_context(state, seat, c), free=True):
            return None
    return IllegalAction("nothing_to_grow")


def _growth_next(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    me = state.seats[seat]
    if not rest:
        out = []
        for c in _in_order(me.cities):
            if growth.legal_pieces(state, seat, _growth_context(state, seat, c), free=True):
                params = {"space": label(c.hex), "size": c.size, "mood": c.mood}
                out.append(Choice(token(c.hex), "clash.activate.city", params, False, True))
        return out
    try:
        city = _city(state, seat, rest[0])
    except IllegalAction:
        return []
    act = _growth_context(state, seat, city)
    return growth.next_tokens(state, seat, act, rest[1:], free=True)


def _growth_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    if not rest:
        raise IllegalAction("card_needs_a_city")
    city = _city(state, seat, rest[0])
    act = _growth_context(state, seat, city)
    plan = growth.check(state, seat, act, rest[1:], free=True)
    return lambda: growth.resolve(state, seat, act, plan, free=True)


# -- P10 Focused Collection, P15 Mass Collection ---------------------------------------------------


def _collection_problem(focused: bool) -> Callable[[ClashState, int], IllegalAction | None]:
    def problem(state: ClashState, seat: int) -> IllegalAction | None:
        ts = state.turn_state
        if any(c in ts.card_modifiers for c in COLLECTION_CARDS):
            return IllegalAction("collection_card_pending")
        if ts.actions_left:
            for c in activation.cities(state, seat):
                act = activation.context(state, seat, c, False)
                if collect.available(state, seat, act) and (act.size > 1 or not focused):
                    return None
        return IllegalAction("nothing_to_collect_now")

    return problem


def _pending(code: str) -> Callable[[ClashState, int, list[str]], Effect]:
    def check(state: ClashState, seat: int, rest: list[str]) -> Effect:
        no_more(rest)

        def effect() -> list[Event]:
            ts = state.turn_state
            state.turn_state = replace(ts, card_modifiers=(*ts.card_modifiers, code))
            return [Event("clash.card_pending", {"player": state.players[seat], "civil": code})]

        return effect

    return check


# -- P08 Cultural Awe ---------------------------------------------------------------------------


def _awe_problem(state: ClashState, seat: int) -> IllegalAction | None:
    if CULTURAL_AWE in state.turn_state.card_modifiers:
        return IllegalAction("cultural_awe_pending")
    return (
        None
        if influence_targets.awe_reach(state, seat)
        else IllegalAction("no_barbarians_in_reach")
    )


# -- P13 Leadership ---------------------------------------------------------------------------


def _leadership_problem(state: ClashState, seat: int) -> IllegalAction | None:
    if played_count(state, LEADERSHIP):
        return IllegalAction("leadership_once_per_turn")
    if actions_full(state):
        return IllegalAction("actions_full", count=MAX_ACTIONS)
    return None


def _leadership_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    no_more(rest)

    def effect() -> list[Event]:
        ts = state.turn_state
        state.turn_state = replace(ts, actions_left=ts.actions_left + 1)
        params = {"player": state.players[seat], "count": state.turn_state.actions_left}
        return [Event("clash.leadership", params)]

    return effect


# -- P18 Inspiration --------------------------------------------------------------------------


def inspirations(state: ClashState, seat: int) -> list[str]:
    """The advances Inspiration may give now: non-government advances of a player ``seat``
    captured a city from this turn, that ``seat`` lacks and may gain, in board order."""
    owners = set(captured_from(state, seat))
    theirs = {a for o in owners for a in state.seats[o].advances}
    open_ = set(advance_gains.gainable(state.seats[seat]))
    return [
        a
        for a in ADVANCE_IDS
        if a in theirs and a in open_ and ADVANCE[a].category not in GOVERNMENTS
    ]


def _inspiration_problem(state: ClashState, seat: int) -> IllegalAction | None:
    if played_count(state, INSPIRATION) >= len(captured_from(state, seat)):
        return IllegalAction("inspiration_needs_a_capture")
    return None if inspirations(state, seat) else IllegalAction("nothing_to_learn")


def _inspiration_next(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    if rest:
        return []
    return [
        Choice(a, "clash.choice.advance_free", {"advance": a}) for a in inspirations(state, seat)
    ]


def _inspiration_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    if not rest:
        raise IllegalAction("nothing_to_learn")
    no_more(rest, 1)
    advance = rest[0]
    if advance not in inspirations(state, seat):
        raise IllegalAction("not_a_captured_advance", advance=advance)

    def effect() -> list[Event]:
        params = {"player": state.players[seat], "advance": advance, "civil": INSPIRATION}
        return [Event("clash.card_advance", params), *advance_gains.gained(state, seat, advance)]

    return effect


# -- P19 Militia ------------------------------------------------------------------------------


def _armies_in_play(me: PlayerState) -> int:
    return sum(me.armies.values()) + sum(s.cargo.count(ARMY) for s in me.ships)


def _militia_cities(state: ClashState, seat: int) -> list[City]:
    me = state.seats[seat]
    return _in_order([c for c in me.cities if me.armies.get(c.hex, 0) < ARMY_LIMIT])


def _militia_problem(state: ClashState, seat: int) -> IllegalAction | None:
    if _armies_in_play(state.seats[seat]) >= BOX_PER_PLAYER[ARMY]:
        return IllegalAction("no_unit_left", kind=ARMY, limit=BOX_PER_PLAYER[ARMY])
    return None if _militia_cities(state, seat) else IllegalAction("militia_no_room")


def _militia_next(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    if rest:
        return []
    return [
        Choice(token(c.hex), "clash.choice.militia_city", {"space": label(c.hex)})
        for c in _militia_cities(state, seat)
    ]


def _militia_check(state: ClashState, seat: int, rest: list[str]) -> Effect:
    if not rest:
        raise IllegalAction("card_needs_a_city")
    no_more(rest, 1)
    city = _city(state, seat, rest[0])
    me = state.seats[seat]
    if me.armies.get(city.hex, 0) >= ARMY_LIMIT:
        raise IllegalAction("army_limit", space=label(city.hex), limit=ARMY_LIMIT)

    def effect() -> list[Event]:
        me.armies[city.hex] = me.armies.get(city.hex, 0) + 1
        return [Event("clash.militia", {"player": state.players[seat], "space": label(city.hex)})]

    return effect


def _no_problem(state: ClashState, seat: int) -> IllegalAction | None:
    return None


SELF_PLAYS: dict[str, Play] = {
    ADVANCE_CARD: Play(_advance_problem, advancing.choices, _advance_check),
    HEROIC_GENERAL: Play(_heroic_problem, _heroic_next, _heroic_check),
    CULTURAL_AWE: Play(_awe_problem, _nothing, _pending(CULTURAL_AWE)),
    LEAP: Play(_leap_problem, _nothing, _leap_check),
    GOOD_IDEAS: Play(_good_ideas_problem, _nothing, _good_ideas_check),
    CITY_GROWTH: Play(_growth_problem, _growth_next, _growth_check),
    FOCUSED: Play(_collection_problem(True), _nothing, _pending(FOCUSED)),
    LEADERSHIP: Play(_leadership_problem, _nothing, _leadership_check),
    MASS: Play(_collection_problem(False), _nothing, _pending(MASS)),
    INSPIRATION: Play(_inspiration_problem, _inspiration_next, _inspiration_check),
    MILITIA: Play(_militia_problem, _militia_next, _militia_check),
}
