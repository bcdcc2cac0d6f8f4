"""What the rest of the bot sees of the store: row types, errors and the :class:`Store` protocol.

Cogs and services depend on :class:`Store` only, never on a backend, so the SQLite
implementation (``store.sqlite``) can be joined by another (PostgreSQL) without touching them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

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
    "Store",
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
    raises ``store.sqlite.DatabaseRefused``, for the operator rather than the locales.
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


class Store(Protocol):
    """The persistence the bot needs; every method is one atomic operation.

    Opening is backend specific (``SqliteStore.open(path)``); everything after that goes
    through this protocol.
    """

    async def close(self) -> None:
        """Finish pending work and release the database."""
        ...

    def atomic(self) -> AbstractAsyncContextManager[None]:
        """One transaction for every call made inside it by this task: all of their writes
        are kept or none (an exception, or the process killed, before its end). Other tasks'
        calls wait for it, so nothing inside may wait for them, nor for Discord."""
        ...

    def set_aside(self) -> list[SetAside]:
        """The rows met so far that could not be read back (see :class:`SetAside`)."""
        ...

    async def bot_settings(self) -> dict[str, Any]:
        """The settings of the bot itself ({} when none were ever set)."""
        ...

    async def set_bot_setting(self, key: str, value: Any) -> None:
        """Set one setting of the bot to a JSON value; None removes it."""
        ...

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The settings of a guild ({} when none were ever set)."""
        ...

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Set one guild setting to a JSON value; None removes it."""
        ...

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seats_wanted: int,
        created_by: int,
        max_open: int | None = None,
    ) -> GameRow:
        """A new game in the ``lobby`` status with no seats.

        With ``max_open``, refused (``too_many_lobbies``, with ``count``, ``max`` and the
        open lobbies' ids as ``games``) when ``created_by`` already has that many lobbies open
        in the guild; the count and the insert are one transaction.
        """
        ...

    def forget_game(self, game_id: int) -> None:
        """Drop whatever this process keeps in memory of the game (its row, seats and
        settings), so that the next read sees what another process may have written."""
        ...

    async def get_game(self, game_id: int) -> GameRow | None:
        """The game, or None when there is no such id."""
        ...

    async def list_games(
        self, guild_id: int, statuses: Sequence[str] | None = None
    ) -> list[GameRow]:
        """A guild's games (only those in ``statuses`` if given), oldest first."""
        ...

    async def games_with_status(self, statuses: Sequence[str]) -> list[GameRow]:
        """Games of every guild in one of ``statuses``, oldest first (used at startup)."""
        ...

    async def game_by_thread(self, thread_id: int) -> GameRow | None:
        """The game played in the thread ``thread_id``, if any."""
        ...

    async def games_of_user(
        self, guild_id: int, user_id: int, statuses: Sequence[str]
    ) -> list[GameRow]:
        """A guild's games in one of ``statuses`` where ``user_id`` holds a seat, oldest first."""
        ...

    async def update_game(self, game_id: int, **fields: Any) -> GameRow:
        """Change ``thread_id``, ``lobby_message_id``, ``table_message_id``, ``status``,
        ``options`` or ``seats_wanted``; any other field raises ValueError."""
        ...

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The game's seats ordered by seat number."""
        ...

    async def join(self, game_id: int, user_id: int, handle: str) -> SeatRow:
        """Take the next free seat of a lobby (the handle gets a digit suffix if taken)."""
        ...

    async def leave(self, game_id: int, user_id: int) -> None:
        """Give up a lobby seat; the seats after it move up by one."""
        ...

    async def start(
        self, game_id: int, *, seed: int, order: Sequence[int], snapshot: dict[str, Any]
    ) -> GameRow:
        """Seat ``order`` (user ids) in turn order, store the seed and the state at seq 0."""
        ...

    async def record(
        self,
        game_id: int,
        *,
        expected_seq: int,
        seat: int | None,
        user_id: int | None,
        kind: str,
        text: str,
        snapshot: dict[str, Any] | None,
        status: str | None = None,
        announce: bool | None = None,
        renew: Collection[int] = (),
        ping: Collection[int] = (),
    ) -> int:
        """Append an action at ``expected_seq + 1`` with its snapshot; return the new seq.

        ``announce`` (True: a new table post, False: an edit) is added to the game's pending
        announcement in the same transaction (see :attr:`GameRow.announce`), and ``ping`` to
        the seats it must mention (:attr:`GameRow.ping`); the seats in ``renew`` get the new
        seq as their ``since`` (:attr:`SeatRow.since`).
        """
        ...

    async def announced(self, game_id: int, seq: int) -> bool:
        """The thread shows the game at ``seq``: clear its pending announcement and pings,
        unless the game has moved past ``seq`` since (then False, and they stay pending)."""
        ...

    async def games_to_announce(self) -> list[GameRow]:
        """Every game with a pending announcement (after a restart or a failed post)."""
        ...

    async def unposted_lobbies(self) -> list[GameRow]:
        """Every open lobby without a ``lobby_message_id`` (the bot stopped between posting
        its lobby message and storing the id, or before posting it), oldest first."""
        ...

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        """The latest stored state and the seq it belongs to."""
        ...

    async def actions(
        self, game_id: int, *, after: int = 0, limit: int | None = None
    ) -> list[ActionRow]:
        """Log entries with seq > ``after``, oldest first, at most ``limit`` of them."""
        ...

    async def replace_seat(self, game_id: int, seat: int, user_id: int) -> None:
        """Give a started game's seat to another Discord user; the handle stays."""
        ...

    async def seat_of(self, game_id: int, user_id: int) -> SeatRow | None:
        """The seat ``user_id`` holds in the game, if any."""
        ...

    async def store_paths(
        self, game_id: int, seq: int, user_id: int, paths: Sequence[tuple[str, int]]
    ) -> list[int]:
        """The ids of ``(path, page)`` pairs kept for ``user_id`` at ``seq``, in order (a pair
        stored before keeps its id), in one transaction that also deletes the game's rows of
        earlier seqs. StoreError(unknown_game)."""
        ...

    async def stored_path(self, path_id: int) -> PickerPath | None:
        """The kept path with that id (None when there is none, or it was deleted)."""
        ...

    # Asynchronous play: timers, user settings, deadlines, vacations, votes

    async def add_timer(self, timer: NewTimer) -> TimerRow:
        """Schedule one timer."""
        ...

    async def replace_timers(
        self,
        game_id: int,
        *,
        cancel: Sequence[TimerMatch] = (),
        add: Sequence[NewTimer] = (),
        seq: int | None = None,
        hold: Mapping[int, int | None] | None = None,
    ) -> list[TimerRow]:
        """In one transaction: delete the game's timers matching any of ``cancel``, set the
        ``seq`` of its remaining timers that have one (when ``seq`` is given), then insert
        ``add`` (all for ``game_id``), and set the ``held`` seconds of the seats in ``hold``
        (None: nothing held). Returns the inserted rows.

        Claimed timers (being handled right now) are deleted and restamped too, so a handler
        that reads its row again (:meth:`get_timer`) learns that it was cancelled or outdated.
        """
        ...

    async def get_timer(self, timer_id: int) -> TimerRow | None:
        """A timer as stored now, claimed or not (None once cancelled or finished)."""
        ...

    async def next_timer(self, after: datetime | None = None) -> TimerRow | None:
        """The pending timer due first (of those due after ``after``, if given), if any.

        Pending: not claimed, or claimed by a process that is no longer alive
        (:class:`ProcessRow`; its handler may not have run to the end).
        """
        ...

    async def due_timers(self, now: datetime, limit: int = 50) -> list[TimerRow]:
        """Pending timers due at or before ``now``, earliest first."""
        ...

    async def claim_timer(self, timer_id: int, now: datetime, by: str | None = None) -> bool:
        """Take a pending timer for handling, for the process ``by``; True for exactly one
        caller while that process lives. A claim without ``by`` is never taken over."""
        ...

    async def finish_timer(self, timer_id: int) -> None:
        """Forget a handled timer."""
        ...

    async def park_timer(self, timer_id: int) -> None:
        """Keep a claimed timer whose handler failed, never to run it again (nor take it over)."""
        ...

    async def pending_timers(self, game_id: int | None = None) -> list[TimerRow]:
        """Pending timers (of one game, or all), earliest first."""
        ...

    # Processes sharing the database

    async def beat(self, process: ProcessRow) -> None:
        """Record ``process`` (or renew it): alive until its ``expires_at``. Forgets the
        processes that expired more than a day ago."""
        ...

    async def end_process(self, process_id: str) -> None:
        """The process stopped: forget it (its claimed timers may be taken at once)."""
        ...

    async def processes(self) -> list[ProcessRow]:
        """The processes alive now, oldest first."""
        ...

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        """A user's settings ({} when none were ever set)."""
        ...

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        """Set one user setting to a JSON value; None removes it."""
        ...

    async def users_with_setting(self, key: str) -> dict[int, Any]:
        """Every user who has ``key`` set, with its value."""
        ...

    async def game_settings(self, game_id: int) -> dict[str, Any]:
        """A game's settings outside the engine's options ({} when none were ever set)."""
        ...

    async def set_game_setting(self, game_id: int, key: str, value: Any) -> None:
        """Set one game setting to a JSON value; None removes it. StoreError(unknown_game)."""
        ...

    async def invite(self, game_id: int, user_id: int, invited_by: int) -> bool:
        """Invite ``user_id`` to a game; False when they were invited already."""
        ...

    async def invited(self, game_id: int) -> list[int]:
        """The users invited to a game, in the order they were invited."""
        ...

    async def deadline(self, game_id: int) -> DeadlineRow | None:
        """The game's turn deadline, if it has one."""
        ...

    async def set_deadline(
        self, game_id: int, turn_seconds: int | None, policy: str = "remind"
    ) -> DeadlineRow | None:
        """Set (or with None remove) the game's turn deadline; ValueError for a bad policy."""
        ...

    async def vacation(self, game_id: int, user_id: int) -> VacationRow | None:
        """The vacation a player took in a game, if any."""
        ...

    async def take_vacation(
        self,
        game_id: int,
        user_id: int,
        *,
        seat: int,
        seconds: int,
        allowance: int,
        now: datetime,
    ) -> VacationRow:
        """Add ``seconds`` of vacation (from ``now``, or from the end of the current one) and
        move the pending timers of ``seat`` in the game back by as much, in one transaction.

        Raises:
            StoreError: ``vacation_used_up`` (with ``left`` seconds) past ``allowance``.
        """
        ...

    async def cast_vote(self, poll: str, voter_id: int, choice: str) -> dict[int, str]:
        """Record (or change) a vote; returns every vote of the poll by voter."""
        ...

    # Ratings and statistics

    async def ratings(
        self, guild_id: int, game: str, user_ids: Sequence[int]
    ) -> dict[int, RatingRow]:
        """The stored ratings of those players in ``game`` on the server (absent: never rated)."""
        ...

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> list[RatingRow]:
        """The best ``limit`` ratings of ``game`` on the server (by ``conservative``)."""
        ...

    async def record_results(
        self, results: Sequence[ResultRow], ratings: Sequence[RatingRow]
    ) -> bool:
        """In one transaction: store a finished game's results and its players' new ratings.

        Returns False (and writes nothing) when that game's results are already stored, so a
        game is counted once however often it is reported. All results share one game.
        """
        ...

    async def results_of_game(self, game_id: int) -> list[ResultRow]:
        """The stored results of one game, by seat."""
        ...

    async def player_stats(self, guild_id: int, user_id: int, game: str | None) -> PlayerStats:
        """A player's record on the server, in one game or (None) in all; move times are the
        time from the previous log entry of the same game to each of the player's moves, for
        moves that follow someone else's entry (the first action of a turn)."""
        ...
