"""Clash of Cultures engine benchmark, the engine alone under the picker's and autocomplete's
load (``python -m bench clash`` measures the game through the bot):
``python -m bench.clash [--games N] [--no-write]``.

Plays ``N`` games from :func:`moving_position` (half the map explored, every player with
armies, settlers and ships; some with Tactics, Roads and Navigation) by random legal actions
built token by token, as the picker and ``/move`` autocomplete build them, and times every
``choices`` call (by how many tokens are typed: the Move action's origins, destinations, then
units) and every ``apply``. Prints one JSON line and rewrites the ``clash-engine`` block of
docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from bench.report import write_report
from rules.clash import GAME
from rules.clash.board.boards import board
from rules.clash.board.hexes import label
from rules.clash.board.tiles import REGIONS, tile
from rules.core import JSON, Rng

ADVANCES = [
    *["farming", "mining", "tactics", "engineering", "roads"],
    *["fishing", "cartography", "navigation"],
]
ROWS = (
    ("games", "games played", ""),
    ("actions", "actions applied", ""),
    ("choices_p50_ms", "choices p50 (any prefix)", "ms"),
    ("choices_p99_ms", "choices p99 (any prefix)", "ms"),
    ("origins_p99_ms", "choices p99 with nothing typed (every origin checked)", "ms"),
    ("destinations_p99_ms", "choices p99 after the origin (every destination checked)", "ms"),
    ("units_p99_ms", "choices p99 after the destination", "ms"),
    ("choices_max_ms", "slowest choices", "ms"),
    ("apply_p50_ms", "apply p50", "ms"),
    ("apply_p99_ms", "apply p99", "ms"),
    ("actions_per_s", "random actions per second, choices included (one core)", ""),
)


def moving_position(handles: list[str], seed: int) -> dict[str, JSON]:
    """Half the face-down slots explored at random; each player with 3 armies and 2 settlers
    at home, Food, Ore and Gold for Roads, and a ship or two (one carrying an army) on explored
    Sea; every other player has Tactics, Roads and Navigation."""
    rng = Rng(seed)
    b = board(len(handles))
    ids = [t.id for t in REGIONS]
    rng.shuffle(ids)
    game_map: dict[str, JSON] = {}
    seas = []
    for slot, tile_id in zip(b.hidden, ids, strict=False):
        explored = rng.randrange(2) == 0
        turned = rng.randrange(2) == 0
        game_map[slot.id] = {"tile": tile_id, "explored": explored}
        if explored:
            game_map[slot.id]["turned"] = turned
            lens = slot.lens.turned() if turned else slot.lens
            seas += [h for h, t in tile(tile_id).place(lens).items() if t == "sea"]
    rng.shuffle(seas)
    seats: dict[str, JSON] = {}
    for k, name in enumerate(handles):
        home = label(b.starts[k].city)
        me: dict[str, JSON] = {
            "advances": ADVANCES if k % 2 == 0 else ADVANCES[:3],
            "resources": {"food": 2, "ore": 2, "gold": 1},
            "armies": {home: 3},
            "settlers": {home: 2},
        }
        ships = []
        for cargo in (["army"], []):
            if seas:
                ships.append({"hex": label(seas.pop()), "cargo": cargo})
        me["ships"] = ships
        seats[name] = me
    return {"map": game_map, "seats": seats}


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def measure(games: int, seed: int = 1) -> dict[str, Any]:
    """Play ``games`` games (2-4 players in turn) and time choices and apply."""
    by_depth: dict[int, list[float]] = {0: [], 1: [], 2: []}
    applies: list[float] = []
    started = time.perf_counter()
    actions = 0
    for g in range(games):
        players = 2 + g % 3
        handles = [f"p{i}" for i in range(players)]
        state = GAME.setup_position(handles, {}, seed + g, moving_position(handles, seed + g))
        rng = Rng(seed + g)
        while GAME.outcome(state) is None:
            seat = GAME.pending(state)[0].seat
            prefix: list[str] = []
            while True:
                t0 = time.perf_counter()
                options = GAME.choices(state, seat, prefix)
                by_depth[min(len(prefix), 2) if state.turn_state.moving else 0].append(
                    time.perf_counter() - t0
                )
                choice = options[rng.randrange(len(options))]
                prefix.append(choice.token)
                if choice.complete and (not choice.more or rng.randrange(2)):
                    break
            t0 = time.perf_counter()
            state, _ = GAME.apply(state, seat, " ".join(prefix))
            applies.append(time.perf_counter() - t0)
            actions += 1
    elapsed = time.perf_counter() - started
    every = [x for values in by_depth.values() for x in values]
    return {
        "game": "clash-engine",
        "games": games,
        "actions": actions,
        "choices_p50_ms": _ms(every, 0.5),
        "choices_p99_ms": _ms(every, 0.99),
        "origins_p99_ms": _ms(by_depth[0], 0.99),
        "destinations_p99_ms": _ms(by_depth[1], 0.99),
        "units_p99_ms": _ms(by_depth[2], 0.99),
        "choices_max_ms": round(1000 * max(every), 2),
        "apply_p50_ms": _ms(applies, 0.5),
        "apply_p99_ms": _ms(applies, 0.99),
        "actions_per_s": round(actions / elapsed, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.clash", description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--no-write", action="store_true", help="do not update docs/")
    args = parser.parse_args(argv)
    result = measure(args.games)
    print(json.dumps(result))
    if not args.no_write:
        path = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
        write_report(path, result, ROWS, f"python -m bench.clash --games {args.games}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
