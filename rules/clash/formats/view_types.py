"""The types of the Clash of Cultures view (:func:`rules.clash.formats.view.build_view`;
docs/architecture.md, "Clash of Cultures view"), so that the renderer and the Discord layer
are checked against what it holds.

Spaces are named as in actions (``C4``), seats are numbers and players handles. Maps keyed by
resource (``food wood ore ideas gold``, and ``culture mood`` in trade offers), by deck or by
wonder are ``dict[str, int]``. Keys that are Python keywords (``from``, ``with``) make the
functional ``TypedDict`` form necessary for two types.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rules.core import EventView, PromptView

__all__ = [
    "BarbarianOwner",
    "ClashActionCards",
    "ClashAssassination",
    "ClashBarbarianCity",
    "ClashBattle",
    "ClashBattleCard",
    "ClashCards",
    "ClashCargo",
    "ClashCity",
    "ClashCompleted",
    "ClashExploring",
    "ClashLayout",
    "ClashMap",
    "ClashObjectiveOffer",
    "ClashOffer",
    "ClashOutcome",
    "ClashOutcomeDetails",
    "ClashPhase",
    "ClashPiece",
    "ClashPoints",
    "ClashPrivate",
    "ClashSeat",
    "ClashSeatPart",
    "ClashSeatView",
    "ClashSpace",
    "ClashStatus",
    "ClashTradeCards",
    "ClashTruce",
    "ClashUnit",
    "ClashUnits",
    "ClashView",
    "Terrain",
]

ClashPhase = Literal["turn", "status", "over"]
#: As ``rules.clash.tiles.Terrain`` (this module imports nothing of the engine).
Terrain = Literal["fertile", "forest", "mountain", "barren", "sea"]
#: The owner of barbarian units and the defender of a battle against them.
BarbarianOwner = Literal["barbarian"]


class ClashStatus(TypedDict):
    """The status phase (p.11): its step (1-5), the seats asked now (all at once, C127) and
    those who answered, whose answers wait hidden to be carried out in turn order."""

    step: int
    waiting: list[int]
    answered: list[int]


ClashOffer = TypedDict(
    "ClashOffer",
    {
        "from": int,
        "to": int,
        "give": dict[str, int],
        "want": dict[str, int],
        #: How many action and objective cards the offer gives (which ones is private).
        "action_cards": int,
        "objective_cards": int,
    },
)


class ClashLayout(TypedDict):
    """One way an explored region may lie: its token and the terrain of its spaces."""

    token: str
    terrain: dict[str, Terrain]


class ClashExploring(TypedDict):
    """The region being placed (face up, so public)."""

    slot: str
    space: str
    #: ``layout``, then ``barbarians`` or ``ship_space`` (rules.clash.exploration).
    step: str
    layouts: list[ClashLayout]
    spaces: list[str]


class ClashBattleCard(TypedDict):
    """A combat card played for the next round (face up, p.12): the seat and its half."""

    seat: int
    half: str


class ClashBattle(TypedDict):
    """The battle under way."""

    space: str
    at_sea: bool
    attacker: int
    defender: int | BarbarianOwner
    round: int
    played: list[ClashBattleCard]
    #: The sides (0 attacker, 1 defender) that discarded a Great General.
    generals: list[int]
    trojan_horse: bool
    solar_eclipse: bool


# ``with`` is a keyword: the class form cannot declare it.
ClashTruce = TypedDict(
    # ``stage``: ``maker``, ``waiting`` or ``other`` (rules.clash.card_turns).
    "ClashTruce",
    {"player": int, "with": int, "stage": str},
)


class ClashAssassination(TypedDict):
    player: int
    round: int
    done: bool


class ClashActionCards(TypedDict):
    """What the civil halves played leave in force: the halves played this turn, the next
    Collect's modifiers, truces and Assassinations."""

    played: list[str]
    modifiers: list[str]
    truces: list[ClashTruce]
    assassinations: list[ClashAssassination]


class ClashUnits(TypedDict):
    """A seat's units in all (those aboard ships counted)."""

    army: int
    settler: int
    ship: int


class ClashCompleted(TypedDict):
    """A completed objective card and the half (``top``/``bottom``) completed."""

    card: str
    #: ``top`` or ``bottom``.
    half: str


class ClashPoints(TypedDict):
    """A seat's victory points by category, and their total."""

    player: str
    city_pieces: float
    advances: float
    wonders: float
    objectives: float
    events: float
    total: float


class ClashSeat(TypedDict):
    """One entry of ``view["seats"]``."""

    seat: int
    player: str
    resources: dict[str, int]
    mood_tokens: int
    culture_tokens: int
    culture_level: int
    happiness_level: int
    advances: list[str]
    government: str | None
    cities: int
    units: ClashUnits
    #: How many action and objective cards the seat holds.
    actions: int
    objectives: int
    completed: list[ClashCompleted]
    kept_events: list[str]
    wonders: list[str]
    event_points: float
    points: ClashPoints
    resigned: bool


class ClashSpace(TypedDict):
    hex: str
    slot: str
    #: None while the slot is unexplored.
    terrain: Terrain | None


class ClashPiece(TypedDict):
    #: ``settlement temple fortress academy port``.
    kind: str
    owner: int


class ClashCity(TypedDict):
    hex: str
    owner: int
    pieces: list[ClashPiece]
    #: The Sea space the port faces.
    port_faces: str | None
    #: ``angry neutral happy``.
    mood: str
    size: int
    wonder: str | None


class ClashCargo(TypedDict):
    #: ``army`` or ``settler``.
    kind: str
    count: int


class ClashUnit(TypedDict):
    """Units of one owner and kind on a space; ships carrying the same cargo counted together
    (``ids`` their numbers, ``cargo`` what each carries)."""

    hex: str
    #: A seat, or ``barbarian``.
    owner: int | str
    #: ``army settler ship``.
    kind: str
    count: int
    ids: NotRequired[list[int]]
    cargo: NotRequired[list[ClashCargo]]


class ClashBarbarianCity(TypedDict):
    hex: str
    size: int


class ClashMap(TypedDict):
    """What the picture draws (see :mod:`rules.clash.formats.view`)."""

    players: int
    spaces: list[ClashSpace]
    unexplored: list[str]
    cities: list[ClashCity]
    units: list[ClashUnit]
    barbarian_cities: list[ClashBarbarianCity]
    exhausted: list[str]


class ClashCards(TypedDict):
    """Decks (counts by deck), discard piles (bottom card first) and the wonders."""

    decks: dict[str, int]
    discards: dict[str, list[str]]
    wonders_revealed: list[str]
    #: Wonder -> the seat that reserved it (Monuments).
    wonders_reserved: dict[str, int]
    wonders_lost: list[str]


class ClashOutcomeDetails(TypedDict):
    """``scores`` (one per seat) when the game was scored, ``player`` when it ended by
    resignation."""

    scores: NotRequired[list[ClashPoints]]
    player: NotRequired[str]


class ClashOutcome(TypedDict):
    ranks: list[int]
    scores: list[float]
    reason: str
    tiebreak: str | None
    details: ClashOutcomeDetails


class ClashObjectiveOffer(TypedDict):
    card: str
    half: str


ClashTradeCards = TypedDict("ClashTradeCards", {"from": int, "to": int, "cards": list[str]})


class ClashPrivate(TypedDict):
    actions: list[str]
    objectives: list[str]
    #: Objective completions offered now (hidden like the hand).
    objective_offers: list[ClashObjectiveOffer]
    #: The cards of the trade offers this seat makes or is made.
    trade_cards: list[ClashTradeCards]


class ClashView(TypedDict):
    """The public view (``seat`` None), and the part of a seat's view every seat sees alike."""

    game: Literal["clash"]
    players: list[str]
    seat: int | None
    #: Seats in turn order.
    seating: list[int]
    round: int
    turn: int
    #: The seat whose turn it is, during the turn phase.
    turn_of: int | None
    first_player: int
    actions_left: int | None
    phase: ClashPhase
    status: ClashStatus | None
    #: Once-per-turn abilities used this turn.
    turn_used: list[str]
    influenced: bool
    #: The Move action under way (0: none).
    moving: int
    offers: list[ClashOffer]
    exploring: ClashExploring | None
    battle: ClashBattle | None
    #: Every public event of the latest battle.
    battle_events: list[EventView]
    table_effects: list[str]
    action_cards: ClashActionCards
    seats: list[ClashSeat]
    map: ClashMap
    cards: ClashCards
    pending: list[PromptView]
    recent: list[EventView]
    outcome: ClashOutcome | None


class ClashSeatPart(TypedDict):
    """What only the seat sees: its hand (action cards then objective cards, each sorted) and
    its private part."""

    hand: list[str]
    private: ClashPrivate


class ClashSeatView(ClashView, ClashSeatPart):
    """A seat's view (``seat`` not None): the public keys and the seat's own."""
