"""Phase 1: where a player may put people, and putting them there.

Targets are the eight fixed locations (``hunting forest clay quarry river toolmaker hut
field``), ``card <position>`` (1-4) and ``building <stack>``. Hunting and the resource sites
take a number of people (``place forest 3``); tool maker and field take one, the hut exactly
two (``place hut``), a card or a building one.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Event, number
from rules.stoneage.data import (
    DISPLAY_SIZE,
    HUNTING,
    HUT,
    LOCATION_INDEX,
    LOCATIONS,
    RESOURCE_SITES,
    STACKS_IN_BOX,
    VILLAGE,
)
from rules.stoneage.logic import (
    at_cap,
    at_home,
    site_closed_to_newcomers,
    space_left,
    village_blocked,
)
from rules.stoneage.state import StoneAgeState

#: A refusal: an error code and its parameters.
Refusal = tuple[str, dict[str, object]]

CARD = "card"
BUILDING = "building"
COUNTED = frozenset({HUNTING, *RESOURCE_SITES})


@dataclass(frozen=True, slots=True)
class Target:
    """Where people go: a fixed location (``loc``), a display index or a stack index."""

    kind: str  # "location", "card" or "building"
    index: int

    @property
    def tokens(self) -> list[str]:
        """The target as action tokens (``forest``, ``card 2``)."""
        if self.kind == "location":
            return [LOCATIONS[self.index]]
        return [self.kind, str(self.index + 1)]


def max_people(state: StoneAgeState, seat: int, loc: int, home: int | None = None) -> int:
    """How many people ``seat`` could put on a counted location now (0 if none)."""
    if home is None:
        home = at_home(state, seat)
    room = space_left(state, loc)
    return home if room is None else min(home, room)


def location_refusal(
    state: StoneAgeState, seat: int, loc: int, home: int | None = None
) -> Refusal | None:
    """Why ``seat`` may not place on fixed location ``loc`` at all (None if it may);
    ``home`` (people at home) may be passed when the caller already knows it."""
    name = LOCATIONS[loc]
    if home is None:
        home = at_home(state, seat)
    if state.at[loc][seat]:
        return ("already_there", {"location": name})
    if loc in VILLAGE:
        if village_blocked(state, loc):
            return ("blocked_by_player_count", {"location": name})
        if any(state.at[loc]):
            return ("location_full", {"location": name})
        if at_cap(state, seat, loc):
            return ("at_maximum", {"location": name})
        need = 2 if loc == HUT else 1
        if home < need:
            return ("not_enough_people", {"location": name, "need": need, "home": home})
        return None
    if site_closed_to_newcomers(state, loc):
        return ("blocked_by_player_count", {"location": name})
    if max_people(state, seat, loc, home) < 1:
        return ("location_full", {"location": name})
    return None


def card_refusal(state: StoneAgeState, seat: int, index: int) -> Refusal | None:
    """Why ``seat`` may not stand on display index ``index``."""
    position = index + 1
    if state.display[index] is None:
        return ("no_card", {"position": position})
    if state.card_spot[index] >= 0:
        code = "already_there" if state.card_spot[index] == seat else "location_full"
        return (code, {"location": f"card {position}"})
    return None


def building_refusal(state: StoneAgeState, seat: int, index: int) -> Refusal | None:
    """Why ``seat`` may not stand on building stack ``index``."""
    stack = index + 1
    if not state.stacks[index]:
        return ("stack_empty", {"stack": stack})
    if state.building_spot[index] >= 0:
        code = "already_there" if state.building_spot[index] == seat else "location_full"
        return (code, {"location": f"building {stack}"})
    return None


def refusal(
    state: StoneAgeState, seat: int, target: Target, home: int | None = None
) -> Refusal | None:
    """Why ``seat`` may not place on ``target`` now (None if it may)."""
    if target.kind == CARD:
        return card_refusal(state, seat, target.index)
    if target.kind == BUILDING:
        return building_refusal(state, seat, target.index)
    return location_refusal(state, seat, target.index, home)


FIXED_TARGETS: tuple[Target, ...] = tuple(Target("location", loc) for loc in range(len(LOCATIONS)))
CARD_TARGETS: tuple[Target, ...] = tuple(Target(CARD, i) for i in range(DISPLAY_SIZE))
BUILDING_TARGETS: tuple[Target, ...] = tuple(Target(BUILDING, i) for i in range(STACKS_IN_BOX))


def all_targets(state: StoneAgeState) -> tuple[Target, ...]:
    """Every target of the board, in board order."""
    return FIXED_TARGETS + CARD_TARGETS + BUILDING_TARGETS[: len(state.stacks)]


def legal_targets(state: StoneAgeState, seat: int) -> list[Target]:
    """Targets ``seat`` may place on now."""
    home = at_home(state, seat)
    if home < 1:
        return []
    return [t for t in all_targets(state) if refusal(state, seat, t, home) is None]


def can_place(state: StoneAgeState, seat: int) -> bool:
    """True if ``seat`` has a legal placement (then it may not pass)."""
    if state.seats[seat].resigned:
        return False
    home = at_home(state, seat)
    return home > 0 and any(refusal(state, seat, t, home) is None for t in all_targets(state))


def counts_for(state: StoneAgeState, seat: int, target: Target) -> list[int]:
    """People numbers ``target`` accepts from ``seat`` ([] = no number is typed)."""
    if target.kind == "location" and target.index in COUNTED:
        return list(range(1, max_people(state, seat, target.index) + 1))
    return []


def parse_target(tokens: list[str]) -> tuple[Target | None, list[str]]:
    """The target at the start of ``tokens`` and the tokens after it (None: not a target)."""
    if not tokens:
        return None, []
    head = tokens[0]
    if head in LOCATION_INDEX:
        return Target("location", LOCATION_INDEX[head]), tokens[1:]
    if head in (CARD, BUILDING) and len(tokens) > 1:
        index = number(tokens[1])
        if index is not None:
            return Target(head, index - 1), tokens[2:]
    return None, tokens


def place(state: StoneAgeState, seat: int, target: Target, count: int) -> list[Event]:
    """Put ``count`` people of ``seat`` on ``target`` (already validated)."""
    who = state.players[seat]
    if target.kind == CARD:
        state.card_spot[target.index] = seat
        return [Event("stoneage.placed_card", {"player": who, "position": target.index + 1})]
    if target.kind == BUILDING:
        state.building_spot[target.index] = seat
        return [Event("stoneage.placed_building", {"player": who, "stack": target.index + 1})]
    state.at[target.index][seat] += count
    return [
        Event(
            "stoneage.placed",
            {"player": who, "location": LOCATIONS[target.index], "count": count},
        )
    ]


def people_for(target: Target, typed: int | None) -> int:
    """People a placement moves: the typed number, 2 for the hut, otherwise 1."""
    if typed is not None:
        return typed
    return 2 if target.kind == "location" and target.index == HUT else 1
