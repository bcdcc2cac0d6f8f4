"""Exploration (rules reference §3.4.6, p.13, p.16-19; open points C31-C33): each test names
the rule it checks. The map is ``clash_map``'s; slots used here:

* ``r4`` B4 A5 C5 B5 (turned: B5 C5 A5 B4), next to C4 (Sea) and D4;
* ``r5`` F4 E5 G5 F5 (turned: F5 G5 E5 F4), on the map's edge (F4, G5, F5);
* ``r6`` D5 C6 E6 D6 (turned: D6 E6 C6 D5), inside the board.
"""

from __future__ import annotations

import json

from clash_map import TACTICS, board, events, play, prompt, refused, ships, tokens, units

from rules.clash import GAME
from rules.clash.actions import exploration
from rules.clash.board.hexes import label, parse_hex
from rules.clash.model.terrain import terrains


def terrain(state: object, *spaces: str) -> list[str | None]:
    t = terrains(state)  # type: ignore[arg-type]
    return [t.get(parse_hex(h)) for h in spaces]


AT_D4 = {"settlers": {"D4": 1}}


def test_moving_onto_a_face_down_region_turns_it_face_up() -> None:
    state = board(ann=AT_D4, tiles={"r6": "g13"})
    assert terrain(state, "D5") == [None]
    assert "g13" not in json.dumps(GAME.view(state, 0))
    state, kinds = events(state, "move d4 d5 settler")
    assert kinds[:1] == ["clash.explored"] and state.regions["r6"].explored


def test_a_region_face_down_is_in_no_view_and_exploring_cannot_be_taken_back() -> None:
    state = board(ann=AT_D4, tiles={"r6": "g13"})
    before = state
    state = play(state, "move d4 d5 settler")
    assert GAME.reveals(before, state, [])
    plain = board(ann={"settlers": {"D2": 2}})
    assert not GAME.reveals(plain, play(plain, "move d2 d1 settler"), [])


def test_land_rule_1_the_entered_space_is_not_sea() -> None:
    """g01 (Sea, Sea, Forest, Forest) in r6 as laid would put Sea on D5: it is turned."""
    state = play(board(ann=AT_D4, tiles={"r6": "g01"}), "move d4 d5 settler")
    assert state.regions["r6"].turned and terrain(state, "D5", "D6", "E6") == [
        "forest",
        "sea",
        "sea",
    ]
    assert units(state)["settler"] == {"D5": 1} and prompt(state) == "turn"


def test_land_rule_2_its_sea_touches_sea_already_on_the_board() -> None:
    """g05 (Sea, Fertile, Fertile, Barren) entered at C5 from D4: both ways keep C5 Fertile;
    only as laid does its Sea (B4) touch the Sea of C4."""
    state = play(board(ann=AT_D4, tiles={"r4": "g05"}), "move d4 c5 settler")
    assert not state.regions["r4"].turned and terrain(state, "B4") == ["sea"]


def test_land_rule_3_on_the_edge_its_sea_touches_the_edge() -> None:
    """g09 (Forest, Sea, Fertile, Forest) entered at F4 from F3: no Sea of r5 can touch Sea on
    the board, so its Sea goes to the edge (G5) rather than inside (E5)."""
    state = play(board(ann={"settlers": {"F3": 1}}, tiles={"r5": "g09"}), "move f3 f4 settler")
    assert state.regions["r5"].turned and terrain(state, "G5", "E5") == ["sea", "fertile"]


def test_the_rules_apply_in_order_rule_1_first() -> None:
    """A layout meeting rule 2 but putting Sea on the entered space loses to one meeting rule
    1 only: g06 (Sea, Barren, Forest, Fertile) entered at B4 from B3 - as laid B4 would be Sea
    (touching C4), turned B4 is Fertile."""
    state = play(board(ann={"settlers": {"B3": 1}}, tiles={"r4": "g06"}), "move b3 b4 settler")
    assert state.regions["r4"].turned and terrain(state, "B4") == ["fertile"]


def test_remaining_ties_are_the_explorers_choice() -> None:
    """g13 has no Sea: either way is legal, and the explorer chooses (C32)."""
    state = play(board(ann=AT_D4, tiles={"r6": "g13"}), "move d4 d5 settler")
    assert prompt(state) == "explore_layout"
    choices = GAME.choices(state, 0, [])
    assert [c.token for c in choices] == ["a", "b"]
    # Each label lists every space with its terrain: D5 Forest one way, Mountain the other.
    ways = [{c.params[f"s{k}"]: c.params[f"t{k}"] for k in range(1, 5)} for c in choices]
    assert [w["D5"] for w in ways] == ["forest", "mountain"]
    assert refused(state, "c").code == "unknown_layout"
    assert refused(state, "end").code == "unknown_layout"
    state = play(state, "b")
    assert state.regions["r6"].turned and terrain(state, "D5") == ["mountain"]


def test_the_explorer_then_stands_on_the_entered_space_and_a_mountain_stops_it() -> None:
    state = play(board(ann={"settlers": {"D4": 2}}, tiles={"r6": "g16"}), "move d4 d5 settler")
    state = play(state, "a")  # D5 Mountain
    assert units(state)["settler"] == {"D4": 1, "D5": 1}
    assert ("d5", "settler", "stopped", 1) in state.turn_state.marks


def test_a_group_explores_together() -> None:
    ann = {"armies": {"D4": 2}, "settlers": {"D4": 1}, "advances": TACTICS}
    state = play(board(ann=ann, tiles={"r6": "g01"}), "move d4 d5 army army settler")
    assert units(state) == {"army": {"D5": 2}, "settler": {"D5": 1}}


def test_landing_on_a_face_down_region_explores_it_by_the_land_rules() -> None:
    ann = {"settlers": {}, "ships": [{"hex": "C4", "cargo": ["settler"]}]}
    state = play(board(ann=ann, tiles={"r4": "g05"}), "move ship1 c5 settler")
    assert state.regions["r4"].explored and units(state)["settler"] == {"C5": 1}
    assert ships(state) == [(1, "C4", ())]


# -- by ship ----------------------------------------------------------------------------------


def test_a_ship_places_the_region_with_its_sea_next_to_the_ship_and_sails_onto_it() -> None:
    """g02 (Sea, Mountain, Sea, Mountain) at r4, the ship coming from C4: as laid B4 and C5
    are Sea and touch C4; turned neither is. The ship picks either new Sea space (p.19)."""
    state = board(ann={"ships": [{"hex": "D3"}]}, tiles={"r4": "g02"})
    assert "b4" in tokens(state, "move", "d3") and "c5" in tokens(state, "move", "d3")
    state, kinds = events(state, "move d3 c5 ship1")
    assert kinds == ["clash.ship_sailed", "clash.explored"]
    assert not state.regions["r4"].turned and prompt(state) == "explore_ship_space"
    assert tokens(state) == ["b4", "c5"]
    state = play(state, "b4")
    assert ships(state) == [(1, "B4", ())]


def test_a_ship_that_cannot_reach_the_new_region_goes_back() -> None:
    """g13 has no Sea: it is placed by the land rules (here the explorer's choice) and the
    ship returns to the Sea space it came from (C31 (a)); exploring again needs another Move
    action."""
    ann = {"ships": [{"hex": "D3"}], "settlers": {"D2": 1}}
    state = play(board(ann=ann, tiles={"r4": "g13"}), "move d3 c5 ship1")
    assert prompt(state) == "explore_layout"
    state, kinds = events(state, "a")
    assert kinds == ["clash.ship_returned"] and ships(state) == [(1, "C4", ())]
    assert refused(state, "c4 d3 ship1").code == "moved_this_action"


def test_a_ship_explores_alone() -> None:
    state = board(ann={"ships": [{"hex": "D3"}, {"hex": "D3"}]}, tiles={"r4": "g02"})
    assert refused(state, "move d3 c5 ship1 ship2").code == "one_ship_explores"


def test_a_region_bordering_two_sea_spaces_the_ship_reaches_needs_the_approach_named() -> None:
    """With r3 turned (D4 and E4 Sea), E5 of r5 borders both. g02 (Sea, Mountain, Sea,
    Mountain) there: from D4 only turned fits (E5 Sea); from E4 both ways would."""
    tiles = {"r3": {"tile": "g03", "explored": True, "turned": True}, "r5": "g02"}
    state = board(ann={"ships": [{"hex": "D4"}]}, tiles=tiles)
    err = refused(state, "move d4 e5 ship1")
    assert err.code == "choose_approach" and err.params == {"allowed": ["D4", "E4"]}
    assert tokens(state, "move", "d4", "e5", "ship1") == ["d4", "e4"]
    assert refused(state, "move d4 e5 ship1 d3").code == "not_an_approach"
    state = play(state, "move d4 e5 ship1 d4")
    assert state.regions["r5"].turned and prompt(state) == "explore_ship_space"
    assert tokens(state) == ["e5", "f5"]


def test_navigation_reaches_a_face_down_region_round_the_edge_and_explores_it() -> None:
    """With Navigation from F2 the ship meets r5 (F4) round the edge; g02 (Sea, Mountain, Sea,
    Mountain) can lie with its Sea on the edge both ways, so the explorer chooses, then the
    new Sea space."""
    ann = {
        "ships": [{"hex": "F2"}],
        "advances": ["farming", "mining", "cartography", "navigation", "fishing"],
    }
    state = play(board(ann=ann, tiles={"r5": "g02"}), "move f2 f4 ship1")
    assert prompt(state) == "explore_layout"
    state = play(state, "a")
    assert prompt(state) == "explore_ship_space" and tokens(state) == ["f4", "g5"]
    state = play(state, "g5")
    assert ships(state) == [(1, "G5", ())]


# -- barbarians ---------------------------------------------------------------------------------


def test_a_region_with_the_barbarian_symbol_gets_a_barbarian_city_and_army() -> None:
    """g05 has two Fertile spaces (A5, C5): the explorer entered C5, so they appear on A5."""
    state, kinds = events(board(ann=AT_D4, tiles={"r4": "g05"}), "move d4 c5 settler")
    assert "clash.barbarians_appeared" in kinds
    assert [label(h) for h in state.barbarians.cities] == ["A5"]
    assert {label(h): n for h, n in state.barbarians.armies.items()} == {"A5": 1}


def test_barbarians_never_appear_on_the_space_the_explorer_entered_and_the_explorer_picks() -> None:
    """g14 (Fertile x3, Forest) as laid: D5 entered, C6 and E6 left for the barbarians."""
    state = play(board(ann=AT_D4, tiles={"r6": "g14"}), "move d4 d5 settler", "a")
    assert prompt(state) == "explore_barbarians" and tokens(state) == ["c6", "e6"]
    assert refused(state, "d5").code == "not_one_of_the_spaces"
    state = play(state, "e6")
    assert [label(h) for h in state.barbarians.cities] == ["E6"]
    assert units(state)["settler"] == {"D5": 1}


def test_barbarians_after_a_ship_may_take_any_fertile_space() -> None:
    """g10 (Fertile, Sea, Fertile, Barren) explored by ship at r4: both Fertile spaces are open."""
    state = board(ann={"ships": [{"hex": "D3"}]}, tiles={"r4": "g10"})
    state = play(state, "move d3 b4 ship1")
    if prompt(state) == "explore_layout":
        state = play(state, tokens(state)[0])
    assert prompt(state) == "explore_barbarians" and len(tokens(state)) == 2


def test_no_barbarians_come_when_the_box_has_none_left() -> None:
    cities = ["B2", "B3", "C3", "F3", "E3", "C2", "E2"]
    state = board(ann=AT_D4, tiles={"r4": "g05"}, barbarians={"cities": cities, "armies": {}})
    state, kinds = events(state, "move d4 c5 settler")
    assert "clash.barbarians_appeared" not in kinds and len(state.barbarians.cities) == 7


def test_regions_without_the_symbol_bring_no_barbarians() -> None:
    state, kinds = events(board(ann=AT_D4, tiles={"r6": "g01"}), "move d4 d5 settler")
    assert "clash.barbarians_appeared" not in kinds and not state.barbarians.cities


def test_layout_rules_as_functions_match_the_played_results() -> None:
    state = board(ann={"settlers": {"F3": 1}}, tiles={"r5": "g09"})
    slot = state.board.slot("r5")
    state.regions["r5"] = type(state.regions["r5"])("g09", True)
    assert exploration.land_layouts(state, slot, parse_hex("F4")) == [True]
