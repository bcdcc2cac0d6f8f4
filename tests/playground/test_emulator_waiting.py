"""Waiting for the emulator's state: a condition is looked at after each change, every
waiter is woken by the change that satisfies it, and a timeout is a timeout."""

from __future__ import annotations

import asyncio

import pytest

from playground.state import State


def _state() -> State:
    return State(guild_name="Test", bot_name="Bot")


async def test_a_condition_that_holds_returns_at_once() -> None:
    assert await _state().wait_for(lambda: True, timeout=0.01)


async def test_each_waiter_wakes_on_the_change_that_satisfies_it() -> None:
    state = _state()
    counts = [0]
    waiters = [
        asyncio.ensure_future(state.wait_for(lambda n=n: counts[0] >= n, timeout=5))
        for n in (1, 2, 2)
    ]
    await asyncio.sleep(0)
    counts[0] = 1
    state.changed()
    await asyncio.sleep(0.01)
    assert [w.done() for w in waiters] == [True, False, False]
    counts[0] = 2  # changed without telling: nobody looks
    await asyncio.sleep(0.01)
    assert [w.done() for w in waiters] == [True, False, False]
    state.changed()
    assert await asyncio.gather(*waiters) == [True, True, True]


async def test_a_condition_that_never_holds_times_out() -> None:
    state = _state()
    waiting = asyncio.ensure_future(state.wait_for(lambda: False, timeout=0.05))
    await asyncio.sleep(0)
    state.changed()
    assert await waiting is False


async def test_a_failing_condition_fails_its_waiter_only() -> None:
    state = _state()

    def after_a_change() -> bool:
        if state.version:
            raise LookupError("looked after the change")
        return False

    broken = asyncio.ensure_future(state.wait_for(after_a_change, timeout=5))
    fine = asyncio.ensure_future(state.wait_for(lambda: state.version > 0, timeout=5))
    await asyncio.sleep(0)
    state.changed()
    with pytest.raises(LookupError):
        await broken
    assert await fine
