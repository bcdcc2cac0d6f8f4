"""The CIV table's player panels: a name row, then the six domains as cells, three to a row.

Three cells to a row (not six) leave each cell about 430 px, room for the count, the level
pips and an effect name at CIV's 35 px minimum. Cells line up from panel to panel, so a domain
compares down a column.

A move changes a cell or two and the name rows of the seats whose turn it was and is, so each
cell and each name row is a layer (:mod:`render.layers`) keyed on exactly what it shows, and a
panel is its frame with those layers pasted in.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final, NamedTuple

from PIL import Image

from render import theme
from render.canvas import Badge, Canvas
from render.civ import look
from render.civ.common import DOMAINS, Ctx, domain_name, effect_name, team_letter
from render.civ.look import Size
from render.fonts import Weight
from render.layers import Layers
from render.sections import draw_name_badges
from render.symbols import Painter
from rules.civ.views import CivSeat, CivView

__all__ = ["PANEL_H", "draw_panel", "majority_leaders"]

_PAD: Final = 18
_X0: Final = look.MARGIN
_X1: Final = look.WIDTH - look.MARGIN
_COLUMNS: Final = 3
_CELL_GAP: Final = 14
_CELL_W: Final = (_X1 - _X0 - 2 * _PAD - (_COLUMNS - 1) * _CELL_GAP) // _COLUMNS
_STRIP_H: Final = 52
_CELL_H: Final = 184
_NAME_ROW_H: Final = 60
_ROWS: Final = -(-len(DOMAINS) // _COLUMNS)
PANEL_H: Final = 2 * _PAD + _NAME_ROW_H + 10 + _ROWS * (_CELL_H + _CELL_GAP) - _CELL_GAP

# Inside a cell: the count's baseline, the pips (right-aligned on the count's row), the line
# under them (effect name, "Embargo" or the Culture lead) with the markers at its right.
_COUNT_BASE: Final = _STRIP_H + 72
_PIP_W, _PIP_H, _PIP_GAP = 64, 46, 8
_PIP_TOP: Final = _STRIP_H + 20
_LINE_MID: Final = _STRIP_H + 100
_MARKER: Final = 38
_INSET: Final = 14
# A name row's layer reaches this far past the row on every side: its texts and badges stay
# inside, and the panel's frame and rounded corners stay outside.
_ROW_BLEED: Final = 12

#: Domain cells (about 310 KB each): a four-seat table shows 24, in either panel background.
_CELLS = Layers(64)
#: Name rows (about 400 KB each).
_NAME_ROWS = Layers(16)

Marker = tuple[str | Painter, theme.Colour]


class _Cell(NamedTuple):
    """Everything a domain cell shows: the key of its layer."""

    lang: str
    domain: str
    background: theme.Colour
    cards: int
    need: int
    raised: int
    level: int
    embargoed: bool
    culture_lead: bool
    markers: tuple[Marker, ...]


class _NameRow(NamedTuple):
    """Everything a name row shows: the key of its layer."""

    lang: str
    seat: int
    name: str
    badges: tuple[Badge, ...]
    hand_size: int
    hand_limit: int
    background: theme.Colour


def majority_leaders(view: CivView) -> dict[str, set[int]]:
    """After a majority count: per domain, the seats that scored it.

    Taken from the outcome's ``details["domains"]`` (handles per domain) when the engine gives
    them, else the seats with the most cards (nobody scores a domain at 0).
    """
    outcome = view.get("outcome")
    if outcome is None or outcome.get("reason") != "majority":
        return {}
    scored = (outcome.get("details") or {}).get("domains")
    if isinstance(scored, Mapping):
        players = list(view["players"])
        return {
            domain: {players.index(p) for p in holders if p in players}
            for domain, holders in scored.items()
            if isinstance(holders, list)
        }
    leaders: dict[str, set[int]] = {}
    for domain in DOMAINS:
        best = max(seat["area"][domain] for seat in view["seats"])
        if best > 0:
            leaders[domain] = {s["seat"] for s in view["seats"] if s["area"][domain] == best}
    return leaders


def draw_panel(
    c: Canvas,
    ctx: Ctx,
    view: CivView,
    seat: CivSeat,
    leaders: Mapping[str, set[int]],
    y: int,
) -> int:
    """One seat's panel at ``y``; returns the y below it."""
    index = seat["seat"]
    active = view["step"] != "over" and index == view["active"]
    background = theme.PANEL_ACTIVE if active else theme.PANEL
    c.box(
        (_X0, y, _X1, y + PANEL_H),
        background,
        outline=theme.ACCENT if active else None,
        width=5 if active else 0,
    )
    waiting = any(p["seat"] == index for p in view.get("pending") or [])
    row = _NameRow(
        ctx.lang,
        index,
        ctx.name(index),
        tuple(_badges(ctx, view, seat, active, waiting)),
        seat["hand_size"],
        seat["hand_limit"],
        background,
    )
    c.image.paste(
        _NAME_ROWS.get(row, functools.partial(_name_row_image, row)),
        (_X0 + _ROW_BLEED, y + _PAD - _ROW_BLEED),
    )
    coin = view.get("coin")
    top = y + _PAD + _NAME_ROW_H + 10
    for i, domain in enumerate(DOMAINS):
        r, column = divmod(i, _COLUMNS)
        x = _X0 + _PAD + column * (_CELL_W + _CELL_GAP)
        markers: list[Marker] = []
        if domain in seat["embargoed"]:
            markers.append(("no_entry", theme.DANGER))
        if coin is not None and coin["target"] == index and coin["domain"] == domain:
            markers.append((look.culture_coin, theme.ACCENT))
        if index in leaders.get(domain, ()):
            markers.append(("crown", theme.ACCENT))
        cell = _Cell(
            ctx.lang,
            domain,
            background,
            seat["area"][domain],
            seat["hegemony_need"][domain],
            seat["facedown_utopia"][domain],
            seat["levels"][domain],
            domain in seat["embargoed"],
            domain == "culture" and bool(seat["culture_leader"]),
            tuple(markers),
        )
        xy = (x, top + r * (_CELL_H + _CELL_GAP))
        c.image.paste(_CELLS.get(cell, functools.partial(_cell_image, cell)), xy)
    return y + PANEL_H + theme.GAP


def _name_row_image(row: _NameRow) -> Image.Image:
    """Marker, name and badges on the left; hand size / hand limit on the right; on the
    panel's background, :data:`_ROW_BLEED` past the row on every side."""
    ctx = Ctx(row.lang, (), ())
    c = Canvas(_X1 - _X0 - 2 * _ROW_BLEED, _NAME_ROW_H + 2 * _ROW_BLEED, row.background)
    left = _PAD - _ROW_BLEED
    mid = _ROW_BLEED + _NAME_ROW_H // 2
    right = c.width - left
    hand = " / ".join(ctx.number(n) for n in (row.hand_size, row.hand_limit))
    right -= c.text((right, mid), hand, size=Size.HEADING, weight="bold", anchor="rm") + 12
    label = ctx.t("render.civ.hand")
    right -= c.text((right, mid), label, size=Size.SMALL, fill=theme.MUTED, anchor="rm") + 50
    c.symbol("card", (right, mid - 22), 44, theme.MUTED)
    right -= 2 * theme.GAP

    x = left
    c.symbol(theme.player_shape(row.seat), (x, mid - 20), 40, theme.player_colour(row.seat))
    x += 52
    sizes = {"name_size": Size.HEADING, "badge_size": Size.SMALL}
    draw_name_badges(c, row.name, list(row.badges), x, mid, right, **sizes, least=200)
    return c.image


def _badges(ctx: Ctx, view: CivView, seat: CivSeat, active: bool, waiting: bool) -> list[Badge]:
    """The badges after a name, most important first (they are dropped from the end)."""
    index = seat["seat"]
    badges: list[Badge] = []
    outcome = view.get("outcome")
    if seat.get("resigned"):
        badges.append(("no_entry", ctx.t("render.civ.resigned"), theme.BORDER))
    if outcome is not None:
        rank = outcome["ranks"][index]
        if outcome["reason"] == "majority":  # otherwise the scores are just 1 and 0
            text = ctx.t("render.civ.place", rank=rank, count=outcome["scores"][index])
        else:
            text = ctx.t("render.civ.place_only", rank=rank)
        badges.append(("crown", text, theme.ACCENT) if rank == 1 else (None, text, theme.BORDER))
    elif active and not view["step"].startswith("draft"):
        badges.append(("play", ctx.t("render.civ.active"), theme.ACCENT))
    elif waiting or active:  # a draft choice, or a seat answering someone else's effect
        badges.append(("hourglass", ctx.t("render.civ.waiting"), theme.ACCENT))
    team = seat.get("team")
    if team is not None:
        colour = look.TEAM_COLOURS[team % len(look.TEAM_COLOURS)]
        badges.append((None, ctx.t("render.civ.team", team=team_letter(team)), colour))
    if index == view["start_seat"]:
        badges.append(("flag", ctx.t("render.civ.start"), theme.BORDER))
    return badges


def _cell_image(cell: _Cell) -> Image.Image:
    """One domain of one player: count / hegemony need and level pips on one row; under them
    the effect reached (or "Embargo", or the Culture lead) with the markers at its right
    (embargo, the Culture coin, a majority won at the end)."""
    ctx = Ctx(cell.lang, (), ())
    domain, count, need, level = cell.domain, cell.cards, cell.need, cell.level
    colour = look.DOMAIN_COLOURS[domain]
    c = Canvas(_CELL_W, _CELL_H, cell.background)
    c.image.paste(_cell_base(domain, domain_name(ctx, domain), cell.background, cell.embargoed))

    # The count, then "/need" for hegemony, in the accent colour when one card away.
    base = _COUNT_BASE
    count_w = c.text(
        (_INSET, base),
        ctx.number(count),
        size=Size.COUNT,
        weight="bold",
        fill=theme.TEXT if count else theme.MUTED,
        anchor="ls",
    )
    need_w = c.text(
        (_INSET + 6 + count_w, base),
        f"/{ctx.number(need)}",
        size=Size.BODY,
        weight="semibold",
        fill=theme.ACCENT if need - count <= 1 else theme.MUTED,
        anchor="ls",
    )
    if cell.raised:  # face-down Utopia cards (Republic) raising the need
        rx = _INSET + 14 + count_w + need_w
        utopia = look.DOMAIN_COLOURS["utopia"]
        c.symbol("card", (rx, base - 34), 34, utopia)
        c.text(
            (rx + 32, base),
            f"+{cell.raised}",
            size=Size.SMALL,
            weight="bold",
            fill=utopia,
            anchor="ls",
        )
    if domain != "culture":
        ink = theme.ink_on(colour)
        for i in range(1, min(level, 2) + 1):  # the base image has both pips empty
            px = _pip_x(i)
            c.box((px, _PIP_TOP, px + _PIP_W, _PIP_TOP + _PIP_H), colour, radius=8)
            c.text(
                (px + _PIP_W // 2, _PIP_TOP + _PIP_H // 2),
                look.ROMAN[i],
                size=Size.SMALL,
                weight="bold",
                fill=ink,
                anchor="mm",
            )
    mid = _LINE_MID
    for i, (symbol, tint) in enumerate(cell.markers):
        mx = _CELL_W - _INSET - _MARKER - (_MARKER + 6) * i
        c.symbol(symbol, (mx, mid - _MARKER // 2), _MARKER, tint)
    room = _CELL_W - 2 * _INSET - (_MARKER + 6) * len(cell.markers)
    weight: Weight
    if cell.embargoed:
        label, weight, fill = ctx.t("render.civ.embargo"), "bold", theme.DANGER
    elif cell.culture_lead:
        c.symbol(look.culture_coin, (_INSET, mid - 18), 36, theme.ACCENT)
        c.text(
            (_INSET + 44, mid),
            ctx.t("render.civ.culture_lead"),
            size=Size.SMALL,
            weight="semibold",
            fill=theme.ACCENT,
            anchor="lm",
            max_width=room - 44,
        )
        return c.image
    elif level and domain != "culture":
        label, weight, fill = effect_name(ctx, domain, level), "regular", theme.TEXT
    else:
        return c.image
    c.text(
        (_INSET, mid), label, size=Size.SMALL, weight=weight, fill=fill, anchor="lm", max_width=room
    )
    return c.image


def _pip_x(level: int) -> int:
    """The left edge of the level ``level`` pip inside a cell (the pips end at the right)."""
    return _CELL_W - _INSET - (3 - level) * _PIP_W - (2 - level) * _PIP_GAP


@functools.lru_cache(maxsize=128)
def _cell_base(domain: str, name: str, background: theme.Colour, embargoed: bool) -> Image.Image:
    """The static part of a cell: frame, coloured strip with symbol and name, empty pips."""
    colour = look.DOMAIN_COLOURS[domain]
    ink = theme.ink_on(colour)
    cell = Canvas(_CELL_W, _CELL_H, background)
    cell.box((0, 0, _CELL_W - 1, _CELL_H - 1), theme.CELL)
    cell.box((0, 0, _CELL_W - 1, _STRIP_H), colour)
    cell.draw.rectangle((0, _STRIP_H - theme.RADIUS, _CELL_W - 1, _STRIP_H), fill=colour)
    cell.symbol(look.DOMAIN_SYMBOLS[domain], (12, (_STRIP_H - 34) // 2), 34, ink)
    cell.text(
        (58, _STRIP_H // 2),
        name,
        size=Size.SMALL,
        weight="semibold",
        fill=ink,
        anchor="lm",
        max_width=_CELL_W - 70,
    )
    if domain != "culture":
        for i in (1, 2):
            px = _pip_x(i)
            box = (px, _PIP_TOP, px + _PIP_W, _PIP_TOP + _PIP_H)
            cell.box(box, None, outline=theme.BORDER, width=2, radius=8)
            cell.text(
                (px + _PIP_W // 2, _PIP_TOP + _PIP_H // 2),
                look.ROMAN[i],
                size=Size.SMALL,
                weight="bold",
                fill=theme.MUTED,
                anchor="mm",
            )
    if embargoed:
        cell.box((0, 0, _CELL_W - 1, _CELL_H - 1), None, outline=theme.DANGER, width=5)
    return cell.image
