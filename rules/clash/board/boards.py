"""The board arrangements for 2, 3 and 4 players: which region slots exist, whose starting
region lies where, which slots are face down.

The rulebook sets the board up "according to one of the diagrams" (p.3), which the seed lost.
The slots here are the Monumental peer's (``boardgamers/clash`` ``get_map_setup``, re-derived
from its coordinates): low to medium confidence for the original (open point C2). A 2-player board
has 2 starting regions and 8 face-down slots, 3 players 3 and 12, 4 players 4 and 14 (the box
holds 16 general regions, p.2; those left over stay in the box, unseen). Each player has one
starting region, face up, with a Settlement and a Settler on its Fertile space (p.3, step 5);
every other slot holds a face-down region until a unit explores it (p.3, p.16).

Starting slots are listed clockwise round the board, so that the player at table position
``k`` (turns pass clockwise round the table, p.7) gets the ``k``-th: neighbours at the table are
neighbours on the map. Who sits where (the seating) is drawn at random by the setup (p.3,
step 2, C1); the lobby's seats keep their join order. Face-down slots are
numbered in reading order (top to bottom, then left to right). Space names are those of
:mod:`rules.clash.board.hexes`, with ``A1`` the top-left corner of each board's bounding box.

>>> b = board(2)
>>> len(b.hexes), [s.id for s in b.starts], len(b.hidden)
(40, ['s1', 's2'], 8)
>>> label(b.starts[0].city), b.starts[0].side, b.slot_at(b.parse("b3")).id
('D2', 'b', 'r1')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.clash.board.hexes import Hex, Lens, boundary, label, offset, outline, parse_hex
from rules.clash.board.tiles import REGIONS, START_SIDES, TILES, Tile
from rules.core import IllegalAction, Rng

#: Player counts with a board.
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)


@dataclass(frozen=True, slots=True)
class Slot:
    """A place for one region on the board.

    ``lens`` is how the setup lays it: a starting region with its city (Fertile) space on top,
    a face-down slot in one of the two ways a region may lie there (the other is
    ``lens.turned()``). ``seat`` and ``side`` are set for starting slots only: the table position
    (0-based, clockwise; ``ClashState.seating`` says which player sits there) whose starting
    region it is, and the side of the starting tile face up. A board a position lays (C139,
    :mod:`rules.clash.board.custom`) may fix the ``tile`` lying in a slot (a starting region's,
    or a region with terrains of its own) and put a starting city elsewhere than on the
    lens's top (``home``).
    """

    id: str
    lens: Lens
    seat: int | None = None
    side: str | None = None
    tile: str | None = None
    home: Hex | None = None

    @property
    def start(self) -> bool:
        return self.seat is not None

    @property
    def hexes(self) -> frozenset[Hex]:
        return self.lens.footprint

    @property
    def city(self) -> Hex:
        """The starting city's space (starting slots only)."""
        if not self.start:
            raise ValueError(f"slot {self.id} is not a starting region")
        return self.lens.top if self.home is None else self.home

    @property
    def start_tile(self) -> str:
        """The tile of a starting region, face up as the board lays it."""
        return self.tile if self.tile is not None else START_SIDES[self.side or ""].id

    def orientations(self) -> tuple[Lens, ...]:
        """The ways a region may lie here: for a face-down slot as printed or turned 180°
        (p.16); a starting region lies as the setup prescribes."""
        return (self.lens,) if self.start else (self.lens, self.lens.turned())


@dataclass(frozen=True, slots=True)
class Board:
    """One arrangement: its slots and the geometry every later rule asks about; ``own`` the
    regions with terrains of their own of a board a position lays (C139), by tile id."""

    players: int
    source: str
    slots: tuple[Slot, ...]
    own: tuple[Tile, ...] = ()
    hexes: frozenset[Hex] = field(init=False, repr=False, compare=False)
    _slot_of: dict[Hex, Slot] = field(init=False, repr=False, compare=False)
    _by_id: dict[str, Slot] = field(init=False, repr=False, compare=False)
    #: The neighbours on the board of each space (asked for in every path search).
    _near: dict[Hex, tuple[Hex, ...]] = field(init=False, repr=False, compare=False)
    _outline: tuple[Hex, ...] = field(init=False, repr=False, compare=False)
    _tiles: dict[str, Tile] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        slot_of: dict[Hex, Slot] = {}
        for s in self.slots:
            for h in s.hexes:
                if h in slot_of:
                    raise ValueError(f"slots {slot_of[h].id} and {s.id} overlap at {label(h)}")
                slot_of[h] = s
        object.__setattr__(self, "hexes", frozenset(slot_of))
        object.__setattr__(self, "_slot_of", slot_of)
        object.__setattr__(self, "_by_id", {s.id: s for s in self.slots})
        near = {h: tuple(n for n in h.neighbours() if n in slot_of) for h in slot_of}
        object.__setattr__(self, "_near", near)
        object.__setattr__(self, "_outline", outline(self.hexes))
        object.__setattr__(self, "_tiles", {**TILES, **{t.id: t for t in self.own}})

    def tile(self, tile_id: str) -> Tile:
        """The tile with this id: one of the box, or a region of this board's own; KeyError
        otherwise."""
        return self._tiles[tile_id]

    # -- slots ----------------------------------------------------------------------------

    @property
    def starts(self) -> tuple[Slot, ...]:
        """The starting slots by table position (clockwise)."""
        return tuple(sorted((s for s in self.slots if s.start), key=lambda s: s.seat or 0))

    @property
    def hidden(self) -> tuple[Slot, ...]:
        """The face-down slots in reading order."""
        return tuple(s for s in self.slots if not s.start)

    def slot(self, slot_id: str) -> Slot:
        """The slot with this id; KeyError otherwise."""
        return self._by_id[slot_id]

    def slot_at(self, h: Hex) -> Slot | None:
        """The slot holding ``h``; None off the board."""
        return self._slot_of.get(h)

    def adjacent_slots(self, slot_id: str) -> tuple[str, ...]:
        """Ids of the slots sharing a side with this one, in board order."""
        mine = self.slot(slot_id)
        near = {
            other.id
            for h in mine.hexes
            for n in h.neighbours()
            if (other := self._slot_of.get(n)) is not None and other.id != slot_id
        }
        return tuple(s.id for s in self.slots if s.id in near)

    def slot_on_edge(self, slot_id: str) -> bool:
        """Whether a space of the slot touches the map's edge (p.16, rule 3; C32)."""
        return any(self.on_edge(h) for h in self.slot(slot_id).hexes)

    # -- spaces ---------------------------------------------------------------------------

    def __contains__(self, h: object) -> bool:
        return h in self._slot_of

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The neighbours of ``h`` that are on the board, clockwise from north."""
        near = self._near.get(h)
        if near is None:  # off the board
            return tuple(n for n in h.neighbours() if n in self._slot_of)
        return near

    def on_edge(self, h: Hex) -> bool:
        """Whether ``h`` touches the map's edge: the outline of every slot, explored or not
        (C32), so a hex is on the edge when one of its six neighbours is in no slot."""
        return h in self._slot_of and len(self.neighbours(h)) < 6

    @property
    def edge(self) -> frozenset[Hex]:
        """Every hex on the map's edge."""
        return boundary(self.hexes)

    @property
    def outline(self) -> tuple[Hex, ...]:
        """The edge hexes clockwise from the topmost one (Navigation's ring, p.9, C30)."""
        return self._outline

    def parse(self, text: str) -> Hex:
        """The space a player typed. Raises ``IllegalAction`` ``bad_hex`` (not a space name)
        or ``off_board`` (a name, but not a space of this board), both with ``text``."""
        h = parse_hex(text)
        if h not in self._slot_of:
            raise IllegalAction("off_board", text=text)
        return h

    def labels(self) -> tuple[str, ...]:
        """Every space name of the board, in column then row order."""
        return tuple(label(h) for h in sorted(self.hexes, key=offset))

    @property
    def size(self) -> tuple[int, int]:
        """Columns and rows of the board's bounding box (``A1`` is its top-left corner)."""
        cells = [offset(h) for h in self.hexes]
        return max(c for c, _ in cells) + 1, max(r for _, r in cells) + 1


def _board(
    players: int, starts: tuple[tuple[str, str, str], ...], hidden: tuple[tuple[str, str], ...]
) -> Board:
    """A board from space names: starting regions as (city, bottom, side), face-down slots as
    (top, bottom), the slot's other two spaces being the hexes next to both."""
    slots = [
        Slot(f"s{k + 1}", Lens.between(parse_hex(city), parse_hex(bottom)), k, side)
        for k, (city, bottom, side) in enumerate(starts)
    ]
    slots += [
        Slot(f"r{k + 1}", Lens.between(parse_hex(top), parse_hex(bottom)))
        for k, (top, bottom) in enumerate(hidden)
    ]
    source = f"C2: the peer's get_map_setup, {players} players (boardgamers/clash, Monumental)"
    return Board(players, source, tuple(slots))


# Data from the peer's slots (C2, re-derived from its coordinates): the peer's S1-S4
# are s1, s2, s4, s3 with 4 players and s1, s3, s2 with 3 players (clockwise here); the
# 3-player board is moved up one row, so that it too starts at row 1.
BOARDS: dict[int, Board] = {
    2: _board(
        2,
        (("D2", "D1", "b"), ("D7", "D8", "b")),
        (
            ("B2", "B3"),
            ("F2", "F3"),
            ("D3", "D4"),
            ("B4", "B5"),
            ("F4", "F5"),
            ("D5", "D6"),
            ("B6", "B7"),
            ("F6", "F7"),
        ),
    ),
    3: _board(
        3,
        (("E3", "E2", "b"), ("G7", "H7", "b"), ("B6", "A7", "b")),
        (
            ("C1", "C2"),
            ("D3", "C4"),
            ("H3", "G4"),
            ("B4", "A4"),
            ("F4", "E4"),
            ("C5", "C6"),
            ("G5", "G6"),
            ("J6", "I6"),
            ("F6", "E7"),
            ("D7", "C7"),
            ("E8", "E9"),
            ("B8", "A9"),
        ),
    ),
    4: _board(
        4,
        (("C2", "C1", "b"), ("I2", "I1", "a"), ("I8", "I9", "b"), ("C8", "C9", "a")),
        (
            ("F1", "F2"),
            ("D2", "D3"),
            ("H2", "H3"),
            ("B3", "B4"),
            ("F3", "F4"),
            ("J3", "J4"),
            ("D4", "D5"),
            ("H4", "H5"),
            ("B5", "B6"),
            ("F5", "F6"),
            ("J5", "J6"),
            ("D6", "D7"),
            ("H6", "H7"),
            ("F7", "F8"),
        ),
    ),
}


def board(players: int) -> Board:
    """The board for ``players``. Raises ``IllegalAction("bad_player_count")`` for a count
    without one."""
    if players not in BOARDS:
        raise IllegalAction(
            "bad_player_count", count=players, min=PLAYER_COUNTS[0], max=PLAYER_COUNTS[-1]
        )
    return BOARDS[players]


def deal_regions(b: Board, rng: Rng) -> dict[str, str]:
    """Face-down regions for the slots of ``b``: slot id -> tile id. The 16 general regions are
    shuffled with the game's ``rng`` and laid out in slot order (p.3, step 1); those left over
    stay in the box, unseen (C2). Which region lies where is fixed here, as on the table, and
    hidden from every view until a unit explores it."""
    ids = [t.id for t in REGIONS]
    rng.shuffle(ids)
    return dict(zip((s.id for s in b.hidden), ids[: len(b.hidden)], strict=True))
