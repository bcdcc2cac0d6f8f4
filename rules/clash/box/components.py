"""What the box holds and the limits every state keeps (rules reference §1.1, §1.2).

Only the pieces in the box exist (p.2: "no player may have more than 16 army units or 7
cities"): per player colour 16 army units, 4 settlers, 4 ships and 7 of each city piece;
the barbarians (brown) have 7 settlements and 16 army units; 4 Exhausted markers (p.2).

The player board's track runs 0-8 (p.5): every resource, the culture level and the happiness
level stay within it. Food stops at 2 until the player owns Storage (box II of the track,
p.5), Ideas at 2 while they own Dogma (p.2). A player holds at most 8 mood and 8 culture
tokens (p.4); the 40 tokens of each kind in the box are not a limit, and a city's mood is
state, not a token (C5).

>>> storage_limit(frozenset({"farming"}), "food"), storage_limit(frozenset({"storage"}), "food")
(2, 8)
>>> storage_limit(frozenset({"dogma"}), "ideas"), storage_limit(frozenset(), "gold")
(2, 8)
"""

from __future__ import annotations

from collections.abc import Set
from typing import Final

# -- resources and tracks (p.4, p.5) --------------------------------------------------------

FOOD: Final = "food"
WOOD: Final = "wood"
ORE: Final = "ore"
IDEAS: Final = "ideas"
GOLD: Final = "gold"
#: The five resources (p.4): Food, Wood and Ore come from terrain, Ideas and Gold from
#: advances, pieces, cards and events.
RESOURCES: tuple[str, ...] = (FOOD, WOOD, ORE, IDEAS, GOLD)
#: The top of the player board's track (p.5): resources and both levels.
TRACK_MAX = 8
#: Food above this needs Storage (p.5, box II of the track).
FOOD_WITHOUT_STORAGE = 2
#: Ideas above this are not allowed while owning Dogma (p.2).
IDEAS_WITH_DOGMA = 2
#: Mood and culture tokens a player may hold (p.4).
TOKENS_MAX = 8
#: Food on the track at the start; every other resource and both levels start at 0 (p.3,
#: step 3; p.5).
START_FOOD = 2

# -- pieces and units (p.2, p.4, p.6) --------------------------------------------------------

SETTLEMENT: Final = "settlement"
TEMPLE: Final = "temple"
FORTRESS: Final = "fortress"
ACADEMY: Final = "academy"
PORT: Final = "port"
#: City pieces in the order of the player aid (p.2): the Settlement is every city's base.
PIECES: tuple[str, ...] = (SETTLEMENT, TEMPLE, FORTRESS, ACADEMY, PORT)

ARMY: Final = "army"
SETTLER: Final = "settler"
SHIP: Final = "ship"
#: Units (p.4): settlers and army units are land units, ships sail the Sea.
UNITS: tuple[str, ...] = (ARMY, SETTLER, SHIP)
LAND_UNITS: tuple[str, ...] = (ARMY, SETTLER)

#: What one player colour has in the box (p.2).
BOX_PER_PLAYER: dict[str, int] = {ARMY: 16, SETTLER: 4, SHIP: 4}
#: Of each city piece per player colour (p.2), hence at most 7 cities.
PIECES_PER_KIND = 7
#: The brown pieces (p.2): barbarian settlements and army units.
BARBARIAN_SETTLEMENTS = 7
BARBARIAN_ARMIES = 16
#: Exhausted markers (p.2, p.13).
EXHAUSTED_MARKERS = 4

#: Army units of one player (or the barbarians) on one space; units aboard ships do not
#: count, settlers and ships are unlimited (p.8, p.9).
ARMY_LIMIT = 4
#: Land units one ship carries (p.9).
SHIP_CAPACITY = 2
#: A Settlement and one piece of each other kind (p.6).
MAX_CITY_SIZE = 5

HAPPY: Final = "happy"
NEUTRAL: Final = "neutral"
ANGRY: Final = "angry"
#: City moods, lowest first (p.6); every new city is neutral.
MOODS: tuple[str, ...] = (ANGRY, NEUTRAL, HAPPY)

# -- the course of the game (p.4, p.7) -------------------------------------------------------

ROUNDS = 6
TURNS_PER_ROUND = 3
ACTIONS_PER_TURN = 3
#: The most actions a turn could hold at once in the first rules edition: Absolute Power and
#: Leadership bought one extra each only below it (C132).
MAX_ACTIONS = ACTIONS_PER_TURN + 1
#: The most a turn can hold in the printed edition, which sets no cap: Absolute Power (p.2)
#: and Leadership buy one extra each, once per turn (C132).
MOST_ACTIONS = ACTIONS_PER_TURN + 2
#: Units or groups one Move action moves (p.9).
GROUPS_PER_MOVE = 3
#: Steps of the status phase (p.11).
STATUS_STEPS = 5


def storage_limit(advances: Set[str], resource: str) -> int:
    """The most of ``resource`` a player owning ``advances`` may hold (p.2, p.5)."""
    if resource == FOOD and "storage" not in advances:
        return FOOD_WITHOUT_STORAGE
    if resource == IDEAS and "dogma" in advances:
        return IDEAS_WITH_DOGMA
    return TRACK_MAX
