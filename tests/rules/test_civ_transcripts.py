"""Transcript scenarios replayed through the command-line code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import transcript
from rules.__main__ import main

FILES = sorted((Path(__file__).parent / "transcripts").glob("civ_*.json"))


def test_there_are_transcripts() -> None:
    """The scenario directory is not empty."""
    assert len(FILES) >= 4


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_transcript_replays_as_expected(path: Path) -> None:
    """Every step succeeds or fails as marked, and the final position matches ``expect``."""
    result = transcript.replay(transcript.load(path))
    assert result.mismatches() == []
    assert "expect" in transcript.load(path)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_replay_cli_prints_steps_then_the_final_views(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One JSON line per step, then {"final": ...}; exit status 0."""
    assert main(["replay", str(path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    steps = json.loads(path.read_text())["steps"]
    assert [line["seq"] for line in lines[:-1]] == list(range(1, len(steps) + 1))
    assert set(lines[0]) == {"seq", "player", "action", "ok", "error"}
    final = lines[-1]["final"]
    assert set(final) == {"public", "private", "outcome"}
    assert final["public"]["seat"] is None
    assert sorted(final["private"]) == sorted(json.loads(path.read_text())["players"])


def test_replay_reports_unexpected_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An illegal step is reported with its code, replay goes on, and the exit status is 1."""
    data = json.loads(FILES[0].read_text())
    data["steps"] = [{"player": data["players"][1], "action": "play science"}]
    data.pop("expect", None)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert first["ok"] is False and first["error"] in ("not_your_turn", "not_in_hand", "not_now")


def test_replay_supports_resignation_steps(tmp_path: Path) -> None:
    """{"player": ..., "resign": true} resigns that seat."""
    data = {
        "game": "civ",
        "players": ["alice", "bob"],
        "seed": 4,
        "steps": [{"player": "bob", "resign": True}],
        "expect": {"outcome": {"reason": "resigned", "ranks": [1, 2]}},
    }
    result = transcript.replay(data)
    assert result.mismatches() == []
    assert result.steps[0].action == "resign"
