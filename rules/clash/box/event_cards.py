"""The 38 event cards (docs/clash-cards.md §4.2): each card's corner symbol, what its main
effect does, and where the card comes from.

The printed texts are lost; the stand-ins keep their ``source`` tag (``seed``, ``original``,
``monumental``, ``designed``, compound ones joined with ``+``) so that ``/rules`` can say which
cards are stand-ins. The names are locale keys (``clash.event_name.<id>``); the effects are
carried out by :mod:`rules.clash.events.resolving` and :mod:`rules.clash.events.effects`, by
``effect``.

>>> len(EVENTS), EVENTS["E01"].symbol, EVENTS["E33"].kept, EVENTS["E04"].famine
(38, 'BS', True, True)
>>> sum(1 for e in EVENTS.values() if e.symbol is None)
8
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rules.clash.box.cards import EVENT_CARDS

#: The corner symbols (p.13): Gold Mine, Exhausted, Barbarians Spawn, Barbarians Attack.
GOLD_MINE: Final = "GM"
EXHAUSTED: Final = "EX"
SPAWN: Final = "BS"
ATTACK: Final = "BA"
SYMBOLS: tuple[str, ...] = (GOLD_MINE, EXHAUSTED, SPAWN, ATTACK)


@dataclass(frozen=True, slots=True)
class EventCard:
    """One event card: its corner symbol (None: no symbol), its main effect (``effect``,
    shared by the cards printed twice), its provenance and, where the card names one, the
    effect's amount (Food lost, or gained)."""

    id: str
    symbol: str | None
    effect: str
    source: str
    amount: int = 0

    @property
    def kept(self) -> bool:
        """Kept face up for a later turn ([cards] §4.1)."""
        return self.effect in KEPT

    @property
    def famine(self) -> bool:
        """A Famine card: Irrigation ignores it (p.2)."""
        return self.effect in FAMINES

    @property
    def disease(self) -> bool:
        """Plague, Epidemic or Pandemic: Sanitation ignores it (p.2)."""
        return self.effect in DISEASES


#: The effects kept for later: Brilliant Scientist ... Great Explorer (E33-E38).
KEPT: frozenset[str] = frozenset(
    {"scientist", "artist", "prophet", "general", "engineer", "explorer"}
)
FAMINES: frozenset[str] = frozenset({"famine", "drought", "pests"})
DISEASES: frozenset[str] = frozenset({"plague", "epidemic", "pandemic"})

_MONUMENTAL = "monumental"
_TABLE: tuple[tuple[str | None, str, str, int], ...] = (
    ("BS", "famine", "seed+monumental", 2),  # E01 Famine
    ("BA", "famine", "seed+monumental", 2),  # E02 Famine
    ("EX", "famine", _MONUMENTAL, 3),  # E03 Severe Famine
    (None, "drought", _MONUMENTAL, 3),  # E04 Famine: Drought (at most 3)
    ("BS", "pests", _MONUMENTAL, 2),  # E05 Famine: Pests
    (None, "plague", "seed+monumental", 0),  # E06 Plague
    (None, "epidemic", "seed+monumental", 0),  # E07 Epidemic
    ("BA", "pandemic", _MONUMENTAL, 0),  # E08 Pandemic
    (None, "earthquake", "seed+monumental", 2),  # E09 Earthquake (2 pieces)
    (None, "major_earthquake", _MONUMENTAL, 1),  # E10 Major Earthquake (1 piece)
    (None, "volcano", "seed+monumental", 0),  # E11 Volcanic Eruption
    ("EX", "local_flood", _MONUMENTAL, 0),  # E12 Local Flood
    ("BS", "major_flood", _MONUMENTAL, 0),  # E13 Major Flood
    ("GM", "wildfire", _MONUMENTAL, 2),  # E14 Wildfire (2 Wood)
    ("BA", "civil_war", "seed+monumental", 0),  # E15 Civil War
    ("BS", "civil_war", "seed+monumental", 0),  # E16 Civil War
    (None, "uprising", _MONUMENTAL, 4),  # E17 Uprising (1-4 tokens)
    ("GM", "migration", _MONUMENTAL, 0),  # E18 Migration
    ("GM", "migration", _MONUMENTAL, 0),  # E19 Migration
    ("BS", "fine_year", _MONUMENTAL, 1),  # E20 A Fine Year
    ("EX", "good_year", _MONUMENTAL, 2),  # E21 A Good Year
    ("BS", "splendid_year", _MONUMENTAL, 3),  # E22 A Splendid Year
    ("BA", "prosperous_year", _MONUMENTAL, 0),  # E23 A Prosperous Year
    ("BS", "population_boom", _MONUMENTAL, 0),  # E24 Population Boom
    ("BA", "population_boom", _MONUMENTAL, 0),  # E25 Population Boom
    ("BA", "envoys", _MONUMENTAL, 0),  # E26 Envoys Meet
    ("BA", "academics", _MONUMENTAL, 2),  # E27 Meeting of Academics (you: at least 2)
    ("GM", "brisk_trade", _MONUMENTAL, 3),  # E28 Brisk Trade (max 3)
    ("EX", "stability", _MONUMENTAL, 3),  # E29 Era of Stability (max 3)
    ("BS", "reformation", _MONUMENTAL, 0),  # E30 Reformation
    ("BA", "trojan_horse", _MONUMENTAL, 0),  # E31 Trojan Horse
    (None, "solar_eclipse", _MONUMENTAL, 0),  # E32 Solar Eclipse
    ("GM", "scientist", "seed+monumental", 0),  # E33 Brilliant Scientist
    ("BS", "artist", _MONUMENTAL, 2),  # E34 Great Artist
    ("BA", "prophet", _MONUMENTAL, 0),  # E35 Great Prophet
    ("EX", "general", _MONUMENTAL, 2),  # E36 Great General (+2 CV)
    ("BA", "engineer", _MONUMENTAL, 3),  # E37 Great Engineer
    ("BS", "explorer", _MONUMENTAL, 0),  # E38 Great Explorer
)
assert len(_TABLE) == len(EVENT_CARDS)

#: Every event card by id.
EVENTS: dict[str, EventCard] = {
    card: EventCard(card, symbol, effect, source, amount)
    for card, (symbol, effect, source, amount) in zip(EVENT_CARDS, _TABLE, strict=True)
}
#: The main effects (``clash.event_effect.<effect>`` names them in the log).
EFFECT_KINDS: tuple[str, ...] = tuple(dict.fromkeys(e.effect for e in EVENTS.values()))
