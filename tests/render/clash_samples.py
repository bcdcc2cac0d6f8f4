"""Clash of Cultures views for the picture tests and the docs' example.

Two kinds: views built by hand from the real boards and tiles (``two_player``,
``three_player``, ``four_player``: every piece, mood and building the engine cannot play yet,
and player boards built by :func:`seat_board` as the engine builds them, with governments,
wonders and tracks up to 8), and games played through the engine (``played``: the docs'
picture; ``battle_under_way``, ``battle_won`` and ``battle_sample``: battles with fixed dice
on a 2-player board, for the battle mark and report; ``hand_view``: a seat's hand after such
a battle, with an objective offered and a card in a trade offer). Each function returns a fresh
dict, so a test may change it freely. Run this file to write
``docs/images/clash-4p-explored.png`` (and its phone-sized copy,
``clash-4p-explored-phone.png``), the battles' ``clash-battle.png`` (and
``clash-battle-phone.png``), the hand's ``clash-hand.png`` (and ``clash-hand-phone.png``) and
print render times and sizes:
``.venv/bin/python tests/render/clash_samples.py``.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from PIL import Image

from render.clash import look
from render.clash.table import crop_png, table_png
from rules.clash import GAME
from rules.clash.board.boards import Board, board, deal_regions
from rules.clash.board.hexes import Hex, direction_between, distance, label, parse_hex
from rules.clash.board.tiles import START_SIDES, tile
from rules.clash.model.state import ClashState
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
            {"hex": label(s.city), "owner": s.seat, "kind": "settler", "count": 1} for s in b.starts
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
    ids: list[int] | None = None,
) -> None:
    """A unit entry; a ship's ``cargo`` is what each of its ``count`` ships carries, and
    ``ids`` their numbers (ships 1, 2... when not given)."""
    entry: dict[str, Any] = {"hex": where, "owner": owner, "kind": kind, "count": count}
    if kind == "ship":
        entry["ids"] = ids if ids is not None else list(range(1, count + 1))
        entry["cargo"] = cargo or []
    the_map["units"].append(entry)


def seat_board(
    v: Mapping[str, Any],
    seat: int,
    advances: Iterable[str],
    **fields: Any,
) -> dict[str, Any]:
    """``view["seats"][seat]`` as the engine builds it: cities, units and points follow the
    map (``v["map"]``) and ``advances``; ``fields`` sets the rest (resources, tokens, levels,
    government, cards in hand as counts, completed objectives, wonders, resigned)."""
    the_map = v["map"]
    owned = list(advances)
    units = {"army": 0, "settler": 0, "ship": 0}
    for u in the_map["units"]:
        if u["owner"] != seat:
            continue
        units[u["kind"]] = units.get(u["kind"], 0) + u["count"]
        for item in u.get("cargo", []):
            units[item["kind"]] += item["count"] * u["count"]
    pieces = sum(1 for c in the_map["cities"] for p in c["pieces"] if p["owner"] == seat)
    board: dict[str, Any] = {
        "seat": seat,
        "player": v["players"][seat],
        "resources": dict.fromkeys(("food", "wood", "ore", "ideas", "gold"), 0),
        "mood_tokens": 0,
        "culture_tokens": 0,
        "culture_level": 0,
        "happiness_level": 0,
        "advances": owned,
        "government": None,
        "cities": sum(1 for c in the_map["cities"] if c["owner"] == seat),
        "units": units,
        "actions": 0,
        "objectives": 0,
        "completed": [],
        "kept_events": [],
        "wonders": [],
        "event_points": 0.0,
        "resigned": False,
    }
    board.update(fields)
    board["resources"] = {**dict.fromkeys(("food", "wood", "ore", "ideas", "gold"), 0)}
    board["resources"].update(fields.get("resources", {}))
    total = pieces + 0.5 * len(owned) + 5 * len(board["wonders"]) + 2 * len(board["completed"])
    board["points"] = {"player": v["players"][seat], "total": total + board["event_points"]}
    return board


def two_player() -> dict[str, Any]:
    """Round 2: a few regions explored, an army out, a temple built."""
    m = map_view(2, ["r1", "r3", "r6"], seed=3)
    grow(city(m, 0), "temple")
    city(m, 0)["mood"] = "happy"
    unit(m, first(m, "fertile", "D5", [c["hex"] for c in m["cities"]]), 0, "army", 2)
    v = view(2, m, round_=2, turn=1)
    start = ["farming", "mining"]
    v["seats"] = [
        seat_board(
            v,
            0,
            [*start, "myths", "tactics"],
            resources={"food": 2, "wood": 1, "gold": 2},
            mood_tokens=1,
            happiness_level=1,
            actions=2,
            objectives=1,
        ),
        seat_board(v, 1, [*start, "bartering"], resources={"food": 1, "ore": 3}, culture_tokens=1),
    ]
    v["first_player"] = 0
    return v


def three_player() -> dict[str, Any]:
    """Round 3: one city angry, a barbarian city in an explored region."""
    m = map_view(3, ["r2", "r5", "r6", "r9", "r10"], seed=11)
    grow(city(m, 1), "fortress")
    city(m, 2)["mood"] = "angry"
    unit(m, city(m, 1)["hex"], 1, "army", 3)
    m["barbarian_cities"].append(
        {"hex": first(m, "fertile", "D6", [c["hex"] for c in m["cities"]]), "size": 1}
    )
    v = view(3, m, round_=3, turn=2)
    start = ["farming", "mining"]
    v["seats"] = [
        seat_board(
            v,
            0,
            [*start, "writing", "philosophy", "voting", "storage"],
            resources={"food": 6, "ideas": 2, "gold": 1},
            culture_level=2,
            government="democracy",
            objectives=2,
        ),
        seat_board(
            v,
            1,
            [*start, "tactics", "siegecraft", "engineering"],
            resources={"wood": 4, "ore": 4},
            mood_tokens=2,
            actions=1,
            completed=[{"card": "O07", "half": "bottom"}],
        ),
        seat_board(v, 2, start, resources={"food": 2}, happiness_level=3, actions=3),
    ]
    v["first_player"] = 1
    return v


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
            unit(m, sea, k, "ship", 1, ids=[2 if k == 0 else 1])
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
    fleet = [{"kind": "army", "count": 1}, {"kind": "settler", "count": 1}]
    unit(m, first(m, "sea", "E6"), 0, "ship", 2, fleet, ids=[1, 3])
    unit(m, first(m, "sea", "G3"), 3, "ship", 1, [{"kind": "army", "count": 1}], ids=[2])
    v = view(4, m, round_=4, turn=2)
    start = ["farming", "mining", "fishing"]
    v["seats"] = [
        seat_board(
            v,
            0,
            [*start, "myths", "writing", "cartography", "navigation", "currency", "bartering"],
            resources={"food": 2, "wood": 3, "ore": 1, "ideas": 4, "gold": 5},
            mood_tokens=3,
            culture_tokens=2,
            culture_level=4,
            happiness_level=2,
            actions=2,
            objectives=2,
            wonders=["great_pyramids"],
        ),
        seat_board(
            v,
            1,
            [*start, "tactics", "draft", "nationalism", "totalitarianism", "myths"],
            resources={"wood": 6, "ore": 8},
            culture_level=1,
            happiness_level=5,
            government="autocracy",
            actions=4,
            completed=[{"card": "O01", "half": "top"}, {"card": "O09", "half": "bottom"}],
        ),
        seat_board(
            v,
            2,
            [*start, "writing", "myths", "rituals", "priesthood", "state_religion", "dogma"],
            resources={"food": 1, "ideas": 2},
            culture_tokens=8,
            culture_level=8,
            happiness_level=8,
            government="theocracy",
            objectives=3,
            wonders=["great_wall", "great_statue"],
        ),
        seat_board(v, 3, [*start, "tactics"], resources={"gold": 8}, mood_tokens=8),
    ]
    v["first_player"] = 3
    return v


#: The docs' game: four players in round 2 with Tactics (armies move), Navigation and Roads;
#: ann's and cy's neighbouring regions are already face up, with a port and ships each
#: (ships are built by an action that comes later). Every other region is named, so the game
#: is the same whatever the seed. Each player's board differs too (:data:`_BOARDS`): ann a
#: Democracy with an academy and the Great Lighthouse, bob an Autocracy behind his fortress,
#: cy a Theocracy with a temple and the Great Library, dan Agriculture and Economics and no
#: government; tokens, levels, cards in hand and a completed objective.
PLAYERS = ("ann", "bob", "cy", "dan")
_ADVANCES = [
    "farming",
    "mining",
    "tactics",
    "fishing",
    "cartography",
    "navigation",
    "engineering",
    "roads",
]
_RESOURCES = {"food": 2, "wood": 2, "ore": 3, "gold": 3}
_BOARDS: dict[str, dict[str, Any]] = {
    "ann": {
        "advances": ["writing", "public_education", "philosophy", "voting", "myths"],
        "resources": {"ideas": 2},
        "mood_tokens": 2,
        "culture_tokens": 3,
        "culture_level": 3,
        "happiness_level": 1,
        "pieces": ["academy"],
        "wonder": "great_lighthouse",
        "actions": ["A03", "A17"],
        "objectives": ["O05"],
    },
    "bob": {
        "advances": ["draft", "nationalism", "siegecraft", "bartering"],
        "resources": {"wood": 5},
        "mood_tokens": 1,
        "culture_level": 1,
        "happiness_level": 2,
        "pieces": ["fortress"],
        "actions": ["A08"],
        "objectives": ["O11", "O23"],
        "completed": [{"card": "O02", "half": "top"}],
    },
    "cy": {
        "advances": ["myths", "rituals", "state_religion", "dogma", "mathematics"],
        "resources": {"ideas": 1},
        "mood_tokens": 4,
        "culture_tokens": 1,
        "culture_level": 2,
        "happiness_level": 4,
        "pieces": ["temple"],
        "wonder": "great_library",
        "objectives": ["O14"],
    },
    "dan": {
        "advances": ["irrigation", "storage", "bartering", "currency", "art_sculptures"],
        "resources": {"food": 5, "ideas": 3},
        "culture_tokens": 2,
        "culture_level": 2,
        "actions": ["A21", "A30", "A33"],
        "event_points": 1,
    },
}
#: The starting cities of bob and dan (ann's and cy's have a port and are listed below).
_HOMES = {"bob": "I2", "dan": "C8"}
_FACE_UP = {
    "r2": {"tile": "g03", "explored": True, "turned": False},
    "r13": {"tile": "g04", "explored": True, "turned": False},
}
_FACE_DOWN = {
    "r1": "g12",
    "r3": "g10",
    "r4": "g01",
    "r5": "g08",
    "r6": "g07",
    "r7": "g05",
    "r8": "g02",
    "r9": "g09",
    "r10": "g15",
    "r11": "g11",
    "r12": "g06",
    "r14": "g13",
}


def position(*, dealt: bool = True) -> dict[str, Any]:
    """The docs' game's start (``docs/transcripts.md``, "Clash of Cultures positions");
    without ``dealt`` the face-down regions come from the seed."""
    face_down = {k: {"tile": t} for k, t in _FACE_DOWN.items()} if dealt else {}
    seats: dict[str, dict[str, Any]] = {
        "ann": {
            "cities": [{"hex": "C2", "pieces": ["settlement", "port"], "port_faces": "C3"}],
            "armies": {"C2": 2},
            "settlers": {"C2": 1, "D3": 1},
            "ships": [{"hex": "C3", "cargo": ["army", "settler"]}, {"hex": "D2"}],
        },
        "bob": {"armies": {"I2": 3}, "settlers": {"I2": 2}},
        "cy": {
            "cities": [{"hex": "I8", "pieces": ["settlement", "port"], "port_faces": "I7"}],
            "armies": {"I8": 2, "H7": 1},
            "settlers": {"I8": 1},
            "ships": [
                {"hex": "I7", "id": 1},
                {"hex": "H6", "id": 2},
                {"hex": "I7", "id": 3},
                {"hex": "I7", "id": 4},
            ],
        },
        "dan": {"armies": {"C8": 2}, "settlers": {"C8": 2}},
    }
    for name, seat in seats.items():
        extra = dict(_BOARDS[name])
        seat["advances"] = [*_ADVANCES, *extra.pop("advances")]
        seat["resources"] = {**_RESOURCES, **extra.pop("resources")}
        pieces, wonder = extra.pop("pieces", []), extra.pop("wonder", None)
        if "cities" not in seat:
            seat["cities"] = [{"hex": _HOMES[name], "pieces": ["settlement"]}]
        home = seat["cities"][0]
        home["pieces"] = [*home["pieces"], *pieces]
        if wonder is not None:
            home["wonder"] = wonder
        seat.update(extra)
    return {"round": 2, "map": {**_FACE_UP, **face_down}, "seats": seats}


#: The docs' game, one action (or answer) per line: who, then what they type.
MOVES = """
ann move c3 c4 ship1
ann a
ann b3
ann d3 d4 settler
ann e5
ann c2 d2 army army
ann move d2 e2 ship2 d2
ann ship1 c4 settler
ann d4 e4 settler
ann a
ann found c4
ann end
bob move i2 i3 army army
bob i2 i3 settler
bob i2 i3 army
bob move i3 i4 army army
bob b
bob done
bob found i3
cy move h6 h5 ship2
cy g5
cy i8 i7 army army ship4
cy h7 g7 army
cy move g7 g6 army
cy a
cy f5
cy i7 h6 ship4
cy done
cy move i8 h7 settler
cy done
dan move c8 d7 settler
dan c8 d7 army army
dan done
dan found d7
dan move d7 e8 army army
"""


def played_states(seed: int = 1) -> list[ClashState]:
    """Every state of the docs' game, from its start to dan's choice of how the region he
    explored at E8 lies (still open: the picture shows it)."""
    state = GAME.setup_position(list(PLAYERS), {}, seed, position())
    states = [state]
    for line in MOVES.strip().splitlines():
        who, action = line.split(" ", 1)
        seat = PLAYERS.index(who)
        assert GAME.pending(state)[0].seat == seat, (line, GAME.pending(state))
        state, _ = GAME.apply(state, seat, action)
        states.append(state)
    return states


def played() -> dict[str, Any]:
    """The public view at the end of the docs' game."""
    return GAME.view(played_states()[-1], None)


#: Battles: a 2-player game on the board of ``tests/rules/clash/clash_map.py`` (ann's start,
#: D2, and three regions face up round it: B2 Fertile, C3 Forest, B3 Fertile; D3 and C4 Sea;
#: bob's city on D7), every other region face down with a tile named, so the seed is idle.
BATTLE_PLAYERS = ("ann", "bob")
_BATTLE_MAP = {
    "r1": {"tile": "g15", "explored": True},
    "r2": {"tile": "g04", "explored": True},
    "r3": {"tile": "g03", "explored": True},
    **{f"r{k}": {"tile": t} for k, t in enumerate(("g13", "g16", "g07", "g08", "g11"), start=4)},
}
_TACTICS = ["farming", "mining", "tactics"]
_SAILING = [*_TACTICS, "fishing", "cartography", "navigation"]


def battle_state(
    ann: dict[str, Any],
    bob: dict[str, Any],
    dice: list[int],
    *moves: str,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> ClashState:
    """ann's turn with fixed ``dice`` (the attacker's, then the defender's, then a Fortress's:
    :mod:`rules.clash.model.dice`), then ``moves`` played by whoever is asked (the first one moves
    into bob's units and begins the battle); ``options`` the game's."""
    seats = {
        "ann": {"advances": _TACTICS, **ann},
        "bob": {"cities": [{"hex": "D7"}, *bob.pop("cities", [])], "settlers": {}, **bob},
    }
    position = {"map": _BATTLE_MAP, "seats": seats, "first": "ann", "dice": dice, **extra}
    state = GAME.setup_position(list(BATTLE_PLAYERS), options or {}, 1, position)
    for move in moves:
        state, _ = GAME.apply(state, GAME.pending(state)[0].seat, move)
    return state


def battle_under_way() -> dict[str, Any]:
    """ann's three army units attack bob's three on B2: round 1 costs each side two (6 4 1
    against 5 3 2, 2 hits each); ann is to fight round 2 or withdraw."""
    state = battle_state(
        {"armies": {"C3": 3}},
        {"armies": {"B2": 3}},
        [6, 4, 1, 5, 3, 2],
        "move c3 b2 army army army",
    )
    return GAME.view(state, None)


def battle_won() -> dict[str, Any]:
    """ann captures bob's happy city on B3 (Settlement and Temple, two army units) in one
    round (6 5 1 against 4 3): Plunder of 2 Gold, bob's refugee goes to D7."""
    b3 = {"hex": "B3", "pieces": ["settlement", "temple"], "mood": "happy"}
    state = battle_state(
        {"armies": {"C3": 3}},
        {"cities": [b3], "armies": {"B3": 2}},
        [6, 5, 1, 4, 3],
        "move c3 b3 army army army",
    )
    return GAME.view(state, None)


def battle_sample(name: str) -> dict[str, Any]:
    """Other ends of a battle, for the report: ``naval`` (ann's ship sinks bob's, its cargo
    with it), ``barbarians`` (a barbarian settlement taken in two rounds and destroyed),
    ``withdrawal`` (ann stops after a round without hits), ``fortress`` (bob's Fortress
    fights alone and holds) and ``wall`` (the same Fortress behind the Great Wall, taken at once
    by ann's Siegecraft, free with ``great_wall=free``, C136)."""
    if name == "naval":
        state = battle_state(
            {"advances": _SAILING, "armies": {}, "ships": [{"hex": "D3"}]},
            {"advances": _SAILING, "ships": [{"hex": "C4", "cargo": ["army", "settler"]}]},
            [5, 1],
            "move d3 c4 ship1",
        )
    elif name == "barbarians":
        state = battle_state(
            {"armies": {"C3": 2}},
            {},
            [5, 1, 1, 1, 5, 1, 1],
            "move c3 b3 army army",
            "attack",
            "destroy",
            barbarians={"cities": ["B3"], "armies": {"B3": 2}},
        )
    elif name == "withdrawal":
        state = battle_state(
            {"armies": {"C3": 2}},
            {"armies": {"B2": 2}},
            [1, 1, 1, 1],
            "move c3 b2 army army",
            "withdraw",
        )
    elif name == "wall":
        fort = {"hex": "B3", "pieces": ["settlement", "fortress"], "wonder": "great_wall"}
        walled = [*_TACTICS, "engineering", "siegecraft"]
        bob = {"cities": [fort], "advances": walled}
        ann = {"armies": {"C3": 1}, "advances": [*_TACTICS, "siegecraft"]}
        free = {"great_wall": "free"}
        state = battle_state(ann, bob, [4, 6], "move c3 b3 army", options=free)
    else:
        fort = {"hex": "B3", "pieces": ["settlement", "fortress"]}
        # The Fortress works for bob with its advance, Tactics (C131).
        bob = {"cities": [fort], "advances": _TACTICS}
        state = battle_state({"armies": {"C3": 1}}, bob, [4, 6], "move c3 b3 army")
    return GAME.view(state, None)


def barbarian_attack(name: str) -> dict[str, Any]:
    """ann sends the 2 barbarians of B3 at bob's city on B2 (Settlement, Temple, Fortress)
    with Mercenaries (A14): ``losses`` (5 6 against bob's army 2 and the Fortress's 4: a hit
    each), ``held`` (1 2 against 6 4: both barbarians die), ``pieces`` (no army in the city:
    6 6 against the Fortress's 1, one hit left, bob gives up the Temple)."""
    b2 = {"hex": "B2", "pieces": ["settlement", "temple", "fortress"]}
    dice, armies, answers = {
        "losses": ([5, 6, 2, 4], {"B2": 1}, ()),
        "held": ([1, 2, 6, 4], {"B2": 1}, ()),
        "pieces": ([6, 6, 1], {}, ("temple",)),
    }[name]
    state = battle_state(
        {"armies": {"C3": 1}, "actions": ["A14"], "resources": {"food": 2}},
        # The Fortress works for bob with its advance, Tactics (C131).
        {"cities": [b2], "armies": armies, "advances": _TACTICS},
        dice,
        "card a14 b3 b2 food food",
        *answers,
        barbarians={"cities": ["B3"], "armies": {"B3": 2}},
    )
    return GAME.view(state, None)


#: A hand of the typical largest size, 7 action and 3 objective cards, with the longest texts
#: in Hungarian (the longest language): the byte budget's worst case.
LONGEST_ACTIONS = ("A13", "A14", "A15", "A16", "A21", "A39", "A40")
LONGEST_OBJECTIVES = ("O16", "O28", "O30")
#: The docs' hand: cards of every kind of provenance, Warlord (O05) offered after the battle.
HAND_ACTIONS = ("A03", "A11", "A14", "A22", "A24", "A33", "A41")
HAND_OBJECTIVES = ("O05", "O16", "O27")


def hand_state(
    actions: Iterable[str] = HAND_ACTIONS,
    objectives: Iterable[str] = HAND_OBJECTIVES,
    *,
    trade: Iterable[str] | None = None,
) -> ClashState:
    """ann holds ``actions`` and ``objectives`` and has offered bob the cards ``trade`` (for 1
    Food; by default her second action card); she has just destroyed bob's three army units
    on B2 (6 6 6 against 1 1 1), so Warlord (O05) may be completed now if she holds it. bob
    holds A07 and O02."""
    mine = list(actions)
    given = mine[1:2] if trade is None else list(trade)
    offers = [{"from": "ann", "to": "bob", "give": {"cards": given}, "want": {"food": 1}}]
    state = battle_state(
        {"armies": {"C3": 3}, "actions": mine, "objectives": list(objectives)},
        {"armies": {"B2": 3}, "actions": ["A07"], "objectives": ["O02"]},
        [6, 6, 6, 1, 1, 1],
        "move c3 b2 army army army",
        offers=offers if given else [],
    )
    if GAME.pending(state)[0].kind == "combat_card":  # ann may play a card first: she does not
        state, _ = GAME.apply(state, 0, "pass")
    return state


def hand_view(seat: int = 0, **kwargs: Any) -> dict[str, Any]:
    """The view of ``seat`` in :func:`hand_state`."""
    return GAME.view(hand_state(**kwargs), seat)


def phone_copy(png: bytes) -> Image.Image:
    """The picture as Discord shows it on a phone: :data:`look.PHONE_WIDTH` pixels wide."""
    with Image.open(io.BytesIO(png)) as picture:
        rgb = picture.convert("RGB")
    height = round(rgb.height * look.PHONE_WIDTH / rgb.width)
    return rgb.resize((look.PHONE_WIDTH, height), Image.Resampling.LANCZOS)


def save_docs_image() -> list[Path]:
    """The played game's table, and its phone-sized copy."""
    folder = ROOT / "docs" / "images"
    folder.mkdir(exist_ok=True)
    table, phone = folder / "clash-4p-explored.png", folder / "clash-4p-explored-phone.png"
    data = table_png(played(), lang="en")
    table.write_bytes(data)
    small = phone_copy(data).quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(phone, optimize=True)
    return [table, phone]


def save_battle_image() -> list[Path]:
    """The battles' docs picture and its phone-sized copy: the top of the table while ann's
    attack on B2 waits for her (the status line, the mark on B2), over the report of her
    capture of B3 (:func:`battle_under_way`, :func:`battle_won`)."""
    from render.clash.table import map_layout, report_box

    folder = ROOT / "docs" / "images"
    folder.mkdir(exist_ok=True)
    path, phone = folder / "clash-battle.png", folder / "clash-battle-phone.png"
    going, won = battle_under_way(), battle_won()
    lay = map_layout(going)
    top = round(lay.hex_box(parse_hex("B3"))[1])
    box = report_box(won, lang="en")
    assert box is not None
    with Image.open(io.BytesIO(table_png(going, lang="en"))) as first:
        upper = first.convert("RGB").crop((0, 0, look.WIDTH, top))
    with Image.open(io.BytesIO(table_png(won, lang="en"))) as second:
        lower = second.convert("RGB").crop((0, box[1] - 12, look.WIDTH, box[3] + look.MARGIN))
    picture = Image.new("RGB", (look.WIDTH, upper.height + lower.height))
    picture.paste(upper, (0, 0))
    picture.paste(lower, (0, upper.height))
    out = io.BytesIO()
    picture.save(out, format="PNG")
    small = phone_copy(out.getvalue())
    picture.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)
    small.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(phone, optimize=True)
    return [path, phone]


def save_hand_image() -> list[Path]:
    """The docs' hand (ann's, :func:`hand_view`) and its phone-sized copy."""
    from render.clash.hand import hand_png

    folder = ROOT / "docs" / "images"
    folder.mkdir(exist_ok=True)
    path, phone = folder / "clash-hand.png", folder / "clash-hand-phone.png"
    data = hand_png(hand_view(), lang="en")
    path.write_bytes(data)
    small = phone_copy(data).quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(phone, optimize=True)
    return [path, phone]


def benchmark(repeat: int = 15) -> None:
    """Print the first and the fastest render time and the size of every sample."""
    cases = {"2p": two_player(), "3p": three_player(), "4p": four_player(), "played": played()}
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
    from render.clash.hand import hand_png

    hands = {
        "docs": hand_view(),
        "longest": hand_view(actions=LONGEST_ACTIONS, objectives=LONGEST_OBJECTIVES),
    }
    for name, v in hands.items():
        for lang in ("en", "hu"):
            start = time.perf_counter()
            data = hand_png(v, lang=lang)
            cold = time.perf_counter() - start
            best = min(_timed(lambda v=v, lang=lang: hand_png(v, lang=lang)) for _ in range(repeat))
            print(
                f"{name} hand ({lang}): first {cold * 1000:.0f} ms, fastest of {repeat} "
                f"{best * 1000:.1f} ms, {len(data) / 1000:.0f} KB"
            )


def _timed(draw: Any) -> float:
    start = time.perf_counter()
    draw()
    return time.perf_counter() - start


if __name__ == "__main__":
    print(save_docs_image())
    print(save_battle_image())
    print(save_hand_image())
    benchmark()
