"""The status phase (rules reference §2.2, p.11; C8-C11): each step in order, each decision
asked of the right player in turn order from the first player, the steps without a choice
run by the engine."""

from __future__ import annotations

import json

from clash_map import board, events, play, prompt, refused, tokens

from rules.clash import GAME
from rules.clash.position.export import position_of
from rules.core import IllegalAction, act

LAST_TURN = {"turn": 3, "first": "ann", "active": "bob"}


def status_of(state):  # type: ignore[no-untyped-def]
    assert state.status is not None
    return state.status.step, [state.players[s] for s in state.status.waiting]


def test_the_last_turn_of_a_round_begins_the_status_phase_at_the_free_advance() -> None:
    state, kinds = events(board(**LAST_TURN), "end")
    assert state.phase == "status" and status_of(state) == (2, ["ann", "bob"])
    assert kinds[-1] == "clash.round_ended" and prompt(state) == "free_advance"
    assert GAME.pending(state)[0].seat == 0 and GAME.pending(state)[0].turn is None


def test_step_1_ends_the_game_after_round_six() -> None:
    state = play(board(round=6, **LAST_TURN), "end")
    assert state.outcome is not None and state.outcome.reason == "rounds"


def test_step_1_ends_the_game_when_a_player_has_no_city() -> None:
    state = play(board(bob={"cities": []}, **LAST_TURN), "end")
    assert state.outcome is not None and state.outcome.reason == "no_city"


def test_step_2_every_player_gains_an_advance_for_free_by_the_normal_rules() -> None:
    state = play(board(**LAST_TURN), "end")
    assert "cartography" not in tokens(state) and "fishing" in tokens(state)
    assert refused(state, "cartography").code == "not_a_free_advance"
    assert refused(state, "farming").code == "not_a_free_advance"
    state, kinds = events(state, "storage")
    me = state.seats[0]
    assert "storage" in me.advances and me.resources["food"] == 2
    assert me.happiness_level == 1 and "clash.free_advance" in kinds
    assert status_of(state) == (2, ["bob"])


def test_step_2_a_player_with_one_legal_answer_is_not_asked(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Only a decision with one legal answer is taken for the player (C10: the free advance is
    not optional). Real boards hardly get there (a government can always be switched), so the
    answers are narrowed here."""
    from rules.clash.rounds import status_phase

    real = status_phase.free_answers

    def only_storage_for_ann(state, seat):  # type: ignore[no-untyped-def]
        return [["storage"]] if seat == 0 else real(state, seat)

    monkeypatch.setattr(status_phase, "free_answers", only_storage_for_ann)
    state = play(board(**LAST_TURN), "end")
    assert "storage" in state.seats[0].advances
    assert status_of(state) == (2, ["bob"])


def test_step_3_everyone_draws_an_action_and_an_objective_card_shown_to_them_only() -> None:
    state = play(board(**LAST_TURN), "end", "storage")
    before = [len(p.actions) for p in state.seats]
    seat = GAME.pending(state)[0].seat
    after, evs = GAME.apply(state, seat, "storage")
    assert [len(p.actions) for p in after.seats] == [n + 1 for n in before]
    assert [len(p.objectives) for p in after.seats] == [1, 1]
    drawn = [e for e in evs if e.kind == "clash.you_drew"]
    assert sorted(e.visible_to for e in drawn) == [(0,), (0,), (1,), (1,)]


def test_step_4_a_size_1_city_may_be_razed_for_one_gold() -> None:
    ann = {"cities": [{"hex": "D2"}, {"hex": "C3", "pieces": ["settlement", "temple"]}]}
    state = play(board(ann=ann, **LAST_TURN), "end", "storage", "storage")
    assert status_of(state) == (4, ["ann", "bob"]) and prompt(state) == "raze"
    assert tokens(state) == ["raze", "pass"] and tokens(state, "raze") == ["d2"]
    assert refused(state, "raze c3").code == "not_a_size_1_city"
    assert refused(state, "keep").code == "raze_or_pass"
    state = play(state, "raze d2")
    me = state.seats[0]
    assert [c.size for c in me.cities] == [2] and me.resources["gold"] == 1
    assert status_of(state) == (4, ["bob"])


def test_step_4_units_on_a_razed_city_stay() -> None:
    ann = {"cities": [{"hex": "D2"}, {"hex": "C3"}], "settlers": {"D2": 1}}
    state = play(board(ann=ann, **LAST_TURN), "end", "storage", "storage", "raze d2")
    assert state.seats[0].settlers
    assert GAME.check_invariants(state) == []


def test_step_5_the_highest_levels_pick_the_first_player() -> None:
    """bob's culture + happiness (2) beats ann's (0): bob picks, here cy... himself."""
    bob = {"culture_level": 1, "happiness_level": 1}
    state = play(board(bob=bob, **LAST_TURN), "end", "engineering", "engineering")
    state = play(state, "pass", "pass")
    assert status_of(state) == (5, ["bob"]) and prompt(state) == "first_player"
    assert tokens(state) == ["@ann", "@bob"]
    assert refused(state, "@cy").code == "not_a_player"
    state = play(state, "@bob")
    assert state.phase == "turn" and state.players[state.first] == "bob"
    assert state.players[state.active] == "bob" and (state.round, state.turn) == (2, 1)


def test_step_5_nothing_changes_while_the_first_player_shares_the_highest_sum() -> None:
    both = {"culture_level": 1}
    state = play(board(ann=both, bob=both, **LAST_TURN), "end", "engineering", "engineering")
    state = play(state, "pass", "pass")
    assert state.phase == "turn" and state.players[state.first] == "ann"


def test_step_5_among_equal_leaders_the_first_to_the_left_of_the_first_player_picks() -> None:
    from test_clash_support import PLAYERS3, position

    pos = {
        "phase": "status",
        "status": {"step": 5},
        "first": "ann",
        "seats": {"bob": {"happiness_level": 2}, "cy": {"culture_level": 2}},
    }
    state = position(pos, PLAYERS3)
    # Clockwise from ann: bob, then cy; bob is the first of the leaders to her left.
    assert status_of(state) == (5, ["bob"])


# -- C127: the players of a step are asked at once --


def test_every_player_with_a_part_is_asked_at_once() -> None:
    """The step's deciders are all asked together; an answer given before the turn of its
    part comes is kept hidden, and the parts are carried out in turn order from the first
    player, each as soon as the ones before it are done."""
    state = play(board(**LAST_TURN), "end")
    asked = GAME.pending(state)
    assert [(p.seat, p.kind, p.must) for p in asked] == [
        (0, "free_advance", True),
        (1, "free_advance", True),
    ]
    later, evs = act(GAME, state, 1, "storage")
    assert [e.kind for e in evs] == ["clash.status_answered"]
    assert "storage" not in later.seats[1].advances and status_of(later) == (2, ["ann"])
    assert GAME.view(later, None)["status"]["answered"] == [1]
    assert "storage" not in json.dumps(GAME.view(later, 0))  # bob's answer is his
    # bob's open picker stays good while ann decides: his prompt has not changed.
    assert [p.id for p in GAME.pending(later)] == [asked[0].id]
    done, evs = act(GAME, later, 0, "engineering")
    order = [e.params["player"] for e in evs if e.kind == "clash.free_advance"]
    assert order == ["ann", "bob"] and "storage" in done.seats[1].advances


def test_the_first_players_part_is_carried_out_at_once() -> None:
    """In turn order nobody is before the first player: their answer is carried out when
    given, so a table answering one after another plays as the rulebook reads."""
    state = play(board(**LAST_TURN), "end")
    state, evs = act(GAME, state, 0, "storage")
    assert "clash.free_advance" in [e.kind for e in evs] and "storage" in state.seats[0].advances
    assert status_of(state) == (2, ["bob"])


def test_an_answer_an_earlier_part_made_impossible_is_asked_again(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """bob's answer is checked again when his part comes; refused then (as if ann's part
    had taken what he chose), he alone is asked again, under a new prompt id."""
    from rules.clash.rounds import status_phase

    real = status_phase.answer_problem

    def once_ann_took_storage(state, step, seat, toks):  # type: ignore[no-untyped-def]
        if seat == 1 and "storage" in state.seats[0].advances and toks == ["storage"]:
            return IllegalAction("not_a_free_advance", token="storage", allowed=[])
        return real(state, step, seat, toks)

    monkeypatch.setattr(status_phase, "answer_problem", once_ann_took_storage)
    state = play(board(**LAST_TURN), "end")
    first_ask = GAME.pending(state)[1]
    state, _ = act(GAME, state, 1, "storage")
    state, evs = act(GAME, state, 0, "storage")
    assert [e.params["player"] for e in evs if e.kind == "clash.free_advance"] == ["ann"]
    assert status_of(state) == (2, ["bob"]) and state.status.order == (1,)
    (again,) = GAME.pending(state)
    assert again.seat == 1 and again.id != first_ask.id
    state, _ = act(GAME, state, 1, "engineering")
    assert "engineering" in state.seats[1].advances


def test_a_status_step_saved_one_seat_after_another_loads_asking_all() -> None:
    """A snapshot written when the step asked one seat at a time (no ``order``): every seat
    still to act is asked now, in the same order of parts."""
    state = play(board(**LAST_TURN), "end")
    old = json.loads(json.dumps(GAME.to_json(state)))
    old["status"] = {"step": 2, "waiting": [0, 1]}
    assert GAME.from_json(old).status == state.status


# -- C128: the free advance asked ahead while step 1 is open --


def _step_1(bob: dict[str, object] | None = None) -> object:
    """ann can complete a status objective (Rich); bob cannot."""
    ann = {"settlers": {}, "resources": {"gold": 6}, "objectives": ["O11", "O01"]}
    return board(
        ann=ann,
        bob={"settlers": {}, "cities": [{"hex": "D7"}], **(bob or {})},
        phase="status",
        status={"step": 1},
    )


def test_the_free_advance_is_asked_ahead_while_step_1_is_open() -> None:
    """bob, with nothing to complete, chooses his free advance at once; ann, once she has
    answered step 1. Both are kept for step 2, which then asks nobody again."""
    state = _step_1()
    assert [(p.seat, p.kind) for p in GAME.pending(state)] == [
        (0, "objectives"),
        (1, "free_advance"),
    ]
    bob_id = GAME.pending(state)[1].id
    state, evs = act(GAME, state, 1, "storage")
    assert [e.kind for e in evs] == ["clash.status_answered"] and state.status.step == 1
    assert "storage" not in state.seats[1].advances
    state, evs = act(GAME, state, 0, "pass")
    # ann's step 1 is done; step 2 waits for her free advance alone, bob's kept.
    assert state.status.step == 2 and [p.seat for p in GAME.pending(state)] == [0]
    assert state.status.answers == ((1, ("storage",)),)
    state, evs = act(GAME, state, 0, "engineering")
    done = [e.params["player"] for e in evs if e.kind == "clash.free_advance"]
    assert done == ["ann", "bob"] and "storage" in state.seats[1].advances
    assert bob_id == "status:1.2.1.0"


def test_nothing_is_asked_ahead_when_the_game_ends_at_step_1() -> None:
    state = board(
        ann={"settlers": {}, "resources": {"gold": 6}, "objectives": ["O11", "O01"]},
        bob={"settlers": {}, "cities": [{"hex": "D7"}]},
        phase="status",
        status={"step": 1},
        round=6,
    )
    assert [(p.seat, p.kind) for p in GAME.pending(state)] == [(0, "objectives")]


def test_a_free_advance_chosen_ahead_stands_in_a_position() -> None:
    state, _ = act(GAME, _step_1(), 1, "storage")
    exported = json.loads(json.dumps(position_of(state)))
    assert exported["kept_advances"] == {"bob": "storage"}
    again = GAME.setup_position(list(state.players), {}, 0, exported)
    assert again.status == state.status and again.kept_advances == state.kept_advances


def test_the_first_player_pick_takes_effect_for_a_picker_without_small_cities() -> None:
    """The pick is the picker's part whatever their cities (it once went unheard for a
    picker with no size-1 city to raze: the parts were looked up by the razing step's)."""
    bob = {
        "culture_level": 1,
        "happiness_level": 1,
        "cities": [{"hex": "D7", "pieces": ["settlement", "temple"]}],
    }
    state = play(board(bob=bob, **LAST_TURN), "end", "engineering", "engineering")
    while status_of(state)[0] < 5:
        state = play(state, "pass")
    assert status_of(state) == (5, ["bob"])
    state = play(state, "@bob")
    assert state.phase == "turn" and state.players[state.first] == "bob"
