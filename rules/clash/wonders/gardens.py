"""The Great Gardens' action ``gardens <city>`` (p.15, C25; :mod:`rules.clash.wonders.construction`
tells every wonder's power): one action and 1 mood token raise a city of the Gardens' owner one
mood step (angry to neutral, neutral to happy); unlimited."""

from __future__ import annotations

from typing import Final

from rules.clash.board.hexes import label, token
from rules.clash.box.components import HAPPY
from rules.clash.model.moods import raised
from rules.clash.model.registry import TurnAction
from rules.clash.model.resources import MOOD, spend_tokens
from rules.clash.model.state import City, ClashState
from rules.clash.wonders.construction import GREAT_GARDENS
from rules.core import Choice, Event, IllegalAction

GARDENS_TOKEN: Final = "gardens"
#: What the Great Gardens' ability costs (p.15).
GARDENS_MOOD: Final = 1


def _gardens_problem(state: ClashState, seat: int) -> IllegalAction | None:
    me = state.seats[seat]
    if not any(c.wonder == GREAT_GARDENS for c in me.cities):
        return IllegalAction("gardens_needs_the_wonder")
    if me.mood_tokens < GARDENS_MOOD:
        return IllegalAction("gardens_needs_a_mood_token", count=GARDENS_MOOD)
    return None


def _gardens_cities(state: ClashState, seat: int) -> list[City]:
    cities = [c for c in state.seats[seat].cities if c.mood != HAPPY]
    return sorted(cities, key=lambda c: (c.hex.q, c.hex.r))


def gardens_offered(state: ClashState, seat: int) -> bool:
    return _gardens_problem(state, seat) is None and bool(_gardens_cities(state, seat))


def gardens_choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    if rest or not gardens_offered(state, seat):
        return []
    return [
        Choice(
            token(c.hex),
            "clash.choice.gardens_city",
            {"space": label(c.hex), "mood": raised(c).mood, "count": GARDENS_MOOD},
        )
        for c in _gardens_cities(state, seat)
    ]


def gardens_apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``gardens <city>``: 1 mood token, the city one step happier (the action is spent by
    the dispatcher)."""
    err = _gardens_problem(state, seat)
    if err is not None:
        raise err
    if not rest:
        raise IllegalAction("gardens_needs_a_city")
    if len(rest) > 1:
        raise IllegalAction("too_many_tokens", token=rest[1])
    me = state.seats[seat]
    h = state.board.parse(rest[0])
    city = me.city_at(h)
    if city is None:
        raise IllegalAction("not_your_city", space=label(h))
    if city.mood == HAPPY:
        raise IllegalAction("city_already_happy", city=label(h))
    spend_tokens(me, MOOD, GARDENS_MOOD)
    up = raised(city)
    me.cities = [up if c.hex == h else c for c in me.cities]
    params = {"player": state.players[seat], "city": label(h), "mood": up.mood}
    return [Event("clash.gardens_mood", params)]


GARDENS_ACTION = TurnAction(GARDENS_TOKEN, gardens_offered, gardens_choices, gardens_apply)
