"""The course of the game: turns in order round the table (p.7), rounds and the status phase
(p.11), the end after round 6 and its scoring (p.4), resignation."""

from __future__ import annotations

import pytest
from test_clash_support import PLAYERS2, PLAYERS3, PLAYERS4, position, rich

import locales
from rules.clash import GAME
from rules.clash.model.dice import roll
from rules.clash.model.state import ClashState
from rules.clash.rounds.scoring import breakdown
from rules.core import IllegalAction, act


def end(state: ClashState) -> ClashState:
    prompt = GAME.pending(state)[0]
    state, _ = act(GAME, state, prompt.seat, "end")
    return state


def answer(state: ClashState) -> ClashState:
    """``end`` a turn; in the status phase the first whole answer offered (pass on razing)."""
    prompt = GAME.pending(state)[0]
    if prompt.kind == "turn":
        return end(state)
    prefix: list[str] = []
    while True:
        options = GAME.choices(state, prompt.seat, prefix)
        choice = next((c for c in options if c.token == "pass"), options[0])
        prefix.append(choice.token)
        if choice.complete:
            return act(GAME, state, prompt.seat, " ".join(prefix))[0]


def test_turns_go_round_the_table_three_times_a_round() -> None:
    """p.7: first player turn 1, the player to their left turn 1, ..., the last player turn
    3; then the status phase, in turn order from the first player (p.11)."""
    pos = {"seating": ["cy", "ann", "bob"], "first": "ann"}
    state = position(pos, PLAYERS3)
    seen = []
    for _ in range(9):
        seen.append((state.round, state.turn, state.players[state.active]))
        state = end(state)
    left = ["ann", "bob", "cy"]  # clockwise from ann: ann, bob, cy (the seating wraps)
    assert seen == [(1, t, p) for t in (1, 2, 3) for p in left]
    assert state.phase == "status" and state.status is not None
    assert state.status.step == 2 and [state.players[s] for s in state.status.waiting] == left
    assert [e["kind"] for e in state.recent][-2:] == ["clash.turn_ended", "clash.round_ended"]
    while state.phase == "status":
        state = answer(state)
    assert (state.round, state.turn) == (2, 1)
    assert state.recent[-1]["kind"] == "clash.round_started"


def test_prompt_ids_are_unique_per_turn_and_status_step() -> None:
    state = GAME.setup(list(PLAYERS2), {}, 4)
    ids = []
    turns = 0
    while state.outcome is None:
        prompt = GAME.pending(state)[0]
        if prompt.kind == "turn":
            assert prompt.turn == prompt.seat == state.active
            turns += 1
        else:
            assert prompt.turn is None
        ids.append(prompt.id)
        state = answer(state)
    assert len(ids) == len(set(ids)) and turns == 6 * 3 * 2


def test_a_turn_resets_what_it_used() -> None:
    """§2.3: actions, once-per-turn abilities, a Cultural Influence success and the city
    activations belong to one turn."""
    state = end(position(rich()))
    me = state.seats[0]
    assert state.turn_state.actions_left == 3
    assert state.turn_state.used == frozenset() and not state.turn_state.influenced
    assert all(c.activations == 0 for c in me.cities)
    assert state.players[state.active] == "bob" and state.turn == 3


def test_after_round_six_the_game_is_scored() -> None:
    """p.4 (§8): 1 point per piece of your colour, ½ per advance, 5 per wonder, 2 per objective,
    event points; the highest total wins."""
    pos = rich()
    pos.update(round=6, turn=3, first="ann", active="bob")
    del pos["seats"]["ann"]["cities"][0]["activations"]
    state = end(position(pos))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "rounds"
    assert state.phase == "over" and GAME.pending(state) == []
    ann, bob = outcome.details["scores"]
    # ann: pieces S, P, S (the Temple is bob's colour) 3; 9 advances 4.5; Great Wall 5;
    # one objective 2; events 1.5.
    assert (ann["city_pieces"], ann["advances"], ann["wonders"]) == (3.0, 4.5, 5.0)
    assert (ann["objectives"], ann["events"], ann["total"]) == (2.0, 1.5, 16.0)
    assert (bob["city_pieces"], bob["advances"], bob["total"]) == (2.0, 1.0, 3.0)
    assert outcome.ranks == (1, 2) and outcome.scores == (16.0, 3.0) and outcome.tiebreak is None
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "end")
    assert refused.value.code == "game_over"


def _tied(extra_ann: dict[str, object], extra_bob: dict[str, object]) -> ClashState:
    pos = {"round": 6, "turn": 3, "first": "ann", "active": "bob"}
    pos["seats"] = {"ann": extra_ann, "bob": extra_bob}
    return end(position(pos))


TEN = [
    *["farming", "mining", "bartering", "trade_routes", "currency", "taxation"],
    *["art_sculptures", "circus_sports", "monuments", "drama_music"],
]


def test_ties_are_broken_by_the_categories_in_order() -> None:
    """p.4: on equal totals compare city-piece points, then advances, wonders, objectives,
    events; still tied players share the win."""
    shared = GAME.outcome(_tied({}, {}))
    assert shared is not None and shared.ranks == (1, 1) and shared.tiebreak == "shared"
    # 3.0 each: ann a piece more, bob two advances more.
    outcome = GAME.outcome(
        _tied(
            {"cities": [{"hex": "D2", "pieces": ["settlement", "fortress"]}]},
            {"advances": ["farming", "mining", "tactics", "siegecraft"]},
        )
    )
    assert outcome is not None and outcome.scores == (3.0, 3.0)
    assert outcome.ranks == (1, 2) and outcome.tiebreak == "city_pieces"
    # 4.0 each, one piece each: ann's four advances more (2) against bob's objective (2).
    outcome = GAME.outcome(
        _tied(
            {"advances": ["farming", "mining", "tactics", "siegecraft", "myths", "rituals"]},
            {"completed": [{"card": "O22", "half": "top"}]},
        )
    )
    assert outcome is not None and outcome.scores == (4.0, 4.0)
    assert outcome.ranks == (1, 2) and outcome.tiebreak == "advances"


def test_the_great_pyramids_win_a_tie() -> None:
    """Equal totals: ann 1 piece + 10 advances = 6; bob 1 piece + the Pyramids = 6 (p.4: the
    Pyramids first, even before the city pieces)."""
    state = _tied(
        {"advances": TEN},
        {"cities": [{"hex": "D7", "wonder": "great_pyramids"}], "advances": []},
    )
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (6.0, 6.0)
    assert outcome.ranks == (2, 1) and outcome.tiebreak == "great_pyramids"
    assert breakdown(state, 1)["wonders"] == 5.0


def test_a_player_without_a_city_ends_the_game_at_the_end_of_the_round() -> None:
    """p.4, p.11 (C8): checked where the status phase's step 1 would be; until then that
    player keeps taking turns."""
    pos = {"round": 2, "turn": 3, "first": "ann", "active": "ann", "seats": {"bob": {"cities": []}}}
    state = end(position(pos))
    assert state.outcome is None and state.players[state.active] == "bob"
    state = end(state)
    assert state.outcome is not None and state.outcome.reason == "no_city"
    assert state.outcome.ranks == (1, 2)


def test_two_players_resignation_ends_the_game() -> None:
    state = GAME.setup(list(PLAYERS2), {}, 2)
    state, events = GAME.resign(state, 1)
    assert state.outcome is not None and state.outcome.reason == "resigned"
    assert state.outcome.ranks == (1, 2)
    assert events[0].kind == "clash.resigned"


def test_a_resigned_seat_is_skipped_and_its_pieces_stay() -> None:
    """3-4 players: the resigned seat's turn ends, the next player's begins; its turns are
    skipped later; its city stays on the map; the last one left wins."""
    state = position({"first": "ann", "seating": list(PLAYERS4)}, PLAYERS4)
    state, _ = GAME.resign(state, 0)
    assert state.players[state.active] == "bob" and state.turn == 1
    assert state.seats[0].cities and GAME.check_invariants(state) == []
    order = []
    for _ in range(6):
        order.append(state.players[state.active])
        state = end(state)
    assert order == ["bob", "cy", "dan", "bob", "cy", "dan"]
    state, _ = GAME.resign(state, 2)
    assert state.outcome is None and state.resign_order == (0, 2)
    state, _ = GAME.resign(state, 3)
    assert state.outcome is not None and state.outcome.reason == "last_standing"
    assert state.outcome.ranks == (4, 1, 3, 2)
    with pytest.raises(IllegalAction):
        GAME.resign(state, 1)


def test_a_resigned_seat_ranks_last_in_the_final_scoring() -> None:
    pos = {
        "round": 6,
        "turn": 3,
        "first": "ann",
        "active": "cy",
        "seats": {"bob": {"resigned": True}},
    }
    state = end(position(pos, PLAYERS3))
    assert state.outcome is not None and state.outcome.ranks == (1, 3, 1)


def test_status_phase_positions_go_step_by_step() -> None:
    """A position may stand in a status step that waits for players (p.11): here razing,
    in turn order from the first player; then the first player step (nobody's levels are
    higher than bob's, so he stays first) and the next round."""
    pos = {"phase": "status", "round": 2, "first": "bob", "status": {"step": 4}}
    state = position(pos)
    asked = [(p.kind, p.seat, p.params["step"], p.turn) for p in GAME.pending(state)]
    assert asked == [("raze", 1, 4, None), ("raze", 0, 4, None)]  # at once (C127)
    state = act(GAME, state, 1, "pass")[0]
    assert state.status is not None and state.status.waiting == (0,)
    state = act(GAME, state, 0, "raze d2")[0]
    assert not state.seats[0].cities and state.seats[0].resources["gold"] == 1
    assert (state.phase, state.round, state.turn, state.players[state.active]) == (
        "turn",
        3,
        1,
        "bob",
    )


def test_status_step_one_of_round_six_ends_the_game() -> None:
    state = end(position({"round": 6, "turn": 3, "first": "ann", "active": "bob"}))
    assert state.outcome is not None and state.outcome.reason == "rounds"


def test_a_resignation_in_the_status_phase_skips_the_seat() -> None:
    state = position({"phase": "status", "round": 1, "first": "ann"}, PLAYERS3)
    assert state.status is not None and state.status.waiting == (0, 1, 2)
    state, _ = GAME.resign(state, 1)
    assert state.status is not None and state.status.waiting == (0, 2)
    state = answer(answer(state))
    assert state.status is not None and state.status.step == 4 and state.status.waiting == (0, 2)


def test_the_turn_offers_its_actions_in_the_order_of_p7() -> None:
    state = GAME.setup(list(PLAYERS2), {}, 1)
    seat = state.active
    for action, code in (("build c4", "unknown_action"), ("end c4", "too_many_tokens")):
        with pytest.raises(IllegalAction) as refused:
            act(GAME, state, seat, action)
        assert refused.value.code == code
        if code == "unknown_action":
            # Only what may be done now is named: exactly the choices offered.
            offered = [c.token for c in GAME.choices(state, seat, [])]
            assert refused.value.params["allowed"] == offered and "found" not in offered
            for lang in locales.SUPPORTED:
                said = locales.error_text(lang, code, refused.value.params, "clash")
                assert "clash." not in said and "`advance`" in said, said
    with pytest.raises(IllegalAction) as refused:
        act(GAME, state, 1 - seat, "end")
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1 - seat, "end")
    assert refused.value.code == "not_your_turn"
    choices = [c.token for c in GAME.choices(state, seat, [])]
    # The settler stands on its city: no space to found on yet.
    p7 = ["advance", "found", "activate", "move", "civic", "influence"]
    assert {"advance", "move"} <= set(choices) and "found" not in choices
    assert choices[-1] == "end"
    listed = [t for t in choices if t in p7]
    assert listed == sorted(listed, key=p7.index)
    # The other player may only trade (a may-act prompt).
    assert GAME.choices(state, seat, ["end"]) == []
    assert [c.token for c in GAME.choices(state, 1 - seat, [])] == ["trade"]


def test_dice_come_from_the_queue_first() -> None:
    state = position({"dice": [6, 6, 1]})
    first = roll(state, 2)
    assert first == [6, 6] and state.dice == (1,)
    rest = roll(state, 4)
    assert rest[0] == 1 and all(1 <= d <= 6 for d in rest) and state.dice == ()


def test_a_seat_resigning_with_a_decision_waiting_drops_it() -> None:
    """Monuments' reservation waits for ann; she resigns: the decision goes with her and
    bob's turn begins."""
    ann = {"advances": ["farming", "mining", "art_sculptures"], "resources": {"food": 2}}
    pos = {
        "first": "ann",
        "seats": {"ann": ann},
        "decks": {"wonder": ["great_statue"]},
        "fill_decks": True,
        "wonders": {"revealed": ["great_wall"]},
    }
    state = act(GAME, position(pos, PLAYERS3), 0, "advance monuments")[0]
    assert GAME.pending(state)[0].kind == "reserve_wonder"
    state, _ = GAME.resign(state, 0)
    assert state.prompts.top() is None and GAME.pending(state)[0].kind == "turn"
    assert state.players[state.active] == "bob" and GAME.check_invariants(state) == []


def test_a_turn_without_actions_stays_open_while_an_ability_costing_none_is_offered() -> None:
    """Voting (a Civic Improvement for 1 mood token, no action): after ann's last action her
    turn waits for `voting` or `end`; without such an ability it ends by itself."""
    democracy = ["farming", "mining", "writing", "philosophy", "voting"]
    ann = {"advances": democracy, "mood_tokens": 3, "resources": {"food": 2}}
    state = position({"first": "ann", "actions_left": 1, "seats": {"ann": ann}})
    state = act(GAME, state, 0, "advance storage")[0]
    assert state.players[state.active] == "ann" and state.turn_state.actions_left == 0
    assert [c.token for c in GAME.choices(state, 0, [])] == ["voting", "trade", "end"]
    plain = position({"first": "ann", "actions_left": 1})
    plain = act(GAME, plain, 0, "advance storage")[0]
    assert plain.players[plain.active] == "bob"
