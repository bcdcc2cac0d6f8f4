"""Self-play: 100 complete games per player count with every check on, and their coverage."""

from __future__ import annotations

import json

import pytest

from rules import selfplay
from rules.__main__ import main
from rules.core import Rng, act
from rules.stoneage import GAME
from rules.stoneage.data import BUILDING_KINDS, BUILDING_TYPES, CARD_IDS, LOCATIONS

#: Games per player count: mostly the greedy player (short games, all the cards, the deck
#: ending), some uniform ones (the building ending, starvation, odd payments).
GREEDY_GAMES = 80
UNIFORM_GAMES = 20


@pytest.fixture(scope="module")
def reports() -> list[selfplay.Report]:
    """100 games each for 2, 3 and 4 players. Snapshots and refusals are checked every few
    steps rather than every 7th/5th (the CLI's 2000-game runs check at the default pace)."""
    out = []
    for players in (2, 3, 4):
        for policy, games in (("greedy", GREEDY_GAMES), ("uniform", UNIFORM_GAMES)):
            report = selfplay.Report("stoneage", players)
            runner = selfplay.Runner(
                GAME, report, policy=policy, roundtrip_every=29, illegal_every=13
            )
            for i in range(games):
                runner.play(players * 100_003 + i, players)
            out.append(report)
    return out


def test_no_game_breaks_an_invariant_or_gets_stuck(reports: list[selfplay.Report]) -> None:
    """Zero errors; every game finished; 100 games per player count."""
    for report in reports:
        assert report.errors == 0, report.messages
        assert report.finished == report.games
    for players in (2, 3, 4):
        assert sum(r.games for r in reports if r.players == players) == GREEDY_GAMES + UNIFORM_GAMES


def test_every_location_card_building_and_ending_occurs(reports: list[selfplay.Report]) -> None:
    """All 8 locations, all 36 cards, every building type and kind, starvation, both
    endings, every face of dice for all, Medicine, Writing, tools and one-use tools."""
    coverage = selfplay.merge(reports)
    wanted = {f"location.{loc}" for loc in LOCATIONS}
    wanted |= {f"card.{c}" for c in CARD_IDS}
    wanted |= {f"building.{t}" for t in BUILDING_TYPES}
    wanted |= {f"building_kind.{k}" for k in BUILDING_KINDS}
    wanted |= {f"dice_for_all.face{f}" for f in range(1, 7)}
    wanted |= {
        "starved",
        "starved_forced",
        "fed_resources",
        "end.deck_exhausted",
        "end.buildings_exhausted",
        "medicine",
        "writing",
        "tools_used",
        "stack_empty",
        "declined_card",
        "declined_building",
        "cannot_pay_card",
        "capped.agriculture",
        "resign",
    }
    assert sorted(wanted - set(coverage)) == []
    for code in ("not_your_turn", "already_there", "location_full", "bad_token"):
        assert coverage[f"illegal.{code}"] > 0


def test_greedy_beats_uniform() -> None:
    """Seat 0 plays the greedy heuristic against a uniform player and wins most games."""
    wins = 0
    games = 12
    for i in range(games):
        state = GAME.setup(["greedy", "random"], {}, seed=i)
        rng = Rng(i)
        while GAME.outcome(state) is None:
            seat = GAME.pending(state)[0].seat
            action = selfplay.random_action(GAME, state, seat, rng, greedy=seat == 0)
            state, _ = act(GAME, state, seat, action)
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += outcome.ranks[0] == 1
    assert wins >= games * 3 // 4


def test_selfplay_cli_for_stoneage(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m rules selfplay stoneage`` prints the JSON summary; exit status 0."""
    assert main(["selfplay", "stoneage", "--games", "2", "--seed", "3", "--players", "2"]) == 0
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (last["game"], last["players"], last["games"], last["errors"]) == ("stoneage", 2, 2, 0)
    assert last["finished"] == 2
