"""A board of its own (C139): read from a position's ``board``, checked, played on, written
back by the export and in snapshots, and drawn."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_clash_support import comparable, roundtrip

from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.model.state import ClashState
from rules.clash.model.terrain import terrains
from rules.core import IllegalAction, Rng, act
from rules.selfplay import random_action

#: ann's starting region has two Fertile spaces and two Sea (no tile of the box has that), her
#: city named; bob's is the box's starting tile; r1 (Forest, Sea, Sea, Fertile) and r2 (four
#: Fertile spaces) are regions of their own lying face down; r3 is dealt from the box.
BOARD: dict[str, Any] = {
    "s1": {"terrain": {"B2": "fertile", "A3": "sea", "C3": "fertile", "B3": "sea"}, "city": "B2"},
    "s2": {"spaces": ["D5", "C6", "E6", "D6"], "tile": "start_a"},
    "r1": {"terrain": {"D3": "forest", "C4": "sea", "E4": "sea", "D4": "fertile"}},
    "r2": {"terrain": {"B4": "fertile", "A5": "fertile", "C5": "fertile", "B5": "fertile"}},
    "r3": {"spaces": ["F4", "E5", "G5", "F5"]},
}


def laid(extra: dict[str, Any] | None = None, board: dict[str, Any] | None = None) -> ClashState:
    position = {"first": "ann", "board": board or BOARD, **(extra or {})}
    return GAME.setup_position(["ann", "bob"], {}, 3, position)


def refusal(board: dict[str, Any], players: int = 2, **extra: Any) -> dict[str, Any]:
    handles = ["ann", "bob", "cyd"][:players]
    with pytest.raises(IllegalAction) as err:
        GAME.setup_position(handles, {}, 1, {"board": board, **extra})
    return {"code": err.value.code, **err.value.params}


def terrain_of(state: ClashState, name: str) -> str | None:
    return terrains(state).get(parse_hex(name))


def test_a_position_lays_its_own_board() -> None:
    """Every region where the position puts it; starting regions face up with their cities,
    the others face down; a space of the fixed boards that is not on it is off the board."""
    state = laid()
    b = state.board
    assert [s.id for s in b.slots] == ["s1", "s2", "r1", "r2", "r3"]
    assert len(b.hexes) == 20 and "D2" not in b.labels() and "G5" in b.labels()
    assert [terrain_of(state, x) for x in ("B2", "A3", "C3", "B3")] == [
        "fertile",
        "sea",
        "fertile",
        "sea",
    ]
    assert terrain_of(state, "D5") == "fertile" and terrain_of(state, "E6") == "mountain"
    assert [c.hex for me in state.seats for c in me.cities] == [parse_hex("B2"), parse_hex("D5")]
    assert [r.explored for r in state.regions.values()] == [True, True, False, False, False]
    assert state.regions["r3"].tile.startswith("g")
    with pytest.raises(IllegalAction) as err:
        b.parse("d2")
    assert err.value.code == "off_board"


def test_the_seating_chooses_who_starts_where() -> None:
    state = laid({"seating": ["bob", "ann"]})
    assert state.seats[1].cities[0].hex == parse_hex("B2")
    assert state.seats[0].cities[0].hex == parse_hex("D5")


@pytest.mark.parametrize(
    ("change", "problem", "field"),
    [
        # Two regions on one space.
        ({"r3": {"spaces": ["D4", "C5", "E5", "D5"]}}, "regions_overlap", "board.r3"),
        # Four spaces that are not a region (not side by side).
        (
            {"r1": {"terrain": {"D3": "sea", "C4": "sea", "E4": "sea", "D6": "sea"}}},
            "region_spaces_not_the_shape_of_a_region",
            "board.r1.terrain",
        ),
        # A region's spaces out of tile order (top, left, right, bottom).
        (
            {"r3": {"spaces": ["F4", "G5", "E5", "F5"]}},
            "region_spaces_not_a_region_in_tile_order",
            "board.r3.spaces",
        ),
        # A region away from the rest of the board.
        ({"r3": {"spaces": ["J4", "I5", "K5", "J5"]}}, "board_not_one_piece", "board"),
        # Two Fertile spaces and no city named.
        (
            {"s1": {"terrain": {"B2": "fertile", "A3": "sea", "C3": "fertile", "B3": "sea"}}},
            "starting_city_not_given",
            "board.s1.city",
        ),
        # A city on Sea.
        (
            {"s1": {**BOARD["s1"], "city": "A3"}},
            "starting_city_not_on_fertile_forest_or_mountain_of_its_region",
            "board.s1",
        ),
        # A starting region face down.
        (
            {"s2": {**BOARD["s2"], "explored": False}},
            "starting_region_not_face_up_as_given",
            "board.s2.explored",
        ),
        # A face-down region turned, an explored one with nothing to show.
        ({"r1": {**BOARD["r1"], "turned": True}}, "face_down_region_turned", "board.r1.turned"),
        (
            {"r3": {**BOARD["r3"], "explored": True}},
            "explored_region_without_terrain",
            "board.r3.explored",
        ),
    ],
)
def test_a_board_that_breaks_a_rule_is_refused(
    change: dict[str, Any], problem: str, field: str
) -> None:
    found = refusal({**BOARD, **change})
    assert found == {"code": "position_inconsistent", "problem": problem, "field": field}


@pytest.mark.parametrize("rid", ["north", "g05", "r_1", "R1"])
def test_a_region_id_is_a_letter_and_a_number(rid: str) -> None:
    """Ids are in every view: one that could read like a secret (a tile's) is refused."""
    board = {**{k: v for k, v in BOARD.items() if k != "r3"}, rid: BOARD["r3"]}
    assert refusal(board) == {
        "code": "position_inconsistent",
        "problem": "bad_region_id",
        "field": f"board.{rid}",
    }


def test_starting_regions_one_per_player() -> None:
    """s1..sN for N players: one missing, or one more than the players, is refused."""
    missing = {k: v for k, v in BOARD.items() if k != "s2"}
    assert refusal(missing)["problem"] == "not_one_starting_region_per_player"
    assert refusal(BOARD, players=3)["problem"] == "not_one_starting_region_per_player"


def test_bad_values_are_named() -> None:
    bad_terrain = {
        **BOARD,
        "r1": {"terrain": {"D3": "lava", "C4": "sea", "E4": "sea", "D4": "sea"}},
    }
    assert refusal(bad_terrain) == {
        "code": "position_bad_value",
        "field": "board.r1.terrain.D3",
        "value": "'lava'",
    }
    bad_space = {**BOARD, "r3": {"spaces": ["F4", "E5", "G5", "F0"]}}
    assert refusal(bad_space)["field"] == "board.r3.spaces"
    assert refusal({**BOARD, "r3": {"spaces": BOARD["r3"]["spaces"], "tile": "start_a"}})[
        "field"
    ] == ("board.r3.tile")
    for tile in (["g05"], {"g": 5}, 5):
        assert refusal({**BOARD, "s2": {**BOARD["s2"], "tile": tile}})["field"] == "board.s2.tile"
    unknown = refusal({**BOARD, "r3": {**BOARD["r3"], "colour": "red"}})
    assert unknown == {"code": "position_unknown_field", "field": "board.r3.colour"}
    twice = {
        **BOARD,
        "r3": {**BOARD["r3"], "tile": "g05"},
        "r4": {"spaces": ["H3", "G4", "I4", "H4"], "tile": "g05"},
    }
    assert refusal(twice)["code"] == "position_duplicate"
    assert refusal(BOARD, map={})["problem"] == "map_with_board"


def test_a_hole_in_the_board_is_refused() -> None:
    """Six regions round a space that is on none of them."""
    ring = {
        "s1": {"terrain": {"B2": "fertile", "A3": "sea", "C3": "sea", "B3": "sea"}},
        "s2": {"terrain": {"F2": "fertile", "E3": "sea", "G3": "sea", "F3": "sea"}},
        "r1": {"spaces": ["D1", "C2", "E2", "D2"]},
        "r2": {"spaces": ["B4", "A5", "C5", "B5"]},
        "r3": {"spaces": ["F4", "E5", "G5", "F5"]},
        "r4": {"spaces": ["D5", "C6", "E6", "D6"]},
    }
    assert refusal(ring)["problem"] == "board_has_a_hole"
    # The same board with the hole filled is one.
    filled = {**ring, "r5": {"spaces": ["D3", "C4", "E4", "D4"]}}
    assert GAME.setup_position(["ann", "bob"], {}, 1, {"board": filled}).board.players == 2


def test_exploring_a_region_of_its_own_shows_its_terrain() -> None:
    """The region's two ways differ (Forest and Fertile swap), so the explorer chooses (p.16
    applies to a region of its own, C139); way ``a`` shows the terrains as the position gave
    them, ``b`` turned 180°."""
    state = laid({"seats": {"ann": {"settlers": {"C3": 1}}}})
    state, _ = GAME.apply(state, 0, "move c3 d3 settler")
    assert [c.token for c in GAME.choices(state, 0, [])] == ["a", "b"]
    as_given, _ = GAME.apply(state, 0, "a")
    assert [terrain_of(as_given, x) for x in ("D3", "C4", "E4", "D4")] == [
        "forest",
        "sea",
        "sea",
        "fertile",
    ]
    assert as_given.seats[0].settlers == {parse_hex("D3"): 1}
    turned, _ = GAME.apply(state, 0, "b")
    assert terrain_of(turned, "D3") == "fertile" and terrain_of(turned, "D4") == "forest"


def test_a_region_of_four_fertile_spaces_brings_barbarians() -> None:
    """Four Fertile spaces: the two ways are alike (nothing to choose), and two or more Fertile
    spaces carry the barbarian symbol (p.13, p.16): the barbarians come on one of the Fertile
    spaces the settler did not enter, the explorer's choice."""
    state = laid({"seats": {"ann": {"settlers": {"C6": 1}}}})
    state, _ = GAME.apply(state, 0, "move c6 c5 settler")
    assert [c.token for c in GAME.choices(state, 0, [])] == ["a5", "b4", "b5"]
    state, events = GAME.apply(state, 0, "b5")
    assert "clash.barbarians_appeared" in [e.kind for e in events]
    assert state.barbarians.cities == frozenset({parse_hex("B5")})
    assert all(terrain_of(state, x) == "fertile" for x in ("B4", "A5", "C5", "B5"))


def test_the_export_and_the_snapshot_give_the_same_board() -> None:
    """A position on a board of its own is written back and read again identically, before
    and after an exploration; so is its snapshot, which names the board."""
    state = laid({"seats": {"ann": {"settlers": {"C3": 1}}}})
    explored, _ = GAME.apply(state, 0, "move c3 d3 settler")
    explored, _ = GAME.apply(explored, 0, "b")
    for s in (state, explored):
        again = roundtrip(s)
        assert comparable(again) == comparable(s)
        data = json.loads(json.dumps(GAME.to_json(s)))
        assert "custom_board" in data and GAME.from_json(data) == s
    exported = roundtrip(explored)
    assert exported.regions["r1"].turned and terrain_of(exported, "D3") == "fertile"


def test_a_fixed_board_snapshot_names_no_board() -> None:
    """Games on the fixed boards write the snapshot they wrote before (no ``custom_board``),
    and one without it loads on the fixed board."""
    state = GAME.setup(["ann", "bob"], {}, 1)
    data = GAME.to_json(state)
    assert "custom_board" not in data
    assert GAME.from_json(copy.deepcopy(data)).custom_board is None


def test_the_board_is_made_once_per_plan() -> None:
    state = laid()
    assert state.board is state.board and state.copy().board is state.board
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert again.custom_board == state.custom_board
    assert hash(again.custom_board) == hash(state.custom_board)


@pytest.mark.parametrize("greedy", [False, True])
def test_games_played_on_a_board_of_its_own_keep_the_invariants(greedy: bool) -> None:
    """Random and heuristic play from the position: every state keeps the invariants (no
    unit off the board, no face-down region in a view...), and its position and snapshot
    give it back."""
    rng = Rng(11 + greedy)
    state = laid({"seats": {"ann": {"settlers": {"C3": 2}}, "bob": {"settlers": {"D5": 2}}}})
    for step in range(120):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.pending(state)[0].seat
        state, _ = act(GAME, state, seat, random_action(GAME, state, seat, rng, greedy=greedy))
        assert GAME.check_invariants(state) == [], step
        if step % 10 == 0 and GAME.outcome(state) is None:
            assert comparable(roundtrip(state)) == comparable(state), step
            assert GAME.from_json(json.loads(json.dumps(GAME.to_json(state)))) == state
    assert any(r.explored for k, r in state.regions.items() if k.startswith("r"))


def test_a_saved_snapshot_on_a_board_of_its_own_is_a_position() -> None:
    """A snapshot of such a game, its envelope left out, gives that very state as a partial
    snapshot (docs/transcripts.md); one that does not name the board keeps the fixed one."""
    state = laid({"seats": {"ann": {"settlers": {"C3": 1}}}})
    state, _ = GAME.apply(state, 0, "move c3 d3 settler")
    state, _ = GAME.apply(state, 0, "a")
    data = json.loads(json.dumps(GAME.to_json(state)))
    # The recent events are overlaid item by item on the new game's: left out, as positions
    # do not fix them.
    fields = {k: v for k, v in data.items() if k not in ("version", "game", "recent")}
    again = GAME.setup_position(["ann", "bob"], {}, 0, {"snapshot": fields})
    assert comparable(again) == comparable(state) and again.board is not state.board
    plain = GAME.setup_position(["ann", "bob"], {}, 0, {"snapshot": {"round": 2}})
    assert plain.custom_board is None and len(plain.board.hexes) == 40


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 30) | st.sampled_from(["B2", "g05", "sea", "s1"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    region=st.sampled_from(sorted(BOARD)),
    key=st.sampled_from(["terrain", "spaces", "tile", "explored", "turned", "city", "x"]),
    value=_JSON,
)
def test_any_value_in_a_board_is_read_or_refused(region: str, key: str, value: Any) -> None:
    """Whatever a region's key holds, the position is laid or refused with a position code,
    never a crash."""
    board = {**BOARD, region: {**BOARD[region], key: value}}
    try:
        GAME.setup_position(["ann", "bob"], {}, 1, {"board": board})
    except IllegalAction as err:
        assert err.code.startswith("position_")
