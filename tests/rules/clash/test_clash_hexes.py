"""Hex geometry of Clash of Cultures: space names, neighbours, distance, regions, outlines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.clash.board.hexes import (
    DIRECTION_NAMES,
    Hex,
    Lens,
    boundary,
    connected,
    direction_between,
    distance,
    from_offset,
    label,
    offset,
    outline,
    parse_hex,
    pixel,
    ring,
    rotate,
    steps,
    token,
    within,
)
from rules.core import IllegalAction

SETTINGS = settings(max_examples=300, deadline=None)
coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coords, coords)
labelled = st.builds(
    from_offset, st.integers(min_value=0, max_value=25), st.integers(min_value=0, max_value=98)
)
turns = st.integers(min_value=-12, max_value=12)
lenses = st.builds(Lens, hexes, st.integers(min_value=0, max_value=5))


# -- space names -----------------------------------------------------------------------------


@SETTINGS
@given(labelled)
def test_names_round_trip(h: Hex) -> None:
    """Every hex of the labelled grid reads back from its label and its token, in any case."""
    assert parse_hex(label(h)) == h
    assert parse_hex(token(h)) == h
    assert token(h) == label(h).lower()
    assert parse_hex(label(h).swapcase()) == h


def test_names_follow_the_printed_grid() -> None:
    """Columns are letters from A, rows numbers from 1; odd columns sit half a hex lower, so
    C4's neighbours to the east are D3 (above) and D4 (below)."""
    c4 = parse_hex("C4")
    assert offset(c4) == (2, 3)
    assert [label(n) for n in c4.neighbours()] == ["C3", "D3", "D4", "C5", "B4", "B3"]
    assert [label(n) for n in parse_hex("D4").neighbours()] == ["D3", "E4", "E5", "D5", "C5", "C4"]
    assert label(from_offset(25, 98)) == "Z99"


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "c",
        "4",
        "4c",
        "cc4",
        "c4c",
        "c0",
        "c04",
        "c100",
        "c-4",
        "c 4",
        "c4.",
        "@c4",
        "ç4",
        "c٤",  # an Arabic-Indic digit
        "c４",  # a full-width digit
        "c³",
        "\u212a4",  # the Kelvin sign, which lower() turns into k
    ],
)
def test_bad_names_are_refused(text: str) -> None:
    """Anything but one ASCII letter and a number 1-99 without leading zeros is ``bad_hex``."""
    with pytest.raises(IllegalAction) as refused:
        parse_hex(text)
    assert refused.value.code == "bad_hex"
    assert refused.value.params == {"text": text}


@pytest.mark.parametrize("h", [Hex(-1, 0), Hex(0, -1), Hex(26, 0), Hex(0, 99)])
def test_no_label_outside_the_grid(h: Hex) -> None:
    """Hexes left of column A or above row 1 have no name: no board has them."""
    with pytest.raises(ValueError):
        label(h)


# -- neighbours and distance -----------------------------------------------------------------


@SETTINGS
@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@SETTINGS
@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@SETTINGS
@given(hexes, hexes)
def test_distance_one_means_neighbour(a: Hex, b: Hex) -> None:
    assert (distance(a, b) == 1) == (b in a.neighbours())
    assert (direction_between(a, b) is not None) == (b in a.neighbours())


@SETTINGS
@given(hexes)
def test_six_distinct_neighbours(h: Hex) -> None:
    """Six neighbours, clockwise from north, each the opposite direction's way back."""
    around = h.neighbours()
    assert len(set(around)) == 6 and len(DIRECTION_NAMES) == 6
    for d, n in enumerate(around):
        assert n.neighbour(d + 3) == h
        assert direction_between(h, n) == d
        # Consecutive neighbours touch each other: the ring closes.
        assert distance(n, around[(d + 1) % 6]) == 1


near_hexes = st.builds(Hex, st.integers(-6, 6), st.integers(-6, 6))


@settings(max_examples=100, deadline=None)
@given(near_hexes, near_hexes)
def test_distance_is_the_fewest_steps(a: Hex, b: Hex) -> None:
    """On an open grid the walked distance (steps) is the formula's."""
    bound = distance(a, b)
    near = set(within(a, bound))
    assert steps(a, near.__contains__)[b] == bound


@SETTINGS
@given(hexes, hexes, hexes, turns)
def test_rotation_keeps_distances(a: Hex, b: Hex, about: Hex, k: int) -> None:
    assert distance(rotate(a, k, about), rotate(b, k, about)) == distance(a, b)
    assert rotate(a, k + 6, about) == rotate(a, k, about)
    assert rotate(rotate(a, k, about), -k, about) == a


def test_rotation_is_clockwise() -> None:
    """One step of rotate turns north into north-east, and so on round."""
    o = Hex(0, 0)
    for d in range(6):
        assert rotate(o.neighbour(d), 1, o) == o.neighbour(d + 1)


@pytest.mark.parametrize("radius", range(5))
def test_rings_and_discs(radius: int) -> None:
    centre = Hex(3, -2)
    around = ring(centre, radius)
    assert len(around) == len(set(around)) == max(1, 6 * radius)
    assert all(distance(centre, h) == radius for h in around)
    # Consecutive hexes of a ring are neighbours, clockwise from the north one.
    if radius:
        assert around[0] == Hex(centre.q, centre.r - radius)
        assert all(distance(around[i - 1], around[i]) == 1 for i in range(len(around)))
    disc = within(centre, radius)
    assert len(disc) == len(set(disc)) == 1 + 3 * radius * (radius + 1)
    assert ring(centre, -1) == ()


def test_steps_go_round_obstacles_and_stop_at_the_limit() -> None:
    """A wall across the straight path makes the walk longer; the limit cuts it off."""
    a, b = parse_hex("A5"), parse_hex("E5")
    wall = {parse_hex(x) for x in ("C3", "C4", "C5", "C6")}
    area = set(within(parse_hex("C5"), 4)) - wall
    found = steps(a, area.__contains__)
    assert found[b] > distance(a, b) == 4
    assert all(k <= 2 for k in steps(a, area.__contains__, limit=2).values())


def test_pixels_follow_the_layout() -> None:
    """Odd columns are drawn half a hex lower than even ones on the same row."""
    (xa, ya), (xb, yb) = pixel(parse_hex("A1")), pixel(parse_hex("B1"))
    assert xb > xa and yb > ya
    assert pixel(parse_hex("C1"))[1] == pytest.approx(ya)


# -- regions ---------------------------------------------------------------------------------


@SETTINGS
@given(lenses)
def test_a_region_is_four_connected_hexes(lens: Lens) -> None:
    """p.4: a region is four spaces; here the lens of tile order top, left, right, bottom."""
    top, left, right, bottom = lens.hexes
    assert len(lens.footprint) == 4 and connected(lens.footprint)
    assert distance(top, bottom) == 1 and distance(left, right) == 2
    assert all(distance(side, end) == 1 for side in (left, right) for end in (top, bottom))
    assert Lens.between(top, bottom) == lens


@SETTINGS
@given(lenses)
def test_turning_keeps_the_slot(lens: Lens) -> None:
    """A slot holds a region as printed or turned 180° (p.16): same hexes, ends swapped."""
    turned = lens.turned()
    assert turned.footprint == lens.footprint and turned != lens
    assert turned.hexes == (lens.bottom, lens.right, lens.left, lens.top)
    assert turned.turned() == lens


@SETTINGS
@given(lenses, turns)
def test_rotation_is_a_cycle_of_six(lens: Lens, k: int) -> None:
    """Turning by 60° six times comes back; the six turns are six different placements, and
    the same as rotating every hex about the top."""
    assert lens.rotated(6) == lens
    placements = {lens.rotated(i).footprint for i in range(6)}
    assert len(placements) == 6
    assert lens.rotated(k).hexes == tuple(rotate(h, k, lens.top) for h in lens.hexes)
    assert lens.rotated(k).rotated(-k) == lens


def test_lens_needs_neighbours_and_a_direction() -> None:
    with pytest.raises(ValueError):
        Lens.between(parse_hex("C4"), parse_hex("C6"))
    with pytest.raises(ValueError):
        Lens(Hex(0, 0), 6)


# -- outlines --------------------------------------------------------------------------------


def test_outline_of_a_disc_is_its_ring() -> None:
    """The outline of a disc is its outer ring, clockwise from the top."""
    centre = parse_hex("E5")
    disc = within(centre, 2)
    assert outline(disc) == ring(centre, 2)
    assert boundary(disc) == frozenset(ring(centre, 2))


def test_outline_of_small_shapes() -> None:
    one = parse_hex("C3")
    assert outline([one]) == (one,)
    assert outline([]) == ()
    # A neck: two discs joined through one hex, which the walk passes twice.
    a, b = within(parse_hex("C3"), 1), within(parse_hex("G3"), 1)
    neck = parse_hex("E3")
    walk = outline({*a, *b, neck})
    assert walk.count(neck) == 2
    assert set(walk) == boundary({*a, *b, neck})
