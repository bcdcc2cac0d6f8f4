"""A trade offer's buttons say what a tap does: withdraw, accept or refuse, first, before the
offer they name (a tap on an offer labelled only by its goods once withdrew it unsaid). The
picker shows the verb and the offer on one button ("Accept the offer · @alice gives you ..."),
so the verb is the first step's label and the offer's label does not repeat it."""

from __future__ import annotations

import pytest

import locales

#: The verb (its stem) each answer's label begins with, in its first two words.
VERBS = {
    "en": {"withdraw": "withdraw", "accept": "accept", "refuse": "refuse"},
    "hu": {"withdraw": "visszavon", "accept": "elfogad", "refuse": "elutasít"},
}


@pytest.mark.parametrize("lang", sorted(VERBS))
def test_each_offer_button_begins_with_what_it_does(lang: str) -> None:
    for token, verb in VERBS[lang].items():
        head = locales.message(lang, f"clash.token.{token}")
        assert isinstance(head, str), (lang, token)
        assert verb in " ".join(head.lower().split()[:2]), (lang, token, head)
        offer = locales.message(lang, f"clash.choice.trade_{token}")
        assert isinstance(offer, str) and verb not in offer.lower(), (lang, offer)
    undo = locales.message(lang, "button.undo")
    assert undo not in {locales.message(lang, f"clash.token.{t}") for t in VERBS[lang]}
