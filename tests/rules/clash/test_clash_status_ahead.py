"""The free advance asked as soon as a player's last turn of the round is over (C130), while
the others still play theirs: kept hidden, carried out at its place in the status phase (step
2, in turn order), and asked again when by then it is no longer legal or the player is
offered other answers than they chose among."""

from __future__ import annotations

import json

from clash_map import board, play

from rules.clash import GAME
from rules.clash.actions import advance_gains
from rules.clash.model.state import ClashState
from rules.clash.position.export import position_of
from rules.clash.rounds import status_phase
from rules.core import act

#: ann has played her last turn of round 1; bob plays his.
LAST_TURN = {"turn": 3, "first": "ann", "active": "bob"}


def asked(state: ClashState) -> list[tuple[int, str, bool]]:
    return [(p.seat, p.kind, p.must) for p in GAME.pending(state) if p.must]


def _gains(state: ClashState, seat: int, advance: str) -> ClashState:
    """``seat`` gains ``advance`` outside the status phase (as an event or a card gives it)."""
    state = state.copy()
    advance_gains.gained(state, seat, advance)
    return state


def test_the_free_advance_is_asked_as_soon_as_a_players_last_turn_is_over() -> None:
    state = board(**LAST_TURN)
    assert asked(state) == [(1, "turn", True), (0, "free_advance", True)]
    ahead = GAME.pending(state)[-1]
    assert ahead.id == "status:1.2.0.0" and ahead.turn is None
    # Not before the last turn: in turn 2, only the active player is asked.
    assert asked(board(turn=2, first="ann", active="bob")) == [(1, "turn", True)]
    # Nor when the game ends at step 1 (after round 6).
    assert asked(board(round=6, **LAST_TURN)) == [(1, "turn", True)]


def test_a_free_advance_chosen_during_the_last_turns_is_kept_for_step_2() -> None:
    goods = board(ann={"resources": {"food": 2}}, bob={"resources": {"wood": 2}}, **LAST_TURN)
    # Her menu: the free advance, and trading with bob as ever (a trading head is hers too).
    menu = [c.token for c in GAME.choices(goods, 0, [])]
    assert "storage" in menu and menu[-1] == "trade"
    assert [c.token for c in GAME.choices(goods, 0, ["trade"])] == ["@bob"]
    state = board(**LAST_TURN)
    state, evs = act(GAME, state, 0, "storage")
    assert [e.kind for e in evs] == ["clash.status_answered"]
    assert "storage" not in state.seats[0].advances and state.phase == "turn"
    assert asked(state) == [(1, "turn", True)]
    # bob ends the round: step 1 asks nobody, step 2 only bob (who just acted); ann's part,
    # first in turn order, is carried out at once, bob's once he answers.
    state, evs = act(GAME, state, 1, "end")
    assert state.status is not None and state.status.step == 2
    assert [(p.seat, p.id) for p in GAME.pending(state)] == [(1, "status:1.2.1.0")]
    state, more = act(GAME, state, 1, "engineering")
    done = [
        (e.params["player"], e.params["advance"])
        for e in evs + more
        if e.kind == "clash.free_advance"
    ]
    assert done == [("ann", "storage"), ("bob", "engineering")]
    assert state.kept_advances == ()


def test_the_ask_ahead_keeps_its_id_into_the_status_phase() -> None:
    """Unanswered when the round ends, the same prompt waits at step 2 (the picker stays
    good)."""
    state = play(board(**LAST_TURN), "end")
    assert state.status is not None and state.status.step == 2
    assert [(p.seat, p.id) for p in GAME.pending(state)] == [
        (0, "status:1.2.0.0"),
        (1, "status:1.2.1.0"),
    ]


def test_an_answer_made_impossible_since_is_asked_again() -> None:
    state, _ = act(GAME, board(**LAST_TURN), 0, "storage")
    state = _gains(state, 0, "storage")  # an event gave ann Storage during bob's turn
    state = play(state, "end")
    state, _ = act(GAME, state, 1, "engineering")
    # bob's part waits for ann's, asked again under a new id; nothing is carried out yet.
    assert [(p.seat, p.id) for p in GAME.pending(state)] == [(0, "status:1.2.0.1")]
    assert "engineering" not in state.seats[1].advances
    state, evs = act(GAME, state, 0, "engineering")
    done = [
        (e.params["player"], e.params["advance"]) for e in evs if e.kind == "clash.free_advance"
    ]
    assert done == [("ann", "engineering"), ("bob", "engineering")]


def test_an_answer_chosen_among_other_answers_is_asked_again() -> None:
    """Still legal, but ann now has answers she did not have when she chose (Storage
    unlocked nothing, Fishing does): she chooses again, from what the rulebook offers."""
    state, _ = act(GAME, board(**LAST_TURN), 0, "storage")
    before = state.kept_advances[0].offered
    state = _gains(state, 0, "fishing")
    # Chosen: no longer asked ahead (trading with bob is all she may do).
    assert [c.token for c in GAME.choices(state, 0, [])] == ["trade"]
    state = play(state, "end")
    # Her part comes first: she is asked again at once, under a new id; bob as usual.
    assert state.status is not None and state.status.again == (0,)
    assert [(p.seat, p.id) for p in GAME.pending(state)] == [
        (0, "status:1.2.0.1"),
        (1, "status:1.2.1.0"),
    ]
    state, _ = act(GAME, state, 1, "engineering")
    offered = {c.token for c in GAME.choices(state, 0, [])}
    assert "storage" in offered and offered - {a.split()[0] for a in before}
    state, evs = act(GAME, state, 0, "storage")
    done = [e.params["player"] for e in evs if e.kind == "clash.free_advance"]
    assert done == ["ann", "bob"] and "storage" in state.seats[0].advances


def test_an_unchanged_answer_is_not_asked_again() -> None:
    state, _ = act(GAME, board(**LAST_TURN), 0, "storage")
    state = _gains(state, 1, "fishing")  # bob's advances change; ann's answers do not
    state = play(state, "end")
    assert [p.seat for p in GAME.pending(state)] == [1]


def test_a_kept_answer_survives_a_snapshot_and_a_position() -> None:
    state, _ = act(GAME, board(**LAST_TURN), 0, "storage")
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(state)))) == state
    exported = json.loads(json.dumps(position_of(state)))
    assert exported["kept_advances"] == {"ann": "storage"}
    again = GAME.setup_position(list(state.players), {}, 0, exported)
    assert again.kept_advances == state.kept_advances
    # Chosen among other answers than the player has now: the position says among which.
    changed = _gains(state, 0, "fishing")
    exported = json.loads(json.dumps(position_of(changed)))
    assert exported["kept_advances"]["ann"]["answer"] == "storage"
    again = GAME.setup_position(list(state.players), {}, 0, exported)
    assert again.kept_advances == changed.kept_advances


def test_a_snapshot_from_before_keeps_the_free_advance_chosen_in_step_1() -> None:
    """Written when a free advance chosen while step 1 was open was kept in the status step
    (``ahead``, C128): loaded into the kept advances, with the answers offered now."""
    ann = {"settlers": {}, "resources": {"gold": 6}, "objectives": ["O11", "O01"]}
    bob = {"settlers": {}, "cities": [{"hex": "D7"}]}
    state = board(ann=ann, bob=bob, phase="status", status={"step": 1})
    state, _ = act(GAME, state, 1, "storage")
    old = json.loads(json.dumps(GAME.to_json(state)))
    del old["kept_advances"]
    old["status"]["ahead"] = [[1, ["storage"]]]
    loaded = GAME.from_json(old)
    assert loaded == state and loaded.status is not None and loaded.status.ahead == ()


def test_a_resigned_seat_takes_its_kept_answer_along() -> None:
    state, _ = act(GAME, board(**LAST_TURN), 0, "storage")
    status_phase.drop(state, 0)
    assert state.kept_advances == ()


def test_a_game_that_ends_takes_the_kept_answers_along() -> None:
    state, _ = act(GAME, board(**LAST_TURN), 0, "storage")
    state, _ = GAME.resign(state, 1)  # ann is left alone: the game is over
    assert state.outcome is not None and state.kept_advances == ()
