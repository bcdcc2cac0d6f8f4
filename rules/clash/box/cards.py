"""The card ids: 42 action, 32 objective and 38 event cards, and the 7 wonders (p.2).

The printed texts of the original cards are lost (rules reference §6; docs/clash-cards.md
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
('P11', 'K01')
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

#: Each action card's two halves (docs/clash-cards.md §3.4): its civil half (``P01``-``P21``,
#: 21 kinds, two cards each) and its combat half (``K01``-``K19``).
ACTION_HALVES: dict[str, tuple[str, str]] = {
    "A01": ("P01", "K08"),
    "A02": ("P01", "K09"),
    "A03": ("P02", "K03"),
    "A04": ("P02", "K19"),
    "A05": ("P03", "K11"),
    "A06": ("P03", "K06"),
    "A07": ("P04", "K10"),
    "A08": ("P04", "K06"),
    "A09": ("P05", "K07"),
    "A10": ("P05", "K13"),
    "A11": ("P06", "K14"),
    "A12": ("P06", "K05"),
    "A13": ("P07", "K15"),
    "A14": ("P07", "K19"),
    "A15": ("P08", "K10"),
    "A16": ("P08", "K16"),
    "A17": ("P09", "K12"),
    "A18": ("P09", "K08"),
    "A19": ("P10", "K12"),
    "A20": ("P10", "K08"),
    "A21": ("P11", "K09"),
    "A22": ("P11", "K01"),
    "A23": ("P12", "K17"),
    "A24": ("P12", "K18"),
    "A25": ("P13", "K07"),
    "A26": ("P13", "K04"),
    "A27": ("P14", "K03"),
    "A28": ("P14", "K04"),
    "A29": ("P15", "K01"),
    "A30": ("P15", "K09"),
    "A31": ("P16", "K02"),
    "A32": ("P16", "K06"),
    "A33": ("P17", "K01"),
    "A34": ("P17", "K04"),
    "A35": ("P18", "K01"),
    "A36": ("P18", "K04"),
    "A37": ("P19", "K11"),
    "A38": ("P19", "K06"),
    "A39": ("P20", "K13"),
    "A40": ("P20", "K07"),
    "A41": ("P21", "K05"),
    "A42": ("P21", "K02"),
}
#: Lasting table effects an event card leaves in play for the rest of the game or until used
#: (docs/clash-cards.md §4.2): Trojan Horse (E31) and Solar Eclipse (E32).
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
