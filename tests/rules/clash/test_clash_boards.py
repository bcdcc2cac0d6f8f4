"""The 2/3/4-player boards of Clash of Cultures: slots, starting regions, names, edges."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from rules.clash.board.boards import BOARDS, PLAYER_COUNTS, Board, Slot, board, deal_regions
from rules.clash.board.hexes import Hex, Lens, connected, label, parse_hex, pixel, rotate, token
from rules.clash.board.tiles import FERTILE, GENERAL_IN_BOX, START_SIDES, STARTING_IN_BOX, TILES
from rules.core import IllegalAction, Rng

ALL = [BOARDS[n] for n in PLAYER_COUNTS]
IDS = [f"{n}p" for n in PLAYER_COUNTS]

# The peer's slots (C2) drawn from its coordinates: even columns on the
# "a" lines, odd columns on the "b" lines, "." off the board, S1-S4 the peer's starting regions
# ("*" its city), 01-14 its face-down slots. The 4-player one lacks row 9a (the bottom spaces of
# S3 and S4), added here; the 3-player one starts at row 2, one lower than ours.
DIAGRAMS = {
    2: """
 1a  .       .       .       .
 1b      .      S1       .
 2a  .      S1      S1       .
 2b     01      S1*     02
 3a 01      01      02      02
 3b     01      03      02
 4a  .      03      03       .
 4b     04      03      05
 5a 04      04      05      05
 5b     04      06      05
 6a  .      06      06       .
 6b     07      06      08
 7a 07      07      08      08
 7b     07      S2*     08
 8a  .      S2      S2       .
 8b      .      S2       .
""",
    3: """
 2a  .      01       .       .       .
 2b     01      01       .       .       .
 3a  .      01      S1       .       .
 3b      .      S1      S1       .       .
 4a  .      03      S1*     05       .
 4b     02      03      04      05       .
 5a 02      03      04      05       .
 5b     02      03      04      05       .
 6a 02      06      04      07       .
 6b     06      06      07      07      08
 7a S2      06      10      07      08
 7b     S2*     09      10      S3      08
 8a S2      09      10      S3*     08
 8b     S2      09      10      S3       .
 9a 11      09      12      S3       .
 9b     11      12      12       .       .
10a 11       .      12       .       .
10b     11       .       .       .       .
""",
    4: """
 1a  .      S1       .       .      S2       .
 1b     S1      S1      06      S2      S2
 2a  .      S1*     06      06      S2*      .
 2b      .      03      06      10       .
 3a  .      03      03      10      10       .
 3b     01      03      07      10      13
 4a 01      01      07      07      13      13
 4b     01      04      07      11      13
 5a  .      04      04      11      11       .
 5b     02      04      08      11      14
 6a 02      02      08      08      14      14
 6b     02      05      08      12      14
 7a  .      05      05      12      12       .
 7b      .      05      09      12       .
 8a  .      S3*     09      09      S4*      .
 8b     S3      S3      09      S4      S4
 9a  .      S3       .       .      S4       .
""",
}
ROW_SHIFT = {2: 0, 3: -1, 4: 0}
# The peer's starting regions in our seats (ours run clockwise round the board).
PEER_SEATS = {2: ("S1", "S2"), 3: ("S1", "S3", "S2"), 4: ("S1", "S2", "S4", "S3")}


def diagram(players: int) -> dict[str, str]:
    """Space name -> the diagram's mark, for every space on the board."""
    cells: dict[str, str] = {}
    for line in DIAGRAMS[players].strip("\n").splitlines():
        row_text, *marks = line.split()
        row, half = int(row_text[:-1]) + ROW_SHIFT[players], row_text[-1]
        for k, mark in enumerate(marks):
            if mark != ".":
                column = chr(ord("A") + 2 * k + (half == "b"))
                cells[f"{column}{row}"] = mark
    return cells


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_slots_match_the_research_note(players: int) -> None:
    """Each board is the peer's (C2): the same spaces, grouped into the same slots, the
    starting regions and cities where it shows them (in our seat order)."""
    b = BOARDS[players]
    cells = diagram(players)
    assert set(cells) == set(b.labels())
    groups: dict[str, set[str]] = {}
    for name, mark in cells.items():
        groups.setdefault(mark.rstrip("*"), set()).add(name)
    hidden = {frozenset(v) for k, v in groups.items() if not k.startswith("S")}
    assert hidden == {frozenset(label(h) for h in s.hexes) for s in b.hidden}
    for seat, peer in enumerate(PEER_SEATS[players]):
        mine = b.starts[seat]
        assert groups[peer] == {label(h) for h in mine.hexes}
        assert cells[label(mine.city)] == peer + "*"


@pytest.mark.parametrize("b", ALL, ids=IDS)
def test_every_space_name_round_trips(b: Board) -> None:
    """Every hex of every board prints as a name that reads back as that hex, in any case,
    and the names fit the board's bounding box from A1."""
    columns, rows = b.size
    for h in b.hexes:
        name = label(h)
        assert b.parse(name) == b.parse(name.lower()) == b.parse(token(h)) == h
        assert 0 <= ord(name[0]) - ord("A") < columns and 1 <= int(name[1:]) <= rows
    assert len(set(b.labels())) == len(b.hexes)
    assert any(name[0] == "A" for name in b.labels())
    assert any(name[1:] == "1" for name in b.labels())


@pytest.mark.parametrize("b", ALL, ids=IDS)
def test_names_off_the_board_are_refused(b: Board) -> None:
    """A well-formed name of a space the board lacks is ``off_board``; a malformed one
    ``bad_hex``."""
    columns, rows = b.size
    outside = [chr(ord("A") + columns) + "1", f"A{rows + 1}", "Z99"]
    for h in b.hexes:
        for n in h.neighbours():
            if n not in b and n.q >= 0 and n.r + n.q // 2 >= 0:
                outside.append(label(n))
    for name in outside:
        with pytest.raises(IllegalAction) as refused:
            b.parse(name)
        assert refused.value.code == "off_board"
        assert refused.value.params == {"text": name}
    with pytest.raises(IllegalAction) as bad:
        b.parse("c")
    assert bad.value.code == "bad_hex"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_slot_counts(players: int) -> None:
    """One starting region per player (p.3, step 5: each player's Settlement and Settler go on
    their own starting region; the box has 4, p.2), each for a different seat; 8/12/14
    face-down slots (C2), never more than the box's 16 general regions (p.2)."""
    b = board(players)
    assert b.players == players
    assert len(b.starts) == players <= STARTING_IN_BOX
    assert [s.seat for s in b.starts] == list(range(players))
    assert len({s.city for s in b.starts}) == players
    assert len(b.hidden) == {2: 8, 3: 12, 4: 14}[players] <= GENERAL_IN_BOX
    assert len(b.hexes) == 4 * len(b.slots) == {2: 40, 3: 60, 4: 72}[players]
    assert [s.id for s in b.starts] == [f"s{k + 1}" for k in range(players)]
    assert [s.id for s in b.hidden] == [f"r{k + 1}" for k in range(len(b.hidden))]
    assert "C2" in b.source


def test_no_board_for_other_counts() -> None:
    for n in (0, 1, 5):
        with pytest.raises(IllegalAction) as refused:
            board(n)
        assert refused.value.code == "bad_player_count"


@pytest.mark.parametrize("b", ALL, ids=IDS)
def test_regions_do_not_overlap_and_connect(b: Board) -> None:
    """Slots are disjoint lenses of four hexes, and the board is one piece without holes."""
    seen: set[Hex] = set()
    for s in b.slots:
        assert len(s.hexes) == 4 and connected(s.hexes)
        assert not seen & s.hexes
        seen |= s.hexes
        assert all(b.slot_at(h) is s for h in s.hexes)
    assert seen == b.hexes and connected(b.hexes)
    # Every hex with a neighbour off the board lies on the outer outline: no holes.
    assert set(b.outline) == b.edge
    assert len(b.outline) == len(b.edge)


def test_overlapping_slots_are_refused() -> None:
    lens = Lens.between(parse_hex("B2"), parse_hex("B3"))
    with pytest.raises(ValueError, match="overlap"):
        Board(2, "test", (Slot("r1", lens), Slot("r2", lens.turned())))


@pytest.mark.parametrize("b", ALL, ids=IDS)
def test_starting_regions(b: Board) -> None:
    """The city starts on the starting region's Fertile space (p.3, step 5), which lies as the
    setup lays it; face-down slots take a region either way (p.16)."""
    for s in b.starts:
        assert s.side in START_SIDES
        placed = START_SIDES[s.side or ""].place(s.lens)
        assert placed[s.city] == FERTILE
        assert s.orientations() == (s.lens,)
        # The city lies towards the middle of the board, the Barren end away from it.
        assert _from_middle(b, s.city) < _from_middle(b, s.lens.bottom)
        # Each starting region borders face-down slots only: the first moves explore.
        near = b.adjacent_slots(s.id)
        assert near and all(not b.slot(n).start for n in near)
    for s in b.hidden:
        assert s.side is None and s.seat is None
        assert s.orientations() == (s.lens, s.lens.turned())
        with pytest.raises(ValueError):
            _ = s.city


def _from_middle(b: Board, h: Hex) -> float:
    points = [pixel(x) for x in b.hexes]
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    x, y = pixel(h)
    return math.hypot(x - cx, y - cy)


@pytest.mark.parametrize("b", ALL, ids=IDS)
def test_seats_run_clockwise(b: Board) -> None:
    """Turn order goes to the left, clockwise (p.7), so seat k+1 sits clockwise of seat k."""
    points = [pixel(s.city) for s in b.starts]
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    # y grows downwards, so clockwise on the picture is increasing atan2(y, x).
    angles = [math.atan2(y - cy, x - cx) for x, y in points]
    turns = [
        (angles[(k + 1) % len(angles)] - angles[k]) % (2 * math.pi) for k in range(len(angles))
    ]
    assert sum(turns) == pytest.approx(2 * math.pi)


def _images(b: Board, f: Callable[[Hex], Hex]) -> Callable[[Hex], Hex] | None:
    """``f`` followed by the translation that maps the board onto itself, if there is one."""
    moved = {f(h) for h in b.hexes}
    # A translation keeps the (q, r) order, so it takes the least hex to the least hex.
    shift = min(b.hexes) - min(moved)
    if {h + shift for h in moved} != b.hexes:
        return None
    return lambda h: f(h) + shift


def _turn(h: Hex, k: int, about: Hex, flips: bool) -> Hex:
    """``h`` turned by ``k`` × 60°, then mirrored left to right if ``flips`` (the column
    negated, the height kept)."""
    t = rotate(h, k, about)
    return Hex(-t.q, t.r + t.q) if flips else t


@pytest.mark.parametrize("b", ALL, ids=IDS)
def test_every_player_starts_alike(b: Board) -> None:
    """The boards are fair: for each pair of seats a symmetry of the board (a turn, which
    keeps the tile's side, or a mirror image, which swaps it) carries one starting region,
    its terrains and the slots around it onto the other's."""
    o = Hex(0, 0)
    symmetries: list[tuple[Callable[[Hex], Hex], bool]] = []
    for k in range(6):
        for flips in (False, True):
            g = _images(b, lambda h, k=k, flips=flips: _turn(h, k, o, flips))
            if g is not None and (k or flips):
                symmetries.append((g, flips))
    slot_sets = {s.hexes for s in b.slots}
    start = b.starts[0]
    terrain = START_SIDES[start.side or ""].place(start.lens)
    reached = {0}
    for g, flips in symmetries:
        assert {frozenset(g(h) for h in hexes) for hexes in slot_sets} == slot_sets
        image = b.slot_at(g(start.city))
        assert image is not None and image.start
        if flips == (image.side != start.side):
            there = START_SIDES[image.side or ""].place(image.lens)
            assert {g(h): t for h, t in terrain.items()} == there
            reached.add(image.seat or 0)
    assert reached == set(range(b.players))


@pytest.mark.parametrize("b", ALL, ids=IDS)
def test_adjacency_and_edges(b: Board) -> None:
    """Neighbours stay on the board and are mutual; slot adjacency is symmetric; the edge is
    where a hex has fewer than six neighbours on the board (C32), and every slot on it has a
    hex there."""
    for h in b.hexes:
        around = b.neighbours(h)
        assert all(n in b and h in b.neighbours(n) for n in around)
        assert b.on_edge(h) == (len(around) < 6) == (h in b.edge)
    assert not b.on_edge(Hex(-5, -5))
    for s in b.slots:
        for other in b.adjacent_slots(s.id):
            assert s.id in b.adjacent_slots(other)
        assert b.slot_on_edge(s.id) == any(h in b.edge for h in s.hexes)
    # The outline runs round clockwise, neighbour to neighbour, from the topmost hex.
    ring = b.outline
    assert all(ring[k - 1] in ring[k].neighbours() for k in range(len(ring)))
    assert b.slot_at(Hex(-5, -5)) is None


@pytest.mark.parametrize("b", ALL, ids=IDS)
def test_dealing_face_down_regions(b: Board) -> None:
    """p.3, step 1: the general regions are laid face down at random; the seed decides, each
    slot gets a different region, the rest stay out (C2)."""
    deal = deal_regions(b, Rng(7))
    assert deal == deal_regions(b, Rng(7))
    assert list(deal) == [s.id for s in b.hidden]
    assert len(set(deal.values())) == len(deal) and set(deal.values()) <= set(TILES)
    assert all(tile_id.startswith("g") for tile_id in deal.values())
    deals = {tuple(deal_regions(b, Rng(seed)).values()) for seed in range(20)}
    assert len(deals) > 1
