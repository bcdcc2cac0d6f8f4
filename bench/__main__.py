"""Benchmarks: ``python -m bench GAME --games N [--moves M] [--no-write]``, and
``python -m bench processes [--games N] [--pg-url URL]`` (:mod:`bench.processes`: moves
confirmed per second with the bot in 1 and 2 processes, on SQLite and PostgreSQL), and
``python -m bench pace [--games N]`` (:mod:`bench.pace`: how often a game waits for somebody
new).

Runs N games at once through the Discord emulator against the real bot (real discord.py, real
SQLite file, real rendering), measuring interaction-to-first-response latency and /move
suggestions; then render time and PNG size per table image over self-played positions; then
self-play throughput. Prints one JSON line and records it in docs/performance.md.

``proving`` is the proving ground (``synthetic/proving.py``), made playable for the run: its
step of 300 choices is the largest any game has, and its pictures are blank (not measured).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from bench import pace, processes
from bench.latency import measure_latency
from bench.offline import measure_move_render, measure_playouts, measure_render
from bench.report import write_report
from bench.synthetic import PROVING, registered

#: The keys of the one JSON line printed (the report in docs/ has a few more).
SUMMARY_KEYS = (
    "game",
    "games",
    "p50_ms",
    "p95_ms",
    "p99_ms",
    "suggest_p99_ms",
    "largest_step_choices",
    "largest_step_suggest_ms",
    "render_ms",
    "png_kb",
    "render_moves_ms",
    "playouts_per_s",
)


def main(argv: Sequence[str] | None = None) -> int:
    args_given = list(sys.argv[1:] if argv is None else argv)
    if args_given[:1] == ["processes"]:
        return processes.main(args_given[1:])
    if args_given[:1] == ["pace"]:
        return pace.main(args_given[1:])
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("game", help="game to benchmark, e.g. civ")
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--moves", type=int, default=20, help="moves per game (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-write", action="store_true", help="do not update docs/performance.md")
    args = parser.parse_args(args_given)
    with registered(args.game):
        synthetic = args.game == PROVING
        # The proving ground is registered in this process only: no render workers.
        latency = asyncio.run(
            measure_latency(
                args.game, args.games, args.moves, args.seed, render_workers=0 if synthetic else 1
            )
        )
        render = (
            {}
            if synthetic
            else {
                **measure_render(args.game, args.seed),
                **measure_move_render(args.game, args.seed),
            }
        )
        playouts = measure_playouts(args.game, args.seed)
    measured = {"game": args.game, "games": args.games, **latency, **render}
    measured["playouts_per_s"] = playouts
    print(json.dumps({key: measured.get(key) for key in SUMMARY_KEYS}), flush=True)
    if not args.no_write:
        write_report(Path(__file__).resolve().parent.parent / "docs" / "performance.md", measured)
    return 0


if __name__ == "__main__":
    sys.exit(main())
