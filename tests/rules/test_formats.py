"""rules.formats: snapshots generated from dataclasses, versioned, upgraded."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hash_seeds import printed_under_hash_seeds

from rules import get_game
from rules.core import Rng
from rules.formats import Format, copier

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True, slots=True)
class Ship:
    id: int
    cargo: tuple[str, ...] = ()


@dataclass(slots=True)
class Table:
    rng: Rng
    ships: list[Ship] = field(default_factory=list)
    done: frozenset[str] = frozenset()
    pairs: tuple[tuple[int, str], ...] = ()
    notes: tuple[dict[str, Any], ...] = ()
    added_later: int = 7


@dataclass(frozen=True, slots=True)
class Piece:
    kind: str
    owner: int | None = None


@dataclass(slots=True)
class Box:
    pieces: tuple[Piece, ...] = ()
    named: dict[str, Piece] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)


def _table() -> Table:
    return Table(
        Rng(99),
        [Ship(2, ("army", "settler"))],
        frozenset({"writing", "bartering", "mining"}),
        ((1, "a07"),),
        ({"kind": "x", "params": {"seats": (1, 2)}},),
    )


def test_dump_is_plain_json_and_loads_to_an_equal_state() -> None:
    fmt = Format(Table, 1)
    data = fmt.dump(_table())
    assert data == json.loads(json.dumps(data))
    assert data["done"] == ["bartering", "mining", "writing"]
    assert data["notes"] == [{"kind": "x", "params": {"seats": [1, 2]}}]
    back = fmt.load({"version": 1, **json.loads(json.dumps(data))})
    assert back.rng.state == 99 and back.ships == [Ship(2, ("army", "settler"))]
    assert back.pairs == ((1, "a07"),) and back.done == _table().done


def test_a_set_is_written_in_the_same_order_in_every_process() -> None:
    """String hashes differ between processes: the written order must not follow them."""
    code = (
        "import json; from tests.rules.test_formats import Format, Table, _table; "
        "print(json.dumps(Format(Table, 1).dump(_table())))"
    )
    outs = printed_under_hash_seeds(code)
    assert len(outs) == 1


def test_a_missing_field_takes_its_default_and_an_unknown_one_is_refused() -> None:
    fmt = Format(Table, 1)
    assert fmt.load({"version": 1, "rng": 5}).added_later == 7
    with pytest.raises(ValueError, match="newer_field"):
        fmt.load({"version": 1, "rng": 5, "newer_field": 1})


def test_old_versions_are_upgraded_step_by_step_and_others_refused() -> None:
    seen: list[int] = []

    def step(version: int, rename: tuple[str, str]) -> Any:
        def up(data: dict[str, Any]) -> dict[str, Any]:
            seen.append(version)
            return {(rename[1] if k == rename[0] else k): v for k, v in data.items()}

        return up

    fmt = Format(Table, 3, {1: step(1, ("boats", "fleet")), 2: step(2, ("fleet", "ships"))})
    old = fmt.load({"version": 1, "game": "t", "rng": 1, "boats": [{"id": 4}]})
    assert old.ships == [Ship(4)] and seen == [1, 2]
    assert fmt.reads(1) and fmt.reads(3) and not fmt.reads(0) and not fmt.reads(True)
    for version in (0, 4, "3", None):
        with pytest.raises(ValueError, match="snapshot version"):
            fmt.load({"version": version, "rng": 1})
    with pytest.raises(ValueError, match="step by step"):
        Format(Table, 3, {1: dict})


@pytest.mark.parametrize("name", ["civ", "stoneage", "clash"])
def test_a_snapshot_is_the_state_fields(name: str) -> None:
    """Every field of the state, in order, after the envelope: nothing written by hand (but
    for the fields left out at their default, Clash's ``custom_board``)."""
    game = get_game(name)
    state = game.setup(["ann", "bob", "cid"], {}, 3)
    data = game.to_json(state)
    written = [f for f in state.__dataclass_fields__ if f not in game.omitted_fields]
    assert list(data) == ["version", "game", *written]
    assert set(game.omitted_fields) <= set(state.__dataclass_fields__)
    assert data["version"] == 2 and game.reads(1) and not game.reads(3)


def test_a_copier_copies_what_it_is_told_and_refuses_to_share_a_mutable_field() -> None:
    copy = copier(Table, rng=Rng.copy, ships=list.copy)
    table = _table()
    twin = copy(table)
    assert twin.ships == table.ships and twin.ships is not table.ships
    assert twin.rng is not table.rng and twin.rng.state == table.rng.state
    assert twin.notes is table.notes and twin.added_later == table.added_later
    with pytest.raises(ValueError, match=r"Table\.ships is mutable"):
        copier(Table, rng=Rng.copy)
    with pytest.raises(ValueError, match="no field 'boats'"):
        copier(Table, rng=Rng.copy, ships=list.copy, boats=list.copy)


def test_lists_and_dictionaries_of_small_dataclasses_are_written_field_by_field() -> None:
    fmt = Format(Box, 1)
    box = Box((Piece("temple", 1), Piece("port")), {"b": Piece("fort", 0)}, {"x": 2})
    data = fmt.dump(box)
    assert data == {
        "pieces": [{"kind": "temple", "owner": 1}, {"kind": "port", "owner": None}],
        "named": {"b": {"kind": "fort", "owner": 0}},
        "counts": {"x": 2},
    }
    assert fmt.load({"version": 1, **data}) == box


def test_a_games_hook_for_a_small_dataclass_is_used_in_lists_and_dictionaries() -> None:
    def hooks(conv: Any) -> None:
        conv.register_unstructure_hook(Piece, lambda p: f"{p.kind}/{p.owner}")

    data = Format(Box, 1, hooks=hooks).dump(Box((Piece("port", 2),), {"a": Piece("fort")}))
    assert data["pieces"] == ["port/2"] and data["named"] == {"a": "fort/None"}
