"""Self-play of movement and exploration from positions with every kind of unit: armies with
Tactics, settlers, ships with cargo, Roads and Navigation, part of the map explored.

Random legal actions (chosen token by token from ``choices``, as the picker offers them) are
applied; after each one the engine's invariants hold (no unit on a face-down or off-board
space, the army limit, no face-down region in any view, ...), the snapshot round-trips, and
pieces are conserved outside battles: army units and ships never change in number, a settler
only ever turns into a city, barbarians only appear as a city with one army unit. The standard
self-play runner (refusals of mutated actions, quiet seats) plays the same positions too.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bench.clash import moving_position
from rules import selfplay
from rules.clash import GAME
from rules.clash.model.state import ClashState
from rules.core import Rng, act

#: Events of battles, which kill, capture and place refugees (test_clash_combat.py).
COMBAT_EVENTS = {
    f"clash.{k}"
    for k in (
        "battle_began",
        "battle_round",
        "battle_won",
        "battle_drawn",
        "units_lost",
        "ships_sunk",
        "withdrew",
        "city_captured",
        "city_removed",
        "plunder",
        "refugees",
        "barbarians_defeated",
        "barbarian_city_kept",
        "barbarian_city_destroyed",
    )
}

#: Events of event cards (rules/clash/events/resolving.py, barbarians.py), which kill, found and
#: spawn.
EVENT_CARD_EVENTS = ("clash.event_", "clash.barbarian", "clash.city_destroyed", "clash.city_pieces")


def totals(state: ClashState) -> list[tuple[int, int, int]]:
    """Per seat: army units, ships, settlers + cities (all aboard included)."""
    out = []
    for me in state.seats:
        aboard = Counter(k for s in me.ships for k in s.cargo)
        armies = sum(me.armies.values()) + aboard["army"]
        settlers = sum(me.settlers.values()) + aboard["settler"]
        out.append((armies, len(me.ships), settlers + len(me.cities)))
    return out


#: The turn's actions this self-play takes: moving, exploring and founding (and advances,
#: which change no piece); razing in the status phase is passed.
MOVING_ACTIONS = {"move", "found", "advance", "end", "done"}


def walk(state: ClashState, seat: int, rng: Rng) -> str:
    """A random complete action, token by token as the picker offers them."""
    prefix: list[str] = []
    kind = GAME.pending(state)[0].kind
    while True:
        options = GAME.choices(state, seat, prefix)
        if not prefix and kind in ("turn", "move"):
            options = [c for c in options if c.token in MOVING_ACTIONS or kind == "move"]
        if not prefix and kind == "raze":
            options = [c for c in options if c.token == "pass"]
        assert options, f"dead end after {prefix}"
        choice = options[rng.randrange(len(options))]
        prefix.append(choice.token)
        if choice.complete and (not choice.more or rng.randrange(2)):
            return " ".join(prefix)


def play_one(players: int, seed: int, steps: int) -> Counter[str]:
    handles = [f"p{i}" for i in range(players)]
    state = GAME.setup_position(handles, {}, seed, moving_position(handles, seed))
    rng = Rng(seed)
    start = totals(state)
    seen: Counter[str] = Counter()
    for _ in range(steps):
        if state.outcome is not None:
            break
        seat = GAME.pending(state)[0].seat
        before = state.barbarians
        before_cities, before_armies = len(before.cities), sum(before.armies.values())
        state, events = act(GAME, state, seat, walk(state, seat, rng))
        seen.update(e.kind for e in events)
        assert GAME.check_invariants(state) == []
        assert GAME.from_json(GAME.to_json(state)) == state
        now = totals(state)
        by_event = any(e.kind.startswith(EVENT_CARD_EVENTS) for e in events)
        if by_event or any(e.kind in COMBAT_EVENTS for e in events):
            # Battles kill and capture (tests/rules/clash/test_clash_combat.py): the count
            # starts again after one.
            start = now
        assert [(a, s) for a, s, _ in now] == [(a, s) for a, s, _ in start]
        assert [c for _, _, c in now] == [c for _, _, c in start]
        b = state.barbarians
        # Barbarians appear as a city with one army unit; battles only take them away.
        grown = len(b.cities) - before_cities
        if grown > 0 and not by_event:
            assert sum(b.armies.values()) - before_armies == grown
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_moves_keep_every_invariant(players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(3):
        seen += play_one(players, players * 100 + seed, 150)
    assert seen["clash.moved"] and seen["clash.explored"]
    assert seen["clash.boarded"] or seen["clash.ships_sailed"] or seen["clash.landed"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_of_moves_keep_every_invariant(players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        seen += play_one(players, players * 10_000 + seed, 2_000)
    kinds = ("moved", "explored", "boarded", "ship_explored", "ship_returned")
    for kind in (*kinds, "barbarians_appeared", "city_founded"):
        assert seen[f"clash.{kind}"], kind


class _PositionRunner(selfplay.Runner):
    """The standard runner, started from :func:`moving_position`."""

    def _setup(self, handles: list[str], rng: Rng) -> Any:
        seed = rng.randrange(1 << 30)
        self.setup_options, self.setup_seed = {}, seed
        return GAME.setup_position(handles, {}, seed, moving_position(handles, seed))


def test_the_standard_runner_plays_the_positions_cleanly() -> None:
    report = selfplay.Report("clash", 3)
    runner = _PositionRunner(GAME, report, roundtrip_every=2, illegal_every=2)
    runner.play(0, 3)
    assert report.errors == 0, report.messages
    assert report.finished == 1


def test_the_engine_benchmark_measures_what_it_reports() -> None:
    """``python -m bench.clash`` (docs/performance.md) on one game: every figure is there."""
    from bench.clash import ROWS, measure

    result = measure(1, seed=5)
    assert {key for key, _, _ in ROWS} <= set(result)
    assert result["actions"] > 0 and result["choices_max_ms"] >= result["choices_p50_ms"]
