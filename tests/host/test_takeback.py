"""Which table posts show a move an undo or a rollback took back (host.takeback), and which
of their recent events those moves caused."""

from __future__ import annotations

from typing import Any

from host.takeback import shown_seqs, taken_back_posts
from rules import get_game
from rules.core import Rng, act
from store import ActionRow
from tests.host.test_ratings_export import SEATS, random_action, row


def _public(events: Any) -> int:
    return sum(1 for e in events if e.visible_to is None)


def test_a_second_undo_marks_the_older_post_too() -> None:
    """Two moves told by one post (P0); the second is undone (a new post, P1, tells the
    first), then the first: P0 strikes both moves' events, P1 the first's."""
    engine = get_game("stoneage")
    state = engine.setup(["alice", "bob"], {"open_cards": True}, 99)
    rng, log, told = Rng(3), [], []
    for seq in (1, 2):
        seat = engine.pending(state)[0].seat
        action = random_action(engine, state, seat, rng)
        log.append(ActionRow(4, seq, seat, SEATS[seat].user_id, "move", action, ""))
        state, events = act(engine, state, seat, action)
        told.append(_public(events))
    assert all(told)
    log.append(ActionRow(4, 3, None, 10, "note", "undo 2", ""))
    posts = shown_seqs([(100, 0)], 3)
    (p0,) = taken_back_posts(engine, row("running"), SEATS, log, posts)
    assert (p0.message_id, p0.shown) == (100, 2)
    assert p0.struck[-told[1] :] == (True,) * told[1]
    assert not any(p0.struck[: -told[1]])

    log.append(ActionRow(4, 4, None, 10, "note", "undo 1", ""))
    posts = shown_seqs([(100, 0), (101, 3)], 4)
    assert posts == [(100, 2), (101, 3)]
    p0, p1 = taken_back_posts(engine, row("running"), SEATS, log, posts)
    assert sum(p0.struck) == told[0] + told[1] and p0.struck[-sum(told) :] == (True,) * sum(told)
    assert sum(p1.struck) == told[0] and p1.struck[-1]


def test_posts_of_moves_that_stand_are_left_alone() -> None:
    engine = get_game("stoneage")
    state = engine.setup(["alice", "bob"], {"open_cards": True}, 99)
    rng, log = Rng(5), []
    for seq in (1, 2, 3):
        seat = engine.pending(state)[0].seat
        action = random_action(engine, state, seat, rng)
        log.append(ActionRow(4, seq, seat, SEATS[seat].user_id, "move", action, ""))
        state, _ = act(engine, state, seat, action)
    log.append(ActionRow(4, 4, None, 10, "note", "undo 3", ""))
    # P0 told moves 1 and 2 (P1 was posted at 3): they stand. P1 told move 3.
    marked = taken_back_posts(engine, row("running"), SEATS, log, shown_seqs([(7, 0), (8, 3)], 4))
    assert [p.message_id for p in marked] == [8]
