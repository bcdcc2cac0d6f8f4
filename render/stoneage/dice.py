"""The dice: the last roll (faces, tools added, total, what it gave) and "dice for all"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import theme
from render.canvas import Canvas
from render.context import Ctx
from render.sections import PAD, X0, X1
from render.stoneage import look
from render.stoneage.common import draw_die, draw_marker, draw_tool_tile, location_name, number
from render.stoneage.look import Size
from rules.stoneage.views import StoneAgeRoll, StoneAgeView

__all__ = ["dice_height", "draw_dice_for_all", "draw_roll"]

_DIE = 58  # a tool tile this big writes its value at the phone minimum
_ROW_H = 72
_TITLE_H = 54
_ICON = 48
_MARKER = 34
_ONE_USE: theme.Colour = (150, 132, 196)


def dice_height(view: StoneAgeView) -> int:
    """A height the two dice panels cannot exceed."""
    height = 0
    roll = view.get("dice")
    if isinstance(roll, Mapping):
        pieces = len(roll.get("dice") or []) + len(roll.get("tools") or []) + 8
        pieces += len(roll.get("one_use") or [])
        height += _TITLE_H + (pieces // 10 + 1) * _ROW_H + 2 * PAD + theme.GAP
    if isinstance(view.get("dice_for_all"), Mapping):
        height += _TITLE_H + 3 * _ROW_H + 2 * PAD + theme.GAP + 10
    return height


def _seat(value: Any) -> int | None:
    """A seat index from the view, or None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _title(c: Canvas, ctx: Ctx, label: str, seat: Any, rest: str, y: int) -> int:
    """``label``, a seat's marker and name, then ``rest``; returns the x after them."""
    x = X0 + PAD
    mid = y + _TITLE_H // 2
    x += c.text((x, mid), label, size=Size.BODY, weight="bold", anchor="lm") + 16
    if _seat(seat) is not None:
        draw_marker(c, seat, (x, mid - _MARKER // 2), _MARKER)
        x += _MARKER + 12
        name = ctx.name(seat)
        x += c.text((x, mid), name, size=Size.BODY, weight="bold", anchor="lm", max_width=420)
        x += 12
    if rest:
        x += c.text(
            (x, mid), rest, size=Size.BODY, fill=theme.MUTED, anchor="lm", max_width=X1 - PAD - x
        )
    return x


def _where(ctx: Ctx, roll: StoneAgeRoll) -> str:
    where = str(roll.get("where", ""))
    if where == "card":
        card = roll.get("card")
        return ctx.t(f"stoneage.card.{card}") if card else ctx.t("render.stoneage.roll_card")
    return location_name(ctx, where)


class _Flow:
    """Pieces left to right on rows ``_ROW_H`` high, wrapping at the panel's edge."""

    def __init__(self, c: Canvas, y: int) -> None:
        self.c = c
        self.x = X0 + PAD
        self.y = y

    def room(self, width: int) -> tuple[int, int]:
        """The top-left corner for a piece ``width`` wide (on a new row if needed)."""
        if self.x + width > X1 - PAD and self.x > X0 + PAD:
            self.x = X0 + PAD
            self.y += _ROW_H
        x = self.x
        self.x += width + 12
        return x, self.y

    def text(self, text: str, *, fill: theme.Colour = theme.TEXT, size: int = Size.HEADING) -> None:
        width = Canvas.measure(text, size, "bold")
        x, y = self.room(width)
        self.c.text((x, y + _ROW_H // 2), text, size=size, weight="bold", fill=fill, anchor="lm")

    def die(self, face: int) -> None:
        x, y = self.room(_DIE)
        draw_die(self.c, face, (x, y + (_ROW_H - _DIE) // 2), _DIE)

    def tool(self, value: int, colour: theme.Colour | None = None) -> None:
        x, y = self.room(_DIE)
        top = y + (_ROW_H - _DIE) // 2
        draw_tool_tile(self.c, value, (x, top), _DIE)
        if colour is not None:  # a one-use tool: framed in its own colour
            self.c.box((x, top, x + _DIE, top + _DIE), None, outline=colour, width=4, radius=8)

    def icon(self, thing: str, size: int = _ICON) -> None:
        x, y = self.room(size)
        self.c.symbol(
            look.icon_of(thing), (x, y + (_ROW_H - size) // 2), size, look.colour_of(thing)
        )

    def bottom(self) -> int:
        return self.y + _ROW_H


def _ints(value: Any) -> list[int]:
    return [v for v in value if isinstance(v, int)] if isinstance(value, Sequence) else []


def draw_roll(c: Canvas, ctx: Ctx, view: StoneAgeView, y: int) -> int:
    """The last roll: dice, = sum, + tools, = total, → what it gave (or who is choosing)."""
    roll = view.get("dice")
    if not isinstance(roll, Mapping):
        return y
    top = y
    y += PAD
    waiting = bool(roll.get("waiting"))
    x = _title(c, ctx, ctx.t("render.stoneage.roll_title"), roll.get("seat"), "", y)
    where = _where(ctx, roll)
    room = X1 - PAD - x
    if waiting:
        waits = ("hourglass", ctx.t("render.stoneage.roll_waiting"), theme.ACCENT)
        width = Canvas.badge_width(waits, Size.SMALL)
        if width < room - 120:
            c.badge(waits, X1 - PAD - width, y + _TITLE_H // 2, Size.SMALL)
            room -= width + 16
    c.text(
        (x, y + _TITLE_H // 2),
        f"· {where}",
        size=Size.BODY,
        fill=theme.MUTED,
        anchor="lm",
        max_width=room,
    )
    flow = _Flow(c, y + _TITLE_H)
    dice = _ints(roll.get("dice"))
    tools = _ints(roll.get("tools"))
    one_use = _ints(roll.get("one_use"))
    for face in dice:
        flow.die(face)
    flow.text(f"= {number(ctx, roll.get('sum', sum(dice)))}")
    if tools or one_use:
        flow.text("+", fill=theme.MUTED)
        for value in tools:
            flow.tool(value)
        for value in one_use:
            flow.tool(value, _ONE_USE)
        flow.text(f"= {number(ctx, roll.get('total'))}")
    good = str(roll.get("resource", "food"))
    if not waiting and roll.get("gained") is not None:
        flow.text("→", fill=theme.MUTED)
        flow.text(number(ctx, roll.get("gained")), fill=theme.ACCENT)
        if good in look.GOODS:
            flow.icon(good)
    elif good in look.GOODS:
        flow.text("→ ?", fill=theme.MUTED)
        flow.icon(good)
    y = flow.bottom() + PAD
    c.box((X0, top, X1, y), None, outline=theme.BORDER, width=2)
    return y + theme.GAP


def draw_dice_for_all(c: Canvas, ctx: Ctx, view: StoneAgeView, y: int) -> int:
    """The faces still on the table with what each gives, who picks now and next, the picks."""
    dfa = view.get("dice_for_all")
    if not isinstance(dfa, Mapping):
        return y
    top = y
    y += PAD
    card = dfa.get("card")
    rest = "· " + ctx.t(f"stoneage.card.{card}") if card else ""
    _title(c, ctx, ctx.t("render.stoneage.dfa_title"), dfa.get("buyer"), rest, y)
    y += _TITLE_H + 4
    x = X0 + PAD
    for face in _ints(dfa.get("faces")):
        x = _draw_face(c, face, (x, y)) + 28
    y += _ROW_H + 6
    order = [s for s in (_seat(v) for v in dfa.get("order") or []) if s is not None]
    picker = _seat(dfa.get("picker"))
    mid = y + _ROW_H // 2
    x = X0 + PAD
    if picker is not None:
        c.symbol("play", (x, mid - 16), 32, theme.ACCENT)
        x += 44
        draw_marker(c, picker, (x, mid - _MARKER // 2), _MARKER)
        x += _MARKER + 12
        text = ctx.t("render.stoneage.dfa_picker", player=ctx.name(picker))
        x += c.text((x, mid), text, size=Size.BODY, weight="bold", anchor="lm", max_width=600)
        x += 24
    later = [s for s in order if s != picker]
    if later:
        label = ctx.t("render.stoneage.dfa_next")
        x += c.text((x, mid), label, size=Size.BODY, fill=theme.MUTED, anchor="lm") + 12
        for later_seat in later:
            draw_marker(c, later_seat, (x, mid - _MARKER // 2), _MARKER)
            x += _MARKER + 12
    picks = [p for p in dfa.get("picks") or [] if isinstance(p, Mapping)]
    if picks:
        y += _ROW_H
        mid = y + _ROW_H // 2
        x = X0 + PAD
        label = ctx.t("render.stoneage.dfa_taken")
        x += c.text((x, mid), label, size=Size.BODY, fill=theme.MUTED, anchor="lm") + 16
        for pick in picks:
            if x + 200 > X1 - PAD:
                break
            picked_by, picked = _seat(pick.get("seat")), pick.get("face")
            if picked_by is not None:
                draw_marker(c, picked_by, (x, mid - _MARKER // 2), _MARKER)
                x += _MARKER + 10
            if isinstance(picked, int):
                x = _draw_face(c, picked, (x, y)) + 32
    y += _ROW_H + PAD
    c.box((X0, top, X1, y), None, outline=theme.BORDER, width=2)
    return y + theme.GAP


def _draw_face(c: Canvas, face: int, xy: tuple[int, int]) -> int:
    """A die and what its face gives; returns the x after them."""
    x, y = xy
    draw_die(c, face, (x, y + (_ROW_H - _DIE) // 2), _DIE)
    x += _DIE + 8
    reward = look.FACE_REWARDS.get(face)
    if reward is not None:
        colour = look.colour_of("agriculture" if reward == "field" else reward)
        c.symbol(look.icon_of(reward), (x, y + (_ROW_H - _ICON) // 2), _ICON, colour)
        x += _ICON
    return x
