"""The CIV game state: plain mutable containers with a fast copy.

The engine never mutates a state it was given: :meth:`CivState.copy` makes a cheap private
copy (only small lists are duplicated), the action is resolved on the copy, and an
``IllegalAction`` simply drops it. Hands, play areas and face-down Republic cards are counts per
domain, because cards of one domain are interchangeable for every rule; only the deck and the
removed cards keep their ages.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from rules.civ.data import ND
from rules.core import JSON, Outcome, Rng
from rules.formats import copier


def zeros() -> list[int]:
    """An empty count per domain."""
    return [0] * ND


@dataclass(frozen=True, slots=True)
class Options:
    """The setup options of one game (see :func:`rules.civ.setup.game_options`)."""

    deal: str = "classic"
    teams: bool = False
    partial_effects: bool = False

    def to_json(self) -> dict[str, JSON]:
        """Plain JSON."""
        return {"deal": self.deal, "teams": self.teams, "partial_effects": self.partial_effects}


@dataclass(slots=True)
class SeatState:
    """One player's cards.

    ``embargoes`` lists the domains embargoed for this player's next turn, one entry per
    Economy marker card lying in their play area.
    """

    hand: list[int] = field(default_factory=zeros)
    area: list[int] = field(default_factory=zeros)
    facedown: list[int] = field(default_factory=zeros)
    embargoes: list[int] = field(default_factory=list)
    resigned: bool = False

    def copy(self) -> SeatState:
        """An independent copy (the lists copied, every other field carried over)."""
        return _copy_seat(self)


@dataclass(slots=True)
class TurnState:
    """What the active player already did this turn (bit ``1 << domain`` in the masks)."""

    played: bool = False
    used_permanent: int = 0
    used_discard: int = 0
    inspired: bool = False
    #: Hand limit from a Religion effect copied this turn (0 = none).
    copied_limit: int = 0

    def copy(self) -> TurnState:
        """An independent copy."""
        return _copy_turn(self)


@dataclass(slots=True)
class DraftState:
    """The draft deal in progress: per-seat packets and kept cards (counts per domain)."""

    round: int
    packets: list[list[int]]
    kept: list[list[int]]
    done: list[bool]
    centre: list[int] = field(default_factory=list)

    def copy(self) -> DraftState:
        """An independent copy."""
        return _copy_draft(self)


@dataclass(frozen=True, slots=True)
class Coin:
    """The Culture coin: who copied what from whom (seats, domain index, level)."""

    holder: int
    target: int
    domain: int
    level: int


@dataclass(frozen=True, slots=True)
class SubPrompt:
    """A multi-step effect waiting for the active player.

    ``kind`` is ``inquisition_return`` (``cards`` = the hand taken from ``target``) or
    ``breakthrough_discard`` (``cards`` = the cards drawn); ``count`` cards must be chosen.
    """

    kind: str
    count: int
    cards: tuple[int, ...]
    target: int | None = None


@dataclass(slots=True, eq=False)
class CivState:
    """Everything about one game. ``step`` is one of :data:`STEPS`."""

    players: tuple[str, ...]
    options: Options
    rng: Rng
    seats: list[SeatState]
    deck: tuple[int, ...]  # card codes, top first
    discard: list[int]  # domains, bottom first
    removed: tuple[int, ...]  # card codes put back in the box unseen
    start: int
    active: int
    step: str
    turn_number: int = 0
    final_round: bool = False
    turn: TurnState | None = None
    draft: DraftState | None = None
    sub: SubPrompt | None = None
    coin: Coin | None = None
    recent: tuple[dict[str, JSON], ...] = ()
    outcome: Outcome | None = None
    resign_order: tuple[int, ...] = ()

    @property
    def n(self) -> int:
        """Number of seats (the player count the thresholds use, even after resignations)."""
        return len(self.players)

    def copy(self) -> CivState:
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
        return isinstance(other, CivState) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable containers inside


def _copy_lists(lists: list[list[int]]) -> list[list[int]]:
    return [x[:] for x in lists]


_copy_seat = copier(
    SeatState, hand=list.copy, area=list.copy, facedown=list.copy, embargoes=list.copy
)
_copy_turn = copier(TurnState)
_copy_draft = copier(
    DraftState, packets=_copy_lists, kept=_copy_lists, done=list.copy, centre=list.copy
)
_copy_state = copier(
    CivState,
    rng=Rng.copy,
    seats=lambda seats: [s.copy() for s in seats],
    discard=list.copy,
    turn=lambda turn: None if turn is None else turn.copy(),
    draft=lambda draft: None if draft is None else draft.copy(),
)

#: Steps of the game. ``play`` and ``effects`` are steps 1 and 2 of a turn; the two effect
#: prompts are multi-step effects inside step 2.
STEPS: tuple[str, ...] = (
    "draft_keep",
    "draft_pick",
    "play",
    "effects",
    "inquisition_return",
    "breakthrough_discard",
    "over",
)
