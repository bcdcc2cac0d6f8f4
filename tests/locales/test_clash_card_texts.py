"""Every card a Clash of Cultures hand can hold has its texts in English and Hungarian (in each
catalogue itself, not through the English fallback): the ``/hand`` reply's name of each card
(``clash.hand_card``), both halves' names and effects of the 42 action cards, and the name and
condition of every objective of the 32 objective cards with its timing."""

from __future__ import annotations

import re

import pytest

import locales
from rules.clash import GAME
from rules.clash.battles.combat_cards import HALVES as COMBAT
from rules.clash.box.cards import ACTION_CARDS, ACTION_HALVES, OBJECTIVE_CARDS
from rules.clash.box.objective_cards import NAMES, OBJECTIVES
from rules.clash.model.civil_cards import CIVIL

LANGS = locales.SUPPORTED
_UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:@[A-Za-z0-9_.]+)?(?:\|[^{}|@\s]+)?\}")


def own(lang: str, key: str) -> str:
    """The message of ``key`` in ``lang``'s own catalogue (a test failure when missing)."""
    message = locales.message(lang, key)
    assert isinstance(message, str), f"{lang}: {key} missing"
    return message


def test_the_tables_cover_every_card() -> None:
    """The halves read below are all the engine has (finding few would prove little)."""
    assert sorted(ACTION_HALVES) == list(ACTION_CARDS) and len(ACTION_CARDS) == 42
    assert sorted(OBJECTIVES) == list(OBJECTIVE_CARDS) and len(OBJECTIVE_CARDS) == 32
    assert len(CIVIL) == 21 and len(COMBAT) == 19 and len(NAMES) == 54


@pytest.mark.parametrize("lang", LANGS)
def test_every_half_has_a_name_and_a_text(lang: str) -> None:
    for code in CIVIL:
        assert own(lang, f"clash.civil.{code}") and own(lang, f"clash.civil_text.{code}")
    for code in COMBAT:
        assert own(lang, f"clash.combat_half.{code}")
        assert own(lang, f"clash.combat_half_effect.{code}")
    for name in NAMES:
        assert own(lang, f"clash.objective.{name}") and own(lang, f"clash.objective_text.{name}")
    for timing in {h.timing for card in OBJECTIVES.values() for h in card.values()}:
        assert own(lang, f"clash.objective_timing.{timing}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_in_hand_is_named_by_its_halves(lang: str) -> None:
    """``clash.hand_card.<id>`` is "<civil> / <combat> (A05)" or "<top> / <bottom> (O05)",
    the halves' own names (so a renamed half cannot leave a stale card name behind); the
    action cards' older table ``clash.card`` says the same."""
    for card, (civil, combat) in ACTION_HALVES.items():
        name = f"{own(lang, f'clash.civil.{civil}')} / {own(lang, f'clash.combat_half.{combat}')}"
        assert own(lang, f"clash.hand_card.{card}") == f"{name} ({card})"
        assert own(lang, f"clash.card.{card}") == f"{name} ({card})"
    for card, halves in OBJECTIVES.items():
        top, bottom = (own(lang, f"clash.objective.{h.name}") for h in halves.values())
        assert own(lang, f"clash.hand_card.{card}") == f"{top} / {bottom} ({card})"


#: How each language names what an objective takes as payment.
PAYMENTS = {
    "en": {
        "ideas": "2 Ideas",
        "gold": "2 Gold",
        "ore": "2 Ore",
        "wood": "2 Wood",
        "food": "2 Food",
    },
    "hu": {
        "ideas": "2 Ötletet",
        "gold": "2 Aranyat",
        "ore": "2 Ércet",
        "wood": "2 Fát",
        "food": "2 Ételt",
    },
}


@pytest.mark.parametrize("lang", LANGS)
def test_an_objective_text_names_its_payment(lang: str) -> None:
    """The objectives that take a payment (rules data) say what and how much; no other
    objective text asks for one."""
    paying = {h.name: h.pay for card in OBJECTIVES.values() for h in card.values() if h.pay}
    assert sorted(paying) == ["food", "ideas", "ore", "rich", "wood"]
    for name in NAMES:
        text = own(lang, f"clash.objective_text.{name}")
        for kind, count in paying.get(name, ()):
            assert count == 2 and PAYMENTS[lang][kind] in text, (name, text)
        if name not in paying:
            assert not any(p in text for p in PAYMENTS[lang].values()), (name, text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_reply_names_every_card(lang: str) -> None:
    """``clash.hand`` with a real hand (the engine's seat view), one card, and none: every
    card's name is there and nothing is left unfilled."""
    state = GAME.setup_position(
        ["ann", "bob"],
        {},
        1,
        {"seats": {"ann": {"actions": ["A01", "A42"], "objectives": ["O05"]}, "bob": {}}},
    )
    cards = GAME.view(state, 0)["hand"]
    assert cards == ["A01", "A42", "O05"]
    for hand in (cards, cards[:1], []):
        shown = locales.t(lang, "clash.hand", count=len(hand), cards=hand)
        assert not _UNFILLED.search(shown) and "clash." not in shown, shown
        for card in hand:
            assert own(lang, f"clash.hand_card.{card}") in shown
