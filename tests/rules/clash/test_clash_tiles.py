"""The region tiles of Clash of Cultures: 16 general regions and the two-sided starting region."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.clash.board.hexes import Hex, Lens, S
from rules.clash.board.tiles import (
    BARREN,
    CITY,
    FERTILE,
    FOREST,
    GENERAL_IN_BOX,
    LAND,
    MOUNTAIN,
    REGIONS,
    SEA,
    START_SIDES,
    TERRAINS,
    TILES,
    Tile,
    tile,
)

ALL = (*REGIONS, *START_SIDES.values())


def test_the_box_holds_sixteen_general_regions() -> None:
    """p.2: "Térségek 4 Kezdőtérség 16 Általános térség" (4 starting, 16 general regions)."""
    assert len(REGIONS) == GENERAL_IN_BOX == 16
    assert len({t.id for t in REGIONS}) == 16
    assert [t.id for t in REGIONS] == [f"g{n:02d}" for n in range(1, 17)]
    assert set(TILES) == {t.id for t in ALL}
    assert tile("g07") is REGIONS[6]
    with pytest.raises(KeyError):
        tile("g17")


@pytest.mark.parametrize("t", ALL, ids=lambda t: t.id)
def test_every_tile_has_four_spaces_of_known_terrain(t: Tile) -> None:
    """p.4, p.5: four spaces, each Fertile, Forest, Mountain, Barren or Sea; a source and how
    sure it is."""
    assert len(t.terrains) == 4
    assert set(t.terrains) <= set(TERRAINS)
    assert t.confidence in ("high", "medium", "low")
    assert "C3" in t.source
    # Every region has some land: a unit entering it never has to stand on Sea (p.16, rule 1).
    assert any(x in LAND for x in t.terrains)


def test_terrain_totals_match_the_research_note() -> None:
    """The peer's regions (C3): 17 Fertile, 16 Sea, 14 Mountain, 12 Forest, 5 Barren on the general
    regions; no region has more than two Sea spaces."""
    totals = Counter(x for t in REGIONS for x in t.terrains)
    assert totals == {FERTILE: 17, SEA: 16, MOUNTAIN: 14, FOREST: 12, BARREN: 5}
    assert max(t.count(SEA) for t in REGIONS) == 2


def test_barbarian_symbol_on_regions_with_two_fertile_spaces() -> None:
    """p.13, p.16: the symbol is on every region with two or more Fertile spaces; four of the
    sixteen (C3), and not the starting region."""
    marked = [t.id for t in REGIONS if t.barbarian_symbol]
    assert marked == ["g05", "g10", "g14", "g15"]
    assert all(t.barbarian_symbol == (t.count(FERTILE) >= 2) for t in ALL)
    assert not any(t.barbarian_symbol for t in START_SIDES.values())


def test_starting_region_sides_differ_only_in_mountain_and_forest() -> None:
    """p.5: the starting region is Fertile (the city, p.3), Mountain, Forest and Barren; its
    two sides differ only in where the Mountain and the Forest lie."""
    a, b = START_SIDES["a"], START_SIDES["b"]
    for side in (a, b):
        assert sorted(side.terrains) == sorted((FERTILE, MOUNTAIN, FOREST, BARREN))
        assert side.terrains[CITY] == FERTILE
    differ = [i for i in range(4) if a.terrains[i] != b.terrains[i]]
    assert {a.terrains[i] for i in differ} == {b.terrains[i] for i in differ} == {MOUNTAIN, FOREST}


def test_placing_a_tile() -> None:
    """Terrains land on the lens in tile order; turned 180° they swap ends (p.16)."""
    g03 = tile("g03")  # Sea, Sea, Mountain, Fertile
    lens = Lens(Hex(2, 2), S)
    placed = g03.place(lens)
    assert placed == {lens.top: SEA, lens.left: SEA, lens.right: MOUNTAIN, lens.bottom: FERTILE}
    turned = g03.place(lens.turned())
    assert set(turned) == set(placed)
    assert turned[lens.bottom] == SEA and turned[lens.top] == FERTILE
    assert turned[lens.right] == SEA and turned[lens.left] == MOUNTAIN


@pytest.mark.parametrize("t", REGIONS, ids=lambda t: t.id)
def test_rotating_a_placed_tile_is_a_cycle_of_six(t: Tile) -> None:
    """Six 60° turns about the top bring a tile back; each turn keeps its terrains."""
    lens = Lens(Hex(5, 5), S)
    placements = [t.place(lens.rotated(k)) for k in range(7)]
    assert placements[6] == placements[0]
    assert len({frozenset(p) for p in placements[:6]}) == 6
    assert all(Counter(p.values()) == Counter(t.terrains) for p in placements)
