"""Run a real discord.py client against an emulator inside a test, with bounded waits.

    async with running_bot(make_bot(), emu) as bot:
        r = await emu.slash(alice, "ping")

The bot runs as a task. Setup waits for ``wait_until_ready`` (pass
``guild_ready_timeout=0.05`` to the client, or on_ready waits 2 s for guilds). If the bot
task dies at any point, its exception is re-raised instead of being swallowed; teardown
closes the client within a timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Protocol, TypeVar

from playground.emulator import Emulator
from playground.patience import patience


class Bot(Protocol):
    """The part of ``discord.Client`` this helper uses."""

    async def start(self, token: str, *, reconnect: bool = True) -> None: ...

    async def close(self) -> None: ...

    async def wait_until_ready(self) -> None: ...


BotT = TypeVar("BotT", bound=Bot)


@contextlib.asynccontextmanager
async def running_bot(
    bot: BotT,
    emulator: Emulator,
    *,
    ready_timeout: float = 5.0,
    close_timeout: float = 5.0,
) -> AsyncIterator[BotT]:
    """Start ``bot`` with the emulator's token, yield it once ready, then close it (the
    timeouts are an idle machine's: :func:`playground.patience.patience` stretches them)."""
    ready_timeout, close_timeout = patience(ready_timeout), patience(close_timeout)
    task = asyncio.create_task(bot.start(emulator.token), name="bot under test")
    ready = asyncio.create_task(bot.wait_until_ready())
    try:
        done, _ = await asyncio.wait(
            {task, ready}, timeout=ready_timeout, return_when="FIRST_COMPLETED"
        )
        if task in done:
            task.result()  # re-raises the bot's crash
            raise RuntimeError("the bot stopped before it was ready")
        if ready not in done:
            raise TimeoutError(f"the bot was not ready within {ready_timeout} s")
        yield bot
        if task.done():
            task.result()
            raise RuntimeError("the bot stopped during the test")
    finally:
        ready.cancel()
        await _close(bot, task, close_timeout)


async def _close(bot: Bot, task: asyncio.Task[None], timeout: float) -> None:
    """Close the client, then surface the task's exception if it crashed."""
    try:
        await asyncio.wait_for(bot.close(), timeout)
        await asyncio.wait_for(asyncio.shield(task), timeout)
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
