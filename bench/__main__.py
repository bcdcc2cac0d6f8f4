"""Benchmarks: ``python -m bench GAME --games N [--moves M] [--no-write]``.

Runs N games at once through the Discord emulator against the real bot (real discord.py, real
SQLite file, real rendering), measuring interaction-to-first-response latency; then render time
and PNG size per table image over self-played positions; then self-play throughput. Prints one
JSON line and records it in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from bench.latency import measure_latency
from bench.offline import measure_playouts, measure_render
from bench.report import write_report

#: The keys of the one JSON line printed (the report in docs/ has a few more).
SUMMARY_KEYS = (
    "game",
    "games",
    "p50_ms",
    "p95_ms",
    "p99_ms",
    "render_ms",
    "png_kb",
    "playouts_per_s",
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("game", help="game to benchmark, e.g. civ")
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--moves", type=int, default=20, help="moves per game (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-write", action="store_true", help="do not update docs/performance.md")
    args = parser.parse_args(argv)
    latency = asyncio.run(measure_latency(args.game, args.games, args.moves, args.seed))
    render = measure_render(args.game, args.seed)
    playouts = measure_playouts(args.game, args.seed)
    measured = {"game": args.game, "games": args.games, **latency, **render}
    measured["playouts_per_s"] = playouts
    print(json.dumps({key: measured[key] for key in SUMMARY_KEYS}), flush=True)
    if not args.no_write:
        write_report(Path(__file__).resolve().parent.parent / "docs" / "performance.md", measured)
    return 0


if __name__ == "__main__":
    sys.exit(main())
