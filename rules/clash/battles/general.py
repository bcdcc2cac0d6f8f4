"""The Great General (E36, docs/clash-cards.md §4.2; C72, C125): a kept event card its owner
discards when a battle it fights begins, for +2 CV in every round of it (a barbarian attack's
one round included). Battles (:mod:`rules.clash.battles.combat`) and barbarian attacks
(:mod:`rules.clash.battles.barbarians`) ask about it through these."""

from __future__ import annotations

from rules.clash.box.cards import GREAT_GENERAL_CARD
from rules.clash.model.decks import take_kept, usable_kept
from rules.clash.model.state import ClashState
from rules.core import Event


def holds_general(state: ClashState, seat: int) -> bool:
    """Whether ``seat`` may use a kept Great General now ("when a battle you fight begins";
    kept in an earlier turn, C85; never by a resigned seat)."""
    return not state.seats[seat].resigned and GREAT_GENERAL_CARD in usable_kept(state, seat)


def use_general(state: ClashState, seat: int) -> Event:
    """``seat`` discards its Great General for the battle beginning (+2 CV, GENERAL_CV)."""
    take_kept(state, seat, GREAT_GENERAL_CARD)
    return Event("clash.great_general", {"player": state.players[seat]})
