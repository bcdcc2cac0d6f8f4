"""The header over the map: the round, and one chip per player (marker and name), the chip of
the player whose turn it is framed in the accent colour with a "play" triangle (an hourglass
on those the status phase waits for); under them the status line: round, turn and actions
left, a Move action, a battle or an exploration under way, the status phase's step, or the
game's end.

The round is a circular arrow and a number; the status line comes from the catalogue
(``render.clash.status.*``) and is left out of a view that has neither a round nor a phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from render import theme
from render.canvas import Canvas
from render.clash import look
from render.clash.icons import round_arrow
from render.context import Ctx
from rules.clash.box.components import ROUNDS, STATUS_STEPS, TURNS_PER_ROUND
from rules.clash.formats.view_types import ClashView

__all__ = ["draw_header", "header_height", "status_line", "waiting_seats"]

_PAD: Final = 14
_MARKER: Final = 44
_ARROW: Final = 52


def _chips_height(minimum: int) -> int:
    return max(minimum, 44) + 2 * _PAD + 8


def _status_height(minimum: int) -> int:
    return round(1.4 * minimum)


def header_height(minimum: int) -> int:
    return _chips_height(minimum) + _status_height(minimum)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _battle(view: ClashView) -> Mapping[str, Any] | None:
    """``view["battle"]`` if it names a space and a round."""
    battle = view.get("battle")
    if isinstance(battle, Mapping) and battle.get("space") and _int(battle.get("round")):
        return battle
    return None


def status_line(ctx: Ctx, view: ClashView) -> str:
    """Where the game stands, in words: ``Round 2 of 6 · turn 1 of 3 · 2 actions left``, and
    a battle waiting for a decision: ``battle at B3, round 2`` (the round to be fought next;
    the Move action's groups left are not said meanwhile, for room: the move goes on once the
    battle is over)."""
    parts: list[str] = []
    round_ = _int(view.get("round"))
    if round_ is not None:
        parts.append(ctx.t("render.clash.status.round", round=round_, rounds=ROUNDS))
    phase = view.get("phase")
    status = view.get("status")
    battle = _battle(view)
    if phase == "over":
        parts.append(ctx.t("render.clash.status.over"))
    elif phase == "status" and isinstance(status, Mapping) and _int(status.get("step")):
        step = status.get("step")
        parts.append(ctx.t("render.clash.status.status_phase", step=step, steps=STATUS_STEPS))
    elif phase == "turn" or (phase is None and view.get("turn_of") is not None):
        turn = _int(view.get("turn"))
        if turn is not None:
            parts.append(ctx.t("render.clash.status.turn", turn=turn, turns=TURNS_PER_ROUND))
        left = _int(view.get("actions_left"))
        if left is not None:
            parts.append(ctx.t("render.clash.status.actions_left", count=left))
        moving = _int(view.get("moving"))
        if moving and battle is None:
            parts.append(ctx.t("render.clash.status.moving", count=moving))
    if battle is not None:
        key = "naval_battle" if battle.get("at_sea") else "battle"
        parts.append(
            ctx.t(f"render.clash.status.{key}", space=str(battle["space"]), round=battle["round"])
        )
    exploring = view.get("exploring")
    if isinstance(exploring, Mapping) and exploring.get("space"):
        parts.append(ctx.t("render.clash.status.exploring", space=str(exploring["space"])))
    if not parts:
        return ""
    line = " · ".join(parts)
    return line[:1].upper() + line[1:]


def draw_header(c: Canvas, ctx: Ctx, view: ClashView, y: int, minimum: int) -> int:
    """The header's rows at ``y``; returns its bottom."""
    h = _chips_height(minimum)
    x, mid = look.MARGIN, y + h // 2
    c.symbol(round_arrow, (x, mid - _ARROW // 2), _ARROW, theme.MUTED)
    x += _ARROW + 10
    round_ = view.get("round")
    if isinstance(round_, int) and not isinstance(round_, bool):
        x += c.text((x, mid), ctx.number(round_), size=max(minimum, 48), weight="bold", anchor="lm")
    x += 28
    seats = len(ctx.names)
    width = (c.width - look.MARGIN - x) // max(1, seats)
    waiting = waiting_seats(ctx, view)
    for seat in range(seats):
        box = (x + seat * width, y, width - 10, h)
        mark = "play" if seat == view.get("turn_of") else "hourglass" if seat in waiting else None
        _draw_chip(c, ctx, seat, mark, box, minimum)
    line = status_line(ctx, view)
    if line:
        c.text(
            (look.MARGIN, y + h + _status_height(minimum) // 2 + 2),
            line,
            size=minimum,
            fill=theme.MUTED,
            anchor="lm",
            max_width=c.width - 2 * look.MARGIN,
        )
    return y + header_height(minimum)


def waiting_seats(ctx: Ctx, view: ClashView) -> set[int]:
    """The seats the status phase waits for (``view["status"]["waiting"]``: seats)."""
    status = view.get("status")
    if view.get("phase") != "status" or not isinstance(status, Mapping):
        return set()
    waiting = set(status.get("waiting") or ())
    return {k for k in range(len(ctx.handles)) if k in waiting}


def _draw_chip(
    c: Canvas,
    ctx: Ctx,
    seat: int,
    mark: str | None,
    box: tuple[int, int, int, int],
    minimum: int,
) -> None:
    """A player's chip; ``mark`` is ``play`` (their turn, framed) or ``hourglass``."""
    x, y, w, h = box
    right, mid = x + w, y + h // 2
    # Their turn: the frame on the same panel, like their board.
    framed = mark == "play"
    c.box(
        (x, y, right, y + h),
        theme.PANEL,
        outline=theme.ACCENT if framed else None,
        width=4 if framed else 0,
    )
    x += _PAD
    if mark is not None:
        c.symbol(mark, (x, mid - 16), 32, theme.ACCENT)
        x += 32 + 8
    shape = theme.player_shape(seat)
    c.symbol(shape, (x - 3, mid - _MARKER // 2 - 3), _MARKER + 6, theme.INK_DARK)
    c.symbol(shape, (x, mid - _MARKER // 2), _MARKER, theme.player_colour(seat))
    x += _MARKER + 10
    c.text(
        (x, mid),
        ctx.name(seat),
        size=max(minimum, 44),
        weight="bold",
        anchor="lm",
        max_width=right - _PAD - x,
    )
