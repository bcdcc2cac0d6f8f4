"""The start of a game for 2, 3 and 4 players: the rulebook's setup, p.3 ("Előkészületek")."""

from __future__ import annotations

import pytest
from test_clash_support import PLAYERS2, PLAYERS3, PLAYERS4

from rules.clash import GAME
from rules.clash.board.boards import board
from rules.clash.board.tiles import FERTILE, GENERAL_IN_BOX, REGIONS, START_SIDES
from rules.clash.box.advances import STARTING
from rules.clash.box.cards import ACTION_CARDS, EVENT_CARDS, OBJECTIVE_CARDS, WONDERS
from rules.clash.box.components import NEUTRAL, RESOURCES, SETTLEMENT
from rules.clash.model.state import Piece
from rules.clash.model.terrain import terrains
from rules.core import IllegalAction

ALL = [PLAYERS2, PLAYERS3, PLAYERS4]
IDS = ["2p", "3p", "4p"]


@pytest.mark.parametrize("players", ALL, ids=IDS)
def test_the_map_is_the_boards_with_regions_face_down(players: tuple[str, ...]) -> None:
    """p.3 step 1: the map of the player count's diagram (C2: 2 starting regions and 8 face
    down, 3 and 12, 4 and 14); starting regions face up on their prescribed side, the general
    regions shuffled, face down, each at most once; those left over stay out (p.2: 16)."""
    state = GAME.setup(list(players), {}, 11)
    b = board(len(players))
    assert list(state.regions) == [s.id for s in b.slots]
    for s in b.starts:
        r = state.regions[s.id]
        assert (r.tile, r.explored, r.turned) == (START_SIDES[s.side or ""].id, True, False)
    hidden = [state.regions[s.id] for s in b.hidden]
    assert len(hidden) == {2: 8, 3: 12, 4: 14}[len(players)] <= GENERAL_IN_BOX
    assert not any(r.explored for r in hidden)
    tiles = [r.tile for r in hidden]
    assert len(set(tiles)) == len(tiles) and set(tiles) <= {t.id for t in REGIONS}
    # Only the starting regions are known (p.5): 4 spaces each.
    assert len(terrains(state)) == 4 * len(players)


@pytest.mark.parametrize("players", ALL, ids=IDS)
def test_every_player_starts_alike(players: tuple[str, ...]) -> None:
    """p.3 steps 3-6 (rules reference §1.5): resources on 0 except Food on 2, both levels on 0,
    no tokens; Farming and Mining; one Settlement (a neutral city of size 1) and one Settler
    on the Fertile space of the player's own starting region; 1 action and 1 objective card."""
    state = GAME.setup(list(players), {}, 5)
    b = board(len(players))
    homes = set()
    for seat, me in enumerate(state.seats):
        assert me.resources == {r: (2 if r == "food" else 0) for r in RESOURCES}
        assert (me.culture_level, me.happiness_level, me.mood_tokens, me.culture_tokens) == (
            0,
            0,
            0,
            0,
        )
        assert me.advances == frozenset(STARTING) == {"farming", "mining"}
        (city,) = me.cities
        start = b.starts[state.seating.index(seat)]
        assert city.hex == start.city and terrains(state)[city.hex] == FERTILE
        assert city.pieces == (Piece(SETTLEMENT, seat),) and city.size == 1
        assert (city.mood, city.port_faces, city.wonder, city.activations) == (
            NEUTRAL,
            None,
            None,
            0,
        )
        assert me.settlers == {city.hex: 1} and me.armies == {} and me.ships == []
        assert len(me.actions) == 1 and len(me.objectives) == 1
        assert me.completed == () and me.kept_events == () and me.event_points == 0
        homes.add(start.id)
    assert len(homes) == len(players)


@pytest.mark.parametrize("players", ALL, ids=IDS)
def test_decks_and_the_first_turn(players: tuple[str, ...]) -> None:
    """p.3 steps 6-8: shuffled decks less the cards dealt, the wonder cards face down (p.14),
    round 1, the first player (drawn) takes the first turn of 3 actions (p.7)."""
    n = len(players)
    state = GAME.setup(list(players), {}, 9)
    decks = state.cards.decks
    assert len(decks["action"]) == len(ACTION_CARDS) - n == 42 - n
    assert len(decks["objective"]) == len(OBJECTIVE_CARDS) - n == 32 - n
    assert sorted(decks["event"]) == list(EVENT_CARDS)
    assert sorted(decks["wonder"]) == sorted(WONDERS)
    assert all(not d for d in state.cards.discards.values())
    assert state.cards.revealed == () and state.cards.lost == () and state.cards.reserved == {}
    assert (state.round, state.turn, state.phase) == (1, 1, "turn")
    assert state.active == state.first and state.turn_state.actions_left == 3
    assert sorted(state.seating) == list(range(n))
    prompt, *offers = GAME.pending(state)
    assert [(p.kind, p.must) for p in offers] == [("trade", False)] * (n - 1)
    assert (prompt.seat, prompt.kind, prompt.turn, prompt.must) == (
        state.first,
        "turn",
        state.first,
        True,
    )
    assert [e["kind"] for e in state.recent] == ["clash.started"]


def test_the_draws_are_random_but_follow_the_seed() -> None:
    """Seats (C1), regions, decks and the first player come from the seeded generator: the
    same seed gives the same game, other seeds give every seat the first turn and several
    seatings."""
    assert GAME.setup(list(PLAYERS4), {}, 3) == GAME.setup(list(PLAYERS4), {}, 3)
    games = [GAME.setup(list(PLAYERS4), {}, seed) for seed in range(40)]
    assert {g.first for g in games} == {0, 1, 2, 3}
    assert len({g.seating for g in games}) > 5
    assert len({g.regions["r1"].tile for g in games}) > 5
    assert len({g.cards.decks["action"] for g in games}) == 40


@pytest.mark.parametrize("count", [1, 5])
def test_other_player_counts_are_refused(count: int) -> None:
    players = [f"p{i}" for i in range(count)]
    with pytest.raises(IllegalAction) as refused:
        GAME.setup(players, {}, 1)
    assert refused.value.code == "bad_player_count"


def test_the_options_are_the_rules_edition_and_two_readings() -> None:
    """The edition (C131-C132) and the readings the rulebook leaves open (C135, C136), whose
    defaults are the readings played before they were options."""
    assert [(o.name, o.default, o.values) for o in GAME.options] == [
        ("edition", 2, (1, 2)),
        ("influence_range", "rule", ("rule", "example")),
        ("great_wall", "owning", ("owning", "free")),
    ]
    with pytest.raises(IllegalAction) as refused:
        GAME.setup(list(PLAYERS2), {"map": "original"}, 1)
    assert refused.value.code == "unknown_option"
    assert (GAME.name, GAME.min_players, GAME.max_players, GAME.version) == ("clash", 2, 4, 2)
