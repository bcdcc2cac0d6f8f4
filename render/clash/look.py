"""Clash of Cultures' own look: terrain colours, the barbarians' style, moods, text sizes.

Terrains differ in colour **and** in the marks printed on them (trees, peaks, grain, cracks,
waves: :mod:`render.clash.icons`), and in lightness too, so they stay apart in greyscale and for
colour-blind players. Players keep the shared seat colours and shapes (:mod:`render.theme`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from render import theme
from render.theme import Colour

#: The phone rule (one definition for every game): render.theme.
PHONE_WIDTH, PHONE_TEXT = theme.PHONE_WIDTH, theme.PHONE_TEXT
#: Width of the table picture and of a zoomed crop: the other games' 1400 px, which
#: tests/test_every_game.py expects of a registered game.
WIDTH: Final = 1400
MARGIN: Final = 24

TERRAIN_FILL: Final[dict[str, Colour]] = {
    "fertile": (196, 214, 110),
    "forest": (54, 120, 66),
    "mountain": (146, 130, 118),
    "barren": (226, 200, 146),
    "sea": (62, 116, 186),
}
#: The marks on each terrain: darker than a light fill, lighter than a dark one.
TERRAIN_MARK: Final[dict[str, Colour]] = {
    "fertile": (112, 138, 40),
    "forest": (20, 60, 30),
    "mountain": (84, 72, 66),
    "barren": (150, 112, 62),
    "sea": (176, 212, 244),
}
SNOW: Final[Colour] = (236, 238, 242)
#: A face-down region: a neutral back with stripes, a "?" on every space (the theme's greys,
#: not shades a step apart from them: each costs the palette a colour).
BACK: Final[Colour] = theme.BORDER
BACK_HATCH: Final[Colour] = (86, 92, 110)
BACK_MARK: Final[Colour] = theme.TEXT

#: Thin lines between spaces, thicker ones between regions; the map ends where its tiles do.
GRID: Final[Colour] = (30, 34, 44)
REGION_LINE: Final[Colour] = (18, 20, 26)

#: Barbarians: near-black pieces with a red rim and light numbers (no seat colour is dark).
BARBARIAN: Final[Colour] = (44, 40, 40)
BARBARIAN_RIM: Final[Colour] = (222, 66, 52)

MOOD_FILL: Final[dict[str, Colour]] = {
    "happy": (122, 214, 110),
    "neutral": (236, 224, 150),
    "angry": (242, 96, 72),
}
#: The pieces in the legend are drawn in a neutral colour, owned by nobody.
NEUTRAL_PIECE: Final[Colour] = theme.TEXT


min_text = theme.min_text


@dataclass(frozen=True, slots=True)
class Sizes:
    """Pixel sizes of everything drawn in a space, from the hex radius (centre to corner).

    Text never goes below the phone rule's minimum, whatever the radius.
    """

    radius: float
    name: int
    count: int
    question: int
    settlement: int
    building: int
    token: int
    cargo: int
    cargo_count: int
    ship_id: int
    badge: int
    mood: int

    @staticmethod
    def of(radius: float, minimum: int) -> Sizes:
        def text(fraction: float) -> int:
            return max(minimum, round(fraction * radius))

        return Sizes(
            radius=radius,
            name=text(0.44),
            count=text(0.52),
            question=text(0.5),
            settlement=round(0.56 * radius),
            building=round(0.36 * radius),
            token=round(0.6 * radius),
            cargo=round(0.5 * radius),
            cargo_count=text(0.44),
            ship_id=text(0.44),  # a ship's numbers when the count's size is too wide
            badge=round(0.24 * radius),
            mood=round(0.29 * radius),
        )
