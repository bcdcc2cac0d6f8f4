"""What a battle leaves for the cards and objectives that look back on it
(:mod:`rules.clash.battles.facts`): each test plays a battle of ``test_clash_combat``'s map with
fixed dice and reads the record the turn keeps (``state.turn_state.fought``)."""

from __future__ import annotations

import json

import pytest
from clash_map import board, play
from test_clash_barbarians import ann as ann_d2
from test_clash_barbarians import drawn
from test_clash_combat import again, ann, bob, fight
from test_clash_support import comparable

from rules.clash import GAME
from rules.clash.battles import barbarian_raids, facts
from rules.clash.board.hexes import parse_hex
from rules.clash.model.state import BARBARIAN_SIDE, Fought
from rules.clash.position.export import position_of
from rules.core import IllegalAction


def test_a_captured_defended_city_is_a_win_and_a_capture() -> None:
    b3 = {"hex": "B3", "pieces": ["settlement", "temple"], "mood": "angry", "wonder": "great_wall"}
    state = board(
        ann=ann(armies={"C3": 3}), bob=bob(cities=[b3], armies={"B3": 1}), dice=[6] * 3 + [1]
    )
    state, _ = fight(state, "move c3 b3 army army army")
    assert state.turn_state.fought == (
        Fought(
            space=parse_hex("b3"),
            sea=False,
            attacker=0,
            defender=1,
            units=(3, 1),
            lost=(0, 1),
            winner=0,
            city=1,
            captured=True,
            defended=True,
            size=2,
            wonder=True,
        ),
    )
    assert facts.won_land_battle(state, 0) and not facts.won_land_battle(state, 1)
    assert facts.captured_from(state, 0) == [1]


def test_a_withdrawal_is_nobodys_win_and_losses_of_every_round_count() -> None:
    state = board(ann=ann(armies={"C3": 3}), bob=bob(armies={"B2": 3}), dice=[5, 1, 1, 1, 1, 1])
    state = play(state, "move c3 b2 army army army")
    assert state.turn_state.fought == ()  # still under way
    state, _ = fight(state, "withdraw")
    (f,) = state.turn_state.fought
    assert (f.units, f.lost, f.winner, f.city, f.captured) == ((3, 3), (0, 1), None, None, False)
    assert not facts.won_land_battle(state, 0)


def test_a_defender_that_destroys_the_attackers_wins() -> None:
    state = board(ann=ann(armies={"C3": 1}), bob=bob(armies={"B2": 2}), dice=[1, 6, 6])
    state, _ = fight(state, "move c3 b2 army")
    (f,) = state.turn_state.fought
    assert (f.winner, f.lost, f.defended) == (1, (1, 0), False)
    assert facts.won_land_battle(state, 1)


def test_a_naval_battle_counts_ships_and_the_settlers_lost_aboard() -> None:
    me = ann(armies={}, ships=[{"hex": "D3", "cargo": ["army", "army"]}])
    them = bob(ships=[{"hex": "C4", "cargo": ["army", "settler"]}])
    state, _ = fight(board(ann=me, bob=them, dice=[5, 1]), "move d3 c4 ship1")
    (f,) = state.turn_state.fought
    assert (f.sea, f.units, f.lost, f.settlers_lost, f.winner) == (
        True,
        (1, 1),
        (0, 1),
        (0, 1),
        0,
    )


def test_an_undefended_barbarian_settlement_taken_is_a_capture() -> None:
    state = board(ann=ann(armies={"C3": 1}), barbarians={"cities": ["B3"], "armies": {}})
    state, _ = fight(state, "move c3 b3 army")
    (f,) = state.turn_state.fought
    assert (f.defender, f.city, f.captured, f.defended, f.size) == (
        BARBARIAN_SIDE,
        BARBARIAN_SIDE,
        True,
        False,
        1,
    )
    # A barbarian settlement is not a player's city: no Inspiration.
    assert facts.captured_from(state, 0) == []


def test_a_barbarian_attack_is_won_by_a_defender_that_kills_every_barbarian() -> None:
    camp = {"cities": ["B3"], "armies": {"B3": 2}}
    me = ann_d2(armies={"D2": 2})
    state, events = drawn(board(ann=me, barbarians=camp, dice=[1, 1, 6, 6]), barbarian_raids.attack)
    told = [{"kind": e.kind, "params": e.params} for e in events]
    (f,) = facts.from_barbarian_attacks(state, told)
    assert (f.attacker, f.defender, f.units, f.lost, f.winner, f.defended) == (
        BARBARIAN_SIDE,
        0,
        (2, 2),
        (2, 0),
        0,
        True,
    )


def test_the_record_lasts_the_turn_and_positions_and_snapshots_keep_it() -> None:
    state = board(ann=ann(armies={"C3": 1}), bob=bob(armies={"B2": 2}), dice=[1, 6, 6])
    state, _ = fight(state, "move c3 b2 army")
    assert comparable(again(state)) == comparable(state)
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(state)))) == state
    assert position_of(state)["fought"][0]["winner"] == "bob"
    state = play(state, "done", "end")
    assert state.turn_state.fought == ()


def test_a_battle_under_way_in_a_position_counts_its_earlier_rounds() -> None:
    """docs/transcripts.md ``battle.start``/``battle.lost``: bob lost 2 army units before the
    position; the record at the end counts them."""
    state = board(ann=ann(armies={"C3": 3}), bob=bob(armies={"B2": 3}), dice=[5, 1, 1, 1, 1, 1])
    state = play(state, "move c3 b2 army army army")
    pos = json.loads(json.dumps(position_of(state)))
    assert (pos["battle"]["start"], pos["battle"]["lost"]) == ([3, 3], [0, 1])
    pos["battle"]["start"], pos["battle"]["lost"] = [3, 4], [0, 2]
    rebuilt = GAME.setup_position(list(state.players), {}, 0, pos)
    rebuilt, _ = fight(rebuilt, "withdraw")
    (f,) = rebuilt.turn_state.fought
    assert (f.units, f.lost) == ((3, 4), (0, 2))
    pos["battle"]["start"] = [3, 3]
    with pytest.raises(IllegalAction) as refused:
        GAME.setup_position(list(state.players), {}, 0, pos)
    assert refused.value.params["problem"] == "battle_start_less_lost_is_not_the_units_there"


def test_a_battle_that_ends_the_turn_is_not_the_next_turns() -> None:
    """The last action's battle ends the turn in the same step: bob, who won it as the
    defender, does not find it in his own turn (Heroic General is for the turn it was won)."""
    state = board(
        ann=ann(armies={"C3": 1}, settlers={}),
        bob=bob(armies={"B2": 2}),
        dice=[1, 6, 6],
        actions_left=1,
    )
    state, events = fight(state, "move c3 b2 army")
    assert "clash.turn_ended" in [e.kind for e in events]
    assert state.active == 1 and state.turn_state.fought == ()
    assert not facts.won_land_battle(state, 1)
