"""Each event card's main effect (rules/clash/events/effects.py; docs/clash-cards.md §4.2). ann
draws the card with her Advance (culture level 2 to 3); the corner symbol's own choices
(barbarians, the Exhausted marker) are answered with their first option first."""

from __future__ import annotations

from typing import Any

import pytest
from clash_map import board, events, play, prompt, tokens

from rules.clash import GAME
from rules.clash.board.hexes import label
from rules.clash.box.event_cards import EVENTS
from rules.clash.model.state import ClashState

JSON = Any
DRAW = "advance mathematics ideas ideas"
SYMBOL_PROMPTS = ("barbarian_spawn", "barbarian_reinforce", "barbarian_target", "event_exhaust")


def drawn(
    card: str, ann: dict[str, JSON] | None = None, bob: dict[str, JSON] | None = None, **extra: JSON
) -> tuple[ClashState, list[str]]:
    """ann draws ``card``; returns the state once its symbol is over, and every event kind."""
    keys = dict(ann or {})
    keys["resources"] = {"ideas": 2, **keys.get("resources", {})}
    keys.setdefault("culture_level", 2)
    state = board(ann=keys, bob=bob, decks={"event": [card]}, fill_decks=True, **extra)
    state, kinds = events(state, DRAW)
    while prompt(state) in SYMBOL_PROMPTS:
        first = tokens(state)[0]
        more = tokens(state, first)
        state, more_kinds = events(state, f"{first} {more[0]}" if more else first)
        kinds += more_kinds
    return state, kinds


def mood(state: ClashState, space: str, seat: int = 0) -> str:
    return next(c.mood for c in state.seats[seat].cities if label(c.hex) == space)


def answer(state: ClashState, action: str) -> tuple[ClashState, list[str]]:
    return events(state, action)


def cities(*spaces: str) -> list[dict[str, JSON]]:
    return [{"hex": s} for s in spaces]


def test_the_deck_has_its_symbol_counts_and_sources() -> None:
    symbols = [e.symbol for e in EVENTS.values()]
    assert [symbols.count(s) for s in ("BS", "BA", "EX", "GM", None)] == [10, 10, 5, 5, 8]
    assert all(e.source.split("+")[0] in ("seed", "monumental") for e in EVENTS.values())


def test_e01_famine_loses_food_and_lowers_a_mood_per_food_not_lost() -> None:
    state, _ = drawn("E01", {"resources": {"food": 1}})
    assert state.seats[0].resources["food"] == 0 and mood(state, "D2") == "angry"


def test_e02_famine_lowers_different_cities() -> None:
    state, _ = drawn("E02", {"resources": {"food": 0}, "cities": cities("D2", "B3")})
    assert prompt(state) == "event_city" and tokens(state) == ["b3", "d2"]
    state = play(state, "d2")
    assert mood(state, "D2") == "angry" and mood(state, "B3") == "angry"


def test_e03_severe_famine_takes_three_food() -> None:
    state, _ = drawn("E03", {"resources": {"food": 2}})
    assert state.seats[0].resources["food"] == 0 and mood(state, "D2") == "angry"


def test_e04_drought_only_hits_cities_by_a_barren_space() -> None:
    state, _ = drawn("E04", {"resources": {"food": 0}, "cities": cities("D2", "F3")})
    assert mood(state, "D2") == "angry" and mood(state, "F3") == "neutral"


def test_e05_pests_hit_owners_of_storage() -> None:
    ann = {"advances": ["farming", "mining", "storage"], "resources": {"food": 1}}
    state, _ = drawn("E05", ann, {"resources": {"food": 2}})
    assert state.seats[0].resources["food"] == 0 and mood(state, "D2") == "angry"
    assert state.seats[1].resources["food"] == 2 and mood(state, "D7", 1) == "neutral"


def test_e06_plague_lowers_two_cities_with_roads() -> None:
    adv = ["farming", "mining", "engineering", "roads"]
    state, _ = drawn("E06", {"advances": adv, "cities": cities("D2", "B3")})
    state = play(state, "b3")
    assert mood(state, "D2") == "angry" and mood(state, "B3") == "angry"


def test_e07_epidemic_removes_a_unit_of_players_with_two() -> None:
    state, _ = drawn("E07", {"armies": {"C3": 1}})
    assert prompt(state) == "event_loss" and tokens(state) == ["c3-army", "d2-settler"]
    state = play(state, "c3-army")
    assert state.seats[0].armies == {} and sum(state.seats[1].settlers.values()) == 1


def test_e08_pandemic_loses_half_the_cities_in_items() -> None:
    state, _ = drawn("E08", {"resources": {"gold": 1}, "cities": cities("D2", "B3")})
    assert prompt(state) == "event_loss" and "gold" in tokens(state)
    state = play(state, "gold")
    assert state.seats[0].resources["gold"] == 0


def test_e09_earthquake_removes_two_pieces_for_two_points_each() -> None:
    big = {"hex": "D2", "pieces": ["settlement", "temple", "fortress", "academy"]}
    ann = {
        "advances": ["farming", "mining", "myths", "tactics", "writing"],
        "cities": [big, *cities("B3", "F3", "D4")],
    }
    state, _ = drawn("E09", ann)
    assert prompt(state) == "event_city"
    state = play(state, "d2")
    assert prompt(state) == "event_pieces" and tokens(state) == ["temple", "fortress"]
    state = play(state, "temple academy")
    city = state.seats[0].city_at(state.board.parse("D2"))
    assert city is not None and [p.kind for p in city.pieces] == ["settlement", "fortress"]
    assert state.seats[0].event_points == 4 and city.mood == "angry"


def test_e09_earthquake_destroys_a_size_1_city_with_its_units() -> None:
    ann = {"cities": cities("D2", "B3", "F3"), "settlers": {"B3": 1}}
    state, _ = drawn("E09", ann)
    state, kinds = answer(state, "b3")
    assert "clash.event_city_destroyed" in kinds
    assert [label(c.hex) for c in state.seats[0].cities] == ["D2", "F3"]
    assert state.seats[0].settlers == {} and state.seats[0].event_points == 2


def test_e10_major_earthquake_takes_one_piece_from_players_with_three_cities() -> None:
    ann = {
        "advances": ["farming", "mining", "myths"],
        "cities": [{"hex": "D2", "pieces": ["settlement", "temple"]}, *cities("B3", "F3")],
    }
    state, _ = drawn("E10", ann)
    state = play(state, "d2")
    city = state.seats[0].city_at(state.board.parse("D2"))
    assert city is not None and city.size == 1 and city.mood == "angry"
    assert state.seats[0].event_points == 2


def test_e11_volcanic_eruption_spares_a_wonder_city_if_it_can() -> None:
    ann = {
        "cities": [{"hex": "D2", "wonder": "great_wall"}, *cities("B3", "F3", "D4")],
        "armies": {"B3": 1},
    }
    state, _ = drawn("E11", ann)
    assert tokens(state) == ["b3", "d4", "f3"]
    state = play(state, "b3")
    assert state.seats[0].armies == {} and len(state.seats[0].cities) == 3
    assert state.cards.lost == ()


def test_e12_local_flood_lowers_a_city_by_the_sea() -> None:
    state, _ = drawn("E12", {"cities": cities("D2", "B2")})
    assert mood(state, "D2") == "angry" and mood(state, "B2") == "neutral"


def test_e13_major_flood_hits_every_player_by_the_sea() -> None:
    state, _ = drawn("E13")
    assert mood(state, "D2") == "angry" and mood(state, "D7", 1) == "neutral"


def test_e14_wildfire_lowers_a_city_by_a_forest() -> None:
    state, _ = drawn("E14")
    assert mood(state, "D2") == "angry"


def test_e14_wildfire_burns_two_wood_without_such_a_city() -> None:
    state, _ = drawn("E14", {"cities": cities("D4"), "settlers": {}, "resources": {"wood": 3}})
    assert state.seats[0].resources["wood"] == 1 and mood(state, "D4") == "neutral"


def test_e15_civil_war_without_armies_lowers_a_city() -> None:
    state, _ = drawn("E15")
    assert mood(state, "D2") == "angry"


def test_e17_uprising_pays_tokens_for_half_points() -> None:
    state, _ = drawn("E17", {"mood_tokens": 2, "culture_tokens": 1})
    assert prompt(state) == "event_tokens" and tokens(state) == ["mood", "culture"]
    state = play(state, "mood mood culture")
    me = state.seats[0]
    assert (me.mood_tokens, me.culture_tokens, me.event_points) == (0, 1, 1.5)


def test_e18_migration_gives_a_settler_to_a_player_then_lowers_a_city() -> None:
    state, _ = drawn("E18")
    assert prompt(state) == "event_player" and tokens(state) == ["@ann", "@bob"]
    state = play(state, "@bob")
    assert state.seats[1].settlers == {state.board.parse("D7"): 2}
    assert mood(state, "D2") == "angry"


def test_e20_a_fine_year_feeds_every_player() -> None:
    state, _ = drawn("E20", {"resources": {"food": 0}}, {"resources": {"food": 0}})
    assert [s.resources["food"] for s in state.seats] == [1, 1]


def test_e21_a_good_year_shares_two_food_with_the_only_other_player() -> None:
    bob = {"advances": ["farming", "mining", "storage"], "resources": {"food": 0}}
    state, _ = drawn("E21", {"resources": {"food": 0}}, bob)
    assert [s.resources["food"] for s in state.seats] == [2, 2]


def test_e22_a_splendid_year() -> None:
    ann = {"advances": ["farming", "mining", "storage"], "resources": {"food": 0}}
    state, _ = drawn("E22", ann, {"resources": {"food": 0}})
    assert [s.resources["food"] for s in state.seats] == [3, 1]


def test_e23_a_prosperous_year_feeds_the_players_with_fewest_cities() -> None:
    ann = {"advances": ["farming", "mining", "storage"], "resources": {"food": 0}}
    state, _ = drawn("E23", ann, {"cities": cities("D7", "E8", "C8"), "resources": {"food": 0}})
    assert [s.resources["food"] for s in state.seats] == [2, 0]


def test_e24_population_boom_gives_you_and_another_player_a_settler() -> None:
    state, _ = drawn("E24")
    assert state.seats[0].settlers == {state.board.parse("D2"): 2}
    assert state.seats[1].settlers == {state.board.parse("D7"): 2}


def test_e26_envoys_meet_reveals_a_wonder() -> None:
    state, _ = drawn("E26", bob={"culture_tokens": 0})
    me = state.seats[0]
    assert (me.resources["ideas"], me.culture_tokens, state.seats[1].culture_tokens) == (1, 2, 1)
    assert len(state.cards.revealed) == 1


def test_e27_meeting_of_academics() -> None:
    bob = {
        "advances": ["farming", "mining", "writing"],
        "cities": [{"hex": "D7", "pieces": ["settlement", "academy"]}, *cities("E8")],
    }
    state, _ = drawn("E27", bob=bob)
    assert [s.resources["ideas"] for s in state.seats] == [2, 1]


def test_e29_era_of_stability_lets_the_drawer_choose_a_token() -> None:
    state, _ = drawn("E29")
    assert prompt(state) == "event_tokens" and tokens(state) == ["mood", "culture"]
    state = play(state, "mood")
    assert state.seats[0].mood_tokens == 1 and state.seats[1].mood_tokens == 0


def test_e30_reformation_gives_a_temple_to_another_colour() -> None:
    ann = {
        "advances": ["farming", "mining", "myths"],
        "cities": [{"hex": "D2", "pieces": ["settlement", "temple"]}],
    }
    state, _ = drawn("E30", ann)
    city = state.seats[0].cities[0]
    assert [(p.kind, p.owner) for p in city.pieces] == [("settlement", 0), ("temple", 1)]


def test_e30_reformation_without_a_temple_passes_to_a_player_with_one() -> None:
    bob = {
        "advances": ["farming", "mining", "myths"],
        "cities": [{"hex": "D7", "pieces": ["settlement", "temple"]}],
    }
    state, _ = drawn("E30", bob=bob)
    city = state.seats[1].cities[0]
    assert [(p.kind, p.owner) for p in city.pieces] == [("settlement", 1), ("temple", 0)]


def test_e31_and_e32_are_put_in_play() -> None:
    state, _ = drawn("E31")
    assert state.table_effects == ("trojan_horse",)
    state, _ = drawn("E32", table_effects=["trojan_horse"])
    assert state.table_effects == ("solar_eclipse", "trojan_horse")
    assert GAME.check_invariants(state) == []


def test_e07_epidemic_can_take_a_unit_aboard_a_ship_first() -> None:
    state, _ = drawn("E07", {"ships": [{"hex": "D3", "cargo": ["army"]}]})
    assert tokens(state) == ["d2-settler", "ship1-army"]
    state = play(state, "ship1-army")
    assert state.seats[0].ships[0].cargo == ()


def test_e11_volcanic_eruption_loses_the_wonder_when_every_city_has_one() -> None:
    wonders = ["great_wall", "great_gardens", "great_library", "great_statue"]
    spaces = ("D2", "B3", "F3", "D4")
    ann = {"cities": [{"hex": h, "wonder": w} for h, w in zip(spaces, wonders, strict=True)]}
    state, _ = drawn("E11", ann)
    state, kinds = answer(state, "f3")
    assert "clash.wonder_lost" in kinds and state.cards.lost == ("great_library",)
    assert state.seats[0].event_points == 2


def test_e21_a_good_year_asks_each_split_once_with_three_players() -> None:
    pos = {
        "first": "ann",
        "decks": {"event": ["E21"]},
        "fill_decks": True,
        "seats": {
            "ann": {"resources": {"ideas": 2}, "culture_level": 2},
            "bob": {"resources": {"food": 0}},
            "cid": {"resources": {"food": 0}},
        },
    }
    state = GAME.setup_position(["ann", "bob", "cid"], {}, 1, pos)
    state = play(state, DRAW)
    while prompt(state) in SYMBOL_PROMPTS:
        state = play(state, tokens(state)[0])
    assert prompt(state) == "event_player" and tokens(state) == ["@bob", "@cid"]
    assert tokens(state, "@cid") == ["@cid"]
    state = play(state, "@bob @cid")
    assert [s.resources["food"] for s in state.seats[1:]] == [1, 1]


def test_e07_epidemic_sinks_a_ship_that_fought_this_turn_with_its_mark() -> None:
    ann = {"settlers": {}, "ships": [{"hex": "D3"}, {"hex": "C4"}]}
    marks = [{"place": "ship1", "kind": "ship", "mark": "stopped", "count": 1}]
    state, _ = drawn("E07", ann, marks=marks, actions_left=2)
    assert prompt(state) == "event_loss" and tokens(state) == ["ship1", "ship2"]
    state = play(state, "ship1")
    assert [s.id for s in state.seats[0].ships] == [2] and state.turn_state.marks == ()
    assert GAME.check_invariants(state) == []


def test_the_cards_printed_twice_share_their_effect() -> None:
    for a, b in (("E01", "E02"), ("E15", "E16"), ("E18", "E19"), ("E24", "E25")):
        assert EVENTS[a].effect == EVENTS[b].effect and EVENTS[a].source == EVENTS[b].source


@pytest.mark.parametrize("card", ["E33", "E34", "E35", "E36", "E37", "E38"])
def test_e33_to_e38_are_kept_face_up_by_the_drawer(card: str) -> None:
    state, kinds = drawn(card)
    assert state.seats[0].kept_events == (card,) and "clash.event_kept" in kinds
    assert card not in state.cards.discards["event"]
    assert GAME.check_invariants(state) == []


def test_e28_brisk_trade_pays_gold_per_port_city() -> None:
    port = {"hex": "D2", "pieces": ["settlement", "port"], "port_faces": "D3"}
    ann = {"advances": ["farming", "mining", "fishing"], "cities": [port, {"hex": "B3"}]}
    state, _ = drawn("E28", ann)
    # 2 Gold from the Gold Mine, 1 for the Port city; bob has no Port: nothing.
    assert [s.resources["gold"] for s in state.seats] == [3, 0]


def test_e16_e19_e25_play_as_their_twins() -> None:
    state, _ = drawn("E19")
    assert prompt(state) == "event_player"
    state, _ = drawn("E25")
    assert state.seats[1].settlers == {state.board.parse("D7"): 2}
    state, _ = drawn("E16")
    assert mood(state, "D2") == "angry"
