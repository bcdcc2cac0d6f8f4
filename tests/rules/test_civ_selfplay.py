"""Self-play: hundreds of complete games per player count with every check on."""

from __future__ import annotations

import json

import pytest

from rules import selfplay
from rules.__main__ import main
from rules.civ import GAME
from rules.civ.data import EFFECTS, INSPIRATION

EVERY_EFFECT = {f"effect.{e}" for e in (*EFFECTS, INSPIRATION)}


@pytest.fixture(scope="module")
def reports() -> list[selfplay.Report]:
    """100 games each for 2, 3 and 4 players: half uniform, half greedy."""
    out = []
    for players in (2, 3, 4):
        for policy in ("uniform", "greedy"):
            out.append(selfplay.run(GAME, games=50, seed=players, players=players, policy=policy))
    return out


def test_no_game_breaks_an_invariant_or_gets_stuck(reports: list[selfplay.Report]) -> None:
    """Zero errors; every game finished."""
    for report in reports:
        assert report.errors == 0, report.messages
        assert report.finished == report.games == 50


def test_every_effect_and_every_ending_occurs(reports: list[selfplay.Report]) -> None:
    """All 16 effects, hegemony, majority and a tie-break appear in the coverage."""
    coverage = selfplay.merge(reports)
    assert sorted(EVERY_EFFECT - set(coverage)) == []
    assert coverage["end.hegemony"] > 0 and coverage["end.majority"] > 0
    assert any(k.startswith("tiebreak.") for k in coverage)
    assert coverage["final_round"] > 0 and coverage["embargo_expired"] > 0
    assert coverage["draft_picked"] > 0 and coverage["skipped"] > 0
    for code in ("must_play_first", "not_your_turn", "level_not_reached", "bad_token"):
        assert coverage[f"illegal.{code}"] > 0


def test_greedy_reaches_hegemony_more_often_than_uniform(reports: list[selfplay.Report]) -> None:
    """The biased player exists to reach the ending uniform play rarely reaches."""
    uniform = sum(r.coverage["end.hegemony"] for r in reports[0::2])
    greedy = sum(r.coverage["end.hegemony"] for r in reports[1::2])
    assert greedy > uniform


def test_selfplay_cli_prints_a_json_summary_last(capsys: pytest.CaptureFixture[str]) -> None:
    """The last line is one JSON object with the documented keys; exit status 0."""
    assert main(["selfplay", "civ", "--games", "3", "--seed", "2", "--players", "3"]) == 0
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert set(last) == {
        "game",
        "players",
        "games",
        "finished",
        "errors",
        "actions",
        "seconds",
        "coverage",
        "missing",
    }
    assert (last["game"], last["players"], last["games"], last["errors"]) == ("civ", 3, 3, 0)
    assert last["missing"] == []  # CIV has no catalogue of features


def test_selfplay_detects_a_stuck_game(capsys: pytest.CaptureFixture[str]) -> None:
    """A step cap smaller than a game reports it as stuck and exits non-zero."""
    assert main(["selfplay", "civ", "--games", "1", "--seed", "1", "--max-steps", "5"]) == 1
    captured = capsys.readouterr()
    assert "stuck" in captured.err
    assert json.loads(captured.out.splitlines()[-1])["errors"] == 1
