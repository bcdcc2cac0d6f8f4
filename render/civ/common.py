"""What the CIV table and hand pictures share: names, labels and cards."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image

import locales
from render import theme
from render.canvas import Canvas
from render.civ import look
from render.civ.look import Size
from render.context import Ctx, context, event_sentence
from rules.civ import data

__all__ = [
    "DOMAINS",
    "EFFECTS",
    "HAND_CARD",
    "SMALL_CARD",
    "Ctx",
    "card_row_height",
    "context",
    "domain_name",
    "draw_card_row",
    "draw_small_card",
    "effect_name",
    "event_sentence",
    "team_letter",
]

DOMAINS = data.DOMAINS

# Permanent effects by (domain, level), derived from the engine's table: the effect tokens are
# also the ids under the ``civ.effect`` locale prefix.
EFFECTS: dict[tuple[str, int], str] = {
    (data.DOMAINS[e.domain], e.level): e.token for e in data.EFFECTS.values() if e.is_permanent
}

# Sized for the names at CIV's text sizes: "Katonaság" fits a hand card in bold and, in the
# small cards' column (card and gap), underneath.
HAND_CARD = (210, 300)
SMALL_CARD = (140, 190)
_SMALL_GAP = 32


def domain_name(ctx: Ctx, domain: str) -> str:
    """``Science`` / ``Tudomány``."""
    return ctx.t(f"civ.domain.{domain}")


def effect_name(ctx: Ctx, domain: str, level: int) -> str:
    """The permanent effect reached (``Holy Book``), or ``Religion II`` if it has no name."""
    effect = EFFECTS.get((domain, level))
    key = f"civ.effect.{effect}"
    if effect is not None and locales.has(ctx.lang, key):
        return ctx.t(key)
    return f"{domain_name(ctx, domain)} {look.ROMAN[level] if 0 < level < 4 else level}"


def team_letter(team: int) -> str:
    """Teams are shown as A, B."""
    return chr(ord("A") + team)


def draw_card_row(
    c: Canvas,
    ctx: Ctx,
    cards: Sequence[str],
    xy: tuple[int, int],
    *,
    large: bool = False,
    embargoed: frozenset[str] = frozenset(),
) -> int:
    """Cards left to right, wrapping at the page edge; returns the y below them.

    Large (hand) cards carry their name inside; small ones have it underneath.
    """
    left, y = xy
    w, h = HAND_CARD if large else SMALL_CARD
    label_h = 0 if large else Size.SMALL + 12
    gap = theme.GAP if large else _SMALL_GAP  # room for the names under small cards
    per_row = max(1, (look.WIDTH - left - look.MARGIN + gap) // (w + gap))
    for i, domain in enumerate(cards):
        row, col = divmod(i, per_row)
        x, top = left + col * (w + gap), y + row * (h + label_h + theme.GAP)
        if large:
            label = ctx.t("render.civ.embargo") if domain in embargoed else ""
            c.image.paste(_hand_card(domain, domain_name(ctx, domain), label), (x, top))
        else:
            draw_small_card(c, domain, (x, top), (w, h))
            c.text(
                (x + w // 2, top + h + 6),
                domain_name(ctx, domain),
                size=Size.SMALL,
                fill=theme.MUTED,
                anchor="ma",
                max_width=w + gap - 4,
            )
    return y + card_row_height(len(cards), left, large=large)


def card_row_height(count: int, left: int, *, large: bool = False) -> int:
    """Pixels :func:`draw_card_row` takes for ``count`` cards from ``left``."""
    w, h = HAND_CARD if large else SMALL_CARD
    label_h = 0 if large else Size.SMALL + 12
    gap = theme.GAP if large else _SMALL_GAP
    per_row = max(1, (look.WIDTH - left - look.MARGIN + gap) // (w + gap))
    return (count + per_row - 1) // per_row * (h + label_h + theme.GAP)


def draw_small_card(c: Canvas, domain: str, xy: tuple[int, int], size: tuple[int, int]) -> None:
    """A card face reduced to its colour and symbol."""
    x, y = xy
    w, h = size
    colour = look.DOMAIN_COLOURS[domain]
    c.box((x, y, x + w, y + h), colour, radius=12)
    icon = min(w, h) * 3 // 5
    c.symbol(
        look.DOMAIN_SYMBOLS[domain],
        (x + (w - icon) // 2, y + (h - icon) // 2),
        icon,
        theme.ink_on(colour),
    )


@functools.lru_cache(maxsize=64)
def _hand_card(domain: str, name: str, embargo: str) -> Image.Image:
    """One large card on the page background, drawn once per domain, name and embargo label."""
    w, h = HAND_CARD
    colour = look.DOMAIN_COLOURS[domain]
    ink = theme.ink_on(colour)
    card = Canvas(w, h)
    card.box((0, 0, w - 1, h - 1), colour, radius=18)
    card.box((8, 8, w - 9, h - 9), None, outline=ink, width=3, radius=12)
    card.symbol(look.DOMAIN_SYMBOLS[domain], ((w - 128) // 2, 38), 128, ink)
    # The largest size that fits ("Katonaság" needs a step down), cut only as a last resort.
    room = w - 28
    size = next(
        (s for s in (Size.CARD, Size.CARD - 4) if Canvas.measure(name, s, "bold") <= room),
        Size.SMALL,
    )
    card.text((w // 2, 212), name, size=size, weight="bold", fill=ink, anchor="mm", max_width=room)
    if embargo:
        card.draw.rectangle((8, 242, w - 9, h - 9), fill=theme.DANGER)
        card.symbol("no_entry", (16, 250), 32, theme.INK_LIGHT)
        card.text(
            (54, 266),
            embargo,
            size=Size.SMALL,
            weight="bold",
            fill=theme.INK_LIGHT,
            anchor="lm",
            max_width=w - 64,
        )
    return card.image
