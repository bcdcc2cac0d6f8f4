"""The shared board: the eight locations, the four civilization cards and the building stacks.

Everything is laid out on one grid of four columns, so the card spaces and the building
stacks line up under the locations.

A move changes a location or a space or two, so each location, card space and building stack
is a layer (:mod:`render.layers`) keyed on exactly what it shows (language, people, card,
tile, who stands there, height).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from PIL import Image

from render import theme
from render.canvas import Canvas
from render.context import Ctx
from render.layers import Layers
from render.sections import X0, X1
from render.stoneage import look
from render.stoneage.common import (
    CARD_H,
    CARD_W,
    card_face,
    card_image,
    draw_any_resource,
    draw_marker,
    location_name,
    number,
)
from render.stoneage.look import Size
from rules.stoneage import data
from rules.stoneage.views import StoneAgeBuilding, StoneAgeView

__all__ = [
    "COL_W",
    "column_x",
    "draw_buildings",
    "draw_display",
    "draw_locations",
    "locations_height",
    "supply_height",
]

COL_W = CARD_W
_STRIP_H = 56
_ENTRY_H = 54
_ENTRY_W = 100
_BODY_PAD = 14
_CAPACITY_W = 84
_SLOT_HEAD = 54
_MARKER = 34
_CLOSED_LINE_H = Size.SMALL + 6
_TILE_H = 200
_STACK_STEP = 6
_STACK_LAYERS = 3
# People a location holds (None = unlimited), by location token.
_CAPACITY: dict[str, int | None] = {data.LOCATIONS[i]: n for i, n in data.CAPACITY.items()}

#: Locations (about 250 KB each): the eight of the latest pictures, and some.
_LOCATIONS = Layers(24)
#: Card spaces and building stacks with their heads (about 420 KB each).
_SPACES = Layers(24)


class _Location(NamedTuple):
    """Everything a location shows: the key of its layer."""

    lang: str
    loc: str
    people: tuple[Any, ...]
    open_now: bool
    height: int


class _Space(NamedTuple):
    """Everything a card space or building stack shows under the section's title: the key
    of its layer (``face`` a :class:`CardFace` or :class:`_TileFace`, None when empty)."""

    lang: str
    head: str
    person: int | None
    face: Any
    layers: int


def column_x(col: int) -> int:
    """Left edge of grid column ``col`` (0-3)."""
    return X0 + col * (COL_W + theme.GAP)


def _entries_per_row() -> int:
    return max(1, (COL_W - 2 * _BODY_PAD - _CAPACITY_W) // _ENTRY_W)


def _closed_lines(ctx: Ctx) -> list[str]:
    """Why a village place is closed, on at most two lines of its body."""
    room = COL_W - 2 * _BODY_PAD
    return Canvas.wrap(ctx.t("render.stoneage.blocked"), Size.SMALL, "semibold", room, 2)


def _location_rows(ctx: Ctx, view: StoneAgeView, loc: str) -> int:
    """Rows of people entries the location needs (a closed one: as many as its sentence)."""
    if (view.get("usable") or {}).get(loc, True) is False:
        return -(-len(_closed_lines(ctx)) * _CLOSED_LINE_H // _ENTRY_H)
    entries = sum(1 for n in view["locations"].get(loc) or [] if n)
    return max(1, -(-entries // _entries_per_row()))


def locations_height(ctx: Ctx, view: StoneAgeView) -> int:
    """Pixels :func:`draw_locations` takes."""
    height = 0
    for half in (look.LOCATIONS[:4], look.LOCATIONS[4:]):
        rows = max(_location_rows(ctx, view, loc) for loc in half)
        height += _STRIP_H + 2 * _BODY_PAD + rows * _ENTRY_H + theme.GAP
    return height + theme.GAP


def supply_height() -> int:
    """Pixels :func:`draw_display` and :func:`draw_buildings` take together."""
    display = Size.BODY + 14 + _SLOT_HEAD + CARD_H + 2 * theme.GAP
    buildings = Size.BODY + 14 + _SLOT_HEAD + _TILE_H + _STACK_LAYERS * _STACK_STEP + theme.GAP
    return display + buildings


# Locations ------------------------------------------------------------------------------------


def draw_locations(c: Canvas, ctx: Ctx, view: StoneAgeView, y: int) -> int:
    """Two rows of four locations: name, people of each seat, people / capacity."""
    usable: Mapping[str, Any] = view.get("usable") or {}
    for half in (look.LOCATIONS[:4], look.LOCATIONS[4:]):
        people = [list(view["locations"].get(loc) or []) for loc in half]
        rows = max(_location_rows(ctx, view, loc) for loc in half)
        height = _STRIP_H + 2 * _BODY_PAD + rows * _ENTRY_H
        for col, (loc, here) in enumerate(zip(half, people, strict=True)):
            key = _Location(ctx.lang, loc, tuple(here), usable.get(loc, True) is not False, height)
            layer = _LOCATIONS.get(key, functools.partial(_location_image, key))
            c.image.paste(layer, (column_x(col), y))
        y += height + theme.GAP
    return y + theme.GAP


def _location_image(key: _Location) -> Image.Image:
    """One location on the page's background: a strip with its pictogram and name, then its
    people (or why it is closed this round)."""
    ctx = Ctx(key.lang, (), ())
    c = Canvas(COL_W + 1, key.height + 1)
    _draw_location(c, ctx, key.loc, key.people, key.open_now, (0, 0), key.height)
    return c.image


def _draw_location(
    c: Canvas,
    ctx: Ctx,
    loc: str,
    people: Sequence[int],
    open_now: bool,
    xy: tuple[int, int],
    height: int,
) -> None:
    """One location: a strip with its pictogram and name, then its people (or why it is
    closed this round)."""
    x, y = xy
    colour = look.colour_of(loc) if open_now else theme.BORDER
    ink = theme.ink_on(colour)
    c.box((x, y, x + COL_W, y + height), theme.PANEL)
    c.box((x, y, x + COL_W, y + _STRIP_H), colour)
    c.draw.rectangle((x, y + _STRIP_H - theme.RADIUS, x + COL_W, y + _STRIP_H), fill=colour)
    # A closed place shows the no-entry sign in its strip, leaving the body to the sentence.
    icon = look.LOCATION_ICONS[loc] if open_now else "no_entry"
    c.symbol(icon, (x + 10, y + (_STRIP_H - 34) // 2), 34, ink if open_now else theme.DANGER)
    c.text(
        (x + 52, y + _STRIP_H // 2),
        location_name(ctx, loc),
        size=Size.SMALL,
        weight="semibold",
        fill=ink,
        anchor="lm",
        max_width=COL_W - 60,
    )
    top = y + _STRIP_H + _BODY_PAD
    if not open_now:
        for i, line in enumerate(_closed_lines(ctx)):
            c.text(
                (x + _BODY_PAD, top + 4 + i * _CLOSED_LINE_H),
                line,
                size=Size.SMALL,
                weight="semibold",
                fill=theme.DANGER,
            )
        return
    per_row = _entries_per_row()
    shown = [(seat, n) for seat, n in enumerate(people) if n]
    for i, (seat, n) in enumerate(shown):
        row, col = divmod(i, per_row)
        ex, mid = x + _BODY_PAD + col * _ENTRY_W, top + row * _ENTRY_H + _ENTRY_H // 2
        draw_marker(c, seat, (ex, mid - 17), 34)
        c.text((ex + 46, mid), number(ctx, n), size=Size.HEADING, weight="bold", anchor="lm")
    capacity = _CAPACITY.get(loc)
    total = sum(n for n in people if isinstance(n, int))
    limit = "∞" if capacity is None else number(ctx, capacity)
    full = capacity is not None and total >= capacity
    c.text(
        (x + COL_W - _BODY_PAD, top + _ENTRY_H // 2),
        f"{number(ctx, total)}/{limit}",
        size=Size.SMALL,
        weight="semibold",
        fill=theme.ACCENT if full else theme.MUTED,
        anchor="rm",
    )


# Civilization cards ---------------------------------------------------------------------------


def draw_display(c: Canvas, ctx: Ctx, view: StoneAgeView, y: int) -> int:
    """The four card spaces as on the board: position 4 (dearest) left, position 1 right."""
    spaces = sorted(view.get("display") or [], key=lambda s: -int(s.get("position", 0)))
    title = ctx.t("render.stoneage.cards_title", count=view.get("deck", 0))
    c.text((X0, y), title, size=Size.BODY, weight="bold", max_width=X1 - X0)
    y += Size.BODY + 14
    for col, space in enumerate(spaces[:4]):
        cost = space.get("cost", space.get("position"))
        head = ctx.t("render.stoneage.card_cost", count=cost if isinstance(cost, int) else 0)
        card = space.get("card")
        face = card_face(card) if isinstance(card, Mapping) else None
        key = _Space(ctx.lang, head, _seat_or_none(space.get("person")), face, 0)
        c.image.paste(_SPACES.get(key, functools.partial(_card_space, key)), (column_x(col), y))
    return y + _SLOT_HEAD + CARD_H + 2 * theme.GAP


def _seat_or_none(person: Any) -> int | None:
    return person if isinstance(person, int) and not isinstance(person, bool) else None


def _card_space(key: _Space) -> Image.Image:
    """A card space on the page's background: its head, the card or why it is empty."""
    ctx = Ctx(key.lang, (), ())
    c = Canvas(COL_W + 1, _SLOT_HEAD + CARD_H + 1)
    _draw_slot_head(c, key.head, key.person, (0, 0))
    if key.face is not None:
        c.image.paste(card_image(ctx.lang, key.face), (0, _SLOT_HEAD))
    else:
        _draw_empty(
            c, ctx.t("render.stoneage.card_empty"), (0, _SLOT_HEAD, COL_W, c.image.height - 1)
        )
    return c.image


def _draw_slot_head(c: Canvas, text: str, person: Any, xy: tuple[int, int]) -> None:
    """The label over a card space or stack, and the marker of whoever stands on it."""
    x, y = xy
    room = COL_W - 4
    if isinstance(person, int) and not isinstance(person, bool):
        draw_marker(c, person, (x + COL_W - _MARKER - 3, y + 6), _MARKER)
        room -= _MARKER + 8
    c.text(
        (x + 2, y + (_SLOT_HEAD - 8) // 2),
        text,
        size=Size.SMALL,
        fill=theme.MUTED,
        anchor="lm",
        max_width=room,
    )


def _draw_empty(c: Canvas, text: str, rect: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = rect
    c.box(rect, None, outline=theme.BORDER, width=3, radius=16)
    lines = Canvas.wrap(text, Size.SMALL, "regular", x1 - x0 - 24, 4)
    step = Size.SMALL + 8
    for i, line in enumerate(lines):
        c.text(
            ((x0 + x1) // 2, (y0 + y1 - (len(lines) - 1) * step) // 2 + i * step),
            line,
            size=Size.SMALL,
            fill=theme.MUTED,
            anchor="mm",
        )


# Buildings ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _TileFace:
    kind: str
    cost: tuple[str, ...]
    points: int | None
    count: int
    kinds: int
    low: int
    high: int


def _tile_face(top: StoneAgeBuilding) -> _TileFace:
    def whole(key: str, default: int) -> int:
        value = top.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    points = top.get("points")
    return _TileFace(
        kind=str(top.get("kind", "")),
        cost=tuple(str(r) for r in top.get("cost") or ()),
        points=points if isinstance(points, int) else None,
        count=whole("count", 0),
        kinds=whole("kinds", 0),
        low=whole("min", 1),
        high=whole("max", 7),
    )


def draw_buildings(c: Canvas, ctx: Ctx, view: StoneAgeView, y: int) -> int:
    """Each stack: its number and tiles left, the top tile's cost and points, who stands on it."""
    stacks = list(view.get("buildings") or [])
    c.text((X0, y), ctx.t("render.stoneage.buildings_title"), size=Size.BODY, weight="bold")
    y += Size.BODY + 14
    for col, stack in enumerate(stacks[:4]):
        size = stack.get("size") if isinstance(stack.get("size"), int) else 0
        head = ctx.t("render.stoneage.stack", stack=stack.get("stack", col + 1), count=size)
        tile = stack.get("top")
        face = _tile_face(tile) if isinstance(tile, Mapping) and size else None
        key = _Space(ctx.lang, head, _seat_or_none(stack.get("person")), face, size - 1)
        c.image.paste(_SPACES.get(key, functools.partial(_stack, key)), (column_x(col), y))
    return y + _SLOT_HEAD + _TILE_H + _STACK_LAYERS * _STACK_STEP + theme.GAP


def _stack(key: _Space) -> Image.Image:
    """A building stack on the page's background: its head, the top tile over the edges of
    the tiles under it, or why it is empty."""
    ctx = Ctx(key.lang, (), ())
    c = Canvas(COL_W + 1, _SLOT_HEAD + _TILE_H + _STACK_LAYERS * _STACK_STEP + 1)
    _draw_slot_head(c, key.head, key.person, (0, 0))
    top, x = _SLOT_HEAD, 0
    if key.face is None:
        _draw_empty(c, ctx.t("render.stoneage.stack_empty"), (x, top, x + COL_W, top + _TILE_H))
        return c.image
    # The tiles under the top one, as edges peeking out below it.
    for layer in range(min(key.layers, _STACK_LAYERS), 0, -1):
        dy = layer * _STACK_STEP
        c.box((x + 4, top + dy, x + COL_W - 4, top + _TILE_H + dy), theme.BORDER, radius=16)
        c.draw.line(
            (x + 16, top + _TILE_H + dy - 1, x + COL_W - 16, top + _TILE_H + dy - 1),
            fill=look.BUILDING,
            width=2,
        )
    c.image.paste(_tile_image(ctx.lang, key.face), (x, top))
    return c.image


@functools.lru_cache(maxsize=128)
def _tile_image(lang: str, face: _TileFace) -> Image.Image:
    """A building tile: what it costs on a plate, what it scores on the band."""
    ctx = Ctx(lang, (), ())
    w, h = COL_W, _TILE_H
    band_h = 64
    tile = Canvas(w, h)
    tile.box((0, 0, w - 1, h - 1), look.BUILDING, radius=16)
    plate = (8, 8, w - 9, h - band_h - 4)
    tile.box(plate, theme.PANEL, radius=12)
    x0, y0, x1, y1 = plate
    mid = y0 + 44
    icon = 56
    if face.kind == "fixed":
        width = len(face.cost) * (icon + 10) - 10
        x = (x0 + x1 - width) // 2
        for good in face.cost:
            tile.symbol(look.icon_of(good), (x, mid - icon // 2), icon, look.colour_of(good))
            x += icon + 10
        label = ""
    else:
        amount = f"{face.count}×" if face.kind == "variable" else f"{face.low}–{face.high}×"
        width = Canvas.measure(amount, Size.HEADING, "bold") + 10 + icon
        x = (x0 + x1 - width) // 2
        x += tile.text((x, mid), amount, size=Size.HEADING, weight="bold", anchor="lm") + 10
        draw_any_resource(tile, (x, mid - icon // 2), icon)
        if face.kind == "variable":
            label = ctx.t("render.stoneage.building_kinds", count=face.kinds, total=face.count)
        else:
            label = ctx.t("render.stoneage.building_any")
    if label:
        tile.text(
            ((x0 + x1) // 2, y1 - 10),
            label,
            size=Size.SMALL,
            anchor="md",
            max_width=x1 - x0 - 12,
        )
    band_top = h - band_h
    ink = theme.INK_LIGHT
    tile.symbol("star", (16, band_top + 12), 40, theme.ACCENT)
    if face.points is not None:
        text = ctx.number(face.points)
        tile.text(
            (66, band_top + 32), text, size=Size.HEADING, weight="bold", fill=ink, anchor="lm"
        )
    else:
        tile.text(
            (66, band_top + 32),
            ctx.t("render.stoneage.building_value"),
            size=Size.BODY,
            weight="semibold",
            fill=ink,
            anchor="lm",
            max_width=w - 80,
        )
    return tile.image
