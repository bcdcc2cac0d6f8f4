"""Stone Age transcript scenarios replayed through the command-line code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import transcript
from rules.__main__ import main

FILES = sorted((Path(__file__).parent / "transcripts").glob("stoneage_*.json"))


def test_there_are_transcripts() -> None:
    """A round, dice for all, and both endings."""
    assert {p.stem for p in FILES} >= {
        "stoneage_round_2p",
        "stoneage_dice_for_all_3p",
        "stoneage_buildings_end_2p",
        "stoneage_deck_end_4p",
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_transcript_replays_as_expected(path: Path) -> None:
    """Every step succeeds or fails as marked, and the final position matches ``expect``."""
    data = transcript.load(path)
    assert "expect" in data and any("expect_error" in s for s in data["steps"])
    assert transcript.replay(data).mismatches() == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_replay_cli_prints_steps_then_the_final_views(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One JSON line per step, then {"final": ...}; exit status 0."""
    assert main(["replay", str(path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    steps = json.loads(path.read_text())["steps"]
    assert [line["seq"] for line in lines[:-1]] == list(range(1, len(steps) + 1))
    final = lines[-1]["final"]
    assert final["public"]["game"] == "stoneage" and final["public"]["seat"] is None
    assert sorted(final["private"]) == sorted(json.loads(path.read_text())["players"])


def test_a_refused_position_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A position the engine refuses exits with status 1 and names the code."""
    data = {
        "game": "stoneage",
        "players": ["a", "b"],
        "position": {"dice": [9], "fill_deck": True},
        "steps": [],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    assert "position_bad_value" in capsys.readouterr().err
