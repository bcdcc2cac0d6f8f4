"""The index of where each card, wonder and advance acts (``rules/clash/index.py``) matches
the code: every id of the game's tables is listed, names at least one module, and every module
named exists and names the id (or a constant bound to it, the event's effect, the objective's
halves)."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections import defaultdict
from pathlib import Path

import pytest

from rules.clash.battles.combat_cards import HALVES as COMBAT_HALVES
from rules.clash.box.advances import ADVANCE, ADVANCE_IDS
from rules.clash.box.cards import ACTION_CARDS, ACTION_HALVES, EVENT_CARDS, OBJECTIVE_CARDS, WONDERS
from rules.clash.box.event_cards import EVENTS
from rules.clash.box.objective_cards import OBJECTIVES
from rules.clash.index import WHERE, modules_of
from rules.clash.model.civil_cards import CIVIL

PACKAGE = Path(inspect.getfile(importlib.import_module("rules.clash"))).parent
IDS = (
    *ADVANCE_IDS,
    *sorted(CIVIL),
    *sorted(COMBAT_HALVES),
    *EVENT_CARDS,
    *OBJECTIVE_CARDS,
    *WONDERS,
)


def bound_names() -> dict[str, set[str]]:
    """Each string -> the module-level constants of the package bound to it
    (``PROPAGANDA = "P02"``, ``TROJAN_HORSE, SOLAR_ECLIPSE = "trojan_horse", ...``)."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in PACKAGE.rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                pairs = [(t, node.value) for t in targets]
                for target, value in list(pairs):
                    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
                        pairs += list(zip(target.elts, value.elts, strict=False))
                for target, value in pairs:
                    if (
                        isinstance(target, ast.Name)
                        and isinstance(value, ast.Constant)
                        and isinstance(value.value, str)
                    ):
                        found[value.value].add(target.id)
    return found


BOUND = bound_names()


def names_of(key: str) -> set[str]:
    """What a module implementing ``key`` names: the id, the event's effect, the objective's
    halves, and every constant bound to one of those."""
    words = {key}
    if key in EVENTS:
        words.add(EVENTS[key].effect)
    if key in OBJECTIVES:
        words |= {half.name for half in OBJECTIVES[key].values()}
    if key in ADVANCE:
        words.add(key.replace("_", " "))
    return words | {name for word in words for name in BOUND.get(word, ())}


def mentions(source: str, word: str) -> bool:
    """``word`` stands in ``source`` as a word of its own, in any case (a docstring's
    "Engineering"); an id with an underscore also inside a longer name
    (``great_wall_protects``)."""
    edge = "" if "_" in word and word.islower() else r"(?<![\w])"
    tail = "" if "_" in word and word.islower() else r"(?![\w])"
    return re.search(edge + re.escape(word) + tail, source, re.IGNORECASE) is not None


def test_every_id_of_the_tables_is_listed_once() -> None:
    assert list(WHERE) == list(IDS)


def test_every_id_names_a_module_and_every_action_card_resolves() -> None:
    assert all(WHERE[key] for key in IDS)
    for card in ACTION_CARDS:
        civil, combat = ACTION_HALVES[card]
        assert set(modules_of(card)) == {*WHERE[civil], *WHERE[combat]}
    with pytest.raises(KeyError):
        modules_of("A43")


@pytest.mark.parametrize("key", IDS)
def test_each_module_named_exists_and_names_the_id(key: str) -> None:
    """An advance that unlocks a piece may be named through ``Advance.unlocks`` instead."""
    for name in WHERE[key]:
        source = inspect.getsource(importlib.import_module(f"rules.clash.{name}"))
        words = names_of(key)
        named = any(mentions(source, w) for w in words)
        unlocks = key in ADVANCE and ADVANCE[key].unlocks is not None and "unlocks" in source
        assert named or unlocks, f"{key}: rules.clash.{name} names none of {sorted(words)}"


def test_a_wrong_module_is_told() -> None:
    """The check can fail: a module that has nothing to do with a card does not name it."""
    source = inspect.getsource(importlib.import_module("rules.clash.board.hexes"))
    assert not any(mentions(source, w) for w in names_of("E31"))
