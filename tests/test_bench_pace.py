"""bench.pace: what counts as a wait."""

from __future__ import annotations

from bench.pace import measure, waits


def test_a_wait_is_somebody_new_asked_and_simultaneous_seats_count_once() -> None:
    moments = [
        ({0: "turn"}, 0),  # the first question of the game: a wait
        ({0: "turn"}, 0),  # the same player goes on: none
        ({1: "battle"}, 1),  # the defender is asked: a wait
        ({0: "turn"}, 0),  # back to the attacker, who did not just act: a wait
        ({0: "raze", 1: "raze", 2: "raze"}, 2),  # three at once: one wait
        ({0: "raze", 1: "raze"}, 0),  # still asked: none
        ({1: "raze"}, 1),
        ({1: "objectives"}, 1),  # the one who just acted is asked again: none
    ]
    assert waits(moments) == {"turn": 2, "battle": 1, "raze": 1}


def test_a_question_asked_of_who_just_acted_is_no_wait_while_it_stays_open() -> None:
    """Clash asks a player's free advance as they end their last turn of the round (C130):
    no wait then, nor later while it stays open; the next player's turn is the one wait."""
    moments = [
        ({0: "turn"}, 0),  # the first question of the game: a wait
        ({1: "turn", 0: "free_advance"}, 1),  # 0 ended their turn: 1 is new, 0 just acted
        ({1: "turn", 0: "free_advance"}, 0),  # 0 answers in the middle of 1's turn: none
        ({1: "turn"}, 1),
        ({1: "free_advance"}, 1),  # the round ends; 1 just acted: none
    ]
    assert waits(moments) == {"turn": 2}


def test_a_real_game_waits_at_least_once_a_round() -> None:
    pace = measure("civ", 2, games=1, seed=1)
    summary = pace.summary()
    assert 0 < summary["waits_per_game"] <= summary["actions_per_game"]
    assert sum(summary["waits_by_kind"].values()) == summary["waits_per_game"]


def test_standing_answers_are_applied_by_the_host_and_are_no_waits() -> None:
    plain = measure("clash", 2, games=1, seed=1).summary()
    standing = measure("clash", 2, games=1, seed=1, standing=True).summary()
    assert plain["standing_per_game"] == 0 and standing["standing_per_game"] > 0
    assert "raze" not in standing["waits_by_kind"]
    assert "first_player" not in standing["waits_by_kind"]
    # Engines without the hook are played as before.
    assert (
        measure("civ", 2, games=1, seed=1, standing=True).summary()
        == measure("civ", 2, games=1, seed=1).summary()
    )
