"""Options and the start of a game: shuffle the ages, remove cards, choose a start, deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.civ.data import AGES, BOX, ND, OPTION_DEALS, REMOVED_PER_AGE, card_code
from rules.civ.draft import begin_draft
from rules.civ.state import CivState, Options, SeatState
from rules.civ.turn import deal_classic
from rules.core import JSON, Event, IllegalAction, OptionSpec, Rng
from rules.engine import remember

MIN_PLAYERS = 2
MAX_PLAYERS = 4

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("deal", "classic", OPTION_DEALS, "civ.option.deal"),
    OptionSpec("teams", False, (False, True), "civ.option.teams"),
    OptionSpec("partial_effects", False, (False, True), "civ.option.partial_effects"),
)


def game_options(players: Sequence[str], chosen: Mapping[str, JSON]) -> Options:
    """The options of a game from every option's checked value (``Engine.parse_options``);
    raises ``teams_need_four_players``."""
    if chosen["teams"] and len(players) != 4:
        raise IllegalAction("teams_need_four_players", count=len(players))
    return Options(**chosen)


def build_deck(rng: Rng, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Shuffle each age, remove 3 per age with fewer than 4 players; Age I ends on top."""
    deck: list[int] = []
    removed: list[int] = []
    for age in AGES:
        pile = [card_code(age, d) for d in range(ND) for _ in range(BOX[age][d])]
        rng.shuffle(pile)
        if players < 4:
            removed.extend(pile[:REMOVED_PER_AGE])
            pile = pile[REMOVED_PER_AGE:]
        deck.extend(pile)
    return tuple(deck), tuple(removed)


def new_game(players: Sequence[str], options: Mapping[str, JSON], seed: int) -> CivState:
    """A shuffled, dealt game whose first prompt is the draft or the starting player's turn."""
    opts = game_options(players, options)
    rng = Rng(seed)
    deck, removed = build_deck(rng, len(players))
    start = rng.randrange(len(players))
    state = CivState(
        players=tuple(players),
        options=opts,
        rng=rng,
        seats=[SeatState() for _ in players],
        deck=deck,
        discard=[],
        removed=removed,
        start=start,
        active=start,
        step="play",
    )
    deal(state)
    return state


def deal(state: CivState) -> list[Event]:
    """Deal by the chosen mode and remember the public events in ``recent``."""
    events = [
        Event(
            "civ.started",
            {"player": state.players[state.start], "deal": state.options.deal, "count": state.n},
        )
    ]
    events += begin_draft(state) if state.options.deal == "draft" else deal_classic(state)
    remember(state, events)
    return events
