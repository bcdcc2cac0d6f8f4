"""The view: its keys, the map view the picture draws, and hidden information (rules
reference §9): no view shows a face-down region, a deck's order or another player's hand."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_clash_support import PLAYERS2, PLAYERS3, PLAYERS4, played, position, rich

from rules.clash import GAME
from rules.clash.board.boards import board
from rules.clash.board.hexes import label
from rules.clash.board.tiles import TERRAINS, TILES
from rules.clash.model.state import ClashState

JSON = Any
TOP_KEYS = {
    "game",
    "players",
    "seat",
    "seating",
    "round",
    "turn",
    "turn_of",
    "first_player",
    "actions_left",
    "phase",
    "status",
    "turn_used",
    "offers",
    "influenced",
    "moving",
    "exploring",
    "battle",
    "battle_events",
    "table_effects",
    "action_cards",
    "seats",
    "map",
    "cards",
    "pending",
    "recent",
    "outcome",
}
MAP_KEYS = {"players", "spaces", "unexplored", "cities", "units", "barbarian_cities", "exhausted"}
SEAT_KEYS = {
    "seat",
    "player",
    "resources",
    "mood_tokens",
    "culture_tokens",
    "culture_level",
    "happiness_level",
    "advances",
    "government",
    "cities",
    "units",
    "actions",
    "objectives",
    "completed",
    "kept_events",
    "wonders",
    "event_points",
    "points",
    "resigned",
}


def test_the_keys_of_every_view() -> None:
    state = position(rich())
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        json.dumps(view)
        own = {"hand", "private"} if seat is not None else set()
        assert set(view) == TOP_KEYS | own
        assert set(view["map"]) == MAP_KEYS
        assert all(set(s) == SEAT_KEYS for s in view["seats"])
    view = GAME.view(state, None)
    assert (view["game"], view["round"], view["turn"], view["turn_of"]) == ("clash", 3, 2, 0)
    assert (view["first_player"], view["actions_left"], view["phase"]) == (1, 1, "turn")
    assert "dice" not in json.dumps(view)  # the queue is the future


@pytest.mark.parametrize("players", [PLAYERS2, PLAYERS3, PLAYERS4], ids=["2p", "3p", "4p"])
def test_the_map_view_lists_every_space(players: tuple[str, ...]) -> None:
    """Every space of the board once, with its slot; terrain null exactly on face-down slots."""
    state = GAME.setup(list(players), {}, 3)
    m = GAME.view(state, None)["map"]
    b = board(len(players))
    assert m["players"] == len(players)
    assert [s["hex"] for s in m["spaces"]] == list(b.labels())
    for s in m["spaces"]:
        slot = b.slot_at(b.parse(s["hex"]))
        assert slot is not None and s["slot"] == slot.id
        assert (s["terrain"] is None) == (slot.id in m["unexplored"])
        assert s["terrain"] is None or s["terrain"] in TERRAINS
    assert m["unexplored"] == [s.id for s in b.hidden]
    assert m["barbarian_cities"] == [] and m["exhausted"] == []
    assert sorted(c["hex"] for c in m["cities"]) == sorted(label(s.city) for s in b.starts)
    assert all(c["size"] == 1 and c["mood"] == "neutral" for c in m["cities"])
    assert sorted((u["kind"], u["count"]) for u in m["units"]) == [("settler", 1)] * len(players)


def test_the_map_view_of_a_rich_position() -> None:
    m = GAME.view(position(rich()), None)["map"]
    d2 = m["cities"][0]
    assert d2 == {
        "hex": "D2",
        "owner": 0,
        "pieces": [
            {"kind": "settlement", "owner": 0},
            {"kind": "temple", "owner": 1},
            {"kind": "port", "owner": 0},
        ],
        "port_faces": "D3",
        "mood": "happy",
        "size": 3,
        "wonder": "great_wall",
    }
    assert {
        "hex": "D3",
        "owner": 0,
        "kind": "ship",
        "count": 1,
        "ids": [1],
        "cargo": [
            {"kind": "army", "count": 1},
            {"kind": "settler", "count": 1},
        ],
    } in m["units"]
    assert {"hex": "C4", "owner": 0, "kind": "ship", "count": 1, "ids": [2], "cargo": []} in m[
        "units"
    ]
    assert {"hex": "C3", "owner": 0, "kind": "army", "count": 2} in m["units"]
    assert {"hex": "B3", "owner": "barbarian", "kind": "army", "count": 2} in m["units"]
    assert m["barbarian_cities"] == [{"hex": "B3", "size": 1}]
    assert m["exhausted"] == ["E4"]
    terrain = {s["hex"]: s["terrain"] for s in m["spaces"]}
    # r3 holds g03 as the slot lays it: top D3 sea, left C4 sea, right E4 mountain, bottom D4
    # fertile; r1 holds g14 turned: its Forest (the bottom) lies on the slot's top, B2.
    assert [terrain[h] for h in ("D3", "C4", "E4", "D4")] == ["sea", "sea", "mountain", "fertile"]
    assert terrain["B2"] == "forest" and terrain["B3"] == "fertile"
    assert "r5" in m["unexplored"] and terrain["F4"] is None


def test_ships_with_the_same_cargo_are_counted_together() -> None:
    pos = rich()
    pos["seats"]["ann"]["ships"] = [{"hex": "D3"}, {"hex": "D3"}, {"hex": "D3", "cargo": ["army"]}]
    units = GAME.view(position(pos), None)["map"]["units"]
    ships = [u for u in units if u["kind"] == "ship"]
    assert ships == [
        {"hex": "D3", "owner": 0, "kind": "ship", "count": 2, "ids": [1, 2], "cargo": []},
        {
            "hex": "D3",
            "owner": 0,
            "kind": "ship",
            "count": 1,
            "ids": [3],
            "cargo": [{"kind": "army", "count": 1}],
        },
    ]


def test_hands_are_counts_for_the_others() -> None:
    state = position(rich())
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert [(s["actions"], s["objectives"]) for s in view["seats"]] == [(2, 1), (1, 2)]
    assert GAME.view(state, 0)["hand"] == ["A03", "A04", "O01"]
    assert GAME.view(state, 1)["private"] == {
        "actions": ["A10"],
        "objectives": ["O02", "O03"],
        "objective_offers": [],
        "trade_cards": [],
    }
    public = GAME.view(state, None)
    assert public["seats"][0]["completed"] == [{"card": "O05", "half": "top"}]
    assert public["cards"]["discards"]["event"] == ["E05"]
    assert public["cards"]["decks"] == {"action": 38, "objective": 27, "event": 36, "wonder": 3}


def _tokens(view: dict[str, JSON]) -> set[str]:
    """Every string of the view's JSON (keys too)."""
    found: set[str] = set()

    def walk(v: JSON) -> None:
        if isinstance(v, str):
            found.add(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                found.add(k)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(json.loads(json.dumps(view)))
    return found


def _assert_hidden(state: ClashState) -> None:
    face_down = {r.tile for r in state.regions.values() if not r.explored}
    decks = {c for d in state.cards.decks.values() for c in d}
    for seat in (None, *range(state.n)):
        shown = _tokens(GAME.view(state, seat))
        text = json.dumps(GAME.view(state, seat))
        for tile_id in face_down:
            assert tile_id not in shown and f'"{tile_id}"' not in text
        assert not decks & shown
        for other, me in enumerate(state.seats):
            cards = {*me.actions, *me.objectives}
            # A partner of an open trade offer is shown the cards offered to it.
            offers = state.turn_state.trades.offers
            offered = {c for o in offers if o.partner == seat for c in o.give.cards}
            assert (cards <= shown) if other == seat else not (cards - offered) & shown
    # No tile id at all is in a view: explored regions show terrains only.
    assert not set(TILES) & _tokens(GAME.view(state, None))


@pytest.mark.parametrize("players", [PLAYERS2, PLAYERS3, PLAYERS4], ids=["2p", "3p", "4p"])
def test_no_view_shows_a_face_down_region_or_another_hand(players: tuple[str, ...]) -> None:
    """Searched in every view (each seat and the spectators') of every state of random games
    and of the rich position."""
    for seed in range(2):
        for state in played(players, seed, 40):
            _assert_hidden(state)
    _assert_hidden(position(rich()))
