"""The private Clash of Cultures hand (for ``/hand``): every card held, face up, with both halves.

Read from the seat's own view only: ``hand`` (action card ids, then objective card ids) and
``private`` (``objective_offers``: the immediate objectives that may be completed now;
``trade_cards``: the cards of the open trade offers this seat makes or is made). Top to bottom:

1. the seat's marker and "Your cards, <name>"; the objectives that may be completed now, in
   the accent colour; the cards another player offers this seat in a trade;
2. the action cards, one panel each (an orange band): the civil half's name, a "Civil" pill
   and its text (cost, timing, effect), then the combat half's name, a "Combat" pill and its
   effect; the card id on the right;
3. the objective cards, one panel each (a blue band): both objectives with their timing (status
   phase or immediately) and condition (with the payment); a half offered now is framed in
   the accent colour and says so;
4. a note on stand-ins when any half drawn is one.

A half whose content is not attested (:mod:`render.clash.card_faces`) carries a "stand-in"
pill; a card in this seat's own open trade offer says to whom it is offered. Sizes follow the
phone rule (:func:`look.min_text`): nothing is smaller than ``t`` (27 px at 1080 px, 9 px on a
phone 360 px wide). Everything is measured first, so the canvas is exactly as tall as needed.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from render import theme
from render.canvas import Canvas
from render.clash import look
from render.clash.board_icons import COLOUR, PAINTERS
from render.clash.card_faces import CardFace, HalfFace, face
from render.context import Ctx, context
from render.fonts import Weight
from rules.clash.formats.view_types import ClashSeatView

__all__ = ["BUDGET", "WIDTH", "hand_png"]

#: Narrower than the table (1400 px): a phone shows either about 360 px wide, so the text
#: reads the same, and the file of a text-heavy picture is smaller (docs/rendering.md).
WIDTH: Final = 1080
_T: Final = look.min_text(WIDTH)
_NAME: Final = round(_T * 1.2)
_TITLE: Final = round(_T * 1.6)
_HEADING: Final = round(_T * 1.3)
_LINE: Final = round(_T * 1.3)
_PILL_H: Final = round(_T * 1.45)
_MARGIN: Final = 20
_PAD: Final = 20
_BAND: Final = 12
_GAP: Final = 14
_ICON: Final = _HEADING
_PILL_WEIGHT: Final[Weight] = "semibold"
#: Bytes above which the picture is encoded again, smaller and slower (the budget is 300 KB).
BUDGET: Final = 290_000
#: Wrapped texts are never cut in practice: the longest civil text takes 6 lines.
_MAX_LINES: Final = 12

_X0: Final = _MARGIN
_X1: Final = WIDTH - _MARGIN
_INNER_X: Final = _X0 + _BAND + _PAD
_INNER_W: Final = _X1 - _PAD - _INNER_X

_ACTION: Final = COLOUR["action_cards"]
_OBJECTIVE: Final = COLOUR["objective_cards"]
_PILL_FILL: Final[dict[str, theme.Colour]] = {
    "civil": _ACTION,
    "combat": (222, 110, 96),
    "status": theme.CELL,
    "immediate": theme.CELL,
}


@dataclass(frozen=True, slots=True)
class _Half:
    """One half measured: its face, its text's lines, whether it is offered now."""

    face: HalfFace
    lines: tuple[str, ...]
    offered: bool

    @property
    def height(self) -> int:
        offered = _PILL_H + _GAP // 2 if self.offered else 0
        return _PILL_H + 8 + len(self.lines) * _LINE + offered


@dataclass(frozen=True, slots=True)
class _Panel:
    """One card measured: its face, its halves, whom it is offered to in a trade (or None)."""

    face: CardFace
    halves: tuple[_Half, _Half]
    traded_to: str | None

    @property
    def height(self) -> int:
        trade = _LINE + _GAP // 2 if self.traded_to else 0
        return 2 * _PAD + self.halves[0].height + 2 * _GAP + self.halves[1].height + trade


def hand_png(view: ClashSeatView, *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The hand of ``view["seat"]`` as PNG bytes; ValueError for a spectator view."""
    seat = view.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ValueError("hand_png needs the view of a seat (view['seat'] is None)")
    ctx = context(view, lang, names)
    private: Mapping[str, Any] = view.get("private") or {}
    offers = _offers(private.get("objective_offers"))
    outgoing, incoming = _trades(ctx, private.get("trade_cards"), seat)
    faces = [f for f in (face(ctx, str(c)) for c in view.get("hand") or ()) if f is not None]
    panels = [_measure(f, offers, outgoing.get(f.card)) for f in faces]
    actions = [p for p in panels if not p.face.objective]
    objectives = [p for p in panels if p.face.objective]
    offered = [h.face.code for p in objectives for h in p.halves if h.offered]
    stand_ins = any(h.face.stand_in for p in panels for h in p.halves)
    note = (
        Canvas.wrap(ctx.t("render.clash.hand.stand_in_note"), _T, "regular", _X1 - _X0, 4)
        if stand_ins
        else []
    )
    said = (
        [(ctx.t("render.clash.hand.offers", objectives=offered), theme.ACCENT)] if offered else []
    )
    said += [(line, theme.TEXT) for line in incoming]
    notices = [
        (line, colour)
        for text, colour in said
        for line in Canvas.wrap(text, _T, "semibold", _X1 - _X0, _MAX_LINES)
    ]
    height = (
        _MARGIN
        + _header_height(notices)
        + sum(_section_height(group) for group in (actions, objectives))
        + (0 if faces else _LINE + _GAP)
        + len(note) * _LINE
        + _MARGIN
    )
    c = Canvas(WIDTH, height)
    y = _draw_header(c, ctx, seat, notices, _MARGIN)
    if not faces:
        c.text((_X0, y), ctx.t("render.clash.hand.empty"), size=_T, fill=theme.MUTED)
        y += _LINE + _GAP
    for key, painter, group in (
        ("actions", "action_cards", actions),
        ("objectives", "objective_cards", objectives),
    ):
        y = _draw_section(c, ctx, key, painter, group, y)
    for line in note:
        c.text((_X0, y), line, size=_T, fill=theme.MUTED)
        y += _LINE
    data = c.png(height)
    # Beyond the typical largest hand (7 + 3 cards) the usual encoding may pass the budget:
    # 16 colours take about a quarter fewer bytes (libdeflate's higher levels take a tenth
    # at best, or a second).
    return data if len(data) <= BUDGET else c.png(height, colours=16)


# -- what the view holds ------------------------------------------------------------------------


def _offers(value: Any) -> frozenset[tuple[str, str]]:
    """The (card, half) pairs offered for completion now."""
    if not isinstance(value, list):
        return frozenset()
    return frozenset(
        (str(o.get("card")), str(o.get("half"))) for o in value if isinstance(o, Mapping)
    )


def _trades(ctx: Ctx, value: Any, seat: int) -> tuple[dict[str, str], list[str]]:
    """The cards of this seat's own offers (card -> partner's name), and a line per offer
    made to this seat naming its cards."""
    outgoing: dict[str, str] = {}
    incoming: list[str] = []
    for offer in value if isinstance(value, list) else ():
        if not isinstance(offer, Mapping):
            continue
        cards = [str(c) for c in offer.get("cards") or ()]
        if offer.get("from") == seat:
            outgoing.update(dict.fromkeys(cards, ctx.name(offer.get("to"))))
        elif offer.get("to") == seat and cards:
            incoming.append(
                ctx.t(
                    "render.clash.hand.offered_to_you",
                    player=ctx.name(offer.get("from")),
                    cards=cards,
                )
            )
    return outgoing, incoming


def _measure(card: CardFace, offers: frozenset[tuple[str, str]], traded_to: str | None) -> _Panel:
    halves = tuple(
        _Half(
            h,
            _lines(h.text),
            card.objective and (card.card, h.kind) in offers,
        )
        for h in card.halves
    )
    return _Panel(card, (halves[0], halves[1]), traded_to)


@functools.lru_cache(maxsize=512)
def _lines(text: str) -> tuple[str, ...]:
    """A half's text broken into lines. The texts are the catalogues' (a few hundred in all),
    so each is measured once per process: measuring is the slowest part of wrapping."""
    return tuple(Canvas.wrap(text, _T, "regular", _INNER_W, _MAX_LINES))


# -- heights --------------------------------------------------------------------------------


def _header_height(notices: Sequence[tuple[str, theme.Colour]]) -> int:
    return _TITLE + 2 * _GAP + len(notices) * _LINE + (_GAP if notices else 0)


def _section_height(panels: Sequence[_Panel]) -> int:
    if not panels:
        return 0
    return _ICON + _GAP + sum(p.height + _GAP for p in panels) + _GAP


# -- drawing --------------------------------------------------------------------------------


def _draw_header(
    c: Canvas, ctx: Ctx, seat: int, notices: Iterable[tuple[str, theme.Colour]], y: int
) -> int:
    marker = _TITLE - 8
    c.symbol(theme.player_shape(seat), (_X0 - 3, y + 1), marker + 6, theme.INK_DARK)
    c.symbol(theme.player_shape(seat), (_X0, y + 4), marker, theme.player_colour(seat))
    c.text(
        (_X0 + marker + 20, y + _TITLE // 2 + 2),
        ctx.t("render.clash.hand.title", player=ctx.name(seat)),
        size=_TITLE,
        weight="bold",
        anchor="lm",
        max_width=_X1 - _X0 - marker - 20,
    )
    y += _TITLE + 2 * _GAP
    shown = False
    for text, colour in notices:
        c.text((_X0, y), text, size=_T, weight="semibold", fill=colour, max_width=_X1 - _X0)
        y += _LINE
        shown = True
    return y + (_GAP if shown else 0)


def _draw_section(
    c: Canvas, ctx: Ctx, key: str, painter: str, panels: Sequence[_Panel], y: int
) -> int:
    if not panels:
        return y
    c.symbol(PAINTERS[painter], (_X0, y), _ICON, COLOUR[painter])
    c.text(
        (_X0 + _ICON + 14, y + _ICON // 2),
        ctx.t(f"render.clash.hand.{key}", count=len(panels)),
        size=_HEADING,
        weight="bold",
        anchor="lm",
    )
    y += _ICON + _GAP
    for panel in panels:
        _draw_panel(c, ctx, panel, y)
        y += panel.height + _GAP
    return y + _GAP


def _draw_panel(c: Canvas, ctx: Ctx, panel: _Panel, y: int) -> None:
    colour = _OBJECTIVE if panel.face.objective else _ACTION
    bottom = y + panel.height
    c.box((_X0, y, _X1, bottom), theme.PANEL)
    c.box((_X0, y, _X0 + 2 * _BAND, bottom), colour)
    c.draw.rectangle((_X0 + _BAND, y, _X0 + 2 * _BAND, bottom), fill=theme.PANEL)
    top = y + _PAD
    first, second = panel.halves
    id_width = c.text(
        (_X1 - _PAD, top + _PILL_H // 2),
        panel.face.card,
        size=_T,
        weight="bold",
        fill=colour,
        anchor="rm",
    )
    _draw_half(c, ctx, first, top, _INNER_W - id_width - _PAD)
    top += first.height + _GAP
    c.draw.line((_INNER_X, top, _X1 - _PAD, top), fill=theme.BORDER, width=2)
    top += _GAP
    _draw_half(c, ctx, second, top, _INNER_W)
    top += second.height
    if panel.traded_to:
        c.text(
            (_INNER_X, top + _GAP // 2),
            ctx.t("render.clash.hand.in_trade", player=panel.traded_to),
            size=_T,
            weight="semibold",
            fill=theme.ACCENT,
            max_width=_INNER_W,
        )


def _draw_half(c: Canvas, ctx: Ctx, half: _Half, y: int, width: int) -> None:
    """The name row (name, kind or timing pill, stand-in pill), the text, the offer."""
    face_ = half.face
    if half.offered:
        c.box(
            (_INNER_X - 12, y - 10, _X1 - 12, y + half.height + 4),
            None,
            outline=theme.ACCENT,
            width=4,
        )
    mid = y + _PILL_H // 2
    pills: list[tuple[str, theme.Colour | None]] = [_kind_pill(ctx, face_)]
    if face_.stand_in:
        pills.append((ctx.t("render.clash.hand.stand_in"), None))
    pills_width = sum(_pill_width(text) + 12 for text, _ in pills)
    x = _INNER_X
    x += c.text(
        (x, mid),
        face_.name,
        size=_NAME,
        weight="bold",
        anchor="lm",
        max_width=max(width - pills_width - 16, _NAME),
    )
    x += 16
    for text, fill in pills:
        x += _pill(c, text, fill, x, mid) + 12
    ty = y + _PILL_H + 8
    for line in half.lines:
        c.text((_INNER_X, ty), line, size=_T)
        ty += _LINE
    if half.offered:
        _pill(c, ctx.t("render.clash.hand.offered"), theme.ACCENT, _INNER_X, ty + _PILL_H // 2)


def _kind_pill(ctx: Ctx, face_: HalfFace) -> tuple[str, theme.Colour]:
    """An action half's kind (Civil, Combat) or an objective's timing."""
    if face_.timing is not None:
        return ctx.t(f"clash.objective_timing.{face_.timing}"), _PILL_FILL[face_.timing]
    return ctx.t(f"render.clash.hand.{face_.kind}"), _PILL_FILL[face_.kind]


def _pill_width(text: str) -> int:
    return Canvas.measure(text, _T, _PILL_WEIGHT) + 32


def _pill(c: Canvas, text: str, fill: theme.Colour | None, x: int, mid: int) -> int:
    """A rounded label centred on ``mid``: filled, or outlined in muted ink (``fill`` None);
    returns its width."""
    width = _pill_width(text)
    box = (x, mid - _PILL_H // 2, x + width, mid + _PILL_H // 2)
    if fill is None:
        c.box(box, None, outline=theme.MUTED, width=2, radius=_PILL_H // 2)
        ink = theme.MUTED
    else:
        c.box(box, fill, radius=_PILL_H // 2)
        ink = theme.ink_on(fill)
    c.text((x + 16, mid), text, size=_T, weight=_PILL_WEIGHT, fill=ink, anchor="lm")
    return width
