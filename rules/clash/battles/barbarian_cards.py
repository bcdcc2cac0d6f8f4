"""The defender's Great General and combat card in a barbarian attack (p.13, p.14;
docs/clash-cards.md §3.1, §3.3, §4.2 E36, P07; C125, C126).

A barbarian attack, of an event or of the Mercenaries card, "follows the usual combat rules"
except for what p.13 names (one round, the hits on units then on city pieces, the survivors
going home): so its one round opens a combat-card window as every battle's does (C42), the
attacker's first, then the defender's. Nobody plays cards for the barbarians (p.14; the
Mercenaries' player rolls for them but may not play cards for them, P07), so the attacker's
window is always empty and only the defending player is asked (C125). As in a battle, a
kept Great General is asked about first (``barbarian_great_general``: ``use`` discards it for
+2 CV in the round, ``keep``), only of a defender holding one kept in an earlier turn (C85).

The defender may play a card as in any battle (C65): it owns Tactics, has not resigned, and a
force the card names stands in the city (``army`` for its army units, ``fortress`` for its
Fortress); its role fits (defender or either side, a land battle, a city: Ambush never). Of
those, three cannot act against barbarians and are not offered (C126): High Ground (the
barbarians have no card nor advances to ignore), Scouts (no card to take) and Tactical Retreat
(a barbarian attack captures nothing, so "the attacker wins" has no meaning; ending the attack
before its roll would spare the city's pieces too).

Its effects in the round (docs/clash-cards.md §8.2, the dice in :mod:`rules.clash.model.dice`'s
order): Archers' die and Martyr's removals before the roll (a barbarian unit removed dies, as
one hit by the defender), Peltasts' dice; extra dice (Prepared Defenses, For the People) and
combat value (High Morale, Tactical Surprise); Defiant Stand lowers the barbarians' combat
value by 1 per barbarian unit rolling; Veterans rerolls the defender's 6s (the Fortress's die
included); Routing's die when the barbarians take at least as many hits as they score;
Upgraded Defenses and a successful Peltasts cancel a barbarian hit each, besides the
Fortress; Tactical Surprise draws an action card after a hit. Every effect is told with the
events of :mod:`rules.clash.battles.combat` (``clash.archers``...); the cards' own dice are
:mod:`rules.clash.battles.card_dice`'s, as in every battle.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from rules.clash.battles import card_dice
from rules.clash.battles import combat_cards as cc
from rules.clash.board.hexes import Hex, label
from rules.clash.box.cards import ACTION_HALVES
from rules.clash.box.components import ARMY, FORTRESS
from rules.clash.model import transfer
from rules.clash.model.decks import discard
from rules.clash.model.state import ClashState, working
from rules.core import Event

#: The decisions asked of the defender before the roll, in this order: the Great General
#: (``use`` or ``keep``, asked only of a holder), then the combat card.
GENERAL: Final = "barbarian_great_general"
CARD: Final = "barbarian_combat_card"
USE, KEEP = "use", "keep"
#: Halves that cannot act against barbarians (C126).
NOT_AGAINST_BARBARIANS: frozenset[str] = frozenset({cc.HIGH_GROUND, cc.SCOUTS, cc.TACTICAL_RETREAT})


def options(state: ClashState, owner: int, h: Hex) -> list[str]:
    """The action cards ``owner`` may play for their combat half when barbarians attack its
    city on ``h`` (C65, C126), in hand order, one of each kind."""
    me = state.seats[owner]
    city = me.city_at(h)
    if city is None or me.resigned or "tactics" not in me.advances:
        return []
    forces = set()
    if me.armies.get(h, 0):
        forces.add(cc.ARMY_FORCE)
    if working(state, city, FORTRESS):
        forces.add(cc.FORTRESS_FORCE)
    return [
        card
        for card in dict.fromkeys(me.actions)
        if cc.half_of(card) not in NOT_AGAINST_BARBARIANS
        and cc.playable(cc.COMBAT_CARDS[card], False, False, True, forces)
    ]


def play(state: ClashState, owner: int, card: str) -> Event:
    """The card leaves ``owner``'s hand for the discard pile, face up (its halves name it,
    never its id: that may be hidden again after a reshuffle)."""
    me = state.seats[owner]
    hand = list(me.actions)
    hand.remove(card)
    me.actions = tuple(hand)
    discard(state, "action", card)
    params = {"player": state.players[owner], "half": cc.half_of(card)}
    return Event("clash.combat_card_played", {**params, "civil": ACTION_HALVES[card][0]})


def kill(state: ClashState, settlement: Hex, count: int, city: Hex) -> list[Event]:
    """``count`` barbarian units of ``settlement`` die attacking ``city``."""
    if not count:
        return []
    b = state.barbarians
    armies = dict(b.armies)
    armies[settlement] -= count
    if not armies[settlement]:
        del armies[settlement]
    state.barbarians = replace(b, armies=armies)
    lost = {"units": [f"{ARMY}_{count}"], "space": label(city)}
    return [Event("clash.barbarian_units_lost", lost)]


def before_roll(
    state: ClashState, owner: int, settlement: Hex, h: Hex, half: str | None
) -> tuple[bool, list[Event]]:
    """Archers, Martyr and Peltasts (§8.2 b): whether Peltasts cancel a barbarian hit, and
    what was told."""
    player = state.players[owner]
    if half == cc.ARCHERS:
        hit, told = card_dice.archers(state, owner)
        return False, [told, *(kill(state, settlement, 1, h) if hit else [])]
    if half == cc.MARTYR:
        transfer.remove_land(state, owner, h, ARMY, 1)
        mine = {"player": player, "units": [f"{ARMY}_1"], "space": label(h)}
        return False, [
            Event("clash.martyr", {"player": player}),
            Event("clash.units_lost", mine),
            *kill(state, settlement, 1, h),
        ]
    if half == cc.PELTASTS:
        return card_dice.peltasts(state, owner, state.seats[owner].armies.get(h, 0))
    return False, []
