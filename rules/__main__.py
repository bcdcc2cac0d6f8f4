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

``sameness record --base COMMIT`` fingerprints the self-play games of every engine (``--games``
per player count, ``mixed`` policy, from ``--seed``) and every transcript under ``--transcripts``
into ``--dir`` (rules/sameness.py); ``sameness check`` plays and replays them again and exits
with status 1 if any game or transcript differs from its fingerprint (``--games N``: the first N
per player count only).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import rules
from rules import sameness, selfplay, transcript
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


def transcript_files(root: Path) -> list[Path]:
    """Every transcript under ``root`` (JSON objects naming a game and its steps)."""
    found = []
    for path in sorted(root.rglob("*.json")):
        try:
            data = transcript.load(path)
        except transcript.TranscriptError:
            continue
        if "game" in data and "steps" in data:
            found.append(path)
    return found


def _sameness_now(args: argparse.Namespace, games: int, name: str, seed: int) -> dict[str, Any]:
    counts = range(rules.get_game(name).min_players, rules.get_game(name).max_players + 1)
    return {
        str(k): sameness.play(name, seed=seed, players=k, indices=range(games), jobs=args.jobs)
        for k in counts
    }


def _sameness(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    names = args.game or list(rules.ENGINE_NAMES)
    files = transcript_files(args.transcripts)
    transcripts = {
        path.relative_to(args.transcripts).as_posix(): sameness.replay_digest(transcript.load(path))
        for path in files
    }
    if args.mode == "record":
        args.dir.mkdir(parents=True, exist_ok=True)
        for name in names:
            record = {
                "game": name,
                "base": args.base,
                "policy": sameness.POLICY,
                "seed": args.seed,
                "games": args.games,
                "players": _sameness_now(args, args.games, name, args.seed),
            }
            (args.dir / f"{name}.json").write_text(sameness.dumps(record, "players"))
        kept = {"base": args.base, "root": args.transcripts.as_posix(), "files": transcripts}
        (args.dir / "transcripts.json").write_text(sameness.dumps(kept, "files"))
        print(json.dumps({"recorded": names, "transcripts": len(transcripts)}))
        return 0
    summary: dict[str, Any] = {}
    problems: list[str] = []
    for name in names:
        recorded = json.loads((args.dir / f"{name}.json").read_text())
        games = min(args.games or recorded["games"], recorded["games"])
        now = _sameness_now(args, games, name, recorded["seed"])
        for count, found in now.items():
            problems += [
                f"{name} {count}p {p}"
                for p in sameness.differences(
                    recorded["players"][count], found, sameness.ignored(name)
                )
            ]
        summary[name] = {"base": recorded["base"], "games_per_count": games, "counts": sorted(now)}
    kept = json.loads((args.dir / "transcripts.json").read_text())
    for key, found in transcripts.items():
        skip = sameness.ignored(str(transcript.load(args.transcripts / key)["game"]))
        problems += [
            f"transcript {p}" for p in sameness.differences(kept["files"], {key: found}, skip)
        ]
    problems += [
        f"transcript {k}: no longer there" for k in sorted(set(kept["files"]) - set(transcripts))
    ]
    for problem in problems:
        print(problem, file=sys.stderr)
    summary["transcripts"] = len(transcripts)
    summary["different"] = len(problems)
    summary["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(summary))
    return 1 if problems else 0


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
    same = sub.add_parser("sameness", help="record or check the fingerprints of whole games")
    same.add_argument("mode", choices=("record", "check"))
    same.add_argument("--game", action="append", choices=rules.ENGINE_NAMES, help="(repeatable)")
    same.add_argument("--games", type=int, default=None, help="games per player count")
    same.add_argument("--seed", type=int, default=1)
    same.add_argument("--jobs", type=int, default=1, help="processes to share the games among")
    same.add_argument("--dir", type=Path, default=Path("tests/rules/sameness"))
    same.add_argument("--transcripts", type=Path, default=Path("tests"))
    same.add_argument("--base", default=None, help="the commit recorded at (record)")
    same.set_defaults(run=_sameness)
    args = parser.parse_args(argv)
    if args.command == "sameness" and args.mode == "record" and not (args.base and args.games):
        parser.error("sameness record needs --base COMMIT and --games N")
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
