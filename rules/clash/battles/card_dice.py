"""The dice the combat halves roll themselves, alike in a battle between players
(:mod:`rules.clash.battles.combat`) and in a barbarian attack
(:mod:`rules.clash.battles.barbarian_cards`): Archers' and Routing's die, Peltasts' dice, Veterans'
rerolls, Tactical Surprise's card. Each returns what it decided and the events that tell it
(``clash.card_roll`` names the result)."""

from __future__ import annotations

from typing import Final

from rules.clash.model.decks import draw
from rules.clash.model.dice import SIDES, roll
from rules.clash.model.state import ClashState
from rules.core import Event

#: A card's own die hits on 5 or 6 (docs/clash-cards.md §3.3).
CARD_HIT: Final = 5


def result_word(hit: bool) -> str:
    """A card's die as the texts name it (``clash.card_roll``)."""
    return "hit" if hit else "miss"


def archers(state: ClashState, seat: int) -> tuple[bool, Event]:
    """Archers (K04): a die before the roll; whether it hit (an enemy unit is removed)."""
    die = roll(state, 1)[0]
    hit = die >= CARD_HIT
    params = {"player": state.players[seat], "die": str(die), "result": result_word(hit)}
    return hit, Event("clash.archers", params)


def peltasts(state: ClashState, seat: int, units: int) -> tuple[bool, list[Event]]:
    """Peltasts (K08): a die per army unit of ``seat``; any 5-6 cancels a hit against it."""
    dice = roll(state, units)
    success = any(d >= CARD_HIT for d in dice)
    result = "cancel" if success else "miss"
    params = {"player": state.players[seat], "dice": [str(d) for d in dice], "result": result}
    return success, [Event("clash.peltasts", params)]


def veterans(state: ClashState, seat: int, dice: list[int]) -> tuple[list[int], list[Event]]:
    """Veterans (K05): each 6 ``seat`` rolled is rolled once more, added to its value."""
    again = roll(state, dice.count(SIDES))
    if not again:
        return [], []
    params = {"player": state.players[seat], "dice": [str(d) for d in again]}
    return again, [Event("clash.veterans", params)]


def routing(state: ClashState, seat: int, scored: int, taken: int) -> tuple[int, list[Event]]:
    """Routing (K09): when ``seat`` scored at least as many hits as it took, a die; 5-6 is one
    more hit (in a battle between players it cannot be cancelled)."""
    if scored < taken:
        return 0, []
    die = roll(state, 1)[0]
    hit = die >= CARD_HIT
    params = {"player": state.players[seat], "die": str(die), "result": result_word(hit)}
    return int(hit), [Event("clash.routing", params)]


def surprise(state: ClashState, seat: int) -> list[Event]:
    """Tactical Surprise (K13) scored a hit: ``seat`` draws an action card (hidden)."""
    card = draw(state, "action")
    if card is None:
        return []
    me = state.seats[seat]
    me.actions = (*me.actions, card)
    return [
        Event("clash.tactical_surprise", {"player": state.players[seat]}),
        Event("clash.you_drew", {"deck": "action", "card": card}, visible_to=(seat,)),
    ]
