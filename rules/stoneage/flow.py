"""The round: moving between placers, resolvers and phases, feeding, the next round, the end.

After every action :func:`settle` carries the game forward to the next real decision. It also
applies the decisions that have exactly one legal option, each recorded by its usual event: a
placement when only one is possible, the last location of a player's phase 2, a roll no tool
could improve, a purchase nothing can pay for (``cannot_pay_*``), a die when every die left
shows the same face, and the penalty when the resources cannot cover a shortfall
(``starved_forced``). A player holding an unused Medicine choice is always asked, since the two
resources might pay.
"""

from __future__ import annotations

from rules.core import Event
from rules.stoneage.data import DISPLAY_SIZE, STARVATION_PENALTY
from rules.stoneage.effects import building_spec, card_spec, decline, pick_die
from rules.stoneage.logic import live_seats, next_seat, turn_order
from rules.stoneage.payments import has_payment, resource_list
from rules.stoneage.placement import (
    Target,
    can_place,
    counts_for,
    legal_targets,
    people_for,
    place,
)
from rules.stoneage.resolve import own_targets, resolve
from rules.stoneage.rolls import finish_roll, tools_can_help
from rules.stoneage.scoring import final_outcome, finish
from rules.stoneage.state import StoneAgeState

#: Bound on automatic steps in one settle (a safety net against a loop, never reached).
MAX_AUTO_STEPS = 10_000


def settle(state: StoneAgeState) -> list[Event]:
    """Advance past everything nobody has to decide; stop at the next prompt or the end."""
    events: list[Event] = []
    for _ in range(MAX_AUTO_STEPS):
        if state.outcome is not None:
            return events
        step = _step(state)
        if step is None:
            return events
        events += step
    raise RuntimeError("settle did not reach a decision")


def _step(state: StoneAgeState) -> list[Event] | None:
    """One automatic step, or None when someone must decide."""
    if state.phase == "place":
        return _place_step(state)
    if state.phase == "resolve":
        return _resolve_step(state)
    return _feed_step(state)


# -- phase 1 ----------------------------------------------------------------------------------


def _place_step(state: StoneAgeState) -> list[Event] | None:
    seat = state.active
    if can_place(state, seat):
        options: list[tuple[Target, int | None]] = [
            (t, c) for t in legal_targets(state, seat) for c in _counts_or_none(state, seat, t)
        ]
        if len(options) != 1:
            return None
        target, count = options[0]
        events = place(state, seat, target, people_for(target, count))
        after_placement(state, seat)
        return events
    for nxt in turn_order(state, (seat + 1) % state.n):
        if can_place(state, nxt):
            state.active = nxt
            return []
    return start_resolve(state)


def _counts_or_none(state: StoneAgeState, seat: int, target: Target) -> list[int | None]:
    """The people numbers a target takes, or [None] where no number is typed."""
    counts: list[int | None] = list(counts_for(state, seat, target))
    return counts or [None]


def after_placement(state: StoneAgeState, seat: int) -> None:
    """The next player clockwise who can still place (``seat`` itself last) becomes active."""
    for nxt in turn_order(state, (seat + 1) % state.n):
        if can_place(state, nxt):
            state.active = nxt
            return
    # Nobody can place: the next settle step starts phase 2.


def start_resolve(state: StoneAgeState) -> list[Event]:
    """Phase 2 begins with the first player."""
    state.phase = "resolve"
    state.active = state.first
    return [Event("stoneage.phase_resolve", {"player": state.players[state.first]})]


# -- phase 2 ----------------------------------------------------------------------------------


def _resolve_step(state: StoneAgeState) -> list[Event] | None:
    sub = state.sub
    if sub == "tools":
        roll = state.roll
        assert roll is not None
        if tools_can_help(roll, state.seats[roll.seat]):
            return None
        return finish_roll(state, [])
    if sub in ("pay_card", "pay_building"):
        return _purchase_step(state)
    if sub == "pick":
        dfa = state.dfa
        assert dfa is not None
        if len(set(dfa.faces)) == 1:
            return pick_die(state, dfa.order[0], dfa.faces[0])
        return None
    seat = state.active
    targets = own_targets(state, seat)
    if len(targets) == 1:
        return resolve(state, seat, targets[0])
    if targets:
        return None
    for nxt in turn_order(state, (seat + 1) % state.n):
        if own_targets(state, nxt):
            state.active = nxt
            return []
    return start_feeding(state)


def _purchase_step(state: StoneAgeState) -> list[Event] | None:
    purchase = state.purchase
    assert purchase is not None
    me = state.seats[state.active]
    if me.medicine:
        return None
    if purchase.what == "card":
        spec = card_spec(purchase.index)
    else:
        spec = building_spec(state.stacks[purchase.index][0])
    if has_payment(spec, me.resources):
        return None
    return decline(state, state.active, forced=True)


# -- phase 3 ----------------------------------------------------------------------------------


def start_feeding(state: StoneAgeState) -> list[Event]:
    """Food track income, then 1 food per person; shortfalls become ``feed`` prompts."""
    state.phase = "feed"
    state.active = state.first
    hungry = [0] * state.n
    events: list[Event] = []
    for seat in live_seats(state):
        me = state.seats[seat]
        me.food += me.agriculture
        who = state.players[seat]
        if me.food >= me.people:
            me.food -= me.people
            events.append(Event("stoneage.fed", {"player": who, "people": me.people}))
            continue
        # Short of food: all food goes, the rest is paid with resources or 10 points.
        hungry[seat] = me.people - me.food
        me.food = 0
    state.hungry = tuple(hungry)
    return events


def starve(state: StoneAgeState, seat: int, forced: bool) -> list[Event]:
    """The penalty for a shortfall: minus 10 points, whatever its size."""
    me = state.seats[seat]
    short = state.hungry[seat]
    me.penalties -= STARVATION_PENALTY
    _fed(state, seat)
    kind = "stoneage.starved_forced" if forced else "stoneage.starved"
    return [Event(kind, {"player": state.players[seat], "short": short})]


def _fed(state: StoneAgeState, seat: int) -> None:
    hungry = list(state.hungry)
    hungry[seat] = 0
    state.hungry = tuple(hungry)


def feed_with(state: StoneAgeState, seat: int, payment: tuple[int, ...]) -> list[Event]:
    """Pay the shortfall with resources, one per missing food."""
    me = state.seats[seat]
    for r, n in enumerate(payment):
        me.resources[r] -= n
    _fed(state, seat)
    return [
        Event(
            "stoneage.fed_resources",
            {"player": state.players[seat], "paid": resource_list(payment)},
        )
    ]


def _feed_step(state: StoneAgeState) -> list[Event] | None:
    for seat, short in enumerate(state.hungry):
        me = state.seats[seat]
        if short and not me.medicine and sum(me.resources) < short:
            return starve(state, seat, forced=True)
    if any(state.hungry):
        return None
    return end_round(state)


# -- between rounds ---------------------------------------------------------------------------


def end_round(state: StoneAgeState) -> list[Event]:
    """After feeding: the end of the game, or the next round."""
    if state.ending:
        return finish(state, final_outcome(state, "buildings_exhausted"))
    remaining = [c for c in state.display if c is not None]
    empty = DISPLAY_SIZE - len(remaining)
    if len(state.deck) < empty:
        return finish(state, final_outcome(state, "deck_exhausted"))
    state.display = [*remaining, *state.deck[:empty]]
    state.deck = state.deck[empty:]
    return start_round(state, next_seat(state, state.first), refilled=empty)


def start_round(state: StoneAgeState, first: int, refilled: int) -> list[Event]:
    """A new round: tools turned back, ``first`` places first."""
    for me in state.seats:
        me.used = [False] * len(me.tools)
    state.round += 1
    state.first = first
    state.active = first
    state.phase = "place"
    state.hungry = ()
    return [
        Event(
            "stoneage.round",
            # ``count`` picks the plural of the sentence ("1 new card", "2 new cards").
            {
                "round": state.round,
                "player": state.players[first],
                "refilled": refilled,
                "count": refilled,
            },
        )
    ]
