"""Fixtures for the locale tests: temporary messages added to the loaded catalogues."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import locales
from locales.catalog import Message


@pytest.fixture
def add_message(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, str, Message], None]:
    """Add ``key = message`` to a language's catalogue for one test (undone afterwards)."""

    def add(lang: str, key: str, message: Message) -> None:
        monkeypatch.setitem(locales._catalogue(lang).messages, key, message)

    return add
