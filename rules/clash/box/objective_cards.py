"""The 32 objective cards as data (p.11, p.14; docs/clash-cards.md §5.3): each card's two
objectives (``top``, ``bottom``: :data:`rules.clash.box.cards.HALVES`), only one of which may be
completed.

Each half has its name (a key of ``clash.objective.<name>`` in the locales; cards sharing a
name have the same condition, p.14), its timing (``status``: checked in status phase step 1;
``immediate``: completed when its condition happens, on anyone's turn), the payment taken on
completion (Gold never stands in, docs/clash-cards.md §5.1) and its provenance tag (``source``:
``seed`` and ``original`` entries are attested, the others are stand-ins for the lost printed
text). The conditions are :mod:`rules.clash.rounds.objective_checks`'.

>>> len(OBJECTIVES), sum(len(h) for h in OBJECTIVES.values())
(32, 64)
>>> half("O22", "top").name, half("O22", "bottom").timing, half("O11", "top").pay
('citadel', 'immediate', (('gold', 2),))
>>> sum(1 for c in OBJECTIVES.values() for h in c.values() if h.timing == STATUS)
40
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.clash.box.cards import HALVES, OBJECTIVE_CARDS
from rules.clash.box.components import FOOD, GOLD, IDEAS, ORE, WOOD

#: Timings: status phase step 1 ([S]) or immediately ([I]).
STATUS, IMMEDIATE = "status", "immediate"


@dataclass(frozen=True, slots=True)
class Objective:
    """One half of an objective card."""

    name: str
    timing: str
    source: str
    #: What completing it costs, ``(resource, count)`` pairs (Gold not allowed unless named).
    pay: tuple[tuple[str, int], ...] = ()


def _s(name: str, source: str = "monumental", pay: tuple[tuple[str, int], ...] = ()) -> Objective:
    return Objective(name, STATUS, source, pay)


def _i(name: str, source: str = "monumental") -> Objective:
    return Objective(name, IMMEDIATE, source)


_CARDS: tuple[tuple[Objective, Objective], ...] = (
    (_s("civilization"), _i("conscripts")),
    (_s("academic"), _i("conqueror", "seed+monumental")),
    (_s("harbors", "original"), _i("warmonger")),
    (_s("advanced"), _i("warmonger")),
    (_s("religious"), _i("warlord", "seed")),
    (_s("engineers"), _i("great_battle")),
    (_s("ideas", pay=((IDEAS, 2),)), _i("against_all_odds")),
    (_s("happy"), _i("conqueror", "seed+monumental")),
    (_s("enlightened"), _s("blockade")),
    (_s("well_stocked"), _i("amphibious_assault")),
    (_s("rich", pay=((GOLD, 2),)), _s("great_navy")),
    (_s("ore", pay=((ORE, 2),)), _s("great_army")),
    (_s("wood", pay=((WOOD, 2),)), _s("fortified")),
    (_s("food", pay=((FOOD, 2),)), _s("standing_army")),
    (_s("city_planner"), _s("militarized")),
    (_s("focused", "original+monumental"), _i("daring")),
    (_s("colony"), _s("threat")),
    (_s("culture"), _i("legend")),
    (_s("consulates"), _i("great_battle")),
    (_s("science"), _i("amphibious_assault")),
    (_s("merchant"), _i("marauder")),
    (_s("citadel", "seed"), _i("warlord", "seed")),
    (_s("seafarer"), _i("aggressor")),
    (_s("government"), _i("assimilator")),
    (_s("government"), _i("aggressor")),
    (_s("dominion"), _s("military_might")),
    (_i("new_founder"), _i("defiance", "designed")),
    (_s("trader"), _i("defiance", "designed")),
    (_s("sea_lanes"), _s("draconian")),
    (_s("balanced"), _i("daring")),
    (_s("influence"), _i("assimilator")),
    (_i("wonderful", "original+monumental"), _s("outposts")),
)
#: Every card's halves, by card id and half (``top``, ``bottom``).
OBJECTIVES: dict[str, dict[str, Objective]] = {
    card: dict(zip(HALVES, halves, strict=True))
    for card, halves in zip(OBJECTIVE_CARDS, _CARDS, strict=True)
}
#: Objectives that may not be completed in the same status phase (docs/clash-cards.md §5.3).
CONTRADICTIONS: tuple[frozenset[str], ...] = (
    frozenset({"standing_army", "military_might"}),
    frozenset({"trader", "sea_lanes"}),
)
#: Every objective name, in card order.
NAMES: tuple[str, ...] = tuple(
    dict.fromkeys(h.name for c in OBJECTIVES.values() for h in c.values())
)


def half(card: str, which: str) -> Objective:
    """The objective ``which`` (``top``/``bottom``) of ``card``."""
    return OBJECTIVES[card][which]


def contradicts(a: str, b: str) -> bool:
    """Whether objectives named ``a`` and ``b`` exclude each other in one status phase."""
    return any({a, b} == pair for pair in CONTRADICTIONS)
