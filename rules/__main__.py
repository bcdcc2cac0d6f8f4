"""Command line for every engine: ``python -m rules selfplay|replay``.

``selfplay GAME --games N --seed S [--players K] [--policy mixed|uniform|greedy] [--save DIR]``
plays complete games with every check on and prints one JSON summary as its last line; it exits
with status 1 if a game broke a check or got stuck. ``mixed`` (the default) plays every other
game with the engine's heuristic player, the rest uniformly at random. ``--save DIR`` writes
each game's transcript there (``DIR/<game>_<seed>.json``), replayable with ``replay``.

``replay [--views] FILE...`` replays transcripts (docs/transcripts.md): one JSON line per step,
then ``{"final": {...}}``; ``--views`` adds, after the start and after every step, one line per
viewer with what they see. With several files each file's lines follow a ``{"file": ...}``
line. It exits with status 1 if a file is not a transcript, its setup is refused, or a step or
the final position is not what the transcript expects (``expect_error``, ``expect``, a refusal
that changed the state).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import rules
from rules import selfplay, transcript
from rules.core import IllegalAction


def _line(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def _selfplay(args: argparse.Namespace) -> int:
    game = rules.get_game(args.game)
    record = None
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
        record = transcript.Saver(args.save, game.name)
    report = selfplay.run(
        game,
        games=args.games,
        seed=args.seed,
        players=args.players,
        policy=args.policy,
        max_steps=args.max_steps,
        record=record,
        jobs=args.jobs,
    )
    for message in report.messages:
        print(message, file=sys.stderr)
    print(json.dumps(report.summary()))
    return 1 if report.errors or report.finished != report.games else 0


def _replay_one(path: str, views: bool, label: str) -> bool:
    """Replay one file and print its lines; True when it matched everything."""
    try:
        result = transcript.replay(transcript.load(path))
    except (OSError, transcript.TranscriptError) as exc:
        print(f"{label}transcript refused: {exc}", file=sys.stderr)
        return False
    except IllegalAction as exc:  # the setup or the position itself was refused
        print(f"{label}setup refused: {exc}", file=sys.stderr)
        return False
    if views:
        for line in result.view_lines(0):
            _line(line)
    for step in result.steps:
        data = step.to_json()
        if views:
            data["params"] = dict(step.params) if step.error else None
        _line(data)
        if views:
            for line in result.view_lines(step.seq):
                _line(line)
    problems = result.mismatches()
    for problem in problems:
        print(f"{label}{problem}", file=sys.stderr)
    _line({"final": result.final()})
    return not problems


def _replay(args: argparse.Namespace) -> int:
    several = len(args.files) > 1
    ok = True
    for path in args.files:
        if several:
            _line({"file": path})
        ok = _replay_one(path, args.views, f"{path}: " if several else "") and ok
    return 0 if ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments and run one command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("selfplay", help="play random games with every check on")
    play.add_argument("game", choices=rules.ENGINE_NAMES)
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--players", type=int, default=None)
    play.add_argument(
        "--policy",
        choices=selfplay.POLICIES,
        default="mixed",
        help="how seats choose: uniform, greedy (the heuristic player) or mixed (every other "
        "game each way; the default)",
    )
    play.add_argument("--max-steps", type=int, default=20000, help="actions before 'stuck'")
    play.add_argument("--save", type=Path, default=None, help="write each game's transcript here")
    play.add_argument("--jobs", type=int, default=1, help="processes to share the games among")
    play.set_defaults(run=_selfplay)
    rep = sub.add_parser("replay", help="replay transcript files")
    rep.add_argument("--views", action="store_true", help="print every viewer's view per step")
    rep.add_argument("files", nargs="+", metavar="FILE")
    rep.set_defaults(run=_replay)
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
