"""Replay benchmark: ``python -m bench.replay [--seed S] [--no-write]``.

Self-plays one 3-player game of each registered game to its end (random legal moves built
token by token), turns its log into the replay's frames (:func:`host.replay.turn_views`),
draws them and puts them together (:func:`render.replay.animate`), timing each part and
measuring both formats' sizes. Prints one JSON line and rewrites the ``replay`` block of
docs/performance.md.
"""

from __future__ import annotations

import argparse
import io
import json
import time
from pathlib import Path
from typing import Any

from PIL import Image

import render
import rules
from bench.report import write_report
from host.replay import MAX_FRAMES, turn_views
from render.replay import animate, one_size, save
from rules.core import Rng, act
from store import ActionRow, GameRow, SeatRow

HANDLES = ["ann", "bob", "cid"]


def _finished_log(game: str, seed: int) -> tuple[GameRow, list[SeatRow], list[ActionRow]]:
    engine = rules.get_game(game)
    state = engine.setup(HANDLES, {}, seed)
    rng, log = Rng(seed), list[ActionRow]()
    while engine.pending(state) and len(log) < 5000:
        prompts = [p for p in engine.pending(state) if p.must] or engine.pending(state)
        seat, parts = prompts[0].seat, list[str]()
        while True:
            options = engine.choices(state, seat, parts)
            pick = options[rng.randrange(len(options))]
            parts.append(pick.token)
            if pick.complete and (not pick.more or rng.randrange(2) == 0):
                break
        text = " ".join(parts)
        state, _ = act(engine, state, seat, text)
        log.append(ActionRow(1, len(log) + 1, seat, seat + 10, "move", text, ""))
    row = GameRow(
        id=1, guild_id=1, channel_id=2, thread_id=3, lobby_message_id=None,
        table_message_id=None, game=game, options={}, seats_wanted=3, status="finished",
        seed=seed, seq=len(log), created_by=10, created_at="", updated_at="",
    )  # fmt: skip
    seats = [SeatRow(1, s, s + 10, h, "") for s, h in enumerate(HANDLES)]
    return row, seats, log


def measure(game: str, seed: int) -> dict[str, Any]:
    row, seats, log = _finished_log(game, seed)
    engine = rules.get_game(game)
    t0 = time.perf_counter()
    views = turn_views(engine, row, seats, log)
    t1 = time.perf_counter()
    pngs = [render.table_png(v, lang="en") for v in views]
    t2 = time.perf_counter()
    _, ext = animate(pngs)
    t3 = time.perf_counter()
    # Both formats, for the record of why the replay is WebP (render.replay).
    frames = one_size([Image.open(io.BytesIO(p)).convert("RGB") for p in pngs])
    durations = [1000] * len(frames)
    sizes = {e: len(save(frames, durations, e)) for e in ("gif", "webp")}
    return {
        f"{game}_moves": len(log),
        f"{game}_frames": len(views),
        f"{game}_frames_s": round(t1 - t0, 2),
        f"{game}_draw_s": round(t2 - t1, 2),
        f"{game}_animate_s": round(t3 - t2, 2),
        f"{game}_gif_kb": sizes["gif"] // 1024,
        f"{game}_webp_kb": sizes["webp"] // 1024,
        f"{game}_kept": ext,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.replay", description=__doc__)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="do not update docs/")
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"game": "replay", "max_frames": MAX_FRAMES}
    rows: list[tuple[str, str, str]] = [("max_frames", "frames at most", "")]
    for game in rules.GAME_NAMES:
        result.update(measure(game, args.seed))
        rows += [
            (f"{game}_moves", f"{game}: moves in the game", ""),
            (f"{game}_frames", f"{game}: frames (turns)", ""),
            (f"{game}_frames_s", f"{game}: replaying the log for the frames", "s"),
            (f"{game}_draw_s", f"{game}: drawing the frames", "s"),
            (f"{game}_animate_s", f"{game}: making the animation", "s"),
            (f"{game}_gif_kb", f"{game}: animated GIF", "KB"),
            (f"{game}_webp_kb", f"{game}: animated WebP (lossless)", "KB"),
            (f"{game}_kept", f"{game}: kept", ""),
        ]
    print(json.dumps(result))
    if not args.no_write:
        path = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
        write_report(path, result, tuple(rows), f"python -m bench.replay --seed {args.seed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
