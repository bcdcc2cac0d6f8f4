"""The texts of combat cards, wonders and events in battle render completely in both
languages: every prompt, choice and event the card tests' battles meet (K01-K19, the Great
Mausoleum, the Trojan Horse, the Solar Eclipse, the Great General)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import locales
from host import text
from rules.clash import GAME
from rules.clash.model.state import ClashState
from rules.core import Choice, Event, Prompt, act

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "clash"))

_UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:@[A-Za-z0-9_.]+)?(?:\|[^{}|@\s]+)?\}")


def _battles() -> Iterator[tuple[ClashState, list[str]]]:
    """Battles (a state just before its first answer) and the answers that play them."""
    import test_clash_combat_cards as t
    import test_clash_combat_wonders as w

    fort = {"hex": "B3", "pieces": ["settlement", "fortress"]}
    food = {"resources": {"food": 2}}
    yield (
        t.duel([t.SIEGE], [t.MORALE], [5, 1, 1, 6], city=fort, bob=1, bob_keys=food),
        [
            "a11",
            "a06",
            "pay",
        ],
    )
    yield t.duel([t.SCOUTS], [t.HIGH_GROUND], [1, 1, 1, 1]), ["a23", "a09"]
    yield t.duel([t.MORALE], [t.SCOUTS], [4, 4, 1, 1]), ["a06", "a23"]
    yield t.duel([t.ARCHERS], [t.PELTASTS], [5, 5, 1, 5, 5, 1, 1]), ["a26", "a01"]
    yield t.duel([t.VETERANS], [t.AMBUSH], [5, 1, 6, 1]), ["a12", "a03"]
    yield t.duel([t.ROUTING], [], [5, 1, 1, 1, 6]), ["a02"]
    yield t.duel([t.SURPRISE], [], [4, 1, 1, 1]), ["a10"]
    yield t.duel([t.MARTYR], [], [1, 1, 1], ann=3), ["a24"]
    yield t.duel([], [t.RETREAT], [1, 1, 1, 1], table_effects=["solar_eclipse"]), ["a17 b3"]
    yield w.trojan(1, 1), ["pay", "attack"]
    yield w.mausoleum(1, 2, [6, 6, 1]), ["move c3 b3 army army", "mood1"]
    general = {"advances": ["farming", "mining", "tactics"], "armies": {"C3": 2}}
    state = t.board(
        ann={**general, "kept_events": ["E36"]}, bob={"armies": {"B2": 2}}, dice=[1] * 4
    )
    yield state, ["move c3 b2 army army", "use"]


def _met() -> list[Prompt | Choice | Event]:
    met: list[Prompt | Choice | Event] = []
    for state, answers in _battles():
        for answer in answers:
            seat = GAME.pending(state)[0].seat
            met += GAME.pending(state)
            first = answer.split()[0]
            met += GAME.choices(state, seat, [])
            if " " in answer:
                met += GAME.choices(state, seat, [first])
            state, events = act(GAME, state, seat, answer)
            met += events
    return met


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_card_battle_texts_are_complete(lang: str) -> None:
    bad: dict[str, str] = {}
    for item in _met():
        if isinstance(item, Prompt):
            what, shown = item.kind, text.prompt_what(lang, "clash", item)
        elif isinstance(item, Choice):
            what, shown = item.label, text.choice_label(lang, item)
        else:
            what, shown = item.kind, locales.event_text(lang, item.kind, dict(item.params))
        if shown.startswith(("event.clash.", "prompt.clash.", "clash.")) or _UNFILLED.search(shown):
            bad.setdefault(what, shown)
    assert bad == {}
