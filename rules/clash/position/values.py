"""Reading a position's values (:mod:`rules.clash.position.reading`): numbers, flags,
mappings, lists and ids, spaces and seats, each refusal naming the position key at fault."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.clash.board.boards import Board
from rules.clash.board.hexes import Hex
from rules.core import JSON, IllegalAction

SHIP_PLACE = re.compile(r"ship[1-4]", re.ASCII)


def bad(where: str, value: JSON) -> IllegalAction:
    return IllegalAction("position_bad_value", field=where, value=repr(value))


def inconsistent(problem: str, where: str) -> IllegalAction:
    return IllegalAction("position_inconsistent", problem=problem, field=where)


def as_int(where: str, value: JSON, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise bad(where, value)
    return value


def as_flag(where: str, value: JSON) -> bool:
    if not isinstance(value, bool):
        raise bad(where, value)
    return value


def as_mapping(where: str, value: JSON, known: frozenset[str] | None = None) -> Mapping[str, JSON]:
    if not isinstance(value, Mapping):
        raise bad(where, value)
    if known is not None:
        extra = sorted(set(value) - known)
        if extra:
            raise IllegalAction("position_unknown_field", field=f"{where}.{extra[0]}")
    return value


def as_list(where: str, value: JSON) -> list[JSON]:
    if not isinstance(value, list):
        raise bad(where, value)
    return value


def as_ids(where: str, value: JSON, known: Sequence[str] | frozenset[str]) -> tuple[str, ...]:
    items = as_list(where, value)
    for item in items:
        if not isinstance(item, str) or item not in known:
            raise bad(where, item)
    return tuple(items)


@dataclass(slots=True)
class Reader:
    """What reading a position needs: the players and the board."""

    players: tuple[str, ...]
    board: Board
    homes: dict[int, Hex] = field(default_factory=dict)

    def seat(self, where: str, value: JSON) -> int:
        if value not in self.players:
            raise bad(where, value)
        return self.players.index(value)

    def space(self, where: str, value: JSON) -> Hex:
        if not isinstance(value, str):
            raise bad(where, value)
        try:
            return self.board.parse(value)
        except IllegalAction:
            raise bad(where, value) from None

    def counts(self, where: str, value: JSON, hi: int) -> dict[Hex, int]:
        out: dict[Hex, int] = {}
        for name, n in as_mapping(where, value).items():
            h = self.space(where, name)
            if h in out:
                raise bad(where, name)
            out[h] = as_int(f"{where}.{name}", n, 1, hi)
        return out


def one_of(where: str, value: JSON, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise bad(where, value)
    return str(value)
