"""Clash of Cultures transcript scenarios (docs/transcripts.md) replayed through the
command-line code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import transcript
from rules.__main__ import main

FILES = sorted((Path(__file__).parent / "transcripts").glob("clash_*.json"))


def test_there_are_transcripts() -> None:
    """The scenario directory is not empty."""
    assert len(FILES) >= 3


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


def test_clash_is_offered_and_replayable() -> None:
    import rules

    assert "clash" in rules.GAME_NAMES and "clash" in rules.ENGINE_NAMES
