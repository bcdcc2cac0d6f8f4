"""What every game's pictures share before drawing: language, seat names, public keys, events."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import locales
from render.canvas import Canvas
from render.theme import Size

__all__ = ["Ctx", "context", "event_sentence", "label_or", "public_view"]


@dataclass(frozen=True, slots=True)
class Ctx:
    """What every layer needs: the language and the display name of each seat."""

    lang: str
    names: tuple[str, ...]
    handles: tuple[str, ...]

    def t(self, key: str, /, **params: Any) -> str:
        """Translate ``key`` in the picture's language."""
        try:
            return _text(self.lang, key, tuple(params.items()))
        except TypeError:  # a list parameter (the winners' names): filled in afresh
            return locales.t(self.lang, key, **params)

    def name(self, seat: Any) -> str:
        """The display name of a seat index ("?" for anything else)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.names):
            return "?"
        return self.names[seat]

    def number(self, value: float) -> str:
        """A number in the picture's language (``12 345``, ``-3``)."""
        return locales.format_number(self.lang, value)


@functools.lru_cache(maxsize=4096)
def _text(lang: str, key: str, params: tuple[tuple[str, Any], ...]) -> str:
    # A table fills in a few dozen labels, mostly the same ones picture after picture (the
    # catalogues are loaded once), and filling one in (plural forms, number formats) costs.
    return locales.t(lang, key, **dict(params))


def context(view: Mapping[str, Any], lang: str, names: Sequence[str] | None) -> Ctx:
    """The language and, per seat, the display name if one was given and is drawable."""
    handles = tuple(str(p) for p in view["players"])
    shown = []
    for i, handle in enumerate(handles):
        custom = names[i] if names is not None and i < len(names) else None
        shown.append(custom if custom and Canvas.fit(custom, Size.BODY, "bold", 10_000) else handle)
    return Ctx(locales.normalize(lang), tuple(shown), handles)


def public_view(view: Mapping[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    """Only ``keys`` of ``view``: a table drawn from this cannot show a hand by mistake."""
    return {key: view[key] for key in keys if key in view}


def label_or(ctx: Ctx, key: str, fallback: str, **params: Any) -> str:
    """``key`` translated, or ``fallback`` (a raw engine token) when no catalogue has it."""
    return ctx.t(key, **params) if locales.has(ctx.lang, key) else fallback


def event_sentence(ctx: Ctx, event: Mapping[str, Any]) -> str:
    """An event as a sentence, with player handles replaced by display names.

    Only parameters the message inserts as plain text are replaced; one translated through a
    ``@prefix`` (a domain, an effect) is a key suffix and stays as it is.
    """
    kind = str(event.get("kind", ""))
    params = dict(event.get("params") or {})
    prefixes = locales.params_of(ctx.lang, f"event.{kind}")
    shown = dict(zip(ctx.handles, ctx.names, strict=True))
    for name, value in params.items():
        if prefixes.get(name) is not None:
            continue
        if isinstance(value, str):
            params[name] = shown.get(value, value)
        elif isinstance(value, list):
            params[name] = [shown.get(v, v) if isinstance(v, str) else v for v in value]
    return locales.event_text(ctx.lang, kind, params)
