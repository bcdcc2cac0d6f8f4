"""Every Clash of Cultures card a player reads about is named by its name, the id beside it at
most: over random games, in English and Hungarian, no prompt, choice label or event line shows a
card id (``A17``, ``O05``, ``E12``, a half's ``P03`` or ``K11``) without a name of that card in
the same text (its halves', its objectives' or its own)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

import pytest

import locales
from host import text
from rules.clash import GAME
from rules.clash.box.cards import ACTION_HALVES
from rules.clash.box.objective_cards import OBJECTIVES
from rules.core import Rng, act
from rules.selfplay import random_action

LANGS = locales.SUPPORTED
CARD_ID = re.compile(r"\b[AOEPK]\d\d\b")
GAMES = 16
#: Labels and events that show a card: the games below must meet them (or prove little).
MET = {
    "clash.choice.civil_card",
    "clash.choice.trade_card",
    "clash.choice.swap_mine",
    "clash.choice.objective_back",
    "event.clash.you_drew",
    "event.clash.trade_cards_offered",
}


def names(lang: str, card: str) -> list[str]:
    """What names ``card`` in ``lang``: an action card's halves, an objective card's two
    objectives, an event card's name, a half's own name."""
    if card in ACTION_HALVES:
        civil, combat = ACTION_HALVES[card]
        return [
            locales.t(lang, f"clash.civil.{civil}"),
            locales.t(lang, f"clash.combat_half.{combat}"),
        ]
    if card in OBJECTIVES:
        return [locales.t(lang, f"clash.objective.{h.name}") for h in OBJECTIVES[card].values()]
    for table in ("clash.event_name", "clash.civil", "clash.combat_half"):
        if locales.has(lang, f"{table}.{card}"):
            return [locales.t(lang, f"{table}.{card}")]
    return []


@functools.cache
def _shown(lang: str) -> tuple[tuple[str, str], ...]:
    """(what, text) for every prompt, choice and event line of a few random games."""
    out: list[tuple[str, str]] = []
    for seed in range(GAMES):
        players = ["anna", "bela", "csilla", "dani"][: 2 + seed % 3]
        state = GAME.setup(players, {}, seed)
        rng = Rng(seed)
        while GAME.outcome(state) is None:
            prompts = GAME.pending(state)
            out += [(f"prompt.clash.{p.kind}", text.prompt_what(lang, "clash", p)) for p in prompts]
            seat = prompts[0].seat
            action = random_action(GAME, state, seat, rng)
            parts = action.split()
            for i in range(len(parts) + 1):
                for choice in GAME.choices(state, seat, parts[:i]):
                    out.append((choice.label, text.choice_label(lang, choice)))
            state, events = act(GAME, state, seat, action)
            for e in events:
                out.append((f"event.{e.kind}", locales.event_text(lang, e.kind, dict(e.params))))
    return tuple(out)


def _bare(lang: str) -> Iterator[tuple[str, str]]:
    for what, shown in _shown(lang):
        for card in CARD_ID.findall(shown):
            if not any(name and name in shown for name in names(lang, card)):
                yield what, shown


@pytest.mark.parametrize("lang", LANGS)
def test_no_card_is_shown_by_its_id_alone(lang: str) -> None:
    assert dict(_bare(lang)) == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_games_show_cards(lang: str) -> None:
    """The labels and events that name a card are met, each naming one."""
    naming = {what for what, shown in _shown(lang) if CARD_ID.search(shown)}
    assert sorted(MET - naming) == []


def test_a_bare_id_is_caught() -> None:
    """The check above finds an id without its name (and passes one beside its name)."""
    assert not any(n in "Your card A17" for n in names("en", "A17"))
    assert any(n in "Your card: City Growth / Tactical Retreat (A17)" for n in names("en", "A17"))
    assert names("hu", "O05") and names("en", "E12") and names("en", "P03")
