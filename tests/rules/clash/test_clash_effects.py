"""The table of where each advance acts (``rules/clash/effects.py``) matches the code."""

from __future__ import annotations

import importlib
import inspect

from rules.clash.box.advances import ADVANCE, ADVANCE_IDS
from rules.clash.effects import EFFECTS


def test_every_advance_is_listed_once() -> None:
    assert list(EFFECTS) == list(ADVANCE_IDS)


def test_each_module_named_acts_on_its_advance() -> None:
    """The module's source names the advance (its id, or the piece it unlocks through
    ``Advance.unlocks``)."""
    for advance, effect in EFFECTS.items():
        for name in effect.modules:
            source = inspect.getsource(importlib.import_module(f"rules.clash.{name}")).lower()
            piece = ADVANCE[advance].unlocks
            named = advance in source or advance.replace("_", " ") in source
            assert named or (piece is not None and "unlocks" in source), (advance, name)


def test_every_advance_acts_somewhere_and_nothing_is_left_for_later() -> None:
    for advance, effect in EFFECTS.items():
        assert effect.modules and not effect.later, advance
