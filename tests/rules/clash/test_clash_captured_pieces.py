"""The pieces of a captured city (p.12, C131): a piece whose advance its owner lacks keeps its
size and its victory points but neither works nor counts for objectives, in the printed rules
edition; the first edition let it work (games started before there were editions)."""

from __future__ import annotations

from typing import Any

from rules.clash import GAME
from rules.clash.board.hexes import parse_hex
from rules.clash.box.components import ACADEMY, FORTRESS, PORT, TEMPLE
from rules.clash.model.state import ClashState, working
from rules.clash.rounds.objective_checks import _cities_with, _city_planner
from rules.clash.rounds.scoring import breakdown
from rules.core import act
from tests.rules.clash.clash_map import board, refused

JSON = Any
FIRST: dict[str, JSON] = {"edition": 1}
#: bob's pieces in ann's D4, which she took from him; she owns none of their advances.
CAPTURED: list[JSON] = [
    "settlement",
    {"kind": "temple", "owner": "bob"},
    {"kind": "fortress", "owner": "bob"},
    {"kind": "port", "owner": "bob"},
]


def captured(options: dict[str, JSON] | None = None, *advances: str) -> ClashState:
    ann = {
        "advances": ["farming", "mining", *advances],
        "resources": {"wood": 4, "food": 2, "ore": 2},
        "cities": [
            {"hex": "D2"},
            {"hex": "B2"},
            {"hex": "F3"},
            {"hex": "D4", "pieces": CAPTURED, "port_faces": "D3"},
        ],
    }
    return board(ann, options=options)


def test_a_captured_port_builds_no_ship_without_fishing() -> None:
    state = captured()
    assert refused(state, "activate d4 build ship").code == "port_needs_fishing"
    for works in (captured({}, "fishing"), captured(FIRST)):
        after, _ = act(GAME, works, 0, "activate d4 build ship")
        assert len(after.seats[0].ships) == 1


def test_captured_pieces_count_for_size_and_points_but_not_for_objectives() -> None:
    state = captured()
    city = state.seats[0].city_at(parse_hex("D4"))
    assert city is not None and city.size == 4
    for kind in (TEMPLE, FORTRESS, PORT):
        assert not working(state, city, kind) and _cities_with(state, 0, kind) == 0
    assert not working(state, city, ACADEMY)  # no Academy at all
    mine = captured({}, "myths", "tactics", "fishing")
    assert all(_cities_with(mine, 0, kind) == 1 for kind in (TEMPLE, FORTRESS, PORT))
    first = captured(FIRST)
    assert all(_cities_with(first, 0, kind) == 1 for kind in (TEMPLE, FORTRESS, PORT))
    # The pieces score for their colour, bob's, as in the first edition (p.12: still VP).
    assert breakdown(state, 1) == breakdown(first, 1)
    assert breakdown(state, 0) == breakdown(first, 0)


def test_a_captured_fortress_does_not_defend_without_tactics() -> None:
    """Its extra die and hit cancel are the Fortress's ability (p.6): without Tactics the
    city is undefended, taken at once by bob's army; the first edition fought a round."""
    bob = {"advances": ["farming", "mining", "tactics"], "armies": {"E4": 1}}
    cities = [{"hex": "D2"}, {"hex": "D4", "pieces": CAPTURED, "port_faces": "D3"}]
    for options, fought in (({}, False), (FIRST, True)):
        state = board({"cities": cities}, bob, options=options, active="bob")
        _, evs = act(GAME, state, 1, "move e4 d4 army")
        began = next(e for e in evs if e.kind == "clash.battle_began")
        assert began.params["defended"] == fought
        assert any(e.kind == "clash.battle_round" for e in evs) == fought
        assert any(e.kind == "clash.city_captured" for e in evs)


def test_a_captured_piece_of_the_captors_colour_does_not_complete_city_planner() -> None:
    """City Planner (every kind of piece of one's colour): a captured piece takes the captor's
    colour (p.12) but counts for no objective without its advance."""
    pieces = ["settlement", "temple", "fortress", "academy", "port"]
    ann = {"cities": [{"hex": "D4", "pieces": pieces, "port_faces": "D3"}, {"hex": "D2"}]}
    lacking = board({**ann, "advances": ["farming", "mining", "myths", "tactics", "writing"]})
    assert not _city_planner(lacking, 0)
    owning = board(
        {**ann, "advances": ["farming", "mining", "myths", "tactics", "writing", "fishing"]}
    )
    assert _city_planner(owning, 0)
    assert _city_planner(board({**ann, "advances": ["farming", "mining"]}, options=FIRST), 0)
