"""End-to-end fixtures: the emulator (from tests/conftest.py) plus players."""

from __future__ import annotations

import pytest

from playground import Emulator, FakeUser


@pytest.fixture
def players(emulator: Emulator) -> list[FakeUser]:
    """Four members; Dave moderates (Manage Server)."""
    return [
        emulator.add_user("Alice"),
        emulator.add_user("Bob", locale="hu"),
        emulator.add_user("Carol"),
        emulator.add_user("Dave", manage_guild=True),
    ]
