"""The private CIV hand (for ``/hand``): large cards, the hand limit, effects in progress."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import theme
from render.canvas import Canvas
from render.civ import look
from render.civ.common import DOMAINS, HAND_CARD, SMALL_CARD, Ctx, context, draw_card_row
from render.civ.look import Size
from rules.civ.views import CivSeat, CivSeatView

__all__ = ["hand_png"]

_X0 = look.MARGIN
_WIDTH = look.WIDTH - 2 * look.MARGIN


def hand_png(view: CivSeatView, *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The hand of ``view["seat"]`` as PNG bytes; ValueError for a spectator view."""
    index = view.get("seat")
    if not isinstance(index, int):
        raise ValueError("hand_png needs the view of a seat (view['seat'] is None)")
    ctx = context(view, lang, names)
    seat = view["seats"][index]
    hand: list[str] = list(view.get("hand") or [])
    private: Mapping[str, Any] = view.get("private") or {}
    canvas = Canvas(look.WIDTH, _height_bound(hand, private))
    y = _draw_header(canvas, ctx, index, seat, len(hand), look.MARGIN)
    if hand:
        y = draw_card_row(
            canvas, ctx, hand, (_X0, y), large=True, embargoed=frozenset(seat["embargoed"])
        )
    else:
        canvas.text((_X0, y), ctx.t("render.civ.hand_empty"), size=Size.BODY, fill=theme.MUTED)
        y += Size.BODY + 2 * theme.GAP
    for kind in sorted(private):
        y = _draw_private(canvas, ctx, kind, private[kind], y)
    return canvas.png(y - theme.GAP + look.MARGIN)


def _height_bound(hand: Sequence[str], private: Mapping[str, Any]) -> int:
    """A height the page cannot exceed (the canvas is cropped to what was used)."""
    card_rows = len(hand) // 4 + 1
    small_rows = sum(
        len(v) // 6 + 2
        for data in private.values()
        if isinstance(data, Mapping)
        for v in data.values()
        if isinstance(v, list)
    )
    return (
        400
        + card_rows * (HAND_CARD[1] + theme.GAP)
        + len(private) * 200
        + small_rows * (SMALL_CARD[1] + Size.SMALL + 80)
    )


def _draw_header(c: Canvas, ctx: Ctx, index: int, seat: CivSeat, count: int, y: int) -> int:
    c.symbol(theme.player_shape(index), (_X0, y + 6), 46, theme.player_colour(index))
    c.text(
        (_X0 + 62, y),
        ctx.t("render.civ.hand_title", player=ctx.name(index)),
        size=Size.TITLE,
        weight="bold",
        max_width=_WIDTH - 62,
    )
    y += Size.TITLE + 14
    c.text(
        (_X0, y),
        ctx.t("render.civ.hand_count", count=count, limit=seat["hand_limit"]),
        size=Size.BODY,
        fill=theme.MUTED,
        max_width=_WIDTH,
    )
    y += Size.BODY + 12
    embargoed = [d for d in DOMAINS if d in seat["embargoed"]]
    if embargoed:
        c.symbol("no_entry", (_X0, y + 1), 38, theme.DANGER)
        c.text(
            (_X0 + 50, y),
            ctx.t("render.civ.hand_embargo", domains=embargoed),
            size=Size.BODY,
            weight="semibold",
            fill=theme.DANGER,
            max_width=_WIDTH - 50,
        )
        y += Size.BODY + 12
    return y + theme.GAP


def _draw_private(c: Canvas, ctx: Ctx, kind: str, data: Any, y: int) -> int:
    """One multi-step effect or draft in progress: a heading and its rows of cards."""
    heading, rows = _private_rows(ctx, kind, data if isinstance(data, Mapping) else {})
    y += 6
    c.draw.line((_X0, y, _X0 + _WIDTH, y), fill=theme.BORDER, width=2)
    y += theme.GAP + 8
    c.text((_X0, y), heading, size=Size.HEADING, weight="bold", max_width=_WIDTH)
    y += Size.HEADING + 14
    for label, cards in rows:
        if label:
            c.text((_X0, y), label, size=Size.BODY, fill=theme.MUTED, max_width=_WIDTH)
            y += Size.BODY + 10
        if cards:
            y = draw_card_row(c, ctx, cards, (_X0, y))
        else:
            c.text((_X0, y), "—", size=Size.BODY, fill=theme.MUTED)
            y += Size.BODY + theme.GAP
    return y + theme.GAP


def _private_rows(
    ctx: Ctx, kind: str, data: Mapping[str, Any]
) -> tuple[str, list[tuple[str, list[str]]]]:
    """The heading and the labelled card rows of a private record."""
    if kind == "inquisition":
        taken = _cards(data.get("taken"))
        heading = ctx.t(
            "render.civ.private.inquisition", player=ctx.name(data.get("target")), count=len(taken)
        )
        return heading, [("", taken)]
    if kind == "breakthrough":
        return ctx.t("render.civ.private.breakthrough"), [("", _cards(data.get("drawn")))]
    if kind == "draft":
        return ctx.t("render.civ.private.draft"), [
            (ctx.t("render.civ.private.draft_packet"), _cards(data.get("packet"))),
            (ctx.t("render.civ.private.draft_kept"), _cards(data.get("kept"))),
        ]
    # A record this picture does not know yet: show whatever cards it lists.
    rows = [("", _cards(v)) for v in data.values() if isinstance(v, list)]
    return ctx.t("render.civ.private.other", kind=kind), rows


def _cards(value: Any) -> list[str]:
    """The domain tokens of a list (anything else is ignored)."""
    return [d for d in value if d in DOMAINS] if isinstance(value, list) else []
