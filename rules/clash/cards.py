"""The card ids: 42 action, 32 objective and 38 event cards, and the 7 wonders (p.2).

The printed texts of the original cards are lost (rules reference §6; ``clash-cards.md``
holds stand-ins). The ids are those of the stand-in tables (``A01``-``A42``, ``O01``-``O32``,
``E01``-``E38``), so that the card contents can be filled in later without renaming anything in
a snapshot or a position. The wonders are named by their glossary keys (``great_wall``); their
requirements and powers come with the wonder issue.

>>> len(ACTION_CARDS), len(OBJECTIVE_CARDS), len(EVENT_CARDS), len(WONDERS)
(42, 32, 38, 7)
>>> ACTION_CARDS[0], OBJECTIVE_CARDS[-1], EVENT_CARDS[9]
('A01', 'O32', 'E10')
"""

from __future__ import annotations

ACTION_CARDS: tuple[str, ...] = tuple(f"A{n:02d}" for n in range(1, 43))
OBJECTIVE_CARDS: tuple[str, ...] = tuple(f"O{n:02d}" for n in range(1, 33))
EVENT_CARDS: tuple[str, ...] = tuple(f"E{n:02d}" for n in range(1, 39))
#: The seven wonders in the order of the wonder cards (p.14, p.15).
WONDERS: tuple[str, ...] = (
    "great_gardens",
    "great_pyramids",
    "great_library",
    "great_statue",
    "great_lighthouse",
    "great_wall",
    "great_mausoleum",
)
#: The Great Pyramids' owner wins every tie on points (p.4).
PYRAMIDS = "great_pyramids"

#: Each deck by name: the action, objective and event decks, the face-down wonder deck.
DECKS: dict[str, tuple[str, ...]] = {
    "action": ACTION_CARDS,
    "objective": OBJECTIVE_CARDS,
    "event": EVENT_CARDS,
    "wonder": WONDERS,
}
#: Decks with a discard pile (wonders are built, revealed or lost, never discarded).
DISCARDED: tuple[str, ...] = ("action", "objective", "event")
#: A completed objective card is worth its ``top`` or its ``bottom`` objective, never both
#: (p.11, p.14).
HALVES: tuple[str, ...] = ("top", "bottom")
