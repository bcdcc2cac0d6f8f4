"""Fixtures shared by the whole suite."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from playground import Emulator, restore_discord


@pytest.fixture
async def emulator() -> AsyncIterator[Emulator]:
    """A started Discord emulator (3 s deadline) with discord.py pointed at it.

    Teardown fails the test if an emulator route raised (an emulator bug, not a bot bug).
    """
    emu = Emulator(deadline=3.0)
    await emu.start()
    emu.point_discord_here()
    try:
        yield emu
    finally:
        restore_discord()
        await asyncio.wait_for(emu.stop(), 5.0)
    assert emu.errors == [], f"emulator routes failed: {emu.errors}"
