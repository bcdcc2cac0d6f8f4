"""The 48 advances of the player board (p.2, p.5, p.7; rules reference §7.1), as data only.

Twelve categories of four advances each (p.5); the first listed advance of a category is its
top advance, which must be taken first (p.7). Order within a category follows the player aid
(p.2). The last three categories are the governments (grey on the board, p.7). Ids are the
English names in lower case (``art_sculptures``), the keys of ``locales/glossary.toml``.

What the advances do comes with the issues that use them; here are only the facts other data
needs: the category, the red prerequisite inside the category (p.2, p.7: five of them, plus
Nationalism's Draft, p.7), and the city piece a top advance unlocks (p.5, p.7). The
prerequisites of Voting (Philosophy) and Dogma (State Religion) are open point C14 (a), the
blue and yellow borders (:data:`BORDERS`) C13.

>>> len(ADVANCES), len(CATEGORIES), [a.id for a in ADVANCES if a.unlocks]
(48, 12, ['fishing', 'writing', 'tactics', 'myths'])
>>> top("warfare"), ADVANCE["roads"].requires, ADVANCE["nationalism"].requires
('tactics', 'engineering', 'draft')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

#: The categories in the order of the rules reference's table (§7.1).
CATEGORIES: tuple[str, ...] = (
    "agriculture",
    "economics",
    "construction",
    "culture",
    "maritime",
    "education",
    "warfare",
    "science",
    "spirituality",
    "democracy",
    "autocracy",
    "theocracy",
)
#: The three government categories (p.7): a player owns advances of one of them at most.
GOVERNMENTS: tuple[str, ...] = ("democracy", "autocracy", "theocracy")

FARMING: Final = "farming"
MINING: Final = "mining"
#: Every player starts with these two (p.3, step 4).
STARTING: tuple[str, ...] = (FARMING, MINING)


@dataclass(frozen=True, slots=True)
class Advance:
    """One advance: its category, the advance it needs (``requires``) and the city piece it
    unlocks (``unlocks``), if any."""

    id: str
    category: str
    requires: str | None = None
    unlocks: str | None = None


def _category(name: str, *ids: str, **extra: tuple[str | None, str | None]) -> list[Advance]:
    return [Advance(i, name, *extra.get(i, (None, None))) for i in ids]


ADVANCES: tuple[Advance, ...] = (
    *_category("agriculture", "farming", "irrigation", "storage", "husbandry"),
    *_category(
        "economics",
        "bartering",
        "trade_routes",
        "currency",
        "taxation",
        taxation=("currency", None),
    ),
    *_category(
        "construction",
        "mining",
        "engineering",
        "sanitation",
        "roads",
        sanitation=("engineering", None),
        roads=("engineering", None),
    ),
    *_category("culture", "art_sculptures", "circus_sports", "monuments", "drama_music"),
    *_category(
        "maritime",
        "fishing",
        "cartography",
        "warships",
        "navigation",
        fishing=(None, "port"),
        navigation=("cartography", None),
    ),
    *_category(
        "education",
        "writing",
        "public_education",
        "free_education",
        "philosophy",
        writing=(None, "academy"),
    ),
    *_category(
        "warfare",
        "tactics",
        "siegecraft",
        "steel_weapons",
        "draft",
        tactics=(None, "fortress"),
    ),
    *_category(
        "science",
        "mathematics",
        "astronomy",
        "chemistry",
        "metallurgy",
        metallurgy=("chemistry", None),
    ),
    *_category(
        "spirituality",
        "myths",
        "rituals",
        "priesthood",
        "state_religion",
        myths=(None, "temple"),
    ),
    *_category(
        "democracy",
        "voting",
        "separation_of_power",
        "civil_liberties",
        "economic_liberty",
        # C14 (a): the peer's prerequisites; the seed's are not legible (p.7).
        voting=("philosophy", None),
    ),
    *_category(
        "autocracy",
        "nationalism",
        "totalitarianism",
        "absolute_power",
        "forced_labor",
        # The one legible government prerequisite (p.7); Voting's and Dogma's are C14.
        nationalism=("draft", None),
    ),
    *_category(
        "theocracy",
        "dogma",
        "devotion",
        "conversion",
        "fanaticism",
        dogma=("state_religion", None),  # C14 (a)
    ),
)
ADVANCE: dict[str, Advance] = {a.id: a for a in ADVANCES}

CULTURE: Final = "culture"
HAPPINESS: Final = "happiness"
#: Which advances raise the culture level (blue border) or the happiness level (yellow), C13:
#: the seed's frames are lost; this is the stand-in of docs/clash-cards.md §7 (provenance
#: ``monumental-proxy``: the later edition's token bonus on the same spots of the tree;
#: governments and starting advances ``designed``, without a border). Replace it here alone.
BORDER_SOURCE = (
    "docs/clash-cards.md §7 (monumental-proxy; governments and starting advances designed)"
)
BORDERS: dict[str, str] = {
    **dict.fromkeys(
        (
            "roads",
            "cartography",
            "navigation",
            "writing",
            "tactics",
            "draft",
            "rituals",
            "currency",
            "art_sculptures",
            "monuments",
            "mathematics",
            "astronomy",
            "chemistry",
            "metallurgy",
        ),
        CULTURE,
    ),
    **dict.fromkeys(
        (
            "storage",
            "irrigation",
            "husbandry",
            "sanitation",
            "fishing",
            "public_education",
            "free_education",
            "philosophy",
            "myths",
            "state_religion",
            "bartering",
            "circus_sports",
            "drama_music",
        ),
        HAPPINESS,
    ),
}
ADVANCE_IDS: tuple[str, ...] = tuple(ADVANCE)
#: Where each advance stands on the board, for a stable order in views and positions.
ORDER: dict[str, int] = {a: i for i, a in enumerate(ADVANCE_IDS)}


@functools.cache
def top(category: str) -> str:
    """The top advance of ``category`` (p.7; cached: the board never changes)."""
    return next(a.id for a in ADVANCES if a.category == category)


def in_order(ids: frozenset[str] | set[str]) -> list[str]:
    """Advance ids in board order."""
    return sorted(ids, key=ORDER.__getitem__)


def government(ids: frozenset[str] | set[str]) -> str | None:
    """The government category among ``ids`` (the first, should a broken state hold two)."""
    for name in GOVERNMENTS:
        if any(ADVANCE[a].category == name for a in ids):
            return name
    return None
