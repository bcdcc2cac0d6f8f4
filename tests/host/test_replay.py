"""The replay of a finished game (host.replay, render.replay): one frame per turn from the
log as it stands (moves taken back left out), refused for games that are not over."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from PIL import Image

from host.errors import UserError
from host.rendering import Renderer
from host.replay import MAX_FRAMES, check_replayable, replay_picture, turn_views
from rules import get_game
from rules.core import Rng, act, turn_owners
from store import ActionRow
from tests.host.test_ratings_export import SEATS, random_action, row


def played(moves: int, seed: int = 1) -> tuple[Any, list[ActionRow]]:
    """A Stone Age game of ``moves`` random moves, with an undo note after the third."""
    engine = get_game("stoneage")
    state = engine.setup(["alice", "bob"], {"open_cards": True}, 99)
    rng, log, seq = Rng(seed), [], 0
    for k in range(moves):
        seat = engine.pending(state)[0].seat
        action = random_action(engine, state, seat, rng)
        seq += 1
        log.append(ActionRow(4, seq, seat, SEATS[seat].user_id, "move", action, ""))
        state, _ = act(engine, state, seat, action)
        if k == 2:
            # The third move is taken back at once and played again: it stands once.
            seq += 1
            log.append(ActionRow(4, seq, None, 10, "note", f"undo {seq - 1}", ""))
            seq += 1
            log.append(ActionRow(4, seq, seat, SEATS[seat].user_id, "move", action, ""))
    return state, log


@pytest.mark.parametrize(
    ("status", "code"),
    [("running", "replay_running"), ("paused", "replay_running"), ("lobby", "replay_not_started")],
)
def test_only_games_that_are_over_are_replayed(status: str, code: str) -> None:
    with pytest.raises(UserError) as refused:
        turn_views(get_game("stoneage"), row(status), SEATS, [])
    assert refused.value.code == code
    check_replayable(row("finished"))


def test_a_frame_for_the_end_of_every_turn_and_for_the_end() -> None:
    engine = get_game("stoneage")
    state, log = played(12)
    views = turn_views(engine, row("ended"), SEATS, log)
    # The states where whose turn it is changed, replayed without the undone move.
    expected, owners = [], None
    replayed = engine.setup(["alice", "bob"], {"open_cards": True}, 99)
    for entry in [a for a in log if a.kind == "move"][:3] + [a for a in log if a.kind == "move"][
        4:
    ]:
        replayed, _ = act(engine, replayed, entry.seat, entry.text)
        now = turn_owners(engine.pending(replayed))
        if owners is not None and now != owners:
            expected.append(engine.view(replayed, None))
        owners = now
    if expected[-1] != engine.view(state, None):
        expected.append(engine.view(state, None))
    assert views == expected and len(views) >= 6
    assert views[-1] == engine.view(state, None)


def test_a_long_game_keeps_at_most_max_frames_and_its_end() -> None:
    engine = get_game("stoneage")
    state, log = played(MAX_FRAMES * 2 + 30)
    views = turn_views(engine, row("ended"), SEATS, log)
    assert len(views) == MAX_FRAMES and views[-1] == engine.view(state, None)


def test_the_picture_has_a_frame_per_view_and_tells_its_progress() -> None:
    engine = get_game("stoneage")
    _, log = played(8)
    views = turn_views(engine, row("finished"), SEATS, log)
    told: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        told.append((done, total))

    data, ext = asyncio.run(replay_picture(Renderer(0), views, "en", progress))
    with Image.open(io.BytesIO(data)) as picture:
        assert picture.format == ext.upper() and picture.n_frames == len(views)
        assert picture.info.get("loop") == 0
    assert told == [(k, len(views)) for k in range(1, len(views) + 1)]
