"""The same games, move for move: self-play games and transcripts replayed now give the
fingerprints recorded before (rules/sameness.py; docs/architecture.md names the commit).

The default run checks the first games of each player count of every engine and every
transcript under tests/; the ``slow`` run checks every recorded game (``python -m rules
sameness check`` does the same from the shell)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rules
from rules import sameness, transcript
from rules.__main__ import transcript_files

HERE = Path(__file__).parent / "sameness"
TESTS = Path(__file__).resolve().parent.parent
#: Games per player count in the default run: one heuristic and one random game (the mixed
#: policy alternates by seed), and more of the fast engines.
QUICK = {"civ": 6, "stoneage": 4, "clash": 2}


def recorded(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / f"{game}.json").read_text())
    return data


def test_every_engine_and_player_count_is_recorded() -> None:
    """Each engine's file names the commit it was recorded at and holds the same number of
    games for each player count it allows."""
    for game in rules.ENGINE_NAMES:
        data = recorded(game)
        engine = rules.get_game(game)
        counts = {str(k) for k in range(engine.min_players, engine.max_players + 1)}
        assert set(data["players"]) == counts
        assert len(data["base"]) == 40 and data["policy"] == sameness.POLICY
        assert all(len(v) == data["games"] >= 200 for v in data["players"].values())


def check(game: str, games: int) -> list[str]:
    data = recorded(game)
    problems = []
    for count, kept in data["players"].items():
        now = sameness.play(game, seed=data["seed"], players=int(count), indices=range(games))
        skip = sameness.ignored(game)
        problems += [f"{count}p {p}" for p in sameness.differences(kept, now, skip)]
    return problems


@pytest.mark.parametrize("game", sorted(QUICK))
def test_the_first_games_play_as_recorded(game: str) -> None:
    assert check(game, QUICK[game]) == []


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(QUICK))
def test_every_recorded_game_plays_as_recorded(game: str) -> None:
    assert check(game, recorded(game)["games"]) == []


def test_every_transcript_under_tests_replays_as_recorded() -> None:
    """Every transcript file under tests/ is fingerprinted, replays without a mismatch and
    gives the recorded steps, views, snapshot and outcome."""
    kept = json.loads((HERE / "transcripts.json").read_text())["files"]
    files = {p.relative_to(TESTS).as_posix(): p for p in transcript_files(TESTS)}
    assert set(files) == set(kept)
    for key, path in files.items():
        now = sameness.replay_digest(transcript.load(path))
        assert now["mismatches"] == [], key
        skip = sameness.ignored(str(transcript.load(path)["game"]))
        assert sameness.differences({key: kept[key]}, {key: now}, skip) == []


def test_a_changed_game_is_told() -> None:
    """The check can fail: another seed's fingerprint, or a step more, is a difference."""
    data = recorded("civ")["players"]["2"]
    first, second = list(data)[:2]
    assert sameness.differences({first: data[first]}, {first: data[second]})
    changed = {**data[first], "steps": data[first]["steps"] + 1}
    assert sameness.differences({first: data[first]}, {first: changed}) == [
        f"{first}: steps differ"
    ]
    assert sameness.differences({}, {first: data[first]}) == [f"{first}: not recorded"]


def test_only_a_new_snapshot_format_is_not_compared() -> None:
    """Every game writes version 2 now, not the recorded version 1: only their snapshot
    digests are left out, and nothing else of anyone's."""
    assert sameness.ignored("civ") == sameness.ignored("stoneage") == {"snapshot"}
    assert sameness.ignored("clash") == {"snapshot"}
    data = recorded("civ")["players"]["2"]
    first = next(iter(data))
    changed = {**data[first], "snapshot": "0" * 32, "steps": 0}
    skip = sameness.ignored("civ")
    assert sameness.differences({first: data[first]}, {first: changed}, skip) == [
        f"{first}: steps differ"
    ]


def test_a_rename_is_not_a_new_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clash's civil halves were ``C01``-``C21`` at the base commit, ``P01``-``P21`` now: with
    them spelt back before hashing (``sameness.RESPELLED``), the exported Clash game gives its
    recorded fingerprint; hashed as they are now, its replay differs, and only that."""
    key = "host/exported/clash_finished_3p.json"
    kept = {key: json.loads((HERE / "transcripts.json").read_text())["files"][key]}
    data = transcript.load(TESTS / key)
    skip = sameness.ignored("clash")
    assert sameness.differences(kept, {key: sameness.replay_digest(data)}, skip) == []
    monkeypatch.setitem(sameness.RESPELLED, "clash", ())
    now = {key: sameness.replay_digest(data)}
    assert sameness.differences(kept, now, skip) == [f"{key}: replay differ"]
