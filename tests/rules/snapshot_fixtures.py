"""Saved snapshots of every game at many points of play, and the fingerprint they must load to.

A store holds snapshots written by whatever version of the bot wrote them, so every snapshot
format a release ever wrote must keep loading to the very state it was taken of. This module
makes and reads the fixtures that prove it (``tests/rules/test_snapshot_fixtures.py``):

- ``tests/rules/snapshots/<game>/v<version>/snapshots.jsonl.xz``: one JSON object per line,
  first the games played (``{"game": i, "transcript": {...}}``, the transcript of each, for
  whoever wants to replay one), then the snapshots (``{"game": i, "step": k, "snapshot":
  {...}, "fingerprint": {...}}``): ``engine.to_json(state)`` exactly as the store saves it,
  taken every few actions of seeded self-play (each player count, both players of
  :mod:`rules.selfplay`, a resignation in some) and at every step of the game's transcripts
  under ``tests/rules/transcripts`` (positions, fixed dice).
- ``.../manifest.json``: the commit the fixtures were made at, the snapshot version, counts.

The fingerprint is taken of the state as played, before any snapshot was written: who must
decide (``pending``), each of their first tokens (``choices``), the outcome, a hash of every
seat's view (``views``) and a hash of the state itself (``state``: every dataclass field
that differs from its default, with exact types, the generator by its state; sets sorted,
dict keys in order). Skipping defaults keeps the hash of an old state valid when a later
version adds a field with a default: an upgraded old snapshot gets the default.

Make them once per snapshot version (the directory is named after the version the engine
writes now; older ones stay as they are), from the repository root::

    python tests/rules/snapshot_fixtures.py civ stoneage clash

A deliberate change of the rules or of a view changes fingerprints without any snapshot
being wrong: ``--refingerprint`` then rewrites the fingerprints of the saved snapshots as the
current code loads them, leaving the snapshots untouched. Do that only in the commit of that
change, after this test passed on the commit before it.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import lzma
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script from the repository root
    sys.path.insert(0, str(ROOT))

from rules import get_game  # noqa: E402
from rules.core import Game, IllegalAction, Rng, act  # noqa: E402
from rules.selfplay import random_action  # noqa: E402
from rules.transcript import load, replay  # noqa: E402

HERE = Path(__file__).resolve().parent
SNAPSHOTS = HERE / "snapshots"
TRANSCRIPTS = HERE / "transcripts"
DATA = "snapshots.jsonl.xz"
MANIFEST = "manifest.json"
#: Self-played games per player count; odd ones by the heuristic player.
GAMES_PER_COUNT = 4
#: A snapshot every this many actions of self-play (games differ in length).
EVERY = {"civ": 2, "stoneage": 5, "clash": 3}
#: The self-played game of each 3-4 player count in which a seat resigns, and when.
RESIGN_GAME, RESIGN_AT = 2, 25
MAX_ACTIONS = 5000


def compact(value: Any) -> str:
    """JSON as the store writes it (``store.sqlite._dumps``)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _same(text: str) -> str:
    """A JSON text as it is (the fixtures' spelling is today's)."""
    return text


def digest(value: Any, spelling: Callable[[str], str] = _same) -> str:
    return hashlib.sha256(spelling(json.dumps(value, sort_keys=True)).encode()).hexdigest()[:32]


_NO_DEFAULT = object()


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return _NO_DEFAULT


def structure(value: Any) -> Any:
    """The value as plain data with every type written out: two values give the same result
    exactly when they are equal and of the same types throughout (fields at their default
    left out, see the module's docstring)."""
    if isinstance(value, Rng):
        return ["Rng", value.state]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: list[Any] = [type(value).__name__]
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            default = _default(f)
            if default is not _NO_DEFAULT and type(item) is type(default) and item == default:
                continue
            out.append([f.name, structure(item)])
        return out
    if isinstance(value, dict):
        return ["dict", [[structure(k), structure(v)] for k, v in value.items()]]
    if isinstance(value, frozenset | set):
        items = sorted((structure(v) for v in value), key=repr)
        return [type(value).__name__, items]
    if isinstance(value, tuple | list):
        return [type(value).__name__, [structure(v) for v in value]]
    if value is None or isinstance(value, bool | int | float | str):
        return [type(value).__name__, value]
    raise TypeError(f"no structure for {type(value).__name__}")


def fingerprint(
    game: Game[Any], state: Any, seats: int, spelling: Callable[[str], str] = _same
) -> dict[str, Any]:
    """What a state is and how it goes on, compactly (see the module's docstring).
    ``spelling`` turns each JSON text hashed or kept into the spelling of the fixtures' time
    (ids renamed since they were made: :func:`rules.sameness.as_recorded`)."""
    prompts = game.pending(state)
    outcome = game.outcome(state)
    views = [game.view(state, seat) for seat in (None, *range(seats))]
    return json.loads(
        spelling(
            json.dumps(
                {
                    "pending": [
                        [p.seat, p.kind, dict(p.params), p.must, p.turn, p.id] for p in prompts
                    ],
                    "choices": {
                        str(seat): [c.token for c in game.choices(state, seat, [])]
                        for seat in sorted({p.seat for p in prompts})
                    },
                    "outcome": None if outcome is None else outcome.to_json(),
                    "views": digest(views, spelling),
                    "state": digest(structure(state), spelling),
                }
            )
        )
    )


# -- making them -----------------------------------------------------------------------------


def _setup(game: Game[Any], players: list[str], rng: Rng, seed: int) -> tuple[dict[str, Any], Any]:
    """Random options, those the player count refuses at their defaults (as self-play)."""
    chosen = {o.name: o.values[rng.randrange(len(o.values))] for o in game.options}
    for spec in (None, *game.options):
        if spec is not None:
            chosen[spec.name] = spec.default
        try:
            return dict(chosen), game.setup(players, chosen, seed)
        except IllegalAction:
            continue
    raise RuntimeError("setup refused the default options")


def _self_played(name: str) -> Iterator[tuple[dict[str, Any], list[tuple[int, Any]]]]:
    """Each seeded self-played game: its transcript and its states worth a snapshot."""
    game = get_game(name)
    for count in range(game.min_players, game.max_players + 1):
        for k in range(GAMES_PER_COUNT):
            seed = 7919 * count + 104729 * k
            rng = Rng(seed)
            players = [f"p{i}" for i in range(count)]
            options, state = _setup(game, players, rng, seed)
            steps: list[dict[str, Any]] = []
            kept = [(0, state)]
            while game.outcome(state) is None and len(steps) < MAX_ACTIONS:
                if k == RESIGN_GAME and count >= 3 and len(steps) == RESIGN_AT:
                    seat = len(steps) % count
                    state, _ = game.resign(state, seat)
                    steps.append({"player": players[seat], "resign": True})
                else:
                    prompts = game.pending(state)
                    seat = prompts[rng.randrange(len(prompts))].seat
                    action = random_action(game, state, seat, rng, greedy=k % 2 == 1)
                    state, _ = act(game, state, seat, action)
                    steps.append({"player": players[seat], "action": action})
                if len(steps) % EVERY[name] == 0 or game.outcome(state) is not None:
                    kept.append((len(steps), state))
            transcript = {
                "game": name,
                "players": players,
                "options": options,
                "seed": seed,
                "steps": steps,
            }
            yield transcript, kept


def _from_transcripts(name: str) -> Iterator[tuple[dict[str, Any], list[tuple[int, Any]]]]:
    """Every state of the game's transcripts (positions, fixed dice, refusals skipped)."""
    for path in sorted(TRANSCRIPTS.glob(f"{name}_*.json")):
        data = load(path)
        result = replay(data)
        yield data, list(enumerate(result.states))


def make(name: str, version: int, *, again: bool = False) -> dict[str, Any]:
    """Write the fixtures of ``name`` for the current snapshot ``version``; its manifest.
    Those of a version already saved are kept unless ``again``."""
    if (SNAPSHOTS / name / f"v{version}").exists() and not again:
        raise SystemExit(f"{name} v{version} fixtures are saved already (--again to redo them)")
    game = get_game(name)
    lines: list[str] = []
    snapshots = 0
    sources = [*_self_played(name), *_from_transcripts(name)]
    for index, (transcript, _) in enumerate(sources):
        lines.append(compact({"game": index, "transcript": transcript}))
    for index, (transcript, states) in enumerate(sources):
        seats = len(transcript["players"])
        for step, state in states:
            snapshot = json.loads(compact(game.to_json(state)))
            if snapshot.get("version") != version:
                raise SystemExit(f"{name} writes version {snapshot.get('version')}, not {version}")
            print_ = fingerprint(game, state, seats)
            if fingerprint(game, game.from_json(snapshot), seats) != print_:
                raise SystemExit(f"{name} game {index} step {step}: the snapshot loses something")
            record = {"game": index, "step": step, "snapshot": snapshot, "fingerprint": print_}
            lines.append(compact(record))
            snapshots += 1
    folder = SNAPSHOTS / name / f"v{version}"
    folder.mkdir(parents=True, exist_ok=True)
    _write(folder / DATA, lines)
    manifest = {
        "game": name,
        "version": version,
        "commit": _commit(),
        "games": len(sources),
        "snapshots": snapshots,
        "made_by": "python tests/rules/snapshot_fixtures.py " + name,
    }
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def _write(path: Path, lines: list[str]) -> None:
    # Fixed settings and no timestamp (xz keeps none), so the same lines give the same bytes.
    path.write_bytes(
        lzma.compress(("\n".join(lines) + "\n").encode(), preset=9 | lzma.PRESET_EXTREME)
    )


def _commit() -> str:
    """The commit the fixtures are made at (with ``+changes`` when the tree differs)."""
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "rules"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    return head + ("+changes" if dirty else "")


# -- reading them ----------------------------------------------------------------------------


def folders(name: str) -> list[Path]:
    """The fixture directories of ``name``, oldest version first."""
    return sorted((SNAPSHOTS / name).glob("v*"), key=lambda p: int(p.name[1:]))


def read(folder: Path) -> tuple[dict[int, dict[str, Any]], list[dict[str, Any]]]:
    """The transcripts (by game index) and the snapshot records of one fixture directory."""
    games: dict[int, dict[str, Any]] = {}
    records = []
    for line in lzma.decompress((folder / DATA).read_bytes()).decode().splitlines():
        record = json.loads(line)
        if "transcript" in record:
            games[record["game"]] = record["transcript"]
        else:
            records.append(record)
    return games, records


def refingerprint(folder: Path) -> None:
    """Record the fingerprints the current code gives the saved snapshots (see above)."""
    name = folder.parent.name
    game = get_game(name)
    games, records = read(folder)
    lines = [compact({"game": i, "transcript": t}) for i, t in sorted(games.items())]
    for r in records:
        seats = len(games[r["game"]]["players"])
        r["fingerprint"] = fingerprint(game, game.from_json(r["snapshot"]), seats)
        lines.append(compact(r))
    _write(folder / DATA, lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--refingerprint", action="store_true")
    parser.add_argument("--again", action="store_true", help="redo the current version's")
    args = parser.parse_args(argv)
    for name in args.games:
        if args.refingerprint:
            for folder in folders(name):
                refingerprint(folder)
                print(f"{folder.relative_to(ROOT)}: fingerprints recorded again")
            continue
        version = get_game(name).to_json(_any_state(name))["version"]
        print(json.dumps(make(name, version, again=args.again)))
    return 0


def _any_state(name: str) -> Any:
    game = get_game(name)
    return game.setup([f"p{i}" for i in range(game.min_players)], {}, 0)


if __name__ == "__main__":
    raise SystemExit(main())
