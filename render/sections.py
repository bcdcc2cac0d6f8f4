"""Page sections every game's table shares: the outcome banner and the last actions.

Their text sizes are parameters (the defaults are the shared :class:`render.theme.Size`), so a
game whose pictures follow a larger phone minimum (CIV) draws the same sections bigger.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from render import layers, theme
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
    return [_wrap_once(ctx, event, size, lines) for event in recent]


def _wrap_once(ctx: Ctx, event: Mapping[str, Any], size: int, lines: int) -> tuple[str, ...]:
    if layers.enabled():  # off with the layers' caches, for their test
        try:
            return _wrapped(ctx, _freeze(event), size, lines)
        except TypeError:  # something unhashable in the event: wrapped afresh
            pass
    return _wrap_event(ctx, event, size, lines)


def _wrap_event(ctx: Ctx, event: Mapping[str, Any], size: int, lines: int) -> tuple[str, ...]:
    room = X1 - X0 - 2 * PAD - 30
    return tuple(Canvas.wrap(event_sentence(ctx, event), size, "regular", room, lines))


@functools.lru_cache(maxsize=512)
def _wrapped(ctx: Ctx, frozen: tuple[Any, ...], size: int, lines: int) -> tuple[str, ...]:
    # From one move to the next the last actions shift by one: the others are the same
    # sentences, wrapped the same way (the key holds the display names, in ctx).
    return _wrap_event(ctx, _thaw(frozen), size, lines)


# Frozen events: a mapping or a list becomes a tuple tagged by one of these (never equal to
# anything in a view), so that a dict and a list of pairs stay apart.
_MAP, _LIST = object(), object()


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return (_MAP, *((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list):
        return (_LIST, *(_freeze(v) for v in value))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple) and value and value[0] is _MAP:
        return {k: _thaw(v) for k, v in value[1:]}
    if isinstance(value, tuple) and value and value[0] is _LIST:
        return [_thaw(v) for v in value[1:]]
    return value


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
