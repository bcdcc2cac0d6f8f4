"""Hex geometry of the Clash of Cultures board: coordinates, space names, the 4-space regions.

The board is made of regions of four spaces (hexes) each (rulebook p.4, p.5). Hexes are
flat-topped and stand in columns. A hex is :class:`Hex` ``(q, r)`` in axial coordinates: ``q``
is the column, left to right; ``r`` runs down the column, and the column to the right is half a
hex lower for the same ``r`` (the third cube coordinate is ``-q-r``). Directions are numbered
clockwise from north: ``N NE SE S SW NW`` = 0..5.

**Space names.** Players type and read a space as its column letter and row number, ``C4``
(case-insensitive; the canonical token is lower case, ``c4``, since actions are case-folded;
the log and the picture print upper case). Columns are lettered from the left edge of the
board (``A``), rows numbered from its top (``1``); odd columns (``B``, ``D``, ...) sit half a
hex lower than even ones, the "odd-q" offset layout of hex wargames and of the Monumental
peer (``boardgamers/clash``), so labels printed in the hexes of the picture read like a grid.
One spelling per space: no leading zeros, ASCII letters and digits only.

>>> h = parse_hex("c4")
>>> h, label(h), token(h)
(Hex(q=2, r=2), 'C4', 'c4')
>>> [label(n) for n in h.neighbours()]
['C3', 'D3', 'D4', 'C5', 'B4', 'B3']
>>> distance(parse_hex("A1"), parse_hex("D2")), distance(parse_hex("A1"), parse_hex("D3"))
(3, 4)
>>> parse_hex("C04")
Traceback (most recent call last):
...
rules.core.IllegalAction: bad_hex {'text': 'C04'}

**Regions.** A region is a :class:`Lens`: a ``top`` hex, the ``bottom`` hex next to it in
``direction``, and the two hexes next to both (``left`` and ``right`` when looking at the
region with its top up). Terrains of a tile are listed in that order (top, left, right,
bottom), as in the peer's data (``server/src/map.rs``, C3). A slot of the board holds a
region in two ways only, as printed or turned 180° (p.16: "if it can still be placed two
ways..."), which :meth:`Lens.turned` gives; :meth:`Lens.rotated` turns a region about its top
hex in steps of 60°, a cycle of six.
"""

from __future__ import annotations

import functools
import math
import re
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

from rules.core import IllegalAction

#: Direction names, clockwise from north (flat-topped hexes).
DIRECTION_NAMES: tuple[str, ...] = ("n", "ne", "se", "s", "sw", "nw")
N, NE, SE, S, SW, NW = range(6)
#: Axial step of each direction.
STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

#: Labels exist for columns A-Z and rows 1-99; every board is far smaller.
MAX_COLUMNS = 26
MAX_ROWS = 99
_LABEL = re.compile(r"([a-z])([1-9][0-9]?)", re.ASCII)


class Hex(NamedTuple):
    """One space of the board in axial coordinates (see the module docstring).

    A named tuple rather than a dataclass: spaces are the keys of nearly every lookup of the
    engine, and a tuple hashes and compares in C, with the hash and order of ``(q, r)``.
    """

    q: int
    r: int

    def neighbour(self, direction: int) -> Hex:
        """The hex next to this one in ``direction`` (0..5, clockwise from north)."""
        dq, dr = STEPS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six hexes around this one, clockwise from north (on the board or not)."""
        return _around(self)

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)


@functools.lru_cache(maxsize=4096)
def _around(h: Hex) -> tuple[Hex, ...]:
    # Cached: path searches ask for the neighbours of the same few dozen spaces over and
    # over, and a Hex is immutable.
    return tuple(h.neighbour(d) for d in range(6))


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an open grid (the rulebook's count, p.4, ignoring what lies
    between; paths that avoid spaces are :func:`steps`)."""
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to its neighbour ``b``; None when they are not adjacent."""
    step = (b.q - a.q, b.r - a.r)
    return STEPS.index(step) if step in STEPS else None


def rotate(h: Hex, turns: int, about: Hex) -> Hex:
    """``h`` turned clockwise by ``turns`` × 60° about the centre of ``about``."""
    q, r = h.q - about.q, h.r - about.r
    for _ in range(turns % 6):
        # One clockwise step in cube terms: (x, y, z) -> (-z, -x, -y), here with x=q, z=r.
        q, r = -r, q + r
    return Hex(q + about.q, r + about.r)


@functools.lru_cache(maxsize=4096)
def ring(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes exactly ``radius`` steps from ``centre``, clockwise from the north one
    (cached, as :func:`within` is: the answer is a tuple of immutable hexes)."""
    if radius <= 0:
        return (centre,) if radius == 0 else ()
    h = Hex(centre.q, centre.r - radius)
    out: list[Hex] = []
    # Walking from the north corner, each side of the ring runs in the next direction round.
    for d in (SE, S, SW, NW, N, NE):
        for _ in range(radius):
            out.append(h)
            h = h.neighbour(d)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def within(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes at most ``radius`` steps from ``centre``, nearest first."""
    return tuple(h for k in range(radius + 1) for h in ring(centre, k))


def steps(start: Hex, passable: Callable[[Hex], bool], limit: int | None = None) -> dict[Hex, int]:
    """Fewest steps from ``start`` to each hex reachable through ``passable`` hexes.

    ``start`` itself need not be passable. For the rulebook's distance (p.4: sea, foreign cities
    and armies count, unexplored regions do not; C63) pass "on the board and explored".
    """
    seen = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        k = seen[h]
        if limit is not None and k >= limit:
            continue
        for n in h.neighbours():
            if n not in seen and passable(n):
                seen[n] = k + 1
                todo.append(n)
    return seen


def connected(hexes: Iterable[Hex]) -> bool:
    """Whether the hexes form one piece (an empty set counts as connected)."""
    group = set(hexes)
    if not group:
        return True
    first = min(group)
    return len(steps(first, group.__contains__)) == len(group)


def pixel(h: Hex) -> tuple[float, float]:
    """Centre of ``h`` for a picture, hex size 1 (centre to corner), y downwards."""
    return 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)


# -- space names ---------------------------------------------------------------------------


def offset(h: Hex) -> tuple[int, int]:
    """``(column, row)`` of a hex, both from 0 (odd columns sit half a hex lower)."""
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def from_offset(column: int, row: int) -> Hex:
    """The hex at ``column``, ``row`` (both from 0); the inverse of :func:`offset`."""
    return Hex(column, row - (column - (column & 1)) // 2)


@functools.lru_cache(maxsize=4096)
def label(h: Hex) -> str:
    """The printed name of a hex, ``C4``. Raises ValueError for a hex left of column A or above
    row 1 (no board has one)."""
    # Cached: every view, refusal and choice names spaces, and a Hex is immutable.
    column, row = offset(h)
    if not (0 <= column < MAX_COLUMNS and 0 <= row < MAX_ROWS):
        raise ValueError(f"no label for {h}")
    return f"{chr(ord('A') + column)}{row + 1}"


@functools.lru_cache(maxsize=4096)
def token(h: Hex) -> str:
    """The name of a hex as an action token, ``c4`` (cached like :func:`label`)."""
    return label(h).lower()


def parse_hex(text: str) -> Hex:
    """The hex a player typed (``C4``, ``c4``), wherever it lies.

    Raises ``IllegalAction("bad_hex", text=...)`` for anything else: no letter, no number, a
    leading zero, a second letter, non-ASCII digits. Whether the hex is on the board is the
    board's question (:meth:`rules.clash.board.boards.Board.parse`).
    """
    h = _parsed(text)
    if h is None:
        raise IllegalAction("bad_hex", text=text)
    return h


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> Hex | None:
    # ASCII first: str.lower() turns the Kelvin sign into "k". Cached: moves name the same
    # few dozen spaces over and over, and a Hex is immutable.
    match = _LABEL.fullmatch(text.strip().lower()) if text.isascii() else None
    if match is None:
        return None
    return from_offset(ord(match.group(1)) - ord("a"), int(match.group(2)) - 1)


# -- regions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Lens:
    """Where a region lies: its ``top`` hex and the ``direction`` (0..5) from top to bottom.

    With direction ``S`` the region looks as printed: top, then left and right side by side,
    then bottom (the peer's order, C3).
    """

    top: Hex
    direction: int

    def __post_init__(self) -> None:
        if not 0 <= self.direction < 6:
            raise ValueError(f"direction {self.direction} is not 0..5")

    @staticmethod
    def between(top: Hex, bottom: Hex) -> Lens:
        """The region whose top and bottom hexes are these two neighbours."""
        d = direction_between(top, bottom)
        if d is None:
            raise ValueError(f"{top} and {bottom} are not adjacent")
        return Lens(top, d)

    @property
    def bottom(self) -> Hex:
        return self.top.neighbour(self.direction)

    @property
    def left(self) -> Hex:
        return self.top.neighbour(self.direction + 1)

    @property
    def right(self) -> Hex:
        return self.top.neighbour(self.direction - 1)

    @property
    def hexes(self) -> tuple[Hex, Hex, Hex, Hex]:
        """The four hexes in tile order: top, left, right, bottom."""
        return (self.top, self.left, self.right, self.bottom)

    @property
    def footprint(self) -> frozenset[Hex]:
        """The four hexes, whichever way the region is turned."""
        return frozenset(self.hexes)

    def turned(self) -> Lens:
        """The same four hexes with the tile turned 180° (top and bottom, left and right swap):
        the other way a slot can hold a region (p.16)."""
        return Lens(self.bottom, (self.direction + 3) % 6)

    def rotated(self, turns: int) -> Lens:
        """The region turned clockwise by ``turns`` × 60° about its top hex."""
        return Lens(self.top, (self.direction + turns) % 6)


# -- the outline of a set of hexes ---------------------------------------------------------


def boundary(hexes: Iterable[Hex]) -> frozenset[Hex]:
    """The hexes of the set with at least one neighbour outside it."""
    group = set(hexes)
    return frozenset(h for h in group if any(n not in group for n in h.neighbours()))


def outline(hexes: Iterable[Hex]) -> tuple[Hex, ...]:
    """The hexes along the outer edge of a connected set, in clockwise order, starting with the
    topmost hex (leftmost of equals); a hex the edge passes twice (a narrow neck) is listed
    twice. The ring Navigation sails along (p.9, C30).

    >>> [label(h) for h in outline([parse_hex("B2"), parse_hex("C2")])]
    ['C2', 'B2']
    """
    group = set(hexes)
    if not group:
        return ()
    first = min(group, key=lambda h: (2 * h.r + h.q, h.q))
    # Walk the sides that face outside, keeping the outside on the left: at each corner the
    # walk either turns round the same hex or steps onto the next one.
    start = (first, N)
    h, d = start
    out: list[Hex] = []
    for _ in range(6 * len(group) + 1):
        if not out or out[-1] != h:
            out.append(h)
        nxt = h.neighbour(d + 1)
        if nxt in group:
            h, d = nxt, (d - 1) % 6
        else:
            d = (d + 1) % 6
        if (h, d) == start:
            break
    else:  # pragma: no cover - every side is walked at most once
        raise AssertionError("outline walk did not close")
    if len(out) > 1 and out[-1] == out[0]:
        out.pop()
    return tuple(out)
