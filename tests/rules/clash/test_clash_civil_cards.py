"""The civil halves of the action cards (docs/clash-cards.md §3.2, §8.1; C100-C109): one
named test for each of the 21 kinds (its effect and its refusals), played from positions on
the base map of :mod:`tests.rules.clash.clash_map` (ann on D2, bob on D8)."""

from __future__ import annotations

from typing import Any

from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.cards.play import CARD
from rules.clash.checks import invariants
from rules.clash.model.civil_cards import CIVIL, civil_half
from rules.core import act, reveals
from tests.rules.clash.clash_map import board, events, play, prompt, refused, tokens, with_needs
from tests.rules.clash.test_clash_support import comparable, roundtrip

JSON = Any
BASE = ["farming", "mining"]
#: The first rules edition (C131, C132).
FIRST: dict[str, JSON] = {"edition": 1}


def fought(**kw: JSON) -> dict[str, JSON]:
    """A battle of this turn for the position's ``fought``: ann won on C3 by default."""
    f: dict[str, JSON] = {
        "space": "C3",
        "at_sea": False,
        "attacker": "ann",
        "defender": "bob",
        "units": [2, 1],
        "lost": [0, 1],
        "settlers_lost": [0, 0],
        "winner": "ann",
        "city": None,
        "captured": False,
        "defended": True,
        "city_size": 0,
        "wonder": False,
        "landed": False,
    }
    return {**f, **kw}


def captured(**kw: JSON) -> dict[str, JSON]:
    return fought(city="bob", captured=True, city_size=1, **kw)


def test_every_civil_half_has_its_cost_window_and_source() -> None:
    assert sorted(CIVIL) == [f"P{n:02d}" for n in range(1, 22)]
    aaa = sorted(c for c, h in CIVIL.items() if h.costs_action)
    assert aaa == ["P04", "P07", "P11", "P16"]
    assert CIVIL["P11"].source == "seed" and CIVIL["P02"].source == "designed"
    assert civil_half("A22") == "P11"


def test_a_card_not_in_hand_or_unknown_is_refused() -> None:
    state = board(ann={"actions": ["A13"], "culture_tokens": 1})
    assert refused(state, "card a01 storage").code == "card_not_in_hand"
    assert refused(state, "card x99").code == "not_an_action_card"
    assert refused(state, "card").code == "card_needs_an_id"


# -- P01 Advance --


def test_advance_buys_an_advance_without_an_action_for_a_culture_token() -> None:
    state = board(ann={"actions": ["A01"], "culture_tokens": 1, "resources": {"food": 2}})
    assert "a01" in tokens(state, CARD)
    assert "storage" in tokens(state, CARD, "a01")
    state, kinds = events(state, "card a01 storage")
    me = state.seats[0]
    assert "storage" in me.advances and me.resources["food"] == 0 and me.culture_tokens == 0
    assert state.turn_state.actions_left == 3 and me.actions == ()
    assert state.cards.discards["action"] == ("A01",)
    assert kinds[:2] == ["clash.card_played", "clash.advance_bought"]


def test_advance_refusals_culture_token_and_payment() -> None:
    poor = board(ann={"actions": ["A01"], "culture_tokens": 1, "resources": {"food": 0}})
    assert refused(poor, "card a01 storage").code == "nothing_to_buy"
    assert CARD not in tokens(poor)
    broke = board(ann={"actions": ["A01"], "resources": {"food": 2}})
    assert refused(broke, "card a01 storage").code == "card_needs_culture_tokens"


# -- P02 Propaganda --

INFLUENCE: dict[str, JSON] = {
    "ann": {
        "advances": with_needs(["myths"]),
        "cities": [{"hex": "D2", "pieces": ["settlement", "temple"]}, {"hex": "C3"}],
        "actions": ["A03"],
    },
    "bob": {
        "advances": with_needs(["myths"]),
        "cities": [{"hex": "D4", "pieces": ["settlement", "temple"]}],
    },
}


def test_propaganda_adds_two_to_a_short_influence_roll() -> None:
    state = board(INFLUENCE["ann"], INFLUENCE["bob"], dice=[3])
    assert refused(state, "card a03").code == "card_played_in_a_decision"
    state = play(state, "influence d2 d4 temple")
    assert prompt(state) == "influence"
    assert tokens(state) == ["a03", "0"]
    state, kinds = events(state, "a03")
    assert "clash.propaganda" in kinds and "clash.influence_succeeded" in kinds
    assert state.seats[1].cities[0].pieces[1].owner == 0
    assert state.seats[0].actions == () and state.cards.discards["action"] == ("A03",)


def test_propaganda_with_culture_tokens_for_the_rest_of_the_shortfall() -> None:
    ann = {**INFLUENCE["ann"], "culture_tokens": 1}
    state = play(board(ann, INFLUENCE["bob"], dice=[2]), "influence d2 d4 temple")
    assert tokens(state) == ["a03", "0"]  # 1 culture token cannot make up 3 alone
    assert tokens(state, "a03") == ["1"]
    assert refused(state, "a03").code == "boost_amount"
    state = play(state, "a03 1")
    assert state.seats[0].culture_tokens == 0 and state.seats[1].cities[0].pieces[1].owner == 0


def test_propaganda_is_not_asked_when_it_cannot_make_up_the_roll() -> None:
    state = play(board(INFLUENCE["ann"], INFLUENCE["bob"], dice=[1]), "influence d2 d4 temple")
    assert prompt(state) == "turn" and state.seats[0].actions == ("A03",)


# -- P03 Heroic General --


def test_heroic_general_raises_a_city_after_a_won_land_battle() -> None:
    ann = {"actions": ["A05", "A06"], "mood_tokens": 1, "cities": [{"hex": "D2", "mood": "angry"}]}
    state = board(ann, fought=[fought()])
    assert tokens(state, CARD) == ["a05"]  # two copies: one choice
    assert tokens(state, CARD, "a05") == ["d2"]
    assert tokens(state, CARD, "a05", "d2") == ["d2"]
    state = play(state, "card a05 d2 d2")
    assert state.seats[0].cities[0].mood == "happy" and state.seats[0].mood_tokens == 0
    # One card per land battle won.
    assert refused(state, "card a06 d2").code == "heroic_general_needs_a_won_battle"


def test_heroic_general_refusals() -> None:
    ann = {"actions": ["A05"], "cities": [{"hex": "D2", "mood": "neutral"}]}
    assert refused(board(ann), "card a05 d2").code == "heroic_general_needs_a_won_battle"
    sea = board(ann, fought=[fought(at_sea=True)])
    assert refused(sea, "card a05 d2").code == "heroic_general_needs_a_won_battle"
    won = board(ann, fought=[fought()])
    assert refused(won, "card a05 d2 d2").code == "heroic_general_needs_a_mood_token"
    rich = board({**ann, "mood_tokens": 1}, fought=[fought()])
    assert refused(rich, "card a05 d2 d2").code == "city_already_happy"
    assert refused(won, "card a05 d8").code == "not_your_city"


# -- P04 Spies --


def test_spies_shows_the_hand_to_its_player_only_and_swaps_a_card() -> None:
    ann = {"actions": ["A07"], "objectives": ["O01"], "culture_tokens": 1}
    bob = {"actions": ["A12"], "objectives": ["O03"]}
    before = board(ann, bob)
    after, evs = act(GAME, before, 0, "card a07 @bob")
    assert reveals(GAME, before, after, evs)
    report = [e for e in evs if e.kind == "clash.spy_report"]
    assert report[0].visible_to == (0,)
    assert report[0].params["actions"] == ["A12"] and report[0].params["objectives"] == ["O03"]
    public = [e for e in evs if e.visible_to is None]
    assert all("A12" not in str(e.params) and "O03" not in str(e.params) for e in public)
    assert after.turn_state.actions_left == 2 and after.seats[0].culture_tokens == 0
    assert prompt(after) == "spies"
    assert tokens(after) == ["pass", "o01"] and tokens(after, "o01") == ["o03"]
    assert refused(after, "o01 a12").code == "not_a_spies_swap"
    after = play(after, "o01 o03")
    assert after.seats[0].objectives == ("O03",) and after.seats[1].objectives == ("O01",)


def test_spies_refusals() -> None:
    ann = {"actions": ["A07"], "culture_tokens": 1}
    assert refused(board(ann), "card a07 @bob").code == "nobody_to_spy_on"
    bob = {"actions": ["A12"]}
    assert refused(board(ann, bob), "card a07 @ann").code == "not_a_player"
    spent = board(ann, bob, actions_left=0)
    assert refused(spent, "card a07 @bob").code == "no_actions_left"
    # Nothing to give back: no swap is asked.
    state = play(board(ann, bob), "card a07 @bob")
    assert prompt(state) == "turn"


# -- P05 Leap of Knowledge, P06 Good Ideas --


def test_leap_of_knowledge_gives_an_idea_per_academy() -> None:
    ann = {
        "advances": with_needs(["writing"]),
        "actions": ["A09"],
        "cities": [
            {"hex": "D2", "pieces": ["settlement", "academy"]},
            {"hex": "C3", "pieces": ["settlement", "academy"]},
        ],
    }
    state = play(board(ann), "card a09")
    assert state.seats[0].resources["ideas"] == 2
    none = board({"actions": ["A09"]})
    assert refused(none, "card a09").code == "needs_an_academy"


def test_good_ideas_after_a_capture_once_per_battle() -> None:
    state = board({"actions": ["A11", "A12"]}, fought=[captured()])
    state = play(state, "card a11")
    assert state.seats[0].resources["ideas"] == 2
    assert refused(state, "card a12").code == "good_ideas_needs_a_victory"
    assert refused(board({"actions": ["A11"]}), "card a11").code == "good_ideas_needs_a_victory"
    full = board({"actions": ["A11"], "resources": {"ideas": 8}}, fought=[fought()])
    assert refused(full, "card a11").code == "ideas_full"


# -- P07 Mercenaries --

MERCENARIES: dict[str, JSON] = {
    "ann": {"actions": ["A13"], "resources": {"food": 2, "wood": 1}, "culture_tokens": 1},
    "bob": {"cities": [{"hex": "B2", "pieces": ["settlement", "temple"]}]},
    "barbarians": {"cities": ["B3"], "armies": {"B3": 2}},
}


def _mercenaries(**extra: JSON) -> Any:
    m = MERCENARIES
    return board(m["ann"], m["bob"], barbarians=m["barbarians"], **extra)


def test_mercenaries_send_a_barbarian_attack_on_another_players_city() -> None:
    state = _mercenaries(dice=[5, 1])
    assert tokens(state, CARD, "a13") == ["b3"]
    assert tokens(state, CARD, "a13", "b3") == ["b2"]
    assert tokens(state, CARD, "a13", "b3", "b2") == ["food", "wood", "culture"]
    assert refused(state, "card a13 b3 b2 food").code == "mercenaries_payment"
    before = state
    state, evs = act(GAME, state, 0, "card a13 b3 b2 food culture")
    assert reveals(GAME, before, state, evs)  # the dice are rolled: no undo
    kinds = [e.kind for e in evs]
    assert "clash.mercenaries" in kinds and "clash.barbarians_attack" in kinds
    me, bob = state.seats
    assert me.resources["food"] == 1 and me.culture_tokens == 0
    assert bob.city_at(parse_hex("B2")).size == 1 and bob.city_at(parse_hex("B2")).mood == "angry"
    assert state.turn_state.actions_left == 2
    assert state.turn_state.fought[-1].attacker == -1


def test_mercenaries_refusals_great_wall_truce_and_payment() -> None:
    m = MERCENARIES
    wall = {"cities": [{"hex": "B2", "pieces": ["settlement", "temple"], "wonder": "great_wall"}]}
    walled = board(m["ann"], wall, barbarians=m["barbarians"])
    assert refused(walled, "card a13 b3 b2 food wood").code == "no_mercenaries"
    truce = _mercenaries(truces=[{"player": "ann", "with": "bob", "stage": "maker"}])
    assert refused(truce, "card a13 b3 b2 food wood").code == "no_mercenaries"
    poor = board(
        {"actions": ["A13"], "resources": {"food": 1}}, m["bob"], barbarians=m["barbarians"]
    )
    assert refused(poor, "card a13 b3 b2 food").code == "no_mercenaries"
    state = _mercenaries()
    assert refused(state, "card a13 b3 b2 ore ore").code == "cannot_pay_mercenaries"
    assert refused(state, "card a13 b3 d8 food wood").code == "not_a_mercenary_target"


# -- P08 Cultural Awe --


AWE: dict[str, JSON] = {
    "ann": {
        "actions": ["A15", "A16"],
        "cities": [{"hex": "D2", "pieces": ["settlement", "temple"]}],
    },
    "barbarians": {"cities": ["B3"], "armies": {"B3": 2}},
}


def test_cultural_awe_lets_the_next_influence_win_over_a_barbarian_city() -> None:
    state = board(AWE["ann"], barbarians=AWE["barbarians"], dice=[6])
    assert refused(state, "influence d2 b3 settlement").code == "barbarians_never_influenced"
    state = play(state, "card a15")
    assert state.turn_state.card_modifiers == ("P08",)
    assert refused(state, "card a16").code == "cultural_awe_pending"
    assert tokens(state, "influence", "d2") == ["b3"]
    assert tokens(state, "influence", "d2", "b3") == ["settlement"]
    assert tokens(state, "influence", "d2", "b3", "settlement") == ["army", "settler"]
    assert refused(state, "influence d2 b3 settlement").code == "awe_unit"
    assert refused(state, "influence d2 b3 temple").code == "awe_takes_the_settlement"
    state, kinds = events(state, "influence d2 b3 settlement settler")
    assert "clash.barbarians_won_over" in kinds
    me = state.seats[0]
    city = me.city_at(parse_hex("B3"))
    assert city is not None and city.mood == "neutral" and city.pieces[0].owner == 0
    assert me.settlers[parse_hex("B3")] == 1 and parse_hex("B3") not in state.barbarians.armies
    assert parse_hex("B3") not in state.barbarians.cities and state.turn_state.influenced


def test_cultural_awe_is_spent_by_the_next_attempt_and_can_fail() -> None:
    state = play(board(AWE["ann"], barbarians=AWE["barbarians"], dice=[2]), "card a15")
    state = play(state, "influence d2 b3 settlement army")
    assert state.turn_state.card_modifiers == () and parse_hex("B3") in state.barbarians.cities
    assert refused(state, "influence d2 b3 settlement").code == "barbarians_never_influenced"


def test_cultural_awe_needs_a_barbarian_city_in_reach_and_an_attempt_left() -> None:
    far = board(
        AWE["ann"],
        barbarians={"cities": ["A7"], "armies": {}},
        tiles={"r7": {"tile": "g13", "explored": True}},
    )
    assert refused(far, "card a15").code == "no_barbarians_in_reach"
    spent = board(AWE["ann"], barbarians=AWE["barbarians"], actions_left=0)
    assert refused(spent, "card a15").code == "no_barbarians_in_reach"
    assert CARD not in tokens(spent)


# -- P09 City Growth --


def test_city_growth_adds_a_piece_without_paying_or_activating() -> None:
    ann = {
        "advances": with_needs(["myths"]),
        "actions": ["A17"],
        "culture_tokens": 1,
        "cities": [{"hex": "D2"}, {"hex": "C3"}],
    }
    state = board(ann)
    assert tokens(state, CARD, "a17") == ["c3", "d2"]
    assert tokens(state, CARD, "a17", "d2") == ["temple"]
    assert refused(state, "card a17 d2 temple mood settler").code == "too_many_tokens"
    state, kinds = events(state, "card a17 d2 temple mood")
    city = state.seats[0].city_at(parse_hex("D2"))
    assert city.size == 2 and city.activations == 0 and "clash.city_grew_free" in kinds
    assert state.seats[0].mood_tokens == 1 and state.turn_state.actions_left == 3


def test_city_growth_refusals() -> None:
    ann = {"advances": with_needs(["myths"]), "actions": ["A17"], "culture_tokens": 1}
    assert refused(board(ann), "card a17 d2 temple mood").code == "nothing_to_grow"
    angry = {**ann, "cities": [{"hex": "D2", "mood": "angry"}, {"hex": "C3", "mood": "angry"}]}
    assert refused(board(angry), "card a17 d2 temple mood").code == "nothing_to_grow"


# -- P10 Focused Collection, P15 Mass Collection --


def test_focused_collection_takes_twice_from_one_space() -> None:
    ann = {"actions": ["A19", "A29"], "cities": [{"hex": "D2", "mood": "happy"}], "resources": {}}
    state = board(ann)
    assert refused(state, "activate d2 collect d2 d2").code == "space_listed_twice"
    state = play(state, "card a19")
    assert state.turn_state.card_modifiers == ("P10",)
    assert refused(state, "card a29").code == "collection_card_pending"
    assert "d2" in tokens(state, "activate", "d2", "collect", "d2")
    state, kinds = events(state, "activate d2 collect d2 d2")
    assert state.seats[0].resources["food"] == 2 and "clash.collection_card_used" in kinds
    assert state.turn_state.card_modifiers == ()


def test_mass_collection_takes_two_more_spaces() -> None:
    ann = {"actions": ["A29"], "cities": [{"hex": "D2", "mood": "happy"}], "resources": {}}
    state = board(ann)
    assert refused(state, "activate d2 collect d2 c2 e2").code == "too_many_spaces"
    state = play(state, "card a29", "activate d2 collect d2 c2 e2 c3")
    me = state.seats[0]
    assert (me.resources["food"], me.resources["wood"], me.resources["ore"]) == (1, 2, 1)
    spent = board(ann, actions_left=0)
    assert refused(spent, "card a29").code == "nothing_to_collect_now"


# -- P11 Explorers --


def test_explorers_reveal_a_region_and_give_a_settler() -> None:
    ann = {"actions": ["A21"], "culture_tokens": 1, "cities": [{"hex": "D2"}, {"hex": "D4"}]}
    before = board(ann, tiles={"r6": "g13"})
    choices = tokens(before, CARD, "a21")
    assert "d5" in choices and "d2" in choices
    after, evs = act(GAME, before, 0, "card a21 d5 d2")
    assert reveals(GAME, before, after, evs)
    while prompt(after) != "turn":
        after = play(after, tokens(after)[0])
    assert after.regions["r6"].explored
    assert after.seats[0].settlers[parse_hex("D2")] == 2
    assert after.turn_state.actions_left == 2 and after.seats[0].culture_tokens == 0


def test_explorers_refusals() -> None:
    ann = {"actions": ["A21"], "culture_tokens": 1}
    state = board(ann)
    assert refused(state, "card a21 d5").code == "not_an_explorers_space"
    full = board({**ann, "settlers": {"D2": 4}})
    assert refused(full, "card a21 d2").code == "explorers_nothing_to_do"


# -- P12 Negotiations --

NEIGHBOURS: dict[str, JSON] = {
    "ann": {
        "advances": with_needs(["tactics"]),
        "armies": {"C3": 1},
        "actions": ["A23"],
        "culture_tokens": 1,
    },
    "bob": {"advances": with_needs(["tactics"]), "armies": {"B3": 1}},
}


def test_negotiations_forbid_attacks_this_turn_and_in_the_others_next_turn() -> None:
    state = board(NEIGHBOURS["ann"], NEIGHBOURS["bob"])
    state = play(state, "card a23 @bob")
    assert [(t.maker, t.other, t.stage) for t in state.truces] == [(0, 1, "maker")]
    assert refused(state, "move c3 b3 army").code == "negotiations_no_attack"
    state = play(state, "end")
    assert state.active == 1 and state.truces[0].stage == "other"
    assert refused(state, "move b3 c3 army").code == "negotiations_no_attack"
    state = play(state, "end")
    assert state.truces == ()


def test_negotiations_only_before_the_first_action() -> None:
    state = board(NEIGHBOURS["ann"], NEIGHBOURS["bob"])
    state = play(state, "move c3 b2 army")
    state = play(state, "done") if prompt(state) == "move" else state
    assert refused(state, "card a23 @bob").code == "negotiations_start_of_turn"
    assert CARD not in tokens(state)


# -- P13 Leadership, P14 Assassination --


def test_leadership_gives_one_more_action_once_per_turn() -> None:
    state = board({"actions": ["A25", "A26"], "culture_tokens": 2})
    state, kinds = events(state, "card a25")
    assert state.turn_state.actions_left == 4 and "clash.leadership" in kinds
    assert refused(state, "card a26").code == "leadership_once_per_turn"
    full = board({"actions": ["A25"], "culture_tokens": 1}, actions_left=4)
    assert "clash.leadership" in events(full, "card a25")[1]  # no cap printed (C132)
    first = board({"actions": ["A25"], "culture_tokens": 1}, actions_left=4, options=FIRST)
    assert refused(first, "card a25").code == "actions_full"


def test_assassination_takes_an_action_from_the_next_turn() -> None:
    state = board({"actions": ["A27", "A28"], "culture_tokens": 2})
    state = play(state, "card a27 @bob")
    assert refused(state, "card a28 @bob").code == "nobody_to_assassinate"
    state, kinds = events(state, "end")
    assert state.active == 1 and state.turn_state.actions_left == 2
    assert "clash.assassinated" in kinds
    assert state.assassinations[0].done


# -- P16 New Goals --


def test_new_goals_draws_two_and_puts_one_back_unseen_by_others() -> None:
    ann = {"actions": ["A31"], "culture_tokens": 1, "objectives": ["O01"]}
    before = board(ann, decks={"objective": ["O05", "O06"]}, fill_decks=True)
    after, evs = act(GAME, before, 0, "card a31")
    assert reveals(GAME, before, after, evs)
    assert after.seats[0].objectives == ("O01", "O05", "O06")
    assert all("O05" not in str(e.params) for e in evs if e.visible_to is None)
    assert prompt(after) == "new_goals" and tokens(after) == ["o05", "o06"]
    assert refused(after, "o01").code == "not_a_drawn_objective"
    after = play(after, "o05")
    assert after.seats[0].objectives == ("O01", "O06")
    assert after.cards.decks["objective"][-1] == "O05"
    assert after.turn_state.actions_left == 2


def test_new_goals_refused_without_objective_cards() -> None:
    from rules.clash.box.cards import OBJECTIVE_CARDS

    ann = {"actions": ["A31"], "culture_tokens": 1, "objectives": list(OBJECTIVE_CARDS[:16])}
    bob = {"objectives": list(OBJECTIVE_CARDS[16:])}
    state = board(ann, bob)
    assert refused(state, "card a31").code == "no_objectives_left"


# -- P17 Tech Synergy, P21 Idea Synergy --


def test_tech_synergy_buys_an_advance_of_the_same_category_without_an_action() -> None:
    ann = {"actions": ["A33"], "resources": {"food": 2, "gold": 2}}
    state = play(board(ann), "advance storage")
    assert prompt(state) == "synergy"
    assert tokens(state) == ["pass", "a33"]
    assert tokens(state, "a33") == ["irrigation", "husbandry"]
    assert refused(state, "a33 mining").code == "not_a_same_category_advance"
    err = refused(state, "a33 g8")  # not an advance: named as typed, not by its name
    assert (err.code, err.params) == ("unknown_advance", {"token": "g8"})
    state = play(state, "a33 irrigation")
    me = state.seats[0]
    assert {"storage", "irrigation"} <= me.advances and me.actions == ()
    assert state.turn_state.actions_left == 2 and prompt(state) == "turn"
    assert refused(board(ann), "card a33").code == "card_played_in_a_decision"


def test_idea_synergy_gains_two_ideas_and_pass_keeps_the_card() -> None:
    ann = {"actions": ["A41", "A42"], "resources": {"food": 2, "gold": 2}}
    state = play(board(ann), "advance storage")
    assert tokens(state) == ["pass", "a41"]
    state = play(state, "a41")
    assert state.seats[0].resources["ideas"] == 2 and state.seats[0].actions == ("A42",)
    state = play(state, "advance irrigation", "pass")
    assert state.seats[0].actions == ("A42",) and prompt(state) == "turn"


def test_synergy_is_offered_after_the_status_phase_free_advance() -> None:
    ann = {"actions": ["A41"], "advances": BASE}
    state = board(ann, phase="status", status={"step": 2, "waiting": ["ann", "bob"]})
    state = play(state, "storage")
    assert prompt(state) == "synergy" and GAME.pending(state)[0].seat == 0
    state = play(state, "a41")
    assert state.seats[0].resources["ideas"] == 2


# -- P18 Inspiration --


def test_inspiration_takes_an_advance_of_the_player_captured_from() -> None:
    bob = {"advances": with_needs(["writing", "voting"])}
    state = board({"actions": ["A35", "A36"]}, bob, fought=[captured()])
    # Philosophy needs Writing first; Voting is a government advance.
    assert tokens(state, CARD, "a35") == ["writing"]
    assert refused(state, "card a35 voting").code == "not_a_captured_advance"
    state = play(state, "card a35 writing")
    assert "writing" in state.seats[0].advances
    assert refused(state, "card a36 philosophy").code == "inspiration_needs_a_capture"
    barbarian = board(
        {"actions": ["A35"]},
        bob,
        fought=[fought(defender="barbarians", city="barbarians", captured=True)],
    )
    assert refused(barbarian, "card a35 writing").code == "inspiration_needs_a_capture"


# -- P19 Militia --


def test_militia_puts_an_army_unit_in_a_city() -> None:
    state = play(board({"actions": ["A37"], "culture_tokens": 1}), "card a37 d2")
    assert state.seats[0].armies[parse_hex("D2")] == 1
    full = board({"actions": ["A37"], "culture_tokens": 1, "armies": {"D2": 4}})
    assert refused(full, "card a37 d2").code == "militia_no_room"


# -- P20 Tech Exchange --


def test_tech_exchange_gives_an_advance_each_way_the_other_choosing() -> None:
    ann = {"actions": ["A39"], "advances": with_needs(["writing", "bartering"])}
    bob = {"advances": with_needs(["fishing", "myths"]), "settlers": {"C3": 1}}
    state = board(ann, bob)
    assert tokens(state, CARD, "a39") == ["@bob"]
    assert tokens(state, CARD, "a39", "@bob") == ["fishing", "myths"]
    state = play(state, "card a39 @bob fishing")
    assert "fishing" in state.seats[0].advances
    assert prompt(state) == "tech_exchange" and GAME.pending(state)[0].seat == 1
    assert tokens(state) == ["bartering", "writing"]
    state = play(state, "writing")
    assert "writing" in state.seats[1].advances and prompt(state) == "turn"


def test_tech_exchange_waits_for_the_event_the_card_players_advance_draws() -> None:
    """ann's Mathematics raises her culture level to 3: its event (E23, Barbarians Attack)
    asks her combat-card window first; bob chooses his advance only once her attack is fought
    (self-play seed 1000239: his advance drew an event whose attack came from the same
    settlement, and her window outlived its barbarians)."""
    ann = {
        "actions": ["A39", "A38"],
        "cities": [{"hex": "D2"}],
        "settlers": {},
        "armies": {"D2": 1},
        "advances": with_needs(["tactics", "writing", "bartering"]),
        "resources": {"food": 0},
        "culture_level": 2,
    }
    bob = {"advances": with_needs(["mathematics", "myths"]), "settlers": {"C3": 1}}
    state = board(
        ann,
        bob,
        barbarians={"cities": ["B3"], "armies": {"B3": 1}},
        decks={"event": ["E23"]},
        fill_decks=True,
        dice=[1, 3],
    )
    state = play(state, "card a39 @bob mathematics")
    assert prompt(state) == "barbarian_combat_card" and GAME.pending(state)[0].seat == 0
    assert [d.kind for d in state.prompts.decisions if d.kind == "tech_exchange"] == []
    assert comparable(roundtrip(state)) == comparable(state)  # the follow-up in a position
    state = play(state, "a38")
    assert state.barbarians.armies == {}
    assert prompt(state) == "tech_exchange" and GAME.pending(state)[0].seat == 1
    state = play(state, "writing")
    assert "writing" in state.seats[1].advances and prompt(state) == "turn"


def test_tech_exchange_goes_on_when_the_synergy_windows_above_it_close() -> None:
    """ann's Tech Exchange advance opens a Synergy window, and bob's advance waits beneath it.
    Tech Synergy there gains Drama & Music and opens a second window; Idea Synergy closes that
    one, which leaves the first with no card: it goes, and bob is asked at once (self-play
    seed 1001638 found his turn to choose left unasked on top of the stack)."""
    ann = {
        "actions": ["A39", "A34", "A42"],
        "advances": with_needs(["writing", "bartering"]),
        "resources": {"ideas": 2, "food": 2},
    }
    bob = {"advances": with_needs(["art_sculptures", "myths"]), "settlers": {"C3": 1}}
    state = play(board(ann, bob), "card a39 @bob art_sculptures", "a34 drama_music")
    assert [d.kind for d in state.prompts.decisions] == ["event_follow_up", "synergy", "synergy"]
    state = play(state, "a42")
    assert prompt(state) == "tech_exchange" and GAME.pending(state)[0].seat == 1
    assert invariants.check(state) == []
    state = play(state, "writing")
    assert "writing" in state.seats[1].advances and prompt(state) == "turn"


def test_tech_exchange_refused_without_a_player_near() -> None:
    ann = {"actions": ["A39"]}
    bob = {"advances": with_needs(["fishing"])}
    assert refused(board(ann, bob), "card a39 @bob fishing").code == "nobody_to_exchange_with"


def test_a_synergy_window_after_an_event_opens_only_if_its_card_is_still_held() -> None:
    """Mathematics raises ann's culture level to 3; its event's barbarian attack asks her card
    window first, and she spends Idea Synergy (A41: Veterans) there: the Synergy window that
    waited beneath is not opened (self-play seed 1000117 found it asked without a card)."""
    ann = {
        "actions": ["A41"],
        "cities": [{"hex": "D2"}],
        "settlers": {},
        "armies": {"D2": 1},
        "advances": ["farming", "mining", "tactics"],
        "resources": {"ideas": 2},
        "culture_level": 2,
    }
    state = board(
        ann,
        barbarians={"cities": ["B3"], "armies": {"B3": 1}},
        decks={"event": ["E23"]},
        fill_decks=True,
        dice=[1, 3, 3],
    )
    state = play(state, "advance mathematics ideas ideas")
    assert prompt(state) == "barbarian_combat_card"
    assert [d.params["step"] for d in state.prompts.decisions if "step" in d.params] == [
        "synergy_window",
        "advance",
        "main",
    ]
    assert comparable(roundtrip(state)) == comparable(state)
    state = play(state, "a41")
    assert state.seats[0].actions == () and prompt(state) == "turn"
    kept = play(
        board(
            ann,
            barbarians={"cities": ["B3"], "armies": {"B3": 1}},
            decks={"event": ["E23"]},
            fill_decks=True,
            dice=[1, 3, 3],
        ),
        "advance mathematics ideas ideas",
        "pass",
    )
    assert prompt(kept) == "synergy" and tokens(kept) == ["pass", "a41"]


def test_a_synergy_decision_left_without_a_playable_card_is_passed_for_its_player() -> None:
    """A decision waiting beneath others (a wonder to reserve, an event's) may come to the top
    when its card can no longer act (here: the Ideas are full): it is not asked."""
    from rules.clash.actions.advance_gains import synergy_decision
    from rules.clash.cards.decisions import drop_idle_synergy

    state = board({"actions": ["A41"], "resources": {"ideas": 8}})
    state.prompts = state.prompts.push(synergy_decision(state, 0, "farming", []))
    drop_idle_synergy(state)
    assert state.prompts.top() is None
