"""Snapshot benchmark: ``python -m bench.snapshots [--fixtures DIR] [--repeat N]``.

Loads the saved version-1 snapshots of every game (``tests/rules/snapshots/<game>/v1``, made
at many points of self-play: tests/rules/snapshot_fixtures.py), then measures, per snapshot,
what the store pays for each move and each load: ``to_json`` of the state, ``from_json`` of
the snapshot the current code writes, ``from_json`` of the version-1 snapshot (an upgrade,
where the version changed) and the size of the written JSON as the store keeps it. The best
of ``--repeat`` runs over all snapshots is taken, in the process's CPU time and without the
garbage collector, so that other work on a shared machine disturbs it less. Prints
one JSON line per game; the figures before and after a change of format are compared by
running the same command at both commits (docs/performance.md, "Snapshots").
"""

from __future__ import annotations

import argparse
import gc
import json
import lzma
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import rules

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "rules" / "snapshots"


def _snapshots(folder: Path) -> list[dict[str, Any]]:
    lines = lzma.decompress((folder / "snapshots.jsonl.xz").read_bytes()).decode().splitlines()
    return [r["snapshot"] for r in map(json.loads, lines) if "snapshot" in r]


def _best_us(work: Callable[[], object], count: int, repeat: int) -> float:
    # As timeit does, without the garbage collector: with thousands of states alive its
    # passes would weigh on whichever code allocates at the wrong moment.
    best = float("inf")
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            started = time.process_time()
            work()
            best = min(best, time.process_time() - started)
    finally:
        gc.enable()
    return round(best / count * 1e6, 1)


def measure(game: str, fixtures: Path, repeat: int) -> dict[str, Any]:
    """The figures of one game (see the module's docstring)."""
    engine = rules.get_game(game)
    old = _snapshots(fixtures / game / "v1")
    states = [engine.from_json(s) for s in old]
    written = [json.dumps(engine.to_json(s), separators=(",", ":")) for s in states]
    current = [json.loads(text) for text in written]
    n = len(states)
    return {
        "game": game,
        "snapshots": n,
        "version": current[0]["version"],
        "bytes_mean": round(sum(len(t.encode()) for t in written) / n),
        "bytes_max": max(len(t.encode()) for t in written),
        "to_json_us": _best_us(lambda: [engine.to_json(s) for s in states], n, repeat),
        "from_json_us": _best_us(lambda: [engine.from_json(d) for d in current], n, repeat),
        "from_json_v1_us": _best_us(lambda: [engine.from_json(d) for d in old], n, repeat),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.snapshots", description=__doc__)
    parser.add_argument("--fixtures", type=Path, default=FIXTURES)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("games", nargs="*", default=list(rules.ENGINE_NAMES))
    args = parser.parse_args(argv)
    for game in args.games:
        print(json.dumps(measure(game, args.fixtures, args.repeat)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
