"""Activate City (p.8, p.6, p.2; rules reference §3.3, §5.1; C26): one action activates one of
your cities to Collect, Build units or Increase City Size.

Grammar (each token is one tap of the picker; spaces as on the board, ``d2``)::

    activate <city> [forced] collect <space> ...      Collect (rules.clash.actions.collect)
    activate <city> [forced] build <unit> ... [mood|culture]
                                                      Build units (rules.clash.actions.building)
    activate <city> [forced] grow <piece> [<sea space>] [mood|culture] [settler]
                                                      Increase City Size
                                                      (rules.clash.actions.growth)

    <space>  c2 | d3-gold | d3-mood   each space once, up to the effective size
    <unit>   army | settler | ship | draft            up to the effective size, any mix
    <piece>  temple | fortress | academy | port

Each use may end with ``gold`` once per Gold paid instead of a resource the player holds
(C138, :mod:`rules.clash.model.paying`): ``activate d2 build settler gold`` keeps 1 Food, a
Collect's ``gold`` pays Husbandry's Food, a growth's its piece and Sanitation's settler.

Examples: ``activate d2 collect d2 e2 c3 d3-gold``, ``activate d2 build army army settler``,
``activate d2 build draft ship culture`` (Draft and Nationalism), ``activate d2 grow port d3``,
``activate d2 grow temple mood settler`` (Sanitation), ``activate d4 forced collect d4``.

* **Effective size** (p.6, p.8): the size + 1 when happy, the size when neutral, 1 when angry.
* **Repeated activation** (p.6, p.8): every activation counts (:attr:`City.activations`); the
  second, third... of a city in one turn lowers its mood one step once its effect is done
  (the p.6 example: a happy size-3 city collects 4, 4, then 3 and turns angry, then 1).
* **Angry cities** (p.6, p.8, C26 (b)): one activation while angry per turn
  (:attr:`City.activated_angry`), so a city that turned angry this turn may be activated once
  more; no Increase City Size.
* **Forced Labor** (p.2, Autocracy): ``forced`` after an angry city pays 1 mood token, and for
  the rest of the turn the player's angry cities act as neutral when activated, in every use
  (Increase City Size too: "act as neutral" lifts every angry limit but the one the card keeps,
  one activation while angry). The mark is ``forced_labor`` in :attr:`TurnState.used`; once
  paid no further ``forced`` is needed or accepted. (Forced Labor is a token of this action
  rather than a turn action of its own: the turn menu marks every action as taking further
  tokens, and a lone ``forced_labor`` would have none.)

**Wonders** (p.15): the Great Mausoleum's owner adds Temples without activating the city
(:func:`counts_as_activation`); after each activation of the Great Lighthouse's city one ship
may move (:mod:`rules.clash.actions.lighthouse`). Building a wonder activates its city too
(:mod:`rules.clash.wonders.construction`, :func:`activated`).

Refusals here: ``activate_needs_a_city``, ``not_your_city`` (p.8), ``angry_city_activated``
(one activation while angry a turn, p.6, p.8, C26 (b)), ``activate_needs_a_use`` and
``unknown_use`` (p.8), ``forced_labor_needs_the_advance``, ``forced_labor_already_paid``,
``forced_labor_city_not_angry`` and ``forced_labor_needs_a_mood_token`` (p.2); each use lists
its own in its module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from rules.clash.actions import building, collect, growth, lighthouse
from rules.clash.actions.collect import Activation, mark_used
from rules.clash.board.hexes import Hex, label, token
from rules.clash.box.components import ANGRY, TEMPLE
from rules.clash.model import paying
from rules.clash.model.moods import effective_size, lowered
from rules.clash.model.occupancy import Occupancy, occupancy
from rules.clash.model.resources import MOOD, spend_tokens
from rules.clash.model.state import City, ClashState
from rules.core import JSON, Choice, Event, IllegalAction

ACTIVATE: Final = "activate"
FORCED: Final = "forced"
COLLECT, BUILD, GROW = "collect", "build", "grow"
#: The three uses, in the order of p.8.
USES: tuple[str, ...] = (COLLECT, BUILD, GROW)
FORCED_LABOR: Final = "forced_labor"
FORCED_LABOR_MOOD: Final = 1
GREAT_MAUSOLEUM: Final = "great_mausoleum"


#: Each use's check of whether it can do anything now, and its next tokens.
AVAILABLE: dict[str, Callable[[ClashState, int, Activation], bool]] = {
    COLLECT: collect.available,
    BUILD: building.available,
    GROW: growth.available,
}
NEXT: dict[str, Callable[[ClashState, int, Activation, Sequence[str]], list[Choice]]] = {
    COLLECT: collect.next_tokens,
    BUILD: building.next_tokens,
    GROW: growth.next_tokens,
}
#: What each use's whole tokens (no ``gold`` among them) cost, for the ``gold`` words (C138).
COSTS: dict[str, Callable[[ClashState, int, Activation, Sequence[str]], paying.Cost]] = {
    COLLECT: collect.costs,
    BUILD: building.costs,
    GROW: growth.costs,
}


def labour_active(state: ClashState, seat: int) -> bool:
    """Forced Labor paid this turn (and still owned: an ability lost ends at once, p.7)."""
    me = state.seats[seat]
    return FORCED_LABOR in state.turn_state.used and FORCED_LABOR in me.advances


def context(
    state: ClashState, seat: int, city: City, forced: bool, occ: Occupancy | None = None
) -> Activation:
    """How the city acts when activated now (``forced``: Forced Labor paid with this action)."""
    me = state.seats[seat]
    neutral = forced or labour_active(state, seat)
    mood = me.mood_tokens - (FORCED_LABOR_MOOD if forced else 0)
    angry = city.mood == ANGRY and not neutral
    return Activation(city, effective_size(city, neutral), angry, mood, occ or occupancy(state))


def _activation_problem(city: City) -> IllegalAction | None:
    if city.mood == ANGRY and city.activated_angry:
        return IllegalAction("angry_city_activated", city=label(city.hex))
    return None


def force_problem(state: ClashState, seat: int, city: City) -> IllegalAction | None:
    me = state.seats[seat]
    if FORCED_LABOR not in me.advances:
        return IllegalAction("forced_labor_needs_the_advance")
    if labour_active(state, seat):
        return IllegalAction("forced_labor_already_paid")
    if city.mood != ANGRY:
        return IllegalAction("forced_labor_city_not_angry", city=label(city.hex))
    if me.mood_tokens < FORCED_LABOR_MOOD:
        return IllegalAction("forced_labor_needs_a_mood_token", count=FORCED_LABOR_MOOD)
    return None


def _uses(
    state: ClashState, seat: int, city: City, forced: bool, occ: Occupancy | None = None
) -> list[str]:
    act = context(state, seat, city, forced, occ)
    return [u for u in USES if AVAILABLE[u](state, seat, act)]


def _usable(state: ClashState, seat: int, city: City, forced: bool, occ: Occupancy) -> bool:
    act = context(state, seat, city, forced, occ)
    return any(AVAILABLE[u](state, seat, act) for u in USES)


def _can_force(state: ClashState, seat: int, city: City, occ: Occupancy) -> bool:
    if force_problem(state, seat, city) is not None:
        return False
    return _usable(state, seat, city, True, occ)


def cities(state: ClashState, seat: int, occ: Occupancy | None = None) -> list[City]:
    """The cities that can be activated now for some use, in board order."""
    me = state.seats[seat]
    occ = occ or occupancy(state)
    out = [
        c
        for c in me.cities
        if _activation_problem(c) is None
        and (_usable(state, seat, c, False, occ) or _can_force(state, seat, c, occ))
    ]
    return sorted(out, key=lambda c: (c.hex.q, c.hex.r))


def offered(state: ClashState, seat: int) -> bool:
    return bool(cities(state, seat))


def _use_choices(
    state: ClashState, seat: int, city: City, forced: bool, occ: Occupancy
) -> list[Choice]:
    act = context(state, seat, city, forced, occ)
    return [
        Choice(u, f"clash.activate.use.{u}", {"count": act.size}, complete=False, more=True)
        for u in _uses(state, seat, city, forced, occ)
    ]


def lowers_mood(city: City) -> bool:
    """Whether activating ``city`` now lowers its mood once the effect is done (p.6, p.8): it
    was activated before this turn and is not angry yet (a Temple the Great Mausoleum's owner
    adds is no activation: :func:`counts_as_activation`)."""
    return city.activations >= 1 and city.mood != ANGRY


def city_choice(city: City) -> Choice:
    """The choice of ``city`` to activate: its size and mood, and the mood it will drop to
    when this activation lowers it (``after``; the label says so before the tap)."""
    params: dict[str, JSON] = {"space": label(city.hex), "size": city.size, "mood": city.mood}
    key = "clash.activate.city"
    if lowers_mood(city):
        params["after"] = lowered(city).mood
        key = "clash.activate.city_mood_drops"
    return Choice(token(city.hex), key, params, complete=False, more=True)


def choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """The tokens after ``activate``: the city, ``forced``, the use, then the use's own."""
    # One reading of the map for every city and use looked at (nothing moves meanwhile).
    occ = occupancy(state)
    if not rest:
        return [city_choice(c) for c in cities(state, seat, occ)]
    city = next((c for c in cities(state, seat, occ) if token(c.hex) == rest[0]), None)
    if city is None:
        return []
    forced = len(rest) > 1 and rest[1] == FORCED
    if forced and not _can_force(state, seat, city, occ):
        return []
    at = 2 if forced else 1
    if len(rest) == at:
        out = _use_choices(state, seat, city, forced, occ)
        if not forced and _can_force(state, seat, city, occ):
            params = {"count": FORCED_LABOR_MOOD}
            out.insert(0, Choice(FORCED, "clash.activate.forced", params, False, True))
        return out
    use = rest[at]
    if use not in _uses(state, seat, city, forced, occ):
        return []
    act = context(state, seat, city, forced, occ)
    return paying.offer(
        rest[at + 1 :],
        lambda head: NEXT[use](state, seat, act, head),
        lambda head: COSTS[use](state, seat, act, head),
    )


def apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``activate <city> [forced] <use> ...`` (the action is spent by the dispatcher)."""
    if not rest:
        raise IllegalAction("activate_needs_a_city")
    me = state.seats[seat]
    h = state.board.parse(rest[0])
    city = me.city_at(h)
    if city is None:
        raise IllegalAction("not_your_city", space=label(h))
    err = _activation_problem(city)
    if err is not None:
        raise err
    forced = len(rest) > 1 and rest[1] == FORCED
    if forced:
        err = force_problem(state, seat, city)
        if err is not None:
            raise err
    at = 2 if forced else 1
    act = context(state, seat, city, forced)
    before = state.prompts
    if len(rest) <= at:
        raise IllegalAction(
            "activate_needs_a_use", city=label(h), allowed=_uses(state, seat, city, forced)
        )
    use = rest[at]
    toks, gold = paying.split(rest[at + 1 :])
    events: list[Event] = []
    if use in USES:
        # Every token is checked, the Gold named too, before anything changes.
        paying.check(me, COSTS[use](state, seat, act, toks)[1], gold)
    if use == COLLECT:
        plan_c = collect.check(state, seat, act, toks)
        events += forced_labour(state, seat, city, forced)
        events += collect.resolve(state, seat, act, plan_c, gold)
    elif use == BUILD:
        plan_b = building.check(state, seat, act, toks)
        events += forced_labour(state, seat, city, forced)
        events += building.resolve(state, seat, act, plan_b, gold)
    elif use == GROW:
        plan_g = growth.check(state, seat, act, toks)
        events += forced_labour(state, seat, city, forced)
        events += growth.resolve(state, seat, act, plan_g, gold=gold)
        if not counts_as_activation(state, seat, use, plan_g.piece):
            params = {"player": state.players[seat], "city": label(h)}
            return [*events, Event("clash.mausoleum_no_activation", params)]
    else:
        raise IllegalAction(
            "unknown_use", token=use, allowed=_uses(state, seat, city, forced) or list(USES)
        )
    events += activated(state, seat, h, was_angry=city.mood == ANGRY)
    return events + lighthouse.offer(state, seat, h, before)


def forced_labour(state: ClashState, seat: int, city: City, forced: bool) -> list[Event]:
    """Pay Forced Labor's mood token (checked with the rest of the action)."""
    if not forced:
        return []
    spend_tokens(state.seats[seat], MOOD, FORCED_LABOR_MOOD)
    mark_used(state, FORCED_LABOR)
    params = {"player": state.players[seat], "city": label(city.hex), "count": FORCED_LABOR_MOOD}
    return [Event("clash.forced_labor", params)]


def counts_as_activation(state: ClashState, seat: int, use: str, piece: str | None) -> bool:
    """Whether this use activates the city (p.8): every use does, but adding a Temple does not
    activate a city of the Great Mausoleum's owner, wherever the wonder stands (p.15, C116):
    no repeated-activation mood step, no count, no Lighthouse move."""
    if use == GROW and piece == TEMPLE:
        return not any(c.wonder == GREAT_MAUSOLEUM for c in state.seats[seat].cities)
    return use in USES


def activated(state: ClashState, seat: int, h: Hex, was_angry: bool) -> list[Event]:
    """After the effect (p.6: the mood drops last): count the activation, note one made while
    angry (C26 (b)), and lower the mood one step from the second activation of the turn on."""
    me = state.seats[seat]
    city = me.city_at(h)
    assert city is not None
    new = replace(
        city, activations=city.activations + 1, activated_angry=city.activated_angry or was_angry
    )
    events: list[Event] = []
    if lowers_mood(city):
        new = lowered(new)
        params = {"player": state.players[seat], "city": label(h), "mood": new.mood}
        events.append(Event("clash.mood_lowered", params))
    me.cities = [new if c.hex == h else c for c in me.cities]
    return events
