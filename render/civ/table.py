"""The public CIV table: header, one panel per player, the shared cards, the last actions.

The table never reads the hand or private fields of a view: :func:`table_png` works on
:func:`public_view`, a copy holding only the public keys, so passing a seat's view by mistake
cannot leak a hand into the thread.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

import locales
from render import theme
from render.canvas import Badge, Canvas
from render.civ import look
from render.civ.common import (
    DOMAINS,
    SMALL_CARD,
    Ctx,
    context,
    domain_name,
    draw_card_row,
    draw_small_card,
    effect_name,
    team_letter,
)
from render.context import label_or
from render.context import public_view as public_keys
from render.sections import draw_banner, draw_recent
from render.symbols import Painter
from render.theme import Size

__all__ = ["PUBLIC_KEYS", "public_view", "table_png"]

PUBLIC_KEYS = (
    "game",
    "players",
    "options",
    "teams",
    "start_seat",
    "active",
    "step",
    "turn_number",
    "final_round",
    "thresholds",
    "deck",
    "discard",
    "coin",
    "centre",
    "seats",
    "turn",
    "pending",
    "recent",
    "outcome",
)

# Layout (pixels). Cells line up from panel to panel, so a domain compares down a column.
_PAD = 18
_X0 = theme.MARGIN
_X1 = theme.WIDTH - theme.MARGIN
_CELL_GAP = 12
_CELL_W = (_X1 - _X0 - 2 * _PAD - 5 * _CELL_GAP) // 6
_STRIP_H = 46
_CELL_H = 200
_NAME_ROW_H = 52
_PANEL_H = 2 * _PAD + _NAME_ROW_H + 10 + _CELL_H
_HEADER_H = 200
_BANNER_H = 104
_LINE_H = Size.BODY + 8


def table_png(view: Mapping[str, Any], *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table of a CIV game as PNG bytes."""
    public = public_view(view)
    ctx = context(public, lang, names)
    canvas = Canvas(theme.WIDTH, _height_bound(public))
    y = theme.MARGIN
    y = _draw_header(canvas, ctx, public, y)
    y = _draw_banner(canvas, ctx, public, y)
    leaders = _majority_leaders(public)
    for seat in public["seats"]:
        y = _draw_panel(canvas, ctx, public, seat, leaders, y)
    y = _draw_shared_cards(canvas, ctx, public, y)
    y = _draw_recent(canvas, ctx, public, y)
    return canvas.png(y - theme.GAP + theme.MARGIN)


def public_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """Only the keys every seat may see (never ``hand`` or ``private``)."""
    return public_keys(view, PUBLIC_KEYS)


def _height_bound(view: Mapping[str, Any]) -> int:
    """A height the page cannot exceed (the canvas is cropped to what was used)."""
    centre_rows = (len(view.get("centre") or []) + 9) // 10
    return (
        2 * theme.MARGIN
        + _HEADER_H
        + _BANNER_H
        + theme.GAP
        + len(view["seats"]) * (_PANEL_H + theme.GAP)
        + 360
        + centre_rows * (SMALL_CARD[1] + Size.SMALL + 30)
        + 60
        + len(view.get("recent") or []) * (2 * _LINE_H + 4)
    )


# Header and banners ----------------------------------------------------------------------------


def header_title(ctx: Ctx, view: Mapping[str, Any]) -> str:
    """The header's title: whose turn it is (or the draft, or the game's end)."""
    step = view["step"]
    if step == "over":
        return ctx.t("render.civ.title_over")
    if step.startswith("draft"):
        return ctx.t("render.civ.title_draft")
    return ctx.t("render.civ.turn", turn=view["turn_number"], player=ctx.name(view["active"]))


def _draw_header(c: Canvas, ctx: Ctx, view: Mapping[str, Any], y: int) -> int:
    step = view["step"]
    x = _X0
    width = _X1 - _X0 - _draw_deck(c, ctx, view["deck"], y) - 2 * theme.GAP
    title = header_title(ctx, view)
    if step != "over" and not step.startswith("draft"):
        active = view["active"]
        c.symbol(theme.player_shape(active), (x, y + 6), 40, theme.player_colour(active))
        x += 40 + theme.GAP
    c.text((x, y), title, size=Size.TITLE, weight="bold", max_width=_X0 + width - x)
    y += Size.TITLE + 12
    c.text(
        (_X0, y),
        ctx.t(f"render.civ.step.{step}"),
        size=Size.BODY,
        weight="semibold",
        fill=theme.ACCENT,
        max_width=width,
    )
    y += Size.BODY + 12
    levels = view["thresholds"]
    legend = ctx.t(
        "render.civ.legend",
        level1=levels["level1"],
        level2=levels["level2"],
        hegemony=levels["hegemony"],
    )
    c.text((_X0, y), legend, size=Size.SMALL, fill=theme.MUTED, max_width=width)
    return y + Size.SMALL + 2 * theme.GAP


def _draw_deck(c: Canvas, ctx: Ctx, deck: Mapping[str, Any], y: int) -> int:
    """Cards left in the deck, in total and per age, right-aligned; returns the width used."""
    label = ctx.t("render.civ.deck", count=deck["total"])
    ages = [
        (f"{look.ROMAN[a]}:", locales.format_number(ctx.lang, deck["by_age"][str(a)]))
        for a in (1, 2, 3)
    ]
    ages_w = sum(
        Canvas.measure(roman, Size.BODY) + Canvas.measure(n, Size.BODY, "bold") + 34
        for roman, n in ages
    )
    label_w = Canvas.measure(label, Size.HEADING, "bold") + 56
    width = max(label_w, ages_w - 26) + 2 * _PAD
    c.box((_X1 - width, y, _X1, y + 124), theme.PANEL)
    c.symbol("card", (_X1 - _PAD - label_w, y + 12), 44, theme.MUTED)
    c.text((_X1 - _PAD, y + 12), label, size=Size.HEADING, weight="bold", anchor="ra")
    x = _X1 - _PAD - ages_w + 26
    for roman, n in ages:
        x += c.text((x, y + 104), roman, size=Size.BODY, fill=theme.MUTED, anchor="ls") + 8
        x += c.text((x, y + 104), n, size=Size.BODY, weight="bold", anchor="ls") + 26
    return width


def _draw_banner(c: Canvas, ctx: Ctx, view: Mapping[str, Any], y: int) -> int:
    """The outcome at game end, else the final-round warning, else nothing."""
    outcome = view.get("outcome")
    if outcome is not None:
        headline, detail = _outcome_text(ctx, view, outcome)
        return draw_banner(c, "crown", headline, detail, y)
    if view.get("final_round"):
        ink = theme.ink_on(look.FINAL)
        c.box((_X0, y, _X1, y + 64), look.FINAL)
        c.symbol("hourglass", (_X0 + _PAD, y + 14), 36, ink)
        c.text(
            (_X0 + _PAD + 52, y + 32),
            ctx.t("render.civ.final_round"),
            size=Size.BODY,
            weight="bold",
            fill=ink,
            anchor="lm",
            max_width=_X1 - _X0 - 3 * _PAD - 52,
        )
        return y + 64 + theme.GAP
    return y


def _outcome_text(ctx: Ctx, view: Mapping[str, Any], outcome: Mapping[str, Any]) -> tuple[str, str]:
    """The headline (who won) and the detail line (how) of a finished game."""
    winners = [i for i, rank in enumerate(outcome["ranks"]) if rank == 1]
    players = [ctx.name(i) for i in winners]
    teams = {view["seats"][i].get("team") for i in winners}
    if len(teams) == 1 and None not in teams:
        headline = ctx.t("render.civ.winner_team", team=team_letter(teams.pop()), players=players)
    else:
        headline = ctx.t("render.civ.winner", count=len(winners), players=players)
    reason = str(outcome["reason"])
    details = outcome.get("details") or {}
    params: dict[str, Any] = {"domain": details.get("domain")}
    if isinstance(details.get("player"), str) and details["player"] in ctx.handles:
        params["player"] = ctx.name(ctx.handles.index(details["player"]))
    detail = label_or(ctx, f"render.civ.reason.{reason}", reason, **params)
    tiebreak = outcome.get("tiebreak")
    if tiebreak:  # "utopia" ... or "shared", described by the CIV catalogue
        criterion = label_or(ctx, f"civ.tiebreak.{tiebreak}", str(tiebreak))
        detail += " · " + ctx.t("render.civ.tiebreak", criterion=criterion)
    return headline, detail


# Player panels ---------------------------------------------------------------------------------


def _majority_leaders(view: Mapping[str, Any]) -> dict[str, set[int]]:
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


def _draw_panel(
    c: Canvas,
    ctx: Ctx,
    view: Mapping[str, Any],
    seat: Mapping[str, Any],
    leaders: Mapping[str, set[int]],
    y: int,
) -> int:
    index = seat["seat"]
    active = view["step"] != "over" and index == view["active"]
    background = theme.PANEL_ACTIVE if active else theme.PANEL
    c.box(
        (_X0, y, _X1, y + _PANEL_H),
        background,
        outline=theme.ACCENT if active else None,
        width=5 if active else 0,
    )
    waiting = any(p["seat"] == index for p in view.get("pending") or [])
    _draw_name_row(c, ctx, view, seat, y + _PAD, _badges(ctx, view, seat, active, waiting))
    coin = view.get("coin")
    top = y + _PAD + _NAME_ROW_H + 10
    for i, domain in enumerate(DOMAINS):
        x = _X0 + _PAD + i * (_CELL_W + _CELL_GAP)
        markers: list[tuple[str | Painter, theme.Colour]] = []
        if domain in seat["embargoed"]:
            markers.append(("no_entry", theme.DANGER))
        if coin is not None and coin["target"] == index and coin["domain"] == domain:
            markers.append((look.culture_coin, theme.ACCENT))
        if index in leaders.get(domain, ()):
            markers.append(("crown", theme.ACCENT))
        _draw_cell(c, ctx, seat, domain, (x, top), background, markers)
    return y + _PANEL_H + theme.GAP


def _draw_name_row(
    c: Canvas,
    ctx: Ctx,
    view: Mapping[str, Any],
    seat: Mapping[str, Any],
    y: int,
    badges: list[Badge],
) -> None:
    """Marker, name and badges on the left; hand size / hand limit on the right."""
    index = seat["seat"]
    mid = y + _NAME_ROW_H // 2
    right = _X1 - _PAD
    hand = " / ".join(locales.format_number(ctx.lang, seat[k]) for k in ("hand_size", "hand_limit"))
    right -= c.text((right, mid), hand, size=Size.HEADING, weight="bold", anchor="rm") + 12
    right -= (
        c.text(
            (right, mid), ctx.t("render.civ.hand"), size=Size.SMALL, fill=theme.MUTED, anchor="rm"
        )
        + 44
    )
    c.symbol("card", (right, mid - 20), 40, theme.MUTED)
    right -= 2 * theme.GAP

    x = _X0 + _PAD
    c.symbol(theme.player_shape(index), (x, mid - 18), 36, theme.player_colour(index))
    x += 48
    badges_w = sum(Canvas.badge_width(b) + 10 for b in badges)
    x += (
        c.text(
            (x, mid),
            ctx.name(index),
            size=Size.HEADING,
            weight="bold",
            anchor="lm",
            max_width=max(160, right - x - badges_w),
        )
        + 16
    )
    for badge in badges:
        if x + Canvas.badge_width(badge) > right:
            break
        x += c.badge(badge, x, mid) + 10


def _badges(
    ctx: Ctx, view: Mapping[str, Any], seat: Mapping[str, Any], active: bool, waiting: bool
) -> list[Badge]:
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


def _draw_cell(
    c: Canvas,
    ctx: Ctx,
    seat: Mapping[str, Any],
    domain: str,
    xy: tuple[int, int],
    background: theme.Colour,
    markers: list[tuple[str | Painter, theme.Colour]],
) -> None:
    """One domain of one player: count / hegemony need, level pips, effect, and markers
    (embargo, the Culture coin, a majority won at the end) at the right of the count."""
    x, y = xy
    colour = look.DOMAIN_COLOURS[domain]
    embargoed = domain in seat["embargoed"]
    count = seat["area"][domain]
    need = seat["hegemony_need"][domain]
    raised = seat["facedown_utopia"][domain]
    level = seat["levels"][domain]
    c.image.paste(_cell_base(domain, domain_name(ctx, domain), background, embargoed), (x, y))

    # The count, then "/need" for hegemony, in the accent colour when one card away.
    base = y + _STRIP_H + 64
    count_w = c.text(
        (x + 14, base),
        locales.format_number(ctx.lang, count),
        size=Size.COUNT,
        weight="bold",
        fill=theme.TEXT if count else theme.MUTED,
        anchor="ls",
    )
    need_w = c.text(
        (x + 20 + count_w, base),
        f"/{locales.format_number(ctx.lang, need)}",
        size=Size.BODY,
        weight="semibold",
        fill=theme.ACCENT if need - count <= 1 else theme.MUTED,
        anchor="ls",
    )
    if raised:  # face-down Utopia cards (Republic) raising the need
        rx = x + 24 + count_w + need_w
        utopia = look.DOMAIN_COLOURS["utopia"]
        c.symbol("card", (rx, base - 30), 30, utopia)
        c.text(
            (rx + 28, base), f"+{raised}", size=Size.SMALL, weight="bold", fill=utopia, anchor="ls"
        )
    row = y + _STRIP_H + 74
    for i, (symbol, tint) in enumerate(markers):  # right of the pips, which end at 128 px
        c.symbol(symbol, (x + _CELL_W - 46 - 40 * i, row), 34, tint)
    if domain == "culture":
        if seat["culture_leader"]:
            c.symbol(look.culture_coin, (x + 12, row + 1), 32, theme.ACCENT)
            c.text(
                (x + 52, row + 17),
                ctx.t("render.civ.culture_lead"),
                size=Size.SMALL,
                weight="semibold",
                fill=theme.ACCENT,
                anchor="lm",
                max_width=_CELL_W - 64 - 40 * len(markers),
            )
    else:
        ink = theme.ink_on(colour)
        for i in range(1, min(level, 2) + 1):  # the base image has both pips empty
            px = x + 12 + (i - 1) * 62
            c.box((px, row, px + 54, row + 34), colour, radius=8)
            c.text(
                (px + 27, row + 17),
                look.ROMAN[i],
                size=Size.SMALL,
                weight="bold",
                fill=ink,
                anchor="mm",
            )
    line = y + _STRIP_H + 118
    if embargoed:
        c.text(
            (x + 12, line),
            ctx.t("render.civ.embargo"),
            size=Size.SMALL,
            weight="bold",
            fill=theme.DANGER,
            max_width=_CELL_W - 24,
        )
    elif level and domain != "culture":
        c.text(
            (x + 12, line), effect_name(ctx, domain, level), size=Size.SMALL, max_width=_CELL_W - 24
        )


@functools.lru_cache(maxsize=128)
def _cell_base(domain: str, name: str, background: theme.Colour, embargoed: bool) -> Image.Image:
    """The static part of a cell: frame, coloured strip with symbol and name, empty pips."""
    colour = look.DOMAIN_COLOURS[domain]
    ink = theme.ink_on(colour)
    cell = Canvas(_CELL_W, _CELL_H, background)
    cell.box((0, 0, _CELL_W - 1, _CELL_H - 1), theme.CELL)
    cell.box((0, 0, _CELL_W - 1, _STRIP_H), colour)
    cell.draw.rectangle((0, _STRIP_H - theme.RADIUS, _CELL_W - 1, _STRIP_H), fill=colour)
    cell.symbol(look.DOMAIN_SYMBOLS[domain], (10, 8), 30, ink)
    cell.text(
        (48, _STRIP_H // 2),
        name,
        size=Size.SMALL,
        weight="semibold",
        fill=ink,
        anchor="lm",
        max_width=_CELL_W - 56,
    )
    if domain != "culture":
        row = _STRIP_H + 74
        for i in (1, 2):
            px = 12 + (i - 1) * 62
            cell.box((px, row, px + 54, row + 34), None, outline=theme.BORDER, width=2, radius=8)
            cell.text(
                (px + 27, row + 17),
                look.ROMAN[i],
                size=Size.SMALL,
                weight="bold",
                fill=theme.MUTED,
                anchor="mm",
            )
    if embargoed:
        cell.box((0, 0, _CELL_W - 1, _CELL_H - 1), None, outline=theme.DANGER, width=5)
    return cell.image


# Shared cards and history ----------------------------------------------------------------------


def _draw_shared_cards(c: Canvas, ctx: Ctx, view: Mapping[str, Any], y: int) -> int:
    """The draft centre, the discard pile (top card, counts by domain) and the Culture coin."""
    centre: list[str] = list(view.get("centre") or [])
    discard: list[str] = list(view.get("discard") or [])
    top = y
    y += _PAD
    x = _X0 + _PAD
    if centre:
        c.text((x, y), ctx.t("render.civ.centre"), size=Size.BODY, weight="bold")
        y = draw_card_row(c, ctx, centre, (x, y + Size.BODY + 14))
    c.text((x, y), ctx.t("render.civ.discard", count=len(discard)), size=Size.BODY, weight="bold")
    y += Size.BODY + 14
    card_w, card_h = 64, 90
    if discard:
        draw_small_card(c, discard[-1], (x, y), (card_w, card_h))
        c.text(
            (x + card_w // 2, y + card_h + 6),
            ctx.t("render.civ.discard_top"),
            size=Size.SMALL,
            fill=theme.MUTED,
            anchor="ma",
        )
    x += card_w + 28
    step = (_X1 - _PAD - x) // 6
    for i, domain in enumerate(DOMAINS):
        n = discard.count(domain)
        dx = x + i * step
        c.symbol(
            look.DOMAIN_SYMBOLS[domain],
            (dx, y + 8),
            40,
            look.DOMAIN_COLOURS[domain] if n else theme.BORDER,
        )
        c.text(
            (dx + 50, y + 28),
            locales.format_number(ctx.lang, n),
            size=Size.HEADING,
            weight="bold",
            fill=theme.TEXT if n else theme.MUTED,
            anchor="lm",
        )
        c.text(
            (dx, y + 60),
            domain_name(ctx, domain),
            size=Size.SMALL,
            fill=theme.MUTED,
            max_width=step - 12,
        )
    y = _draw_coin(c, ctx, view.get("coin"), y + card_h + 44)
    c.box((_X0, top, _X1, y + _PAD - theme.GAP), None, outline=theme.BORDER, width=2)
    return y + _PAD


def _draw_coin(c: Canvas, ctx: Ctx, coin: Mapping[str, Any] | None, y: int) -> int:
    x = _X0 + _PAD
    c.symbol(look.culture_coin, (x, y), 40, theme.ACCENT if coin else theme.MUTED)
    if coin is None:
        text = ctx.t("render.civ.coin_neutral")
    else:
        text = ctx.t(
            "render.civ.coin_held",
            holder=ctx.name(coin["holder"]),
            target=ctx.name(coin["target"]),
            effect=effect_name(ctx, coin["domain"], coin["level"]),
        )
    lines = Canvas.wrap(text, Size.BODY, "regular", _X1 - _X0 - 2 * _PAD - 56, 2)
    for i, line in enumerate(lines):
        c.text((x + 56, y + 20 + i * _LINE_H), line, size=Size.BODY, anchor="lm")
    return y + max(40, len(lines) * _LINE_H) + theme.GAP


def _draw_recent(c: Canvas, ctx: Ctx, view: Mapping[str, Any], y: int) -> int:
    """The last public events, oldest first."""
    return draw_recent(c, ctx, ctx.t("render.civ.recent"), view.get("recent") or [], y)
