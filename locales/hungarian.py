"""The bits of Hungarian grammar the catalogue needs around numbers and names.

A Hungarian sentence cannot put a number in a template the English way: the article before it
depends on how the number is read ("a 3", "az 5", "az 1000"), and a suffix after it follows
the vowel harmony of its last spoken word ("3-as", "5-ös", "6-ot", "10-zel"). Both domains are
closed (every number is read from a handful of words), so this module writes them out as
tables rather than computing phonology, and ``tests/locales/test_hungarian.py`` checks them
against the number words for every number up to a million.

Everything else that inflects (domains, locations, resources, Clash's terrains and pieces) is
a closed set too, and its forms are written into the catalogue itself; names of players take
the pattern "@anna játékosnak", so a handle is never inflected.

>>> [with_article(n) for n in (1, 3, 5, 15, 50, 1000, 1500, 2000)]
['az 1', 'a 3', 'az 5', 'a 15', 'az 50', 'az 1000', 'az 1500', 'a 2000']
>>> [with_suffix(n, "-as") for n in (1, 2, 3, 5, 6, 10, 20, 100, 1000)]
['1-es', '2-es', '3-as', '5-ös', '6-os', '10-es', '20-as', '100-as', '1000-es']
>>> [with_suffix(n, "-val") for n in (1, 3, 5, 6, 8, 10, 20)]
['1-gyel', '3-mal', '5-tel', '6-tal', '8-cal', '10-zel', '20-szal']
>>> article("ellenfél"), article("Vallás"), article("A"), article("B"), article("I.")
('az', 'a', 'az', 'a', 'az')
"""

from __future__ import annotations

import re

__all__ = [
    "SUFFIXES",
    "article",
    "last_word",
    "number_article",
    "suffix",
    "with_article",
    "with_suffix",
]

#: The suffix classes a template may ask for, each named by its back-vowel form: the
#: adjective (``3-as``), the accusative (``3-at``), onto (``3-ra``), with (``3-mal``), in
#: (``3-ban``), to/for (``3-nak``), from (``3-tól``), out of (``3-ból``), towards (``3-hoz``).
SUFFIXES: tuple[str, ...] = ("-as", "-at", "-ra", "-val", "-ban", "-nak", "-tól", "-ból", "-hoz")

# The forms of each word a number can end in, in the order of SUFFIXES. The word is the last
# one spoken: 23 is "huszonhárom", so it takes the forms of "három".
_FORMS: dict[str, tuple[str, ...]] = {
    "nulla": ("s", "t", "ra", "val", "ban", "nak", "tól", "ból", "hoz"),
    "egy": ("es", "et", "re", "gyel", "ben", "nek", "től", "ből", "hez"),
    "kettő": ("es", "t", "re", "vel", "ben", "nek", "től", "ből", "höz"),
    "három": ("as", "at", "ra", "mal", "ban", "nak", "tól", "ból", "hoz"),
    "négy": ("es", "et", "re", "gyel", "ben", "nek", "től", "ből", "hez"),
    "öt": ("ös", "öt", "re", "tel", "ben", "nek", "től", "ből", "höz"),
    "hat": ("os", "ot", "ra", "tal", "ban", "nak", "tól", "ból", "hoz"),
    "hét": ("es", "et", "re", "tel", "ben", "nek", "től", "ből", "hez"),
    "nyolc": ("as", "at", "ra", "cal", "ban", "nak", "tól", "ból", "hoz"),
    "kilenc": ("es", "et", "re", "cel", "ben", "nek", "től", "ből", "hez"),
    "tíz": ("es", "et", "re", "zel", "ben", "nek", "től", "ből", "hez"),
    "húsz": ("as", "at", "ra", "szal", "ban", "nak", "tól", "ból", "hoz"),
    "harminc": ("as", "at", "ra", "cal", "ban", "nak", "tól", "ból", "hoz"),
    "negyven": ("es", "et", "re", "nel", "ben", "nek", "től", "ből", "hez"),
    "ötven": ("es", "et", "re", "nel", "ben", "nek", "től", "ből", "hez"),
    "hatvan": ("as", "at", "ra", "nal", "ban", "nak", "tól", "ból", "hoz"),
    "hetven": ("es", "et", "re", "nel", "ben", "nek", "től", "ből", "hez"),
    "nyolcvan": ("as", "at", "ra", "nal", "ban", "nak", "tól", "ból", "hoz"),
    "kilencven": ("es", "et", "re", "nel", "ben", "nek", "től", "ből", "hez"),
    "száz": ("as", "at", "ra", "zal", "ban", "nak", "tól", "ból", "hoz"),
    "ezer": ("es", "et", "re", "rel", "ben", "nek", "től", "ből", "hez"),
    "millió": ("s", "t", "ra", "val", "ban", "nak", "tól", "ból", "hoz"),
    "milliárd": ("os", "ot", "ra", "dal", "ban", "nak", "tól", "ból", "hoz"),
}

_UNITS = ("", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc")
_TENS = (
    "",
    "tíz",
    "húsz",
    "harminc",
    "negyven",
    "ötven",
    "hatvan",
    "hetven",
    "nyolcvan",
    "kilencven",
)
_VOWELS = frozenset("aáeéiíoóöőuúüű")
#: Letters whose Hungarian names begin with a vowel ("az F" is read "az ef").
_VOWEL_LETTERS = frozenset("AÁEÉIÍOÓÖŐUÚÜŰFLMNRSXY")
_ROMAN = re.compile(r"^[IVXLCDM]+\.?$")
_SPACE_NAME = re.compile(r"[A-Z][0-9]{1,2}[.,:;)]?")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def last_word(n: int) -> str:
    """The last word spoken when ``n`` (0 or more) is read out, which its suffixes follow.

    >>> [last_word(n) for n in (0, 7, 23, 40, 300, 2000, 3_000_000, 10**9)]
    ['nulla', 'hét', 'három', 'negyven', 'száz', 'ezer', 'millió', 'milliárd']
    """
    if n < 0:
        raise ValueError("only numbers of 0 or more are read")
    if n == 0:
        return "nulla"
    if n % 10:
        return _UNITS[n % 10]
    if n % 100:
        return _TENS[n % 100 // 10]
    if n % 1000:
        return "száz"
    if n % 1_000_000:
        return "ezer"
    if n % 1_000_000_000:
        return "millió"
    return "milliárd"


def number_article(n: int) -> str:
    """``a`` or ``az`` before ``n``: ``az`` when it is read from a vowel ("egy", "öt...",
    "ezer...", "egymillió"): its first digit is 5, or its leading group of three is 1."""
    if n < 0:
        return "a"  # "mínusz"
    digits = str(n)
    leading = digits[: len(digits) % 3 or 3]
    return "az" if digits[0] == "5" or leading == "1" else "a"


def suffix(n: int, form: str) -> str:
    """The ending of ``n`` in the suffix class ``form`` (one of :data:`SUFFIXES`)."""
    return _FORMS[last_word(n)][SUFFIXES.index(form)]


def with_suffix(n: int, form: str, written: str | None = None) -> str:
    """``n`` written with its suffix after a hyphen, as Hungarian writes digits: ``3-as``.
    ``written`` is the number as the caller formats it (thousands separators)."""
    return f"{written if written is not None else n}-{suffix(n, form)}"


def article(text: str) -> str:
    """``a`` or ``az`` before ``text``: by how its first number, letter or word is read."""
    word = text.lstrip("*_~`\"'„»(«@ ")
    if not word:
        return "a"
    number = re.match(r"[0-9][0-9  ]*", word)
    if number is not None:
        return number_article(int(re.sub(r"[^0-9]", "", number.group(0))))
    first = word.split(maxsplit=1)[0]
    if _SPACE_NAME.fullmatch(first):
        # A map space (Clash's "F3") is read by its letter's name: "az F3" ("ef-három").
        return "az" if first[0] in _VOWEL_LETTERS else "a"
    if _ROMAN.match(first):
        return number_article(_roman(first.rstrip(".")))
    if len(first) == 1 and first.isupper():
        return "az" if first in _VOWEL_LETTERS else "a"
    return "az" if first[0].lower() in _VOWELS else "a"


def with_article(value: int | str, written: str | None = None) -> str:
    """``value`` after its article: ``az 5``, ``a Vallás``."""
    shown = written if written is not None else str(value)
    lead = number_article(value) if isinstance(value, int) else article(shown)
    return f"{lead} {shown}"


def _roman(numeral: str) -> int:
    total = 0
    for letter, following in zip(numeral, [*numeral[1:], ""], strict=True):
        value = _ROMAN_VALUES[letter]
        total += -value if following and _ROMAN_VALUES[following] > value else value
    return total
