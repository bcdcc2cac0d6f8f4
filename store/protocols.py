"""What the rest of the bot asks of the store: the :class:`Store` protocol, one protocol per area.

Cogs and services depend on :class:`Store` only, never on a backend, so the SQLite
implementation (``store.sqlite``) can be joined by another (PostgreSQL) without touching them.
:class:`Store` is the sum of the areas: :class:`GameLog` (games and their log), :class:`Seats`
(seats and lobbies), :class:`Timers` (timers, processes, deadlines, vacations, votes),
:class:`Settings`, :class:`Ratings`, and :class:`Connection` (the store as a whole). The rows
they take and return are in ``store.base``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import Any, Protocol

from store.base import (
    ActionRow,
    DeadlineRow,
    GameRow,
    NewTimer,
    PickerPath,
    PlayerStats,
    ProcessRow,
    RatingRow,
    ResultRow,
    SeatRow,
    SetAside,
    TimerMatch,
    TimerRow,
    VacationRow,
)

__all__ = ["Connection", "GameLog", "Ratings", "Seats", "Settings", "Store", "Timers"]


class Connection(Protocol):
    """The store as a whole: closing it, several calls in one transaction, the rows set aside."""

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


class GameLog(Protocol):
    """Games and their log: the game rows, starting and recording, the outbox (what the
    thread has not been told yet), the latest snapshot, the log, and picker paths kept for a
    game's custom ids."""

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


class Seats(Protocol):
    """Seats and lobbies: who plays which seat, joining and leaving a lobby, handing a
    started game's seat to another user, and who was invited."""

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The game's seats ordered by seat number."""
        ...

    async def seat_of(self, game_id: int, user_id: int) -> SeatRow | None:
        """The seat ``user_id`` holds in the game, if any."""
        ...

    async def join(self, game_id: int, user_id: int, handle: str) -> SeatRow:
        """Take the next free seat of a lobby (the handle gets a digit suffix if taken)."""
        ...

    async def leave(self, game_id: int, user_id: int) -> None:
        """Give up a lobby seat; the seats after it move up by one."""
        ...

    async def replace_seat(self, game_id: int, seat: int, user_id: int) -> None:
        """Give a started game's seat to another Discord user; the handle stays."""
        ...

    async def invite(self, game_id: int, user_id: int, invited_by: int) -> bool:
        """Invite ``user_id`` to a game; False when they were invited already."""
        ...

    async def invited(self, game_id: int) -> list[int]:
        """The users invited to a game, in the order they were invited."""
        ...


class Timers(Protocol):
    """Asynchronous play: timers and the processes that claim them, turn deadlines,
    vacations and votes."""

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


class Settings(Protocol):
    """Settings: one JSON object each for the bot, a guild, a user and a game."""

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


class Ratings(Protocol):
    """Ratings and statistics: finished games' results, ratings, leaderboards."""

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


class Store(Connection, GameLog, Seats, Timers, Settings, Ratings, Protocol):
    """The persistence the bot needs, every area of it; every method is one atomic operation.

    Opening is backend specific (``SqliteStore.open(path)``); everything after that goes
    through this protocol. Each area is a protocol of its own (:class:`GameLog`,
    :class:`Seats`, :class:`Timers`, :class:`Settings`, :class:`Ratings`, and
    :class:`Connection` for the store as a whole), so a reader sees what each offers.
    """
