"""locales.t and friends: placeholders, plurals, lists, numbers, fallbacks, helpers."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import locales

AddMessage = Callable[[str, str, Any], None]  # the add_message fixture (conftest.py)

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("hu", "hu"),
        ("hu-HU", "hu"),
        ("hu_HU", "hu"),
        ("HU", "hu"),
        ("en-US", "en"),
        ("en-GB", "en"),
        (None, "en"),
        ("", "en"),
        ("de", "en"),
        ("pt-BR", "en"),
    ],
)
def test_normalize_maps_locales_to_supported_languages(given: str | None, expected: str) -> None:
    """Discord locales reduce to a supported language, anything unknown to English."""
    assert locales.normalize(given) == expected


def test_plain_parameters_are_inserted(add_message: AddMessage) -> None:
    """{name} inserts the parameter as text."""
    add_message("en", "test.hello", "Hello {who}, {who}!")
    assert locales.t("en", "test.hello", who="Ödön") == "Hello Ödön, Ödön!"


def test_ints_use_the_language_number_format(add_message: AddMessage) -> None:
    """Ints are grouped the Hungarian way (non-breaking space) or the English way (comma)."""
    add_message("en", "test.n", "{n} cards")
    add_message("hu", "test.n", "{n} lap")
    assert locales.t("en", "test.n", n=12345) == "12,345 cards"
    assert locales.t("hu", "test.n", n=12345) == f"12{NBSP}345 lap"


def test_floats_drop_a_zero_fraction_and_use_the_decimal_comma(add_message: AddMessage) -> None:
    """Scores are floats: 4.0 prints as 4, 2.5 as 2,5 in Hungarian."""
    add_message("hu", "test.score", "{score} pont")
    assert locales.t("hu", "test.score", score=4.0) == "4 pont"
    assert locales.t("hu", "test.score", score=2.5) == "2,5 pont"


def test_a_number_formatted_once_is_formatted_again_per_language() -> None:
    """Formatted numbers are kept (Babel is slow); by language and type, never mixed up."""
    for _ in range(2):
        assert [locales.format_number(lang, 1234.5) for lang in ("en", "hu")] == [
            "1,234.5",
            f"1{NBSP}234,5",
        ]
        assert [locales.format_number("hu", n) for n in (2, 2.0, 2.5)] == ["2", "2", "2,5"]


def test_prefixed_parameter_is_translated(add_message: AddMessage) -> None:
    """{domain@prefix} inserts the translation of prefix.<value>."""
    add_message("hu", "test.domain.science", "Tudomány")
    add_message("hu", "test.played", "{player} kijátszott egy {domain@test.domain} lapot")
    text = locales.t("hu", "test.played", player="bob", domain="science")
    assert text == "bob kijátszott egy Tudomány lapot"


def test_an_empty_list_reads_as_a_dash(add_message: AddMessage) -> None:
    """An empty list leaves no hole in the sentence."""
    add_message("en", "test.allowed", "You can add: {allowed}.")
    assert locales.t("en", "test.allowed", allowed=[]) == "You can add: –."


def test_lists_are_joined_with_the_language_pattern(add_message: AddMessage) -> None:
    """Lists use Babel's list patterns, each item translated through the prefix."""
    translations = {
        "en": ("Military", "Science", "Culture"),
        "hu": ("Katonaság", "Tudomány", "Kultúra"),
    }
    for lang, names in translations.items():
        for domain, name in zip(("military", "science", "culture"), names, strict=True):
            add_message(lang, f"test.domain.{domain}", name)
        add_message(lang, "test.list", "{domains@test.domain}")
    domains = ["military", "science", "culture"]
    assert locales.t("en", "test.list", domains=domains) == "Military, Science, and Culture"
    assert locales.t("hu", "test.list", domains=domains) == "Katonaság, Tudomány és Kultúra"


def test_plural_table_is_chosen_by_count(add_message: AddMessage) -> None:
    """A table of CLDR categories picks its form with Babel's rules for the language."""
    add_message("en", "test.cards", {"one": "{count} card", "other": "{count} cards"})
    add_message("hu", "test.cards", {"one": "{count} lap", "other": "{count} lapok"})
    assert locales.t("en", "test.cards", count=1) == "1 card"
    assert locales.t("en", "test.cards", count=0) == "0 cards"
    assert locales.t("en", "test.cards", count=2) == "2 cards"
    assert locales.t("hu", "test.cards", count=1) == "1 lap"
    assert locales.t("hu", "test.cards", count=5) == "5 lapok"


def test_plural_table_without_count_uses_other(add_message: AddMessage) -> None:
    """No count (or a non-number) falls back to the 'other' form."""
    add_message("en", "test.cards", {"one": "a card", "other": "cards"})
    assert locales.t("en", "test.cards") == "cards"
    assert locales.t("en", "test.cards", count="x") == "cards"


def test_hungarian_falls_back_to_english(add_message: AddMessage) -> None:
    """A key missing in Hungarian is taken from English."""
    add_message("en", "test.only_en", "Only English {x}")
    assert locales.t("hu", "test.only_en", x=3) == "Only English 3"
    assert locales.has("hu", "test.only_en")
    assert "test.only_en" not in locales.keys("hu")


def test_missing_key_returns_the_key_and_warns_once(caplog: pytest.LogCaptureFixture) -> None:
    """A key nobody defines comes back as itself; the warning is logged once, not per call."""
    with caplog.at_level(logging.WARNING, logger="locales"):
        assert locales.t("hu", "test.nowhere.key_1", x=1) == "test.nowhere.key_1"
        assert locales.t("hu", "test.nowhere.key_1", x=2) == "test.nowhere.key_1"
    warnings = [r for r in caplog.records if "test.nowhere.key_1" in r.getMessage()]
    assert len(warnings) == 1
    assert not locales.has("en", "test.nowhere.key_1")


def test_missing_parameter_stays_visible(add_message: AddMessage) -> None:
    """A parameter the caller forgot is left as written instead of raising."""
    add_message("en", "test.two", "{a} and {b}")
    assert locales.t("en", "test.two", a="x") == "x and {b}"


def test_doubled_braces_are_literal(add_message: AddMessage) -> None:
    """{{ and }} print single braces."""
    add_message("en", "test.braces", "{{not a param}} {x}")
    assert locales.t("en", "test.braces", x=1) == "{not a param} 1"


def test_unknown_language_is_english(add_message: AddMessage) -> None:
    """t() normalizes its language argument."""
    add_message("en", "test.lang", "English")
    add_message("hu", "test.lang", "Magyar")
    assert locales.t("de-DE", "test.lang") == "English"
    assert locales.t("hu-HU", "test.lang") == "Magyar"


def test_error_text_prefers_the_game_specific_message(add_message: AddMessage) -> None:
    """error.<game>.<code> wins over error.<code>."""
    add_message("en", "error.test_code", "Generic {x}")
    add_message("en", "error.testgame.test_code", "Specific {x}")
    assert locales.error_text("en", "test_code", {"x": 1}, game="testgame") == "Specific 1"
    assert locales.error_text("en", "test_code", {"x": 1}, game="othergame") == "Generic 1"
    assert locales.error_text("en", "test_code", {"x": 1}) == "Generic 1"


def test_error_text_for_an_unknown_code_names_the_code(add_message: AddMessage) -> None:
    """An unknown code gives the generic error.unknown text with the code in it."""
    add_message("en", "error.unknown", "That did not work ({code}).")
    assert locales.error_text("en", "no_such_code", {}) == "That did not work (no_such_code)."


def test_event_text_uses_the_event_prefix(add_message: AddMessage) -> None:
    """event_text(kind) is t('event.<kind>')."""
    drew = {"one": "{player} húzott egy lapot", "other": "{player} húzott {count} lapot"}
    add_message("hu", "event.test.drew", drew)
    assert locales.event_text("hu", "test.drew", {"player": "Őz", "count": 2}) == (
        "Őz húzott 2 lapot"
    )


def test_params_of_lists_placeholders_with_their_prefixes(add_message: AddMessage) -> None:
    """params_of tells plain parameters from translated ones."""
    add_message("en", "test.p", {"one": "{player} {domain@civ.domain}", "other": "{n}"})
    assert locales.params_of("en", "test.p") == {
        "player": None,
        "domain": "civ.domain",
        "n": None,
    }
    assert locales.params_of("en", "test.absent") == {}


def test_date_helpers_speak_the_language() -> None:
    """Dates and durations come from Babel, with Hungarian accents."""
    moment = datetime(2024, 3, 5, 14, 30, tzinfo=UTC)
    assert "2024" in locales.format_datetime("hu", moment)
    assert "márc" in locales.format_datetime("hu", moment)
    assert locales.format_duration("en", timedelta(hours=3)) == "3 hours"
    assert locales.format_duration("hu", timedelta(hours=3)) == "3 óra"
    assert locales.format_relative("en", timedelta(hours=-3)) == "3 hours ago"
    assert locales.format_relative("hu", timedelta(hours=3)) == "3 óra múlva"
    assert locales.format_number("hu", 1234.5) == f"1{NBSP}234,5"


@pytest.mark.parametrize(("refilled", "words"), [(1, "1 new card on"), (2, "2 new cards on")])
def test_stone_age_round_event_picks_the_plural_of_the_cards_refilled(
    refilled: int, words: str
) -> None:
    """The engine's round event carries ``count`` for its sentence's plural (issue 15)."""
    from rules.stoneage import GAME
    from rules.stoneage.flow import start_round

    state = GAME.setup(["alice", "bob"], {}, 1)
    (event,) = start_round(state, 0, refilled=refilled)
    assert words in locales.event_text("en", event.kind, event.params)
