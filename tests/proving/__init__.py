"""The proving ground's tests (the game itself is :mod:`synthetic.proving`, never offered to
users), and :func:`register`, which makes it a game for the length of one test."""

from __future__ import annotations

import pytest

from synthetic import proving
from tests.games_for_tests import register_test_game


def register(monkeypatch: pytest.MonkeyPatch, *, listed: bool = False) -> None:
    """Make the proving ground a game for the length of one test."""
    register_test_game(monkeypatch, proving.NAME, proving.__name__, proving.TEXTS, listed=listed)
