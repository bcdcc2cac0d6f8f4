"""One panel per seat: name, state badges and score, then the tableau as groups of pieces;
and the key over the panels.

A group is a line of pieces (icons, numbers, tool tiles). The first row (goods, people, food
track, buildings, cards) is pictograms and numbers only, aligned from panel to panel, and the
key names each pictogram once: at the phone rule's minimum a label under each would not fit
one row. The other groups (tools, one-use tools, Medicine, figures, symbols) carry a label
under them and flow left to right, wrapping, so a long Hungarian label or many tools never
overlap.

A move changes a group or two of a panel and the name rows of the seats that decided and now
decide, so each group, each name row and the key are layers (:mod:`render.layers`) keyed on
exactly what they show (the texts as drawn, the background), and a panel is its frame with
those layers pasted in.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from PIL import Image

from render import theme
from render.canvas import Badge, Canvas
from render.context import Ctx, label_or
from render.layers import Layers
from render.sections import PAD, X0, X1, draw_name_badges
from render.stoneage import icons, look
from render.stoneage.common import draw_marker, draw_tool_tile, good_name, number
from render.stoneage.look import Size
from render.symbols import Painter
from rules.core import PromptView
from rules.stoneage.views import StoneAgeSeat, StoneAgeView

__all__ = ["Layout", "draw_key", "draw_panel", "key_height", "layout", "panel_height"]

_NAME_ROW_H = 60
_LINE_H = 58
_LABEL_H = Size.SMALL + 8
_LINE_GAP = 10
_GROUP_GAP = 40
_ICON = 46
_TILE = 58  # a tool tile this big writes its value at the phone minimum
_KEY_ICON = 40
_KEY_ROW_H = 52
_ONE_USE: theme.Colour = (150, 132, 196)
_SYMBOL: theme.Colour = (150, 214, 150)
# Widths of the first row's columns: five goods, people (and at home), food track, buildings,
# cards.
_COLUMNS = (124, 124, 124, 124, 124, 270, 136, 136, 136)
# A layer reaches this far past its group or name row on every side: what they draw stays
# inside, the neighbours and the panel's frame outside.
_BLEED = 4

#: Groups (a few dozen KB each): a four-seat table shows about forty, in either background.
_GROUPS = Layers(96)
#: Name rows (about 300 KB each).
_NAME_ROWS = Layers(16)
#: The key, per language (about 400 KB).
_KEYS = Layers(2)


class _NameRow(NamedTuple):
    """Everything a name row shows: the key of its layer."""

    lang: str
    seat: int
    name: str
    badges: tuple[Badge, ...]
    score: Any
    background: theme.Colour


@dataclass
class _Group:
    """Pieces on one line and the label under them."""

    label: str
    pieces: list[tuple[str, Any]] = field(default_factory=list)

    def icon(self, painter: Painter | str, colour: theme.Colour) -> _Group:
        self.pieces.append(("icon", (painter, colour)))
        return self

    def number(self, text: str, fill: theme.Colour = theme.TEXT) -> _Group:
        self.pieces.append(("number", (text, fill)))
        return self

    def tool(self, value: int, used: bool, one_use: bool = False) -> _Group:
        self.pieces.append(("tool", (value, used, one_use)))
        return self

    def note(self, text: str) -> _Group:
        """Muted text at the smallest size (how many people are at home)."""
        self.pieces.append(("note", text))
        return self

    def width(self) -> int:
        line = sum(_piece_width(kind, value) + 8 for kind, value in self.pieces) - 8
        return max(line, Canvas.measure(self.label, Size.SMALL))

    def paste(self, c: Canvas, xy: tuple[int, int], background: theme.Colour) -> None:
        """The group drawn at ``xy`` on ``background``, from its layer."""
        key = (self.label, tuple(self.pieces), background)
        layer = _GROUPS.get(key, functools.partial(self.image, background))
        c.image.paste(layer, (xy[0] - _BLEED, xy[1] - _BLEED))

    def image(self, background: theme.Colour) -> Image.Image:
        """The group on ``background``, :data:`_BLEED` past it on every side."""
        height = _LINE_H + (_LABEL_H if self.label else 0)
        c = Canvas(self.width() + 2 * _BLEED, height + 2 * _BLEED, background)
        self.draw(c, (_BLEED, _BLEED))
        return c.image

    def draw(self, c: Canvas, xy: tuple[int, int]) -> None:
        x, y = xy
        mid = y + _LINE_H // 2
        for kind, value in self.pieces:
            if kind == "icon":
                painter, colour = value
                c.symbol(painter, (x, mid - _ICON // 2), _ICON, colour)
            elif kind == "number":
                text, fill = value
                c.text((x, mid), text, size=Size.HEADING, weight="bold", fill=fill, anchor="lm")
            elif kind == "note":
                c.text((x, mid + 2), value, size=Size.SMALL, fill=theme.MUTED, anchor="lm")
            else:
                tool, used, one_use = value
                draw_tool_tile(c, tool, (x, mid - _TILE // 2), _TILE, used=used)
                if one_use:
                    c.box(
                        (x, mid - _TILE // 2, x + _TILE, mid + _TILE // 2),
                        None,
                        outline=_ONE_USE,
                        width=4,
                        radius=8,
                    )
            x += _piece_width(kind, value) + 8
        if self.label:
            c.text((xy[0], y + _LINE_H), self.label, size=Size.SMALL, fill=theme.MUTED)


def _piece_width(kind: str, value: Any) -> int:
    if kind == "icon":
        return _ICON
    if kind == "number":
        return Canvas.measure(value[0], Size.HEADING, "bold")
    if kind == "note":
        return Canvas.measure(value, Size.SMALL)
    return _TILE


#: What the key names: the pictograms of the first row after the goods.
_KEY: dict[str, tuple[Painter | str, theme.Colour, str]] = {
    "person": (icons.PERSON, theme.TEXT, "render.stoneage.alt.people"),
    "agriculture": (icons.FIELD, look.colour_of("agriculture"), "render.stoneage.agriculture"),
    "building": (icons.HUT, look.colour_of("wood"), "render.stoneage.buildings"),
    "card": ("card", look.CARD_BODY["sand"], "render.stoneage.cards"),
}


def _key_entries(ctx: Ctx) -> list[tuple[Painter | str, theme.Colour, str]]:
    goods = [(look.icon_of(g), look.colour_of(g), good_name(ctx, g)) for g in look.GOODS]
    return goods + [(painter, colour, ctx.t(key)) for painter, colour, key in _KEY.values()]


def _key_lines(ctx: Ctx) -> list[list[tuple[int, Painter | str, theme.Colour, str]]]:
    """The key's entries (pictogram and name) in lines that fit the page, with their x."""
    lines: list[list[tuple[int, Painter | str, theme.Colour, str]]] = [[]]
    x = 0
    room = X1 - X0 - 2 * PAD
    for painter, colour, name in _key_entries(ctx):
        width = _KEY_ICON + 10 + Canvas.measure(name, Size.SMALL)
        if lines[-1] and x + width > room:
            lines.append([])
            x = 0
        lines[-1].append((x, painter, colour, name))
        x += width + _GROUP_GAP
    return lines


def key_height(ctx: Ctx) -> int:
    """Pixels :func:`draw_key` takes."""
    return len(_key_lines(ctx)) * _KEY_ROW_H + theme.GAP


def draw_key(c: Canvas, ctx: Ctx, y: int) -> int:
    """The pictograms of the panels' first row, each named once."""
    layer = _KEYS.get(ctx.lang, functools.partial(_key_image, ctx.lang))
    c.image.paste(layer, (X0 + PAD, y))
    return y + layer.height + theme.GAP


def _key_image(lang: str) -> Image.Image:
    """The key (it draws only labels of ``lang``), on the page's background."""
    ctx = Ctx(lang, (), ())
    lines = _key_lines(ctx)
    c = Canvas(X1 - X0 - 2 * PAD, len(lines) * _KEY_ROW_H)
    y = 0
    for line in lines:
        mid = y + _KEY_ROW_H // 2
        for x, painter, colour, name in line:
            c.symbol(painter, (x, mid - _KEY_ICON // 2), _KEY_ICON, colour)
            c.text((x + _KEY_ICON + 10, mid), name, size=Size.SMALL, fill=theme.MUTED, anchor="lm")
        y += _KEY_ROW_H
    return c.image


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _groups(ctx: Ctx, seat: StoneAgeSeat) -> tuple[list[_Group], list[_Group]]:
    """The tableau of a seat: the groups of the first row (one per :data:`_COLUMNS`, aligned
    from panel to panel, named by the key) and the rest (tools and cards in hand), which
    flow."""
    columns: list[_Group] = []
    resources: Mapping[str, Any] = seat.get("resources") or {}
    for good in look.GOODS:
        amount = seat.get("food") if good == "food" else resources.get(good)
        columns.append(
            _Group("")
            .icon(look.icon_of(good), look.colour_of(good))
            .number(number(ctx, amount), theme.TEXT if _whole(amount) else theme.MUTED)
        )
    people: Mapping[str, Any] = seat.get("people") or {}
    columns.append(
        _Group("")
        .icon(icons.PERSON, theme.player_colour(_whole(seat.get("seat"))))
        .number(number(ctx, people.get("total")))
        .note(ctx.t("render.stoneage.at_home", home=_whole(people.get("home"))))
    )
    for thing, value in (
        ("agriculture", seat.get("agriculture")),
        ("building", len(seat.get("buildings") or [])),
        ("card", seat.get("cards")),
    ):
        painter, colour, _ = _KEY[thing]
        columns.append(_Group("").icon(painter, colour).number(number(ctx, value)))
    rest: list[_Group] = []
    tools = [t for t in seat.get("tools") or [] if isinstance(t, Mapping)]
    group = _Group(ctx.t("render.stoneage.tools"))
    if tools:
        for tool in tools:
            group.tool(_whole(tool.get("value")), bool(tool.get("used")))
    else:
        group.icon(icons.TOOL, theme.BORDER).number("0", theme.MUTED)
    rest.append(group)
    one_use = [t for t in seat.get("one_use_tools") or [] if isinstance(t, Mapping)]
    if one_use:
        group = _Group(ctx.t("render.stoneage.one_use"))
        for card in one_use:
            group.tool(_whole(card.get("value")), False, one_use=True)
        rest.append(group)
    medicine = _whole(seat.get("medicine"))
    if medicine:
        rest.append(
            _Group(ctx.t("render.stoneage.medicine", count=medicine))
            .icon(icons.SYMBOL_ICONS["medicine"], _SYMBOL)
            .number(f"{number(ctx, medicine)}×")
        )
    rest += _open_card_groups(ctx, seat)
    return columns, rest


def _open_card_groups(ctx: Ctx, seat: StoneAgeSeat) -> list[_Group]:
    """With the ``open_cards`` option: the figures' multipliers and the culture symbols."""
    groups: list[_Group] = []
    multipliers = seat.get("multipliers")
    if isinstance(multipliers, Mapping):
        group = _Group(ctx.t("render.stoneage.figures"))
        for figure, painter in icons.FIGURE_ICONS.items():
            n = _whole(multipliers.get(figure))
            group.icon(painter, look.CARD_BODY["sand"] if n else theme.BORDER)
            group.number(f"×{number(ctx, n)}", theme.TEXT if n else theme.MUTED)
        groups.append(group)
    symbols = seat.get("symbols")
    if isinstance(symbols, Mapping):
        owned = [(s, _whole(symbols.get(s))) for s in icons.SYMBOL_ICONS if _whole(symbols.get(s))]
        group = _Group(ctx.t("render.stoneage.symbols", count=len(owned)))
        for symbol, n in owned:
            group.icon(icons.SYMBOL_ICONS[symbol], _SYMBOL)
            if n > 1:
                group.number(f"×{number(ctx, n)}")
        if not owned:
            group.number("–", theme.MUTED)
        groups.append(group)
    return groups


def _layout(columns: Sequence[_Group], rest: Sequence[_Group]) -> list[list[tuple[int, _Group]]]:
    """Groups in lines that fit the panel, each with its x offset: ``columns`` on the first
    line at the :data:`_COLUMNS` offsets (pushed right only if a label is too long), then
    ``rest`` flowing from the second line on."""
    room = X1 - X0 - 2 * PAD
    first: list[tuple[int, _Group]] = []
    x = start = 0
    for group, width in zip(columns, _COLUMNS, strict=True):
        x = max(x, start)
        first.append((x, group))
        x += group.width() + _GROUP_GAP // 2
        start += width
    if x > room:  # far too long labels: let everything flow
        return _flow([*columns, *rest])
    return [first, *_flow(rest)] if rest else [first]


def _flow(groups: Sequence[_Group]) -> list[list[tuple[int, _Group]]]:
    lines: list[list[tuple[int, _Group]]] = [[]]
    x = 0
    room = X1 - X0 - 2 * PAD
    for group in groups:
        width = group.width()
        if lines[-1] and x + width > room:
            lines.append([])
            x = 0
        lines[-1].append((x, group))
        x += width + _GROUP_GAP
    return lines


#: A panel's groups in lines, each with its x offset (:func:`layout`).
Layout = list[list[tuple[int, "_Group"]]]


def layout(ctx: Ctx, seat: StoneAgeSeat) -> Layout:
    """The groups of ``seat``'s panel in lines: laid out once, for its height and drawing."""
    return _layout(*_groups(ctx, seat))


def panel_height(lines: Layout) -> int:
    """Pixels :func:`draw_panel` takes for a panel laid out as ``lines``."""
    return _box_height(lines) + theme.GAP


def _line_height(line: Sequence[tuple[int, _Group]]) -> int:
    """A line of groups, and the labels under them if any has one."""
    labelled = any(group.label for _, group in line)
    return _LINE_H + (_LABEL_H if labelled else 0) + _LINE_GAP


def _box_height(lines: Sequence[Sequence[tuple[int, _Group]]]) -> int:
    return 2 * PAD + _NAME_ROW_H + 6 + sum(_line_height(line) for line in lines)


def draw_panel(
    c: Canvas, ctx: Ctx, view: StoneAgeView, seat: StoneAgeSeat, lines: Layout, y: int
) -> int:
    """A seat's panel, framed in the accent colour while the seat must decide something."""
    index = _whole(seat.get("seat"))
    prompts = [p for p in view.get("pending") or [] if p.get("seat") == index]
    acting = bool(prompts)
    height = _box_height(lines)
    background = theme.PANEL_ACTIVE if acting else theme.PANEL
    c.box(
        (X0, y, X1, y + height),
        background,
        outline=theme.ACCENT if acting else None,
        width=5 if acting else 0,
    )
    row = _NameRow(
        ctx.lang,
        index,
        ctx.name(index),
        tuple(_badges(ctx, view, seat, prompts)),
        _score(view, seat),
        background,
    )
    layer = _NAME_ROWS.get(row, functools.partial(_name_row_image, row))
    c.image.paste(layer, (X0 + PAD - _BLEED, y + PAD - _BLEED))
    top = y + PAD + _NAME_ROW_H + 6
    for line in lines:
        for dx, group in line:
            group.paste(c, (X0 + PAD + dx, top), background)
        top += _line_height(line)
    return y + height + theme.GAP


def _score(view: StoneAgeView, seat: StoneAgeSeat) -> Any:
    """The seat's score: the final one at the end."""
    outcome = view.get("outcome")
    index = _whole(seat.get("seat"))
    if isinstance(outcome, Mapping):
        scores = outcome.get("scores") or []
        if index < len(scores):
            return round(scores[index])
    return seat.get("score")


def _name_row_image(row: _NameRow) -> Image.Image:
    """Marker, name and badges on the left; the score on the right; on the panel's
    background, :data:`_BLEED` past the row on every side."""
    ctx = Ctx(row.lang, (), ())
    c = Canvas(X1 - X0 - 2 * PAD + 2 * _BLEED, _NAME_ROW_H + 2 * _BLEED, row.background)
    mid = _BLEED + _NAME_ROW_H // 2
    right = c.width - _BLEED
    label = ctx.t("render.stoneage.points")
    right -= c.text((right, mid + 4), label, size=Size.SMALL, fill=theme.MUTED, anchor="rm") + 10
    right -= (
        c.text((right, mid), number(ctx, row.score), size=Size.TITLE, weight="bold", anchor="rm")
        + 8
    )
    c.symbol("star", (right - 44, mid - 22), 44, theme.ACCENT)
    right -= 44 + 2 * theme.GAP

    x = _BLEED
    draw_marker(c, row.seat, (x, mid - 20), 40)
    x += 56
    sizes = {"name_size": Size.HEADING, "badge_size": Size.SMALL}
    draw_name_badges(c, row.name, list(row.badges), x, mid, right, **sizes, least=180)
    return c.image


def _badges(
    ctx: Ctx,
    view: StoneAgeView,
    seat: StoneAgeSeat,
    prompts: Sequence[PromptView],
) -> list[Badge]:
    """What the seat is doing now, its place at the end, first player, resigned."""
    index = _whole(seat.get("seat"))
    badges: list[Badge] = []
    outcome = view.get("outcome")
    if seat.get("resigned"):
        badges.append(("no_entry", ctx.t("render.stoneage.resigned"), theme.BORDER))
    if isinstance(outcome, Mapping):
        ranks = outcome.get("ranks") or []
        if index < len(ranks):
            rank = ranks[index]
            text = ctx.t("render.stoneage.place", rank=rank)
            badges.append(
                ("crown", text, theme.ACCENT) if rank == 1 else (None, text, theme.BORDER)
            )
    for prompt in prompts:
        kind = str(prompt.get("kind", ""))
        params = dict(prompt.get("params") or {})
        symbol = "play" if kind in ("place", "resolve") else "hourglass"
        text = label_or(ctx, f"render.stoneage.prompt.{kind}", kind, **params)
        badges.append((symbol, text, theme.ACCENT))
    if index == view.get("first_player") and not isinstance(outcome, Mapping):
        badges.append(("flag", ctx.t("render.stoneage.first_player"), theme.BORDER))
    return badges
