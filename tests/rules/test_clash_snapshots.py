"""Clash snapshots (rules/clash/formats/serial.py): the state's fields written by rules.formats
with Clash's hooks (spaces by name, the prompt stack, the events kept), and version 1, written
by hand until then, read through its upgrade."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hash_seeds import printed_under_hash_seeds
from snapshot_fixtures import SNAPSHOTS, read

from rules.clash import GAME
from rules.clash.board.hexes import label, parse_hex
from rules.clash.model import under_way
from rules.clash.model.state import (
    Assassination,
    Barbarians,
    ClashState,
    Exploring,
    Fought,
    Goods,
    ObjectiveWatch,
    Offer,
    Trades,
    Truce,
)
from rules.core import Decision, IllegalAction

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["ann", "bob", "cy"]


def _new() -> ClashState:
    return GAME.setup(PLAYERS, {}, 5)


def _spaces(*names: str) -> tuple[Any, ...]:
    return tuple(parse_hex(n) for n in names)


def _with_spaces() -> ClashState:
    state = _new()
    c10, c4, a2, d3 = _spaces("C10", "C4", "A2", "D3")
    home = state.seats[0].cities[0]
    state.seats[0].cities[0] = replace(home, port_faces=d3)
    state.seats[0].armies = {c4: 2, home.hex: 1}
    state.exhausted = frozenset({c10, c4, a2})
    state.barbarians = Barbarians(frozenset({d3, a2}), {c4: 2, a2: 1})
    state.objective_watch = ObjectiveWatch(battles=((c4, True), (a2, False)))
    state.exploring = Exploring("r1", c4, "C3", ("army",), "layout", spaces=(d3, a2))
    # An exploration waits for its explorer on the stack, as the engine leaves it.
    state.prompts = under_way.beneath(state, state.prompts)
    return state


def _loaded(data: dict[str, Any]) -> ClashState:
    return GAME.from_json(json.loads(json.dumps(data)))


def test_spaces_are_written_by_their_names_wherever_they_stand() -> None:
    state = _with_spaces()
    data = GAME.to_json(state)
    assert data["exhausted"] == ["A2", "C4", "C10"]  # column, then row: not as text sorts
    assert data["barbarians"] == {"cities": ["A2", "D3"], "armies": {"C4": 2, "A2": 1}}
    assert data["objective_watch"]["battles"] == [["C4", True], ["A2", False]]
    assert data["exploring"]["entered"] == "C4" and data["exploring"]["spaces"] == ["D3", "A2"]
    assert data["exploring"]["approach"] is None
    home = label(state.seats[0].cities[0].hex)
    assert data["seats"][0]["cities"][0]["hex"] == home
    assert data["seats"][0]["cities"][0]["port_faces"] == "D3"
    assert data["seats"][0]["armies"] == {"C4": 2, home: 1}
    again = _loaded(data)
    assert again == state and GAME.to_json(again) == data


def test_the_same_state_gives_the_same_snapshot_in_every_process() -> None:
    """Sets of spaces and of strings are written sorted, whatever the string hashes."""
    code = (
        "import json, sys; sys.path[:0] = ['tests/rules']; "
        "from test_clash_snapshots import GAME, _with_spaces; "
        "print(json.dumps(GAME.to_json(_with_spaces())))"
    )
    outs = printed_under_hash_seeds(code)
    assert len(outs) == 1


def test_prompts_and_events_are_written_as_the_engine_keeps_them() -> None:
    state = _new()
    state.prompts = state.prompts.push(Decision("spies:1", 1, "spies", {"player": 0}, turn=0))
    state.recent = ({"kind": "clash.moved", "params": {"player": "ann", "units": ["army_2"]}},)
    data = GAME.to_json(state)
    assert data["prompts"] == state.prompts.to_json()
    assert data["recent"] == [dict(state.recent[0])]
    assert data["recent"][0]["params"] is not state.recent[0]["params"]
    assert _loaded(data) == state


def _v1() -> dict[str, Any]:
    """A version-1 snapshot the hand-written code saved (the fixtures), in the middle of a
    3-player game."""
    games, records = read(SNAPSHOTS / "clash" / "v1")
    found = next(
        r["snapshot"]
        for r in records
        if len(games[r["game"]]["players"]) == 3 and r["step"] > 30 and not r["snapshot"]["battle"]
    )
    return copy.deepcopy(found)


def test_version_1_fields_are_upgraded() -> None:
    old = _v1()
    old["turn_state"]["fought"] = [
        {
            "space": "E3",
            "at_sea": False,
            "attacker": 0,
            "defender": -1,
            "units": [2, 1],
            "lost": [0, 1],
            "settlers_lost": [0, 0],
            "winner": 0,
            "city": -1,
            "captured": True,
            "defended": True,
            "city_size": 1,
            "wonder": False,
            "landed": False,
        }
    ]
    old["turn_state"]["trades"] = {
        "offers": [
            {"from": 1, "to": 0, "give": {"gold": 1, "food": 2, "cards": ["O18"]}, "want": {}},
            {"from": 0, "to": 2, "give": {"wood": 1}, "want": {"ore": 1}},
        ],
        "made": [{"from": 0, "to": 2, "count": 1}, {"from": 1, "to": 0, "count": 1}],
    }
    old["truces"] = [[2, 0, "maker"]]
    old["assassinations"] = [[1, 3, False]]
    state = GAME.from_json(old)
    ts = state.turn_state
    assert ts.fought == (
        Fought(parse_hex("E3"), False, 0, -1, (2, 1), (0, 1), (0, 0), 0, -1, True, True, 1),
    )
    assert ts.trades == Trades(
        (
            Offer(1, 0, Goods((("food", 2), ("gold", 1)), ("O18",)), Goods()),
            Offer(0, 2, Goods((("wood", 1),)), Goods((("ore", 1),))),
        ),
        ((0, 2, 1), (1, 0, 1)),
    )
    assert state.truces == (Truce(2, 0, "maker"),)
    assert state.assassinations == (Assassination(1, 3),)
    written = GAME.to_json(state)
    assert written["version"] == 2 and _loaded(written) == state
    assert written["truces"] == [{"maker": 2, "other": 0, "stage": "maker"}]
    assert written["turn_state"]["fought"][0]["sea"] is False


def test_version_1_without_the_later_fields_takes_their_defaults() -> None:
    """Snapshots saved before trading, kept events, the objectives' watch and a battle's
    later fields existed (the hand-written reader's ``.get`` defaults)."""
    old = _v1()
    full = GAME.from_json(old)
    del old["turn_state"]["trades"], old["turn_state"]["kept_now"], old["objective_watch"]
    state = GAME.from_json(old)
    ts = replace(full.turn_state, trades=Trades(), kept_now=())
    assert state.turn_state == ts and state.objective_watch == ObjectiveWatch()
    old["objective_watch"], old["turn_state"]["trades"] = None, None
    assert GAME.from_json(old).objective_watch == ObjectiveWatch()
    battle = {
        "space": "C4",
        "sea": False,
        "attacker": 0,
        "defender": 1,
        "origins": [["C3", "army", 2]],
        "round": 1,
        "city_mood": None,
        "siege": [],
        "landed": False,
        "defeated": 0,
        "carded": 0,
        "deciding": 0,
        "played": [],
    }
    loaded = GAME.from_json({**old, "battle": battle}).battle
    assert loaded is not None and loaded.space == parse_hex("C4")
    assert (loaded.retreat, loaded.siege_food, loaded.asked, loaded.generals) == (None, "", (), ())
    assert (loaded.trojan, loaded.eclipse) == (False, False)


def test_a_position_may_be_a_partial_snapshot() -> None:
    """Any fields over the new game's, spaces by their names; a name written otherwise is
    no value a snapshot holds."""
    game = _new()
    given = {"snapshot": {"dice": [6, 5], "seats": [{"mood_tokens": 2}, {}, {}]}}
    state = GAME.setup_position(PLAYERS, {}, 5, given)
    assert state.dice == (6, 5) and state.seats[0].mood_tokens == 2
    assert state.seats[1:] == game.seats[1:]
    space = GAME.to_json(game)["seats"][0]["cities"][0]["hex"]
    # A dictionary of the state (units by space) is given whole: its keys are data.
    moved = {"snapshot": {"seats": [{"armies": {space: 1}, "settlers": {}}, {}, {}]}}
    state = GAME.setup_position(PLAYERS, {}, 5, moved)
    home = game.seats[0].cities[0].hex
    assert state.seats[0].armies == {home: 1} and state.seats[0].settlers == {}
    lower = {"snapshot": {"seats": [{"cities": [{"hex": space.lower()}]}, {}, {}]}}
    with pytest.raises(IllegalAction) as refused:
        GAME.setup_position(PLAYERS, {}, 5, lower)
    assert refused.value.code == "position_bad_value"
    assert refused.value.params["field"] == "snapshot.seats.0.cities.0.hex"
