"""Civic Improvement (p.10, p.2; rules reference §3.5, §5.1) and Voting (p.2, C25).

For one action you raise the mood of any number of your cities by any number of steps
(angry → neutral → happy), paying for each step the city's **size** in mood tokens (p.10: a
size-2 angry city costs 2 to neutral and 4 to happy, in one action). **Circus & Sports**: each
city counts one size smaller, at least 1 (p.2). **Rituals**: Food, Wood, Ore and Gold (never
Ideas) may be paid instead of mood tokens, 1:1 (p.2, p.10). **Voting** (Democracy): pay 1
mood token to take a Civic Improvement that costs no action (p.2, p.10), as often as you can
pay (no limit is printed, C25); the mood token of Voting is a mood token, Rituals replacing
only the mood tokens the steps cost.

**Grammar** (every city named once per step; the payment comes after the cities)::

    civic <city> [<city> ...] [<resource><n> ...]
    voting <city> [<city> ...] [<resource><n> ...]

``civic d2 c3 c3`` raises D2 one step and C3 two steps, paying mood tokens; the cities may be
named in any order. With Rituals, ``food2``, ``wood1``, ``ore3``, ``gold1`` pay that much of
the cost with that resource, in this order of kinds (each kind once); whatever the resources
leave is paid in mood tokens. So ``civic d2 c3 c3 food2`` pays 2 Food and the rest in mood
tokens. Only cities that can still be raised and steps that can be paid are offered.

**Refusals** (codes, rule and page):

* ``civic_needs_a_city``: ``civic`` alone (p.10: raise the mood of one or more cities);
* ``not_your_city`` (``space``): no city of yours there (p.10: your cities);
* ``already_happy`` (``space``): the city would go past happy (p.6: three moods);
* ``cannot_pay_civic`` (``cost``, ``tokens``): the steps cost more than your mood tokens (and,
  with Rituals, your Food, Wood, Ore and Gold) can pay (p.10);
* ``name_the_payment`` (``cost``, ``tokens``): the mood tokens do not cover the cost but
  Rituals' resources could: name them (p.2);
* ``payment_needs_rituals`` (``token``): a resource named without Rituals (p.2);
* ``ideas_cannot_pay`` (``token``): Rituals excludes Ideas (p.2);
* ``bad_payment`` (``token``): not a payment (``food2``: a resource and a number from 1);
* ``bad_payment_order`` (``token``): a city after the payment, or a kind named twice or
  after a later kind (the order is Food, Wood, Ore, Gold);
* ``not_enough_resource`` (``resource``, ``count``): you hold only ``count`` of it;
* ``overpaid`` (``count``): the resources named pay more than the ``count`` still due;
* ``needs_voting``: ``voting`` without the Voting advance (p.2);
* ``voting_needs_a_mood_token``: ``voting`` without a mood token for it (p.2).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from rules.clash.board.hexes import Hex, label, token
from rules.clash.box.components import FOOD, GOLD, HAPPY, ORE, WOOD
from rules.clash.model.moods import raised, steps_to
from rules.clash.model.registry import TurnAction
from rules.clash.model.resources import MOOD, spend_tokens
from rules.clash.model.state import City, ClashState, PlayerState
from rules.core import Choice, Event, IllegalAction, number

CIVIC, VOTING = "civic", "voting"
CIRCUS, RITUALS, VOTING_ADVANCE = "circus_sports", "rituals", "voting"
#: What Rituals lets pay for mood tokens, in the order a payment names them (p.2).
RITUALS_PAY: tuple[str, ...] = (FOOD, WOOD, ORE, GOLD)
#: Mood tokens Voting costs (p.2).
VOTING_FEE = 1
_SPACE = re.compile(r"[a-z][0-9]+")
_PAYMENT = re.compile(r"([a-z]+)([0-9]+)")


def step_cost(me: PlayerState, city: City) -> int:
    """Mood tokens one step of ``city`` costs: its size, one less with Circus & Sports (at
    least 1) (p.2, p.10)."""
    return max(1, city.size - 1) if CIRCUS in me.advances else city.size


@dataclass(slots=True)
class _Plan:
    """A Civic Improvement read so far: steps by city (in the order first named), their
    cost, and the resources named to pay (by kind, in :data:`RITUALS_PAY` order)."""

    steps: dict[Hex, int] = field(default_factory=dict)
    cost: int = 0
    paid: dict[str, int] = field(default_factory=dict)

    @property
    def due(self) -> int:
        """What the resources named leave to pay in mood tokens."""
        return self.cost - sum(self.paid.values())


def _tokens_for_steps(state: ClashState, seat: int, voting: bool) -> int:
    """Mood tokens left for the steps (Voting's own token set aside)."""
    return state.seats[seat].mood_tokens - (VOTING_FEE if voting else 0)


def _resources(me: PlayerState) -> int:
    """What Rituals could pay: Food, Wood, Ore and Gold held (nothing without Rituals)."""
    return sum(me.resources[r] for r in RITUALS_PAY) if RITUALS in me.advances else 0


def _read(state: ClashState, seat: int, rest: list[str], voting: bool) -> _Plan:
    """The cities and payment of ``rest``; IllegalAction for the first wrong token. The
    total is not checked against what the player holds (:func:`_check_total`)."""
    me = state.seats[seat]
    plan = _Plan()
    for tok in rest:
        if _SPACE.fullmatch(tok):
            if plan.paid:
                raise IllegalAction("bad_payment_order", token=tok)
            h = state.board.parse(tok)
            city = me.city_at(h)
            if city is None:
                raise IllegalAction("not_your_city", space=label(h))
            if plan.steps.get(h, 0) >= steps_to(city, HAPPY):
                raise IllegalAction("already_happy", space=label(h))
            plan.steps[h] = plan.steps.get(h, 0) + 1
            plan.cost += step_cost(me, city)
            continue
        kind, n = _payment(tok)
        if RITUALS not in me.advances:
            raise IllegalAction("payment_needs_rituals", token=tok)
        if not plan.steps:
            raise IllegalAction("civic_needs_a_city")
        if plan.paid and RITUALS_PAY.index(kind) <= RITUALS_PAY.index(list(plan.paid)[-1]):
            raise IllegalAction("bad_payment_order", token=tok)
        if me.resources[kind] < n:
            raise IllegalAction("not_enough_resource", resource=kind, count=me.resources[kind])
        if n > plan.due:
            raise IllegalAction("overpaid", count=plan.due)
        plan.paid[kind] = n
    return plan


def _payment(tok: str) -> tuple[str, int]:
    match = _PAYMENT.fullmatch(tok)
    n = number(match.group(2)) if match else None
    if match is None or n is None or n < 1:
        raise IllegalAction("bad_payment", token=tok)
    kind = match.group(1)
    if kind == "ideas":
        raise IllegalAction("ideas_cannot_pay", token=tok)
    if kind not in RITUALS_PAY:
        raise IllegalAction("bad_payment", token=tok)
    return kind, n


def _check_total(state: ClashState, seat: int, plan: _Plan, voting: bool) -> None:
    me = state.seats[seat]
    tokens = _tokens_for_steps(state, seat, voting)
    if plan.due <= tokens:
        return
    later = [r for r in RITUALS_PAY if not plan.paid or RITUALS_PAY.index(r) > _last(plan)]
    if RITUALS in me.advances and plan.due <= tokens + sum(me.resources[r] for r in later):
        raise IllegalAction("name_the_payment", cost=plan.cost, tokens=max(0, tokens))
    raise IllegalAction("cannot_pay_civic", cost=plan.cost, tokens=max(0, tokens))


def _raised(city: City, steps: int) -> str:
    """The mood ``steps`` steps up from the city's."""
    for _ in range(steps):
        city = raised(city)
    return city.mood


def _last(plan: _Plan) -> int:
    return RITUALS_PAY.index(list(plan.paid)[-1])


# -- what may follow ------------------------------------------------------------------------


def _next(state: ClashState, seat: int, plan: _Plan, voting: bool) -> Iterator[Choice]:
    """The tokens that may follow ``plan`` (without ``complete``/``more``: see
    :func:`_options`)."""
    me = state.seats[seat]
    tokens = _tokens_for_steps(state, seat, voting)
    if tokens < 0:
        return
    if not plan.paid:
        room = tokens + _resources(me)
        for city in sorted(me.cities, key=lambda c: (c.hex.q, c.hex.r)):
            done = plan.steps.get(city.hex, 0)
            cost = step_cost(me, city)
            if done < steps_to(city, HAPPY) and plan.cost + cost <= room:
                params = {"space": label(city.hex), "mood": _raised(city, done + 1), "cost": cost}
                yield Choice(token(city.hex), "clash.choice.civic_city", params)
    if RITUALS not in me.advances or not plan.steps:
        return
    kinds = [r for r in RITUALS_PAY if not plan.paid or RITUALS_PAY.index(r) > _last(plan)]
    for k, kind in enumerate(kinds):
        later = sum(me.resources[r] for r in kinds[k + 1 :])
        for n in range(1, min(me.resources[kind], plan.due) + 1):
            if plan.due - n <= tokens + later:
                params = {"resource": kind, "count": n}
                yield Choice(f"{kind}{n}", "clash.choice.civic_pay", params)


def _options(state: ClashState, seat: int, plan: _Plan, voting: bool) -> list[Choice]:
    out = []
    tokens = _tokens_for_steps(state, seat, voting)
    for c in _next(state, seat, plan, voting):
        after = _read(state, seat, [*_tokens_of(plan), c.token], voting)
        more = next(_next(state, seat, after, voting), None) is not None
        out.append(Choice(c.token, c.label, c.params, complete=after.due <= tokens, more=more))
    return out


def _tokens_of(plan: _Plan) -> list[str]:
    toks = [token(h) for h, n in plan.steps.items() for _ in range(n)]
    return toks + [f"{kind}{n}" for kind, n in plan.paid.items()]


def _choices(state: ClashState, seat: int, rest: list[str], voting: bool) -> list[Choice]:
    try:
        plan = _read(state, seat, rest, voting)
    except IllegalAction:
        return []
    return _options(state, seat, plan, voting)


def offered(state: ClashState, seat: int) -> bool:
    """Whether some step of some city can be paid (p.10)."""
    return next(_next(state, seat, _Plan(), False), None) is not None


def choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """The next city to raise a step, or (Rituals) the next resource to pay with."""
    return _choices(state, seat, rest, False)


def apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``civic <city>... [<resource><n>...]`` (the action is paid by the dispatcher)."""
    return _improve(state, seat, rest, False)


def voting_offered(state: ClashState, seat: int) -> bool:
    """Voting: with the advance and a mood token for it besides the steps (p.2)."""
    me = state.seats[seat]
    if VOTING_ADVANCE not in me.advances or me.mood_tokens < VOTING_FEE:
        return False
    return next(_next(state, seat, _Plan(), True), None) is not None


def voting_choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    if VOTING_ADVANCE not in state.seats[seat].advances:
        return []
    return _choices(state, seat, rest, True)


def voting_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``voting <city>... [<resource><n>...]``: 1 mood token instead of an action (p.2)."""
    me = state.seats[seat]
    if VOTING_ADVANCE not in me.advances:
        raise IllegalAction("needs_voting")
    if me.mood_tokens < VOTING_FEE:
        raise IllegalAction("voting_needs_a_mood_token")
    return _improve(state, seat, rest, True)


def _improve(state: ClashState, seat: int, rest: list[str], voting: bool) -> list[Event]:
    if not rest:
        raise IllegalAction("civic_needs_a_city")
    plan = _read(state, seat, rest, voting)
    _check_total(state, seat, plan, voting)
    me = state.seats[seat]
    player = state.players[seat]
    events = []
    if voting:
        spend_tokens(me, MOOD, VOTING_FEE)
        events.append(Event("clash.voting_used", {"player": player}))
    spend_tokens(me, MOOD, plan.due)
    for kind, n in plan.paid.items():
        me.resources[kind] -= n
    for h, n in plan.steps.items():
        k = next(i for i, c in enumerate(me.cities) if c.hex == h)
        mood = _raised(me.cities[k], n)
        me.cities[k] = replace(me.cities[k], mood=mood)
        events.append(
            Event("clash.mood_raised", {"player": player, "space": label(h), "mood": mood})
        )
    paid = [f"{MOOD}_{plan.due}"] if plan.due else []
    paid += [f"{kind}_{n}" for kind, n in plan.paid.items()]
    events.append(Event("clash.civic_paid", {"player": player, "paid": paid}))
    return events


#: The two turn actions of :data:`rules.clash.dispatch.grammar.TURN_ACTIONS`.
CIVIC_ACTION = TurnAction(CIVIC, offered, choices, apply)
VOTING_ACTION = TurnAction(VOTING, voting_offered, voting_choices, voting_apply, costs_action=False)
