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


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games started by the bot get seeds 1, 2, 3... so every end-to-end run is the same."""
    seeds = iter(range(1, 1_000_000))
    monkeypatch.setattr("cogs.service.secrets.randbits", lambda bits: next(seeds))
