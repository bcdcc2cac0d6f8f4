"""Options and the start of a game: shuffle the deck, deal the display, build the stacks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core import JSON, Event, OptionSpec, Rng
from rules.engine import remember
from rules.stoneage.data import (
    BUILDING_TILES,
    CARD_IDS,
    DISPLAY_SIZE,
    STACK_SIZE,
    STACKS_IN_BOX,
    TIEBREAKS,
)
from rules.stoneage.flow import settle, start_round
from rules.stoneage.state import Options, SeatState, StoneAgeState, empty_board

MIN_PLAYERS = 2
MAX_PLAYERS = 4

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("open_cards", False, (False, True), "stoneage.option.open_cards"),
    OptionSpec("tiebreak", "sequence", TIEBREAKS, "stoneage.option.tiebreak"),
)


def game_options(chosen: Mapping[str, JSON]) -> Options:
    """The options of a game from every option's checked value (``Engine.parse_options``)."""
    return Options(**chosen)


def new_state(
    players: Sequence[str],
    opts: Options,
    rng: Rng,
    deck: tuple[str, ...],
    stacks: list[tuple[str, ...]],
    removed: tuple[str, ...],
    first: int,
) -> StoneAgeState:
    """A state before round 1: the display dealt from ``deck``, nobody on the board."""
    n = len(players)
    return StoneAgeState(
        players=tuple(players),
        options=opts,
        rng=rng,
        seats=[SeatState() for _ in players],
        deck=deck[DISPLAY_SIZE:],
        display=list(deck[:DISPLAY_SIZE]),
        stacks=stacks,
        removed=removed,
        first=first,
        active=first,
        phase="place",
        round=0,
        at=empty_board(n),
        card_spot=[-1] * DISPLAY_SIZE,
        building_spot=[-1] * len(stacks),
    )


def new_game(players: Sequence[str], options: Mapping[str, JSON], seed: int) -> StoneAgeState:
    """A shuffled game whose first prompt is the first player's placement."""
    opts = game_options(options)
    rng = Rng(seed)
    deck = list(CARD_IDS)
    rng.shuffle(deck)
    tiles = list(BUILDING_TILES)
    rng.shuffle(tiles)
    all_stacks = [tuple(tiles[i * STACK_SIZE : (i + 1) * STACK_SIZE]) for i in range(STACKS_IN_BOX)]
    n = len(players)
    removed = tuple(t for s in all_stacks[n:] for t in s)
    first = rng.randrange(n)
    state = new_state(players, opts, rng, tuple(deck), all_stacks[:n], removed, first)
    begin(state)
    return state


def begin(state: StoneAgeState) -> list[Event]:
    """Round 1 starts; the events are remembered for ``view()["recent"]``."""
    events = [Event("stoneage.started", {"player": state.players[state.first], "count": state.n})]
    events += start_round(state, state.first, refilled=0)
    events += settle(state)
    remember(state, events)
    return events
