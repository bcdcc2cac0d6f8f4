"""Trading between players (p.14; rules reference §6.5; C58, C120-C124).

The rules are told here, with the trade action's choices and apply; what may be traded
and the offers themselves are :mod:`rules.clash.actions.trade_offers`.

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
between two players at a time; p.14 sets no limit on offers, so a refused or withdrawn offer
may be followed by a new one (C123; a guard against floods of offers is the host's).

Hidden cards stay hidden: the public events and views give the number of action and
objective cards offered; the cards themselves are named only in an event for the two traders
and in their own views.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from rules.clash.actions.collect import KINDS
from rules.clash.actions.trade_offers import (
    ACCEPT,
    FOR,
    GIVE,
    HEADS,
    REFUSE,
    TRADE,
    WITHDRAW,
    acceptable,
    between,
    can_offer,
    close,
    hand,
    held,
    made,
    offer_params,
    offers,
    partners,
    room,
    trade_time,
)
from rules.clash.box.components import RESOURCES
from rules.clash.model.resources import gain_tokens, spend_tokens
from rules.clash.model.state import TURN, ClashState, Goods, Offer, Trades
from rules.core import Choice, Event, IllegalAction

_AMOUNT = re.compile(r"(food|wood|ore|ideas|gold|mood|culture)([1-9][0-9]?)", re.ASCII)
_CARD = re.compile(r"[ao][0-9]{2}", re.ASCII)


# -- when, and with whom --------------------------------------------------------------------


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
            Choice(_at(state, o.partner), "clash.choice.trade_withdraw", offer_params(state, o))
            for o in offers(state)
            if o.offerer == seat
        ]
    label = "clash.choice.trade_accept" if head == ACCEPT else "clash.choice.trade_refuse"
    return [
        Choice(_at(state, o.offerer), label, offer_params(state, o))
        for o in offers(state)
        if o.partner == seat and (head == REFUSE or acceptable(state, o))
    ]


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
        close(state, offer)
        return [Event("clash.trade_withdrawn", offer_params(state, offer))]
    if offer is None or offer.partner != seat:
        raise IllegalAction("no_offer_to_you", token=rest[0])
    if head == REFUSE:
        close(state, offer)
        return [Event("clash.trade_refused", offer_params(state, offer))]
    _check_accept(state, offer)
    close(state, offer)
    _exchange(state, offer)
    return [Event("clash.trade_made", offer_params(state, offer))]


def _offer(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    partner = _partner(state, seat, rest[0] if rest else None)
    who = state.players[partner]
    if between(state, seat, partner) is not None:
        raise IllegalAction("trade_offer_open", player=who)
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
    events = [Event("clash.trade_offered", offer_params(state, offer))]
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
