"""The turn: mandatory play, skip, end and draw, hegemony, embargo duration, final round."""

from __future__ import annotations

from civ_support import (
    area,
    hand,
    in_effects,
    kinds,
    outcome_of,
    position,
    refused,
    rest_of_box,
    run,
    tokens_after,
)

from rules.civ import GAME

THREE = ("alice", "bob", "carol")


def test_step_one_is_mandatory() -> None:
    """Effects and end wait for the step-1 play; play twice is refused."""
    state = position(seats={"alice": {"hand": {"science": 1}, "area": {"military": 3}}})
    assert tokens_after(state, "alice") == ["play"]
    assert refused(state, "alice: end").code == "must_play_first"
    assert refused(state, "alice: assassination science").code == "must_play_first"
    assert refused(state, "alice: skip").code == "cannot_skip"
    assert refused(state, "alice: play culture").code == "not_in_hand"
    assert refused(state, "alice: play").code == "missing_argument"
    assert refused(state, "alice: play science science").code == "too_many_tokens"
    assert refused(state, "bob: play science").code == "not_your_turn"
    state, events = run(state, "alice: play science")
    assert kinds(events) == ["civ.played"]
    assert refused(state, "alice: play science").code == "already_played"
    assert refused(state, "alice: frobnicate").code == "unknown_action"


def test_skip_only_when_nothing_is_playable() -> None:
    """All hand cards embargoed: the only step-1 choice is skip, and step 2 follows."""
    state = position(
        seats={"alice": {"hand": {"science": 2}, "embargoed": ["science"]}},
    )
    assert tokens_after(state, "alice") == ["skip"]
    assert refused(state, "alice: play science").code == "embargoed"
    state, events = run(state, "alice: skip")
    assert kinds(events) == ["civ.skipped"]
    assert state.step == "effects"


def test_end_draws_to_the_hand_limit_and_never_discards() -> None:
    """3 cards normally, 5 with Religion level 1, 7 with level 2; a big hand stays big."""
    cases = [({}, 3), ({"religion": 3}, 5), ({"religion": 5}, 7)]
    for religion, limit in cases:
        state = in_effects(seats={"alice": {"hand": {"science": 1}, "area": religion}})
        state, events = run(state, "alice: end")
        assert sum(state.seats[0].hand) == limit
        drew = next(e for e in events if e.kind == "civ.drew")
        assert drew.params == {"player": "alice", "count": limit - 1, "limit": limit}
    state = in_effects(seats={"alice": {"hand": {"science": 6}}})
    state, events = run(state, "alice: end")
    assert hand(state, "alice") == {"science": 6}
    assert "civ.drew" not in kinds(events)


def test_drawn_cards_are_private() -> None:
    """Everyone learns how many cards were drawn; only the drawer learns which."""
    state = in_effects(seats={"alice": {"hand": {}}})
    _, events = run(state, "alice: end")
    (private,) = [e for e in events if e.kind == "civ.drew_cards"]
    assert private.visible_to == (0,)
    public = next(e for e in events if e.kind == "civ.drew")
    assert public.visible_to is None and "domains" not in public.params


def test_hegemony_two_players_needs_eight() -> None:
    """With two players 8 face-up cards of a domain win at the end of your turn."""
    state = position(seats={"alice": {"hand": {"military": 1}, "area": {"military": 7}}})
    state, events = run(state, "alice: play military", "alice: end")
    outcome = outcome_of(state)
    assert outcome.reason == "hegemony"
    assert outcome.winners == (0,)
    assert "civ.hegemony" in kinds(events)
    assert GAME.pending(state) == []


def test_hegemony_three_players_needs_seven_plus_facedown_utopia() -> None:
    """7 with three players; each face-down Utopia card on that domain adds one."""
    seats = {"alice": {"hand": {"science": 1}, "area": {"science": 6}}}
    state = position(THREE, seats=seats)
    state, _ = run(state, "alice: play science", "alice: end")
    assert outcome_of(state).reason == "hegemony"
    seats = {
        "alice": {"hand": {"science": 1}, "area": {"science": 7}, "facedown_utopia": {"science": 1}}
    }
    state = position(THREE, seats=seats)
    assert GAME.view(state, None)["seats"][0]["hegemony_need"]["science"] == 8
    state, _ = run(state, "alice: play science", "alice: end")
    assert outcome_of(state).reason == "hegemony"
    seats["alice"]["facedown_utopia"] = {"science": 2}
    state = position(THREE, seats=seats)
    state, _ = run(state, "alice: play science", "alice: end")
    assert GAME.outcome(state) is None


def test_hegemony_is_only_checked_for_the_active_player_at_the_end() -> None:
    """A non-active player with enough cards does not win on someone else's turn."""
    seats = {
        "bob": {"area": {"culture": 7}, "hand": {"military": 1}},
        "alice": {"hand": {"science": 1}},
    }
    state = position(THREE, seats=seats)
    state, _ = run(state, "alice: play science", "alice: end")
    assert GAME.outcome(state) is None
    state, _ = run(state, "bob: play military", "bob: end")
    assert outcome_of(state).reason == "hegemony"
    assert outcome_of(state).details["player"] == "bob"


def test_reaching_hegemony_mid_turn_and_dropping_back_does_not_win() -> None:
    """Seven cards during step 2 do not count if fewer remain at the end."""
    seats = {
        "alice": {"hand": {"science": 1}, "area": {"science": 6, "economy": 3, "military": 1}},
        "bob": {"area": {"science": 1}},
    }
    state = position(THREE, seats=seats)
    state, _ = run(state, "alice: play science", "alice: attack science", "alice: end")
    assert area(state, "alice")["science"] == 6
    assert GAME.outcome(state) is None


def test_embargo_lasts_for_the_targets_whole_next_turn() -> None:
    """Step 1 and effect plays are blocked during bob's next turn; the marker then expires."""
    seats = {
        "alice": {"hand": {"military": 1}, "area": {"economy": 1}},
        "bob": {
            "hand": {"science": 2, "culture": 2},
            "area": {"science": 1, "economy": 3},
        },
        "carol": {"hand": {"science": 1}},
    }
    state = position(THREE, seats=seats)
    state, events = run(state, "alice: play military", "alice: embargo @bob science")
    assert area(state, "alice") == {"military": 1}
    assert GAME.view(state, None)["seats"][1]["embargoed"] == ["science"]
    assert refused(state, "alice: embargo @bob culture").code == "effect_used"
    state, _ = run(state, "alice: end")
    assert tokens_after(state, "bob", "play") == ["culture"]
    assert refused(state, "bob: play science").code == "embargoed"
    state, _ = run(state, "bob: play culture")
    # Progress may not play the embargoed domain either.
    assert refused(state, "bob: progress culture science").code == "embargoed"
    discard_before = len(state.discard)
    state, events = run(state, "bob: end")
    assert "civ.embargo_expired" in kinds(events)
    assert GAME.view(state, None)["seats"][1]["embargoed"] == []
    assert state.discard[discard_before:].count(2) == 1  # the Economy marker
    # carol was never restricted.
    assert tokens_after(state, "carol", "play") == ["science"]


def test_embargo_needs_a_face_up_card_and_another_player() -> None:
    """The marker goes on a card of another player."""
    seats = {"alice": {"area": {"economy": 1, "science": 1}}, "bob": {"area": {"culture": 1}}}
    state = in_effects(players=THREE, seats=seats)
    assert tokens_after(state, "alice", "embargo") == ["@bob"]
    assert tokens_after(state, "alice", "embargo @bob") == ["culture"]
    assert refused(state, "alice: embargo @carol culture").code == "bad_target"
    assert refused(state, "alice: embargo @alice science").code == "bad_target"
    assert refused(state, "alice: embargo @bob science").code == "not_in_area"


def test_last_card_starts_the_final_round_without_drawing() -> None:
    """After the last card, everyone plays on without drawing until the start player is next."""
    seats = {
        "alice": {"hand": {"science": 1}},
        "bob": {"hand": {"culture": 1}},
        "carol": {"hand": {"military": 3}},
    }
    deck = [[1, "military"]]
    state = position(
        THREE, fill_deck=False, seats=seats, deck=deck, **rest_of_box(THREE, seats, deck)
    )
    # Everything else is in the discard pile; alice (start) draws the last card.
    state, events = run(state, "alice: play science", "alice: end")
    assert state.final_round and "civ.final_round" in kinds(events)
    assert GAME.view(state, None)["final_round"] is True
    state, events = run(state, "bob: play culture", "bob: end")
    assert "civ.drew" not in kinds(events)
    assert hand(state, "bob") == {}
    state, events = run(state, "carol: play military", "carol: end")
    outcome = outcome_of(state)
    assert outcome.reason == "majority"
    assert kinds(events)[-1] in ("civ.game_over", "civ.tiebreak")


def test_final_round_ends_at_once_when_the_player_right_of_start_draws_last() -> None:
    """If the last card is drawn by the last player of the round, the game ends after it."""
    seats = {
        "alice": {"hand": {"science": 1}},
        "bob": {"hand": {"culture": 1}},
        "carol": {"hand": {"military": 1}},
    }
    deck = [[1, "military"]]
    state = position(
        THREE,
        fill_deck=False,
        seats=seats,
        deck=deck,
        start="alice",
        active="carol",
        **rest_of_box(THREE, seats, deck),
    )
    state, _ = run(state, "carol: play military", "carol: end")
    assert outcome_of(state).reason == "majority"


def test_empty_hand_in_final_round_skips_then_effects_remain() -> None:
    """In the final round an empty hand skips step 1 but step 2 still happens."""
    seats = {"alice": {"area": {"military": 3}}, "bob": {"hand": {"culture": 1}}}
    state = position(THREE, seats=seats, deck=[], fill_deck=False, **rest_of_box(THREE, seats, []))
    assert state.final_round
    assert tokens_after(state, "alice") == ["skip"]
    state, _ = run(state, "alice: skip")
    assert tokens_after(state, "alice") == ["attack", "end"]
