"""Export: which games, the transcript's shape, and a file that replays to the same state."""

from __future__ import annotations

import json
from typing import Any

import pytest

from host.errors import UserError
from host.export import check_exportable, transcript, transcript_bytes
from rules import get_game
from rules import transcript as replaying
from rules.core import Rng, act
from store import ActionRow, GameRow, SeatRow


def row(status: str, game: str = "stoneage") -> GameRow:
    return GameRow(
        id=4, guild_id=1, channel_id=2, thread_id=3, lobby_message_id=None,
        table_message_id=None, game=game, options={"open_cards": True}, seats_wanted=2,
        status=status, seed=99, seq=0, created_by=1, created_at="", updated_at="",
    )  # fmt: skip


def random_action(engine: Any, state: Any, seat: int, rng: Rng) -> str:
    """A legal action built token by token from ``choices``."""
    parts: list[str] = []
    while True:
        options = engine.choices(state, seat, parts)
        if not options:
            return " ".join(parts)
        choice = options[rng.randrange(len(options))]
        parts.append(choice.token)
        if choice.complete and not choice.more:
            return " ".join(parts)


SEATS = [SeatRow(4, 0, 10, "alice", ""), SeatRow(4, 1, 20, "bob", "")]


@pytest.mark.parametrize(
    ("status", "code"),
    [("running", "export_running"), ("paused", "export_running"), ("lobby", "export_not_started"),
     ("cancelled", "export_not_started")],
)  # fmt: skip
def test_only_games_that_are_over_are_exported(status: str, code: str) -> None:
    with pytest.raises(UserError) as refused:
        transcript(row(status), SEATS, [], None)
    assert refused.value.code == code
    check_exportable(row("finished"))
    check_exportable(row("ended"))


def test_an_ended_game_replays_to_its_state_without_notes() -> None:
    """A game a moderator ended mid-way: its moves are steps, the notes between them are not."""
    engine = get_game("stoneage")
    state = engine.setup(["alice", "bob"], {"open_cards": True}, 99)
    rng, log = Rng(1), []
    for seq in range(1, 13):
        if seq % 5 == 0:
            log.append(ActionRow(4, seq, None, 30, "note", "pause", ""))
            continue
        seat = engine.pending(state)[0].seat
        action = random_action(engine, state, seat, rng)
        state, _ = act(engine, state, seat, action)
        log.append(ActionRow(4, seq, seat, SEATS[seat].user_id, "move", action, ""))
    data = transcript(row("ended"), SEATS, log, None)
    assert data["players"] == ["alice", "bob"] and data["seed"] == 99
    assert data["options"] == {"open_cards": True}
    assert len(data["steps"]) == len([a for a in log if a.kind == "move"])
    assert json.loads(transcript_bytes(data)) == data
    replayed = replaying.replay(json.loads(transcript_bytes(data)))
    assert replayed.mismatches() == []
    assert engine.to_json(replayed.state) == engine.to_json(state)


def test_resignations_are_resign_steps() -> None:
    log = [
        ActionRow(4, 1, 0, 10, "move", "place hunting 2", ""),
        ActionRow(4, 2, None, None, "note", "kick @bob", ""),
        ActionRow(4, 3, 1, 30, "resign", "resign", ""),
    ]
    data = transcript(row("finished"), SEATS, log, None)
    assert data["steps"] == [
        {"player": "alice", "action": "place hunting 2"},
        {"player": "bob", "resign": True},
    ]
    assert json.loads(transcript_bytes({**data, "steps": []}))["steps"] == []
