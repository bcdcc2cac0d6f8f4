"""Page sections every game's table shares: the outcome banner and the last actions.

Their text sizes are parameters (the defaults are the shared :class:`render.theme.Size`), so a
game whose pictures follow a larger phone minimum (CIV) draws the same sections bigger.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from render import theme
from render.canvas import Canvas
from render.context import Ctx, event_sentence
from render.theme import Size

__all__ = [
    "BANNER_H",
    "LINE_H",
    "PAD",
    "X0",
    "X1",
    "banner_height",
    "draw_banner",
    "draw_recent",
    "recent_height",
]

PAD = 18
X0 = theme.MARGIN
X1 = theme.WIDTH - theme.MARGIN
LINE_H = Size.BODY + 8


def banner_height(heading: int = Size.HEADING, detail: int = Size.SMALL) -> int:
    """The height of :func:`draw_banner` with its headline and detail at these sizes."""
    return 12 + heading + 12 + detail + 18


BANNER_H = banner_height()


def draw_banner(
    c: Canvas,
    symbol: str,
    headline: str,
    detail: str,
    y: int,
    *,
    heading_size: int = Size.HEADING,
    detail_size: int = Size.SMALL,
) -> int:
    """The accent banner of a finished game: a symbol, a headline and a detail line."""
    ink = theme.ink_on(theme.ACCENT)
    height = banner_height(heading_size, detail_size)
    c.box((X0, y, X1, y + height), theme.ACCENT)
    c.symbol(symbol, (X0 + PAD, y + height // 2 - 28), 56, ink)
    width = X1 - X0 - 3 * PAD - 72
    c.text(
        (X0 + PAD + 72, y + 12),
        headline,
        size=heading_size,
        weight="bold",
        fill=ink,
        max_width=width,
    )
    c.text(
        (X0 + PAD + 72, y + 24 + heading_size),
        detail,
        size=detail_size,
        weight="semibold",
        fill=ink,
        max_width=width,
    )
    return y + height + theme.GAP


def recent_height(count: int, size: int = Size.BODY) -> int:
    """A height :func:`draw_recent` cannot exceed for ``count`` events at ``size``."""
    return size + 14 + count * (2 * (size + 8) + 4) + theme.GAP


def draw_recent(
    c: Canvas,
    ctx: Ctx,
    title: str,
    recent: Iterable[Mapping[str, Any]],
    y: int,
    *,
    size: int = Size.BODY,
) -> int:
    """The last public events, oldest first, one bullet each (at most two lines)."""
    events = list(recent)
    if not events:
        return y
    x = X0 + PAD
    c.text((x, y), title, size=size, weight="bold")
    y += size + 14
    dot, middle = size // 5, size * 19 // 30  # 6 px across, 19 px down at 30 px text
    for event in events:
        c.draw.ellipse(
            (x + 8 - dot, y + middle - dot, x + 8 + dot, y + middle + dot), fill=theme.MUTED
        )
        for line in Canvas.wrap(event_sentence(ctx, event), size, "regular", X1 - x - PAD - 30, 2):
            c.text((x + 30, y), line, size=size)
            y += size + 8
        y += 4
    return y + theme.GAP
