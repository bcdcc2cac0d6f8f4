"""The public Stone Age table: header, outcome, board, cards, buildings, dice, players, history.

The table never reads the hand or private fields of a view: :func:`table_png` works on
:func:`public_view`, a copy holding only the public keys, so passing a seat's view by mistake
cannot leak a hand into the thread.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, cast

from render import encoding, theme
from render.canvas import Canvas
from render.context import Ctx, context, label_or
from render.context import public_view as public_keys
from render.sections import (
    X0,
    X1,
    banner_height,
    draw_banner,
    draw_recent,
    recent_height,
    wrap_recent,
)
from render.stoneage import board, dice, look, players, scores
from render.stoneage.common import draw_marker
from render.stoneage.look import Size
from rules.stoneage.views import StoneAgeView

__all__ = ["PUBLIC_KEYS", "public_view", "table_png"]

#: The keys every seat sees alike: those of :class:`StoneAgeView` (a seat's view adds ``hand``
#: and ``private``).
PUBLIC_KEYS: Final = tuple(StoneAgeView.__annotations__)
#: The outcome banner's detail and each last action wrap to at most these many lines.
_DETAIL_LINES, _RECENT_LINES = 2, 3
_BANNER_H = banner_height(Size.HEADING, Size.SMALL, _DETAIL_LINES)
_HEADER_H = Size.TITLE + Size.BODY + 40 + 26 + 3 * theme.GAP


def table_png(view: StoneAgeView, *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table of a Stone Age game as PNG bytes."""
    public = public_view(view)
    ctx = context(public, lang, names)
    recent = wrap_recent(ctx, public.get("recent") or [], size=Size.BODY, lines=_RECENT_LINES)
    panels = [players.layout(ctx, seat) for seat in public["seats"]]
    height = _height_bound(ctx, public, panels) + recent_height(recent, Size.BODY)
    canvas = Canvas(look.WIDTH, height)
    y = theme.MARGIN
    y = _draw_header(canvas, ctx, public, y)
    y = _draw_outcome(canvas, ctx, public, y)
    y = scores.draw_scores(canvas, ctx, public, y)
    if _board_shown(public):
        y = board.draw_locations(canvas, ctx, public, y)
    if not _over(public):
        y = dice.draw_roll(canvas, ctx, public, y)
        y = dice.draw_dice_for_all(canvas, ctx, public, y)
    y = board.draw_display(canvas, ctx, public, y)
    y = board.draw_buildings(canvas, ctx, public, y)
    y = players.draw_key(canvas, ctx, y)
    for seat, lines in zip(public["seats"], panels, strict=True):
        y = players.draw_panel(canvas, ctx, public, seat, lines, y)
    title = ctx.t("render.stoneage.recent")
    y = draw_recent(canvas, title, recent, y, size=Size.BODY)
    return canvas.png(y - theme.GAP + theme.MARGIN, level=encoding.DENSE_LEVEL)


def public_view(view: StoneAgeView) -> StoneAgeView:
    """Only the keys every seat sees alike, as a spectator's view (``seat`` None): a table
    drawn from it cannot show a hand or a private part, whatever view it was given."""
    return cast(StoneAgeView, {**public_keys(view, PUBLIC_KEYS), "seat": None})


def _height_bound(ctx: Ctx, view: StoneAgeView, panels: Sequence[players.Layout]) -> int:
    """The height of the page above the last actions (the canvas is cropped to what was
    used): exact for most parts, since clearing a needlessly tall canvas costs time."""
    return (
        2 * theme.MARGIN
        + _HEADER_H
        + (_BANNER_H + theme.GAP if view.get("outcome") is not None else 0)
        + scores.scores_height(view)
        + (board.locations_height(ctx, view) if _board_shown(view) else 0)
        + (0 if _over(view) else dice.dice_height(view))
        + board.supply_height()
        + players.key_height(ctx)
        + sum(players.panel_height(lines) for lines in panels)
    )


def _board_shown(view: StoneAgeView) -> bool:
    """While feeding and at the end everybody is home: the locations would show nothing."""
    return view.get("phase") != "feed" and not _over(view)


def _over(view: StoneAgeView) -> bool:
    return view.get("phase") == "over" or view.get("outcome") is not None


def _prompted(view: StoneAgeView) -> list[int]:
    """The seats that must decide now, in seat order, each once."""
    seats = [p.get("seat") for p in view.get("pending") or [] if isinstance(p, Mapping)]
    return sorted({s for s in seats if isinstance(s, int) and not isinstance(s, bool)})


def header_title(ctx: Ctx, view: StoneAgeView) -> str:
    """The header's title: the round and whose decision it is (or the game's end)."""
    prompted = _prompted(view)
    if _over(view):
        return ctx.t("render.stoneage.title_over", round=view.get("round", 0))
    if len(prompted) == 1:
        return ctx.t(
            "render.stoneage.title_turn", round=view.get("round", 0), player=ctx.name(prompted[0])
        )
    return ctx.t("render.stoneage.title_round", round=view.get("round", 0))


def _draw_header(c: Canvas, ctx: Ctx, view: StoneAgeView, y: int) -> int:
    """Round and whose decision it is, the phase, and the first player."""
    phase = str(view.get("phase", ""))
    x = X0
    prompted = _prompted(view)
    title = header_title(ctx, view)
    if _over(view):
        c.text((x, y), title, size=Size.TITLE, weight="bold", max_width=X1 - x)
        return y + Size.TITLE + 2 * theme.GAP
    if len(prompted) == 1:
        draw_marker(c, prompted[0], (x, y + 8), 44)
        x += 44 + theme.GAP + 4
    c.text((x, y), title, size=Size.TITLE, weight="bold", max_width=X1 - x)
    y += Size.TITLE + 14
    c.text(
        (X0, y),
        label_or(ctx, f"stoneage.phase.{phase}", phase),
        size=Size.BODY,
        weight="semibold",
        fill=theme.ACCENT,
        max_width=X1 - X0,
    )
    y += Size.BODY + 12
    first = view.get("first_player")
    if phase != "over" and isinstance(first, int):
        c.symbol("flag", (X0, y + 2), 36, theme.MUTED)
        c.text(
            (X0 + 48, y + 20),
            ctx.t("render.stoneage.first_player_is", player=ctx.name(first)),
            size=Size.SMALL,
            fill=theme.MUTED,
            anchor="lm",
            max_width=X1 - X0 - 48,
        )
        y += 40 + 8
    return y + theme.GAP


def _draw_outcome(c: Canvas, ctx: Ctx, view: StoneAgeView, y: int) -> int:
    """At the end: who won, why the game ended, and the tie-break that decided (if any)."""
    outcome = view.get("outcome")
    if not isinstance(outcome, Mapping):
        return y
    ranks = outcome.get("ranks") or []
    winners = [ctx.name(i) for i, rank in enumerate(ranks) if rank == 1]
    headline = ctx.t("render.stoneage.winner", count=len(winners), players=winners)
    reason = str(outcome.get("reason", ""))
    detail = ctx.t("render.stoneage.reason", reason=reason)
    tiebreak = outcome.get("tiebreak")
    if tiebreak:
        criterion = label_or(ctx, f"stoneage.tiebreak.{tiebreak}", str(tiebreak))
        detail += " · " + ctx.t("render.stoneage.tiebreak", criterion=criterion)
    sizes = {"heading_size": Size.HEADING, "detail_size": Size.SMALL}
    return draw_banner(c, "crown", headline, detail, y, **sizes, detail_lines=_DETAIL_LINES)
