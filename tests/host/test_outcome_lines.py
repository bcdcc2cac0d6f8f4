"""The final post's standings say what each score counts (host.text.outcome_lines)."""

from __future__ import annotations

import pytest

from host import text
from rules.core import Outcome

HANDLES = ["ann", "bob", "cy"]


def lines(lang: str, game: str, outcome: Outcome) -> list[str]:
    return text.outcome_lines(lang, game, outcome, HANDLES, lambda s: f"@{HANDLES[s]}")


def test_civ_majorities_name_the_domains_each_player_won() -> None:
    won = {"ann": ["military", "science"], "bob": [], "cy": ["culture"]}
    outcome = Outcome((1, 3, 2), (2.0, 0.0, 1.0), "majority", None, {"won_by": won})
    assert lines("en", "civ", outcome)[2:] == [
        "1. @ann: 2 domains won (Military and Science)",
        "2. @cy: 1 domain won (Culture)",
        "3. @bob: no domain won",
    ]
    assert lines("hu", "civ", outcome)[2] == "1. @ann: 2 megnyert terület (Katonaság és Tudomány)"


def test_civ_hegemony_ranks_without_a_meaningless_number() -> None:
    outcome = Outcome((1, 2, 2), (1.0, 0.0, 0.0), "hegemony", None, {})
    assert lines("en", "civ", outcome)[2:] == ["1. @ann", "2. @bob", "2. @cy"]


@pytest.mark.parametrize(
    ("game", "lang", "first"),
    [
        ("stoneage", "en", "1. @ann: 41 points"),
        ("stoneage", "hu", "1. @ann: 41 pont"),
        ("clash", "en", "1. @ann: 41 victory points"),
        ("clash", "hu", "1. @ann: 41 Győzelmi Pont"),
    ],
)
def test_points_are_called_points(game: str, lang: str, first: str) -> None:
    outcome = Outcome((1, 2, 3), (41.0, 1.0, 0.5), "rounds", None, {})
    shown = lines(lang, game, outcome)
    assert shown[2] == first
    if lang == "en":
        assert shown[3].endswith(": 1 point") or shown[3].endswith(": 1 victory point")
        assert "0.5" in shown[4]


def test_a_game_without_score_texts_shows_the_bare_score() -> None:
    outcome = Outcome((1, 2, 3), (3.0, 2.0, 1.0), "rounds", None, {})
    assert lines("en", "proving", outcome)[-1] == "3. @cy: 1"
