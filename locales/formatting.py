"""Filling message templates: placeholders, nested translations, lists and numbers (Babel).

Template syntax (see docs/architecture.md, "Locale keys"):

- ``{name}`` inserts the parameter ``name``;
- ``{name@prefix}`` inserts the translation of ``prefix.<value>``;
- ``{{`` and ``}}`` are literal braces.

Values are formatted by type: ints and floats with the language's decimal format, lists and
tuples joined with the language's list pattern (each item formatted the same way), None as an
empty string, anything else with ``str``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal

__all__ = ["Placeholder", "fill", "format_value", "placeholders"]

_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?:@([A-Za-z0-9_.]+))?\}")

# Translates a full key (``civ.domain.science``) in the language being formatted.
Lookup = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Placeholder:
    """One ``{name}`` or ``{name@prefix}`` in a template."""

    name: str
    prefix: str | None


def placeholders(template: str) -> list[Placeholder]:
    """The placeholders of ``template``, in order of appearance.

    >>> placeholders("{player} played {domain@civ.domain} {{x}}")
    [Placeholder(name='player', prefix=None), Placeholder(name='domain', prefix='civ.domain')]
    """
    return [
        Placeholder(m.group(1), m.group(2))
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
        return format_value(params[name], lang=lang, prefix=match.group(2), lookup=lookup)

    return _TOKEN.sub(replace, template)


def format_value(value: Any, *, lang: str, prefix: str | None, lookup: Lookup) -> str:
    """One parameter value as text in ``lang``."""
    if isinstance(value, list | tuple):
        if not value:  # "You can add: –." rather than a sentence with a hole in it
            return "–"
        items = [format_value(v, lang=lang, prefix=prefix, lookup=lookup) for v in value]
        return format_list(items, locale=lang)
    if prefix is not None and value is not None:
        return lookup(f"{prefix}.{value}")
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float):
        return format_decimal(value, locale=lang)
    return str(value)
