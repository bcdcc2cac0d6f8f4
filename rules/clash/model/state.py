"""The Clash of Cultures game state: plain containers with a fast copy.

The engine never changes a state it was given: :meth:`ClashState.copy` makes a private copy
(lists and dicts are duplicated; tuples, frozensets and frozen records are shared), the
action is resolved on the copy, and an ``IllegalAction`` simply drops it.

Spaces are :class:`rules.clash.board.hexes.Hex` values here; snapshots, positions and views write
them as names (``C4``). Seats are 0-based indices into ``players``; a piece's ``owner`` is the
seat whose colour it has.

**Where things are.** The map is ``regions`` (one :class:`Region` per slot of the board,
explored or face down), ``exhausted`` and ``barbarians``; everything of a player colour is in
its :class:`PlayerState`: resources and tokens, levels, advances, cities (with their pieces,
whatever their colours: a piece of another colour is a cultural influence, p.10), land units
by space, ships with their cargo, hand and completed objectives. A wonder stands in a city
(:attr:`City.wonder`) and belongs to whoever owns the city (p.14); the decks, the discards and
the wonders not built are :class:`CardState`.

**Per turn.** :class:`TurnState` holds what the active player's turn has used (actions,
once-per-turn abilities, a successful Cultural Influence) and its trade offers
(:class:`Trades`, :mod:`rules.clash.actions.trading`); a city's activations this turn are
on the city (:attr:`City.activations`). All of it is reset when the turn ends (§2.3). Later
issues add here what moving units needs (fought this turn, entered a Mountain or a Forest).

**The dice queue.** ``dice`` are fixed results a position can give (transcripts and tests);
:func:`rules.clash.model.dice.roll` takes them first, in the order documented there, and only then
asks ``rng``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from rules.clash.board.boards import BOARDS, Board
from rules.clash.board.custom import BoardPlan
from rules.clash.board.hexes import Hex, Lens
from rules.clash.box.advances import ADVANCES, government
from rules.clash.box.components import ACTIONS_PER_TURN, MAX_ACTIONS, NEUTRAL, PIECES, SETTLEMENT
from rules.core import JSON, Outcome, PromptStack, Rng

#: The side of the barbarians in battles (:attr:`Battle.defender`, :attr:`Fought.attacker`).
BARBARIAN_SIDE = -1

#: ``turn``: a player's turn; ``status``: the status phase (p.11); ``over``: the game ended.
PHASES: tuple[str, ...] = ("turn", "status", "over")
TURN, STATUS, OVER = PHASES


@dataclass(frozen=True, slots=True)
class Region:
    """One slot of the map: the region ``tile`` lying there, face up (``explored``) or face
    down. ``turned`` says how an explored region lies: as the board lays the slot
    (:attr:`rules.clash.board.boards.Slot.lens`) or turned 180° (the two ways of p.16, C32)."""

    tile: str
    explored: bool
    turned: bool = False

    def lens(self, slot_lens: Lens) -> Lens:
        """Where the tile lies, given the slot's own lay."""
        return slot_lens.turned() if self.turned else slot_lens


@dataclass(frozen=True, slots=True)
class Piece:
    """One city piece: its kind (:data:`rules.clash.box.components.PIECES`) and the seat whose
    colour it has (captured pieces change colour, influenced ones keep theirs, p.10, p.12)."""

    kind: str
    owner: int


@dataclass(frozen=True, slots=True)
class City:
    """A player's city on ``hex``: its pieces in :data:`PIECES` order (the Settlement, of the
    owner's colour, first; at most one of each kind, p.6), its mood, the Sea space its Port
    points into (p.6; None without a Port), how often it was activated this turn and whether
    one of those activations happened while it was angry (C26), and its wonder (p.14)."""

    hex: Hex
    owner: int
    pieces: tuple[Piece, ...]
    mood: str = NEUTRAL
    port_faces: Hex | None = None
    activations: int = 0
    activated_angry: bool = False
    wonder: str | None = None

    @property
    def size(self) -> int:
        """The number of pieces (p.6)."""
        return len(self.pieces)

    def piece(self, kind: str) -> Piece | None:
        """The piece of ``kind``, if the city has one."""
        return next((p for p in self.pieces if p.kind == kind), None)


def new_city(h: Hex, owner: int) -> City:
    """A city just founded: one Settlement, neutral (p.6, p.8)."""
    return City(h, owner, (Piece(SETTLEMENT, owner),))


#: The rules editions (option ``edition``; docs/rules-decisions.md C131-C132, C134, C137): 1,
#: the rules as the engine played them before; 2, the rulebook as printed, the default.
FIRST_EDITION, PRINTED_EDITION = 1, 2
EDITIONS: tuple[int, ...] = (FIRST_EDITION, PRINTED_EDITION)
#: Cultural Influence's range on p.10 (option ``influence_range``, C135): ``rule``, the rule
#: sentence (a size-N city reaches N spaces), the default as played so far; ``example``, the
#: worked example (a token buys the range to a city exactly N spaces away).
RULE_RANGE, EXAMPLE_RANGE = "rule", "example"
INFLUENCE_RANGES: tuple[str, ...] = (RULE_RANGE, EXAMPLE_RANGE)
#: The Great Wall's "(but do not have to pay to use its power)" (p.15; option ``great_wall``,
#: C136): ``owning``, Siegecraft owned lets a player attack and is paid as usual, the default
#: as played so far; ``free``, its power then costs nothing (both Fortress abilities cancelled).
WALL_OWNING, WALL_FREE = "owning", "free"
GREAT_WALL_READINGS: tuple[str, ...] = (WALL_OWNING, WALL_FREE)
#: The advance each city piece needs (p.5, p.7): Temple Myths, Fortress Tactics, Academy
#: Writing, Port Fishing.
PIECE_ADVANCES: dict[str, str] = {a.unlocks: a.id for a in ADVANCES if a.unlocks}


def working(state: ClashState, city: City, kind: str) -> bool:
    """Whether ``city`` has a piece of ``kind`` whose special ability works for its owner:
    in the printed edition only when the owner owns the piece's advance (p.12: a captured
    city's piece whose advance you lack neither works nor counts for objectives, C131)."""
    if city.piece(kind) is None:
        return False
    need = PIECE_ADVANCES.get(kind)
    if need is None or state.edition < PRINTED_EDITION or not 0 <= city.owner < state.n:
        return True
    return need in state.seats[city.owner].advances


def actions_full(state: ClashState) -> bool:
    """Whether the turn holds as many actions as the first edition allowed, so that Absolute
    Power and Leadership are refused (C132: the printed rules set no cap)."""
    return state.edition < PRINTED_EDITION and state.turn_state.actions_left >= MAX_ACTIONS


def pieces_in_use(state: ClashState, seat: int, kind: str) -> int:
    """Pieces of ``kind`` of ``seat``'s colour in anyone's city: the box holds 7 (p.2)."""
    return sum(1 for p in state.seats for c in p.cities for x in c.pieces if x == Piece(kind, seat))


def city_on(state: ClashState, h: Hex) -> tuple[int, City | None] | None:
    """The owner of the city on ``h`` (:data:`BARBARIAN_SIDE` for a barbarian settlement,
    with no City record), if any."""
    if h in state.barbarians.cities:
        return BARBARIAN_SIDE, None
    for seat, me in enumerate(state.seats):
        c = me.city_at(h)
        if c is not None:
            return seat, c
    return None


def piece_order(pieces: tuple[Piece, ...] | list[Piece]) -> tuple[Piece, ...]:
    """Pieces in :data:`PIECES` order."""
    return tuple(sorted(pieces, key=lambda p: PIECES.index(p.kind)))


@dataclass(frozen=True, slots=True)
class Ship:
    """A ship on a Sea space with the land units it carries (``army``/``settler``, sorted;
    at most 2, p.9). ``id`` (1-4, one per ship of the colour in the box, p.2) tells a
    player's ships apart in actions (``ship2``) and in the picture."""

    id: int
    hex: Hex
    cargo: tuple[str, ...] = ()

    @property
    def place(self) -> str:
        """Where its cargo is, for the turn's marks (:mod:`rules.clash.model.marks`)."""
        return f"ship{self.id}"


@dataclass(frozen=True, slots=True)
class Completed:
    """A completed objective card lying face up: which of its two objectives (``top`` or
    ``bottom``) it was completed for (p.11, p.14)."""

    card: str
    half: str


@dataclass(slots=True)
class PlayerState:
    """Everything of one player colour.

    ``resources`` has every resource of :data:`rules.clash.box.components.RESOURCES`; ``armies``
    and ``settlers`` count the land units on each space (not those aboard ships); ``actions``
    and ``objectives`` are the hand (hidden from the others, p.14); ``kept_events`` are event
    cards kept face up for later ([cards] §4.1); ``event_points`` the victory points events
    gave (halves allowed, p.4).
    """

    resources: dict[str, int]
    advances: frozenset[str]
    cities: list[City] = field(default_factory=list)
    armies: dict[Hex, int] = field(default_factory=dict)
    settlers: dict[Hex, int] = field(default_factory=dict)
    ships: list[Ship] = field(default_factory=list)
    mood_tokens: int = 0
    culture_tokens: int = 0
    culture_level: int = 0
    happiness_level: int = 0
    actions: tuple[str, ...] = ()
    objectives: tuple[str, ...] = ()
    completed: tuple[Completed, ...] = ()
    kept_events: tuple[str, ...] = ()
    event_points: float = 0.0
    resigned: bool = False

    @property
    def government(self) -> str | None:
        """The government category the player's advances are in, if any (p.7)."""
        return government(self.advances)

    def city_at(self, h: Hex) -> City | None:
        return next((c for c in self.cities if c.hex == h), None)

    def copy(self) -> PlayerState:
        """An independent copy."""
        return PlayerState(
            dict(self.resources),
            self.advances,
            self.cities[:],
            dict(self.armies),
            dict(self.settlers),
            self.ships[:],
            self.mood_tokens,
            self.culture_tokens,
            self.culture_level,
            self.happiness_level,
            self.actions,
            self.objectives,
            self.completed,
            self.kept_events,
            self.event_points,
            self.resigned,
        )


@dataclass(slots=True)
class Barbarians:
    """The brown pieces: settlements (a barbarian city is one Settlement, size 1, p.13) and
    army units by space."""

    cities: frozenset[Hex] = frozenset()
    armies: dict[Hex, int] = field(default_factory=dict)

    def copy(self) -> Barbarians:
        return Barbarians(self.cities, dict(self.armies))


@dataclass(slots=True)
class CardState:
    """The decks (top card first; ``action``, ``objective``, ``event`` and the face-down
    ``wonder`` deck), the discard piles (bottom card first), the wonders revealed and not yet
    built (p.14), reservations made with Monuments (wonder -> seat, p.2) and wonders lost with
    a destroyed city (p.14)."""

    decks: dict[str, tuple[str, ...]]
    discards: dict[str, tuple[str, ...]]
    revealed: tuple[str, ...] = ()
    reserved: dict[str, int] = field(default_factory=dict)
    lost: tuple[str, ...] = ()

    def copy(self) -> CardState:
        return CardState(
            dict(self.decks), dict(self.discards), self.revealed, dict(self.reserved), self.lost
        )


@dataclass(frozen=True, slots=True)
class Fought:
    """A battle that ended this turn (:mod:`rules.clash.battles.facts`): where, at sea or not,
    the attacking and the defending side (:data:`BARBARIAN_SIDE` for the barbarians), the
    fighting units each had at the start (army units, or ships at sea) and lost in it, the
    settlers each lost, the winner (None: nobody won), the owner of the city fought over
    (None: no city), whether the attacker took it, whether it was defended (army units or a
    Fortress) and its size and wonder at the start, and whether the attackers came straight
    from ships."""

    space: Hex
    sea: bool
    attacker: int
    defender: int
    units: tuple[int, int]
    lost: tuple[int, int]
    settlers_lost: tuple[int, int] = (0, 0)
    winner: int | None = None
    city: int | None = None
    captured: bool = False
    defended: bool = False
    size: int = 0
    wonder: bool = False
    landed: bool = False


@dataclass(frozen=True, slots=True)
class Goods:
    """One side of a trade offer (:mod:`rules.clash.actions.trading`): resources and tokens by kind
    (``amounts``, in :data:`rules.clash.actions.collect.KINDS` order, each at least 1) and the
    action and objective cards named (``cards``, ids, only ever the offerer's own)."""

    amounts: tuple[tuple[str, int], ...] = ()
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Offer:
    """An open trade offer: ``offerer`` gives ``give`` to ``partner`` for ``want``; one of
    them is the active player. ``number`` counts the offers ``offerer`` made to ``partner``
    this turn, this one included (it names the answering prompt)."""

    offerer: int
    partner: int
    give: Goods
    want: Goods
    number: int = 1


@dataclass(frozen=True, slots=True)
class Trades:
    """The turn's trading (C120-C124): the open offers (at most one per pair of players) and
    how many offers each player made to each other this turn, as sorted ``(offerer, partner,
    count)`` entries."""

    offers: tuple[Offer, ...] = ()
    made: tuple[tuple[int, int, int], ...] = ()


#: One entry of :attr:`TurnState.marks`: place (a space's token ``c4`` or a ship's
#: ``ship2``), unit kind, mark, count (see :mod:`rules.clash.model.marks`).
Mark = tuple[str, str, str, int]


@dataclass(frozen=True, slots=True)
class TurnState:
    """What the active player's turn has used (§2.3): actions left (3, one more with Absolute
    Power), the once-per-turn abilities used (advance or wonder ids), whether a Cultural
    Influence succeeded (one success per turn, C36), the marks on the active player's units
    (moved in this Move action, entered a Forest or a Mountain this turn: sorted
    :data:`Mark` entries) and, during a Move action, how many groups it may still move
    (``moving``; 0 when no Move action is under way, p.9), the battles that ended this turn,
    in order (``fought``, any player's: the barbarians' attacks included), and the trade
    offers of the turn (``trades``: they lapse with it)."""

    actions_left: int = ACTIONS_PER_TURN
    used: frozenset[str] = frozenset()
    influenced: bool = False
    marks: tuple[Mark, ...] = ()
    moving: int = 0
    fought: tuple[Fought, ...] = ()
    #: Actions spent so far this turn (Negotiations: before the first one, docs/clash-cards.md
    #: §8.1 (c)); the civil halves played this turn, in order (``P03``...), and the pending
    #: modifiers of the turn's next Collect or Cultural Influence
    #: (:mod:`rules.clash.model.civil_cards`) or wonder (the Great Engineer, ``E37``,
    #: :mod:`rules.clash.wonders.construction`).
    spent: int = 0
    civil_played: tuple[str, ...] = ()
    card_modifiers: tuple[str, ...] = ()
    trades: Trades = Trades()
    #: The event cards the active player kept during this turn: usable in a later turn only
    #: (docs/clash-cards.md §4.1, C85).
    kept_now: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Truce:
    """Negotiations (P12, :mod:`rules.clash.model.card_turns`): ``maker`` may not attack ``other``
    during the turn it was played in (``stage`` ``maker``); then, once that turn ended
    (``waiting``), ``other`` may not attack ``maker`` during their next turn (``other``)."""

    maker: int
    other: int
    stage: str


@dataclass(frozen=True, slots=True)
class Assassination:
    """Assassination (P14): ``target`` has one action fewer in its next turn (``done`` once
    taken); nobody may target it again in ``round``."""

    target: int
    round: int
    done: bool = False


@dataclass(frozen=True, slots=True)
class Exploring:
    """A region just turned face up whose placing still waits for the explorer (p.16-19).

    ``entered`` is the space the moving group entered (for a ship, the space of the region
    it sailed at); ``origin`` the place the group comes from (a space token or ``ship<k>``)
    and ``units`` what moves (unit kinds, or ``ship<k>`` for a ship); ``approach`` the Sea
    space a ship explores from (None for land units), ``navigation`` whether the ship came
    round the edge of the map. ``layouts`` are the ways the region may still lie (the
    :attr:`Region.turned` values the rules leave, C32) while ``step`` is ``layout``; then
    ``barbarians`` (the Fertile spaces the barbarians may take, p.13) and ``ship_space`` (the
    new Sea spaces the ship may sail onto, p.19) follow. ``ore`` is Roads' terrain payment,
    never used while exploring (Roads cannot explore, p.20) but kept for the group's marks."""

    slot: str
    entered: Hex
    origin: str
    units: tuple[str, ...]
    step: str
    layouts: tuple[bool, ...] = ()
    spaces: tuple[Hex, ...] = ()
    approach: Hex | None = None
    navigation: bool = False
    ship_back: bool = False


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle under way on ``space`` (p.12; :mod:`rules.clash.battles.combat`): at ``sea`` between
    ships or on land between army units. ``attacker`` is the seat that moved in, ``defender``
    the seat attacked (-1 for the barbarians). ``origins`` says where the attacking units came
    from, for a withdrawal: ``(place, kind, count)`` with place a space token or ``ship<k>``
    (units that landed from that ship) and kind ``army``/``settler``, or ``(space, "ship<k>",
    1)`` for a ship. ``city_mood`` is the defending city's mood when the battle began (Plunder
    and Refugees, p.12, C50), ``siege`` the Siegecraft payments made (``wood``, ``ore``, p.2),
    ``landed`` whether the attackers came straight from ships (Warships, p.20), ``round`` the
    combat round, ``defeated`` the barbarian units killed (1 Gold each, p.14). Combat cards
    (:mod:`rules.clash.battles.combat_cards`): ``carded`` is the last round whose card windows are
    over, ``deciding`` how many sides have had theirs this round (attacker first), ``played``
    the cards played for this round as ``(side, card)``, ``retreat`` the space a played
    Tactical Retreat goes to, ``siege_food`` the defender's answer to The Siege this round
    (``paid`` or ``refused``). Once per battle (C69-C72): ``asked`` the questions answered
    before round 1 (``mausoleum``, ``general0``/``general1`` for attacker/defender,
    ``trojan_horse``), ``generals`` the sides that discarded a Great General, ``trojan``
    whether the attacker paid for the Trojan Horse, ``eclipse`` whether this battle is the one
    the Solar Eclipse ends after round 1."""

    space: Hex
    sea: bool
    attacker: int
    defender: int
    origins: tuple[tuple[str, str, int], ...]
    round: int = 1
    city_mood: str | None = None
    siege: tuple[str, ...] = ()
    landed: bool = False
    defeated: int = 0
    carded: int = 0
    deciding: int = 0
    played: tuple[tuple[int, str], ...] = ()
    retreat: Hex | None = None
    siege_food: str = ""
    asked: tuple[str, ...] = ()
    generals: tuple[int, ...] = ()
    trojan: bool = False
    eclipse: bool = False


@dataclass(frozen=True, slots=True)
class StatusState:
    """The status phase (p.11): its step (1-5); ``waiting``, the seats asked now (all at once,
    C127); ``order``, the seats whose part of the step is still to be carried out, in turn
    order from the first player; ``answers``, what those who answered chose, kept hidden
    until their part is carried out (as soon as every part before it is done); ``again``,
    the seats asked again after an earlier part made their answer impossible (or, in step 2,
    offered them other answers than they chose among); ``ahead``, the free advances chosen
    while step 1 was still open (C128), kept here in snapshots written before C130 only
    (since, in ``ClashState.kept_advances``; moved there on loading)."""

    step: int
    waiting: tuple[int, ...]
    order: tuple[int, ...] = ()
    answers: tuple[tuple[int, tuple[str, ...]], ...] = ()
    again: tuple[int, ...] = ()
    ahead: tuple[tuple[int, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class KeptAdvance:
    """A free advance (status phase step 2) chosen before its part is carried out (C128,
    C130): ``answer`` as typed, and ``offered``, every whole answer the player could give
    then (each as typed). The answer counts only if the player is offered the same answers
    when its part comes; otherwise they are asked again."""

    seat: int
    answer: tuple[str, ...]
    offered: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ObjectiveWatch:
    """What the immediate objectives keep between steps (:mod:`rules.clash.rounds.objectives`): of
    the turn under way, the battles its player fought (``(space, won)``), their Build-units
    actions and whether one of them paid an army unit with mood tokens (Draft); and the
    completions offered and not yet answered (hidden: ``(seat, card, half)``)."""

    battles: tuple[tuple[Hex, bool], ...] = ()
    builds: int = 0
    drafted: bool = False
    offers: tuple[tuple[int, str, str], ...] = ()


@dataclass(slots=True, eq=False)
class ClashState:
    """Everything about one game.

    ``seating`` lists the seats clockwise round the table, as drawn at setup (p.3 step 2, C1):
    table position ``k`` has the board's ``k``-th starting region, and turns pass to the left
    (clockwise) from ``first`` (p.7). ``round`` is 1-6, ``turn`` the turn of the round (1-3:
    every player takes three, p.7), ``active`` whose turn it is. ``prompts`` holds nested
    decisions (none yet).
    """

    players: tuple[str, ...]
    rng: Rng
    seating: tuple[int, ...]
    regions: dict[str, Region]
    seats: list[PlayerState]
    cards: CardState
    first: int
    active: int
    round: int = 1
    turn: int = 1
    phase: str = TURN
    turn_state: TurnState = field(default_factory=TurnState)
    status: StatusState | None = None
    exploring: Exploring | None = None
    battle: Battle | None = None
    exhausted: frozenset[Hex] = frozenset()
    barbarians: Barbarians = field(default_factory=Barbarians)
    #: Event cards' lasting effects in play (:data:`rules.clash.box.cards.TABLE_EFFECTS`), sorted.
    table_effects: tuple[str, ...] = ()
    objective_watch: ObjectiveWatch = field(default_factory=ObjectiveWatch)
    #: Negotiations and Assassinations in force across turns (action cards, P12, P14).
    truces: tuple[Truce, ...] = ()
    assassinations: tuple[Assassination, ...] = ()
    prompts: PromptStack = field(default_factory=PromptStack)
    dice: tuple[int, ...] = ()
    recent: tuple[dict[str, JSON], ...] = ()
    battle_log: tuple[dict[str, JSON], ...] = ()
    outcome: Outcome | None = None
    resign_order: tuple[int, ...] = ()
    #: The free advances chosen and not yet carried out (C128, C130): asked from the end of a
    #: player's last turn of the round and carried out at step 2 of the status phase.
    kept_advances: tuple[KeptAdvance, ...] = ()
    #: The rules the game is played under (:data:`EDITIONS`), chosen at setup (the option
    #: ``edition``); a snapshot written before there were editions lacks it: the first.
    edition: int = FIRST_EDITION
    #: The board a position laid (C139, :mod:`rules.clash.board.custom`); None: the board of
    #: the player count (C2), which every game the lobby starts plays on. A snapshot writes it
    #: only when it is not None, so one written before such boards existed has none.
    custom_board: BoardPlan | None = None
    #: The readings chosen at setup (the options ``influence_range`` and ``great_wall``, C135,
    #: C136); a snapshot written before they existed lacks them: the reading played then.
    influence_range: str = RULE_RANGE
    great_wall: str = WALL_OWNING

    @property
    def n(self) -> int:
        """Number of seats (resigned ones included)."""
        return len(self.players)

    @property
    def board(self) -> Board:
        """The board the game is played on: the player count's, or the one a position laid."""
        plan = self.custom_board
        # Asked on nearly every question: the fixed board straight from its table (a game has
        # 2-4 players), a laid one from its plan, which keeps it.
        return BOARDS[len(self.players)] if plan is None else plan.laid()

    def live(self) -> list[int]:
        """Seats still in the game, in seat order."""
        return [s for s, p in enumerate(self.seats) if not p.resigned]

    def copy(self) -> ClashState:
        """A copy that shares only immutable parts with this state: the mutable fields are
        copied, every other field is carried over as it is."""
        return replace(
            self,
            rng=self.rng.copy(),
            regions=dict(self.regions),
            seats=[s.copy() for s in self.seats],
            cards=self.cards.copy(),
            barbarians=self.barbarians.copy(),
        )

    def key(self) -> tuple[Any, ...]:
        """All fields as comparable values, in declaration order (the generator by its
        state)."""
        return tuple(
            self.rng.state if f.name == "rng" else getattr(self, f.name) for f in fields(self)
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ClashState) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable containers inside
