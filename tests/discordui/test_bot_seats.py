"""Bot seats without Discord: ids and names, how the bot builds an action, and its task loop."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, cast

import pytest

from discordui.autoplay import BotSeats
from host.bots import choose_action, is_bot, move_rng, next_bot_id, seat_name
from rules import get_game
from rules.core import Choice, Rng, act


def test_bot_ids_are_negative_and_unique_in_a_game() -> None:
    assert is_bot(-1) and is_bot(-7)
    assert not is_bot(0) and not is_bot(123456789012345678) and not is_bot(None)
    assert next_bot_id([]) == -1
    assert next_bot_id([42, 43]) == -1
    assert next_bot_id([42, -1]) == -2
    assert next_bot_id([-3, 42, -1]) == -4


def test_seat_names_never_mention_a_bot() -> None:
    assert seat_name(-2, "bot2") == "🤖 bot2"
    assert seat_name(42, "alice") == "<@42>"
    assert seat_name(None, "alice") == "@alice"


@pytest.mark.parametrize("name", ["civ", "stoneage"])
def test_bots_alone_play_legal_moves_to_the_end(name: str) -> None:
    """Every seat played by choose_action: each action is accepted and the game ends."""
    engine = get_game(name)
    state = engine.setup(["bot", "bot2"], {s.name: s.default for s in engine.options}, 11)
    for seq in range(5000):
        if engine.outcome(state) is not None:
            break
        seat = engine.pending(state)[0].seat
        action = choose_action(engine, state, seat, move_rng(11, seq, seat))
        assert action is not None
        state, _ = act(engine, state, seat, action)
    assert engine.outcome(state) is not None


def test_the_same_position_gets_the_same_move() -> None:
    engine = get_game("stoneage")
    state = engine.setup(["a", "b", "c"], {s.name: s.default for s in engine.options}, 5)
    seat = engine.pending(state)[0].seat
    first = choose_action(engine, state, seat, move_rng(5, 0, seat))
    assert first == choose_action(engine, state, seat, move_rng(5, 0, seat))
    moves = {choose_action(engine, state, seat, move_rng(5, seq, seat)) for seq in range(30)}
    assert len(moves) > 1, "another seq may choose differently"


class Uniform:
    """An engine without a greedy player: the bot picks uniformly among the choices."""

    def __init__(self) -> None:
        self.seen: list[list[str]] = []

    def choices(self, state: Any, seat: int, prefix: Sequence[str]) -> list[Choice]:
        self.seen.append(list(prefix))
        if not prefix:
            return [Choice(t, "x", complete=False, more=True) for t in ("a", "b", "c")]
        return [] if len(prefix) == 2 else [Choice("z", "x")]


def test_without_a_greedy_player_the_pick_is_uniform() -> None:
    engine = Uniform()
    picks = {choose_action(cast(Any, engine), None, 0, Rng(seed)) for seed in range(60)}
    assert picks == {"a z", "b z", "c z"}


def test_no_choices_means_no_action() -> None:
    class Stuck(Uniform):
        def choices(self, state: Any, seat: int, prefix: Sequence[str]) -> list[Choice]:
            return []

    assert choose_action(cast(Any, Stuck()), None, 0, Rng(1)) is None


async def test_a_failing_move_is_retried_then_left_alone() -> None:
    """Each failure waits the next retry pause; after the last one the task ends (no spin)
    until the game is scheduled again."""
    players = BotSeats(cast(Any, object()), delay=0.0, retry_delays=(0.01, 0.01))
    calls: list[int] = []

    async def broken(game_id: int) -> bool:
        calls.append(game_id)
        raise RuntimeError("boom")

    players.move_once = broken  # type: ignore[method-assign]
    players.schedule(7)
    await players.idle(timeout=2)
    assert calls == [7, 7, 7]
    players.schedule(7)
    await players.idle(timeout=2)
    assert calls == [7] * 6


async def test_changes_while_busy_are_looked_at_again() -> None:
    """A schedule during a move makes the task look again instead of starting a second one."""
    players = BotSeats(cast(Any, object()), delay=0.0)
    moves = [True, False, False]
    started: list[int] = []

    async def move(game_id: int) -> bool:
        started.append(game_id)
        if len(started) == 2:
            players.schedule(game_id)  # a change arrives while this round reads the game
        await asyncio.sleep(0)
        return moves[len(started) - 1]

    players.move_once = move  # type: ignore[method-assign]
    players.schedule(3)
    players.schedule(3)
    await players.idle(timeout=2)
    assert started == [3, 3, 3]
