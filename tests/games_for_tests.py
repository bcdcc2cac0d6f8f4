"""Games only the tests know (``tests.e2e.long_game``, ``synthetic.proving``), made playable
for the length of one test: never in ``rules._ENGINES`` for good, so no lobby offers them.
What changes is :func:`synthetic.registry.patches`'s list, applied with ``monkeypatch``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from synthetic.registry import patches


def register_test_game(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    module: str,
    texts: Mapping[str, Any],
    *,
    listed: bool = False,
) -> None:
    """Make ``name`` (the ``GAME`` of ``module``) a game for the test (``patches``)."""
    for patch in patches(name, module, texts, listed=listed):
        if patch.item:
            monkeypatch.setitem(patch.target, patch.key, patch.value)
        else:
            monkeypatch.setattr(patch.target, patch.key, patch.value)
