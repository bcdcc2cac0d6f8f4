"""The region tiles of Clash of Cultures (original 2012 edition) as data.

The box holds 4 starting regions and 16 general regions (rulebook p.2: "Térségek 4
Kezdőtérség 16 Általános térség"), each of four spaces (p.4, p.5). A space has one of five
terrains (p.5): Fertile (Termőföld), Forest (Erdő), Mountain (Hegység), Barren (Pusztaság) and
Sea (Tenger). Every region with two or more Fertile spaces carries the barbarian symbol (p.13,
p.16), so the symbol is derived, never listed. The Exhausted marker (p.13) lies on a space; it
is not a terrain.

The seed's pictures are lost, so which terrain lies where on the general regions comes from the
Monumental peer (``boardgamers/clash`` ``server/src/map.rs``): medium
confidence (open point C3). The starting region's terrains are the seed's (p.5: Fertile for
the city, Mountain, Forest, Barren; its two sides differ only in where Mountain and Forest lie),
their layout the peer's.

Terrains are listed in tile order, top, left, right, bottom (:class:`rules.clash.board.hexes.Lens`).

>>> len(REGIONS), [t.id for t in REGIONS if t.barbarian_symbol]
(16, ['g05', 'g10', 'g14', 'g15'])
>>> START_SIDES["a"].terrains
('fertile', 'forest', 'mountain', 'barren')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from rules.clash.board.hexes import Hex, Lens

Terrain = Literal["fertile", "forest", "mountain", "barren", "sea"]
FERTILE: Final = "fertile"
FOREST: Final = "forest"
MOUNTAIN: Final = "mountain"
BARREN: Final = "barren"
SEA: Final = "sea"
#: Every terrain, in the order of the rulebook's table (p.5).
TERRAINS: tuple[Terrain, ...] = (FERTILE, MOUNTAIN, FOREST, SEA, BARREN)
#: Land is any space but Sea (p.4, "Szárazföld").
LAND: frozenset[Terrain] = frozenset({FERTILE, FOREST, MOUNTAIN, BARREN})

Confidence = Literal["high", "medium", "low"]

#: Regions in the box (p.2): starting regions (one per player, two-sided) and general ones.
STARTING_IN_BOX = 4
GENERAL_IN_BOX = 16
#: Index, in tile order, of the starting region's Fertile space, where the city starts (p.3).
CITY = 0
#: Fertile spaces that put the barbarian symbol on a region (p.13, p.16).
BARBARIAN_FERTILE = 2


@dataclass(frozen=True, slots=True)
class Tile:
    """One side of a region tile: ``terrains`` in tile order (top, left, right, bottom), where
    the data comes from and how sure it is."""

    id: str
    terrains: tuple[Terrain, Terrain, Terrain, Terrain]
    source: str
    confidence: Confidence

    def count(self, terrain: Terrain) -> int:
        """Spaces of ``terrain`` on the tile."""
        return self.terrains.count(terrain)

    @property
    def barbarian_symbol(self) -> bool:
        """Whether exploring it brings a barbarian city and army (p.13, p.16)."""
        return self.count(FERTILE) >= BARBARIAN_FERTILE

    def place(self, lens: Lens) -> dict[Hex, Terrain]:
        """The terrain of each hex with the tile lying at ``lens``."""
        return dict(zip(lens.hexes, self.terrains, strict=True))


_PEER = "C3: peer region #{n} (boardgamers/clash server/src/map.rs BLOCKS, Monumental)"


def _region(n: int, top: Terrain, left: Terrain, right: Terrain, bottom: Terrain) -> Tile:
    return Tile(f"g{n:02d}", (top, left, right, bottom), _PEER.format(n=n), "medium")


#: The 16 general regions, numbered in the peer's order (C3: by number of Sea spaces). The
#: original's own numbering, if any, is unknown.
REGIONS: tuple[Tile, ...] = (
    _region(1, SEA, SEA, FOREST, FOREST),
    _region(2, SEA, MOUNTAIN, SEA, MOUNTAIN),
    _region(3, SEA, SEA, MOUNTAIN, FERTILE),
    _region(4, SEA, FOREST, SEA, FERTILE),
    _region(5, SEA, FERTILE, FERTILE, BARREN),
    _region(6, SEA, BARREN, FOREST, FERTILE),
    _region(7, SEA, MOUNTAIN, MOUNTAIN, FOREST),
    _region(8, SEA, FERTILE, FOREST, MOUNTAIN),
    _region(9, FOREST, SEA, FERTILE, FOREST),
    _region(10, FERTILE, SEA, FERTILE, BARREN),
    _region(11, MOUNTAIN, SEA, FERTILE, MOUNTAIN),
    _region(12, FERTILE, SEA, BARREN, MOUNTAIN),
    _region(13, FOREST, MOUNTAIN, FERTILE, MOUNTAIN),
    _region(14, FERTILE, FERTILE, FERTILE, FOREST),
    _region(15, FERTILE, MOUNTAIN, FOREST, FERTILE),
    _region(16, MOUNTAIN, FOREST, MOUNTAIN, BARREN),
)

_START = (
    "p.5 (terrains; the sides differ only in where Mountain and Forest lie); layout "
    "the peer's (C3: STARTING_BLOCKS side {side})"
)

#: The two sides of the starting region, named as in the peer (the original's printed side
#: names are unknown). The city's Fertile space is on top; the Barren space at the bottom.
START_SIDES: dict[str, Tile] = {
    "a": Tile("start_a", (FERTILE, FOREST, MOUNTAIN, BARREN), _START.format(side="A"), "medium"),
    "b": Tile("start_b", (FERTILE, MOUNTAIN, FOREST, BARREN), _START.format(side="B"), "medium"),
}

#: Every tile by id.
TILES: dict[str, Tile] = {t.id: t for t in (*REGIONS, *START_SIDES.values())}


def tile(tile_id: str) -> Tile:
    """The tile with this id (``g01``..``g16``, ``start_a``, ``start_b``); KeyError otherwise."""
    return TILES[tile_id]
