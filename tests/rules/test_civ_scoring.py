"""Majority scoring, tie-breakers, the team game and resignations."""

from __future__ import annotations

from typing import Any

from civ_support import hand, in_effects, kinds, outcome_of, position, refused, rest_of_box, run

from rules.civ import GAME
from rules.civ.state import CivState
from rules.core import Event, IllegalAction, Outcome

THREE = ("alice", "bob", "carol")
FOUR = ("alice", "bob", "carol", "dave")


def _last_turn(players: tuple[str, ...], seats: dict[str, Any], **extra: Any) -> CivState:
    """The last player of the final round is in step 2 with an empty deck; ``end`` scores."""
    return in_effects(
        players=players,
        seats=seats,
        fill_deck=False,
        deck=[],
        start=players[0],
        active=players[-1],
        **rest_of_box(players, seats, []),
        **extra,
    )


def _score(
    players: tuple[str, ...], seats: dict[str, Any], **extra: Any
) -> tuple[Outcome, list[Event]]:
    state, events = run(_last_turn(players, seats, **extra), f"{players[-1]}: end")
    outcome = outcome_of(state)
    assert outcome.reason == "majority"
    return outcome, events


def test_majority_ties_all_score_and_tie_breakers_decide() -> None:
    """Tied domains score for all; equal points are split by Utopia, Culture, Science..."""
    seats = {
        "alice": {"area": {"military": 3, "religion": 2}},
        "bob": {"area": {"military": 3, "science": 1}},
        "carol": {"area": {"culture": 1}},
    }
    outcome, events = _score(THREE, seats)
    assert outcome.scores == (2.0, 2.0, 1.0)
    assert outcome.details["domains"]["military"] == ["alice", "bob"]
    assert outcome.details["domains"]["economy"] == []
    # Utopia and Culture are 0 for both leaders; bob has more Science.
    assert outcome.tiebreak == "science"
    assert outcome.ranks == (2, 1, 3)
    assert kinds(events)[-2:] == ["civ.game_over", "civ.tiebreak"]
    assert events[-2].params == {"reason": "majority", "winners": ["bob"], "count": 1}


def test_utopia_is_the_first_tie_breaker() -> None:
    """Face-up Utopia cards decide first."""
    seats = {
        "alice": {"area": {"military": 3, "utopia": 1}},
        "bob": {"area": {"religion": 3, "utopia": 1, "science": 5}},
        "carol": {"area": {"economy": 1}},
    }
    # Utopia is tied (1-1) and scores for both: alice 2 points, bob 3 -> no tie here.
    outcome, _ = _score(THREE, seats)
    assert outcome.tiebreak is None and outcome.winners == (1,)
    seats["alice"]["area"]["utopia"] = 2
    seats["bob"]["area"]["science"] = 0
    # alice: military, utopia; bob: religion; carol: economy -> alice wins outright.
    outcome, _ = _score(THREE, seats)
    assert outcome.winners == (0,) and outcome.tiebreak is None
    seats = {
        "alice": {"area": {"military": 3, "utopia": 2}},
        "bob": {"area": {"religion": 3, "utopia": 2, "culture": 1}},
        "carol": {"area": {"utopia": 1}},
    }
    # alice: military + utopia; bob: religion + utopia + culture -> bob outright.
    outcome, _ = _score(THREE, seats)
    assert outcome.winners == (1,)


def test_face_down_utopia_does_not_break_ties() -> None:
    """Only face-up Utopia cards count for the tie-breaker."""
    seats = {
        "alice": {"area": {"science": 3}, "facedown_utopia": {"science": 2}},
        "bob": {"area": {"science": 3}},
        "carol": {"area": {}},
    }
    outcome, _ = _score(THREE, seats)
    assert outcome.tiebreak == "shared"
    assert outcome.winners == (0, 1)


def test_full_tie_is_a_shared_victory() -> None:
    """Identical play areas: both share first place."""
    seats = {
        "alice": {"area": {"science": 2, "culture": 1}},
        "bob": {"area": {"science": 2, "culture": 1}},
        "carol": {"area": {"military": 1}},
    }
    outcome, _ = _score(THREE, seats)
    assert outcome.ranks == (1, 1, 3)
    assert outcome.tiebreak == "shared"


def test_team_scoring_counts_each_domain_once_per_team() -> None:
    """A team scores a domain if a member has the (shared) top count, at most once."""
    seats = {
        "alice": {"area": {"military": 3, "science": 1}},
        "bob": {"area": {"religion": 2}},
        "carol": {"area": {"religion": 2, "science": 1}},
        "dave": {"area": {"economy": 1}},
    }
    outcome, _ = _score(FOUR, seats, options={"teams": True})
    assert outcome.details["team_points"] == [3, 2]
    assert outcome.scores == (3.0, 2.0, 3.0, 2.0)
    assert outcome.ranks == (1, 2, 1, 2)
    assert outcome.details["teams"] == [["alice", "carol"], ["bob", "dave"]]


def test_team_tie_is_broken_by_team_sums() -> None:
    """Equal team points: the team with more Utopia cards together wins (rules decision)."""
    seats = {
        "alice": {"area": {"military": 2, "utopia": 1}},
        "bob": {"area": {"religion": 2, "utopia": 1}},
        "carol": {"area": {"utopia": 1}},
        "dave": {"area": {}},
    }
    outcome, _ = _score(FOUR, seats, options={"teams": True})
    # utopia tied 1-1-1: both teams score it; military A, religion B -> 2:2.
    assert outcome.details["team_points"] == [2, 2]
    assert outcome.tiebreak == "utopia"
    assert outcome.ranks == (1, 2, 1, 2)


def test_hegemony_wins_for_the_whole_team() -> None:
    """The partner of the player reaching Hegemony wins too."""
    seats = {"alice": {"hand": {"culture": 1}, "area": {"culture": 6}}}
    state = position(FOUR, options={"teams": True}, seats=seats)
    state, _ = run(state, "alice: play culture", "alice: end")
    outcome = outcome_of(state)
    assert outcome.reason == "hegemony"
    assert outcome.ranks == (1, 2, 1, 2)


# -- resignation ------------------------------------------------------------------------


def test_two_player_resignation_ends_the_game() -> None:
    """The other player wins at once."""
    state = position()
    state, events = GAME.resign(state, 1)
    outcome = outcome_of(state)
    assert outcome.reason == "resigned" and outcome.ranks == (1, 2)
    assert kinds(events)[0] == "civ.resigned"
    assert GAME.pending(state) == []
    try:
        GAME.resign(state, 0)
    except IllegalAction as exc:
        assert exc.code == "game_over"
    else:
        raise AssertionError("resigning after the end must be refused")


def test_team_resignation_loses_for_the_team() -> None:
    """In the team game the resigning side loses."""
    state, _ = GAME.resign(position(FOUR, options={"teams": True}), 3)
    assert outcome_of(state).ranks == (1, 2, 1, 2)


def test_three_player_resignation_skips_the_seat_and_ranks_it_last() -> None:
    """The others play on; the resigned seat is skipped, untargetable and ranks last."""
    seats = {
        "alice": {"hand": {"science": 1}, "area": {"economy": 1}},
        "bob": {"area": {"culture": 5}, "embargoed": ["science"]},
        "carol": {"area": {"military": 1}, "hand": {"science": 1}},
    }
    state = position(THREE, seats=seats)
    state, events = GAME.resign(state, 1)
    assert "civ.embargo_expired" in kinds(events)
    assert GAME.view(state, None)["seats"][1]["resigned"] is True
    assert GAME.view(state, None)["seats"][1]["culture_leader"] is False
    state, _ = run(state, "alice: play science")
    assert refused(state, "alice: embargo @bob culture").code == "bad_target"
    state, events = run(state, "alice: end")
    assert GAME.pending(state)[0].seat == 2
    assert refused(state, "alice: play science").code == "not_your_turn"


def test_resignation_already_resigned_is_refused() -> None:
    """A seat resigns once."""
    state, _ = GAME.resign(position(THREE), 2)
    try:
        GAME.resign(state, 2)
    except IllegalAction as exc:
        assert exc.code == "already_resigned"
    else:
        raise AssertionError("second resignation accepted")


def test_resigning_during_inquisition_gives_the_hand_back() -> None:
    """The taken cards go back to their owner when the actor resigns mid-effect."""
    seats = {
        "alice": {"area": {"religion": 1}, "hand": {"utopia": 1}},
        "bob": {"hand": {"science": 2}},
    }
    state = in_effects(players=THREE, seats=seats)
    state, _ = run(state, "alice: inquisition @bob")
    state, _ = GAME.resign(state, 0)
    assert hand(state, "bob") == {"science": 2}
    assert hand(state, "alice") == {"utopia": 1}
    assert GAME.pending(state)[0].seat == 1 and GAME.check_invariants(state) == []


def test_last_player_standing_wins_and_resigned_seats_rank_by_order() -> None:
    """Earlier resignations rank lower."""
    state, _ = GAME.resign(position(FOUR), 1)
    state, _ = GAME.resign(state, 3)
    state, _ = GAME.resign(state, 0)
    outcome = outcome_of(state)
    assert outcome.reason == "last_standing"
    assert outcome.ranks == (2, 4, 1, 3)


def test_resigned_seat_does_not_count_for_majorities() -> None:
    """Scores ignore a seat that resigned; it still ranks last."""
    seats = {
        "alice": {"area": {"military": 3}},
        "bob": {"area": {"military": 9, "science": 9}},
        "carol": {"area": {"science": 1}},
        "dave": {"area": {}},
    }
    state = _last_turn(FOUR, seats)
    state, _ = GAME.resign(state, 1)
    state, _ = run(state, "dave: end")
    outcome = outcome_of(state)
    assert outcome.reason == "majority"
    assert outcome.details["points"] == {"alice": 1, "carol": 1, "dave": 0}
    assert outcome.ranks[1] == 4
