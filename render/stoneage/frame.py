"""The outcome banner, the last actions and the badges at Stone Age's sizes.

They follow :mod:`render.sections` and :meth:`render.canvas.Canvas.badge`, whose text is the
shared 26-30 px; here no text is under the phone rule's minimum (:class:`look.Size`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from render import theme
from render.canvas import Badge, Canvas
from render.context import Ctx, event_sentence
from render.sections import PAD, X0, X1
from render.stoneage.look import Size

__all__ = [
    "BANNER_H",
    "badge",
    "badge_width",
    "draw_banner",
    "draw_recent",
    "recent_height",
]

_DETAIL_LINES: Final = 2
#: The banner's height at most (its detail on two lines).
BANNER_H: Final = 14 + Size.HEADING + 12 + _DETAIL_LINES * (Size.SMALL + 6) + 12
_LINE_H: Final = Size.BODY + 8
_RECENT_LINES: Final = 3
_BADGE_H: Final = Size.SMALL + 16


def draw_banner(c: Canvas, symbol: str, headline: str, detail: str, y: int) -> int:
    """The accent banner of a finished game: a symbol, a headline and a detail line (wrapped
    on a second one if need be)."""
    ink = theme.ink_on(theme.ACCENT)
    x = X0 + 2 * PAD + 64
    width = X1 - PAD - x
    lines = Canvas.wrap(detail, Size.SMALL, "semibold", width, _DETAIL_LINES)
    height = BANNER_H - (_DETAIL_LINES - len(lines)) * (Size.SMALL + 6)
    c.box((X0, y, X1, y + height), theme.ACCENT)
    c.symbol(symbol, (X0 + PAD, y + height // 2 - 30), 60, ink)
    c.text((x, y + 14), headline, size=Size.HEADING, weight="bold", fill=ink, max_width=width)
    for i, line in enumerate(lines):
        top = y + 26 + Size.HEADING + i * (Size.SMALL + 6)
        c.text((x, top), line, size=Size.SMALL, weight="semibold", fill=ink)
    return y + height + theme.GAP


def recent_height(count: int) -> int:
    """A height :func:`draw_recent` cannot exceed for ``count`` events."""
    return Size.BODY + 14 + count * (_RECENT_LINES * _LINE_H + 4) + theme.GAP


def draw_recent(
    c: Canvas, ctx: Ctx, title: str, recent: Iterable[Mapping[str, Any]], y: int
) -> int:
    """The last public events, oldest first, one bullet each (at most three lines)."""
    events = list(recent)
    if not events:
        return y
    x = X0 + PAD
    c.text((x, y), title, size=Size.BODY, weight="bold")
    y += Size.BODY + 14
    room = X1 - x - PAD - 32
    for event in events:
        mid = y + Size.BODY * 5 // 8
        c.draw.ellipse((x + 2, mid - 7, x + 16, mid + 7), fill=theme.MUTED)
        for line in Canvas.wrap(event_sentence(ctx, event), Size.BODY, "regular", room, 3):
            c.text((x + 32, y), line, size=Size.BODY)
            y += _LINE_H
        y += 4
    return y + theme.GAP


def badge_width(b: Badge) -> int:
    """Width in pixels of :func:`badge`."""
    symbol, text, _ = b
    return Canvas.measure(text, Size.SMALL, "semibold") + 32 + (Size.SMALL + 8 if symbol else 0)


def badge(c: Canvas, b: Badge, x: int, mid: int) -> int:
    """A pill centred on ``mid``, with an optional symbol as tall as its text; returns its
    width."""
    symbol, text, colour = b
    ink = theme.ink_on(colour)
    width = badge_width(b)
    half = _BADGE_H // 2
    c.box((x, mid - half, x + width, mid + half), colour, radius=half)
    x += 16
    if symbol:
        c.symbol(symbol, (x, mid - Size.SMALL // 2), Size.SMALL, ink)
        x += Size.SMALL + 8
    c.text((x, mid), text, size=Size.SMALL, weight="semibold", fill=ink, anchor="lm")
    return width
