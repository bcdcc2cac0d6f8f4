"""The start of a game (p.3, "Előkészületek"; rules reference §1.5).

1. The board of the player count (:func:`rules.clash.board.boards.board`, C2): the starting regions
   face up on their prescribed sides, the general regions shuffled and dealt face down in the
   other slots (:func:`rules.clash.board.boards.deal_regions`); the rest stay in the box, unseen.
2. Who sits where is drawn at random (C1): ``seating``, the seats clockwise round the table.
   Table position ``k`` takes the board's ``k``-th starting region (they run clockwise too).
3. Every player's resources on 0 except Food on 2, both levels on 0 (p.3 step 3, p.5); no
   tokens.
4. Every player owns Farming and Mining (p.3 step 4).
5. One Settlement and one Settler of every player on the Fertile space of their starting
   region (p.3 step 5): a neutral city of size 1 and a settler on the same space.
6. The action, objective and event decks are shuffled, each player is dealt 1 action card and
   1 objective card, hidden (p.3 step 6); the wonder cards are a shuffled face-down deck
   (p.14).
7. Round 1 (p.3 step 7).
8. The first player is drawn at random (p.3 step 8).

Nothing in the setup is a player's choice. The generator is used in this order: regions,
seating, the decks (action, objective, event, wonder), the first player.

>>> state = new_game(["ann", "bob", "cy"], {}, 7)
>>> [len(p.actions) + len(p.objectives) for p in state.seats], state.round, state.turn
([2, 2, 2], 1, 1)
>>> sorted(state.seating), state.active == state.first
([0, 1, 2], True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.clash.board.boards import Board, board, deal_regions
from rules.clash.board.hexes import Hex
from rules.clash.box.advances import STARTING
from rules.clash.box.cards import DECKS, DISCARDED
from rules.clash.box.components import FOOD, RESOURCES, START_FOOD
from rules.clash.model.state import (
    EDITIONS,
    GREAT_WALL_READINGS,
    INFLUENCE_RANGES,
    PRINTED_EDITION,
    RULE_RANGE,
    WALL_OWNING,
    CardState,
    ClashState,
    PlayerState,
    Region,
    new_city,
)
from rules.core import JSON, Event, OptionSpec, Rng
from rules.engine import remember

MIN_PLAYERS = 2
MAX_PLAYERS = 4
#: The rules edition (:data:`rules.clash.model.state.EDITIONS`): the printed rules unless a
#: game says otherwise; games started before editions existed play the first (their stored
#: options are given it, their snapshots lack it: docs/architecture.md, "Rules editions").
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("edition", PRINTED_EDITION, EDITIONS, "clash.option.edition"),
    # Two readings the rulebook leaves open (C135, C136): the defaults are the readings every
    # game was played under before the options existed, so stored games need no migration.
    OptionSpec("influence_range", RULE_RANGE, INFLUENCE_RANGES, "clash.option.influence_range"),
    OptionSpec("great_wall", WALL_OWNING, GREAT_WALL_READINGS, "clash.option.great_wall"),
)


def edition(options: Mapping[str, JSON]) -> int:
    """The edition ``options`` name (checked by the engine), the printed one if none."""
    value = options.get("edition", PRINTED_EDITION)
    assert isinstance(value, int)
    return value


def reading(options: Mapping[str, JSON], name: str) -> str:
    """The reading ``options`` name for the option ``name`` (checked by the engine), its
    default if none (C135 ``influence_range``, C136 ``great_wall``)."""
    spec = next(o for o in OPTIONS if o.name == name)
    value = options.get(name, spec.default)
    assert isinstance(value, str)
    return value


def start_regions(b: Board) -> dict[str, Region]:
    """The starting regions, face up as the board lays them (p.3 step 1)."""
    return {s.id: Region(s.start_tile, True) for s in b.starts}


def home(seating: Sequence[int], b: Board, seat: int) -> Hex:
    """The city space (Fertile on the fixed boards) of ``seat``'s starting region: the table
    position's start (C1)."""
    return b.starts[seating.index(seat)].city


def starting_player(h: Hex, seat: int) -> PlayerState:
    """A player as the setup leaves them (p.3 steps 3-5), before the cards are dealt."""
    resources = dict.fromkeys(RESOURCES, 0)
    resources[FOOD] = START_FOOD
    return PlayerState(
        resources=resources,
        advances=frozenset(STARTING),
        cities=[new_city(h, seat)],
        settlers={h: 1},
    )


def new_game(players: Sequence[str], options: Mapping[str, JSON], seed: int) -> ClashState:
    """A shuffled game at the first player's first turn of round 1."""
    rng = Rng(seed)
    n = len(players)
    b = board(n)
    regions = start_regions(b)
    for slot, tile in deal_regions(b, rng).items():
        regions[slot] = Region(tile, False)
    regions = {s.id: regions[s.id] for s in b.slots}
    seating = list(range(n))
    rng.shuffle(seating)
    seats = [starting_player(home(seating, b, s), s) for s in range(n)]
    decks: dict[str, tuple[str, ...]] = {}
    for name, ids in DECKS.items():
        cards = list(ids)
        rng.shuffle(cards)
        decks[name] = tuple(cards)
    for me in seats:
        me.actions, decks["action"] = decks["action"][:1], decks["action"][1:]
        me.objectives, decks["objective"] = decks["objective"][:1], decks["objective"][1:]
    first = rng.randrange(n)
    state = ClashState(
        players=tuple(players),
        rng=rng,
        seating=tuple(seating),
        regions=regions,
        seats=seats,
        cards=CardState(decks, {name: () for name in DISCARDED}),
        first=first,
        active=first,
        edition=edition(options),
        influence_range=reading(options, "influence_range"),
        great_wall=reading(options, "great_wall"),
    )
    remember(state, [Event("clash.started", {"player": players[first], "count": n})])
    return state
