"""Trade offers (p.14; rules reference §6.5; C58, C120-C124): what a player holds to trade,
when and with whom, offers made and lapsing, their checks, and their JSON for views and
positions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.clash.actions.collect import KINDS
from rules.clash.box.components import RESOURCES, TOKENS_MAX, storage_limit
from rules.clash.model.resources import tokens
from rules.clash.model.state import TURN, ClashState, Goods, Offer, PlayerState, Trades
from rules.core import JSON, Event

TRADE, WITHDRAW, ACCEPT, REFUSE = "trade", "withdraw", "accept", "refuse"
#: The head tokens of trading, in menu order.
HEADS: tuple[str, ...] = (TRADE, WITHDRAW, ACCEPT, REFUSE)
GIVE, FOR = "give", "for"
#: The prompts: a player other than the active one may offer; a partner may answer.
OFFER_PROMPT, ANSWER_PROMPT = "trade", "trade_offer"


def held(me: PlayerState, kind: str) -> int:
    """How much of a resource or token kind the player has."""
    return me.resources[kind] if kind in RESOURCES else tokens(me, kind)


def room(me: PlayerState, kind: str) -> int:
    """How much more of ``kind`` the player may take (C121)."""
    cap = storage_limit(me.advances, kind) if kind in RESOURCES else TOKENS_MAX
    return max(0, cap - held(me, kind))


def hand(me: PlayerState) -> tuple[str, ...]:
    """The action and objective cards in hand."""
    return (*me.actions, *me.objectives)


def has(me: PlayerState, goods: Goods) -> bool:
    """Whether the player holds all of ``goods``."""
    cards = hand(me)
    return all(held(me, k) >= n for k, n in goods.amounts) and all(c in cards for c in goods.cards)


def fits(me: PlayerState, goods: Goods) -> bool:
    """Whether the player may take ``goods`` within the limits (cards have none)."""
    return all(room(me, k) >= n for k, n in goods.amounts)


def public_items(goods: Goods) -> list[str]:
    """``goods`` as keys of ``clash.trade.item``, the cards by number only:
    ``["food_2", "action_1"]``; ``["nothing"]`` for a gift's other side."""
    out = [f"{k}_{n}" for k, n in goods.amounts]
    for deck, prefix in (("action", "A"), ("objective", "O")):
        count = sum(1 for c in goods.cards if c.startswith(prefix))
        if count:
            out.append(f"{deck}_{count}")
    return out or ["nothing"]


def trade_time(state: ClashState) -> bool:
    """Whether offers may be made and answered now: between the active player's actions."""
    return (
        state.outcome is None
        and state.phase == TURN
        and state.prompts.top() is None
        and state.exploring is None
        and not state.turn_state.moving
    )


def offers(state: ClashState) -> tuple[Offer, ...]:
    return state.turn_state.trades.offers


def between(state: ClashState, a: int, b: int) -> Offer | None:
    """The open offer between two players, either way round."""
    return next((o for o in offers(state) if {o.offerer, o.partner} == {a, b}), None)


def made(state: ClashState, seat: int, partner: int) -> int:
    """Offers ``seat`` made to ``partner`` this turn."""
    return next((c for o, p, c in state.turn_state.trades.made if (o, p) == (seat, partner)), 0)


def partners(state: ClashState, seat: int) -> list[int]:
    """Whom ``seat`` may trade with now: anyone in its turn, else the active player."""
    live = [s for s in state.live() if s != seat]
    return live if seat == state.active else [s for s in live if s == state.active]


def can_offer(state: ClashState, seat: int, partner: int) -> bool:
    """Whether ``seat`` may make an offer to ``partner`` now."""
    return (
        partner in partners(state, seat)
        and between(state, seat, partner) is None
        and _can_give(state.seats[seat], state.seats[partner])
    )


def _can_give(me: PlayerState, them: PlayerState) -> bool:
    """Whether ``me`` has anything ``them`` could receive (what the trade action,
    :mod:`rules.clash.actions.trading`, offers to give)."""
    return bool(me.actions or me.objectives) or any(held(me, k) and room(them, k) for k in KINDS)


def offering(state: ClashState) -> list[int]:
    """The players other than the active one with a ``trade`` prompt now: they may offer to
    the active player or withdraw their offer."""
    if not trade_time(state):
        return []
    active = state.active
    return [
        s
        for s in state.live()
        if s != active
        and (can_offer(state, s, active) or any(o.offerer == s for o in offers(state)))
    ]


def answerable(state: ClashState) -> tuple[Offer, ...]:
    """The offers whose partners may answer now."""
    return offers(state) if trade_time(state) else ()


def acceptable(state: ClashState, offer: Offer) -> bool:
    """Whether the partner can take the offer up now: both have their side, both may receive."""
    me, them = state.seats[offer.partner], state.seats[offer.offerer]
    return (
        has(them, offer.give)
        and has(me, offer.want)
        and fits(me, offer.give)
        and fits(them, offer.want)
    )


def offer_params(state: ClashState, offer: Offer) -> dict[str, JSON]:
    return {
        "player": state.players[offer.offerer],
        "partner": state.players[offer.partner],
        "give": public_items(offer.give),
        "want": public_items(offer.want),
    }


def close(state: ClashState, offer: Offer) -> None:
    trades = state.turn_state.trades
    rest = tuple(o for o in trades.offers if o != offer)
    state.turn_state = replace(state.turn_state, trades=replace(trades, offers=rest))


def settle(state: ClashState, before: tuple[tuple[Any, ...], tuple[Offer, ...]]) -> list[Event]:
    """After any action: the offers of a turn that ended lapsed with it, and an offer whose
    offerer no longer has what it gives lapses (``before`` is :func:`mark` before it)."""
    turn, was = before
    events: list[Event] = []
    if turn != _turn(state):
        events += [Event("clash.trade_lapsed", offer_params(state, o)) for o in was]
        if state.phase != TURN:
            # However the turn ended (the status phase, the end of the game), nothing stays open.
            state.turn_state = replace(state.turn_state, trades=Trades())
    gone = [o for o in offers(state) if not has(state.seats[o.offerer], o.give)]
    for offer in gone:
        close(state, offer)
        events.append(Event("clash.trade_lapsed_goods", offer_params(state, offer)))
    return events


def mark(state: ClashState) -> tuple[tuple[Any, ...], tuple[Offer, ...]]:
    """The turn and its open offers, for :func:`settle`."""
    return _turn(state), offers(state)


def _turn(state: ClashState) -> tuple[Any, ...]:
    return (state.phase, state.round, state.turn, state.active)


def drop_seat(state: ClashState, seat: int) -> list[Event]:
    """A resigning player's offers, made or received, lapse."""
    gone = [o for o in offers(state) if seat in (o.offerer, o.partner)]
    for offer in gone:
        close(state, offer)
    return [Event("clash.trade_lapsed_resigned", offer_params(state, o)) for o in gone]


def problems(state: ClashState) -> list[str]:
    """What is wrong with the turn's trading in ``state`` (empty when nothing is)."""
    trades = state.turn_state.trades
    if state.phase != TURN:
        return ["trade offers outside a turn"] if trades.offers else []
    out: list[str] = []
    pairs = [frozenset((o.offerer, o.partner)) for o in trades.offers]
    if len(set(pairs)) != len(pairs):
        out.append("two open offers between two players")
    counts = {(o, p): c for o, p, c in trades.made}
    if len(counts) != len(trades.made) or list(trades.made) != sorted(trades.made):
        out.append(f"offers made {trades.made}")
    for (o, p), c in counts.items():
        if o == p or state.active not in (o, p) or c < 1:
            out.append(f"{c} offers made by seat {o} to seat {p}")
    for offer in trades.offers:
        o, p = offer.offerer, offer.partner
        what = f"offer of seat {o} to seat {p}"
        if o == p or state.active not in (o, p) or not 0 <= min(o, p) <= max(o, p) < state.n:
            out.append(f"{what} does not involve the active player")
            continue
        if state.seats[o].resigned or state.seats[p].resigned:
            out.append(f"{what} involves a resigned player")
        if counts.get((o, p)) != offer.number:
            out.append(f"{what} is number {offer.number} of {counts.get((o, p))}")
        if not offer.give.amounts and not offer.give.cards:
            out.append(f"{what} gives nothing")
        if offer.want.cards:
            out.append(f"{what} asks for cards")
        sides = (offer.give.amounts, offer.want.amounts)
        kinds = [k for side in sides for k, _ in side]
        if len(set(kinds)) != len(kinds) or any(n < 1 for side in sides for _, n in side):
            out.append(f"{what}: amounts {sides}")
        if any(list(side) != sorted(side, key=lambda x: KINDS.index(x[0])) for side in sides):
            out.append(f"{what}: amounts out of order")
        if not has(state.seats[o], offer.give):
            out.append(f"{what} gives what its offerer does not have")
    return out


def seen_by(state: ClashState, seat: int) -> set[str]:
    """The cards of other hands ``seat`` has been shown: those offered to it."""
    return {c for o in offers(state) if o.partner == seat for c in o.give.cards}


def view(state: ClashState) -> list[dict[str, JSON]]:
    """The open offers as everyone sees them: who offers what to whom, cards by number."""
    return [
        {
            "from": o.offerer,
            "to": o.partner,
            "give": dict(o.give.amounts),
            "want": dict(o.want.amounts),
            "action_cards": sum(1 for c in o.give.cards if c.startswith("A")),
            "objective_cards": sum(1 for c in o.give.cards if c.startswith("O")),
        }
        for o in offers(state)
    ]


def private_view(state: ClashState, seat: int) -> list[dict[str, JSON]]:
    """The cards of the open offers ``seat`` makes or is made (the two traders see them)."""
    return [
        {"from": o.offerer, "to": o.partner, "cards": list(o.give.cards)}
        for o in offers(state)
        if seat in (o.offerer, o.partner) and o.give.cards
    ]


def goods_json(goods: Goods) -> dict[str, JSON]:
    """``{"food": 2, "cards": ["A07"]}`` (the form of positions)."""
    out: dict[str, JSON] = dict(goods.amounts)
    if goods.cards:
        out["cards"] = list(goods.cards)
    return out


def trades_json(trades: Trades, players: Sequence[str]) -> dict[str, JSON]:
    """The turn's trading as positions write it, seats as their handles."""
    return {
        "offers": [
            {
                "from": players[o.offerer],
                "to": players[o.partner],
                "give": goods_json(o.give),
                "want": goods_json(o.want),
            }
            for o in trades.offers
        ],
        "made": [{"from": players[o], "to": players[p], "count": c} for o, p, c in trades.made],
    }
