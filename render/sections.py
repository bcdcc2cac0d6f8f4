"""Page sections every game's table shares: the outcome banner and the last actions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from render import theme
from render.canvas import Canvas
from render.context import Ctx, event_sentence
from render.theme import Size

__all__ = ["BANNER_H", "LINE_H", "PAD", "X0", "X1", "draw_banner", "draw_recent", "recent_height"]

PAD = 18
X0 = theme.MARGIN
X1 = theme.WIDTH - theme.MARGIN
LINE_H = Size.BODY + 8
BANNER_H = 104


def draw_banner(c: Canvas, symbol: str, headline: str, detail: str, y: int) -> int:
    """The accent banner of a finished game: a symbol, a headline and a detail line."""
    ink = theme.ink_on(theme.ACCENT)
    c.box((X0, y, X1, y + BANNER_H), theme.ACCENT)
    c.symbol(symbol, (X0 + PAD, y + 24), 56, ink)
    width = X1 - X0 - 3 * PAD - 72
    c.text(
        (X0 + PAD + 72, y + 12),
        headline,
        size=Size.HEADING,
        weight="bold",
        fill=ink,
        max_width=width,
    )
    c.text(
        (X0 + PAD + 72, y + 60),
        detail,
        size=Size.SMALL,
        weight="semibold",
        fill=ink,
        max_width=width,
    )
    return y + BANNER_H + theme.GAP


def recent_height(count: int) -> int:
    """A height :func:`draw_recent` cannot exceed for ``count`` events."""
    return Size.BODY + 14 + count * (2 * LINE_H + 4) + theme.GAP


def draw_recent(
    c: Canvas, ctx: Ctx, title: str, recent: Iterable[Mapping[str, Any]], y: int
) -> int:
    """The last public events, oldest first, one bullet each (at most two lines)."""
    events = list(recent)
    if not events:
        return y
    x = X0 + PAD
    c.text((x, y), title, size=Size.BODY, weight="bold")
    y += Size.BODY + 14
    for event in events:
        c.draw.ellipse((x + 2, y + 13, x + 14, y + 25), fill=theme.MUTED)
        for line in Canvas.wrap(
            event_sentence(ctx, event), Size.BODY, "regular", X1 - x - PAD - 30, 2
        ):
            c.text((x + 30, y), line, size=Size.BODY)
            y += LINE_H
        y += 4
    return y + theme.GAP
