"""How Stone Age things look: text sizes, and the colour and pictogram of each good, location
and card.

Colours follow the game's pieces (brown wood, red-brown brick, grey stone, yellow gold, green
food) but are never the only clue: each good also has its own silhouette
(:mod:`render.stoneage.icons`).
"""

from __future__ import annotations

from typing import Final

from render import theme
from render.stoneage import icons
from render.symbols import Painter

__all__ = [
    "BUILDING",
    "CARD_BAND",
    "CARD_BODY",
    "DIE_FACE",
    "DIE_PIPS",
    "FACE_REWARDS",
    "GOODS",
    "LOCATIONS",
    "LOCATION_ICONS",
    "PHONE_TEXT",
    "PHONE_WIDTH",
    "RESOURCES",
    "TOOL_TILE",
    "WIDTH",
    "Size",
    "colour_of",
    "icon_of",
    "min_text",
]

#: Width of the table and hand pictures (tests/test_every_game.py expects 1400 of every game).
WIDTH: Final = theme.WIDTH
#: The phone rule (one definition for every game): render.theme.
PHONE_WIDTH, PHONE_TEXT, min_text = theme.PHONE_WIDTH, theme.PHONE_TEXT, theme.min_text


class Size:
    """Stone Age's font sizes in pixels: nothing is smaller than ``SMALL``, the phone rule's
    minimum at :data:`WIDTH` (the shared :class:`render.theme.Size` goes down to 26 px)."""

    SMALL: Final = min_text(WIDTH)
    BODY: Final = SMALL + 3
    HEADING: Final = 44
    TITLE: Final = 52
    COUNT: Final = 64


RESOURCES: Final = ("wood", "brick", "stone", "gold")
GOODS: Final = ("food", *RESOURCES)
LOCATIONS: Final = (
    "hunting",
    "forest",
    "clay",
    "quarry",
    "river",
    "toolmaker",
    "hut",
    "field",
)

_GOOD_COLOURS: Final[dict[str, theme.Colour]] = {
    "food": (120, 196, 84),
    "wood": (170, 112, 62),
    "brick": (222, 98, 66),
    "stone": (160, 168, 182),
    "gold": (246, 204, 58),
}
_TOOL: Final[theme.Colour] = (206, 190, 164)
_VILLAGE: Final[theme.Colour] = (132, 120, 190)
_AGRICULTURE: Final[theme.Colour] = (228, 178, 92)

LOCATION_ICONS: Final[dict[str, Painter]] = {
    "hunting": icons.RESOURCE_ICONS["food"],
    "forest": icons.RESOURCE_ICONS["wood"],
    "clay": icons.RESOURCE_ICONS["brick"],
    "quarry": icons.RESOURCE_ICONS["stone"],
    "river": icons.RESOURCE_ICONS["gold"],
    "toolmaker": icons.TOOL,
    "hut": icons.LOVE_HUT,
    "field": icons.FIELD,
}
_LOCATION_COLOURS: Final[dict[str, theme.Colour]] = {
    "hunting": _GOOD_COLOURS["food"],
    "forest": _GOOD_COLOURS["wood"],
    "clay": _GOOD_COLOURS["brick"],
    "quarry": _GOOD_COLOURS["stone"],
    "river": _GOOD_COLOURS["gold"],
    "toolmaker": _VILLAGE,
    "hut": _VILLAGE,
    "field": _VILLAGE,
}

# Cards: green culture cards and sand figure cards, a darker band for what they score.
CARD_BODY: Final[dict[str, theme.Colour]] = {"green": (66, 132, 76), "sand": (218, 194, 146)}
CARD_BAND: Final[dict[str, theme.Colour]] = {"green": (40, 92, 50), "sand": (168, 140, 92)}
BUILDING: Final[theme.Colour] = (96, 80, 66)
TOOL_TILE: Final[theme.Colour] = _TOOL
DIE_FACE: Final[theme.Colour] = (244, 238, 226)
DIE_PIPS: Final[theme.Colour] = (30, 30, 34)

#: What a "dice for all" face gives: 1-4 a resource, 5 a tool, 6 a step on the food track.
FACE_REWARDS: Final[dict[int, str]] = {
    1: "wood",
    2: "brick",
    3: "stone",
    4: "gold",
    5: "tool",
    6: "field",
}


def icon_of(thing: str) -> Painter:
    """The pictogram of a good, a location, ``tool``, ``field``, ``person`` or ``building``."""
    if thing in icons.RESOURCE_ICONS:
        return icons.RESOURCE_ICONS[thing]
    if thing in LOCATION_ICONS:
        return LOCATION_ICONS[thing]
    return {
        "tool": icons.TOOL,
        "person": icons.PERSON,
        "building": icons.HUT,
        "agriculture": icons.FIELD,
    }[thing]


def colour_of(thing: str) -> theme.Colour:
    """The colour of a good, a location, ``tool``, ``field`` or ``agriculture``."""
    if thing in _GOOD_COLOURS:
        return _GOOD_COLOURS[thing]
    if thing in _LOCATION_COLOURS:
        return _LOCATION_COLOURS[thing]
    if thing == "tool":
        return _TOOL
    if thing == "agriculture":
        return _AGRICULTURE
    return theme.TEXT
