"""Fixtures for the emulator tests: fake players and the running demo bot."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest
from playground_demo_bot import DemoBot

from playground import Emulator, FakeUser, running_bot


@pytest.fixture
def players(emulator: Emulator) -> dict[str, FakeUser]:
    """alice, bob, carol and the moderator dave, added before any bot connects."""
    return {
        "alice": emulator.add_user("alice"),
        "bob": emulator.add_user("bob"),
        "carol": emulator.add_user("carol", locale="hu"),
        "dave": emulator.add_user("dave", manage_guild=True),
    }


@pytest.fixture
def make_bot(emulator: Emulator) -> Callable[[], DemoBot]:
    """A factory of fresh demo bots for the emulator's guild."""
    return lambda: DemoBot(emulator.guild_id)


@pytest.fixture
async def bot(
    emulator: Emulator, players: dict[str, FakeUser], make_bot: Callable[[], DemoBot]
) -> AsyncIterator[DemoBot]:
    """A running demo bot; a crash of its task fails the test."""
    async with running_bot(make_bot(), emulator) as running:
        yield running
