"""The legend under the map: every terrain, piece, mood and unit drawn by itself.

It is wordless for now: an entry gets a label only when the catalogue has its key
``render.clash.legend.<key>`` (:data:`KEYS`; none exists yet), so the words can come later
without a new layout. Entries flow into rows; a group (terrains, city pieces, moods, units,
barbarians) starts a new row rather than break, when it fits in one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import locales
from render import theme
from render.canvas import Canvas
from render.clash import look, terrain
from render.clash.geometry import SQRT3
from render.clash.icons import MOODS, UNITS
from render.clash.pieces import draw_icon, draw_mood, piece_icon
from render.context import Ctx

__all__ = ["KEYS", "draw_legend", "legend_height"]

#: The entries' keys, by group.
KEYS: tuple[tuple[str, ...], ...] = (
    ("fertile", "forest", "mountain", "barren", "sea", "face_down"),
    ("settlement", "temple", "fortress", "academy", "port"),
    ("happy", "neutral", "angry"),
    ("army", "settler", "ship"),
    ("barbarian_city", "barbarian_army"),
)
#: Legend tiles are this much of the map's hex radius.
_TILE = 0.66

#: Draws an entry with its left edge at x, centred on y.
_Draw = Callable[[Canvas, float, float], object]


@dataclass(frozen=True, slots=True)
class _Entry:
    key: str
    width: int
    draw: _Draw
    first: bool  # of its group
    label: str = ""


def _ground(kind: str | None, sz: look.Sizes) -> tuple[int, _Draw]:
    rgb, alpha = terrain.tile(kind, _TILE * sz.radius)

    def draw(c: Canvas, x: float, y: float) -> None:
        c.image.paste(rgb, (round(x), round(y - rgb.height / 2)), alpha)
        if kind is None:
            c.text(
                (x + rgb.width / 2, y),
                "?",
                size=sz.question,
                weight="bold",
                fill=look.BACK_MARK,
                anchor="mm",
            )

    return rgb.width, draw


def _piece(key: str, sz: look.Sizes) -> tuple[int, _Draw]:
    if key in MOODS:
        return sz.settlement, lambda c, x, y: draw_mood(
            c, key, (x + sz.settlement / 2, y), sz.settlement
        )
    barbarian = key.startswith("barbarian")
    fill, rim = (
        (look.BARBARIAN, look.BARBARIAN_RIM) if barbarian else (look.NEUTRAL_PIECE, theme.INK_DARK)
    )
    if key in UNITS or key == "barbarian_army":
        icon, size = UNITS.get(key, UNITS["army"]), sz.token
    else:
        icon = piece_icon(key)
        size = sz.settlement if key in ("settlement", "barbarian_city") else sz.token
    return size, lambda c, x, y: draw_icon(c, icon, (x + size / 2, y), size, fill, rim)


def _entries(ctx: Ctx, sz: look.Sizes, minimum: int) -> list[_Entry]:
    gap = _gaps(sz)[0]
    out = []
    for k, group in enumerate(KEYS):
        for i, key in enumerate(group):
            if k == 0:
                width, draw = _ground(None if key == "face_down" else key, sz)
            else:
                width, draw = _piece(key, sz)
            label = _label(ctx, key)
            if label:
                width += gap + Canvas.measure(label, minimum)
            out.append(_Entry(key, width, draw, i == 0, label))
    return out


def _label(ctx: Ctx, key: str) -> str:
    full = f"render.clash.legend.{key}"
    return ctx.t(full) if locales.has(ctx.lang, full) else ""


def _gaps(sz: look.Sizes) -> tuple[int, int]:
    """Between entries, and before a group."""
    return round(0.14 * sz.radius), round(0.5 * sz.radius)


def _rows(ctx: Ctx, sz: look.Sizes, minimum: int) -> list[list[_Entry]]:
    gap, group_gap = _gaps(sz)
    limit = look.WIDTH - 2 * look.MARGIN
    entries = _entries(ctx, sz, minimum)
    rows: list[list[_Entry]] = [[]]
    used = 0
    for i, entry in enumerate(entries):
        space = (group_gap if entry.first else gap) if rows[-1] else 0
        if entry.first and rows[-1]:
            group = _group_width(entries[i:], gap)
            if used + space + group > limit >= group:
                rows.append([])
                used, space = 0, 0
        if rows[-1] and used + space + entry.width > limit:
            rows.append([])
            used, space = 0, 0
        rows[-1].append(entry)
        used += space + entry.width
    return rows


def _group_width(entries: list[_Entry], gap: int) -> int:
    """The width of the group that starts ``entries``."""
    width = entries[0].width
    for entry in entries[1:]:
        if entry.first:
            break
        width += gap + entry.width
    return width


def _row_height(sz: look.Sizes) -> int:
    return round(_TILE * sz.radius * SQRT3) + 16


def legend_height(ctx: Ctx, sz: look.Sizes, minimum: int) -> int:
    return len(_rows(ctx, sz, minimum)) * _row_height(sz)


def draw_legend(c: Canvas, ctx: Ctx, sz: look.Sizes, y: int, minimum: int) -> int:
    """The legend from ``y`` down; returns the bottom of its last row."""
    gap, group_gap = _gaps(sz)
    row_h = _row_height(sz)
    for row in _rows(ctx, sz, minimum):
        x, mid = float(look.MARGIN), y + row_h / 2
        for i, entry in enumerate(row):
            if i:
                x += group_gap if entry.first else gap
            entry.draw(c, x, mid)
            if entry.label:
                c.text(
                    (x + entry.width - Canvas.measure(entry.label, minimum), mid),
                    entry.label,
                    size=minimum,
                    anchor="lm",
                    fill=theme.MUTED,
                )
            x += entry.width
        y += row_h
    return y
