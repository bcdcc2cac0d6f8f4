"""Page sections every game's table shares: the outcome banner and the last actions.

Their text sizes are parameters (the defaults are the shared :class:`render.theme.Size`), so a
game whose pictures follow a larger phone minimum (CIV) draws the same sections bigger.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from render import theme
from render.canvas import Badge, Canvas
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
    "draw_name_badges",
    "draw_recent",
    "recent_height",
    "wrap_recent",
]

PAD = 18
X0 = theme.MARGIN
X1 = theme.WIDTH - theme.MARGIN
LINE_H = Size.BODY + 8


def banner_height(heading: int = Size.HEADING, detail: int = Size.SMALL, lines: int = 1) -> int:
    """The height of :func:`draw_banner` with its headline and ``lines`` of detail at these
    sizes."""
    return 12 + heading + 12 + lines * detail + (lines - 1) * 6 + 18


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
    detail_lines: int = 1,
) -> int:
    """The accent banner of a finished game: a symbol, a headline and a detail (wrapped on
    up to ``detail_lines`` lines)."""
    ink = theme.ink_on(theme.ACCENT)
    width = X1 - X0 - 3 * PAD - 72
    lines = Canvas.wrap(detail, detail_size, "semibold", width, detail_lines) or [""]
    height = banner_height(heading_size, detail_size, len(lines))
    c.box((X0, y, X1, y + height), theme.ACCENT)
    c.symbol(symbol, (X0 + PAD, y + height // 2 - 28), 56, ink)
    c.text(
        (X0 + PAD + 72, y + 12),
        headline,
        size=heading_size,
        weight="bold",
        fill=ink,
        max_width=width,
    )
    for i, line in enumerate(lines):
        at = (X0 + PAD + 72, y + 24 + heading_size + i * (detail_size + 6))
        c.text(at, line, size=detail_size, weight="semibold", fill=ink, max_width=width)
    return y + height + theme.GAP


def wrap_recent(
    ctx: Ctx, recent: Iterable[Mapping[str, Any]], *, size: int = Size.BODY, lines: int = 2
) -> list[tuple[str, ...]]:
    """The last public events as sentences, each wrapped on at most ``lines`` lines at
    ``size``: what :func:`draw_recent` draws, wrapped once so that the page's height is known
    before drawing (clearing a canvas taller than needed costs time)."""
    room = X1 - X0 - 2 * PAD - 30
    return [_wrapped(event_sentence(ctx, event), size, room, lines) for event in recent]


@functools.lru_cache(maxsize=512)
def _wrapped(sentence: str, size: int, room: int, lines: int) -> tuple[str, ...]:
    # From one move to the next the last actions shift by one: the others are the same
    # sentences, wrapped the same way.
    return tuple(Canvas.wrap(sentence, size, "regular", room, lines))


def recent_height(wrapped: Sequence[Sequence[str]], size: int = Size.BODY) -> int:
    """The height :func:`draw_recent` takes for ``wrapped``, its gap under it included."""
    if not wrapped:
        return 0
    return size + 14 + sum(len(lines) * (size + 8) + 4 for lines in wrapped) + theme.GAP


def draw_recent(
    c: Canvas, title: str, wrapped: Sequence[Sequence[str]], y: int, *, size: int = Size.BODY
) -> int:
    """The last public events (:func:`wrap_recent`), oldest first, one bullet each."""
    if not wrapped:
        return y
    x = X0 + PAD
    c.text((x, y), title, size=size, weight="bold")
    y += size + 14
    dot, middle = size // 5, size * 19 // 30  # 6 px across, 19 px down at 30 px text
    for lines in wrapped:
        c.draw.ellipse(
            (x + 8 - dot, y + middle - dot, x + 8 + dot, y + middle + dot), fill=theme.MUTED
        )
        for line in lines:
            c.text((x + 30, y), line, size=size)
            y += size + 8
        y += 4
    return y + theme.GAP


def draw_name_badges(
    c: Canvas,
    name: str,
    badges: list[Badge],
    x: int,
    mid: int,
    right: int,
    *,
    name_size: int,
    badge_size: int,
    least: int,
) -> None:
    """A seat's name in bold from ``x``, then its badges, most important first, until
    ``right``: the name gives way to the badges down to ``least`` pixels, then the badges
    that no longer fit are dropped from the end."""
    badges_w = sum(Canvas.badge_width(b, badge_size) + 10 for b in badges)
    room = max(least, right - x - badges_w)
    x += c.text((x, mid), name, size=name_size, weight="bold", anchor="lm", max_width=room) + 16
    for badge in badges:
        if x + Canvas.badge_width(badge, badge_size) > right:
            break
        x += c.badge(badge, x, mid, badge_size) + 10
