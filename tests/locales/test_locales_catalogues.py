"""The real catalogues (every *.toml under locales/en and locales/hu) agree with each other.

These guard every catalogue file, including the ones written for each game: a key in one
language only, different placeholders between the two, a plural table without the forms
Babel needs, or a {x@prefix} pointing at nothing all fail here.
"""

from __future__ import annotations

import pytest
from babel import Locale

import locales
from locales.catalog import Message
from locales.formatting import Placeholder, placeholders

LANGS = locales.SUPPORTED


def templates(message: Message) -> list[str]:
    return [message] if isinstance(message, str) else list(message.values())


def placeholders_of(message: Message) -> set[Placeholder]:
    return {p for template in templates(message) for p in placeholders(template)}


def all_messages(lang: str) -> dict[str, Message]:
    return {key: m for key in locales.keys(lang) if (m := locales.message(lang, key)) is not None}


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_files_have_no_problems(lang: str) -> None:
    """No key is defined twice and every value is text or a plural table."""
    assert locales.problems(lang) == []


def test_both_languages_have_the_same_keys() -> None:
    """A key present in one language only fails (the fallback would hide it)."""
    en, hu = locales.keys("en"), locales.keys("hu")
    assert sorted(en - hu) == [], "missing in hu"
    assert sorted(hu - en) == [], "missing in en"


def test_both_languages_use_the_same_placeholders() -> None:
    """Per key, en and hu use the same parameters with the same prefixes (filters may
    differ: Hungarian puts articles and suffixes where English needs none)."""
    en, hu = all_messages("en"), all_messages("hu")

    def used(message: Message) -> set[tuple[str, str | None]]:
        return {(p.name, p.prefix) for p in placeholders_of(message)}

    differing = {
        key: (used(en[key]), used(hu[key]))
        for key in en.keys() & hu.keys()
        if used(en[key]) != used(hu[key])
    }
    assert differing == {}


@pytest.mark.parametrize("lang", LANGS)
def test_plural_tables_have_exactly_the_babel_categories(lang: str) -> None:
    """A plural table has 'other' plus every category Babel's rules can choose for the
    language, and nothing the language never uses."""
    needed = set(Locale.parse(lang).plural_form.tags) | {"other"}
    wrong = {
        key: sorted(message)
        for key, message in all_messages(lang).items()
        if isinstance(message, dict) and set(message) != needed
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGS)
def test_prefixed_placeholders_point_at_existing_keys(lang: str) -> None:
    """{x@prefix} needs some prefix.<value> keys, unless the catalogue that will hold them
    (its first key segment, such as civ) has not been written at all yet."""
    keys = locales.keys(lang)
    namespaces = {key.split(".", 1)[0] for key in keys}
    dangling = {
        (key, p.prefix)
        for key, message in all_messages(lang).items()
        for p in placeholders_of(message)
        if p.prefix is not None
        and p.prefix.split(".", 1)[0] in namespaces
        and not any(k.startswith(p.prefix + ".") for k in keys)
    }
    assert dangling == set()


def test_messages_keep_hungarian_accents() -> None:
    """Accented catalogue text and accented parameters come out unchanged."""
    assert locales.t("hu", "locale.name") == "Magyar"
    text = locales.t("hu", "render.civ.hand_title", player="Őrház Ödön")
    assert text == "A kezed, Őrház Ödön"
    legend = locales.t("hu", "render.civ.legend", level1=2, level2=4, hegemony=7)
    assert legend == "Hatások: első szint 2 laptól, második szint 4 laptól · Hegemónia: 7 lap"
    assert locales.t("hu", "render.civ.team", team="B") == "B csapat"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_formats_with_dummy_parameters(lang: str) -> None:
    """Each message fills in without leaving a placeholder behind."""
    for key, message in all_messages(lang).items():
        params = {p.name: 2 for p in placeholders_of(message) if p.prefix is None}
        for template in templates(message):
            for p in placeholders(template):
                if p.prefix is not None:
                    params[p.name] = next(
                        (
                            k.rsplit(".", 1)[1]
                            for k in locales.keys(lang)
                            if k.startswith(p.prefix + ".")
                        ),
                        "x",
                    )
        text = locales.t(lang, key, **params)
        assert "{" not in text.replace("{{", ""), (key, text)
