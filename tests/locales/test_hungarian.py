"""Hungarian articles and suffixes after numbers (``locales.hungarian``), checked against an
independent reading of every number up to a million (num2words), and the template filters
that use them."""

from __future__ import annotations

import functools

import pytest
from num2words import num2words

import locales
from locales.formatting import fill
from locales.hungarian import (
    SUFFIXES,
    article,
    last_word,
    number_article,
    suffix,
    with_article,
    with_suffix,
)

LIMIT = 1_000_000
VOWELS = set("aáeéiíoóöőuúüű")


def reading(n: int) -> str:
    """How ``n`` is read out. num2words ends 1002 as "ezerkét": the last word is "kettő"."""
    words = num2words(n, lang="hu")
    return words[:-3] + "kettő" if words.endswith("két") else words


@functools.cache
def readings() -> list[str]:
    return [reading(n) for n in range(LIMIT + 1)]


def test_every_number_ends_in_the_word_its_suffix_follows() -> None:
    """The last spoken word of each number 0..1,000,000 is the one ``last_word`` says."""
    wrong = [n for n, words in enumerate(readings()) if not words.endswith(last_word(n))]
    assert wrong == []


def test_every_number_gets_the_article_of_its_first_sound() -> None:
    """``az`` exactly when the number is read from a vowel (1, 5, 50, 1000, 1500, 5000...)."""
    wrong = [
        n
        for n, words in enumerate(readings())
        if (number_article(n) == "az") != (words[0] in VOWELS)
    ]
    assert wrong == []


@pytest.mark.parametrize(
    ("n", "form", "expected"),
    [
        # As the rulebooks write them: Stone Age's tools and CIV's cards.
        (1, "-as", "1-es"),
        (2, "-as", "2-es"),
        (3, "-as", "3-as"),
        (3, "-ra", "3-ra"),
        (5, "-as", "5-ös"),
        (6, "-at", "6-ot"),
        (1, "-at", "1-et"),
        (2, "-at", "2-t"),
        (10, "-val", "10-zel"),
        (20, "-val", "20-szal"),
        (100, "-tól", "100-tól"),
        (1000, "-hoz", "1000-hez"),
        (5, "-hoz", "5-höz"),
        (0, "-as", "0-s"),
        (7, "-nak", "7-nek"),
        (48, "-ban", "48-ban"),
        (4, "-val", "4-gyel"),
    ],
)
def test_suffix_forms(n: int, form: str, expected: str) -> None:
    assert with_suffix(n, form) == expected


def test_every_suffix_class_has_a_form_for_every_ending() -> None:
    """Front words take front forms and back words back ones (the vowels of the ending)."""
    front, back = set("eéiíöőüű"), set("aáoóuú")
    for n in (0, *range(1, 10), *range(10, 100, 10), 100, 1000, 10**6):
        word = last_word(n)
        is_back = bool(set(word) & back) and not set(word) & {"ö", "ő", "ü", "ű"}
        for form in SUFFIXES:
            ending = suffix(n, form)
            vowels = set(ending) & (front | back)
            if vowels:
                assert bool(vowels & back) == is_back, (n, form, ending)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Vallás", "a"),
        ("ellenfél", "az"),
        ("Őrház", "az"),
        ("A", "az"),
        ("B", "a"),
        ("F", "az"),
        ("F3", "az"),
        ("C4", "a"),
        ("M12", "az"),
        ("D2,", "a"),
        ("I.", "az"),
        ("II.", "a"),
        ("V. kor", "az"),
        ("**5** pont", "az"),
        ("@anna", "az"),
        ("12 345", "a"),
        ("", "a"),
    ],
)
def test_article_before_words_letters_and_numerals(text: str, expected: str) -> None:
    assert article(text) == expected


def test_templates_use_the_filters() -> None:
    """``{x|az}``, ``{x|Az}``, ``{x|-as}`` in Hungarian, ``{x|or}`` in every language."""

    def hu(template: str, **params: object) -> str:
        return fill(template, params, lang="hu", lookup=lambda k: k, on_missing=print)

    assert hu("{n|Az} játék, {m|az} kártya", n=5, m=3) == "Az 5 játék, a 3 kártya"
    assert hu("{v|-as} szerszám, {v|-ra}", v=3) == "3-as szerszám, 3-ra"
    assert hu("{x|or}", x=["a", "b", "c"]) == "a, b vagy c"
    assert hu("{w|az}", w="ellenfél") == "az ellenfél"
    assert hu("{w|-as}", w="szó") == "szó"  # no suffix after a word: left as it is
    en = fill("{x|or}", {"x": ["a", "b"]}, lang="en", lookup=lambda k: k, on_missing=print)
    assert en == "a or b"
    assert with_article(1000) == "az 1000"


def test_hungarian_filters_are_only_in_the_hungarian_catalogue() -> None:
    """English templates never use the Hungarian filters, and no template an unknown one."""
    from locales.formatting import FILTERS, HUNGARIAN_FILTERS, placeholders

    for lang in locales.SUPPORTED:
        for key in locales.keys(lang):
            message = locales.message(lang, key)
            assert message is not None
            texts = [message] if isinstance(message, str) else list(message.values())
            for text in texts:
                for p in placeholders(text):
                    if p.filter is None:
                        continue
                    assert p.filter in FILTERS, (lang, key, p.filter)
                    assert lang == "hu" or p.filter not in HUNGARIAN_FILTERS, (lang, key)


def test_a_number_after_a_hash_is_an_identifier() -> None:
    """Game and log numbers are never grouped ("#1234", not "#1,234" or "#1 234")."""
    for lang in locales.SUPPORTED:
        assert locales.t(lang, "game.title", name="CIV", id=1234).endswith("#1234")
    assert fill("{n} #{n}", {"n": 1234}, lang="en", lookup=str, on_missing=print) == "1,234 #1234"
