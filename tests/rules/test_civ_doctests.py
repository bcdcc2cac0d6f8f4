"""The examples in the CIV modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import rules.civ

MODULES = sorted(m.name for m in pkgutil.iter_modules(rules.civ.__path__, "rules.civ."))


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    """doctest.testmod finds no failure."""
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
