"""The card ids: 42 action, 32 objective and 38 event cards, and the 7 wonders (p.2).

The printed texts of the original cards are lost (rules reference §6; ``clash-cards.md``
holds stand-ins). The ids are those of the stand-in tables (``A01``-``A42``, ``O01``-``O32``,
``E01``-``E38``), so that the card contents can be filled in later without renaming anything in
a snapshot or a position. The wonders are named by their glossary keys (``great_wall``). Each
kind's contents, with their provenance, are its module's: ``civil_cards`` and
``combat_cards`` (the two halves of the action cards), ``event_cards``, ``objective_cards`` and
``wonders``.

>>> len(ACTION_CARDS), len(OBJECTIVE_CARDS), len(EVENT_CARDS), len(WONDERS)
(42, 32, 38, 7)
>>> ACTION_CARDS[0], OBJECTIVE_CARDS[-1], EVENT_CARDS[9]
('A01', 'O32', 'E10')
>>> ACTION_HALVES["A22"]
('C11', 'K01')
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

#: Each action card's two halves (``clash-cards.md`` §3.4): its civil half (``C01``-``C21``,
#: 21 kinds, two cards each) and its combat half (``K01``-``K19``).
ACTION_HALVES: dict[str, tuple[str, str]] = {
    "A01": ("C01", "K08"),
    "A02": ("C01", "K09"),
    "A03": ("C02", "K03"),
    "A04": ("C02", "K19"),
    "A05": ("C03", "K11"),
    "A06": ("C03", "K06"),
    "A07": ("C04", "K10"),
    "A08": ("C04", "K06"),
    "A09": ("C05", "K07"),
    "A10": ("C05", "K13"),
    "A11": ("C06", "K14"),
    "A12": ("C06", "K05"),
    "A13": ("C07", "K15"),
    "A14": ("C07", "K19"),
    "A15": ("C08", "K10"),
    "A16": ("C08", "K16"),
    "A17": ("C09", "K12"),
    "A18": ("C09", "K08"),
    "A19": ("C10", "K12"),
    "A20": ("C10", "K08"),
    "A21": ("C11", "K09"),
    "A22": ("C11", "K01"),
    "A23": ("C12", "K17"),
    "A24": ("C12", "K18"),
    "A25": ("C13", "K07"),
    "A26": ("C13", "K04"),
    "A27": ("C14", "K03"),
    "A28": ("C14", "K04"),
    "A29": ("C15", "K01"),
    "A30": ("C15", "K09"),
    "A31": ("C16", "K02"),
    "A32": ("C16", "K06"),
    "A33": ("C17", "K01"),
    "A34": ("C17", "K04"),
    "A35": ("C18", "K01"),
    "A36": ("C18", "K04"),
    "A37": ("C19", "K11"),
    "A38": ("C19", "K06"),
    "A39": ("C20", "K13"),
    "A40": ("C20", "K07"),
    "A41": ("C21", "K05"),
    "A42": ("C21", "K02"),
}
#: Lasting table effects an event card leaves in play for the rest of the game or until used
#: (``clash-cards.md`` §4.2): Trojan Horse (E31) and Solar Eclipse (E32).
TROJAN_HORSE, SOLAR_ECLIPSE = "trojan_horse", "solar_eclipse"
TABLE_EFFECTS: tuple[str, ...] = (TROJAN_HORSE, SOLAR_ECLIPSE)
#: The Great General (E36), kept: +2 CV every round of a battle its owner uses it in (any
#: battle, a barbarian attack's one round included).
GREAT_GENERAL_CARD, GENERAL_CV = "E36", 2

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
