"""Every Hungarian catalogue string, filled in with sample parameters, passes Hunspell's
Hungarian dictionary (Debian's ``hunspell-hu``) through pyenchant.

Hunspell's hu_HU does the Hungarian morphology itself: suffixes, compounds
("kezdőjátékos-jelző", "épületlapka"), abbreviations ("pl.") and suffixed numerals ("3-as",
not "3-es"). What it cannot know (game names, Discord, the move tokens players type) is listed
in ``hu_spelling_allow.txt``. It is a spelling test, not a grammar test: a wrong but well-formed
word ("3 játékosos", játékos + -s) passes.

The dictionary and Enchant are Debian packages that ``.ci/run`` installs; like the browser
tests without Chromium, the tests that need them are skipped, naming the install command,
when they are missing.
"""

from __future__ import annotations

import functools
import re
import string
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import locales
from locales.formatting import fill, placeholders

LANG = "hu"
DICTIONARY = Path("/usr/share/hunspell/hu_HU.dic")
INSTALL = "apt-get install hunspell-hu libenchant-2-2"
ALLOW_FILE = Path(__file__).with_name("hu_spelling_allow.txt")

# Sample values: players are Discord user names (lowercase), anything else unknown a number.
PLAYERS = ("anna", "bela")  # the handles of bench.samples
PLAYER_PARAMS = frozenset({"player", "who", "buyer", "holder", "user", "substitute", "target"})
PLAYER_LIST_PARAMS = frozenset({"winners", "invited", "voters", "waiting", "victims"})
# Prefixed parameters the engines pass as lists (the others name one key).
KEY_LIST_PARAMS = frozenset(
    {"allowed", "cards", "discarded", "domains", "paid", "played", "resources", "taken"}
)
NUMBER = 3  # "3-as", "3-at": its suffixes differ from the -es/-et of 1, 2, 4...
# Numerals of every vowel-harmony class (egy, három, öt, hat), to tell whether the tail of
# "CIV-nek" is a Hungarian suffix at all (a foreign word's own harmony is not judged).
SUFFIX_CARRIERS = (1, 3, 5, 6)

# Never words to check: code spans, Discord markup (<#id>, <t:...>) and links.
_NOT_TEXT = re.compile(r"`[^`]*`|<[^<>\s]+>|https?://\S+")
_OPENERS = "([{\"'„“*_~"
_EDGE = string.punctuation.replace("@", "").replace("#", "").replace("/", "") + "„”“’‘«»…–—·•"
_ROMAN_ORDINAL = re.compile(r"[IVXLCDM]+\.")  # "II. szint"
_SUFFIXED_NUMBER = re.compile(r"\d+(?:[.,]\d+)*-[^\W\d_]+")  # "3-as", "10-et"
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")  # letters of any script, inner hyphens


def words(text: str) -> list[str]:
    """The words of a filled-in message that a Hungarian dictionary should know.

    Skipped: mentions and channels (``@anna``, ``#3``), slash commands, code spans, paths,
    identifiers and options (``fill_deck``, ``deal=draft``, ``dm:True``), plain numbers and
    codes (``90m``), emoji, roman ordinals. A numeral with a hyphenated suffix stays whole, as
    Hunspell checks the suffix against the number; a word ending its sentence keeps its dot, so
    that abbreviations ("pl.") are looked up as written.
    """
    text = _NOT_TEXT.sub(" ", text).replace("(z)", "")  # "a(z)": the article before a filled word
    found: list[str] = []
    for chunk in text.split():
        chunk = chunk.lstrip(_OPENERS)
        if not chunk or chunk[0] in "@#/" or _ROMAN_ORDINAL.fullmatch(chunk):
            continue
        dot = chunk.rstrip(_EDGE.replace(".", "")).endswith(".")
        chunk = chunk.strip(_EDGE)
        if not chunk or any(c in chunk for c in "@#/_=:"):
            continue
        if any(c.isdigit() for c in chunk):
            if _SUFFIXED_NUMBER.fullmatch(chunk):
                found.append(chunk)
            continue
        parts = _WORD.findall(chunk)
        if parts and dot and chunk.endswith(parts[-1]):
            parts[-1] += "."
        found.extend(parts)
    return found


def allow_list() -> frozenset[str]:
    """The allow-list file's words (casefolded), plus the sample player names."""
    lines = ALLOW_FILE.read_text(encoding="utf-8").splitlines()
    listed = {line.split("#", 1)[0].strip() for line in lines}
    return frozenset(w.casefold() for w in listed | set(PLAYERS) if w)


def is_spelled(word: str, dictionary: Any, allowed: frozenset[str]) -> bool:
    """Hunspell knows ``word``, or it is allow-listed, or it is an allow-listed word with a
    hyphenated ending (``wood-wood-stone``, ``CIV-nek``, ``Stone Age-nek``)."""
    if word.rstrip(".").casefold() in allowed or dictionary.check(word):
        return True
    *heads, tail = word.rstrip(".").split("-")
    return (
        bool(heads)
        and all(h.casefold() in allowed for h in heads)
        and (
            tail.casefold() in allowed
            or dictionary.check(tail)
            or (tail.islower() and any(dictionary.check(f"{n}-{tail}") for n in SUFFIX_CARRIERS))
        )
    )


def sample_params(template: str) -> dict[str, Any]:
    """A plausible value for every placeholder of ``template``."""
    params: dict[str, Any] = {}
    for p in placeholders(template):
        if p.prefix is not None:
            values = _key_suffixes(p.prefix)[:2]
            params[p.name] = values if p.name in KEY_LIST_PARAMS else values[0]
        elif p.name in PLAYER_PARAMS:
            params[p.name] = PLAYERS[0]
        elif p.name in PLAYER_LIST_PARAMS:
            params[p.name] = list(PLAYERS)
        else:
            params[p.name] = NUMBER
    return params


@functools.cache
def _key_suffixes(prefix: str) -> list[str]:
    """The ``<value>`` of every ``prefix.<value>`` key, sorted (``civ.domain``: culture, ...)."""
    start = prefix + "."
    values = (k.removeprefix(start) for k in locales.keys(LANG) if k.startswith(start))
    return sorted(v for v in values if "." not in v) or ["x"]


class Filled(NamedTuple):
    key: str
    text: str


def filled_messages() -> Iterator[Filled]:
    """Every Hungarian template (each plural form too), filled with sample parameters."""
    lookup = functools.partial(locales.t, LANG)
    for key in sorted(locales.keys(LANG)):
        message = locales.message(LANG, key)
        templates = [message] if isinstance(message, str) else list((message or {}).values())
        for template in templates:
            missing: list[str] = []
            params = sample_params(template)
            text = fill(template, params, lang=LANG, lookup=lookup, on_missing=missing.append)
            assert not missing, (key, missing)
            yield Filled(key, text)


@pytest.fixture(scope="module")
def hu_dictionary() -> Any:
    """Hunspell's hu_HU through Enchant, without anyone's personal word list."""
    try:
        import enchant
    except ModuleNotFoundError:
        raise  # pyenchant is a dev dependency: its absence is a broken install, not a skip
    except ImportError:  # pyenchant without Enchant's C library
        pytest.skip(f"Enchant's C library is not installed; .ci/run installs it: {INSTALL}")
    if not DICTIONARY.exists():
        pytest.skip(f"{DICTIONARY} is not installed; .ci/run installs it: {INSTALL}")
    broker = enchant.Broker()
    broker.set_ordering("hu_HU", "hunspell")  # never another engine's Hungarian
    # Enchant adds the words of ~/.config/enchant/hu_HU.dic (creating it): an empty folder
    # instead, so a word someone once added on their machine passes nowhere.
    with tempfile.TemporaryDirectory() as config, pytest.MonkeyPatch.context() as mp:
        mp.setenv("ENCHANT_CONFIG_DIR", config)
        dictionary = broker.request_dict("hu_HU")
    assert dictionary.provider.name == "hunspell"
    return dictionary


def test_every_hungarian_message_is_spelled_correctly(hu_dictionary: Any) -> None:
    """Each word of each filled-in Hungarian message is in Hunspell's hu_HU or allow-listed."""
    allowed = allow_list()
    misspelled = [
        f"{key}: {word!r} in {text!r}"
        for key, text in filled_messages()
        for word in words(text)
        if not is_spelled(word, hu_dictionary, allowed)
    ]
    assert misspelled == [], f"{len(misspelled)} misspelled:\n" + "\n".join(misspelled)


@pytest.mark.parametrize(
    "word",
    ["kezdőjátékos-jelző", "épületlapka", "civilizációkártya", "3-as", "pl.", "Kész.", "CIV-nek"],
)
def test_normal_words_compounds_and_suffixes_pass(hu_dictionary: Any, word: str) -> None:
    assert is_spelled(word, hu_dictionary, allow_list())


@pytest.mark.parametrize(
    "word", ["játékosk", "kártyya", "3-es", "1-ot", "pl", "Catan", "CIV-xyz", "anna-kártyya"]
)
def test_misspellings_fail(hu_dictionary: Any, word: str) -> None:
    """Typos, wrong suffixes on numerals and names, words Hunspell cannot know fail."""
    assert not is_spelled(word, hu_dictionary, allow_list())


def test_the_allow_list_holds_only_words_the_dictionary_rejects(hu_dictionary: Any) -> None:
    """A word Hunspell knows needs no entry, so the list stays short and meaningful."""
    assert sorted(w for w in allow_list() if hu_dictionary.check(w)) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("@anna kapott 3 pontot.", ["kapott", "pontot."]),
        ("Kezdődik: **Stone Age** (#3).", ["Kezdődik", "Stone", "Age"]),
        ("A(z) 3-as szerszámod, 12\u00a0345 lap", ["A", "3-as", "szerszámod", "lap"]),
        ("Lásd `/mod check`, a /log parancsot és <#123>!", ["Lásd", "a", "parancsot", "és"]),
        ("🎲 Kocka: ⚒️+2, 90m vagy 1d12h", ["Kocka", "vagy"]),
        ("II. szint · épületlapka – fill_deck mező…", ["szint", "épületlapka", "mező"]),
        ("„Idézet” (pl. deal=draft dm:True) Europe/Budapest", ["Idézet", "pl."]),
    ],
)
def test_words_skips_what_is_not_hungarian_text(text: str, expected: list[str]) -> None:
    assert words(text) == expected


def test_samples_fill_every_placeholder() -> None:
    """Players get a name, prefixed parameters a real key's translation, the rest a number."""
    template = "@{player} ({domain@civ.domain}): {cards@civ.domain}, {winners}, {count}"
    params = sample_params(template)
    assert params["player"] == "anna"
    assert locales.has(LANG, f"civ.domain.{params['domain']}")
    assert len(params["cards"]) == 2
    assert params["winners"] == ["anna", "bela"]
    assert params["count"] == NUMBER
