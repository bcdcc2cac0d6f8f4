"""The types of the Stone Age view (:func:`rules.stoneage.view.build_view`;
docs/architecture.md, "Stone Age view"), so that the renderer and the Discord layer are
checked against what it holds.

Maps keyed by location, resource, figure or symbol are ``dict[str, ...]`` keyed by the names
of :mod:`rules.stoneage.data` (``LOCATIONS``, ``RESOURCES``, ``FIGURES``, ``GREEN_SYMBOLS``).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rules.core import EventView, PromptView
from rules.stoneage.data import EffectKind

__all__ = [
    "StoneAgeBuilding",
    "StoneAgeCard",
    "StoneAgeCardEffect",
    "StoneAgeDiceForAll",
    "StoneAgeDisplaySpace",
    "StoneAgeOptions",
    "StoneAgeOutcome",
    "StoneAgeOutcomeDetails",
    "StoneAgePhase",
    "StoneAgePrivate",
    "StoneAgeRoll",
    "StoneAgeScore",
    "StoneAgeSeat",
    "StoneAgeSeatView",
    "StoneAgeStack",
    "StoneAgeView",
]

StoneAgePhase = Literal["place", "resolve", "feed", "over"]


class StoneAgeOptions(TypedDict):
    open_cards: bool
    tiebreak: Literal["sequence", "sum"]


class StoneAgeCardEffect(TypedDict):
    """A card's top half; ``resource`` is null unless the kind needs one."""

    kind: EffectKind
    amount: int
    resource: str | None


class StoneAgeCard(TypedDict):
    id: str
    color: Literal["green", "sand"]
    symbol: str | None
    figure: str | None
    #: Only a sand card (one with a figure) has one.
    multiplier: int | None
    effect: StoneAgeCardEffect


class StoneAgeDisplaySpace(TypedDict):
    """One of the four card spaces; ``person`` the seat standing on it."""

    position: int
    cost: int
    card: StoneAgeCard | None
    person: int | None


class StoneAgeBuilding(TypedDict):
    """A building tile: ``fixed`` has ``cost`` and ``points``, ``variable`` ``count`` and
    ``kinds``, ``any`` ``min`` and ``max``."""

    id: str
    type: str
    kind: Literal["fixed", "variable", "any"]
    cost: NotRequired[list[str]]
    points: NotRequired[int]
    count: NotRequired[int]
    kinds: NotRequired[int]
    min: NotRequired[int]
    max: NotRequired[int]


class StoneAgeStack(TypedDict):
    stack: int
    size: int
    top: StoneAgeBuilding | None
    person: int | None


class StoneAgePeople(TypedDict):
    total: int
    home: int
    placed: int


class StoneAgeTool(TypedDict):
    value: int
    used: bool


class StoneAgeOneUseTool(TypedDict):
    card: str
    value: int


class StoneAgeSeat(TypedDict):
    """One entry of ``view["seats"]``; ``card_ids``, ``multipliers`` and ``symbols`` are null
    unless the ``open_cards`` option is on."""

    seat: int
    player: str
    people: StoneAgePeople
    food: int
    agriculture: int
    resources: dict[str, int]
    tools: list[StoneAgeTool]
    one_use_tools: list[StoneAgeOneUseTool]
    score: int
    cards: int
    card_ids: list[str] | None
    multipliers: dict[str, int] | None
    symbols: dict[str, int] | None
    buildings: list[str]
    medicine: int
    resigned: bool


class StoneAgeRoll(TypedDict):
    """The last roll; ``where`` a location or ``card``, ``gained`` null while ``waiting``."""

    seat: int
    where: str
    card: str | None
    resource: str
    dice: list[int]
    sum: int
    tools: list[int]
    one_use: list[int]
    total: int
    gained: int | None
    waiting: bool


class StoneAgePick(TypedDict):
    seat: int
    face: int


class StoneAgeDiceForAll(TypedDict):
    buyer: int
    card: str
    faces: list[int]
    picker: int | None
    order: list[int]
    picks: list[StoneAgePick]


class StoneAgeTiebreakFigures(TypedDict):
    agriculture: int
    tools: int
    people: int


class StoneAgeScore(TypedDict):
    """One seat's final scoring (``outcome["details"]["scores"]``)."""

    player: str
    buildings: int
    cards: int
    penalties: int
    green_sets: int
    farmers: int
    tool_makers: int
    hut_builders: int
    shamans: int
    resources: int
    total: int
    tiebreak: StoneAgeTiebreakFigures


class StoneAgeOutcomeDetails(TypedDict):
    """``scores`` when the game was scored, ``player`` when it ended by resignation."""

    scores: NotRequired[list[StoneAgeScore]]
    player: NotRequired[str]


class StoneAgeOutcome(TypedDict):
    ranks: list[int]
    scores: list[float]
    reason: Literal["deck_exhausted", "buildings_exhausted", "resigned", "last_standing"]
    tiebreak: Literal["agriculture", "tools", "people", "sum", "shared"] | None
    details: StoneAgeOutcomeDetails


class StoneAgePrivate(TypedDict):
    """The seat's own figures and culture symbols, whatever the ``open_cards`` option."""

    multipliers: dict[str, int]
    symbols: dict[str, int]


class StoneAgeView(TypedDict):
    """The public view (``seat`` None), and the part of a seat's view every seat sees alike."""

    game: Literal["stoneage"]
    players: list[str]
    seat: int | None
    options: StoneAgeOptions
    round: int
    phase: StoneAgePhase
    first_player: int
    #: None in the feeding phase and once the game is over.
    active: int | None
    #: The seats on each location, in the order they were placed.
    locations: dict[str, list[int]]
    #: Whether each village location (toolmaker, hut, field) may still be used this round.
    usable: dict[str, bool]
    display: list[StoneAgeDisplaySpace]
    deck: int
    buildings: list[StoneAgeStack]
    seats: list[StoneAgeSeat]
    dice: StoneAgeRoll | None
    dice_for_all: StoneAgeDiceForAll | None
    pending: list[PromptView]
    recent: list[EventView]
    outcome: StoneAgeOutcome | None


class StoneAgeSeatView(StoneAgeView):
    """A seat's view (``seat`` not None): plus its civilization cards and private part."""

    hand: list[str]
    private: StoneAgePrivate
