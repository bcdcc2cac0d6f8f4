"""The tables of docs/clash-cards.md, made from the game itself so that they cannot drift.

Every table of the document stands between ``<!-- table: NAME -->`` and ``<!-- end -->`` and
is made here from the Clash data (:mod:`rules.clash.box.cards` and the modules of each kind of
card) and the English catalogue's names and texts (``locales/en``, the words players read);
the provenance notes of the cards attested in the rulebook (its pages) are the one thing
written here by hand. ``tests/test_docs.py`` checks that the document's tables are what this
module makes now; after a change of the cards, from the repository root::

    python tests/clash_cards_doc.py

rewrites them (the prose around them is the document's own).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from the repository root
    sys.path.insert(0, str(ROOT))

import locales  # noqa: E402
from rules.clash.battles.combat_cards import HALVES as COMBAT  # noqa: E402
from rules.clash.box.advances import ADVANCE_IDS, BORDERS, CULTURE, HAPPINESS  # noqa: E402
from rules.clash.box.cards import (  # noqa: E402
    ACTION_CARDS,
    ACTION_HALVES,
    EVENT_CARDS,
    OBJECTIVE_CARDS,
    WONDERS,
)
from rules.clash.box.event_cards import EVENTS  # noqa: E402
from rules.clash.box.objective_cards import IMMEDIATE, OBJECTIVES  # noqa: E402
from rules.clash.model.civil_cards import CIVIL  # noqa: E402
from rules.clash.wonders.construction import WONDER  # noqa: E402

DOC = ROOT / "docs" / "clash-cards.md"
BLOCK = re.compile(r"(<!-- table: (\w+) -->\n)(.*?)(<!-- end -->)", re.S)

#: Where the rulebook attests a card (or a part of it): its pages and what it gives.
RULEBOOK: dict[str, tuple[str, str]] = {
    "P07": ("p.13", "a Mercenaries card that makes barbarians attack"),
    "P11": ("p.14", "the card itself, shown in the rulebook"),
    "P17": ("p.11", "cards played when an advance is gained, after its event"),
    "P18": ("p.14", "the name, and not two for one capture"),
    "K01": ("p.14", "the combat half of the card shown in the rulebook"),
    "E01": ("p.2, p.6", "the name; Irrigation ignores Famines"),
    "E02": ("p.2, p.6", "the name; Irrigation ignores Famines"),
    "E06": ("p.2", "the name; Sanitation ignores it"),
    "E07": ("p.2", "the name; Sanitation ignores it"),
    "E09": ("p.6, p.13", "the name; it may destroy a city, which gives points"),
    "E11": ("p.13", "the name; it may destroy a city, which gives points"),
    "E15": ("p.6", "the name"),
    "E16": ("p.6", "the name"),
    "E33": ("p.13", "the name; its effect comes later, its symbol at once"),
    "conqueror": ("p.14", "the name"),
    "citadel": ("p.14", "the objective, shown in the rulebook"),
    "warlord": ("p.14", "the objective, shown in the rulebook"),
}
#: Cards whose main source is another account of the 2012 edition (a review, play reports).
OTHER_ACCOUNTS: dict[str, str] = {
    "K02": "its name, in a 2013 play report",
    "K03": "its name, in a 2013 play report; the effect designed",
    "K04": "its effect, seen in play; the Fortress designed",
    "K05": "its effect, seen in play; the name designed",
    "harbors": "named by a 2013 review",
    "focused": "a 2013 review's sets of advances; the number designed",
    "wonderful": "a 2013 review's first wonder, softened to stay reachable",
}
#: What a later stand-in part of a card gives, where it is not simply the rest.
PARTS: dict[tuple[str, str], str] = {
    ("P07", "monumental"): "the payment",
    ("P07", "designed"): "the targets",
}
#: The stand-in tags, as the provenance column writes them (docs/clash-cards.md §1).
TAG_WORDS = {"monumental": "Monumental edition", "designed": "designed"}
#: The wonders' provenance, part by part (C117): the rulebook prints each card's requirements
#: and power, not its cost; the number of Ideas the Great Library gives when built is lost (C59).
WONDER_PARTS = {
    "seed": "rulebook p.15 (requirements and power)",
    "monumental": "stand-in (Monumental edition: the cost)",
    "designed": "stand-in (designed: the 3 Ideas when built, C59)",
}
SYMBOLS = {
    "GM": "Gold Mine",
    "EX": "Exhausted",
    "BS": "Barbarians Spawn",
    "BA": "Barbarians Attack",
    None: "-",
}
WINDOWS = {
    "turn": "your turn",
    "turn_start": "before your turn's first action",
    "won_land_battle": "after a land battle won this turn",
    "won_or_captured": "after a land battle won or a city captured this turn",
    "captured": "after a city captured this turn",
    "advance": "right after you gain an advance",
    "influence_roll": "right after your Cultural Influence roll",
}


def t(key: str) -> str:
    """The English catalogue's text for ``key`` (KeyError when it has none)."""
    text = locales.t("en", key)
    if text == key:
        raise KeyError(key)
    return text


def cell(text: str) -> str:
    """Text fit for a table cell: one line, no bar."""
    return " ".join(text.split()).replace("|", "/")


def table(head: Iterable[str], rows: Iterable[Iterable[str]]) -> str:
    head = list(head)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def provenance(key: str, source: str) -> str:
    """The provenance column: each part's source, the main one first: the rulebook with its
    pages, another account of the 2012 edition, or a stand-in and where it comes from (for a
    later part, what it gives: :data:`PARTS`, else the rest)."""
    parts = []
    for k, tag in enumerate(source.split("+")):
        if tag == "seed":
            pages, what = RULEBOOK[key]
            parts.append(f"rulebook {pages} ({what})")
        elif tag == "original":
            parts.append(f"2012 edition, other account ({OTHER_ACCOUNTS[key]})")
        else:
            part = "" if k == 0 else f": {PARTS.get((key, tag), 'the rest')}"
            parts.append(f"stand-in ({TAG_WORDS[tag]}{part})")
    return " + ".join(parts)


def _civil() -> str:
    cards = {code: [a for a, (c, _) in ACTION_HALVES.items() if c == code] for code in CIVIL}
    rows = [
        (
            f"`{code}`",
            t(f"clash.civil.{code}"),
            ", ".join(cards[code]),
            WINDOWS[half.window],
            t(f"clash.civil_text.{code}"),
            provenance(code, half.source),
        )
        for code, half in CIVIL.items()
    ]
    return table(("id", "name", "cards", "when", "what it does", "provenance"), rows)


def _combat() -> str:
    rows = [
        (
            f"`{code}`",
            t(f"clash.combat_half.{code}"),
            "/".join(f.capitalize() for f in half.forces),
            str(half.copies),
            t(f"clash.combat_half_effect.{code}"),
            provenance(code, half.source),
        )
        for code, half in COMBAT.items()
    ]
    return table(("id", "name", "forces", "copies", "what it does", "provenance"), rows)


def _deck() -> str:
    rows = [
        (
            f"`{card}`",
            f"`{civil}` {t(f'clash.civil.{civil}')}",
            f"`{combat}` {t(f'clash.combat_half.{combat}')}",
        )
        for card, (civil, combat) in ACTION_HALVES.items()
    ]
    return table(("card", "civil half", "combat half"), rows)


def _events() -> str:
    rows = []
    for card, event in EVENTS.items():
        main = t(f"rules.clash.event.{card}").split("\n")[1]
        rows.append(
            (
                f"`{card}`",
                t(f"clash.event_name.{card}"),
                SYMBOLS[event.symbol],
                main,
                provenance(card, event.source),
            )
        )
    return table(("id", "name", "symbol", "what it does", "provenance"), rows)


def _timing(timing: str) -> str:
    return "I" if timing == IMMEDIATE else "S"


def _objective_cards() -> str:
    rows = []
    for card, halves in OBJECTIVES.items():
        row = [f"`{card}`"]
        for half in halves.values():
            name = t(f"clash.objective.{half.name}")
            row.append(f"{name} [{_timing(half.timing)}], {provenance(half.name, half.source)}")
        rows.append(row)
    return table(("card", "top (provenance)", "bottom (provenance)"), rows)


def _objectives() -> str:
    seen: dict[str, tuple[str, str]] = {}
    for halves in OBJECTIVES.values():
        for half in halves.values():
            seen.setdefault(half.name, (_timing(half.timing), half.name))
    rows = [
        (t(f"clash.objective.{name}"), f"`{name}`", timing, t(f"clash.objective_text.{name}"))
        for name, (timing, _) in seen.items()
    ]
    return table(("objective", "key", "when", "what it asks"), rows)


def _wonders() -> str:
    rows = []
    for wonder in WONDERS:
        w = WONDER[wonder]
        needs = " + ".join(t(f"clash.advance.{a}") for a in w.advances)
        if w.port:
            needs += "; its city has a Port"
        cost = ", ".join(f"{n} {k.capitalize()}" for k, n in w.cost.items())
        power = t(f"rules.clash.wonder.{wonder}").split("\n")[1]
        parts = [WONDER_PARTS[tag] for tag in w.source.split("+")]
        rows.append(
            (
                f"`{wonder}`",
                t(f"clash.wonder.{wonder}"),
                needs,
                f"{cost}, {w.culture} culture tokens",
                power,
                " + ".join(parts),
            )
        )
    return table(("id", "name", "needs", "cost", "what it does", "provenance"), rows)


def _borders() -> str:
    def names(border: str | None) -> str:
        return ", ".join(t(f"clash.advance.{a}") for a in ADVANCE_IDS if BORDERS.get(a) == border)

    rows = [
        ("blue: culture level", names(CULTURE)),
        ("yellow: happiness level", names(HAPPINESS)),
        ("none", names(None)),
    ]
    return table(("border", "advances"), rows)


def _counts() -> str:
    def count(sources: list[str]) -> list[str]:
        first = [s.split("+")[0] for s in sources]
        tags = ("seed", "original", "monumental", "designed")
        return [str(len(first)), *(str(first.count(tag)) for tag in tags)]

    rows = [
        ("civil halves", *count([h.source for h in CIVIL.values()])),
        ("combat halves", *count([h.source for h in COMBAT.values()])),
        ("event cards", *count([e.source for e in EVENTS.values()])),
        ("objectives", *count([h.source for c in OBJECTIVES.values() for h in c.values()])),
        ("wonders", *count([w.source for w in WONDER.values()])),
    ]
    head = ("kind", "entries", "rulebook", "other account", "Monumental", "designed")
    return table(head, rows)


TABLES: dict[str, Callable[[], str]] = {
    "civil": _civil,
    "combat": _combat,
    "deck": _deck,
    "events": _events,
    "objective_cards": _objective_cards,
    "objectives": _objectives,
    "wonders": _wonders,
    "borders": _borders,
    "counts": _counts,
}
assert len(ACTION_CARDS) == len(ACTION_HALVES) and len(EVENT_CARDS) == len(EVENTS)
assert len(OBJECTIVE_CARDS) == len(OBJECTIVES)


def render(text: str) -> str:
    """``text`` (the document) with each table as the game makes it now; KeyError for a table
    this module does not make."""

    def fill(m: re.Match[str]) -> str:
        return m.group(1) + TABLES[m.group(2)]() + m.group(4)

    return BLOCK.sub(fill, text)


def names(text: str) -> list[str]:
    """The tables the document holds, in order."""
    return [m.group(2) for m in BLOCK.finditer(text)]


if __name__ == "__main__":
    DOC.write_text(render(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"{DOC.relative_to(ROOT)}: {', '.join(names(DOC.read_text(encoding='utf-8')))}")
