"""The public CIV table: header, one panel per player (:mod:`render.civ.panels`), the shared
cards, the last actions. Every text is at least :data:`render.civ.look.Size.SMALL` (35 px).

The table never reads the hand or private fields of a view: :func:`table_png` works on
:func:`public_view`, a copy holding only the public keys, so passing a seat's view by mistake
cannot leak a hand into the thread.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, NamedTuple, cast

from PIL import Image

from render import theme
from render.canvas import Canvas
from render.civ import look
from render.civ.common import (
    DOMAINS,
    SMALL_CARD,
    Ctx,
    card_row_height,
    context,
    domain_name,
    draw_card_row,
    draw_small_card,
    effect_name,
    team_letter,
)
from render.civ.look import Size
from render.civ.panels import PANEL_H, draw_panel, majority_leaders
from render.context import label_or
from render.context import public_view as public_keys
from render.layers import Layers
from render.sections import banner_height, draw_banner, draw_recent, recent_height, wrap_recent
from rules.civ.views import CivDeck, CivOutcome, CivView

__all__ = ["PUBLIC_KEYS", "public_view", "table_png"]

#: The keys every seat sees alike: those of :class:`CivView` (a seat's view adds ``hand`` and
#: ``private``).
PUBLIC_KEYS: Final = tuple(CivView.__annotations__)

# Layout (pixels).
_PAD = 18
_X0 = look.MARGIN
_X1 = look.WIDTH - look.MARGIN
_HEADER_H = 300
_BANNER_H = banner_height(Size.HEADING, Size.SMALL)
_LINE_H = Size.BODY + 8
_DECK_H = 140
_TOP_CARD = (84, 118)

#: The deck's box (about 200 KB).
_DECKS = Layers(4)
#: The shared cards, across the page (about 2 MB).
_SHARED = Layers(4)


class _Shared(NamedTuple):
    """Everything the shared cards show: the key of their layer."""

    lang: str
    centre: tuple[str, ...]
    discarded: int
    top: str | None
    counts: tuple[int, ...]  # discarded cards per domain
    coin: tuple[str, str, str, int] | None  # holder's and target's names, domain, level


def table_png(view: CivView, *, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table of a CIV game as PNG bytes."""
    public = public_view(view)
    ctx = context(public, lang, names)
    recent = wrap_recent(ctx, public.get("recent") or [], size=Size.BODY)
    canvas = Canvas(look.WIDTH, _height_bound(public) + recent_height(recent, Size.BODY))
    y = look.MARGIN
    y = _draw_header(canvas, ctx, public, y)
    y = _draw_banner(canvas, ctx, public, y)
    leaders = majority_leaders(public)
    for seat in public["seats"]:
        y = draw_panel(canvas, ctx, public, seat, leaders, y)
    y = _draw_shared_cards(canvas, ctx, public, y)
    y = draw_recent(canvas, ctx.t("render.civ.recent"), recent, y, size=Size.BODY)
    return canvas.png(y - theme.GAP + look.MARGIN)


def public_view(view: CivView) -> CivView:
    """Only the keys every seat sees alike, as a spectator's view (``seat`` None): a table
    drawn from it cannot show a hand or a private part, whatever view it was given."""
    return cast(CivView, {**public_keys(view, PUBLIC_KEYS), "seat": None})


def _height_bound(view: CivView) -> int:
    """A height the page above the last actions cannot exceed (the canvas is cropped to what
    was used)."""
    return (
        2 * look.MARGIN
        + _HEADER_H
        + _BANNER_H
        + theme.GAP
        + len(view["seats"]) * (PANEL_H + theme.GAP)
        + _shared_bound(len(view.get("centre") or []))
    )


def _shared_bound(centre: int) -> int:
    """A height the shared cards cannot exceed with ``centre`` cards in the draft centre."""
    return 480 + (centre + 6) // 7 * (SMALL_CARD[1] + Size.SMALL + 30)


# Header and banners ----------------------------------------------------------------------------


def header_title(ctx: Ctx, view: CivView) -> str:
    """The header's title: whose turn it is (or the draft, or the game's end)."""
    step = view["step"]
    if step == "over":
        return ctx.t("render.civ.title_over")
    if step.startswith("draft"):
        return ctx.t("render.civ.title_draft")
    return ctx.t("render.civ.turn", turn=view["turn_number"], player=ctx.name(view["active"]))


def _draw_header(c: Canvas, ctx: Ctx, view: CivView, y: int) -> int:
    step, top = view["step"], y
    x = _X0
    width = _X1 - _X0 - _draw_deck(c, ctx, view["deck"], y) - 2 * theme.GAP
    title = header_title(ctx, view)
    if step != "over" and not step.startswith("draft"):
        active = view["active"]
        c.symbol(theme.player_shape(active), (x, y + 8), 46, theme.player_colour(active))
        x += 46 + theme.GAP
    c.text((x, y), title, size=Size.TITLE, weight="bold", max_width=_X0 + width - x)
    y += Size.TITLE + 14
    c.text(
        (_X0, y),
        ctx.t(f"render.civ.step.{step}"),
        size=Size.BODY,
        weight="semibold",
        fill=theme.ACCENT,
        max_width=width,
    )
    # Below the deck box the legend has the full width, and seldom needs a second line.
    y = max(y + Size.BODY + 12, top + _DECK_H + theme.GAP)
    levels = view["thresholds"]
    legend = ctx.t(
        "render.civ.legend",
        level1=levels["level1"],
        level2=levels["level2"],
        hegemony=levels["hegemony"],
    )
    for line in Canvas.wrap(legend, Size.SMALL, "regular", _X1 - _X0, 2):
        c.text((_X0, y), line, size=Size.SMALL, fill=theme.MUTED)
        y += Size.SMALL + 8
    return y + 2 * theme.GAP


def _draw_deck(c: Canvas, ctx: Ctx, deck: CivDeck, y: int) -> int:
    """Cards left in the deck, in total and per age, right-aligned; returns the width used."""
    by_age = tuple(deck["by_age"][str(a)] for a in (1, 2, 3))
    key = (ctx.lang, deck["total"], by_age)
    layer = _DECKS.get(key, functools.partial(_deck_image, ctx.lang, deck["total"], by_age))
    c.image.paste(layer, (_X1 - layer.width + 1, y))
    return layer.width - 1


def _deck_image(lang: str, total: int, by_age: tuple[int, ...]) -> Image.Image:
    """The deck's box on the page's background (its right edge the page's margin)."""
    ctx = Ctx(lang, (), ())
    label = ctx.t("render.civ.deck", count=total)
    ages = [(f"{look.ROMAN[a]}:", ctx.number(n)) for a, n in enumerate(by_age, 1)]
    ages_w = sum(
        Canvas.measure(roman, Size.BODY) + Canvas.measure(n, Size.BODY, "bold") + 36
        for roman, n in ages
    )
    label_w = Canvas.measure(label, Size.HEADING, "bold") + 60
    width = max(label_w, ages_w - 28) + 2 * _PAD
    c = Canvas(width + 1, _DECK_H + 1)
    right, y = width, 0
    c.box((0, y, right, y + _DECK_H), theme.PANEL)
    c.symbol("card", (right - _PAD - label_w, y + 14), 48, theme.MUTED)
    c.text((right - _PAD, y + 14), label, size=Size.HEADING, weight="bold", anchor="ra")
    x = right - _PAD - ages_w + 28
    for roman, n in ages:
        x += c.text((x, y + 120), roman, size=Size.BODY, fill=theme.MUTED, anchor="ls") + 8
        x += c.text((x, y + 120), n, size=Size.BODY, weight="bold", anchor="ls") + 28
    return c.image


def _draw_banner(c: Canvas, ctx: Ctx, view: CivView, y: int) -> int:
    """The outcome at game end, else the final-round warning, else nothing."""
    outcome = view.get("outcome")
    if outcome is not None:
        headline, detail = _outcome_text(ctx, view, outcome)
        return draw_banner(
            c, "crown", headline, detail, y, heading_size=Size.HEADING, detail_size=Size.SMALL
        )
    if view.get("final_round"):
        ink = theme.ink_on(look.FINAL)
        c.box((_X0, y, _X1, y + 68), look.FINAL)
        c.symbol("hourglass", (_X0 + _PAD, y + 14), 40, ink)
        c.text(
            (_X0 + _PAD + 56, y + 34),
            ctx.t("render.civ.final_round"),
            size=Size.BODY,
            weight="bold",
            fill=ink,
            anchor="lm",
            max_width=_X1 - _X0 - 3 * _PAD - 56,
        )
        return y + 68 + theme.GAP
    return y


def _outcome_text(ctx: Ctx, view: CivView, outcome: CivOutcome) -> tuple[str, str]:
    """The headline (who won) and the detail line (how) of a finished game."""
    winners = [i for i, rank in enumerate(outcome["ranks"]) if rank == 1]
    players = [ctx.name(i) for i in winners]
    teams = {view["seats"][i]["team"] for i in winners}
    team = teams.pop() if len(teams) == 1 else None
    if team is not None:
        headline = ctx.t("render.civ.winner_team", team=team_letter(team), players=players)
    else:
        headline = ctx.t("render.civ.winner", count=len(winners), players=players)
    reason = str(outcome["reason"])
    details = outcome.get("details") or {}
    params: dict[str, str | None] = {"domain": details.get("domain")}
    if isinstance(details.get("player"), str) and details["player"] in ctx.handles:
        params["player"] = ctx.name(ctx.handles.index(details["player"]))
    detail = label_or(ctx, f"render.civ.reason.{reason}", reason, **params)
    tiebreak = outcome.get("tiebreak")
    if tiebreak:  # "utopia" ... or "shared", described by the CIV catalogue
        criterion = label_or(ctx, f"civ.tiebreak.{tiebreak}", str(tiebreak))
        detail += " · " + ctx.t("render.civ.tiebreak", criterion=criterion)
    return headline, detail


# Shared cards and history ----------------------------------------------------------------------


def _draw_shared_cards(c: Canvas, ctx: Ctx, view: CivView, y: int) -> int:
    """The draft centre, the discard pile (top card, counts by domain) and the Culture coin."""
    discard: list[str] = list(view.get("discard") or [])
    coin = view.get("coin")
    key = _Shared(
        ctx.lang,
        tuple(view.get("centre") or []),
        len(discard),
        discard[-1] if discard else None,
        tuple(discard.count(domain) for domain in DOMAINS),
        None
        if coin is None
        else (ctx.name(coin["holder"]), ctx.name(coin["target"]), coin["domain"], coin["level"]),
    )
    layer = _SHARED.get(key, functools.partial(_shared_image, key))
    c.image.paste(layer, (0, y))
    return y + layer.height


def _shared_image(key: _Shared) -> Image.Image:
    """The shared cards across the page, on its background, as tall as they are."""
    ctx = Ctx(key.lang, (), ())
    coin = _coin_lines(ctx, key.coin)
    height = _PAD + Size.BODY + 16 + _TOP_CARD[1] + Size.SMALL + 24 + _coin_height(coin) + _PAD
    if key.centre:
        height += Size.BODY + 14 + card_row_height(len(key.centre), _X0 + _PAD)
    c = Canvas(look.WIDTH, height)
    y = top = 0
    y += _PAD
    x = _X0 + _PAD
    if key.centre:
        c.text((x, y), ctx.t("render.civ.centre"), size=Size.BODY, weight="bold")
        y = draw_card_row(c, ctx, key.centre, (x, y + Size.BODY + 14))
    c.text((x, y), ctx.t("render.civ.discard", count=key.discarded), size=Size.BODY, weight="bold")
    y += Size.BODY + 16
    card_w, card_h = _TOP_CARD
    top_label = ctx.t("render.civ.discard_top")
    column = max(card_w, Canvas.measure(top_label, Size.SMALL))  # the top card over its label
    if key.top is not None:
        draw_small_card(c, key.top, (x + (column - card_w) // 2, y), (card_w, card_h))
        c.text(
            (x + column // 2, y + card_h + 6),
            top_label,
            size=Size.SMALL,
            fill=theme.MUTED,
            anchor="ma",
        )
    x += column + 28
    step = (_X1 - _PAD - x) // 6
    for i, (domain, n) in enumerate(zip(DOMAINS, key.counts, strict=True)):
        dx = x + i * step
        c.symbol(
            look.DOMAIN_SYMBOLS[domain],
            (dx, y + 10),
            44,
            look.DOMAIN_COLOURS[domain] if n else theme.BORDER,
        )
        c.text(
            (dx + 54, y + 32),
            ctx.number(n),
            size=Size.HEADING,
            weight="bold",
            fill=theme.TEXT if n else theme.MUTED,
            anchor="lm",
        )
        c.text(
            (dx, y + 70),
            domain_name(ctx, domain),
            size=Size.SMALL,
            fill=theme.MUTED,
            max_width=step - 10,
        )
    y = _draw_coin(c, key.coin is not None, coin, y + card_h + Size.SMALL + 24)
    c.box((_X0, top, _X1, y + _PAD - theme.GAP), None, outline=theme.BORDER, width=2)
    return c.image


def _coin_lines(ctx: Ctx, coin: tuple[str, str, str, int] | None) -> list[str]:
    """Who copied what from whom with the Culture coin (``coin``: the holder's and the
    target's names, the domain and level), or that it is neutral, on at most two lines."""
    if coin is None:
        text = ctx.t("render.civ.coin_neutral")
    else:
        holder, target, domain, level = coin
        text = ctx.t(
            "render.civ.coin_held",
            holder=holder,
            target=target,
            effect=effect_name(ctx, domain, level),
        )
    return Canvas.wrap(text, Size.BODY, "regular", _X1 - _X0 - 2 * _PAD - 60, 2)


def _coin_height(lines: list[str]) -> int:
    return max(44, len(lines) * _LINE_H) + theme.GAP


def _draw_coin(c: Canvas, held: bool, lines: list[str], y: int) -> int:
    x = _X0 + _PAD
    c.symbol(look.culture_coin, (x, y), 44, theme.ACCENT if held else theme.MUTED)
    for i, line in enumerate(lines):
        c.text((x + 60, y + 22 + i * _LINE_H), line, size=Size.BODY, anchor="lm")
    return y + _coin_height(lines)
