"""The private Clash of Cultures panel (for ``/hand``): for now the seat and its card count.

The engine's seat view is still being written; this draws what every seat's view has, the
``hand`` list, as card backs and a number, wordless like the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from render import theme
from render.canvas import Canvas
from render.clash import look
from render.context import context

__all__ = ["hand_png"]

_CARD: Final = 96
#: Card backs drawn side by side at most (the count says how many there are).
_CARDS_SHOWN: Final = 10


def hand_png(view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The hand of ``view["seat"]`` as PNG bytes; ValueError for a spectator view."""
    seat = view.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ValueError("hand_png needs the view of a seat (view['seat'] is None)")
    ctx = context(view, lang, names)
    minimum = look.min_text(look.WIDTH)
    hand = list(view.get("hand") or ())
    height = 2 * look.MARGIN + 72 + 24 + _CARD + 24
    c = Canvas(look.WIDTH, height)
    x, y = look.MARGIN, look.MARGIN
    c.symbol(theme.player_shape(seat), (x - 3, y + 7), 62, theme.INK_DARK)
    c.symbol(theme.player_shape(seat), (x, y + 10), 56, theme.player_colour(seat))
    c.text(
        (x + 76, y + 38),
        ctx.name(seat),
        size=max(minimum, 56),
        weight="bold",
        anchor="lm",
        max_width=look.WIDTH - 2 * look.MARGIN - 76,
    )
    y += 72 + 24
    c.box((x, y, look.WIDTH - look.MARGIN, y + _CARD + 24), theme.PANEL)
    cx = x + 18
    for _ in range(min(len(hand), _CARDS_SHOWN)):
        c.symbol("card", (cx, y + 12), _CARD, theme.MUTED)
        cx += _CARD * 2 // 3
    if hand:
        cx += _CARD // 3 + 12
    c.text(
        (cx, y + 12 + _CARD // 2),
        ctx.number(len(hand)),
        size=max(minimum, 64),
        weight="bold",
        anchor="lm",
    )
    return c.png(height)
