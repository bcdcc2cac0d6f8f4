"""Marks on the active player's units: what their turn still lets them do (p.9, §2.3).

Units of one kind on one space are alike on the table, so the state counts them
(:attr:`rules.clash.model.state.PlayerState.armies`); what tells some of them apart during a turn is
a mark, counted here per place and kind:

* ``moved``: moved in the Move action under way (each unit or group moves once per Move
  action, p.9); forgotten when that action ends;
* ``forest``: entered a Forest this turn, so it may move on but not into a battle (p.9, C28);
  ``forest_moved`` is both;
* ``stopped``: may not move again this turn: it entered a Mountain (p.9) or fought (p.9,
  p.12; battles come with combat).

A place is a space's token (``c4``) for units on it, or ``ship<k>`` for the land units aboard
a ship (a ship's own ``moved`` mark is kind ``ship`` there). Only the active player's units
carry marks: every mark is gone when the turn ends.

Which of several alike units moves: those whose marks restrict them more (``forest``) go first,
so that the units keeping every freedom stay where the player left them
(docs/rules-decisions.md, "Which of alike units moves").

>>> marks = add((), "c4", "army", FOREST_MOVED, 2)
>>> counts(marks, "c4", "army")[FOREST_MOVED], movable(marks, "c4", "army", 3)
(2, 1)
>>> end_of_move(marks)
(('c4', 'army', 'forest', 2),)
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from rules.clash.model.state import Mark

MOVED: Final = "moved"
FOREST: Final = "forest"
FOREST_MOVED: Final = "forest_moved"
STOPPED: Final = "stopped"
#: Every mark, from the least restricting.
MARKS: tuple[str, ...] = (MOVED, FOREST, FOREST_MOVED, STOPPED)
#: Marks that keep a unit from moving again in this Move action (or this turn).
HELD: frozenset[str] = frozenset({MOVED, FOREST_MOVED, STOPPED})


def counts(marks: tuple[Mark, ...], place: str, kind: str) -> Counter[str]:
    """How many units of ``kind`` at ``place`` carry each mark."""
    return Counter({m: n for p, k, m, n in marks if p == place and k == kind})


def _normal(entries: Counter[tuple[str, str, str]]) -> tuple[Mark, ...]:
    return tuple(sorted((p, k, m, n) for (p, k, m), n in entries.items() if n > 0))


def _entries(marks: tuple[Mark, ...]) -> Counter[tuple[str, str, str]]:
    return Counter({(p, k, m): n for p, k, m, n in marks})


def add(marks: tuple[Mark, ...], place: str, kind: str, mark: str, n: int) -> tuple[Mark, ...]:
    """``marks`` with ``n`` more units of ``kind`` at ``place`` marked ``mark``."""
    entries = _entries(marks)
    entries[(place, kind, mark)] += n
    return _normal(entries)


def remove(marks: tuple[Mark, ...], place: str, kind: str, mark: str, n: int) -> tuple[Mark, ...]:
    """``marks`` with ``n`` fewer (there must be that many)."""
    entries = _entries(marks)
    if entries[(place, kind, mark)] < n:
        raise ValueError(f"only {entries[(place, kind, mark)]} {kind} at {place} are {mark}")
    entries[(place, kind, mark)] -= n
    return _normal(entries)


def movable(marks: tuple[Mark, ...], place: str, kind: str, total: int) -> int:
    """Of ``total`` units of ``kind`` at ``place``, how many may move in this Move action."""
    held = sum(n for m, n in counts(marks, place, kind).items() if m in HELD)
    return max(0, total - held)


def take(
    marks: tuple[Mark, ...], place: str, kind: str, total: int, n: int
) -> tuple[tuple[Mark, ...], int]:
    """Take ``n`` movable units of ``kind`` from ``place`` (``total`` there): the marks left
    behind and how many of those taken had entered a Forest (they go first)."""
    if n > movable(marks, place, kind, total):
        raise ValueError(f"{n} {kind} at {place} cannot move")
    forest = min(n, counts(marks, place, kind)[FOREST])
    return (remove(marks, place, kind, FOREST, forest) if forest else marks), forest


def free_to_fight(marks: tuple[Mark, ...], place: str, kind: str, total: int) -> int:
    """Of the movable units, those that may still move into a battle (no Forest mark, C28)."""
    return movable(marks, place, kind, total) - counts(marks, place, kind)[FOREST]


def relocate(marks: tuple[Mark, ...], old: str, new: str, kind: str, n: int) -> tuple[Mark, ...]:
    """Carry the marks of ``n`` units that change place without moving themselves (cargo
    unloading with its ship lost, units put back): the most restricting marks go first."""
    have = counts(marks, old, kind)
    for mark in reversed(MARKS):
        k = min(n, have[mark])
        if k:
            marks = add(remove(marks, old, kind, mark, k), new, kind, mark, k)
            n -= k
    return marks


def forget(marks: tuple[Mark, ...], place: str, kind: str, n: int) -> tuple[Mark, ...]:
    """``marks`` with up to ``n`` marks of units of ``kind`` at ``place`` gone, the most
    restricting first (those units left the board: founded a city, died)."""
    have = counts(marks, place, kind)
    for mark in reversed(MARKS):
        k = min(n, have[mark])
        if k > 0:
            marks = remove(marks, place, kind, mark, k)
            n -= k
    return marks


def moved_count(marks: tuple[Mark, ...], place: str, kind: str) -> int:
    """Units of ``kind`` at ``place`` that moved in this Move action."""
    c = counts(marks, place, kind)
    return c[MOVED] + c[FOREST_MOVED]


def end_of_move(marks: tuple[Mark, ...]) -> tuple[Mark, ...]:
    """The marks once the Move action is over: ``moved`` is forgotten, ``forest_moved`` is
    ``forest`` again."""
    entries: Counter[tuple[str, str, str]] = Counter()
    for p, k, m, n in marks:
        if m == MOVED:
            continue
        entries[(p, k, FOREST if m == FOREST_MOVED else m)] += n
    return _normal(entries)


def arrived(kind: str, forest_before: bool, terrain: str | None, ore: bool) -> str:
    """The mark of a unit that just moved onto a space of ``terrain`` (None: a ship's or a
    cargo's place). ``ore`` is Roads' payment that ignores terrain (p.20)."""
    if kind != "ship" and not ore:
        if terrain == "mountain":
            return STOPPED
        if terrain == "forest":
            return FOREST_MOVED
    return FOREST_MOVED if forest_before else MOVED
