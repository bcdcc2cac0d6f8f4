"""City moods (p.6; rules reference §5.1): angry, neutral, happy.

Every new city is neutral. Moods go up one step at a time (Civic Improvement, p.10) and down
one step (a repeated activation, p.6, p.8; events); being captured or losing a piece to
barbarians makes a city angry at once (p.12, p.13). The *effective size* for Collect and
Build units is the size + 1 when happy, the size when neutral, 1 when angry (p.6, p.8).

>>> from rules.clash.model.state import new_city
>>> from rules.clash.board.hexes import Hex
>>> c = new_city(Hex(2, 2), 0)
>>> effective_size(c), effective_size(raised(c)), lowered(lowered(c)).mood
(1, 2, 'angry')
"""

from __future__ import annotations

from dataclasses import replace

from rules.clash.box.components import ANGRY, HAPPY, MOODS
from rules.clash.model.state import City


def raised(city: City) -> City:
    """One step happier (a happy city stays happy)."""
    k = MOODS.index(city.mood)
    return replace(city, mood=MOODS[min(k + 1, len(MOODS) - 1)])


def lowered(city: City) -> City:
    """One step angrier (an angry city stays angry)."""
    k = MOODS.index(city.mood)
    return replace(city, mood=MOODS[max(k - 1, 0)])


def effective_size(city: City, neutral_if_angry: bool = False) -> int:
    """How many resources a Collect takes and units a Build makes (p.6, p.8).
    ``neutral_if_angry``: Forced Labor lets an angry city act as neutral (p.2)."""
    if city.mood == HAPPY:
        return city.size + 1
    if city.mood == ANGRY and not neutral_if_angry:
        return 1
    return city.size


def steps_to(city: City, mood: str) -> int:
    """Steps up from the city's mood to ``mood`` (0 if it is there or above)."""
    return max(0, MOODS.index(mood) - MOODS.index(city.mood))
