"""What the rest of the bot sees of the store's data: row types, errors and the values a
column may hold. The protocols that read and write them are in ``store.protocols``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

__all__ = [
    "ACTION_KINDS",
    "DEADLINE_POLICIES",
    "GAME_STATUSES",
    "STARTED_STATUSES",
    "ActionRow",
    "BadRow",
    "DeadlineRow",
    "GameRow",
    "NewTimer",
    "PickerPath",
    "PlayerStats",
    "ProcessRow",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "SeqConflict",
    "SetAside",
    "StoreError",
    "TimerMatch",
    "TimerRow",
    "VacationRow",
]

#: Every value of ``GameRow.status``.
GAME_STATUSES: tuple[str, ...] = ("lobby", "running", "paused", "finished", "cancelled", "ended")

#: Statuses of a game that has left its lobby (it has a seed, seats in turn order and a log).
STARTED_STATUSES: tuple[str, ...] = ("running", "paused", "finished", "ended")

#: Every value of ``ActionRow.kind``: an engine move, a resignation, or a note (moderation
#: acts, pauses, seat replacements) that leaves the game state unchanged.
ACTION_KINDS: tuple[str, ...] = ("move", "resign", "note")

#: What happens when a turn deadline passes: remind again, drop the late seat (it resigns),
#: end the game without a result, or let the other players vote on one of those.
DEADLINE_POLICIES: tuple[str, ...] = ("remind", "drop", "end", "vote")


class StoreError(Exception):
    """A request the store refuses because of the data it holds.

    ``code`` is a stable identifier the locales turn into a sentence (``lobby_full``,
    ``already_joined``, ``not_joined``, ``not_in_lobby``, ``not_started``, ``unknown_game``,
    ``unknown_seat``, ``seats_changed``, ``seats_taken``, ``vacation_used_up``, ``bad_row``
    (:class:`BadRow`)); ``params`` fills the sentence in. Opening a file that is not ours
    raises ``store.schema.DatabaseRefused``, for the operator rather than the locales.
    Programming errors (an unknown field or kind) raise ValueError.
    """

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(f"{code} {params}" if params else code)
        self.code = code
        self.params: dict[str, Any] = params


@dataclass(frozen=True)
class SetAside:
    """A stored row that cannot be read back (damaged text, not JSON, not a time).

    Such a row is set aside: a list that meets it skips it, a read of that row alone raises
    :class:`BadRow`, and the row is kept unchanged for whoever repairs it (a settings row,
    which reads as no settings, is replaced by the next setting written there). ``problem``
    is ``not_utf8``, ``not_json``, ``not_object`` or ``bad_time``; ``column`` the column that
    holds it. Never the value itself, which may be a hidden hand.
    """

    table: str
    key: int
    column: str
    problem: str
    game_id: int | None = None
    guild_id: int | None = None

    def __str__(self) -> str:
        return f"{self.table} row {self.key}: {self.column} is {_PROBLEMS[self.problem]}"


_PROBLEMS = {
    "not_utf8": "not UTF-8 text",
    "not_json": "not JSON",
    "not_object": "not a JSON object",
    "bad_time": "not an ISO-8601 time",
}


class BadRow(StoreError):
    """A row the request needs cannot be read back; ``row`` says which and why."""

    def __init__(self, row: SetAside) -> None:
        super().__init__("bad_row", game=row.game_id)
        self.args = (str(row),)
        self.row = row


class SeqConflict(StoreError):
    """Another writer recorded an action at that sequence number first.

    The caller reloads the game and checks the action again against the new state.
    """

    def __init__(self, game_id: int, expected_seq: int, actual_seq: int | None) -> None:
        super().__init__(
            "seq_conflict", game=game_id, expected_seq=expected_seq, actual_seq=actual_seq
        )
        self.game_id = game_id
        self.expected_seq = expected_seq
        self.actual_seq = actual_seq


@dataclass(frozen=True)
class GameRow:
    """One game: where it lives on Discord, its setup and how far its log goes (``seq``)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    table_message_id: int | None
    game: str
    options: dict[str, Any]
    seats_wanted: int
    status: str
    seed: int | None
    seq: int
    created_by: int
    created_at: str
    updated_at: str
    #: What the thread has not been told yet (the outbox): None, False for an edit of the
    #: table post, True for a new post that mentions who must act. Set by ``record`` and
    #: ``start`` in their transaction, cleared by ``announced``.
    announce: bool | None = None
    #: The seats a pending edit must still mention (an edit notifies nobody): those newly
    #: asked to decide within a turn. Set by ``record``, cleared by ``announced``.
    ping: tuple[int, ...] = ()


@dataclass(frozen=True)
class SeatRow:
    """Who plays a seat. ``seat`` is join order in the lobby and turn order once started.

    ``since`` is the seq from which the seat's pending decisions are what they are now (its
    pickers carry it; ``record`` renews it); ``held`` the seconds left of its turn deadline
    while its turn waits on another seat's decision (``replace_timers`` keeps it).
    """

    game_id: int
    seat: int
    user_id: int
    handle: str
    joined_at: str
    since: int = 0
    held: int | None = None


@dataclass(frozen=True)
class ActionRow:
    """One entry of a game's log. ``seat``/``user_id`` are None for system notes."""

    game_id: int
    seq: int
    seat: int | None
    user_id: int | None
    kind: str
    text: str
    created_at: str


@dataclass(frozen=True)
class NewTimer:
    """A timer to schedule: ``kind`` names its handler; ``due_at`` is timezone-aware.

    ``seat`` is set for a timer about one seat (a reminder, a deadline); ``seq`` is the game's
    seq the timer belongs to (None for lobby timers), so a handler can tell that the game has
    moved on since.
    """

    game_id: int
    kind: str
    due_at: datetime
    seat: int | None = None
    seq: int | None = None
    payload: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TimerRow:
    """A stored timer (see :class:`NewTimer`); ``claimed`` once a dispatcher took it."""

    id: int
    game_id: int
    kind: str
    due_at: datetime
    seat: int | None
    seq: int | None
    payload: dict[str, Any]
    claimed: bool = False


@dataclass(frozen=True)
class ProcessRow:
    """A running bot process, as it last said (docs/scaling.md, "Several processes").

    ``id`` is drawn afresh at each start. ``shard_count`` and ``shard_ids`` are the shards it
    runs (None: every shard). It counts as alive until ``expires_at``, which it pushes forward
    while it runs; after that its claimed timers may be taken by another process.
    """

    id: str
    shard_count: int | None
    shard_ids: tuple[int, ...] | None
    started_at: datetime
    expires_at: datetime


@dataclass(frozen=True)
class TimerMatch:
    """Which pending timers of a game to cancel: None matches any kind or seat."""

    kind: str | None = None
    seat: int | None = None


@dataclass(frozen=True)
class DeadlineRow:
    """A game's turn deadline and its policy (one of :data:`DEADLINE_POLICIES`)."""

    game_id: int
    turn_seconds: int
    policy: str


@dataclass(frozen=True)
class VacationRow:
    """Vacation a player took in a game: seconds used in total, and the current one's end."""

    game_id: int
    user_id: int
    used_seconds: int
    until: datetime


@dataclass(frozen=True)
class RatingRow:
    """A player's rating in one game on one server: the Weng-Lin mean ``mu`` and uncertainty
    ``sigma``, and the rated games played and won."""

    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: str = ""

    @property
    def conservative(self) -> float:
        """``mu - 3 sigma``: the leaderboard's order (a new player starts at 0)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class ResultRow:
    """How one human seat ended a finished game; ``rated`` is false for a game with a bot."""

    game_id: int
    user_id: int
    guild_id: int
    game: str
    seat: int
    rank: int
    score: float
    won: bool
    rated: bool


@dataclass(frozen=True)
class PlayerStats:
    """A player's record on a server (one game, or all): finished games, wins, the average
    score, and the average seconds their moves took (over ``timed_moves`` moves)."""

    games: int
    wins: int
    average_score: float | None
    timed_moves: int
    average_move_seconds: float | None


@dataclass(frozen=True)
class PickerPath:
    """A path of a game at ``seq`` too long for a custom id or an autocomplete value, kept for
    ``user_id``: the tokens chosen (`` !`` at the end: submit them) and the picker ``page``."""

    id: int
    game_id: int
    seq: int
    user_id: int
    path: str
    page: int = 0
