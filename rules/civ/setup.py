"""Options and the start of a game: shuffle the ages, remove cards, choose a start, deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.civ.data import AGES, BOX, ND, OPTION_DEALS, RECENT_EVENTS, REMOVED_PER_AGE, card_code
from rules.civ.draft import begin_draft
from rules.civ.state import CivState, Options, SeatState
from rules.civ.turn import deal_classic
from rules.core import Event, IllegalAction, OptionSpec, Rng, check_handles

JSON = Any

MIN_PLAYERS = 2
MAX_PLAYERS = 4

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("deal", "classic", OPTION_DEALS, "civ.option.deal"),
    OptionSpec("teams", False, (False, True), "civ.option.teams"),
    OptionSpec("partial_effects", False, (False, True), "civ.option.partial_effects"),
)


def parse_options(players: Sequence[str], options: Mapping[str, JSON]) -> Options:
    """Validate the player list and the options; raises IllegalAction with a specific code."""
    check_handles(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction(
            "bad_player_count", count=len(players), min=MIN_PLAYERS, max=MAX_PLAYERS
        )
    specs = {o.name: o for o in OPTIONS}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            raise IllegalAction("unknown_option", option=name, allowed=list(specs))
        # bool is an int in Python: compare types too so that 1 is not taken for True.
        if not any(type(value) is type(v) and value == v for v in spec.values):
            raise IllegalAction("bad_option", option=name, value=value, allowed=list(spec.values))
    chosen = {o.name: options.get(o.name, o.default) for o in OPTIONS}
    if chosen["teams"] and len(players) != 4:
        raise IllegalAction("teams_need_four_players", count=len(players))
    return Options(
        deal=chosen["deal"], teams=chosen["teams"], partial_effects=chosen["partial_effects"]
    )


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
    opts = parse_options(players, options)
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


def remember(state: CivState, events: list[Event]) -> None:
    """Keep the last public events in the state for ``view()["recent"]``."""
    public = [
        {
            "kind": e.kind,
            "params": {k: list(v) if isinstance(v, list) else v for k, v in e.params.items()},
        }
        for e in events
        if e.visible_to is None
    ]
    if public:
        state.recent = (*state.recent, *public)[-RECENT_EVENTS:]
