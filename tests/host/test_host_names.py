"""Handles made from Discord display names."""

from __future__ import annotations

import pytest

from host.names import handle_for
from rules.core import check_handles


@pytest.mark.parametrize(
    ("name", "handle"),
    [
        ("Alice", "alice"),
        ("Ödön Ágoston", "odon_agoston"),
        ("Űrhajós Ő", "urhajos_o"),
        ("  --Bob--  ", "bob"),
        ("🙂🙂", "player"),
        ("a" * 40, "a" * 16),
    ],
)
def test_handle_for(name: str, handle: str) -> None:
    """Accents fold to ASCII, other symbols become underscores, length is capped."""
    assert handle_for(name) == handle
    check_handles([handle_for(name)])
