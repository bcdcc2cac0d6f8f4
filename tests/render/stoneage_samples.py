"""Hand-built Stone Age views following the schema in docs/architecture.md ("Stone Age view").

Each function returns a fresh dict, so a test may change it freely.
"""

from __future__ import annotations

from typing import Any

LOCATIONS = ("hunting", "forest", "clay", "quarry", "river", "toolmaker", "hut", "field")
FIGURES = ("farmer", "toolmaker", "hut_builder", "shaman")


def green(cid: str, symbol: str, kind: str, amount: int = 1, resource: str | None = None) -> dict:
    return {
        "id": cid,
        "color": "green",
        "symbol": symbol,
        "figure": None,
        "multiplier": None,
        "effect": {"kind": kind, "amount": amount, "resource": resource},
    }


def sand(
    cid: str, figure: str, multiplier: int, kind: str, amount: int = 1, resource: str | None = None
) -> dict:
    return {
        "id": cid,
        "color": "sand",
        "symbol": None,
        "figure": figure,
        "multiplier": multiplier,
        "effect": {"kind": kind, "amount": amount, "resource": resource},
    }


# A few cards of the box, as the views show them.
G01 = green("G01", "pottery", "food", 7)
G06 = green("G06", "medicine", "choice", 2)
G08 = green("G08", "art", "dice", 2, "gold")
G09 = green("G09", "writing", "extra_card")
G10 = green("G10", "writing", "dice_for_all")
G11 = green("G11", "sundial", "agriculture")
G13 = green("G13", "transport", "resource", 2, "stone")
G15 = green("G15", "music", "points", 3)
S04 = sand("S04", "farmer", 2, "food", 3)
S06 = sand("S06", "toolmaker", 1, "one_use_tool", 4)
S08 = sand("S08", "toolmaker", 2, "one_use_tool", 2)
S12 = sand("S12", "hut_builder", 1, "dice_for_all")
S15 = sand("S15", "hut_builder", 3, "points", 3)
S17 = sand("S17", "shaman", 1, "resource", 1, "gold")
S20 = sand("S20", "shaman", 2, "dice", 2, "wood")


def space(position: int, card: dict | None, person: int | None = None) -> dict:
    return {"position": position, "cost": position, "card": card, "person": person}


def fixed(tile: str, cost: list[str], points: int) -> dict:
    return {"id": tile, "type": tile[:3], "kind": "fixed", "cost": cost, "points": points}


def variable(tile: str, count: int, kinds: int) -> dict:
    return {"id": tile, "type": tile[:3], "kind": "variable", "count": count, "kinds": kinds}


def anything(tile: str) -> dict:
    return {"id": tile, "type": tile[:3], "kind": "any", "min": 1, "max": 7}


def stack(index: int, size: int, top: dict | None, person: int | None = None) -> dict:
    return {"stack": index, "size": size, "top": top, "person": person}


def locations(n: int, **people: list[int]) -> dict[str, list[int]]:
    return {loc: list(people.get(loc, [0] * n)) for loc in LOCATIONS}


def seat(
    index: int,
    player: str,
    *,
    total: int = 5,
    placed: int = 0,
    food: int = 12,
    agriculture: int = 0,
    resources: dict[str, int] | None = None,
    tools: list[tuple[int, bool]] | None = None,
    one_use: list[tuple[str, int]] | None = None,
    score: int = 0,
    cards: int = 0,
    buildings: list[str] | None = None,
    medicine: int = 0,
    resigned: bool = False,
) -> dict[str, Any]:
    return {
        "seat": index,
        "player": player,
        "people": {"total": total, "home": total - placed, "placed": placed},
        "food": food,
        "agriculture": agriculture,
        "resources": {"wood": 0, "brick": 0, "stone": 0, "gold": 0, **(resources or {})},
        "tools": [{"value": v, "used": u} for v, u in (tools or [])],
        "one_use_tools": [{"card": c, "value": v} for c, v in (one_use or [])],
        "score": score,
        "cards": cards,
        "card_ids": None,
        "multipliers": None,
        "symbols": None,
        "buildings": buildings or [],
        "medicine": medicine,
        "resigned": resigned,
    }


def base(players: list[str]) -> dict[str, Any]:
    n = len(players)
    return {
        "game": "stoneage",
        "players": players,
        "seat": None,
        "options": {"open_cards": False, "tiebreak": "sequence"},
        "round": 1,
        "phase": "place",
        "first_player": 0,
        "active": 0,
        "locations": locations(n),
        "usable": {"toolmaker": True, "hut": True, "field": True},
        "display": [space(1, G06), space(2, S08), space(3, G13), space(4, S15)],
        "deck": 32,
        "buildings": [],
        "seats": [seat(i, p) for i, p in enumerate(players)],
        "dice": None,
        "dice_for_all": None,
        "pending": [],
        "recent": [],
        "outcome": None,
    }


def two_player_place() -> dict[str, Any]:
    """Round 4, phase 1: bob to place; the field is closed (two village places taken)."""
    view = base(["alice", "bob"])
    view.update(
        round=4,
        phase="place",
        first_player=1,
        active=1,
        locations=locations(2, hunting=[3, 0], forest=[0, 2], toolmaker=[1, 0], hut=[0, 2]),
        usable={"toolmaker": True, "hut": True, "field": False},
        display=[space(1, G06, person=0), space(2, S08), space(3, G13), space(4, S15)],
        deck=24,
        buildings=[
            stack(1, 5, fixed("B10a", ["wood", "brick", "stone"], 12)),
            stack(2, 6, variable("V42", 4, 2), person=0),
        ],
        seats=[
            seat(
                0,
                "alice",
                total=6,
                placed=6,
                food=4,
                agriculture=2,
                resources={"wood": 3, "stone": 1},
                tools=[(2, False), (1, False), (1, False)],
                score=27,
                cards=4,
                buildings=["B01", "V17b"],
            ),
            seat(
                1,
                "bob",
                total=5,
                placed=4,
                food=9,
                agriculture=1,
                resources={"brick": 2, "gold": 1},
                tools=[(1, False)],
                one_use=[("S06", 4)],
                score=18,
                cards=2,
                buildings=["B06"],
                medicine=1,
            ),
        ],
        pending=[{"seat": 1, "kind": "place", "params": {"home": 1}}],
        recent=[
            {"kind": "stoneage.placed", "params": {"player": "bob", "location": "hut", "count": 2}},
            {
                "kind": "stoneage.placed",
                "params": {"player": "alice", "location": "hunting", "count": 3},
            },
            {
                "kind": "stoneage.placed",
                "params": {"player": "bob", "location": "forest", "count": 2},
            },
            {"kind": "stoneage.placed_building", "params": {"player": "alice", "stack": 2}},
        ],
    )
    return view


def three_player_resolve() -> dict[str, Any]:
    """Round 3, phase 2: carol rolled at the quarry and is choosing tools (the example of
    docs/architecture.md)."""
    view = base(["alice", "bob", "carol"])
    view.update(
        round=3,
        phase="resolve",
        first_player=2,
        active=2,
        locations=locations(
            3,
            hunting=[3, 0, 2],
            forest=[0, 2, 0],
            quarry=[2, 0, 0],
            toolmaker=[0, 1, 0],
            field=[0, 0, 1],
        ),
        usable={"toolmaker": True, "hut": False, "field": True},
        display=[
            space(1, G06, person=0),
            space(2, S08),
            space(3, None),
            space(4, S20, person=2),
        ],
        deck=22,
        buildings=[
            stack(1, 5, fixed("B10a", ["wood", "brick", "stone"], 12), person=1),
            stack(2, 6, variable("V42", 4, 2)),
            stack(3, 0, None),
        ],
        seats=[
            seat(
                0,
                "alice",
                total=6,
                placed=5,
                food=4,
                agriculture=2,
                resources={"wood": 3, "stone": 1},
                tools=[(2, True), (1, False), (1, False)],
                one_use=[("S06", 4)],
                score=27,
                cards=4,
                buildings=["B01", "V17b"],
            ),
            seat(
                1,
                "bob",
                placed=4,
                food=7,
                resources={"wood": 1, "brick": 4, "gold": 2},
                tools=[(1, False)],
                score=15,
                cards=1,
                buildings=["B03"],
            ),
            seat(
                2,
                "carol",
                total=7,
                placed=7,
                food=2,
                agriculture=3,
                resources={"stone": 2, "gold": 1},
                tools=[(2, False), (2, False), (1, True)],
                one_use=[("S08", 2)],
                score=31,
                cards=6,
                buildings=["B12a", "V41"],
                medicine=2,
            ),
        ],
        dice={
            "seat": 2,
            "where": "quarry",
            "card": None,
            "resource": "stone",
            "dice": [4, 6],
            "sum": 10,
            "tools": [],
            "one_use": [],
            "total": 10,
            "gained": None,
            "waiting": True,
        },
        pending=[{"seat": 2, "kind": "tools", "params": {"total": 10, "resource": "stone"}}],
        recent=[
            {"kind": "stoneage.phase_resolve", "params": {"player": "carol"}},
            {
                "kind": "stoneage.rolled",
                "params": {
                    "player": "carol",
                    "location": "quarry",
                    "dice": [4, 6],
                    "sum": 10,
                    "resource": "stone",
                },
            },
        ],
    )
    return view


def four_player_dice_for_all() -> dict[str, Any]:
    """Round 7, phase 2: alice bought a dice-for-all card; dave picks next, then bob."""
    view = base(["alice", "bob", "carol", "dave"])
    view.update(
        round=7,
        phase="resolve",
        first_player=0,
        active=0,
        locations=locations(
            4,
            hunting=[0, 2, 4, 1],
            forest=[0, 1, 0, 3],
            clay=[2, 0, 0, 0],
            quarry=[0, 0, 2, 1],
            river=[1, 2, 0, 0],
            toolmaker=[0, 0, 0, 1],
            hut=[2, 0, 0, 0],
            field=[0, 1, 0, 0],
        ),
        display=[
            space(1, G15, person=1),
            space(2, None),
            space(3, G08, person=3),
            space(4, S17),
        ],
        deck=15,
        buildings=[
            stack(1, 4, fixed("B13a", ["brick", "stone", "gold"], 15)),
            stack(2, 3, anything("V17a"), person=2),
            stack(3, 5, variable("V53", 5, 3)),
            stack(4, 1, fixed("B05", ["wood", "stone", "stone"], 13)),
        ],
        seats=[
            seat(
                0,
                "alice",
                total=8,
                placed=5,
                food=10,
                agriculture=4,
                resources={"wood": 2, "brick": 1, "stone": 3, "gold": 1},
                tools=[(3, False), (3, False), (2, False)],
                one_use=[("S06", 4), ("S08", 2)],
                score=64,
                cards=9,
                buildings=["B01", "V17b", "B04", "B11a"],
            ),
            seat(
                1,
                "bob",
                total=7,
                placed=6,
                food=3,
                agriculture=5,
                resources={"wood": 6, "gold": 2},
                tools=[(2, False), (2, False), (2, True)],
                score=58,
                cards=5,
                buildings=["B03", "B07", "V44"],
                medicine=1,
            ),
            seat(
                2,
                "carol",
                total=8,
                placed=8,
                food=0,
                agriculture=1,
                resources={"brick": 5, "stone": 4},
                tools=[(1, False)],
                score=49,
                cards=7,
                buildings=["B08"],
            ),
            seat(
                3,
                "dave",
                total=10,
                placed=7,
                food=21,
                agriculture=10,
                resources={"wood": 11, "brick": 3, "stone": 2, "gold": 4},
                tools=[(4, True), (4, True), (4, False)],
                score=102,
                cards=12,
                buildings=["B02", "B06", "B10b", "V51", "V52", "B12b"],
            ),
        ],
        dice={
            "seat": 3,
            "where": "forest",
            "card": None,
            "resource": "wood",
            "dice": [5, 2, 6],
            "sum": 13,
            "tools": [4, 4],
            "one_use": [],
            "total": 21,
            "gained": 7,
            "waiting": False,
        },
        dice_for_all={
            "buyer": 0,
            "card": "G10",
            "faces": [2, 5, 6],
            "picker": 3,
            "order": [3, 1, 2],
            "picks": [{"seat": 0, "face": 4}],
        },
        pending=[{"seat": 3, "kind": "pick", "params": {"faces": [2, 5, 6], "buyer": "alice"}}],
        recent=[
            {
                "kind": "stoneage.gained",
                "params": {
                    "player": "dave",
                    "total": 21,
                    "tools": 8,
                    "amount": 7,
                    "resource": "wood",
                },
            },
            {
                "kind": "stoneage.bought_card",
                "params": {
                    "player": "alice",
                    "card": "G10",
                    "position": 2,
                    "paid": ["wood", "gold"],
                },
            },
            {"kind": "stoneage.dice_for_all", "params": {"player": "alice", "faces": [2, 4, 5, 6]}},
            {"kind": "stoneage.picked", "params": {"player": "alice", "face": 4}},
        ],
    )
    return view


def four_player_feed() -> dict[str, Any]:
    """Round 7, phase 3: bob and carol lack food and must decide."""
    view = four_player_dice_for_all()
    view.update(
        phase="feed",
        active=None,
        locations=locations(4),
        dice_for_all=None,
        pending=[
            {"seat": 1, "kind": "feed", "params": {"short": 2}},
            {"seat": 2, "kind": "feed", "params": {"short": 7}},
        ],
        recent=[
            {"kind": "stoneage.picked", "params": {"player": "dave", "face": 6}},
            {"kind": "stoneage.picked", "params": {"player": "bob", "face": 5}},
            {"kind": "stoneage.picked", "params": {"player": "carol", "face": 2}},
            {"kind": "stoneage.fed", "params": {"player": "alice", "people": 8}},
            {"kind": "stoneage.fed", "params": {"player": "dave", "people": 10}},
        ],
    )
    for s in view["seats"]:
        s["people"]["home"] = s["people"]["total"]
        s["people"]["placed"] = 0
        s["tools"] = [{"value": t["value"], "used": False} for t in s["tools"]]
    return view


def open_cards() -> dict[str, Any]:
    """The two-player game with the open_cards option: everyone's figures and symbols show."""
    view = two_player_place()
    view["options"] = {"open_cards": True, "tiebreak": "sum"}
    alice, bob = view["seats"]
    alice.update(
        card_ids=["G01", "G11", "S04", "S15"],
        multipliers={"farmer": 2, "toolmaker": 0, "hut_builder": 3, "shaman": 0},
        symbols={"pottery": 1, "sundial": 1},
    )
    bob.update(
        card_ids=["G06", "S17"],
        multipliers={"farmer": 0, "toolmaker": 0, "hut_builder": 0, "shaman": 1},
        symbols={"medicine": 1},
    )
    return view


def game_over() -> dict[str, Any]:
    """Three players; the buildings ran out; bob wins, alice and carol tie for second."""
    view = three_player_resolve()
    view.update(
        round=14,
        phase="over",
        active=None,
        locations=locations(3),
        display=[space(1, G15), space(2, None), space(3, None), space(4, None)],
        deck=6,
        buildings=[
            stack(1, 1, fixed("B13b", ["brick", "stone", "gold"], 15)),
            stack(2, 0, None),
            stack(3, 1, fixed("B05", ["wood", "stone", "stone"], 13)),
        ],
        dice={
            "seat": 1,
            "where": "hunting",
            "card": None,
            "resource": "food",
            "dice": [3, 3, 4, 1, 4, 5, 5, 4, 2],
            "sum": 31,
            "tools": [1],
            "one_use": [],
            "total": 32,
            "gained": 16,
            "waiting": False,
        },
        pending=[],
        recent=[
            {"kind": "stoneage.final_score", "params": {"player": "alice", "total": 110}},
            {"kind": "stoneage.final_score", "params": {"player": "bob", "total": 179}},
            {"kind": "stoneage.final_score", "params": {"player": "carol", "total": 110}},
            {
                "kind": "stoneage.game_over",
                "params": {"reason": "buildings_exhausted", "winners": ["bob"], "count": 1},
            },
        ],
        outcome={
            "ranks": [2, 1, 3],
            "scores": [110.0, 179.0, 110.0],
            "reason": "buildings_exhausted",
            "tiebreak": "agriculture",
            "details": {
                "scores": [
                    breakdown("alice", 77, 0, -70, 4, 20, 20, 12, 15, 32, (10, 9, 10)),
                    breakdown("bob", 134, 3, -70, 4, 18, 4, 27, 20, 39, (9, 4, 10)),
                    breakdown("carol", 60, 0, 0, 20, 6, 0, 12, 10, 2, (6, 6, 10)),
                ]
            },
        },
    )
    return view


def breakdown(
    player: str,
    buildings: int,
    cards: int,
    penalties: int,
    green: int,
    farmers: int,
    tool_makers: int,
    hut_builders: int,
    shamans: int,
    resources: int,
    tiebreak: tuple[int, int, int],
) -> dict[str, Any]:
    parts = (buildings, cards, penalties, green, farmers, tool_makers, hut_builders, shamans)
    return {
        "player": player,
        "buildings": buildings,
        "cards": cards,
        "penalties": penalties,
        "green_sets": green,
        "farmers": farmers,
        "tool_makers": tool_makers,
        "hut_builders": hut_builders,
        "shamans": shamans,
        "resources": resources,
        "total": sum(parts) + resources,
        "tiebreak": dict(zip(("agriculture", "tools", "people"), tiebreak, strict=True)),
    }


def hand_view() -> dict[str, Any]:
    """What carol sees in the three-player game: her six cards and their summary."""
    view = three_player_resolve()
    view["seat"] = 2
    view["hand"] = ["G01", "G08", "G11", "S04", "S08", "S20"]
    view["private"] = {
        "multipliers": {"farmer": 2, "toolmaker": 2, "hut_builder": 0, "shaman": 2},
        "symbols": {"pottery": 1, "art": 1, "sundial": 1},
    }
    return view
