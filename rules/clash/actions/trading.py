"""Trading between players (p.14; rules reference §6.5; C58, C120-C124).

During your turn you may trade with any player, and during another player's turn with that
player: every trade involves the active player. A trade is one offer, answered by its partner:

* ``trade @<partner> give <item>... [for <item>...]`` makes an offer (no action spent). An item
  is an amount of a resource or token, ``food2 wood1 ore1 ideas3 gold1 mood2 culture1``, or one
  of the offerer's own action or objective cards by id (``a07``, ``o12``). What is asked
  (after ``for``) is resources and tokens only: the partner's hand is hidden, so cards can only
  be given (C120); an offer without ``for`` is a gift. A kind is named once, and never on
  both sides;
* ``accept @<offerer>`` or ``refuse @<offerer>`` answers it: a may-act prompt
  (``trade_offer``, ``must`` false), so it never holds up the game (C124); the active
  player's own prompt stays as it is;
* ``withdraw @<partner>`` takes one's own offer back.

The active player offers from the turn menu; every other player still in the game has a
may-act prompt ``trade`` while it may offer to the active player or withdraw its offer (any
other action of theirs is ``not_your_turn``). Trading costs no action and keeps no turn open:
a turn with no action left ends by itself as before (C124). Trading
happens between the active player's actions: not during a Move action, while a region is
being placed, in a battle or any other nested decision (offers stand meanwhile), nor in the
status phase (C58, C122).

Only what the offerer has can be offered and only what the partner has can be asked; the
limits of the one receiving apply on receipt (resources 8, Food 2 without Storage, Ideas 2
with Dogma, tokens 8): an offer that would pass one cannot be made, nor accepted while it
would (C121). Accepting checks both sides again. An offer lapses when the turn ends, when its
offerer no longer has what it gives, or when either player resigns. At most one offer is open
between two players, and a player makes one offer to the same player in a turn
(:data:`MAX_OFFERS`; a refused offer may be answered with a counter-offer, C123).

Hidden cards stay hidden: the public events and views give the number of action and
objective cards offered; the cards themselves are named only in an event for the two traders
and in their own views.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.clash.actions.collect import KINDS
from rules.clash.box.components import RESOURCES, TOKENS_MAX, storage_limit
from rules.clash.model.resources import gain_tokens, spend_tokens, tokens
from rules.clash.model.state import TURN, ClashState, Goods, Offer, PlayerState, Trades
from rules.core import Choice, Event, IllegalAction

JSON = Any

TRADE, WITHDRAW, ACCEPT, REFUSE = "trade", "withdraw", "accept", "refuse"
#: The head tokens of trading, in menu order.
HEADS: tuple[str, ...] = (TRADE, WITHDRAW, ACCEPT, REFUSE)
GIVE, FOR = "give", "for"
#: Offers one player may make to the same player in one turn (C123): after a refusal the
#: other side may answer with an offer of its own.
MAX_OFFERS = 1
#: The prompts: a player other than the active one may offer; a partner may answer.
OFFER_PROMPT, ANSWER_PROMPT = "trade", "trade_offer"

_AMOUNT = re.compile(r"(food|wood|ore|ideas|gold|mood|culture)([1-9][0-9]?)", re.ASCII)
_CARD = re.compile(r"[ao][0-9]{2}", re.ASCII)


# -- what players hold ----------------------------------------------------------------------


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


# -- when, and with whom --------------------------------------------------------------------


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
        and made(state, seat, partner) < MAX_OFFERS
        and _can_give(state.seats[seat], state.seats[partner])
    )


def _can_give(me: PlayerState, them: PlayerState) -> bool:
    """Whether ``me`` has anything ``them`` could receive (what :func:`_givable` lists)."""
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


def heads(state: ClashState, seat: int) -> list[str]:
    """The trading tokens ``seat`` may begin an action with now."""
    if not trade_time(state) or state.seats[seat].resigned:
        return []
    out: list[str] = []
    if any(can_offer(state, seat, p) for p in partners(state, seat)):
        out.append(TRADE)
    if any(o.offerer == seat for o in offers(state)):
        out.append(WITHDRAW)
    if any(o.partner == seat and acceptable(state, o) for o in offers(state)):
        out.append(ACCEPT)
    if any(o.partner == seat for o in offers(state)):
        out.append(REFUSE)
    return out


def acceptable(state: ClashState, offer: Offer) -> bool:
    """Whether the partner can take the offer up now: both have their side, both may receive."""
    me, them = state.seats[offer.partner], state.seats[offer.offerer]
    return (
        has(them, offer.give)
        and has(me, offer.want)
        and fits(me, offer.give)
        and fits(them, offer.want)
    )


# -- choices --------------------------------------------------------------------------------


def choices(state: ClashState, seat: int, prefix: Sequence[str]) -> list[Choice]:
    """The legal next tokens of a trading action (``prefix`` starts with its head, or is
    empty for the heads themselves)."""
    available = heads(state, seat)
    if not prefix:
        return [Choice(h, f"clash.token.{h}", complete=False, more=True) for h in available]
    head, *rest = prefix
    if head not in available:
        return []
    if head == TRADE:
        return _offer_choices(state, seat, rest)
    if rest:
        return []
    if head == WITHDRAW:
        return [
            Choice(_at(state, o.partner), "clash.choice.trade_withdraw", _named(state, o))
            for o in offers(state)
            if o.offerer == seat
        ]
    label = "clash.choice.trade_accept" if head == ACCEPT else "clash.choice.trade_refuse"
    return [
        Choice(_at(state, o.offerer), label, _named(state, o))
        for o in offers(state)
        if o.partner == seat and (head == REFUSE or acceptable(state, o))
    ]


def _named(state: ClashState, offer: Offer) -> dict[str, JSON]:
    return {
        "player": state.players[offer.offerer],
        "partner": state.players[offer.partner],
        "give": public_items(offer.give),
        "want": public_items(offer.want),
    }


def _at(state: ClashState, seat: int) -> str:
    return f"@{state.players[seat]}"


def _offer_choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    if not rest:
        return [
            Choice(
                _at(state, p),
                "clash.choice.trade_partner",
                {"player": state.players[p]},
                complete=False,
                more=True,
            )
            for p in partners(state, seat)
            if can_offer(state, seat, p)
        ]
    partner = _seat_of(state, rest[0])
    if partner is None or not can_offer(state, seat, partner):
        return []
    if len(rest) == 1:
        return [Choice(GIVE, "clash.choice.trade_give", complete=False, more=True)]
    if rest[1] != GIVE:
        return []
    try:
        give, want, asking = _read_sides(state, seat, partner, rest[2:])
    except IllegalAction:
        return []
    if asking:
        asked = _askable(state, seat, partner, give, want)
        # An item may be followed by another of a different kind.
        return _item_choices(asked, lambda key: any(_key(i) != key for i in asked))
    given = _givable(state, seat, partner, give)
    askable = {_key(i) for i in _askable(state, seat, partner, give, Goods())}
    out = _item_choices(
        given, lambda key: any(_key(i) != key for i in given) or bool(askable - {key})
    )
    if (give.amounts or give.cards) and askable:
        out.append(Choice(FOR, "clash.choice.trade_for", complete=False, more=True))
    return out


def _key(item: tuple[str, int] | str) -> str:
    """What an item takes up on its side: its kind, or the card."""
    return item if isinstance(item, str) else item[0]


def _item_choices(items: list[tuple[str, int] | str], more: Callable[[str], bool]) -> list[Choice]:
    """The items as choices; ``more(key)``: whether anything may follow one of ``key``."""
    out: list[Choice] = []
    for item in items:
        if isinstance(item, str):
            tok, label, params = item.lower(), "clash.choice.trade_card", {"card": item}
        else:
            kind, n = item
            tok, label, params = f"{kind}{n}", "clash.choice.trade_item", {"item": f"{kind}_{n}"}
        out.append(Choice(tok, label, params, complete=True, more=more(_key(item))))
    return out


def _givable(
    state: ClashState, seat: int, partner: int, named: Goods
) -> list[tuple[str, int] | str]:
    """What ``seat`` may still add to what it gives ``partner``: each amount it has and the
    partner has room for, each card in its hand not named yet."""
    me, them = state.seats[seat], state.seats[partner]
    kinds = {k for k, _ in named.amounts}
    out: list[tuple[str, int] | str] = [
        (k, n)
        for k in KINDS
        if k not in kinds
        for n in range(1, min(held(me, k), room(them, k)) + 1)
    ]
    out += [c for c in hand(me) if c not in named.cards]
    return out


def _askable(
    state: ClashState, seat: int, partner: int, give: Goods, named: Goods
) -> list[tuple[str, int] | str]:
    """What ``seat`` may still ask of ``partner``: amounts the partner has and ``seat`` has
    room for, of kinds not given."""
    me, them = state.seats[seat], state.seats[partner]
    taken = {k for k, _ in give.amounts} | {k for k, _ in named.amounts}
    return [
        (k, n)
        for k in KINDS
        if k not in taken
        for n in range(1, min(held(them, k), room(me, k)) + 1)
    ]


# -- reading an offer -----------------------------------------------------------------------


def _seat_of(state: ClashState, tok: str) -> int | None:
    handles = {f"@{h}": s for s, h in enumerate(state.players)}
    return handles.get(tok)


def _partner(state: ClashState, seat: int, tok: str | None) -> int:
    allowed = [_at(state, p) for p in partners(state, seat)]
    if tok is None:
        raise IllegalAction("trade_needs_a_partner", allowed=allowed)
    partner = _seat_of(state, tok)
    if partner == seat:
        raise IllegalAction("trade_with_yourself")
    if partner is None or partner not in partners(state, seat):
        if partner is not None and not state.seats[partner].resigned and seat != state.active:
            raise IllegalAction(
                "trade_only_with_the_active_player", player=state.players[state.active]
            )
        raise IllegalAction("trade_unknown_partner", token=tok, allowed=allowed)
    return partner


def _read_sides(
    state: ClashState, seat: int, partner: int, items: list[str]
) -> tuple[Goods, Goods, bool]:
    """Both sides of the items after ``give`` (``for`` separates them), checked against what
    each player has and may receive; whether ``for`` was written."""
    me = state.seats[seat]
    give: dict[str, int] = {}
    want: dict[str, int] = {}
    cards: list[str] = []
    asking = False
    for tok in items:
        if tok == FOR and not asking:
            if not give and not cards:
                raise IllegalAction("trade_needs_items")
            asking = True
            continue
        card = _CARD.fullmatch(tok)
        amount = _AMOUNT.fullmatch(tok)
        if card is not None:
            if asking:
                raise IllegalAction("trade_cannot_ask_for_cards", token=tok)
            if tok.upper() in cards:
                raise IllegalAction("trade_item_twice", token=tok)
            if tok.upper() not in hand(me):
                raise IllegalAction("trade_card_not_held", card=tok.upper())
            cards.append(tok.upper())
            continue
        if amount is None:
            raise IllegalAction("trade_unknown_item", token=tok)
        kind, n = amount.group(1), int(amount.group(2))
        if kind in give or kind in want:
            code = "trade_item_twice" if kind in (want if asking else give) else "trade_same_kind"
            raise IllegalAction(code, token=tok)
        source, target = (partner, seat) if asking else (seat, partner)
        _check_amount(state, source, target, kind, n, asking)
        (want if asking else give)[kind] = n
    return _goods(give, cards), _goods(want, []), asking


def _check_amount(
    state: ClashState, source: int, target: int, kind: str, n: int, asking: bool
) -> None:
    """``source`` has ``n`` of ``kind`` and ``target`` room for them (C121)."""
    tok, have, free = f"{kind}{n}", held(state.seats[source], kind), room(state.seats[target], kind)
    if have < n:
        if asking:
            who = state.players[source]
            raise IllegalAction("trade_partner_lacks", player=who, token=tok, count=have)
        raise IllegalAction("trade_not_enough", token=tok, count=have)
    if free < n:
        raise IllegalAction("trade_over_limit", player=state.players[target], token=tok, room=free)


def _goods(amounts: Mapping[str, int], cards: Sequence[str]) -> Goods:
    return Goods(tuple((k, amounts[k]) for k in KINDS if k in amounts), tuple(cards))


# -- actions --------------------------------------------------------------------------------


def apply(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """Resolve a trading action of ``seat`` (IllegalAction before any change)."""
    if state.phase != TURN:
        raise IllegalAction("no_trading_in_the_status_phase")
    if not trade_time(state):
        raise IllegalAction("trade_between_actions")
    head, *rest = toks
    if head == TRADE:
        return _offer(state, seat, rest)
    if head not in HEADS:
        # Another player's turn: trading is all this seat may do in it.
        raise IllegalAction("not_your_turn", waiting=[state.active])
    if not rest:
        raise IllegalAction("trade_needs_a_player")
    if len(rest) > 1:
        raise IllegalAction("too_many_tokens", token=rest[1])
    other = _seat_of(state, rest[0])
    offer = None if other is None else between(state, seat, other)
    if head == WITHDRAW:
        if offer is None or offer.offerer != seat:
            raise IllegalAction("no_offer_of_yours", token=rest[0])
        _close(state, offer)
        return [Event("clash.trade_withdrawn", _named(state, offer))]
    if offer is None or offer.partner != seat:
        raise IllegalAction("no_offer_to_you", token=rest[0])
    if head == REFUSE:
        _close(state, offer)
        return [Event("clash.trade_refused", _named(state, offer))]
    _check_accept(state, offer)
    _close(state, offer)
    _exchange(state, offer)
    return [Event("clash.trade_made", _named(state, offer))]


def _offer(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    partner = _partner(state, seat, rest[0] if rest else None)
    who = state.players[partner]
    if between(state, seat, partner) is not None:
        raise IllegalAction("trade_offer_open", player=who)
    if made(state, seat, partner) >= MAX_OFFERS:
        raise IllegalAction("too_many_trade_offers", player=who, limit=MAX_OFFERS)
    if len(rest) < 2 or rest[1] != GIVE:
        raise IllegalAction("trade_needs_give", player=who)
    items = rest[2:]
    give, want, asking = _read_sides(state, seat, partner, items)
    if (not give.amounts and not give.cards) or (asking and not want.amounts):
        raise IllegalAction("trade_needs_items")
    number = made(state, seat, partner) + 1
    offer = Offer(seat, partner, give, want, number)
    trades = state.turn_state.trades
    counts = {(o, p): c for o, p, c in trades.made}
    counts[(seat, partner)] = number
    state.turn_state = replace(
        state.turn_state,
        trades=Trades(
            (*trades.offers, offer), tuple(sorted((o, p, c) for (o, p), c in counts.items()))
        ),
    )
    events = [Event("clash.trade_offered", _named(state, offer))]
    if give.cards:
        events.append(
            Event(
                "clash.trade_cards_offered",
                {"player": state.players[seat], "partner": who, "cards": list(give.cards)},
                visible_to=tuple(sorted((seat, partner))),
            )
        )
    return events


def _check_accept(state: ClashState, offer: Offer) -> None:
    me, them = state.seats[offer.partner], state.seats[offer.offerer]
    for kind, n in offer.want.amounts:
        if held(me, kind) < n:
            raise IllegalAction("trade_not_enough", token=f"{kind}{n}", count=held(me, kind))
    for who, goods, seat in ((me, offer.give, offer.partner), (them, offer.want, offer.offerer)):
        for kind, n in goods.amounts:
            if room(who, kind) < n:
                raise IllegalAction(
                    "trade_over_limit",
                    player=state.players[seat],
                    token=f"{kind}{n}",
                    room=room(who, kind),
                )


def _close(state: ClashState, offer: Offer) -> None:
    trades = state.turn_state.trades
    rest = tuple(o for o in trades.offers if o != offer)
    state.turn_state = replace(state.turn_state, trades=replace(trades, offers=rest))


def _exchange(state: ClashState, offer: Offer) -> None:
    """Both sides change hands at once (one atomic exchange, C58)."""
    giver, taker = state.seats[offer.offerer], state.seats[offer.partner]
    for source, target, goods in ((giver, taker, offer.give), (taker, giver, offer.want)):
        for kind, n in goods.amounts:
            if kind in RESOURCES:
                source.resources[kind] -= n
                target.resources[kind] += n
            else:
                spend_tokens(source, kind, n)
                gain_tokens(target, kind, n)
    for card in offer.give.cards:
        if card in giver.actions:
            giver.actions = tuple(c for c in giver.actions if c != card)
            taker.actions = (*taker.actions, card)
        else:
            giver.objectives = tuple(c for c in giver.objectives if c != card)
            taker.objectives = (*taker.objectives, card)


# -- offers lapsing -------------------------------------------------------------------------


def settle(state: ClashState, before: tuple[tuple[Any, ...], tuple[Offer, ...]]) -> list[Event]:
    """After any action: the offers of a turn that ended lapsed with it, and an offer whose
    offerer no longer has what it gives lapses (``before`` is :func:`mark` before it)."""
    turn, was = before
    events: list[Event] = []
    if turn != _turn(state):
        events += [Event("clash.trade_lapsed", _named(state, o)) for o in was]
        if state.phase != TURN:
            # However the turn ended (the status phase, the end of the game), nothing stays open.
            state.turn_state = replace(state.turn_state, trades=Trades())
    gone = [o for o in offers(state) if not has(state.seats[o.offerer], o.give)]
    for offer in gone:
        _close(state, offer)
        events.append(Event("clash.trade_lapsed_goods", _named(state, offer)))
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
        _close(state, offer)
    return [Event("clash.trade_lapsed_resigned", _named(state, o)) for o in gone]


# -- checks (positions, invariants) ---------------------------------------------------------


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
        if o == p or state.active not in (o, p) or not 1 <= c <= MAX_OFFERS:
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


# -- snapshots and positions ----------------------------------------------------------------


def goods_json(goods: Goods) -> dict[str, JSON]:
    """``{"food": 2, "cards": ["A07"]}`` (the form of snapshots and positions)."""
    out: dict[str, JSON] = dict(goods.amounts)
    if goods.cards:
        out["cards"] = list(goods.cards)
    return out


def trades_json(trades: Trades, players: Sequence[str] | None = None) -> dict[str, JSON]:
    """The turn's trading, seats as numbers (snapshots) or handles (positions)."""

    def name(s: int) -> JSON:
        return s if players is None else players[s]

    return {
        "offers": [
            {
                "from": name(o.offerer),
                "to": name(o.partner),
                "give": goods_json(o.give),
                "want": goods_json(o.want),
            }
            for o in trades.offers
        ],
        "made": [{"from": name(o), "to": name(p), "count": c} for o, p, c in trades.made],
    }


def read_trades(data: Mapping[str, JSON]) -> Trades:
    """The inverse of :func:`trades_json` for a snapshot (seats as numbers)."""
    made = tuple((int(m["from"]), int(m["to"]), int(m["count"])) for m in data["made"])
    counts = {(o, p): c for o, p, c in made}
    return Trades(
        tuple(
            Offer(
                int(o["from"]),
                int(o["to"]),
                read_goods(o["give"]),
                read_goods(o["want"]),
                counts.get((int(o["from"]), int(o["to"])), 1),
            )
            for o in data["offers"]
        ),
        made,
    )


def read_goods(data: Mapping[str, JSON]) -> Goods:
    return Goods(
        tuple((k, int(data[k])) for k in KINDS if k in data),
        tuple(str(c) for c in data.get("cards", ())),
    )
