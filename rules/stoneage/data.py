"""Fixed tables of Stone Age: locations, resources, the 36 civilization cards, the 28 buildings.

Resources are small ints (indices into :data:`RESOURCES`) inside the engine and tokens
(``wood``) in actions, events and views; counts per resource are lists in that order. Cards and
buildings are identified by the ids of the rules reference (``G06``, ``S08``; a building tile by
its type plus a copy letter when the box holds several: ``B10a``, ``V17c``).

>>> RESOURCES[STONE], VALUES[GOLD], len(CARDS), len(BUILDING_TILES)
('stone', 6, 36, 28)
>>> CARDS["S08"].figure, CARDS["S08"].multiplier, CARDS["S08"].effect.kind
('toolmaker', 2, 'one_use_tool')
>>> tool_tiles(7), tool_tiles(12)
((3, 2, 2), (4, 4, 4))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from rules.core import JSON

# -- resources and locations ------------------------------------------------------------------

RESOURCES: tuple[str, ...] = ("wood", "brick", "stone", "gold")
WOOD, BRICK, STONE, GOLD = range(4)
NR = len(RESOURCES)
RESOURCE_INDEX: dict[str, int] = {r: i for i, r in enumerate(RESOURCES)}
#: Points of one resource on a building, and the divisor of the dice where it is gathered.
VALUES: tuple[int, ...] = (3, 4, 5, 6)
FOOD_DIVISOR = 2

#: The eight fixed locations of the board, in board order (resource sites, then the village).
LOCATIONS: tuple[str, ...] = (
    "hunting",
    "forest",
    "clay",
    "quarry",
    "river",
    "toolmaker",
    "hut",
    "field",
)
HUNTING, FOREST, CLAY, QUARRY, RIVER, TOOLMAKER, HUT, FIELD = range(8)
NL = len(LOCATIONS)
LOCATION_INDEX: dict[str, int] = {loc: i for i, loc in enumerate(LOCATIONS)}
#: Sites whose yield is rolled: location -> resource index (None = food).
ROLLED: dict[int, int | None] = {
    HUNTING: None,
    FOREST: WOOD,
    CLAY: BRICK,
    QUARRY: STONE,
    RIVER: GOLD,
}
RESOURCE_SITES: tuple[int, ...] = (FOREST, CLAY, QUARRY, RIVER)
VILLAGE: tuple[int, ...] = (TOOLMAKER, HUT, FIELD)
#: People a location holds in total (None = unlimited). The hut takes exactly 2 of one player.
CAPACITY: dict[int, int | None] = {
    HUNTING: None,
    FOREST: 7,
    CLAY: 7,
    QUARRY: 7,
    RIVER: 7,
    TOOLMAKER: 1,
    HUT: 2,
    FIELD: 1,
}

# -- the game's numbers -----------------------------------------------------------------------

START_PEOPLE = 5
MAX_PEOPLE = 10
START_FOOD = 12
MAX_AGRICULTURE = 10
MAX_TOOLS = 12
TOOL_SLOTS = 3
DISPLAY_SIZE = 4
STACK_SIZE = 7
STACKS_IN_BOX = 4
STARVATION_PENALTY = 10
#: With 2-3 players only this many of tool maker, hut and field may be used in a round.
VILLAGE_LIMIT_FEW = 2
#: With 2 or 3 players at most this many different players may use one resource site.
SITE_PLAYERS: dict[int, int] = {2: 1, 3: 2, 4: 4}


def tool_tiles(total: int) -> tuple[int, ...]:
    """The tool tiles (highest first) a player holds after gaining ``total`` tools (0-12).

    The printed upgrade path: new 1s up to three tiles, then 1 -> 2, 2 -> 3, 3 -> 4, always
    upgrading the lowest tile, so the tile values add up to the number of tools gained.
    """
    if total <= TOOL_SLOTS:
        return (1,) * total
    base, extra = divmod(total, TOOL_SLOTS)
    return (base + 1,) * extra + (base,) * (TOOL_SLOTS - extra)


# -- civilization cards ---------------------------------------------------------------------------

GREEN_SYMBOLS: tuple[str, ...] = (
    "pottery",
    "weaving",
    "medicine",
    "art",
    "writing",
    "sundial",
    "transport",
    "music",
)
FIGURES: tuple[str, ...] = ("farmer", "toolmaker", "hut_builder", "shaman")

#: Top-effect kinds of the cards (``stoneage.effect.<kind>`` names them).
EffectKind = Literal[
    "food",
    "resource",
    "points",
    "agriculture",
    "tool",
    "one_use_tool",
    "dice_for_all",
    "dice",
    "extra_card",
    "choice",
]
EFFECT_KINDS: tuple[EffectKind, ...] = get_args(EffectKind)


@dataclass(frozen=True, slots=True)
class CardEffect:
    """The top half of a card: ``kind`` (one of :data:`EFFECT_KINDS`), an amount, and the
    resource for ``resource`` and ``dice`` effects (for ``dice`` the amount is the dice rolled,
    for ``one_use_tool`` it is the tool's value, for ``choice`` the resources to take)."""

    kind: str
    amount: int = 1
    resource: int | None = None

    def to_json(self) -> dict[str, JSON]:
        """``{"kind": "resource", "amount": 2, "resource": "stone"}`` (no resource: null)."""
        return {
            "kind": self.kind,
            "amount": self.amount,
            "resource": None if self.resource is None else RESOURCES[self.resource],
        }


@dataclass(frozen=True, slots=True)
class Card:
    """A civilization card: a green culture symbol or a sand figure with its multiplier."""

    id: str
    color: str  # "green" or "sand"
    symbol: str | None
    figure: str | None
    multiplier: int
    effect: CardEffect

    def to_json(self) -> dict[str, JSON]:
        """The card as the views show it."""
        return {
            "id": self.id,
            "color": self.color,
            "symbol": self.symbol,
            "figure": self.figure,
            "multiplier": self.multiplier if self.figure else None,
            "effect": self.effect.to_json(),
        }


def _green(cid: str, symbol: str, effect: CardEffect) -> Card:
    return Card(cid, "green", symbol, None, 0, effect)


def _sand(cid: str, figure: str, multiplier: int, effect: CardEffect) -> Card:
    return Card(cid, "sand", None, figure, multiplier, effect)


_DFA = CardEffect("dice_for_all")
_FOOD = "food"

CARD_LIST: tuple[Card, ...] = (
    _green("G01", "pottery", CardEffect(_FOOD, 7)),
    _green("G02", "pottery", _DFA),
    _green("G03", "weaving", CardEffect(_FOOD, 3)),
    _green("G04", "weaving", CardEffect(_FOOD, 1)),
    _green("G05", "medicine", CardEffect(_FOOD, 5)),
    _green("G06", "medicine", CardEffect("choice", 2)),
    _green("G07", "art", CardEffect("tool", 1)),
    _green("G08", "art", CardEffect("dice", 2, GOLD)),
    _green("G09", "writing", CardEffect("extra_card", 1)),
    _green("G10", "writing", _DFA),
    _green("G11", "sundial", CardEffect("agriculture", 1)),
    _green("G12", "sundial", _DFA),
    _green("G13", "transport", CardEffect("resource", 2, STONE)),
    _green("G14", "transport", _DFA),
    _green("G15", "music", CardEffect("points", 3)),
    _green("G16", "music", CardEffect("points", 3)),
    _sand("S01", "farmer", 1, CardEffect("resource", 1, STONE)),
    _sand("S02", "farmer", 1, CardEffect("agriculture", 1)),
    _sand("S03", "farmer", 1, _DFA),
    _sand("S04", "farmer", 2, CardEffect(_FOOD, 3)),
    _sand("S05", "farmer", 2, _DFA),
    _sand("S06", "toolmaker", 1, CardEffect("one_use_tool", 4)),
    _sand("S07", "toolmaker", 1, CardEffect("one_use_tool", 3)),
    _sand("S08", "toolmaker", 2, CardEffect("one_use_tool", 2)),
    _sand("S09", "toolmaker", 2, _DFA),
    _sand("S10", "toolmaker", 2, _DFA),
    _sand("S11", "hut_builder", 1, CardEffect(_FOOD, 4)),
    _sand("S12", "hut_builder", 1, _DFA),
    _sand("S13", "hut_builder", 2, CardEffect(_FOOD, 2)),
    _sand("S14", "hut_builder", 2, _DFA),
    _sand("S15", "hut_builder", 3, CardEffect("points", 3)),
    _sand("S16", "shaman", 1, CardEffect("resource", 1, STONE)),
    _sand("S17", "shaman", 1, CardEffect("resource", 1, GOLD)),
    _sand("S18", "shaman", 1, CardEffect("dice", 2, STONE)),
    _sand("S19", "shaman", 2, CardEffect("resource", 1, BRICK)),
    _sand("S20", "shaman", 2, CardEffect("dice", 2, WOOD)),
)
CARDS: dict[str, Card] = {c.id: c for c in CARD_LIST}
CARD_IDS: tuple[str, ...] = tuple(CARDS)

#: Dice-for-all faces 1-4 give a resource, 5 a tool, 6 one step on the food track.
DFA_TOOL_FACE = 5
DFA_AGRICULTURE_FACE = 6

# -- buildings --------------------------------------------------------------------------------

BUILDING_KINDS: tuple[str, ...] = ("fixed", "variable", "any")


@dataclass(frozen=True, slots=True)
class BuildingType:
    """A building: ``fixed`` cost (points = its value), ``variable`` (exactly ``count``
    resources of exactly ``kinds`` kinds) or ``any`` (``count`` = 1..``upto`` of any kinds);
    the two variable kinds score the value paid."""

    id: str
    kind: str
    cost: tuple[int, ...] = ()  # resource count per kind, fixed kind only
    count: int = 0
    kinds: int = 0
    upto: int = 0

    @property
    def points(self) -> int | None:
        """Points of a fixed-cost building (None for the others: they score what is paid)."""
        if self.kind != "fixed":
            return None
        return sum(n * v for n, v in zip(self.cost, VALUES, strict=True))

    def to_json(self) -> dict[str, JSON]:
        """The tile's rule as the views show it."""
        out: dict[str, JSON] = {"type": self.id, "kind": self.kind}
        if self.kind == "fixed":
            out["cost"] = [RESOURCES[r] for r in range(NR) for _ in range(self.cost[r])]
            out["points"] = self.points
        elif self.kind == "variable":
            out["count"] = self.count
            out["kinds"] = self.kinds
        else:
            out["min"] = 1
            out["max"] = self.upto
        return out


def _fixed(tid: str, wood: int, brick: int, stone: int, gold: int) -> BuildingType:
    return BuildingType(tid, "fixed", (wood, brick, stone, gold))


BUILDING_TYPES: dict[str, BuildingType] = {
    b.id: b
    for b in (
        _fixed("B01", 2, 1, 0, 0),
        _fixed("B02", 2, 0, 1, 0),
        _fixed("B03", 1, 2, 0, 0),
        _fixed("B04", 2, 0, 0, 1),
        _fixed("B05", 1, 0, 2, 0),
        _fixed("B06", 0, 2, 1, 0),
        _fixed("B07", 0, 2, 0, 1),
        _fixed("B08", 0, 1, 2, 0),
        _fixed("B09", 0, 0, 2, 1),
        _fixed("B10", 1, 1, 1, 0),
        _fixed("B11", 1, 1, 0, 1),
        _fixed("B12", 1, 0, 1, 1),
        _fixed("B13", 0, 1, 1, 1),
        BuildingType("V41", "variable", count=4, kinds=1),
        BuildingType("V42", "variable", count=4, kinds=2),
        BuildingType("V43", "variable", count=4, kinds=3),
        BuildingType("V44", "variable", count=4, kinds=4),
        BuildingType("V51", "variable", count=5, kinds=1),
        BuildingType("V52", "variable", count=5, kinds=2),
        BuildingType("V53", "variable", count=5, kinds=3),
        BuildingType("V54", "variable", count=5, kinds=4),
        BuildingType("V17", "any", upto=7),
    )
}
#: Copies of each building type in the box (the rest: one each).
COPIES: dict[str, int] = {"B10": 2, "B11": 2, "B12": 2, "B13": 2, "V17": 3}


def _tile_ids() -> tuple[str, ...]:
    out: list[str] = []
    for tid in BUILDING_TYPES:
        copies = COPIES.get(tid, 1)
        out += [tid] if copies == 1 else [f"{tid}{'abc'[i]}" for i in range(copies)]
    return tuple(out)


#: Every building tile of the box (28).
BUILDING_TILES: tuple[str, ...] = _tile_ids()


def building_type(tile: str) -> BuildingType:
    """The type of a tile id (``B10b`` -> B10)."""
    return BUILDING_TYPES[tile[:3]]


def tile_json(tile: str) -> dict[str, JSON]:
    """A building tile as the views show it: its id plus its type's rule."""
    return {"id": tile, **building_type(tile).to_json()}


# -- options ----------------------------------------------------------------------------------

#: Tie-break readings: the Hungarian rulebook's sequence or the sum of the English rules.
TIEBREAKS: tuple[str, ...] = ("sequence", "sum")
