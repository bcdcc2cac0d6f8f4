"""Clash of Cultures map views built from the real boards and tiles (the shape of
``view["map"]`` the engine's view will have), for the picture tests and the docs' example.

Each function returns a fresh dict, so a test may change it freely. Run this file to write
``docs/images/clash-4p.png`` and print render times and sizes:
``.venv/bin/python tests/render/clash_samples.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from render.clash.table import crop_png, table_png
from rules.clash.boards import Board, board, deal_regions
from rules.clash.hexes import Hex, direction_between, distance, label, parse_hex
from rules.clash.tiles import START_SIDES, tile
from rules.core import Rng

HANDLES = ("alice", "bob", "carol", "dave")
ROOT = Path(__file__).resolve().parents[2]


def terrains(b: Board, explored: Mapping[str, str], turned: Iterable[str] = ()) -> dict[Hex, str]:
    """The terrain of every face-up space: the starting regions and the explored slots
    (slot id -> tile id), those in ``turned`` lying the other way round."""
    out: dict[Hex, str] = {}
    flip = set(turned)
    for slot in b.slots:
        if slot.start:
            out.update(START_SIDES[slot.side or "a"].place(slot.lens))
        elif slot.id in explored:
            lens = slot.lens.turned() if slot.id in flip else slot.lens
            out.update(tile(explored[slot.id]).place(lens))
    return out


def map_view(
    players: int, explored: Iterable[str], *, seed: int = 7, turned: Iterable[str] = ()
) -> dict[str, Any]:
    """``view["map"]`` with the starting regions and the slots ``explored`` face up, the
    regions dealt with ``seed``; one Settlement per player on its starting city."""
    b = board(players)
    deal = deal_regions(b, Rng(seed))
    shown = {slot: deal[slot] for slot in explored}
    ground = terrains(b, shown, turned)
    spaces = []
    for name in b.labels():
        h = parse_hex(name)
        slot = b.slot_at(h)
        assert slot is not None
        spaces.append({"hex": name, "slot": slot.id, "terrain": ground.get(h)})
    cities = [
        {
            "hex": label(s.city),
            "owner": s.seat,
            "pieces": [{"kind": "settlement", "owner": s.seat}],
            "port_faces": None,
            "mood": "neutral",
            "size": 1,
        }
        for s in b.starts
    ]
    return {
        "players": players,
        "spaces": spaces,
        "unexplored": [s.id for s in b.hidden if s.id not in shown],
        "cities": cities,
        "units": [
            {"hex": label(s.city), "owner": s.seat, "kind": "settler", "count": 1, "cargo": []}
            for s in b.starts
        ],
        "barbarian_cities": [],
    }


def view(players: int, the_map: dict[str, Any], *, round_: int = 1, turn: int = 0) -> dict:
    return {
        "game": "clash",
        "players": list(HANDLES[:players]),
        "seat": None,
        "round": round_,
        "turn_of": turn,
        "map": the_map,
        "recent": [],
    }


def first(the_map: Mapping[str, Any], terrain: str, near: str, avoid: Iterable[str] = ()) -> str:
    """The face-up space of ``terrain`` nearest to ``near`` (by name order on ties)."""
    centre = parse_hex(near)
    taken = set(avoid)
    spots = [
        s["hex"] for s in the_map["spaces"] if s["terrain"] == terrain and s["hex"] not in taken
    ]
    return min(spots, key=lambda n: (distance(parse_hex(n), centre), n))


def city(the_map: dict[str, Any], owner: int) -> dict[str, Any]:
    return next(c for c in the_map["cities"] if c["owner"] == owner)


def grow(c: dict[str, Any], *kinds: str, owner: int | None = None) -> None:
    for kind in kinds:
        c["pieces"].append({"kind": kind, "owner": c["owner"] if owner is None else owner})
    c["size"] = len(c["pieces"])


def add_port(the_map: dict[str, Any], c: dict[str, Any]) -> str | None:
    """A port on ``c`` facing a neighbouring sea space, if it has one; returns that space."""
    h = parse_hex(c["hex"])
    seas = {s["hex"] for s in the_map["spaces"] if s["terrain"] == "sea"}
    for n in h.neighbours():
        if n.q >= 0 and label(n) in seas and direction_between(h, n) is not None:
            grow(c, "port")
            c["port_faces"] = label(n)
            return label(n)
    return None


def unit(
    the_map: dict[str, Any],
    where: str,
    owner: Any,
    kind: str,
    count: int,
    cargo: list[dict[str, Any]] | None = None,
) -> None:
    the_map["units"].append(
        {"hex": where, "owner": owner, "kind": kind, "count": count, "cargo": cargo or []}
    )


def two_player() -> dict[str, Any]:
    """Round 2: a few regions explored, an army out, a temple built."""
    m = map_view(2, ["r1", "r3", "r6"], seed=3)
    grow(city(m, 0), "temple")
    city(m, 0)["mood"] = "happy"
    unit(m, first(m, "fertile", "D5", [c["hex"] for c in m["cities"]]), 0, "army", 2)
    return view(2, m, round_=2, turn=1)


def three_player() -> dict[str, Any]:
    """Round 3: one city angry, a barbarian city in an explored region."""
    m = map_view(3, ["r2", "r5", "r6", "r9", "r10"], seed=11)
    grow(city(m, 1), "fortress")
    city(m, 2)["mood"] = "angry"
    unit(m, city(m, 1)["hex"], 1, "army", 3)
    m["barbarian_cities"].append(
        {"hex": first(m, "fertile", "D6", [c["hex"] for c in m["cities"]]), "size": 1}
    )
    return view(3, m, round_=3, turn=2)


def four_player() -> dict[str, Any]:
    """Round 4 after several explorations: ports and ships with cargo, a captured temple,
    second cities, barbarians, every mood."""
    m = map_view(4, ["r1", "r2", "r3", "r4", "r5", "r7", "r8", "r10", "r12", "r13"], seed=5)
    occupied = [c["hex"] for c in m["cities"]]
    a, b, c, d = (city(m, k) for k in range(4))
    grow(a, "temple", "academy")
    a["mood"] = "happy"
    grow(b, "fortress", "temple")
    b["pieces"][-1]["owner"] = 2  # a temple carol built, kept after bob took the city
    b["mood"] = "angry"
    grow(c, "academy")
    for k, city_ in enumerate((a, b, c, d)):
        if (sea := add_port(m, city_)) is not None:
            unit(m, sea, k, "ship", 1)
    new_city = first(m, "fertile", "F5", occupied)
    m["cities"].append(
        {
            "hex": new_city,
            "owner": 3,
            "pieces": [{"kind": "settlement", "owner": 3}],
            "port_faces": None,
            "mood": "happy",
            "size": 1,
        }
    )
    occupied.append(new_city)
    unit(m, new_city, 3, "army", 1)
    unit(m, a["hex"], 0, "army", 4)
    spot = first(m, "mountain", "F4", occupied)
    unit(m, spot, 1, "army", 2)
    unit(m, spot, 1, "settler", 2)
    occupied.append(spot)
    camp = first(m, "fertile", "F7", occupied)
    m["barbarian_cities"].append({"hex": camp, "size": 2})
    occupied.append(camp)
    unit(m, camp, "barbarian", "army", 1)
    unit(m, first(m, "forest", "H5", occupied), "barbarian", "army", 2)
    fleet = [{"kind": "army", "count": 2}, {"kind": "settler", "count": 1}]
    unit(m, first(m, "sea", "E6"), 0, "ship", 2, fleet)
    unit(m, first(m, "sea", "G3"), 3, "ship", 1, [{"kind": "army", "count": 1}])
    return view(4, m, round_=4, turn=2)


def save_docs_image() -> Path:
    out = ROOT / "docs" / "images" / "clash-4p.png"
    out.parent.mkdir(exist_ok=True)
    out.write_bytes(table_png(four_player(), lang="en"))
    return out


def benchmark(repeat: int = 15) -> None:
    """Print the first and the fastest render time and the size of every sample."""
    cases = {"2p": two_player(), "3p": three_player(), "4p": four_player()}
    for name, v in cases.items():
        for what, draw in (
            ("table", lambda v=v: table_png(v, lang="en")),
            ("crop", lambda v=v: crop_png(v, v["map"]["cities"][0]["hex"], lang="en")),
        ):
            start = time.perf_counter()
            data = draw()
            cold = time.perf_counter() - start
            best = min(_timed(draw) for _ in range(repeat))
            print(
                f"{name} {what}: first {cold * 1000:.0f} ms, fastest of {repeat} "
                f"{best * 1000:.1f} ms, {len(data) / 1000:.0f} KB"
            )


def _timed(draw: Any) -> float:
    start = time.perf_counter()
    draw()
    return time.perf_counter() - start


if __name__ == "__main__":
    print(save_docs_image())
    benchmark()
