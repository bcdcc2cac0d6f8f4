"""Playing an action card for its civil half in your turn: ``card <id> <tokens...>``
(docs/clash-cards.md §3.1, §3.2, §8.1; rules reference p.14; C100-C109).

The card must be in your hand (hidden until played); its culture tokens are paid when it is
played; an AAA card takes one of the turn's actions (the dispatcher spends it, see
:func:`costs_action`), the others none. The played card is shown to everyone
(``clash.card_played``), discarded, and its effect follows. Only cards that can have their
effect now are offered, each with the tokens it needs (:mod:`rules.clash.cards.civil_effects`,
:mod:`rules.clash.cards.civil_targets`). Tech Synergy, Idea Synergy and Propaganda are not played
here: their windows are decisions (``synergy`` in :mod:`rules.clash.cards.decisions`, the
``influence`` roll decision).

Refusals: ``card_needs_an_id``, ``not_an_action_card`` (``token``), ``card_not_in_hand``
(``card``), ``card_played_in_a_decision`` (``card``: its window is a decision),
``card_needs_culture_tokens`` (``count``), ``no_actions_left``, and each card's own.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.clash.box.cards import ACTION_HALVES
from rules.clash.cards.civil_effects import SELF_PLAYS
from rules.clash.cards.civil_targets import TARGET_PLAYS
from rules.clash.model.civil_cards import (
    ADVANCE,
    CIVIL,
    INFLUENCE_ROLL,
    Play,
    civil_half,
    play_card,
)
from rules.clash.model.registry import TurnAction
from rules.clash.model.state import ClashState
from rules.core import Choice, Event, IllegalAction

CARD = "card"
#: How each civil half is played from the turn menu (Synergies and Propaganda excepted).
PLAYS: dict[str, Play] = {**SELF_PLAYS, **TARGET_PLAYS}


def _problem(state: ClashState, seat: int, card: str, acting: bool = True) -> IllegalAction | None:
    """Why ``card`` cannot be played from the turn menu now (tokens after it aside;
    ``acting``: an AAA card still needs an action left)."""
    if card not in ACTION_HALVES:
        return IllegalAction("not_an_action_card", token=card)
    me = state.seats[seat]
    if card not in me.actions:
        return IllegalAction("card_not_in_hand", card=card)
    half = CIVIL[civil_half(card)]
    if half.window in (ADVANCE, INFLUENCE_ROLL):
        return IllegalAction("card_played_in_a_decision", card=card, civil=half.code)
    if me.culture_tokens < half.culture:
        return IllegalAction("card_needs_culture_tokens", count=half.culture)
    if acting and half.costs_action and not state.turn_state.actions_left:
        return IllegalAction("no_actions_left")
    return PLAYS[half.code].problem(state, seat)


def _complete(state: ClashState, seat: int, card: str, rest: list[str]) -> bool:
    try:
        PLAYS[civil_half(card)].check(state, seat, rest)
    except IllegalAction:
        return False
    return True


def playable(state: ClashState, seat: int) -> list[str]:
    """The cards of ``seat``'s hand that can be played now, one per civil half (two
    copies of a kind are the same choice), in hand order."""
    return list(_playable(state, seat))


def _playable(state: ClashState, seat: int) -> Iterator[str]:
    seen: set[str] = set()
    for card in state.seats[seat].actions:
        code = civil_half(card)
        if code in seen or _problem(state, seat, card) is not None:
            continue
        play = PLAYS[code]
        if _complete(state, seat, card, []) or play.next(state, seat, []):
            yield card
            seen.add(code)


def offered(state: ClashState, seat: int) -> bool:
    return next(_playable(state, seat), None) is not None


def choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    """The card, then what it needs."""
    if not rest:
        out = []
        for card in playable(state, seat):
            code = civil_half(card)
            complete = _complete(state, seat, card, [])
            more = bool(PLAYS[code].next(state, seat, []))
            params = {"card": card, "civil": code}
            aaa = CIVIL[code].costs_action
            key = "clash.choice.civil_card_aaa" if aaa else "clash.choice.civil_card"
            out.append(Choice(card.lower(), key, params, complete=complete, more=more))
        return out
    card, *more_toks = rest
    card = card.upper()
    if card not in playable(state, seat):
        return []
    return PLAYS[civil_half(card)].next(state, seat, more_toks)


def costs_action(state: ClashState, seat: int, rest: list[str]) -> bool:
    """Whether ``card <id> ...`` takes one of the turn's actions: only an AAA card does."""
    card = rest[0].upper() if rest else ""
    return card in ACTION_HALVES and CIVIL[civil_half(card)].costs_action


def apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``card <id> <tokens...>`` (an AAA card's action is spent by the dispatcher)."""
    if not rest:
        raise IllegalAction("card_needs_an_id", allowed=playable(state, seat))
    card, *toks = rest
    card = card.upper()
    # An AAA card's action was spent before (no_actions_left when there was none).
    err = _problem(state, seat, card, acting=False)
    if err is not None:
        raise err
    code = civil_half(card)
    effect = PLAYS[code].check(state, seat, toks)
    return play_card(state, seat, card) + effect()


#: The entry of :data:`rules.clash.dispatch.grammar.TURN_ACTIONS`: no action of its own, an AAA
#: card's through ``cost``.
CARD_ACTION = TurnAction(CARD, offered, choices, apply, costs_action=False, cost=costs_action)
