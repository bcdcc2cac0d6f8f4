"""Sizes, colours by role, and the colour + shape that identifies each player (shared by the games;
a game's own colours and pictograms live in ``render/<game>/``).

Every domain and every player is told apart by a shape as well as a colour (never colour
alone), so the pictures stay readable for colour-blind players and in greyscale. The shapes are
drawn by :mod:`render.symbols` from Pillow primitives; this module only names them.
"""

from __future__ import annotations

import math
from typing import Final

__all__ = [
    "ACCENT",
    "BG",
    "BORDER",
    "CELL",
    "DANGER",
    "GAP",
    "INK_DARK",
    "INK_LIGHT",
    "MARGIN",
    "MUTED",
    "PANEL",
    "PANEL_ACTIVE",
    "PHONE_TEXT",
    "PHONE_WIDTH",
    "PLAYER_COLOURS",
    "PLAYER_SHAPES",
    "RADIUS",
    "TEXT",
    "WIDTH",
    "Colour",
    "Size",
    "ink_on",
    "min_text",
    "player_colour",
    "player_shape",
]

Colour = tuple[int, int, int]


class Size:
    """Font sizes in pixels. Nothing is smaller than ``SMALL``, so a phone can read it."""

    TITLE: Final = 46
    HEADING: Final = 36
    BODY: Final = 30
    SMALL: Final = 26
    COUNT: Final = 64
    CARD: Final = 32


WIDTH: Final = 1400
#: Discord shows a picture about this wide on a phone ...
PHONE_WIDTH: Final = 360
#: ... where no text should be under this many pixels (27 px at 1080 wide, 35 px at 1400).
PHONE_TEXT: Final = 9
MARGIN: Final = 28
GAP: Final = 14
RADIUS: Final = 14

# Colours by role (a dark table, which reads well in Discord's dark and light modes).
BG: Final[Colour] = (25, 29, 38)
PANEL: Final[Colour] = (38, 44, 57)
PANEL_ACTIVE: Final[Colour] = (52, 58, 44)
CELL: Final[Colour] = (50, 58, 74)
BORDER: Final[Colour] = (72, 82, 102)
TEXT: Final[Colour] = (241, 243, 246)
MUTED: Final[Colour] = (163, 172, 188)
ACCENT: Final[Colour] = (246, 196, 64)
DANGER: Final[Colour] = (235, 72, 60)
INK_DARK: Final[Colour] = (24, 24, 28)
INK_LIGHT: Final[Colour] = (252, 252, 252)

# Seat markers: colour and shape both differ from seat to seat.
PLAYER_COLOURS: Final[tuple[Colour, ...]] = (
    (255, 140, 72),
    (70, 204, 204),
    (242, 104, 150),
    (186, 196, 206),
)
PLAYER_SHAPES: Final[tuple[str, ...]] = ("circle", "square", "triangle", "diamond")


def min_text(width: int) -> int:
    """The smallest font size allowed in a picture ``width`` pixels wide: at least
    :data:`PHONE_TEXT` pixels once it is shrunk to :data:`PHONE_WIDTH`."""
    return math.ceil(PHONE_TEXT * width / PHONE_WIDTH)


def player_colour(seat: int) -> Colour:
    """The marker colour of a seat."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_shape(seat: int) -> str:
    """The marker shape of a seat (a :mod:`render.symbols` name)."""
    return PLAYER_SHAPES[seat % len(PLAYER_SHAPES)]


def ink_on(background: Colour) -> Colour:
    """Dark or light text, whichever contrasts more with ``background`` (WCAG luminance)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in background)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    # At 0.179 black and white text have the same contrast ratio with the background.
    return INK_DARK if luminance > 0.179 else INK_LIGHT
