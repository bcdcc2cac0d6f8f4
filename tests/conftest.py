"""Fixtures shared by the whole suite."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from playground import Emulator, restore_discord
from playground.tracing import trace_requests


@pytest.fixture
async def emulator() -> AsyncIterator[Emulator]:
    """A started Discord emulator (3 s deadline) with discord.py pointed at it.

    Every strictness is on: rate limits, the permissions the README asks for, archived
    threads, emoji, the members list without privileged intents. Requests are traced to
    the bot's code that sent them.

    Teardown fails the test if an emulator route raised (an emulator bug, not a bot bug) or
    the bot broke one of Discord's rules (``Emulator.violations``), the contract test of
    every request the suite sends.
    """
    # Discord's rate limits with windows ten times shorter: games played at machine speed
    # still run into them, without taking Discord's minutes (tests/playground checks the
    # real windows).
    emu = Emulator(deadline=3.0, rate_limit_time_scale=0.1)
    await emu.start()
    emu.point_discord_here()
    try:
        with trace_requests():
            yield emu
    finally:
        restore_discord()
        await asyncio.wait_for(emu.stop(), 5.0)
    assert emu.errors == [], f"emulator routes failed: {emu.errors}"
    broken = emu.violations()
    assert not broken, "the bot broke Discord's rules:\n" + "\n".join(broken)
