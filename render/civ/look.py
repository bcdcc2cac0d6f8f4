"""CIV's own look: the picture width and text sizes, the domain colours and pictograms, team
badges, age numerals.

Every domain is told apart by a silhouette as well as a colour (never colour alone), so the
pictures stay readable for colour-blind players and in greyscale.
"""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

from render import theme
from render.symbols import Painter, rect, rotated, scaled
from render.theme import Colour

#: Both CIV pictures are the shared 1400 px wide (tests/test_every_game.py expects it of every
#: table), so the phone rule puts the smallest text at 35 px.
WIDTH: Final = theme.WIDTH
MARGIN: Final = theme.MARGIN


class Size:
    """CIV's font sizes in pixels: none under ``SMALL``, the phone rule's minimum at
    :data:`WIDTH` (a 360 px wide copy, as Discord shows it on a phone, keeps 9 px)."""

    SMALL: Final = theme.min_text(WIDTH)
    BODY: Final = 38
    HEADING: Final = 44
    TITLE: Final = 54
    COUNT: Final = 68
    CARD: Final = 40


FINAL: Final[Colour] = (222, 120, 36)


def _swords(d: ImageDraw.ImageDraw, s: float) -> None:
    """Military: two crossed swords."""
    blade = [(0.445, 0.16), (0.5, 0.02), (0.555, 0.16), (0.555, 0.68), (0.445, 0.68)]
    parts = [blade, rect(0.31, 0.68, 0.69, 0.76), rect(0.46, 0.76, 0.54, 0.89)]
    for angle in (-45, 45):
        for part in parts:
            d.polygon(scaled(rotated(part, angle, (0.5, 0.5)), s), fill=255)
        pommel = rotated([(0.5, 0.94)], angle, (0.5, 0.5))[0]
        r = 0.055
        d.ellipse(
            [(pommel[0] - r) * s, (pommel[1] - r) * s, (pommel[0] + r) * s, (pommel[1] + r) * s],
            fill=255,
        )


def _cross(d: ImageDraw.ImageDraw, s: float) -> None:
    """Religion: a Latin cross."""
    d.polygon(scaled(rect(0.4, 0.04, 0.6, 0.96), s), fill=255)
    d.polygon(scaled(rect(0.16, 0.24, 0.84, 0.43), s), fill=255)


def _coin(d: ImageDraw.ImageDraw, s: float) -> None:
    """Economy: a coin with a rim and a square hole."""
    d.ellipse([0.06 * s, 0.06 * s, 0.94 * s, 0.94 * s], fill=255)
    d.ellipse([0.18 * s, 0.18 * s, 0.82 * s, 0.82 * s], outline=0, width=max(1, round(0.05 * s)))
    d.polygon(scaled(rect(0.39, 0.39, 0.61, 0.61), s), fill=0)


def _flask(d: ImageDraw.ImageDraw, s: float) -> None:
    """Science: a laboratory flask."""
    d.polygon(scaled(rect(0.3, 0.04, 0.7, 0.13), s), fill=255)
    body = [
        (0.38, 0.13),
        (0.62, 0.13),
        (0.62, 0.38),
        (0.92, 0.86),
        (0.9, 0.95),
        (0.1, 0.95),
        (0.08, 0.86),
        (0.38, 0.38),
    ]
    d.polygon(scaled(body, s), fill=255)
    d.line(scaled([(0.27, 0.66), (0.73, 0.66)], s), fill=0, width=max(1, round(0.05 * s)))


def _temple(d: ImageDraw.ImageDraw, s: float) -> None:
    """Culture: a classical temple front."""
    d.polygon(scaled([(0.04, 0.32), (0.5, 0.05), (0.96, 0.32)], s), fill=255)
    d.polygon(scaled(rect(0.1, 0.35, 0.9, 0.42), s), fill=255)
    for x in (0.14, 0.34, 0.54, 0.74):
        d.polygon(scaled(rect(x, 0.45, x + 0.12, 0.8), s), fill=255)
    d.polygon(scaled(rect(0.08, 0.83, 0.92, 0.89), s), fill=255)
    d.polygon(scaled(rect(0.03, 0.9, 0.97, 0.96), s), fill=255)


def culture_coin(d: ImageDraw.ImageDraw, s: float) -> None:
    """The Culture coin: a disc with a temple cut out."""
    d.ellipse([0.02 * s, 0.02 * s, 0.98 * s, 0.98 * s], fill=255)
    inner = Image.new("L", (round(0.56 * s), round(0.56 * s)))
    _temple(ImageDraw.Draw(inner), 0.56 * s)
    d.bitmap((round(0.22 * s), round(0.2 * s)), inner, fill=0)


# The game's own card colours, each with a silhouette that differs from every other one.
DOMAIN_COLOURS: Final[dict[str, Colour]] = {
    "military": (206, 58, 54),
    "religion": (236, 231, 216),
    "economy": (236, 186, 44),
    "science": (56, 158, 86),
    "culture": (84, 166, 226),
    "utopia": (164, 92, 196),
}
DOMAIN_SYMBOLS: Final[dict[str, str | Painter]] = {
    "military": _swords,
    "religion": _cross,
    "economy": _coin,
    "science": _flask,
    "culture": _temple,
    "utopia": "star",
}

# Team badges carry a letter (A, B) as their shape.
TEAM_COLOURS: Final[tuple[Colour, ...]] = ((96, 150, 255), (255, 120, 200))

ROMAN: Final[tuple[str, ...]] = ("", "I", "II", "III")
