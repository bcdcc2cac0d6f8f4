"""Wonders and events in battle (docs/clash-cards.md §4.2 E31, E32, E36, §6; C69, C71, C72):
the Great Wall and the Great Mausoleum guard cities; the Trojan Horse, the Solar Eclipse and
the Great General change battles. The map and helpers are ``test_clash_combat_cards``'s."""

from __future__ import annotations

import json
from typing import Any

import pytest
from clash_map import PLAYERS, board, play, prompt, refused, tokens, with_needs
from test_clash_combat import again, fight, kinds, the
from test_clash_combat_cards import MORALE, RETREAT, SIEGE, armies, cards, duel, rnd, seat
from test_clash_support import comparable

from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.model.state import ClashState
from rules.clash.position.export import position_of
from rules.core import IllegalAction, act

JSON = Any
FORT = {"hex": "B3", "pieces": ["settlement", "fortress"]}


def walled(ann_advances: list[str], city: dict[str, JSON], wall: str = "B3") -> ClashState:
    """bob owns the Great Wall (in B3 or his capital D7) and a city on B3; ann on C3."""
    d7: dict[str, JSON] = {"hex": "D7"}
    if wall == "D7":
        d7["wonder"] = "great_wall"
    else:
        city = {**city, "wonder": "great_wall"}
    ann = {"advances": with_needs(["tactics", *ann_advances]), "armies": {"C3": 2}}
    # The Great Wall needs Siegecraft, so Tactics: bob's Fortress works for him (C131).
    bob = {"cities": [d7, city], "armies": {"B3": 1}, "advances": with_needs(["siegecraft"])}
    return board(ann=ann, bob=bob, dice=[6, 6, 1, 1])


# -- the Great Wall ---------------------------------------------------------------------------


def test_great_wall_cities_with_a_fortress_need_siegecraft_to_attack() -> None:
    """p.15: another player attacks its owner's Fortress cities only with Siegecraft."""
    for wall in ("B3", "D7"):
        err = refused(walled([], FORT, wall), "move c3 b3 army army")
        assert err.code == "great_wall_needs_siegecraft" and err.params == {"space": "B3"}
        assert "b3" not in tokens(walled([], FORT, wall), "move", "c3")
    state = play(walled(["siegecraft"], FORT), "move c3 b3 army army")
    assert state.seats[0].city_at(parse_hex("B3")) is not None


def test_great_wall_cities_without_a_fortress_may_be_attacked() -> None:
    state = play(walled([], {"hex": "B3"}, "D7"), "move c3 b3 army army")
    assert armies(state, 0) == {"B3": 2}


# -- the Great Mausoleum ----------------------------------------------------------------------


def mausoleum(mood: int, culture: int, dice: list[int]) -> ClashState:
    tomb = {"hex": "B3", "wonder": "great_mausoleum"}
    ann = {
        "advances": with_needs(["tactics"]),
        "armies": {"C3": 2},
        "mood_tokens": mood,
        "culture_tokens": culture,
    }
    return board(ann=ann, bob={"cities": [{"hex": "D7"}, tomb], "armies": {"B3": 1}}, dice=dice)


def test_great_mausoleum_refuses_attackers_who_cannot_pay_a_token_per_army_unit() -> None:
    err = refused(mausoleum(1, 0, []), "move c3 b3 army army")
    assert err.code == "mausoleum_tokens" and err.params == {"space": "B3", "count": 2}
    state = play(mausoleum(1, 0, [6, 1]), "move c3 b3 army")  # one unit is paid for
    assert state.seats[0].mood_tokens == 0


def test_great_mausoleum_is_paid_without_a_question_when_one_kind_must_pay() -> None:
    state = mausoleum(2, 0, [6, 6, 1])
    state, events = act(GAME, state, 0, "move c3 b3 army army")
    assert the(events, "mausoleum_paid") == {
        "player": "ann",
        "mood": 2,
        "culture": 0,
        "space": "B3",
    }
    assert state.seats[0].mood_tokens == 0 and "city_captured" in kinds(events)


def test_great_mausoleum_asks_the_attacker_how_to_pay_when_both_kinds_can() -> None:
    """C69: the attacker chooses how many mood tokens (the rest in culture tokens)."""
    state = play(mausoleum(1, 2, [6, 6, 1]), "move c3 b3 army army")
    assert prompt(state) == "great_mausoleum" and GAME.pending(state)[0].seat == 0
    assert tokens(state) == ["mood0", "mood1"]
    assert refused(state, "mood2").code == "not_a_mausoleum_payment"
    state, events = fight(state, "mood1")
    assert (state.seats[0].mood_tokens, state.seats[0].culture_tokens) == (0, 1)
    assert "battle_round" in kinds(events)


# -- the Trojan Horse (E31) -------------------------------------------------------------------


def trojan(wood: int, culture: int) -> ClashState:
    ann = {
        "advances": with_needs(["tactics"]),
        "armies": {"C3": 2},
        "resources": {"wood": wood},
        "culture_tokens": culture,
    }
    bob = seat([MORALE], {"B3": 2}, cities=[{"hex": "D7"}, {"hex": "B3"}])
    state = board(ann=ann, bob=bob, dice=[1, 1, 1, 1, 1, 1, 1, 1], table_effects=["trojan_horse"])
    return play(state, "move c3 b3 army army")


def test_trojan_horse_paid_gives_an_event_point_and_stops_the_defenders_card_in_round_1() -> None:
    state = trojan(1, 1)
    assert prompt(state) == "trojan_horse" and tokens(state) == ["pay", "none"]
    state, events = fight(state, "pay")
    assert the(events, "trojan_horse") == {"player": "ann", "paid": ["wood_1"]}
    assert the(events, "event_point") == {"player": "ann", "effect": "trojan_horse"}
    assert state.seats[0].event_points == 1 and state.seats[0].culture_tokens == 0
    assert "battle_round" in kinds(events) and prompt(state) == "battle"  # bob had no window
    state = play(state, "attack")
    assert prompt(state) == "combat_card" and GAME.pending(state)[0].seat == 1  # round 2


def test_trojan_horse_declined_leaves_the_defenders_card() -> None:
    state = play(trojan(1, 1), "none")
    assert prompt(state) == "combat_card" and state.seats[0].event_points == 0


def test_trojan_horse_is_not_asked_of_an_attacker_who_cannot_pay() -> None:
    assert prompt(trojan(0, 1)) == "combat_card" and prompt(trojan(1, 0)) == "combat_card"


# -- the Solar Eclipse (E32) ------------------------------------------------------------------


def test_solar_eclipse_ends_the_next_land_battle_after_round_1_defender_scores() -> None:
    state = board(
        ann={"advances": with_needs(["tactics"]), "armies": {"C3": 2}},
        bob={"cities": [{"hex": "D7"}], "armies": {"B2": 2}},
        dice=[1, 1, 1, 1],
        table_effects=["solar_eclipse"],
    )
    state, events = act(GAME, state, 0, "move c3 b2 army army")
    assert kinds(events)[-4:] == ["battle_round", "solar_eclipse", "withdrew", "event_point"]
    assert the(events, "event_point") == {"player": "bob", "effect": "solar_eclipse"}
    assert armies(state, 0) == {"C3": 2} and state.battle is None
    assert state.table_effects == () and state.seats[1].event_points == 1


def test_solar_eclipse_gives_its_point_to_a_winner_in_round_1() -> None:
    state = board(
        ann={"advances": with_needs(["tactics"]), "armies": {"C3": 2}},
        bob={"cities": [{"hex": "D7"}], "armies": {"B2": 1}},
        dice=[5, 1, 1],
        table_effects=["solar_eclipse", "trojan_horse"],
    )
    state, events = act(GAME, state, 0, "move c3 b2 army army")
    assert the(events, "event_point") == {"player": "ann", "effect": "solar_eclipse"}
    assert state.table_effects == ("trojan_horse",)


def test_solar_eclipse_waits_for_a_battle_with_dice() -> None:
    state = board(
        ann={"advances": with_needs(["tactics"]), "armies": {"C3": 1}},
        bob={"cities": [{"hex": "D7"}, {"hex": "B3"}]},
        table_effects=["solar_eclipse"],
    )
    state = play(state, "move c3 b3 army")  # an undefended city falls without dice
    assert state.table_effects == ("solar_eclipse",)


def test_solar_eclipse_with_a_tactical_retreat_gives_the_attacker_the_point() -> None:
    state = duel([], [RETREAT], [1, 1, 1, 1], table_effects=["solar_eclipse"])
    state, events = cards(state, "a17 b3")
    assert the(events, "event_point") == {"player": "ann", "effect": "solar_eclipse"}


# -- the Great General (E36) ------------------------------------------------------------------


def test_great_general_discarded_gives_2_cv_every_round_of_the_battle() -> None:
    ann = {"advances": with_needs(["tactics"]), "armies": {"C3": 2}, "kept_events": ["E36"]}
    state = board(ann=ann, bob={"armies": {"B2": 3}}, dice=[4, 4, 1, 1, 1, 4, 4, 1, 1])
    state = play(state, "move c3 b2 army army")
    assert prompt(state) == "great_general" and tokens(state) == ["use", "keep"]
    state, events = fight(state, "use")
    assert the(events, "great_general") == {"player": "ann"}
    assert rnd(events)["attacker_hits"] == 2  # 4 + 4 + 2
    assert state.seats[0].kept_events == () and "E36" in state.cards.discards["event"]
    state, events = fight(state, "attack")
    assert rnd(events)["attacker_hits"] == 2 and "great_general" not in kinds(events)


def test_great_general_kept_stays_for_a_later_battle() -> None:
    bob = {"cities": [{"hex": "D7"}], "armies": {"B2": 1}, "kept_events": ["E36"]}
    state = board(ann=seat([], {"C3": 1}), bob=bob, dice=[4, 1])
    state = play(state, "move c3 b2 army")
    assert prompt(state) == "great_general" and GAME.pending(state)[0].seat == 1
    state, events = fight(state, "keep")
    assert rnd(events)["defender_hits"] == 0 and state.seats[1].kept_events == ("E36",)


def test_a_great_general_kept_this_turn_waits_for_a_later_battle() -> None:
    """C85: ann drew and kept the Great General earlier in this turn (``events_kept_now``), so
    her attack now is fought without the question; in a later turn she is asked. (Found by
    3-player self-play: the card was used and the turn still listed it as kept.)"""
    ann = {"advances": with_needs(["tactics"]), "armies": {"C3": 2}, "kept_events": ["E36"]}
    fresh = board(ann=ann, bob={"armies": {"B2": 3}}, dice=[4, 4, 1, 1, 1], events_kept_now=["E36"])
    state = play(fresh, "move c3 b2 army army")
    assert prompt(state) != "great_general" and state.seats[0].kept_events == ("E36",)
    assert GAME.check_invariants(state) == []
    later = board(ann=ann, bob={"armies": {"B2": 3}}, dice=[4, 4, 1, 1, 1])
    assert prompt(play(later, "move c3 b2 army army")) == "great_general"


# -- positions and snapshots in each new decision ---------------------------------------------


def waiting() -> list[ClashState]:
    general = board(
        ann={"advances": with_needs(["tactics"]), "armies": {"C3": 2}, "kept_events": ["E36"]},
        bob={"armies": {"B2": 2}},
        dice=[1, 1, 1, 1],
    )
    siege = duel(
        [SIEGE], [MORALE], [5, 1, 1], city=FORT, bob=1, bob_keys={"resources": {"food": 2}}
    )
    siege, _ = cards(siege, "a11", "a06")
    found = [
        play(general, "move c3 b2 army army"),
        trojan(1, 1),
        play(mausoleum(1, 2, [6, 6, 1]), "move c3 b3 army army"),
        duel([], [RETREAT], [1, 1, 1, 1]),
        siege,
    ]
    assert [prompt(s) for s in found] == [
        "great_general",
        "trojan_horse",
        "great_mausoleum",
        "combat_card",
        "siege_food",
    ]
    return found


def test_positions_and_snapshots_stand_in_every_new_battle_decision() -> None:
    for state in waiting():
        copy = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
        assert copy == state and GAME.check_invariants(copy) == []
        rebuilt = again(state)
        assert comparable(rebuilt) == comparable(state), prompt(state)
        seat_ = GAME.pending(state)[0].seat
        answer = GAME.choices(state, seat_, [])[0].token
        if not GAME.choices(state, seat_, [])[0].complete:
            answer += " " + GAME.choices(state, seat_, [answer])[0].token
        done, _ = act(GAME, state, seat_, answer)
        redone, _ = act(GAME, rebuilt, seat_, answer)
        assert comparable(done) == comparable(redone)


def test_a_position_holds_the_new_battle_fields_and_refuses_bad_ones() -> None:
    """docs/transcripts.md ``battle``: ``generals``, ``asked``, ``trojan``, ``eclipse``,
    ``siege_food``, ``retreat``."""
    ann = {"advances": with_needs(["tactics"]), "armies": {"C3": 2}, "kept_events": ["E36"]}
    state = board(ann=ann, bob={"armies": {"B2": 3}}, dice=[1, 1, 1, 1, 1])
    state = play(state, "move c3 b2 army army", "use")
    assert prompt(state) == "battle"
    pos = json.loads(json.dumps(position_of(state)))
    assert pos["battle"]["generals"] == ["ann"] and pos["battle"]["asked"] == ["general0"]
    rebuilt = again(state)
    assert rebuilt.battle == state.battle
    for key, bad in (("siege_food", "maybe"), ("asked", ["twice"]), ("generals", ["cy"])):
        broken = {**pos, "battle": {**pos["battle"], key: bad}}
        with pytest.raises(IllegalAction) as caught:
            GAME.setup_position(list(PLAYERS), {}, 0, broken)
        assert caught.value.code == "position_bad_value", key


def test_trojan_horse_wood_may_be_paid_with_gold_instead_c138() -> None:
    state = trojan(1, 1)
    assert tokens(state, "pay") == []  # no Gold to spare
    rich = state.copy()
    rich.seats[0].resources["gold"] = 1
    assert tokens(rich, "pay") == ["gold"]
    rich, events = fight(rich, "pay gold")
    assert the(events, "trojan_horse") == {"player": "ann", "paid": ["gold_1"]}
    assert rich.seats[0].resources["wood"] == 1
