"""Filling message templates: placeholders, nested translations, lists and numbers (Babel).

Template syntax (see docs/architecture.md, "Locale keys"):

- ``{name}`` inserts the parameter ``name``;
- ``{name@prefix}`` inserts the translation of ``prefix.<value>``;
- ``{name|filter}`` (also ``{name@prefix|filter}``) inserts it changed by a filter:
  ``or`` joins a list with the language's "or" pattern ("a, b or c") instead of "and"; in
  Hungarian only, ``az`` puts the right article before the value ("az 5", "a Vallás"; ``Az``
  at the start of a sentence) and a suffix class of :data:`locales.hungarian.SUFFIXES` puts
  the value's suffix after it by vowel harmony (``{value|-as}``: "3-as", "5-ös"); ``at``
  names players by handle, ``@`` before each (``{winners|at}``: "@anna and @bob");
- ``{{`` and ``}}`` are literal braces.

Values are formatted by type: ints and floats with the language's decimal format (except an
int right after ``#``, an identifier: ``#1234``), lists and
tuples joined with the language's list pattern (each item formatted the same way), None as an
empty string, anything else with ``str``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal

from locales.hungarian import SUFFIXES, with_article, with_suffix

__all__ = [
    "FILTERS",
    "HUNGARIAN_FILTERS",
    "Placeholder",
    "decimal",
    "fill",
    "format_value",
    "placeholders",
]

_TOKEN = re.compile(
    r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?:@([A-Za-z0-9_.]+))?(?:\|(-?[^{}|@\s]+))?\}"
)

#: Filters of the Hungarian catalogue only: they write Hungarian grammar.
HUNGARIAN_FILTERS: frozenset[str] = frozenset({"az", "Az", *SUFFIXES})
#: Every filter a template may use.
FILTERS: frozenset[str] = frozenset({"or", "at"}) | HUNGARIAN_FILTERS

# Translates a full key (``civ.domain.science``) in the language being formatted.
Lookup = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Placeholder:
    """One ``{name}``, ``{name@prefix}`` or ``{name|filter}`` in a template."""

    name: str
    prefix: str | None
    filter: str | None = None


def placeholders(template: str) -> list[Placeholder]:
    """The placeholders of ``template``, in order of appearance.

    >>> [(p.name, p.prefix, p.filter) for p in placeholders("{a} {b@civ.domain} {{x}} {n|az}")]
    [('a', None, None), ('b', 'civ.domain', None), ('n', None, 'az')]
    """
    return [
        Placeholder(m.group(1), m.group(2), m.group(3))
        for m in _TOKEN.finditer(template)
        if m.group(1) is not None
    ]


def fill(
    template: str,
    params: Mapping[str, Any],
    *,
    lang: str,
    lookup: Lookup,
    on_missing: Callable[[str], None],
) -> str:
    """``template`` with every placeholder replaced; an unknown parameter stays as written.

    ``on_missing`` is told the name of each parameter the caller did not pass.
    """

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name is None:
            return match.group(0)[0]
        if name not in params:
            on_missing(name)
            return match.group(0)
        value, prefix, how = params[name], match.group(2), match.group(3)
        if isinstance(value, int) and match.start() > 0 and template[match.start() - 1] == "#":
            return str(value)  # "#1234" numbers a game or an entry: never "#1,234"
        if how == "at":  # handles, as players are named in every event: "@anna"
            value = [f"@{v}" for v in value] if isinstance(value, list | tuple) else f"@{value}"
            how = None
        if how is None or how == "or":
            return format_value(value, lang=lang, prefix=prefix, lookup=lookup, style=how)
        return _hungarian(value, how, format_value(value, lang=lang, prefix=prefix, lookup=lookup))

    return _TOKEN.sub(replace, template)


def format_value(
    value: Any, *, lang: str, prefix: str | None, lookup: Lookup, style: str | None = None
) -> str:
    """One parameter value as text in ``lang``; ``style`` ``or`` joins a list with "or"."""
    if isinstance(value, list | tuple):
        if not value:  # "You can add: –." rather than a sentence with a hole in it
            return "–"
        items = [format_value(v, lang=lang, prefix=prefix, lookup=lookup) for v in value]
        return format_list(items, style="or" if style == "or" else "standard", locale=lang)
    if prefix is not None and value is not None:
        return lookup(f"{prefix}.{value}")
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float):
        return decimal(lang, value)
    return str(value)


def decimal(lang: str, value: float) -> str:
    """``value`` in the language's decimal format (``12 345`` in Hungarian)."""
    # By type too: 1 and 1.0 are one key of a dict, but not one number to Babel.
    return _decimal(lang, type(value).__name__, value)


@functools.lru_cache(maxsize=4096)
def _decimal(lang: str, kind: str, value: float) -> str:
    # Kept: Babel parses the locale and the pattern on every call (about 12 µs), and the
    # same few scores, costs and counts are written into every table post and picture.
    return format_decimal(value, locale=lang)


def _hungarian(value: Any, how: str, shown: str) -> str:
    """``shown`` (``value`` as formatted) with the article or suffix filter ``how``; a filter
    the value cannot take (a suffix after a word) leaves it as it is."""
    number = value if isinstance(value, int) and not isinstance(value, bool) else None
    if how in ("az", "Az"):
        text = with_article(number if number is not None else shown, shown)
        return text[0].upper() + text[1:] if how == "Az" else text
    if how in SUFFIXES and number is not None and number >= 0:
        return with_suffix(number, how, shown)
    return shown
