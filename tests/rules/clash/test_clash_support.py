"""Shared positions and helpers of the Clash of Cultures tests (no tests of its own)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from rules.clash import GAME
from rules.clash.model.state import ClashState
from rules.clash.position.export import position_of
from rules.core import Rng, act
from rules.selfplay import random_action

JSON = Any
PLAYERS2 = ("ann", "bob")
PLAYERS3 = ("ann", "bob", "cy")
PLAYERS4 = ("ann", "bob", "cy", "dan")

#: A 2-player position using every key: explored regions (one turned), barbarians, an
#: Exhausted marker, cities with a foreign piece, a Port, a wonder and activations, armies,
#: settlers, ships with cargo, hands, completed objectives, kept events, event points,
#: discards, wonders revealed, reserved and lost, fixed dice, and a turn in progress.
RICH: dict[str, JSON] = {
    "round": 3,
    "turn": 2,
    "first": "bob",
    "active": "ann",
    "actions_left": 1,
    "turn_used": ["taxation"],
    "influenced": True,
    "map": {
        "r3": {"tile": "g03", "explored": True},
        "r1": {"tile": "g14", "explored": True, "turned": True},
        "r5": {"tile": "g16"},
    },
    "exhausted": ["E4"],
    "barbarians": {"cities": ["B3"], "armies": {"B3": 2}},
    "seats": {
        "ann": {
            "resources": {"food": 5, "wood": 3, "ore": 1, "ideas": 2, "gold": 4},
            "mood_tokens": 3,
            "culture_tokens": 2,
            "culture_level": 2,
            "happiness_level": 1,
            "advances": [
                *["farming", "storage", "mining", "fishing", "tactics", "myths"],
                *["writing", "philosophy", "voting"],
            ],
            "government": "democracy",
            "cities": [
                {
                    "hex": "D2",
                    "pieces": ["settlement", {"kind": "temple", "owner": "bob"}, "port"],
                    "port_faces": "D3",
                    "mood": "happy",
                    "activations": 2,
                    "wonder": "great_wall",
                },
                {"hex": "D4", "mood": "angry"},
            ],
            "armies": {"C3": 2, "D2": 1},
            "settlers": {"D2": 1},
            "ships": [{"hex": "D3", "cargo": ["settler", "army"]}, {"hex": "C4"}],
            "actions": ["A03", "A04"],
            "objectives": ["O01"],
            "completed": [{"card": "O05", "half": "top"}],
            "kept_events": ["E33"],
            "event_points": 1.5,
        },
        "bob": {"culture_tokens": 8, "actions": ["A10"], "objectives": ["O02", "O03"]},
    },
    "decks": {"action": ["A01", "A02"]},
    "fill_decks": True,
    "discards": {"action": ["A20"], "event": ["E05"], "objective": ["O30"]},
    "wonders": {
        "revealed": ["great_library", "great_statue"],
        "reserved": {"great_statue": "bob"},
        "lost": ["great_gardens"],
    },
    "dice": [6, 5, 1],
}


def rich() -> dict[str, JSON]:
    """A fresh copy of :data:`RICH` (tests change their copy)."""
    return copy.deepcopy(RICH)


def position(
    pos: dict[str, JSON], players: tuple[str, ...] = PLAYERS2, seed: int = 1
) -> ClashState:
    return GAME.setup_position(list(players), {}, seed, pos)


def comparable(state: ClashState) -> tuple[Any, ...]:
    """A state without what a position does not fix: the generator, the recent events and the
    latest battle's report."""
    names = [f.name for f in fields(state)]
    return tuple(
        None if name in ("rng", "recent", "battle_log") else value
        for name, value in zip(names, state.key(), strict=True)
    )


def roundtrip(state: ClashState) -> ClashState:
    """The state rebuilt from its own position."""
    exported = json.loads(json.dumps(position_of(state)))
    return GAME.setup_position(list(state.players), {}, 0, exported)


def played(players: tuple[str, ...], seed: int, steps: int) -> Iterator[ClashState]:
    """The states of a game played at random for ``steps`` actions (or to its end)."""
    rng = Rng(seed)
    state = GAME.setup(list(players), {}, seed)
    yield state
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            return
        seat = GAME.pending(state)[0].seat
        state, _ = act(GAME, state, seat, random_action(GAME, state, seat, rng))
        yield state
