"""The final scoring of a finished game: one row per part, one column per player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import theme
from render.canvas import Canvas
from render.context import Ctx
from render.sections import PAD, X0, X1
from render.stoneage import icons, look
from render.stoneage.common import draw_any_resource, draw_marker, number
from render.stoneage.look import Size
from render.symbols import Painter
from rules.stoneage.views import StoneAgeView

__all__ = ["PARTS", "draw_scores", "scores_height"]

#: The parts of ``outcome.details.scores[]`` in the order of the score sheet, with their icons
#: (``None``: the four resources, drawn small).
PARTS: tuple[tuple[str, Painter | str | None, theme.Colour], ...] = (
    ("buildings", icons.HUT, look.colour_of("wood")),
    ("cards", "card", look.CARD_BODY["sand"]),
    ("penalties", "no_entry", theme.DANGER),
    ("green_sets", icons.SYMBOL_ICONS["pottery"], (150, 214, 150)),
    ("farmers", icons.FIELD, look.colour_of("agriculture")),
    ("tool_makers", icons.TOOL, look.TOOL_TILE),
    ("hut_builders", icons.HUT, look.CARD_BODY["sand"]),
    ("shamans", icons.PERSON, look.CARD_BODY["sand"]),
    ("resources", None, theme.TEXT),
)
_TIEBREAK_PARTS = ("agriculture", "tools", "people")
_ROW_H = 52
_HEAD_H = 60
_COLUMN_W = 200
_MARKER = 34


def _breakdown(view: StoneAgeView) -> list[Mapping[str, Any]]:
    outcome = view.get("outcome")
    if not isinstance(outcome, Mapping):
        return []
    scores = (outcome.get("details") or {}).get("scores")
    if not isinstance(scores, Sequence):
        return []
    return [s if isinstance(s, Mapping) else {} for s in scores]


def scores_height(view: StoneAgeView) -> int:
    """A height the score sheet cannot exceed (0 while the game runs)."""
    if not _breakdown(view):
        return 0
    rows = len(PARTS) + 1 + len(_TIEBREAK_PARTS)
    return Size.BODY + 14 + _HEAD_H + rows * _ROW_H + 2 * PAD + theme.GAP


def draw_scores(c: Canvas, ctx: Ctx, view: StoneAgeView, y: int) -> int:
    """The score sheet: points earned during the game, then the final scoring, then totals;
    the tie-break values when a tie-break decided."""
    sheet = _breakdown(view)
    if not sheet:
        return y
    c.text((X0, y), ctx.t("render.stoneage.scores_title"), size=Size.BODY, weight="bold")
    y += Size.BODY + 14
    top = y
    x_label = X0 + PAD
    col_w = _COLUMN_W if len(sheet) > 2 else 2 * _COLUMN_W
    label_w = X1 - X0 - 2 * PAD - len(sheet) * col_w
    right_of = [x_label + label_w + (i + 1) * col_w for i in range(len(sheet))]
    y += PAD
    for i, right in enumerate(right_of):
        mid = y + _HEAD_H // 2
        name_w = Canvas.measure(ctx.name(i), Size.BODY, "bold")
        width = min(name_w, col_w - _MARKER - 24)
        draw_marker(c, i, (right - width - _MARKER - 12, mid - _MARKER // 2), _MARKER)
        c.text(
            (right, mid),
            ctx.name(i),
            size=Size.BODY,
            weight="bold",
            anchor="rm",
            max_width=col_w - _MARKER - 24,
        )
    y += _HEAD_H
    outcome = view["outcome"]
    tiebreak = None if outcome is None else outcome["tiebreak"]
    rows: list[tuple[str, Painter | str | None, theme.Colour, list[Any], bool]] = [
        (ctx.t(f"render.stoneage.score.{part}"), icon, colour, [s.get(part) for s in sheet], False)
        for part, icon, colour in PARTS
    ]
    rows.append(
        (
            ctx.t("render.stoneage.score.total"),
            "star",
            theme.ACCENT,
            [s.get("total") for s in sheet],
            True,
        )
    )
    if tiebreak in (*_TIEBREAK_PARTS, "sum"):
        for part in _TIEBREAK_PARTS:
            values = [(s.get("tiebreak") or {}).get(part) for s in sheet]
            rows.append(
                (ctx.t(f"render.stoneage.score.tiebreak_{part}"), None, theme.MUTED, values, False)
            )
    for i, (label, icon, colour, values, total) in enumerate(rows):
        mid = y + _ROW_H // 2
        if total:
            c.draw.line((X0 + PAD, y, X1 - PAD, y), fill=theme.BORDER, width=2)
        elif i % 2 == 0:
            c.draw.rectangle((X0 + 4, y, X1 - 4, y + _ROW_H), fill=theme.PANEL)
        if icon is None and colour == theme.TEXT:
            draw_any_resource(c, (x_label, mid - 20), 40)
        elif icon is not None:
            c.symbol(icon, (x_label, mid - 20), 40, colour)
        c.text(
            (x_label + 54, mid),
            label,
            size=Size.BODY,
            weight="bold" if total else "regular",
            fill=theme.TEXT if icon is not None or colour == theme.TEXT else theme.MUTED,
            anchor="lm",
            max_width=label_w - 66,
        )
        for value, right in zip(values, right_of, strict=True):
            c.text(
                (right, mid),
                number(ctx, value),
                size=Size.HEADING if total else Size.BODY,
                weight="bold" if total else "semibold",
                fill=theme.ACCENT if total else _value_colour(value),
                anchor="rm",
            )
        y += _ROW_H
    y += PAD
    c.box((X0, top, X1, y), None, outline=theme.BORDER, width=2)
    return y + theme.GAP


def _value_colour(value: Any) -> theme.Colour:
    if isinstance(value, int) and value < 0:
        return theme.DANGER
    return theme.TEXT if value else theme.MUTED
