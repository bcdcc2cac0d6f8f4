"""The Stone Age game state: plain mutable containers with a fast copy.

The engine never mutates a state it was given: :meth:`StoneAgeState.copy` makes a private copy
(only small lists are duplicated; tuples and frozen records are shared), the action is resolved
on the copy, and an ``IllegalAction`` simply drops it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from rules.core import JSON, Outcome, Rng
from rules.formats import copier
from rules.stoneage.data import NL, NR, START_FOOD, START_PEOPLE

#: Phases of a round (``over`` once the game has ended).
PHASES: tuple[str, ...] = ("place", "resolve", "feed", "over")
#: Multi-step prompts inside phase 2: tools after a roll, paying for a card or a building,
#: picking a die of "dice for all".
SUBS: tuple[str, ...] = ("tools", "pay_card", "pay_building", "pick")


@dataclass(frozen=True, slots=True)
class Options:
    """The setup options of one game (see :func:`rules.stoneage.setup.game_options`)."""

    open_cards: bool = False
    tiebreak: str = "sequence"

    def to_json(self) -> dict[str, JSON]:
        """Plain JSON."""
        return {"open_cards": self.open_cards, "tiebreak": self.tiebreak}


def no_resources() -> list[int]:
    """An empty count per resource."""
    return [0] * NR


@dataclass(slots=True)
class SeatState:
    """One player's board.

    ``tools`` are the tool tiles' values and ``used`` says which were used this round (same
    order); ``one_use`` lists the one-use tool cards still face up; ``cards`` are all civilization
    cards owned (one-use tools included); ``medicine`` counts unused Medicine choices. Points
    earned during the game are kept by source for the final breakdown.
    """

    people: int = START_PEOPLE
    food: int = START_FOOD
    agriculture: int = 0
    resources: list[int] = field(default_factory=no_resources)
    tools: list[int] = field(default_factory=list)
    used: list[bool] = field(default_factory=list)
    one_use: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    buildings: list[str] = field(default_factory=list)
    building_points: int = 0
    card_points: int = 0
    penalties: int = 0
    medicine: int = 0
    resigned: bool = False

    @property
    def score(self) -> int:
        """Points on the score track now."""
        return self.building_points + self.card_points + self.penalties

    @property
    def tool_value(self) -> int:
        """Total value of the tool tiles (= tools gained)."""
        return sum(self.tools)

    def copy(self) -> SeatState:
        """An independent copy (the lists copied, every other field carried over)."""
        return _copy_seat(self)


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll in phase 2: at a location (``where`` is its token) or for a card (``where`` =
    ``card``). ``gained`` is None while the player still decides on tools."""

    seat: int
    where: str
    card: str | None
    resource: int | None  # None = food
    dice: tuple[int, ...]
    tools: tuple[int, ...] = ()
    one_use: tuple[int, ...] = ()
    gained: int | None = None

    @property
    def total(self) -> int:
        """Dice plus every tool added."""
        return sum(self.dice) + sum(self.tools) + sum(self.one_use)


@dataclass(frozen=True, slots=True)
class DiceForAll:
    """ "Dice for all" in progress: the faces left and the seats still to pick, in order."""

    buyer: int
    card: str
    faces: tuple[int, ...]
    order: tuple[int, ...]
    picks: tuple[tuple[int, int], ...] = ()  # (seat, face)


@dataclass(frozen=True, slots=True)
class Purchase:
    """A card (``what`` = ``card``, ``index`` = display index 0-3) or a building (``building``,
    ``index`` = stack index) waiting to be paid for or declined."""

    what: str
    index: int


def empty_board(players: int) -> list[list[int]]:
    """People per location and seat, all zero."""
    return [[0] * players for _ in range(NL)]


@dataclass(slots=True, eq=False)
class StoneAgeState:
    """Everything about one game. ``phase`` is one of :data:`PHASES`, ``sub`` None or one of
    :data:`SUBS`.

    ``display[i]`` is the card on display position ``i + 1`` (position 1 is the rightmost,
    cheapest space); ``stacks`` hold the building stacks in play, top tile first; ``removed``
    are the stacks left in the box unseen. ``at[loc][seat]`` counts people on the eight fixed
    locations; ``card_spot``/``building_spot`` name the seat on each card or stack (-1 = free).
    ``dice`` are fixed results (transcripts) used before the generator.
    """

    players: tuple[str, ...]
    options: Options
    rng: Rng
    seats: list[SeatState]
    deck: tuple[str, ...]
    display: list[str | None]
    stacks: list[tuple[str, ...]]
    removed: tuple[str, ...]
    first: int
    active: int
    phase: str
    round: int
    at: list[list[int]]
    card_spot: list[int]
    building_spot: list[int]
    sub: str | None = None
    roll: Roll | None = None
    purchase: Purchase | None = None
    dfa: DiceForAll | None = None
    hungry: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    ending: bool = False
    recent: tuple[dict[str, JSON], ...] = ()
    outcome: Outcome | None = None
    resign_order: tuple[int, ...] = ()

    @property
    def n(self) -> int:
        """Number of seats (the player count the rules use, even after resignations)."""
        return len(self.players)

    def copy(self) -> StoneAgeState:
        """A copy that shares only immutable parts with this state: the mutable fields are
        copied, every other field (a new one too) is carried over as it is."""
        return _copy_state(self)

    def key(self) -> tuple[Any, ...]:
        """All fields as comparable values, in declaration order (the generator by its
        state)."""
        return tuple(
            self.rng.state if f.name == "rng" else getattr(self, f.name) for f in fields(self)
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StoneAgeState) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable containers inside


_copy_seat = copier(
    SeatState,
    resources=list.copy,
    tools=list.copy,
    used=list.copy,
    one_use=list.copy,
    cards=list.copy,
    buildings=list.copy,
)
_copy_state = copier(
    StoneAgeState,
    rng=Rng.copy,
    seats=lambda seats: [s.copy() for s in seats],
    display=list.copy,
    stacks=list.copy,
    at=lambda rows: [row[:] for row in rows],
    card_spot=list.copy,
    building_spot=list.copy,
)
