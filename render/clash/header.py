"""The header over the map: the round, and one chip per player (marker and name), the chip of
the player whose turn it is framed in the accent colour with a "play" triangle.

Wordless but for the players' names: the round is a circular arrow and a number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from render import theme
from render.canvas import Canvas
from render.clash import look
from render.clash.icons import round_arrow
from render.context import Ctx

__all__ = ["draw_header", "header_height"]

_PAD: Final = 14
_MARKER: Final = 44
_ARROW: Final = 52


def header_height(minimum: int) -> int:
    return max(minimum, 44) + 2 * _PAD + 8


def draw_header(c: Canvas, ctx: Ctx, view: Mapping[str, Any], y: int, minimum: int) -> int:
    """The header's row at ``y``; returns its bottom."""
    h = header_height(minimum)
    x, mid = look.MARGIN, y + h // 2
    c.symbol(round_arrow, (x, mid - _ARROW // 2), _ARROW, theme.MUTED)
    x += _ARROW + 10
    round_ = view.get("round")
    if isinstance(round_, int) and not isinstance(round_, bool):
        x += c.text((x, mid), ctx.number(round_), size=max(minimum, 48), weight="bold", anchor="lm")
    x += 28
    seats = len(ctx.names)
    width = (c.width - look.MARGIN - x) // max(1, seats)
    for seat in range(seats):
        box = (x + seat * width, y, width - 10, h)
        _draw_chip(c, ctx, seat, seat == view.get("turn_of"), box, minimum)
    return y + h


def _draw_chip(
    c: Canvas, ctx: Ctx, seat: int, active: bool, box: tuple[int, int, int, int], minimum: int
) -> None:
    x, y, w, h = box
    right, mid = x + w, y + h // 2
    if active:
        c.box((x, y, right, y + h), theme.PANEL_ACTIVE, outline=theme.ACCENT, width=4)
    else:
        c.box((x, y, right, y + h), theme.PANEL)
    x += _PAD
    if active:
        c.symbol("play", (x, mid - 16), 32, theme.ACCENT)
        x += 32 + 8
    shape = theme.player_shape(seat)
    c.symbol(shape, (x - 3, mid - _MARKER // 2 - 3), _MARKER + 6, theme.INK_DARK)
    c.symbol(shape, (x, mid - _MARKER // 2), _MARKER, theme.player_colour(seat))
    x += _MARKER + 10
    c.text(
        (x, mid),
        ctx.name(seat),
        size=max(minimum, 44),
        weight="bold",
        anchor="lm",
        max_width=right - _PAD - x,
    )
