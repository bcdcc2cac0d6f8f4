"""The legend under the map: every terrain, piece, mood and unit drawn by itself, named.

Each entry is labelled with the catalogue's ``render.clash.legend.<key>`` (:data:`KEYS`), in
text of the phone rule's size (an entry without a key would stand alone). Entries flow into
rows like words, a wider gap before each group (terrains, city pieces, moods, units,
barbarians); a row is as tall as its tallest icon. It never changes within a game, so it is
a layer (:mod:`render.layers`) cached per language and size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

import locales
from render import theme
from render.canvas import Canvas
from render.clash import look, terrain
from render.clash.icons import MOODS, UNITS
from render.clash.pieces import draw_icon, draw_mood, piece_icon
from render.context import Ctx
from render.layers import Layers

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
_TILE = 0.33
#: Room above and below a legend row's tallest entry, in all.
_ROW_PAD = 10
#: Legend layers, per language and map size.
_LEGENDS = Layers(8)

#: Draws an entry with its left edge at x, centred on y.
_Draw = Callable[[Canvas, float, float], object]


@dataclass(frozen=True, slots=True)
class _Entry:
    key: str
    width: int
    height: int
    draw: _Draw
    first: bool  # of its group
    label: str = ""


def _ground(kind: str | None, sz: look.Sizes) -> tuple[int, int, _Draw]:
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

    return rgb.width, rgb.height, draw


def _piece(key: str, sz: look.Sizes) -> tuple[int, int, _Draw]:
    if key in MOODS:
        return (
            sz.settlement,
            sz.settlement,
            lambda c, x, y: draw_mood(c, key, (x + sz.settlement / 2, y), sz.settlement),
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
    return size, size, lambda c, x, y: draw_icon(c, icon, (x + size / 2, y), size, fill, rim)


def _entries(ctx: Ctx, sz: look.Sizes, minimum: int) -> list[_Entry]:
    gap = _gaps(sz)[0]
    out = []
    for k, group in enumerate(KEYS):
        for i, key in enumerate(group):
            if k == 0:
                width, height, draw = _ground(None if key == "face_down" else key, sz)
            else:
                width, height, draw = _piece(key, sz)
            label = _label(ctx, key)
            if label:
                width += gap + Canvas.measure(label, minimum)
                height = max(height, minimum)
            out.append(_Entry(key, width, height, draw, i == 0, label))
    return out


def _label(ctx: Ctx, key: str) -> str:
    full = f"render.clash.legend.{key}"
    return ctx.t(full) if locales.has(ctx.lang, full) else ""


def _gaps(sz: look.Sizes) -> tuple[int, int]:
    """Between entries, and before a group."""
    return round(0.14 * sz.radius), round(0.5 * sz.radius)


def _rows(ctx: Ctx, sz: look.Sizes, minimum: int) -> list[list[_Entry]]:
    """The entries flowing into rows as words do, a wider gap before each group."""
    gap, group_gap = _gaps(sz)
    limit = look.WIDTH - 2 * look.MARGIN
    rows: list[list[_Entry]] = [[]]
    used = 0
    for entry in _entries(ctx, sz, minimum):
        space = (group_gap if entry.first else gap) if rows[-1] else 0
        if rows[-1] and used + space + entry.width > limit:
            rows.append([])
            used, space = 0, 0
        rows[-1].append(entry)
        used += space + entry.width
    return rows


def _row_height(row: list[_Entry]) -> int:
    """A row is as tall as its tallest entry, and a little more."""
    return max(entry.height for entry in row) + _ROW_PAD


def legend_height(ctx: Ctx, sz: look.Sizes, minimum: int) -> int:
    return sum(_row_height(row) for row in _rows(ctx, sz, minimum))


def draw_legend(c: Canvas, ctx: Ctx, sz: look.Sizes, y: int, minimum: int) -> int:
    """The legend from ``y`` down, on rows of the canvas still blank; returns the bottom of its
    last row. It reads only the language of ``ctx``, hence the key."""
    height = legend_height(ctx, sz, minimum)

    def draw() -> Image.Image:
        layer = Canvas(c.width, height)
        _draw_rows(layer, ctx, sz, 0, minimum)
        return layer.image

    c.image.paste(_LEGENDS.get((ctx.lang, sz, minimum, c.width), draw), (0, y))
    return y + height


def _draw_rows(c: Canvas, ctx: Ctx, sz: look.Sizes, y: int, minimum: int) -> int:
    gap, group_gap = _gaps(sz)
    for row in _rows(ctx, sz, minimum):
        row_h = _row_height(row)
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
