"""The views of self-played games match their TypedDicts (rules/<game> view types) at run time,
public and every seat's, at many points of play: the types mypy checks the renderer and the
Discord layer against describe what the engines really send.

typeguard checks every item of every list and refuses a key the type does not declare, so a
key added to a view without its type (or a value of another type) fails here.
"""

from __future__ import annotations

from typing import Any

import pytest
from typeguard import CollectionCheckStrategy, TypeCheckError, check_type

from rules import get_game
from rules.civ.views import CivSeatView, CivView
from rules.clash.formats.view_types import ClashSeatView, ClashView
from rules.core import IllegalAction, Rng, act
from rules.selfplay import random_action
from rules.stoneage.views import StoneAgeSeatView, StoneAgeView

TYPES: dict[str, tuple[Any, Any]] = {
    "civ": (CivView, CivSeatView),
    "stoneage": (StoneAgeView, StoneAgeSeatView),
    "clash": (ClashView, ClashSeatView),
}
#: Games per player count, and the steps between two checked positions (the first and the
#: last position of every game are checked too). Greedy and uniform games alternate: the
#: greedy ones reach the late game (wonders, objectives, scoring), the random ones odd spots.
GAMES = {"civ": 3, "stoneage": 2, "clash": 1}
EVERY = {"civ": 2, "stoneage": 7, "clash": 25}


def check(value: object, kind: Any) -> None:
    check_type(value, kind, collection_check_strategy=CollectionCheckStrategy.ALL_ITEMS)


def positions(name: str, players: int, seed: int) -> list[Any]:
    """States of one seeded self-played game, every ``EVERY[name]`` steps, and its end."""
    game = get_game(name)
    rng = Rng(seed)
    options = {o.name: o.values[rng.randrange(len(o.values))] for o in game.options}
    handles = ["ann", "bob", "cid", "dan"][:players]
    try:
        state = game.setup(handles, options, seed)
    except IllegalAction:  # an option this player count refuses (CIV's teams)
        state = game.setup(handles, {}, seed)
    out = [state]
    steps = 0
    while game.outcome(state) is None:
        prompts = game.pending(state)
        seat = prompts[rng.randrange(len(prompts))].seat
        action = random_action(game, state, seat, rng, greedy=seed % 2 == 1)
        state, _ = act(game, state, seat, action)
        steps += 1
        if steps % EVERY[name] == 0:
            out.append(state)
    return [*out, state]


CASES = [
    (name, players, 7000 + 10 * players + k)
    for name in TYPES
    for players in range(2, 5)
    for k in range(GAMES[name])
]


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_views_match_their_types(name: str, players: int, seed: int) -> None:
    game = get_game(name)
    public_type, seat_type = TYPES[name]
    states = positions(name, players, seed)
    assert game.outcome(states[-1]) is not None
    for state in states:
        check(game.view(state, None), public_type)
        for seat in range(players):
            check(game.view(state, seat), seat_type)


@pytest.mark.parametrize("name", sorted(TYPES))
def test_the_check_refuses_what_the_types_do_not_say(name: str) -> None:
    """A hand in the public view, a key no type declares, a value of the wrong type and a
    seat's view without its hand are all refused."""
    game = get_game(name)
    public_type, seat_type = TYPES[name]
    state = game.setup(["ann", "bob"], {}, 1)
    public, mine = dict(game.view(state, None)), dict(game.view(state, 0))
    check(public, public_type)
    check(mine, seat_type)
    broken = [
        {**public, "hand": mine["hand"]},
        {**public, "surprise": 1},
        {**public, "players": "ann bob"},
        {**public, "seats": [{**public["seats"][0], "player": 0}, *public["seats"][1:]]},
    ]
    for view in broken:
        with pytest.raises(TypeCheckError):
            check(view, public_type)
    with pytest.raises(TypeCheckError):
        check({k: v for k, v in mine.items() if k != "hand"}, seat_type)
