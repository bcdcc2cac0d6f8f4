"""Command line for every engine: ``python -m rules selfplay|replay``.

``selfplay GAME --games N --seed S [--players K] [--policy uniform|greedy]`` plays complete
games with every check on and prints one JSON summary as its last line; it exits with status 1
if a game broke a check or got stuck.

``replay FILE`` replays a transcript (docs/transcripts.md): one JSON line per step, then
``{"final": {...}}``; it exits with status 1 if a step or the final position is not what the
transcript expects (``expect_error``, ``expect``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

import rules
from rules import selfplay, transcript
from rules.core import IllegalAction


def _selfplay(args: argparse.Namespace) -> int:
    game = rules.get_game(args.game)
    report = selfplay.run(
        game,
        games=args.games,
        seed=args.seed,
        players=args.players,
        policy=args.policy,
        max_steps=args.max_steps,
    )
    for message in report.messages:
        print(message, file=sys.stderr)
    print(json.dumps(report.summary()))
    return 1 if report.errors or report.finished != report.games else 0


def _replay(args: argparse.Namespace) -> int:
    try:
        result = transcript.replay(transcript.load(args.file))
    except IllegalAction as exc:  # the setup or the position itself was refused
        print(f"setup refused: {exc}", file=sys.stderr)
        return 1
    for step in result.steps:
        print(json.dumps(step.to_json(), ensure_ascii=False))
    problems = result.mismatches()
    for problem in problems:
        print(problem, file=sys.stderr)
    print(json.dumps({"final": result.final()}, ensure_ascii=False))
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments and run one command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("selfplay", help="play random games with every check on")
    play.add_argument("game", choices=rules.GAME_NAMES)
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--policy", choices=("uniform", "greedy"), default="uniform")
    play.add_argument("--max-steps", type=int, default=20000, help="actions before 'stuck'")
    play.set_defaults(run=_selfplay)
    rep = sub.add_parser("replay", help="replay a transcript file")
    rep.add_argument("file")
    rep.set_defaults(run=_replay)
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
