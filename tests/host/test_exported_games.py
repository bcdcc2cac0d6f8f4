"""Finished games exported (host.export) before the Clash engine was reorganised still replay
to their outcome: the files were written at the commit docs/architecture.md names as the
sameness base, by the code that exports a game from /game export."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import transcript

FILES = sorted((Path(__file__).parent / "exported").glob("*.json"))


def test_there_is_an_exported_game_of_every_engine() -> None:
    import rules

    assert {p.name.split("_")[0] for p in FILES} == set(rules.GAME_NAMES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_exported_game_replays_to_its_outcome(path: Path) -> None:
    data = transcript.load(path)
    assert data["expect"]["outcome"] is not None
    result = transcript.replay(data)
    assert result.mismatches() == []
    assert result.final()["outcome"] == data["expect"]["outcome"]
