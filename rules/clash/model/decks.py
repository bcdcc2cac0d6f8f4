"""Drawing cards (p.3, p.11, p.13, p.14).

A card is taken from the top of its deck. An empty action, objective or event deck is made
again from its discards, shuffled with the game's generator (C57: the rules do not say; the
designed reading of docs/clash-cards.md §2); nothing is drawn when both are empty. The wonder
deck is never reshuffled (wonders are revealed, built or lost, never discarded).
"""

from __future__ import annotations

from dataclasses import replace

from rules.clash.box.cards import DISCARDED
from rules.clash.model.state import ClashState
from rules.core import Event


def draw(state: ClashState, deck: str) -> str | None:
    """The top card of ``deck`` (taken off it), or None when there is none."""
    cards = state.cards
    pile = cards.decks[deck]
    if not pile and deck in DISCARDED and cards.discards[deck]:
        shuffled = list(cards.discards[deck])
        state.rng.shuffle(shuffled)
        pile = tuple(shuffled)
        cards.discards = {**cards.discards, deck: ()}
    if not pile:
        cards.decks = {**cards.decks, deck: pile}
        return None
    cards.decks = {**cards.decks, deck: pile[1:]}
    return pile[0]


def discard(state: ClashState, deck: str, card: str) -> None:
    """Put ``card`` on the discard pile of ``deck``."""
    cards = state.cards
    cards.discards = {**cards.discards, deck: (*cards.discards[deck], card)}


def usable_kept(state: ClashState, seat: int) -> list[str]:
    """The event cards ``seat`` keeps and may use now: a card kept in its own turn under way
    waits for a later turn (C85), while a second copy kept earlier may be used."""
    usable = list(state.seats[seat].kept_events)
    if seat == state.active:
        for card in state.turn_state.kept_now:
            usable.remove(card)
    return usable


def take_kept(state: ClashState, seat: int, card: str) -> None:
    """``seat`` uses its kept ``card``: off the table, onto the event discards (§4.1)."""
    me = state.seats[seat]
    kept = list(me.kept_events)
    kept.remove(card)
    me.kept_events = tuple(kept)
    discard(state, "event", card)


def reveal_wonder(state: ClashState) -> str | None:
    """Turn the top wonder card face up (Engineering, Monuments, p.2, p.14)."""
    card = draw(state, "wonder")
    if card is not None:
        state.cards = replace(state.cards, revealed=(*state.cards.revealed, card))
    return card


def draw_hand_cards(state: ClashState, seat: int) -> list[Event]:
    """``seat`` draws 1 action and 1 objective card (Writing, the status phase: p.2, p.11),
    shown only to them; the others see that a card was drawn."""
    me = state.seats[seat]
    events: list[Event] = []
    for deck in ("action", "objective"):
        card = draw(state, deck)
        if card is None:
            continue
        if deck == "action":
            me.actions = (*me.actions, card)
        else:
            me.objectives = (*me.objectives, card)
        events.append(Event("clash.card_drawn", {"player": state.players[seat], "deck": deck}))
        events.append(Event("clash.you_drew", {"deck": deck, "card": card}, visible_to=(seat,)))
    return events
