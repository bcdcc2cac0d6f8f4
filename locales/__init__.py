"""Translations: English and Hungarian message catalogues and the functions that fill them in.

Catalogues are the TOML files under ``locales/<lang>/``, merged per language and loaded once,
lazily. :func:`t` never raises: a key missing in Hungarian falls back to English, and a key
missing everywhere comes back as the key itself (logged once), so a gap in a catalogue shows up
as a visible key rather than a crash in the middle of a game.

>>> t("en", "locale.name")
'English'
>>> normalize("hu-HU")
'hu'
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_datetime as _babel_datetime
from babel.dates import format_timedelta

from locales.catalog import Catalogue, Message, load_language
from locales.formatting import Placeholder, decimal, fill, placeholders

__all__ = [
    "DEFAULT",
    "SUPPORTED",
    "error_text",
    "event_text",
    "format_datetime",
    "format_duration",
    "format_number",
    "format_relative",
    "has",
    "keys",
    "message",
    "normalize",
    "params_of",
    "problems",
    "t",
]

SUPPORTED: tuple[str, ...] = ("en", "hu")
DEFAULT = "en"

_ROOT = Path(__file__).resolve().parent
_log = logging.getLogger(__name__)
_warned: set[tuple[str, str]] = set()


def normalize(locale: str | None) -> str:
    """A supported language for a Discord or CLDR locale (``hu-HU`` -> ``hu``, else ``en``)."""
    if not locale:
        return DEFAULT
    lang = locale.replace("_", "-").split("-", 1)[0].lower()
    return lang if lang in SUPPORTED else DEFAULT


def t(lang: str, key: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` filled in with ``params``.

    A plural message is chosen by the ``count`` parameter (Babel's CLDR rules for ``lang``);
    see :mod:`locales.formatting` for the placeholder syntax.
    """
    lang = normalize(lang)
    found = _find(lang, key)
    if found is None:
        _warn_once(lang, f"missing key {key!r}")
        return key
    msg_lang, msg = found
    template = _choose(msg_lang, msg, params.get("count"))
    return fill(
        template,
        params,
        lang=lang,
        lookup=functools.partial(t, lang),
        on_missing=lambda name: _warn_once(lang, f"key {key!r} needs parameter {name!r}"),
    )


def has(lang: str, key: str) -> bool:
    """True when :func:`t` finds ``key`` for ``lang`` (directly or through the English fallback)."""
    return _find(normalize(lang), key) is not None


def keys(lang: str) -> set[str]:
    """Every key defined in the catalogues of ``lang`` itself (no fallback)."""
    return set(_catalogue(normalize(lang)).messages)


def message(lang: str, key: str) -> Message | None:
    """The raw template (or plural table) of ``key`` in ``lang`` itself, without fallback."""
    return _catalogue(normalize(lang)).messages.get(key)


def params_of(lang: str, key: str) -> dict[str, str | None]:
    """The parameters a message uses, mapped to their ``@prefix`` (None for plain ones).

    Lets a caller see, for example, which parameters name a player rather than a key suffix.
    """
    found = _find(normalize(lang), key)
    if found is None:
        return {}
    return {p.name: p.prefix for p in _placeholders_of(found[1])}


def problems(lang: str) -> list[str]:
    """What was wrong in the catalogue files of ``lang`` (duplicate keys, non-text values)."""
    return list(_catalogue(normalize(lang)).problems)


def error_text(lang: str, code: str, params: Mapping[str, Any], game: str | None = None) -> str:
    """The sentence for ``IllegalAction(code, **params)``: ``error.<game>.<code>``, then
    ``error.<code>``, else the generic ``error.unknown`` naming the code."""
    candidates = ([f"error.{game}.{code}"] if game else []) + [f"error.{code}"]
    for key in candidates:
        if has(lang, key):
            return t(lang, key, **params)
    return t(lang, "error.unknown", code=code)


def event_text(lang: str, kind: str, params: Mapping[str, Any]) -> str:
    """The sentence for a game event (``kind`` carries the game prefix: ``civ.played``)."""
    return t(lang, f"event.{kind}", **params)


def format_number(lang: str, value: float) -> str:
    """A number in the language's decimal format (``12 345`` in Hungarian)."""
    return decimal(normalize(lang), value)


def format_datetime(lang: str, dt: datetime) -> str:
    """A date and time in the language's medium format (naive datetimes are taken as UTC)."""
    return _babel_datetime(dt, format="medium", locale=normalize(lang))


def format_duration(lang: str, delta: timedelta) -> str:
    """A rounded length of time: ``3 hours`` / ``3 óra``."""
    return format_timedelta(delta, locale=normalize(lang))


def format_relative(lang: str, delta: timedelta) -> str:
    """A rounded time from now: ``in 3 hours`` / ``3 hours ago`` (negative ``delta``)."""
    return format_timedelta(delta, add_direction=True, locale=normalize(lang))


def _find(lang: str, key: str) -> tuple[str, Message] | None:
    """The language the message comes from and the message, after the English fallback."""
    for candidate in dict.fromkeys((lang, DEFAULT)):
        msg = _catalogue(candidate).messages.get(key)
        if msg is not None:
            return candidate, msg
    return None


def _choose(lang: str, msg: Message, count: Any) -> str:
    """The template of a message; for a plural table the form Babel picks for ``count``."""
    if isinstance(msg, str):
        return msg
    if isinstance(count, int | float) and not isinstance(count, bool):
        category = _locale(lang).plural_form(count)
        if category in msg:
            return msg[category]
    return msg["other"]


def _placeholders_of(msg: Message) -> list[Placeholder]:
    templates = [msg] if isinstance(msg, str) else list(msg.values())
    return [p for template in templates for p in placeholders(template)]


@functools.cache
def _locale(lang: str) -> Locale:
    """Babel's locale of a supported language (parsed once: a plural form is chosen in most
    messages)."""
    return Locale.parse(lang)


@functools.cache
def _catalogue(lang: str) -> Catalogue:
    catalogue = load_language(_ROOT / lang)
    for problem in catalogue.problems:
        _log.error("locale %s: %s", lang, problem)
    return catalogue


def _warn_once(lang: str, what: str) -> None:
    if (lang, what) not in _warned:
        _warned.add((lang, what))
        _log.warning("locale %s: %s", lang, what)
