"""The private Stone Age hand (for ``/hand``): a seat's civilization cards and what they score.

The view gives only card ids (``hand``); their faces come from the engine's card table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import theme
from render.canvas import Canvas
from render.context import Ctx, context
from render.sections import PAD, X0, X1
from render.stoneage import icons, look
from render.stoneage.common import (
    CardFace,
    card_face,
    card_row_height,
    draw_cards,
    draw_marker,
    number,
)
from render.stoneage.look import Size
from rules.stoneage import data
from rules.stoneage.views import StoneAgePrivate, StoneAgeSeatView

__all__ = ["hand_png"]

_ROW_H = 64
_SUMMARY_H = 2 * (Size.BODY + 14) + 4 * _ROW_H + 4 * PAD


def hand_png(view: StoneAgeSeatView, *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The civilization cards of ``view["seat"]`` as PNG bytes; ValueError for a spectator."""
    index = view.get("seat")
    if not isinstance(index, int) or isinstance(index, bool):
        raise ValueError("hand_png needs the view of a seat (view['seat'] is None)")
    ctx = context(view, lang, names)
    faces = _faces(view.get("hand") or [])
    private = view["private"]
    height = 300 + _SUMMARY_H + card_row_height(len(faces))
    canvas = Canvas(look.WIDTH, height)
    y = _draw_header(canvas, ctx, index, len(faces), theme.MARGIN)
    y = _draw_summary(canvas, ctx, private, y)
    if faces:
        y = draw_cards(canvas, ctx, faces, (X0, y))
    else:
        canvas.text((X0, y), ctx.t("render.stoneage.hand_empty"), size=Size.BODY, fill=theme.MUTED)
        y += Size.BODY + 2 * theme.GAP
    return canvas.png(y - theme.GAP + theme.MARGIN)


def _faces(hand: Sequence[Any]) -> list[CardFace]:
    """The faces of the cards in the hand, in its order (unknown ids are skipped)."""
    return [card_face(data.CARDS[c].to_json()) for c in hand if c in data.CARDS]


def _draw_header(c: Canvas, ctx: Ctx, index: int, count: int, y: int) -> int:
    draw_marker(c, index, (X0, y + 8), 44)
    c.text(
        (X0 + 60, y),
        ctx.t("render.stoneage.hand_title", player=ctx.name(index)),
        size=Size.TITLE,
        weight="bold",
        max_width=X1 - X0 - 60,
    )
    y += Size.TITLE + 14
    c.text(
        (X0, y),
        ctx.t("render.stoneage.hand_count", count=count),
        size=Size.BODY,
        fill=theme.MUTED,
        max_width=X1 - X0,
    )
    return y + Size.BODY + 2 * theme.GAP


def _draw_summary(c: Canvas, ctx: Ctx, private: StoneAgePrivate, y: int) -> int:
    """The figures with their multipliers, then the culture symbols owned."""
    top = y
    y += PAD
    multipliers = private.get("multipliers")
    multipliers = multipliers if isinstance(multipliers, Mapping) else {}
    c.text((X0 + PAD, y), ctx.t("render.stoneage.figures"), size=Size.BODY, weight="bold")
    y += Size.BODY + 14
    x = X0 + PAD
    for figure, painter in icons.FIGURE_ICONS.items():
        n = multipliers.get(figure)
        n = n if isinstance(n, int) else 0
        times = f"×{number(ctx, n)}"
        name = ctx.t(f"stoneage.figure.{figure}")
        times_w = Canvas.measure(times, Size.HEADING, "bold")
        width = 58 + times_w + 12 + Canvas.measure(name, Size.SMALL)
        if x + width > X1 - PAD and x > X0 + PAD:
            x = X0 + PAD
            y += _ROW_H
        c.symbol(painter, (x, y + 4), 48, look.CARD_BODY["sand"] if n else theme.BORDER)
        fill = theme.TEXT if n else theme.MUTED
        c.text((x + 58, y + 28), times, size=Size.HEADING, weight="bold", fill=fill, anchor="lm")
        name_x = x + 58 + times_w + 12
        c.text((name_x, y + 28), name, size=Size.SMALL, fill=theme.MUTED, anchor="lm")
        x += width + 44
    y += _ROW_H + PAD
    symbols = private.get("symbols")
    symbols = symbols if isinstance(symbols, Mapping) else {}
    owned = [(s, symbols.get(s)) for s in icons.SYMBOL_ICONS if symbols.get(s)]
    title = ctx.t("render.stoneage.symbols", count=len(owned))
    c.text((X0 + PAD, y), title, size=Size.BODY, weight="bold")
    y += Size.BODY + 14
    x = X0 + PAD
    for symbol, n in owned:
        name = ctx.t(f"stoneage.symbol.{symbol}")
        label = f"{name} ×{number(ctx, n)}" if isinstance(n, int) and n > 1 else name
        width = 56 + Canvas.measure(label, Size.SMALL, "semibold") + 28
        if x + width > X1 - PAD and x > X0 + PAD:  # eight symbols take two lines
            x = X0 + PAD
            y += _ROW_H
        c.symbol(icons.SYMBOL_ICONS[symbol], (x, y + 4), 48, (150, 214, 150))
        c.text((x + 56, y + 28), label, size=Size.SMALL, weight="semibold", anchor="lm")
        x += width
    if not owned:
        c.text((x, y + 28), "–", size=Size.HEADING, fill=theme.MUTED, anchor="lm")
    y += _ROW_H + PAD
    c.box((X0, top, X1, y), None, outline=theme.BORDER, width=2)
    return y + 2 * theme.GAP
