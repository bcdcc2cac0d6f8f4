"""A trade offer's buttons say what a tap does: withdraw, accept or refuse, first, before the
offer they name (a tap on an offer labelled only by its goods once withdrew it unsaid)."""

from __future__ import annotations

import pytest

import locales

VERBS = {
    "en": {"trade_withdraw": "Withdraw:", "trade_accept": "Accept:", "trade_refuse": "Refuse:"},
    "hu": {
        "trade_withdraw": "Visszavonás:",
        "trade_accept": "Elfogadás:",
        "trade_refuse": "Elutasítás:",
    },
}


@pytest.mark.parametrize("lang", sorted(VERBS))
def test_each_offer_button_begins_with_what_it_does(lang: str) -> None:
    for key, verb in VERBS[lang].items():
        text = locales.message(lang, f"clash.choice.{key}")
        assert isinstance(text, str) and text.startswith(verb), (lang, key, text)
