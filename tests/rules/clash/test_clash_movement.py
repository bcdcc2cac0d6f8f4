"""Movement (rules reference §3.4.1-§3.4.5, p.9, p.12, p.17-20): each test names the rule it
checks; refusals name the code the player sees. The map is ``clash_map``'s."""

from __future__ import annotations

from clash_map import TACTICS, board, events, play, prompt, refused, ships, tokens, units

from rules.clash import GAME

# -- 3.4.1 the Move action ------------------------------------------------------------------


def test_a_move_action_moves_up_to_three_groups_and_costs_one_action() -> None:
    state = board(ann={"settlers": {"D2": 4}})
    state = play(state, "move d2 c2 settler")
    assert prompt(state) == "move" and state.turn_state.moving == 2
    state = play(state, "d2 d1 settler", "d2 c3 settler")
    # The third group ends the Move action by itself.
    assert prompt(state) == "turn" and state.turn_state.actions_left == 2
    assert units(state)["settler"] == {"C2": 1, "C3": 1, "D1": 1, "D2": 1}


def test_done_ends_a_move_action_early() -> None:
    state = play(board(ann={"settlers": {"D2": 2}}), "move d2 d1 settler")
    assert "done" in tokens(state)
    state = play(state, "done")
    assert prompt(state) == "turn" and state.turn_state.actions_left == 2


def test_move_alone_begins_the_action_and_its_groups_follow() -> None:
    state, kinds = events(board(ann={"settlers": {"D2": 2}}), "move")
    assert kinds == ["clash.move_began"] and prompt(state) == "move"
    assert state.turn_state.actions_left == 2
    assert tokens(state) == ["d2", "done"]


def test_each_unit_moves_once_per_move_action() -> None:
    state = play(board(ann={"settlers": {"D2": 3}}), "move d2 d1 settler")
    assert refused(state, "d1 c2 settler").code == "moved_this_action"
    # The settlers left on D2 may still go, and in the next Move action the first one too.
    state = play(state, "d2 c3 settler", "done", "move d1 c2 settler")
    assert units(state)["settler"] == {"C2": 1, "C3": 1, "D2": 1}


def test_units_on_one_space_may_split_into_groups() -> None:
    state = play(board(ann={"settlers": {"D2": 2}}), "move d2 d1 settler", "d2 c2 settler")
    assert units(state)["settler"] == {"C2": 1, "D1": 1}


def test_a_group_moves_from_one_space_to_one_space() -> None:
    state = play(board(ann={"settlers": {"D2": 3}}), "move d2 d1 settler settler")
    assert units(state)["settler"] == {"D1": 2, "D2": 1}
    assert refused(state, "d2 d1 settler settler").code == "not_that_many"
    # None of a kind there is told as such, never as "only 0".
    err = refused(state, "d2 d1 army")
    assert (err.code, err.params) == ("none_of_that_kind_there", {"kind": "army"})


def test_a_ship_counts_as_one_move_whatever_it_carries_and_mixes_with_land_units() -> None:
    state = board(ann={"advances": TACTICS, "ships": [{"hex": "D3", "cargo": ["army", "settler"]}]})
    state = play(state, "move d3 c4 ship1", "d2 d1 settler")
    assert state.turn_state.moving == 1
    assert ships(state) == [(1, "C4", ("army", "settler"))]


def test_a_move_with_no_group_possible_is_refused() -> None:
    # The settler is the only unit; once it is on a Mountain it cannot move this turn.
    state = play(board(), "move d2 e2 settler")
    assert prompt(state) == "turn"
    assert "move" not in tokens(state)
    assert refused(state, "move").code == "nothing_can_move"


def test_the_move_prompt_changes_with_every_group() -> None:
    """A picker prepared before a group is stale after it (its decision id changed)."""
    state = board(ann={"settlers": {"D2": 3}})
    state = play(state, "move d2 d1 settler")
    before = GAME.pending(state)[0].id
    state = play(state, "d2 c2 settler")
    assert GAME.pending(state)[0].id != before


def test_a_turn_with_no_action_left_ends_by_itself() -> None:
    state = board(ann={"settlers": {"D2": 3}}, actions_left=1)
    state = play(state, "move d2 d1 settler", "done")
    assert GAME.pending(state)[0].seat == 1


# -- 3.4.2 land movement --------------------------------------------------------------------


def test_land_units_move_one_space_per_move_action() -> None:
    state = board()
    assert refused(state, "move d2 d4 settler").code == "too_far"
    assert "d4" not in tokens(state, "move", "d2")


def test_land_units_never_enter_sea_without_a_ship() -> None:
    err = refused(board(), "move d2 d3 settler")
    assert err.code == "land_units_on_sea" and err.params == {"space": "D3"}


def test_armies_need_tactics_to_move() -> None:
    state = board(ann={"armies": {"D2": 1}, "settlers": {}})
    assert refused(state, "move d2 c2 army").code == "armies_need_tactics"
    assert "move" not in tokens(state)
    state = board(ann={"armies": {"D2": 1}, "settlers": {}, "advances": TACTICS})
    assert units(play(state, "move d2 c2 army"))["army"] == {"C2": 1}


def test_armies_need_tactics_to_board_and_to_land() -> None:
    state = board(ann={"armies": {"D2": 1}, "ships": [{"hex": "D3", "cargo": ["army"]}]})
    assert refused(state, "move d2 d3 army").code == "armies_need_tactics"
    assert refused(state, "move ship1 c3 army").code == "armies_need_tactics"


def test_a_ship_carrying_armies_sails_without_tactics() -> None:
    state = board(ann={"ships": [{"hex": "D3", "cargo": ["army"]}]})
    assert ships(play(state, "move d3 c4 ship1")) == [(1, "C4", ("army",))]


def test_a_unit_that_entered_a_mountain_cannot_move_again_this_turn() -> None:
    state = board(ann={"settlers": {"D2": 1}, "armies": {"D2": 1}, "advances": TACTICS})
    state = play(state, "move d2 e2 settler", "done")
    assert refused(state, "move e2 d2 settler").code == "stopped_this_turn"
    # Next turn it moves again.
    state = play(state, "end", "end")
    assert GAME.pending(state)[0].seat == 0
    assert units(play(state, "move e2 d1 settler"))["settler"] == {"D1": 1}


def test_a_unit_that_entered_a_forest_may_move_on_but_not_into_a_battle() -> None:
    pos = {"barbarians": {"cities": ["B3"], "armies": {"B3": 1}}}
    ann = {"armies": {"D2": 2, "B2": 1}, "advances": TACTICS}
    state = board(ann=ann, **pos)
    state = play(state, "move d2 c3 army army", "done")
    err = refused(state, "move c3 b3 army")
    assert err.code == "forest_then_no_battle" and err.params == {"space": "B3"}
    # It may move on where there is no battle.
    assert units(play(state, "move c3 c2 army"))["army"] == {"B2": 1, "C2": 1, "C3": 1}


def test_attacking_from_a_forest_entry_is_allowed_and_the_battle_is_fought_at_once() -> None:
    """C28 (a): only moves after a Forest entry may not be a battle; moving into foreign
    units starts a battle, fought before anything else moves (p.9, p.12)."""
    pos = {"barbarians": {"cities": ["B3"], "armies": {"B3": 1}}, "dice": [6, 5, 1]}
    state = board(ann={"armies": {"B2": 2}, "advances": TACTICS}, **pos)
    assert "b3" in tokens(state, "move", "b2")
    state, kinds = events(state, "move b2 b3 army army")
    assert "clash.battle_began" in kinds and "clash.battle_won" in kinds
    assert prompt(state) == "barbarian_city"


def test_units_that_fought_cannot_move_again_this_turn() -> None:
    """A unit that fought carries the ``stopped`` mark (p.9); battles set it, here a position."""
    marks = [{"place": "D2", "kind": "army", "mark": "stopped", "count": 1}]
    state = board(ann={"armies": {"D2": 2}, "advances": TACTICS}, marks=marks)
    state = play(state, "move d2 c2 army")
    assert refused(state, "d2 d1 army").code == "stopped_this_turn"


def test_settlers_alone_cannot_enter_a_space_with_foreign_units_or_a_foreign_city() -> None:
    pos = {"barbarians": {"cities": ["B3"], "armies": {"B3": 1}}}
    state = board(ann={"settlers": {"C3": 1, "D2": 1}}, bob={"settlers": {"E3": 1}}, **pos)
    for action, space in (("move c3 b3 settler", "B3"), ("move d2 e3 settler", "E3")):
        err = refused(state, action)
        assert err.code == "settlers_need_an_army" and err.params == {"space": space}


def test_settlers_named_before_their_army_are_offered_and_taken() -> None:
    """The unit tokens come in any order: ``settler army`` into a battle is offered (the
    settler first, the army after it) and is the same move as ``army settler`` (self-play
    seed 1001889 found ``settler`` missing after the spaces)."""
    pos = {"barbarians": {"cities": ["B3"], "armies": {"B3": 1}}}
    state = board(ann={"settlers": {"C3": 1}, "armies": {"C3": 1}, "advances": TACTICS}, **pos)
    first = {c.token: c for c in GAME.choices(state, 0, ["move", "c3", "b3"])}
    assert {"army", "settler"} <= set(first) and not first["settler"].complete
    after = {c.token: c for c in GAME.choices(state, 0, ["move", "c3", "b3", "settler"])}
    assert after["army"].complete
    assert refused(state, "move c3 b3 settler").code == "settlers_need_an_army"
    one = GAME.to_json(play(state, "move c3 b3 settler army"))
    assert one == GAME.to_json(play(state, "move c3 b3 army settler"))


def test_settlers_with_no_army_to_join_them_are_not_offered_into_a_battle() -> None:
    """Only an army that may join them keeps settlers on the way into a battle: with none at
    the origin (or none that may move), the battle's space is not offered at all (self-play
    seed 7000027 found ``settler`` offered there with nothing after it)."""
    pos = {"barbarians": {"cities": ["B3"], "armies": {"B3": 1}}}
    alone = board(ann={"settlers": {"C3": 2}, "advances": TACTICS}, **pos)
    assert "b3" not in {c.token for c in GAME.choices(alone, 0, ["move", "c3"])}
    assert GAME.choices(alone, 0, ["move", "c3", "b3"]) == []
    untrained = board(ann={"settlers": {"C3": 1}, "armies": {"C3": 1}}, **pos)
    assert GAME.choices(untrained, 0, ["move", "c3", "b3"]) == []
    assert refused(alone, "move c3 b3 settler").code == "settlers_need_an_army"


def test_settlers_cannot_enter_a_foreign_city_even_undefended() -> None:
    bob = {"cities": [{"hex": "D7"}, {"hex": "C3"}]}
    assert refused(board(bob=bob), "move d2 c3 settler").code == "settlers_need_an_army"


def test_at_most_four_army_units_of_a_player_on_a_space() -> None:
    state = board(ann={"armies": {"D2": 2, "C3": 3}, "advances": TACTICS})
    err = refused(state, "move d2 c3 army army")
    assert err.code == "army_limit" and err.params == {"space": "C3", "limit": 4}
    assert units(play(state, "move d2 c3 army"))["army"] == {"C3": 4, "D2": 1}


def test_armies_aboard_ships_do_not_count_for_the_limit_but_landing_does() -> None:
    ann = {
        "armies": {"D2": 4},
        "ships": [{"hex": "D3", "cargo": ["army", "army"]}],
        "advances": TACTICS,
    }
    state = board(ann=ann)
    assert refused(state, "move ship1 d2 army").code == "army_limit"


def test_settlers_are_not_limited() -> None:
    state = play(board(ann={"settlers": {"D2": 4}}), "move d2 d1 settler settler settler settler")
    assert units(state)["settler"] == {"D1": 4}


# -- 3.4.3 ships and cargo ------------------------------------------------------------------

SEAS = {"r4": {"tile": "g01", "explored": True}}  # B4 Sea, A5 Sea, C5 Forest, B5 Forest


def test_a_ship_sails_any_number_of_connected_sea_spaces() -> None:
    state = board(ann={"ships": [{"hex": "D3"}]}, tiles=SEAS)
    assert ships(play(state, "move d3 a5 ship1")) == [(1, "A5", ())]
    assert {"c4", "b4", "a5"} <= set(tokens(state, "move", "d3"))


def test_ships_stay_at_sea() -> None:
    state = board(ann={"ships": [{"hex": "D3"}]})
    assert refused(state, "move d3 d4 ship1").code == "ships_stay_at_sea"


def test_a_ship_cannot_reach_an_unconnected_sea() -> None:
    state = board(ann={"ships": [{"hex": "D3"}]})
    assert refused(state, "move d3 f2 ship1").code == "no_sea_route"


def test_a_foreign_ship_stops_a_ship_and_is_a_naval_battle() -> None:
    pos = {"dice": [6, 1]}
    state = board(ann={"ships": [{"hex": "D3"}]}, bob={"ships": [{"hex": "C4"}]}, tiles=SEAS, **pos)
    # Sailing through it to B4 is impossible; sailing onto it is a naval battle.
    assert refused(state, "move d3 b4 ship1").code == "no_sea_route"
    state, kinds = events(state, "move d3 c4 ship1")
    assert "clash.battle_began" in kinds and "clash.ships_sunk" in kinds
    assert ships(state, 1) == [] and ships(state) == [(1, "C4", ())]


def test_a_ship_moves_once_per_move_action() -> None:
    state = play(board(ann={"ships": [{"hex": "D3"}], "settlers": {"D2": 1}}), "move d3 c4 ship1")
    assert refused(state, "c4 d3 ship1").code == "moved_this_action"


def test_ships_on_one_space_may_move_as_one_group() -> None:
    state = board(ann={"ships": [{"hex": "D3"}, {"hex": "D3", "cargo": ["settler"]}]})
    state = play(state, "move d3 c4 ship1 ship2")
    assert [s[1] for s in ships(state)] == ["C4", "C4"]
    assert state.turn_state.moving == 2


def test_a_ship_carries_two_land_units() -> None:
    state = board(ann={"settlers": {"D2": 3}, "ships": [{"hex": "D3", "cargo": ["settler"]}]})
    err = refused(state, "move d2 d3 settler settler")
    assert err.code == "ship_full" and err.params == {"capacity": 2}
    assert ships(play(state, "move d2 d3 settler")) == [(1, "D3", ("settler", "settler"))]


def test_boarding_uses_the_units_move_so_landing_needs_another_action() -> None:
    """The p.9 example: board (move 1), sail with it (move 2); landing waits for action 2."""
    ann = {"armies": {"D2": 1}, "ships": [{"hex": "D3"}], "advances": TACTICS}
    state = play(board(ann=ann, tiles=SEAS), "move d2 d3 army", "d3 b4 ship1")
    assert ships(state) == [(1, "B4", ("army",))]
    assert refused(state, "ship1 c5 army").code == "moved_this_action"
    state = play(state, "done", "move ship1 c5 army")
    assert units(state)["army"] == {"C5": 1} and ships(state) == [(1, "B4", ())]


def test_units_carried_along_have_not_moved_themselves() -> None:
    ann = {"settlers": {}, "ships": [{"hex": "D3", "cargo": ["army"]}], "advances": TACTICS}
    state = play(board(ann=ann, tiles=SEAS), "move d3 b4 ship1", "ship1 c5 army")
    assert units(state)["army"] == {"C5": 1}


def test_landing_goes_to_a_land_space_next_to_the_ship_with_its_terrain() -> None:
    ann = {"settlers": {}, "ships": [{"hex": "D3", "cargo": ["settler"]}]}
    state = board(ann=ann)
    assert refused(state, "move ship1 b2 settler").code == "too_far"
    state = play(state, "move ship1 e4 settler", "done")  # E4 is a Mountain
    assert refused(state, "move e4 d4 settler").code == "stopped_this_turn"


def test_boarding_a_space_with_several_ships_names_the_ship() -> None:
    ann = {"settlers": {"D2": 1}, "ships": [{"hex": "D3"}, {"hex": "D3"}]}
    state = board(ann=ann)
    assert refused(state, "move d2 d3 settler").code == "choose_ship"
    assert tokens(state, "move", "d2", "d3", "settler") == ["ship1", "ship2"]
    assert ships(play(state, "move d2 d3 settler ship2")) == [
        (1, "D3", ()),
        (2, "D3", ("settler",)),
    ]


# -- 3.4.4 Navigation -----------------------------------------------------------------------

NAVIGATION = ["farming", "mining", "fishing", "cartography", "navigation"]


def test_navigation_sails_round_the_edge_to_the_first_sea_space() -> None:
    """From F2 backwards round the outline the land edge spaces E2 ... B3 are passed outside
    the map and the ship reaches B4, then sails on through that sea (p.9, C30)."""
    ann = {"ships": [{"hex": "F2"}], "advances": NAVIGATION}
    state = board(ann=ann, tiles=SEAS)
    assert ships(play(state, "move f2 a5 ship1")) == [(1, "A5", ())]
    without = board(ann={"ships": [{"hex": "F2"}]}, tiles=SEAS)
    assert refused(without, "move f2 a5 ship1").code == "no_sea_route"


def test_navigation_cannot_sail_past_a_face_down_region_but_explores_it() -> None:
    """r5 (F4...) and r4 (B4...) lie face down: the walk round the edge stops there, so the
    Sea of r8 beyond them cannot be reached; the face-down regions can be explored."""
    tiles = {"r8": {"tile": "g01", "explored": True}}  # F6 Sea, E7 Sea
    state = board(ann={"ships": [{"hex": "F2"}], "advances": NAVIGATION}, tiles=tiles)
    assert refused(state, "move f2 f6 ship1").code == "no_sea_route"
    choices = {c.token: c.label for c in GAME.choices(state, 0, ["move", "f2"])}
    assert choices["f4"] == "clash.choice.to.explore_by_ship"
    assert choices["b4"] == "clash.choice.to.explore_by_ship"


# -- 3.4.5 Roads ----------------------------------------------------------------------------

ROADS = ["farming", "mining", "engineering", "roads"]


def test_roads_move_two_spaces_out_of_your_city_for_one_food() -> None:
    state = board(ann={"advances": ROADS, "resources": {"food": 2}})
    state, kinds = events(state, "move d2 b2 settler")
    assert units(state)["settler"] == {"B2": 1} and state.seats[0].resources["food"] == 1
    assert kinds[0] == "clash.moved"


def test_roads_move_two_spaces_into_your_city() -> None:
    state = board(ann={"advances": ROADS, "settlers": {"B2": 1}})
    assert units(play(state, "move b2 d2 settler"))["settler"] == {"D2": 1}


def test_roads_need_one_end_in_your_city() -> None:
    state = board(ann={"advances": ROADS, "settlers": {"B2": 1}})
    assert refused(state, "move b2 e3 settler").code == "too_far"
    state = board(ann={"advances": ROADS, "settlers": {"C3": 1}})
    assert refused(state, "move c3 e3 settler").code == "too_far"


def test_roads_pay_ore_to_ignore_terrain() -> None:
    """Into a Forest (C2... here B2 via two Forests) the group keeps every freedom when it pays
    1 Ore (p.20: the Ore lets the group move again and even fight)."""
    state = board(ann={"advances": ROADS, "resources": {"food": 2, "ore": 1}})
    state = play(state, "move d2 e2 settler ore")
    assert state.seats[0].resources["ore"] == 0 and prompt(state) == "turn"
    # Not stopped by the Mountain: it moves again.
    assert units(play(state, "move e2 d1 settler"))["settler"] == {"D1": 1}


def test_roads_two_spaces_through_forests_mark_the_group() -> None:
    state = board(ann={"advances": ROADS, "resources": {"food": 2}})
    state = play(state, "move d2 b2 settler")
    assert ("b2", "settler", "forest", 1) in state.turn_state.marks


def test_ore_is_refused_where_it_changes_nothing() -> None:
    state = board(ann={"advances": ROADS, "resources": {"food": 2, "ore": 1}})
    assert refused(state, "move d2 d1 settler ore").code == "ore_not_needed"
    assert "ore" not in tokens(state, "move", "d2", "d1", "settler")


def test_roads_past_a_mountain_need_ore() -> None:
    """D4 to F3 passes only E4, a Mountain (C29)."""
    ann = {
        "advances": ROADS,
        "cities": [{"hex": "D2"}, {"hex": "D4"}],
        "settlers": {"D4": 1},
        "resources": {"food": 2, "ore": 1},
    }
    state = board(ann=ann)
    assert refused(state, "move d4 f3 settler").code == "roads_mountain_needs_ore"
    assert tokens(state, "move", "d4", "f3", "settler") == ["ore"]
    assert units(play(state, "move d4 f3 settler ore"))["settler"] == {"F3": 1}


def test_roads_never_explore() -> None:
    ann = {"advances": ROADS, "cities": [{"hex": "D2"}, {"hex": "D4"}], "settlers": {"D4": 1}}
    assert refused(board(ann=ann), "move d4 d5 settler ore").code == "roads_cannot_explore"


def test_each_group_pays_for_its_roads_and_gold_stands_in() -> None:
    state = board(
        ann={"advances": ROADS, "settlers": {"D2": 2}, "resources": {"food": 1, "gold": 1}}
    )
    state = play(state, "move d2 b2 settler", "d2 b2 settler")
    assert state.seats[0].resources == {"food": 0, "wood": 0, "ore": 0, "ideas": 0, "gold": 0}


def test_roads_refused_when_nothing_pays() -> None:
    state = board(ann={"advances": ROADS, "resources": {}})
    err = refused(state, "move d2 b2 settler")
    assert err.code == "cannot_pay_roads" and err.params == {"food": 1, "ore": 0}


def test_roads_never_cross_sea() -> None:
    """D2 to E4 passes E3 (land) or D3 (Sea): the way by land is taken; no way leads onto
    the Sea (C4)."""
    state = board(ann={"advances": ROADS, "resources": {"food": 2, "ore": 1}})
    assert refused(state, "move d2 c4 settler").code == "land_units_on_sea"
    assert units(play(state, "move d2 e4 settler ore"))["settler"] == {"E4": 1}


def test_landing_on_foreign_units_is_a_battle() -> None:
    """Settlers cannot land alone on foreign units (p.9); armies landing there fight (p.12)."""
    ann = {"ships": [{"hex": "D3", "cargo": ["army", "settler"]}], "advances": TACTICS}
    state = board(ann=ann, bob={"settlers": {"C3": 1}})
    assert refused(state, "move ship1 c3 settler").code == "settlers_need_an_army"
    state, kinds = events(state, "move ship1 c3 army")
    # Only settlers there: they are destroyed without dice (C51).
    assert "clash.battle_round" not in kinds and "clash.units_lost" in kinds
    assert units(state, 1)["settler"] == {} and units(state)["army"] == {"C3": 1}


def test_roads_may_be_paid_with_gold_instead_of_the_food_and_ore_held_c138() -> None:
    state = board(ann={"advances": ROADS, "resources": {"food": 2, "ore": 1, "gold": 2}})
    labels = [c.label for c in GAME.choices(state, 0, ["move", "d2", "e2", "settler", "ore"])]
    assert labels == ["clash.choice.gold_for_ore"]  # a walk pays only the Ore
    assert tokens(state, "move", "d2", "b2", "settler", "gold") == []  # 1 Food, 1 Gold
    err = refused(state, "move d2 b2 settler gold gold")
    assert err.code == "too_much_gold" and dict(err.params) == {"gold": 2, "count": 1}
    _, evs = GAME.apply(state, 0, "move d2 b2 settler gold")
    assert [dict(e.params)["paid"] for e in evs if e.kind == "clash.paid_for_roads"] == [["gold_1"]]
    state = play(state, "move d2 b2 settler gold")
    assert state.seats[0].resources["food"] == 2 and state.seats[0].resources["gold"] == 1
