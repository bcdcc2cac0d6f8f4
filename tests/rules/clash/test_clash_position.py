"""Positions (docs/transcripts.md, "Clash of Cultures positions"): the defaults, every key,
the round trip from any reached state, and the refusals."""

from __future__ import annotations

from typing import Any

import pytest
from test_clash_support import (
    PLAYERS2,
    PLAYERS3,
    PLAYERS4,
    comparable,
    played,
    position,
    rich,
    roundtrip,
)

from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.box.components import HAPPY
from rules.clash.model.setup import new_game
from rules.clash.model.state import Completed, Piece, Ship
from rules.clash.position.export import position_of
from rules.core import IllegalAction

JSON = Any


def test_the_default_position_is_the_start_without_cards() -> None:
    """Leaving everything out gives the setup's board, cities and settlers (p.3), seats in
    seat order round the table, the first seat first, full shuffled decks and empty hands."""
    state = position({}, PLAYERS3)
    start = new_game(list(PLAYERS3), {}, 1)
    assert state.seating == (0, 1, 2) and state.first == state.active == 0
    for me, there in zip(state.seats, start.seats, strict=True):
        assert me.resources == there.resources and me.advances == there.advances
        assert len(me.cities) == 1 and me.settlers == {me.cities[0].hex: 1}
        assert me.actions == () and me.objectives == ()
    assert [len(d) for d in state.cards.decks.values()] == [42, 32, 38, 7]
    assert (state.round, state.turn, state.phase, state.turn_state.actions_left) == (
        1,
        1,
        "turn",
        3,
    )
    assert all(not r.explored for k, r in state.regions.items() if k.startswith("r"))
    assert GAME.check_invariants(state) == []


def test_every_key_is_read() -> None:
    state = position(rich())
    ann, bob = state.seats
    assert (state.round, state.turn, state.first, state.active) == (3, 2, 1, 0)
    assert state.turn_state.actions_left == 1 and state.turn_state.influenced
    assert state.turn_state.used == {"taxation"}
    assert state.regions["r3"].explored and state.regions["r3"].tile == "g03"
    assert state.regions["r1"].turned and not state.regions["r5"].explored
    assert state.regions["r5"].tile == "g16"
    assert state.exhausted == {parse_hex("E4")}
    assert state.barbarians.cities == {parse_hex("B3")}
    assert state.barbarians.armies == {parse_hex("B3"): 2}
    d2, d4 = ann.cities
    assert d2.pieces == (Piece("settlement", 0), Piece("temple", 1), Piece("port", 0))
    assert (d2.port_faces, d2.mood, d2.activations, d2.wonder) == (
        parse_hex("D3"),
        HAPPY,
        2,
        "great_wall",
    )
    assert d4.mood == "angry" and d4.size == 1
    assert ann.ships == [Ship(1, parse_hex("D3"), ("army", "settler")), Ship(2, parse_hex("C4"))]
    assert ann.armies == {parse_hex("C3"): 2, parse_hex("D2"): 1}
    assert ann.resources == {"food": 5, "wood": 3, "ore": 1, "ideas": 2, "gold": 4}
    assert (ann.mood_tokens, ann.culture_tokens, ann.culture_level, ann.happiness_level) == (
        3,
        2,
        2,
        1,
    )
    assert ann.government == "democracy" and ann.completed == (Completed("O05", "top"),)
    assert ann.kept_events == ("E33",) and ann.event_points == 1.5
    assert ann.actions == ("A03", "A04") and bob.objectives == ("O02", "O03")
    assert bob.culture_tokens == 8
    cards = state.cards
    assert cards.decks["action"][:2] == ("A01", "A02") and len(cards.decks["action"]) == 38
    assert cards.discards == {"action": ("A20",), "objective": ("O30",), "event": ("E05",)}
    assert cards.revealed == ("great_library", "great_statue")
    assert cards.reserved == {"great_statue": 1} and cards.lost == ("great_gardens",)
    assert len(cards.decks["wonder"]) == 3 and state.dice == (6, 5, 1)
    assert GAME.check_invariants(state) == []


def test_fill_uses_the_seed() -> None:
    a, b, c = (position(rich(), seed=s) for s in (1, 1, 2))
    assert a == b and a.cards.decks != c.cards.decks
    assert a.regions["r2"] == b.regions["r2"]


def test_the_rich_position_round_trips() -> None:
    state = position(rich())
    assert comparable(roundtrip(state)) == comparable(state)


def test_a_status_phase_position_round_trips() -> None:
    state = position({"phase": "status", "status": {"step": 4, "waiting": ["cy"]}}, PLAYERS3)
    assert state.status is not None and state.status.waiting == (2,)
    assert comparable(roundtrip(state)) == comparable(state)


@pytest.mark.parametrize("players", [PLAYERS2, PLAYERS3, PLAYERS4], ids=["2p", "3p", "4p"])
def test_every_reached_state_is_a_position(players: tuple[str, ...]) -> None:
    """Each state of random games (resignations too) written as a position and set up again
    is the same state: the format reaches every state the engine has so far."""
    for seed in range(3):
        for k, state in enumerate(played(players, seed, 80)):
            if state.outcome is not None:
                break
            assert comparable(roundtrip(state)) == comparable(state)
            if k == 20 and len(players) > 2:
                state, _ = GAME.resign(state, seed % len(players))
                assert comparable(roundtrip(state)) == comparable(state)


def test_a_finished_game_is_no_position() -> None:
    state = position({"round": 6, "turn": 3, "first": "bob", "active": "ann"})
    state = GAME.apply(state, 0, "end")[0]
    assert state.outcome is not None
    pos = position_of(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.setup_position(list(PLAYERS2), {}, 0, pos)
    assert refused.value.params["field"] == "phase"


def _with(path: str, value: JSON) -> dict[str, JSON]:
    """The rich position with one key (a dotted path; ``[k]`` a list index) set."""
    pos = rich()
    node: Any = pos
    keys = path.replace("[", ".[").split(".")
    for key in keys[:-1]:
        node = node[int(key[1:-1])] if key.startswith("[") else node.setdefault(key, {})
    last = keys[-1]
    if last.startswith("["):
        node[int(last[1:-1])] = value
    else:
        node[last] = value
    return pos


ANN = "seats.ann"
CITY = f"{ANN}.cities[0]"
REFUSED: list[tuple[dict[str, JSON], str, str]] = [
    # unknown keys
    (_with("colour", "red"), "position_unknown_field", "colour"),
    (_with(f"{ANN}.gold", 3), "position_unknown_field", f"{ANN}.gold"),
    (_with(f"{CITY}.size", 3), "position_unknown_field", f"{CITY}.size"),
    (_with("map.r2", {"tile": "g01", "side": "a"}), "position_unknown_field", "map.r2.side"),
    ({"phase": "status", "status": {"round": 2}}, "position_unknown_field", "status.round"),
    (_with("wonders.built", []), "position_unknown_field", "wonders.built"),
    # bad values
    (_with("round", 7), "position_bad_value", "round"),
    (_with("turn", 0), "position_bad_value", "turn"),
    (_with("phase", "over"), "position_bad_value", "phase"),
    (_with("first", "zed"), "position_bad_value", "first"),
    (_with("seating", ["ann", "ann"]), "position_bad_value", "seating"),
    (_with("actions_left", 6), "position_bad_value", "actions_left"),
    (_with("turn_used", ["flying"]), "position_bad_value", "turn_used"),
    (_with("map.s1", {"tile": "g01"}), "position_bad_value", "map"),
    (_with("map.r2", {"tile": "g99"}), "position_bad_value", "map.r2.tile"),
    (_with("map.r2", {"tile": "start_a"}), "position_bad_value", "map.r2.tile"),
    (_with("map.r2", {"tile": "g02", "explored": 1}), "position_bad_value", "map.r2.explored"),
    (_with(f"{ANN}.resources.food", 9), "position_bad_value", f"{ANN}.resources.food"),
    (_with(f"{ANN}.resources.stone", 1), "position_bad_value", f"{ANN}.resources"),
    (_with(f"{ANN}.mood_tokens", 9), "position_bad_value", f"{ANN}.mood_tokens"),
    (_with(f"{ANN}.culture_level", -1), "position_bad_value", f"{ANN}.culture_level"),
    (_with(f"{ANN}.advances", ["farming", "flying"]), "position_bad_value", f"{ANN}.advances"),
    (_with(f"{ANN}.armies", {"Z9": 1}), "position_bad_value", f"{ANN}.armies"),
    (_with(f"{ANN}.armies", {"C3": 0}), "position_bad_value", f"{ANN}.armies.C3"),
    (_with(f"{ANN}.settlers", {"c04": 1}), "position_bad_value", f"{ANN}.settlers"),
    (_with(f"{CITY}.mood", "sad"), "position_bad_value", f"{CITY}.mood"),
    (_with(f"{CITY}.pieces", ["settlement", "palace"]), "position_bad_value", f"{CITY}.pieces[1]"),
    (_with(f"{CITY}.wonder", "colossus"), "position_bad_value", f"{CITY}.wonder"),
    (
        _with(f"{ANN}.ships", [{"hex": "D3", "cargo": ["ship"]}]),
        "position_bad_value",
        f"{ANN}.ships[0].cargo",
    ),
    (_with(f"{ANN}.actions", ["A99"]), "position_bad_value", f"{ANN}.actions"),
    (_with(f"{ANN}.objectives", ["A05"]), "position_bad_value", f"{ANN}.objectives"),
    (
        _with(f"{ANN}.completed", [{"card": "O09", "half": "middle"}]),
        "position_bad_value",
        f"{ANN}.completed[0].half",
    ),
    (_with(f"{ANN}.event_points", 0.25), "position_bad_value", f"{ANN}.event_points"),
    (_with("seats.zed", {}), "position_bad_value", "seats"),
    (_with("dice", [0]), "position_bad_value", "dice"),
    (_with("prompts", [{"id": "x"}]), "position_bad_value", "prompts[0].kind"),
    (_with("prompts", {"id": "x"}), "position_bad_value", "prompts"),
    (
        _with("wonders.reserved", {"great_statue": "zed"}),
        "position_bad_value",
        "wonders.reserved.great_statue",
    ),
    # one of each
    (_with("map.r2", {"tile": "g03"}), "position_duplicate", "map.r3, map.r2"),
    (_with("discards.action", ["A03"]), "position_duplicate", f"{ANN}.actions, discards.action"),
    (_with("wonders.lost", ["great_wall"]), "position_duplicate", f"{ANN}.cities, wonders.lost"),
    (_with("fill_decks", False), "position_card_total", "decks.action"),
    # contradictions
    (_with("map.r1", {"tile": "g14", "turned": True}), "position_inconsistent", "map.r1.turned"),
    (_with(f"{ANN}.armies", {"C3": 5}), "position_inconsistent", f"{ANN}.armies.C3"),
    (_with(f"{ANN}.armies", {"F2": 1}), "position_inconsistent", f"{ANN}.armies.F2"),
    (_with(f"{ANN}.settlers", {"D3": 1}), "position_inconsistent", f"{ANN}.settlers.D3"),
    (_with(f"{ANN}.ships", [{"hex": "D2"}]), "position_inconsistent", f"{ANN}.ships[0].hex"),
    (
        _with(f"{ANN}.ships", [{"hex": "D3", "cargo": ["army", "army", "army"]}]),
        "position_inconsistent",
        f"{ANN}.ships[0].cargo",
    ),
    (_with(f"{CITY}.hex", "D3"), "position_inconsistent", f"{CITY}.hex"),
    (_with(f"{CITY}.hex", "D1"), "position_inconsistent", f"{CITY}.hex"),
    (_with(f"{CITY}.hex", "D4"), "position_inconsistent", f"{ANN}.cities[1].hex"),
    (_with(f"{CITY}.port_faces", None), "position_inconsistent", f"{CITY}.port_faces"),
    (_with(f"{CITY}.port_faces", "C4"), "position_inconsistent", f"{CITY}.port_faces"),
    (_with(f"{CITY}.pieces", ["temple", "port"]), "position_inconsistent", f"{CITY}.pieces"),
    (
        _with(f"{CITY}.pieces", ["settlement", "port", "port"]),
        "position_inconsistent",
        f"{CITY}.pieces[2]",
    ),
    (_with(f"{ANN}.advances", ["voting", "dogma"]), "position_inconsistent", f"{ANN}.advances"),
    (_with(f"{ANN}.government", "autocracy"), "position_inconsistent", f"{ANN}.government"),
    (_with(f"{ANN}.resigned", True), "position_inconsistent", "seats"),
    (
        _with("active", "bob") | {"seats": {"bob": {"resigned": True}}},
        "position_inconsistent",
        "seats",
    ),
    (_with("status", {"step": 2}), "position_inconsistent", "status"),
    (_with("phase", "status"), "position_inconsistent", "actions_left"),
    (_with("wonders.reserved", {"great_wall": "bob"}), "position_inconsistent", "wonders.reserved"),
    (_with("barbarians.cities", ["F2"]), "position_inconsistent", "barbarians.cities"),
    (_with("barbarians.cities", ["D4"]), "position_inconsistent", "barbarians.cities"),
    (_with("barbarians.armies", {"B3": 5}), "position_inconsistent", "barbarians.armies"),
    (_with("exhausted", ["D2"]), "position_inconsistent", "exhausted"),
    (_with("active", "bob"), "position_inconsistent", f"{CITY}.activations"),
]


@pytest.mark.parametrize(
    ("pos", "code", "where"), REFUSED, ids=[r[2] + ":" + r[1][9:] for r in REFUSED]
)
def test_bad_positions_are_refused(pos: dict[str, JSON], code: str, where: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        position(pos)
    assert refused.value.code == code
    assert refused.value.params["field"] == where


def test_the_food_limit_holds_without_storage() -> None:
    """p.5: at most 2 Food until Storage; p.2: at most 2 Ideas with Dogma."""
    pos = rich()
    pos["seats"]["ann"]["advances"].remove("storage")
    with pytest.raises(IllegalAction) as refused:
        position(pos)
    assert refused.value.params == {
        "problem": "over_the_storage_limit",
        "field": "seats.ann.resources.food",
    }
    ideas = {
        "seats": {
            "bob": {"advances": ["dogma", "state_religion", "myths"], "resources": {"ideas": 3}}
        }
    }
    with pytest.raises(IllegalAction) as refused:
        position(ideas)
    assert refused.value.params["field"] == "seats.bob.resources.ideas"


def test_the_box_limits_hold() -> None:
    """p.2: 16 army units, 4 settlers, 4 ships and 7 of each city piece per colour, 7
    barbarian settlements and 16 barbarian units, 4 Exhausted markers."""
    too_many = {
        "map": {
            f"r{k}": {"tile": t, "explored": True}
            for k, t in ((1, "g14"), (3, "g13"), (4, "g15"), (6, "g16"), (7, "g11"))
        },
    }
    armies = {"B2": 4, "C3": 4, "A3": 4, "B3": 4, "D4": 1}
    pos = too_many | {"seats": {"ann": {"armies": armies}}}
    with pytest.raises(IllegalAction) as refused:
        position(pos)
    assert refused.value.params == {
        "problem": "more_army_units_than_the_box_holds",
        "field": "seats.ann.armies",
    }
    settlers = too_many | {"seats": {"ann": {"settlers": {"D2": 5}}}}
    with pytest.raises(IllegalAction) as refused:
        position(settlers)
    assert refused.value.params["problem"] == "more_settler_units_than_the_box_holds"
    spaces = ["A3", "B2", "B3", "C3", "C4", "D4", "E4", "B5"]
    temples = [{"hex": h, "pieces": ["settlement", "temple"]} for h in spaces]
    with pytest.raises(IllegalAction) as refused:
        position(too_many | {"seats": {"ann": {"cities": temples}}})
    assert refused.value.params["problem"] == "more_settlement_pieces_than_the_box_holds"
    markers = too_many | {"exhausted": ["A3", "B2", "B3", "C3", "C4"]}
    with pytest.raises(IllegalAction) as refused:
        position(markers)
    assert refused.value.params["problem"] == "more_exhausted_markers_than_the_box_holds"
