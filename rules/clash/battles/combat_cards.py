"""The combat halves of action cards: which card may be played in which battle, and which
played cards are ignored (p.12, p.14; docs/clash-cards.md §3.3, §8.2; C42, C65-C74).

Before each combat round the attacker may play one action card for its combat half, then the
defender, knowing the attacker's (C42). Only a player owning Tactics may (p.12), and only a
card whose force label (``army``, ``fortress`` or ``ship``) names forces it has in the battle:
army units on land, its Fortress defending its city, ships at sea. A card's role limits it
further (``attacker``/``defender`` only, land or naval battles only, a defended city only, not
in a city, not when attacking a city), and a card is offered only where it can have its effect
(C65). A played card is face up and discarded (or taken by Scouts); its effect lasts that
round only. Barbarians never play cards (p.14).

:data:`HALVES` are the 19 combat halves K01-K19 with their provenance (``source``: the first tag
of docs/clash-cards.md); :data:`COMBAT_CARDS` maps each of the 42 action cards to its half (by
``cards.ACTION_HALVES``). What each half does in the round is :mod:`rules.clash.battles.combat`'s
round pipeline (its docstring lists the steps in the order of docs/clash-cards.md §8.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rules.clash.box.cards import ACTION_HALVES

ARMY_FORCE: Final = "army"
FORTRESS_FORCE: Final = "fortress"
SHIP_FORCE: Final = "ship"
FORCES: tuple[str, ...] = (ARMY_FORCE, FORTRESS_FORCE, SHIP_FORCE)
PASS: Final = "pass"
COMBAT_CARD: Final = "combat_card"

ANY, ATTACKER, DEFENDER = "any", "attacker", "defender"
LAND, NAVAL = "land", "naval"
#: Where a half may be played: ``city`` (the battle is for a city), ``no_city`` (it is not),
#: ``not_attacking_city`` (anything but attacking a city).
CITY, NO_CITY, NOT_ATTACKING_CITY = "city", "no_city", "not_attacking_city"

ALL = (ARMY_FORCE, FORTRESS_FORCE, SHIP_FORCE)
ARMY_FORT = (ARMY_FORCE, FORTRESS_FORCE)
ARMY_SHIP = (ARMY_FORCE, SHIP_FORCE)

PREPARED_DEFENSES, FLANKING, AMBUSH, ARCHERS, VETERANS = "K01", "K02", "K03", "K04", "K05"
HIGH_MORALE, HIGH_GROUND, PELTASTS, ROUTING, DEFIANT_STAND = "K06", "K07", "K08", "K09", "K10"
WEDGE, TACTICAL_RETREAT, TACTICAL_SURPRISE, THE_SIEGE = "K11", "K12", "K13", "K14"
FOR_THE_PEOPLE, UPGRADED_DEFENSES, SCOUTS, MARTYR, RAMMING = "K15", "K16", "K17", "K18", "K19"


@dataclass(frozen=True, slots=True)
class CombatHalf:
    """One combat half: its forces (any one of them must be present), role limits, copies in
    the deck, provenance, and its plain numbers (extra ``dice``, ``cv`` added, hits
    ``cancel``-led against its player); the rest of its effect is the round pipeline's."""

    code: str
    name: str
    forces: tuple[str, ...]
    copies: int
    source: str
    role: str = ANY
    battle: str = ANY
    place: str = ANY
    dice: int = 0
    cv: int = 0
    cancel: int = 0


_ALL_HALVES: tuple[CombatHalf, ...] = (
    CombatHalf(PREPARED_DEFENSES, "Prepared Defenses", ALL, 4, "seed", role=DEFENDER, dice=1),
    CombatHalf(
        FLANKING, "Flanking", (ARMY_FORCE,), 2, "original", role=ATTACKER, battle=LAND, dice=1
    ),
    CombatHalf(
        AMBUSH, "Ambush", (ARMY_FORCE,), 2, "original", role=DEFENDER, battle=LAND, place=NO_CITY
    ),
    CombatHalf(ARCHERS, "Archers", ARMY_FORT, 4, "original", battle=LAND),
    CombatHalf(VETERANS, "Veterans", ARMY_SHIP, 2, "original"),
    CombatHalf(HIGH_MORALE, "High Morale", ALL, 4, "monumental", cv=2),
    CombatHalf(HIGH_GROUND, "High Ground", ARMY_FORT, 3, "monumental", place=NOT_ATTACKING_CITY),
    CombatHalf(PELTASTS, "Peltasts", (ARMY_FORCE,), 3, "monumental", battle=LAND),
    CombatHalf(ROUTING, "Routing", (ARMY_FORCE,), 3, "monumental", battle=LAND),
    CombatHalf(DEFIANT_STAND, "Defiant Stand", ALL, 2, "monumental", role=DEFENDER),
    CombatHalf(
        WEDGE, "Wedge Formation", (ARMY_FORCE,), 2, "monumental", role=ATTACKER, battle=LAND
    ),
    CombatHalf(
        TACTICAL_RETREAT,
        "Tactical Retreat",
        (ARMY_FORCE,),
        2,
        "monumental",
        role=DEFENDER,
        battle=LAND,
    ),
    CombatHalf(TACTICAL_SURPRISE, "Tactical Surprise", ALL, 2, "monumental", cv=1),
    CombatHalf(
        THE_SIEGE, "The Siege", (ARMY_FORCE,), 1, "monumental", role=ATTACKER, place=CITY, cv=1
    ),
    CombatHalf(
        FOR_THE_PEOPLE,
        "For the People",
        ARMY_FORT,
        1,
        "monumental",
        role=DEFENDER,
        place=CITY,
        dice=1,
    ),
    CombatHalf(
        UPGRADED_DEFENSES,
        "Upgraded Defenses",
        ARMY_FORT,
        1,
        "monumental",
        role=DEFENDER,
        place=CITY,
        cancel=1,
    ),
    CombatHalf(SCOUTS, "Scouts", ALL, 1, "monumental"),
    CombatHalf(MARTYR, "Martyr", ARMY_SHIP, 1, "monumental"),
    CombatHalf(RAMMING, "Ramming", (SHIP_FORCE,), 2, "designed", battle=NAVAL, dice=1),
)
HALVES: dict[str, CombatHalf] = {h.code: h for h in _ALL_HALVES}

#: Action card id -> its combat half (every action card has one, docs/clash-cards.md §3.4).
COMBAT_CARDS: dict[str, CombatHalf] = {
    card: HALVES[combat] for card, (_, combat) in ACTION_HALVES.items()
}

#: Halves that make the opponent's card ignored this round (The Siege only while unpaid).
CANCELLERS: frozenset[str] = frozenset({HIGH_GROUND, SCOUTS, MARTYR})


def half_of(card: str) -> str:
    """The combat half (``K..``) of an action card."""
    return COMBAT_CARDS[card].code


def playable(half: CombatHalf, attacking: bool, sea: bool, city: bool, forces: set[str]) -> bool:
    """Whether ``half``'s forces and role allow it for a side (``attacking`` or defending) in
    a battle at ``sea`` or on land, for a ``city`` or not, with ``forces`` present."""
    if not forces & set(half.forces):
        return False
    if (half.role == ATTACKER and not attacking) or (half.role == DEFENDER and attacking):
        return False
    if (half.battle == LAND and sea) or (half.battle == NAVAL and not sea):
        return False
    if (half.place == CITY and not city) or (half.place == NO_CITY and city):
        return False
    return not (half.place == NOT_ATTACKING_CITY and attacking and city)


def cancelling(half: str | None, siege_paid: bool) -> bool:
    """Whether a played half makes the opponent's card ignored (The Siege: unless paid)."""
    return half in CANCELLERS or (half == THE_SIEGE and not siege_paid)


def in_effect(
    attacker: str | None, defender: str | None, siege_paid: bool
) -> tuple[str | None, str | None]:
    """The halves that act this round after the cancel checks (docs/clash-cards.md §8.2):
    a cancelling half ignores the other's; if both sides cancel, both are ignored (C66).

    >>> in_effect("K17", "K06", False), in_effect("K14", "K01", True)
    (('K17', None), ('K14', 'K01'))
    >>> in_effect("K07", "K18", False)
    (None, None)
    """
    a, d = cancelling(attacker, siege_paid), cancelling(defender, siege_paid)
    if a and d:
        return None, None
    if a:
        return attacker, None
    if d:
        return None, defender
    return attacker, defender
