"""The combat halves of action cards: when they may be played and what a played one changes
(p.12, p.14; rules reference §4.2; C42).

Before each combat round the attacker may play one action card for its combat half, then the
defender, knowing the attacker's (C42). Only a player owning Tactics may (p.12), and only a
card whose force label (``army``, ``fortress`` or ``ship``) matches forces it has in the battle:
army units on land, its Fortress defending its city, ships at sea. A played card is shown and
discarded; its effect lasts that round only. Barbarians never play cards (p.14).

The cards' texts come with the card issue (IV): :data:`COMBAT_CARDS` maps an action card id to
its combat half and is empty until then, so no window opens in play yet. The windows, the
decision (``combat_card``: a card id or ``pass``) and the way an effect reaches the round
(:class:`Modifiers`) are built and tested now with a test card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

ARMY_FORCE: Final = "army"
FORTRESS_FORCE: Final = "fortress"
SHIP_FORCE: Final = "ship"
FORCES: tuple[str, ...] = (ARMY_FORCE, FORTRESS_FORCE, SHIP_FORCE)
PASS: Final = "pass"
COMBAT_CARD: Final = "combat_card"


@dataclass(slots=True)
class Modifiers:
    """What cards change in one round, for the side that played them: extra dice, combat
    value added, hits cancelled (of those it takes)."""

    dice: int = 0
    cv: int = 0
    cancel: int = 0


@dataclass(frozen=True, slots=True)
class CombatCard:
    """The combat half of one action card: its force label and its effect on the round of
    the side playing it."""

    force: str
    effect: Callable[[Modifiers], None] = field(compare=False)


#: Action card id -> its combat half. Filled by the card issue (IV); tests register a card.
COMBAT_CARDS: dict[str, CombatCard] = {}
