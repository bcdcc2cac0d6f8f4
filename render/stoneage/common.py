"""What the Stone Age table and hand share: labels, seat markers, dice, tools and cards."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

import locales
from render import theme
from render.canvas import Canvas
from render.context import Ctx
from render.stoneage import icons, look
from render.stoneage.look import Size

__all__ = [
    "CARDS_PER_ROW",
    "CARD_H",
    "CARD_W",
    "CardFace",
    "card_face",
    "card_image",
    "card_row_height",
    "draw_any_resource",
    "draw_cards",
    "draw_die",
    "draw_marker",
    "draw_tool_tile",
    "good_name",
    "location_name",
    "number",
]

CARD_W = 325
CARD_H = 264
CARDS_PER_ROW = 4
_BAND_H = 74
_PLATE_INSET = 8
_EFFECT_ICON = 60
_LABEL_LINES = 2


def location_name(ctx: Ctx, location: str) -> str:
    """``Quarry`` / ``Kőfejtő``."""
    return ctx.t(f"stoneage.location.{location}")


def good_name(ctx: Ctx, good: str) -> str:
    """A resource or ``food``."""
    return ctx.t(f"stoneage.resource.{good}")


def number(ctx: Ctx, value: Any) -> str:
    """An int from the view as text (``?`` for anything else)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return ctx.number(value)
    return "?"


# Small pieces ---------------------------------------------------------------------------------


def draw_marker(c: Canvas, seat: int, xy: tuple[int, int], size: int) -> None:
    """A seat's marker (its colour and shape) with a dark rim, readable on any background."""
    x, y = xy
    shape = theme.player_shape(seat)
    c.symbol(shape, (x - 3, y - 3), size + 6, theme.INK_DARK)
    c.symbol(shape, (x, y), size, theme.player_colour(seat))


def draw_die(c: Canvas, face: int, xy: tuple[int, int], size: int) -> None:
    """A die showing ``face`` (a plain square for a value out of 1-6)."""
    x, y = xy
    c.box((x, y, x + size, y + size), look.DIE_FACE, radius=max(4, size // 6))
    if face in icons.PIPS:
        c.symbol(icons.PIPS[face], (x, y), size, look.DIE_PIPS)


def draw_tool_tile(
    c: Canvas, value: int, xy: tuple[int, int], size: int, *, used: bool = False
) -> None:
    """A tool tile with its value; a used one is dimmed and struck through."""
    x, y = xy
    fill = theme.CELL if used else look.TOOL_TILE
    c.box((x, y, x + size, y + size), fill, radius=8)
    c.symbol(icons.TOOL, (x + 4, y + 4), size // 2 - 2, theme.MUTED if used else theme.INK_DARK)
    c.text(
        (x + size - 6, y + size - 2),
        str(value),
        size=max(Size.SMALL, size * 3 // 5),  # never under the phone minimum
        weight="bold",
        fill=theme.MUTED if used else theme.INK_DARK,
        anchor="rd",
    )
    if used:
        c.draw.line((x + 6, y + size - 6, x + size - 6, y + 6), fill=theme.MUTED, width=3)


def draw_any_resource(c: Canvas, xy: tuple[int, int], size: int) -> None:
    """The four resources, small, two by two: "any resource"."""
    x, y = xy
    half = size // 2
    for i, good in enumerate(look.RESOURCES):
        dx, dy = (i % 2) * half, (i // 2) * half
        c.symbol(look.icon_of(good), (x + dx, y + dy), half, look.colour_of(good))


# Civilization cards ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardFace:
    """What a civilization card shows (hashable, so its picture can be cached)."""

    id: str
    color: str
    symbol: str | None
    figure: str | None
    multiplier: int | None
    effect: str
    amount: int
    resource: str | None


def card_face(card: Mapping[str, Any]) -> CardFace:
    """A card of the view (``display[].card``) as a :class:`CardFace`."""
    effect: Mapping[str, Any] = card.get("effect") or {}
    amount = effect.get("amount")
    multiplier = card.get("multiplier")
    return CardFace(
        id=str(card.get("id", "")),
        color="sand" if card.get("color") == "sand" else "green",
        symbol=_text_or_none(card.get("symbol")),
        figure=_text_or_none(card.get("figure")),
        multiplier=multiplier if isinstance(multiplier, int) else None,
        effect=str(effect.get("kind", "")),
        amount=amount if isinstance(amount, int) else 1,
        resource=_text_or_none(effect.get("resource")),
    )


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def card_image(lang: str, face: CardFace) -> Image.Image:
    """The card picture (``CARD_W`` x ``CARD_H``) on the page background, drawn once."""
    return _card_image(locales.normalize(lang), face)


@functools.lru_cache(maxsize=256)
def _card_image(lang: str, face: CardFace) -> Image.Image:
    """Drawn once per language and face: the texts inside are labels, never seat names."""
    ctx = Ctx(lang, (), ())
    w, h = CARD_W, CARD_H
    body = look.CARD_BODY[face.color]
    band = look.CARD_BAND[face.color]
    card = Canvas(w, h)
    card.box((0, 0, w - 1, h - 1), body, radius=16)
    # What the card gives at once, on a dark plate so goods keep their own colours.
    plate = (_PLATE_INSET, _PLATE_INSET, w - 1 - _PLATE_INSET, h - _BAND_H - 4)
    card.box(plate, theme.PANEL, radius=12)
    _draw_effect(card, ctx, face, plate)
    # What it scores at the end, on the darker band.
    top = h - _BAND_H
    card.draw.rectangle((0, top, w - 1, h - 1 - 16), fill=band)
    card.box((0, top, w - 1, h - 1), band, radius=16)
    _draw_scoring(card, ctx, face, (top, h - 1), theme.ink_on(band))
    return card.image


def _effect_pieces(face: CardFace) -> list[tuple[str, Any]]:
    """The top effect as a row of pieces: ``("text", s)``, ``("icon", (painter, colour))``,
    ``("tool", value)`` (a tool tile), ``("die", None)`` or ``("any", None)`` (the four
    resources)."""
    plus = f"+{face.amount}"
    kind = face.effect
    if kind in ("food", "resource"):
        good = "food" if kind == "food" else face.resource or "wood"
        return [("text", plus), ("icon", (look.icon_of(good), look.colour_of(good)))]
    if kind == "points":
        return [("text", plus), ("icon", ("star", theme.ACCENT))]
    if kind == "agriculture":
        return [("text", plus), ("icon", (icons.FIELD, look.colour_of("agriculture")))]
    if kind == "tool":
        return [("text", plus), ("icon", (icons.TOOL, look.TOOL_TILE))]
    if kind == "one_use_tool":
        return [("tool", face.amount)]
    if kind == "dice_for_all":
        return [("die", None), ("die", None), ("die", None)]
    if kind == "dice":
        good = face.resource or "wood"
        return [
            ("text", str(face.amount)),
            ("die", None),
            ("text", "→"),
            ("icon", (look.icon_of(good), look.colour_of(good))),
        ]
    if kind == "extra_card":
        return [("text", plus), ("icon", ("card", theme.TEXT))]
    if kind == "choice":
        return [("text", plus), ("any", None)]
    return [("text", "?")]


def _effect_label(ctx: Ctx, face: CardFace, room: int) -> str:
    """The effect's name (for goods the good's name, capitalised: it stands alone); a name
    too long for the card gives way to the shorter ``render.stoneage.effect_short`` one."""
    if face.effect in ("food", "resource"):
        name = good_name(ctx, "food" if face.effect == "food" else face.resource or "")
        return name[:1].upper() + name[1:]
    params = {"amount": face.amount, "count": face.amount, "resource": face.resource}
    label = ctx.t(f"stoneage.effect.{face.effect}", **params)
    short = f"render.stoneage.effect_short.{face.effect}"
    if Canvas.measure(label, Size.SMALL, "semibold") > room and locales.has(ctx.lang, short):
        return ctx.t(short, **params)
    return label


def _draw_effect(c: Canvas, ctx: Ctx, face: CardFace, plate: tuple[int, int, int, int]) -> None:
    """The pieces centred in the plate, the effect's name under them (on two lines if need
    be)."""
    x0, y0, x1, y1 = plate
    icon = _EFFECT_ICON
    pieces = _effect_pieces(face)
    widths = []
    for kind, value in pieces:
        if kind == "text":
            widths.append(Canvas.measure(value, Size.COUNT, "bold"))
        else:
            widths.append(icon)
    gap = 12
    x = (x0 + x1 - (sum(widths) + gap * (len(pieces) - 1))) // 2
    mid = y0 + 16 + icon // 2
    for (kind, value), width in zip(pieces, widths, strict=True):
        top = mid - icon // 2
        if kind == "text":
            c.text((x, mid), value, size=Size.COUNT, weight="bold", anchor="lm")
        elif kind == "icon":
            painter, colour = value
            c.symbol(painter, (x, top), icon, colour)
        elif kind == "die":
            draw_die(c, 5, (x + 6, top + 6), icon - 12)
        elif kind == "tool":
            draw_tool_tile(c, value, (x, top), icon)
        else:
            draw_any_resource(c, (x, top), icon)
        x += width + gap
    room = x1 - x0 - 12
    label = _effect_label(ctx, face, room)
    lines = Canvas.wrap(label, Size.SMALL, "semibold", room, _LABEL_LINES)
    step = Size.SMALL + 4
    for i, line in enumerate(lines):
        c.text(
            ((x0 + x1) // 2, y1 - 8 - (len(lines) - 1 - i) * step),
            line,
            size=Size.SMALL,
            weight="semibold",
            fill=theme.TEXT,
            anchor="md",
        )


def _draw_scoring(
    c: Canvas, ctx: Ctx, face: CardFace, rows: tuple[int, int], ink: theme.Colour
) -> None:
    """Green cards: the culture symbol and its name; sand cards: the figure, ×multiplier."""
    top, bottom = rows
    mid = (top + bottom) // 2
    x = 14
    if face.figure is not None:
        painter = icons.FIGURE_ICONS.get(face.figure, icons.PERSON)
        c.symbol(painter, (x, mid - 20), 40, ink)
        x += 44
        times = f"×{face.multiplier or 1}"
        x += c.text((x, mid), times, size=Size.HEADING, weight="bold", fill=ink, anchor="lm") + 6
        name = ctx.t(f"stoneage.figure.{face.figure}")
    else:
        symbol = face.symbol or ""
        painter = icons.SYMBOL_ICONS.get(symbol, icons.DIE)
        c.symbol(painter, (x, mid - 24), 48, ink)
        x += 60
        name = ctx.t(f"stoneage.symbol.{symbol}")
    room = CARD_W - 10 - x
    if Canvas.measure(name, Size.BODY, "semibold") <= room:
        c.text((x, mid), name, size=Size.BODY, weight="semibold", fill=ink, anchor="lm")
        return
    # Too long for one line at the body size: the smallest size, on two lines if need be,
    # hyphenated ("szerszámké-" "szítő").
    lines = Canvas.wrap(name, Size.SMALL, "semibold", room, 2, lang=ctx.lang)
    for i, line in enumerate(lines):
        y = mid + (2 * i - len(lines) + 1) * Size.SMALL // 2
        c.text((x, y), line, size=Size.SMALL, weight="semibold", fill=ink, anchor="lm")


def card_row_height(count: int) -> int:
    """Pixels taken by ``count`` cards laid out by :func:`draw_cards`."""
    rows = max(1, -(-count // CARDS_PER_ROW))
    return rows * (CARD_H + theme.GAP)


def draw_cards(c: Canvas, ctx: Ctx, faces: Sequence[CardFace], xy: tuple[int, int]) -> int:
    """Cards left to right, :data:`CARDS_PER_ROW` to a row; returns the y below them."""
    x0, y = xy
    for i, face in enumerate(faces):
        row, col = divmod(i, CARDS_PER_ROW)
        c.image.paste(
            card_image(ctx.lang, face),
            (x0 + col * (CARD_W + theme.GAP), y + row * (CARD_H + theme.GAP)),
        )
    return y + card_row_height(len(faces))
