"""The view schema (docs/architecture.md) and hidden information.

Snapshots and ``apply`` leaving its input untouched are checked at every step of self-play,
for every game, by tests/test_every_game.py."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from test_stoneage_support import PLAYERS3, position, run

from rules.core import Rng, act
from rules.selfplay import random_action
from rules.stoneage import GAME
from rules.stoneage.state import StoneAgeState

TOP_KEYS = {
    "game",
    "players",
    "seat",
    "options",
    "round",
    "phase",
    "first_player",
    "active",
    "locations",
    "usable",
    "display",
    "deck",
    "buildings",
    "seats",
    "dice",
    "dice_for_all",
    "pending",
    "recent",
    "outcome",
}
SEAT_KEYS = {
    "seat",
    "player",
    "people",
    "food",
    "agriculture",
    "resources",
    "tools",
    "one_use_tools",
    "score",
    "cards",
    "card_ids",
    "multipliers",
    "symbols",
    "buildings",
    "medicine",
    "resigned",
}


def random_states(
    games: int, steps: int, players: int = 3, **options: Any
) -> Iterator[StoneAgeState]:
    """States along a few random games."""
    for g in range(games):
        rng = Rng(g)
        state = GAME.setup([f"p{i}" for i in range(players)], options, seed=g)
        for _ in range(steps):
            if GAME.outcome(state) is not None:
                break
            yield state
            seat = GAME.pending(state)[0].seat
            state, _ = act(GAME, state, seat, random_action(GAME, state, seat, rng))
        yield state


def _check_schema(view: dict[str, Any], seat: int | None) -> None:
    assert set(view) == TOP_KEYS | ({"hand", "private"} if seat is not None else set())
    assert view["game"] == "stoneage" and view["seat"] == seat
    assert view["phase"] in ("place", "resolve", "feed", "over")
    assert list(view["locations"]) == [
        "hunting",
        "forest",
        "clay",
        "quarry",
        "river",
        "toolmaker",
        "hut",
        "field",
    ]
    n = len(view["players"])
    assert all(isinstance(v, list) and len(v) == n for v in view["locations"].values())
    assert set(view["usable"]) == {"toolmaker", "hut", "field"}
    assert [d["position"] for d in view["display"]] == [1, 2, 3, 4]
    for space in view["display"]:
        assert space["cost"] == space["position"]
        assert set(space) == {"position", "cost", "card", "person"}
        if space["card"] is not None:
            assert set(space["card"]) == {"id", "color", "symbol", "figure", "multiplier", "effect"}
    assert len(view["buildings"]) == n
    for stack in view["buildings"]:
        assert set(stack) == {"stack", "size", "top", "person"}
    for s in view["seats"]:
        assert set(s) == SEAT_KEYS
        assert set(s["people"]) == {"total", "home", "placed"}
        assert s["people"]["home"] + s["people"]["placed"] == s["people"]["total"]
        assert list(s["resources"]) == ["wood", "brick", "stone", "gold"]
    if view["dice"] is not None:
        assert {"seat", "where", "dice", "sum", "tools", "total", "gained", "waiting"} <= set(
            view["dice"]
        )
    assert len(view["recent"]) <= 8
    json.dumps(view)


def test_views_follow_the_documented_schema() -> None:
    """Spectator and seat views along random games, every phase included."""
    phases = set()
    for state in random_states(games=3, steps=400):
        for seat in (None, 0, 1, 2):
            view = GAME.view(state, seat)
            _check_schema(view, seat)
            phases.add(view["phase"])
    assert {"place", "resolve"} <= phases


def test_hidden_information_stays_hidden() -> None:
    """Deck order, tiles below the tops, tiles out of the game and other players' cards (secret
    by default) appear in no view but their owner's."""
    for state in random_states(games=3, steps=300):
        public = json.dumps(GAME.view(state, None))
        hidden_tiles = [t for stack in state.stacks for t in stack[1:]] + list(state.removed)
        views = [json.dumps(GAME.view(state, s)) for s in range(state.n)]
        for text in (public, *views):
            assert not any(f'"{c}"' in text for c in state.deck)
            assert not any(f'"{t}"' in text for t in hidden_tiles)
        for s in range(state.n):
            mine = GAME.view(state, s)
            assert mine["hand"] == sorted(state.seats[s].cards)
            assert all(seat["card_ids"] is None for seat in mine["seats"])
            assert mine["private"]["multipliers"] is not None


def test_open_cards_show_everyones_cards() -> None:
    """With open_cards, card ids, multipliers and symbols are public."""
    state = position(
        PLAYERS3, {"open_cards": True}, seats={"bob": {"cards": ["S15", "G01", "G02"]}}
    )
    bob = GAME.view(state, None)["seats"][1]
    assert bob["card_ids"] == ["G01", "G02", "S15"]
    assert bob["multipliers"]["hut_builder"] == 3 and bob["symbols"] == {"pottery": 2}


def test_secret_cards_show_only_counts() -> None:
    """Without the option the public view has the number of cards only."""
    state = position(PLAYERS3, seats={"bob": {"cards": ["S15", "G01"]}})
    bob = GAME.view(state, None)["seats"][1]
    assert bob["cards"] == 2 and bob["card_ids"] is None and bob["multipliers"] is None
    assert GAME.view(state, 1)["hand"] == ["G01", "S15"]
    assert GAME.view(state, 0)["hand"] == []


def test_view_shows_board_people_and_display() -> None:
    """People per seat as lists, card and building occupants, deck count, stack tops."""
    state = position(PLAYERS3, first="alice", display=["G01", "S08", "G03", "G04"])
    state, _ = run(state, "alice: place forest 3", "bob: place card 2", "carol: place building 1")
    view = GAME.view(state, None)
    assert view["locations"]["forest"] == [3, 0, 0]
    assert view["display"][1]["person"] == 1
    assert view["display"][1]["card"]["effect"] == {
        "kind": "one_use_tool",
        "amount": 2,
        "resource": None,
    }
    assert view["display"][1]["card"]["multiplier"] == 2
    assert view["buildings"][0]["person"] == 2 and view["buildings"][0]["size"] == 7
    assert view["deck"] == 32 and view["active"] == 0
    assert view["seats"][0]["people"] == {"total": 5, "home": 2, "placed": 3}
