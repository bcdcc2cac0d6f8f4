"""A read-through cache of game rows, seats and guild settings in front of any Store.

Every button press and command looks up its game, seats and server language before it can
answer, and those rows change only when this process writes them. Keeping them in memory means
an answer never waits behind another game's write (each commit waits for the disk). Everything
that writes invalidates or refreshes what it touched; everything else is passed through.

Several processes on one database (docs/scaling.md) keep this true by dividing the servers:
a server's interactions reach only the process running its shard, and that process also fires
its timers. Only a process that takes over the timers of a dead one writes to another's games,
and it reads them fresh (:meth:`CachedStore.forget_game`). Whatever stays behind is caught by
its seq: a write at a stale seq is refused (``SeqConflict``) and forgets the game, and a caller
that knows a newer seq than the cached one reloads (``host.service.GameService.load``).

Reads and writes of one game interleave (two players press Join at once): a read that began
before a write ended may return the rows from before it, so it must not fill the cache. Each
key counts the writes begun on it (:class:`_Rows`), and a read only keeps what it read when no
write began in between.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from datetime import datetime
from typing import Any, Generic, TypeVar

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
from store.protocols import Store

T = TypeVar("T")


class _Rows(Generic[T]):
    """The cached value of each key, and how many writes to it have begun."""

    def __init__(self) -> None:
        self.values: dict[int, T] = {}
        self._writes: Counter[int] = Counter()

    async def read(self, key: int, load: Callable[[], Awaitable[T | None]]) -> T | None:
        """The cached value, else ``load()``'s, kept only if no write began meanwhile."""
        if key in self.values:
            return self.values[key]
        writes = self._writes[key]
        value = await load()
        if value is not None and self._writes[key] == writes:
            self.values[key] = value
        return value

    def forget(self, key: int) -> None:
        """Drop the value; reads under way will not store theirs."""
        self.values.pop(key, None)
        self._writes[key] += 1

    @contextlib.asynccontextmanager
    async def writing(self, key: int) -> AsyncIterator[None]:
        """Around a write: forgotten before (readers wait for the new rows) and after (a read
        that ran during the write saw the old ones), even when the write fails."""
        self.forget(key)
        try:
            yield
        finally:
            self.forget(key)


class CachedStore:
    """Wraps a Store; implements the same Protocol."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self._games: _Rows[GameRow] = _Rows()
        self._seats: _Rows[list[SeatRow]] = _Rows()
        self._guilds: _Rows[dict[str, Any]] = _Rows()
        self._game_settings: _Rows[dict[str, Any]] = _Rows()

    @contextlib.asynccontextmanager
    async def _writing(self, game_id: int) -> AsyncIterator[None]:
        """A write to a game's row or seats."""
        async with self._games.writing(game_id), self._seats.writing(game_id):
            yield

    @contextlib.asynccontextmanager
    async def atomic(self) -> AsyncIterator[None]:
        # The rows cached inside were read or written in a transaction that may yet roll
        # back: after a rollback nothing cached can be trusted (rare: forget it all).
        try:
            async with self.inner.atomic():
                yield
        except BaseException:
            self._forget_all()
            raise

    def _forget_all(self) -> None:
        for rows in (self._games, self._seats, self._guilds, self._game_settings):
            rows.values.clear()

    async def close(self) -> None:
        await self.inner.close()

    def set_aside(self) -> list[SetAside]:
        return self.inner.set_aside()

    async def bot_settings(self) -> dict[str, Any]:
        return await self.inner.bot_settings()

    async def set_bot_setting(self, key: str, value: Any) -> None:
        await self.inner.set_bot_setting(key, value)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        found = await self._guilds.read(guild_id, lambda: self.inner.guild_settings(guild_id))
        return dict(found or {})

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        async with self._guilds.writing(guild_id):
            await self.inner.set_guild_setting(guild_id, key, value)

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
        row = await self.inner.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            options=options,
            seats_wanted=seats_wanted,
            created_by=created_by,
            max_open=max_open,
        )
        self._games.values[row.id] = row
        return row

    def forget_game(self, game_id: int) -> None:
        for rows in (self._games, self._seats, self._game_settings):
            rows.forget(game_id)

    async def get_game(self, game_id: int) -> GameRow | None:
        return await self._games.read(game_id, lambda: self.inner.get_game(game_id))

    async def list_games(
        self, guild_id: int, statuses: Sequence[str] | None = None
    ) -> list[GameRow]:
        return await self.inner.list_games(guild_id, statuses)

    async def games_with_status(self, statuses: Sequence[str]) -> list[GameRow]:
        return await self.inner.games_with_status(statuses)

    async def game_by_thread(self, thread_id: int) -> GameRow | None:
        found = next((g for g in self._games.values.values() if g.thread_id == thread_id), None)
        return found if found is not None else await self.inner.game_by_thread(thread_id)

    async def games_of_user(
        self, guild_id: int, user_id: int, statuses: Sequence[str]
    ) -> list[GameRow]:
        return await self.inner.games_of_user(guild_id, user_id, statuses)

    async def update_game(self, game_id: int, **fields: Any) -> GameRow:
        async with self._writing(game_id):
            row = await self.inner.update_game(game_id, **fields)
        self._games.values[game_id] = row
        return row

    async def seats(self, game_id: int) -> list[SeatRow]:
        return list(await self._seats.read(game_id, lambda: self.inner.seats(game_id)) or [])

    async def join(self, game_id: int, user_id: int, handle: str) -> SeatRow:
        async with self._writing(game_id):
            return await self.inner.join(game_id, user_id, handle)

    async def leave(self, game_id: int, user_id: int) -> None:
        async with self._writing(game_id):
            await self.inner.leave(game_id, user_id)

    async def start(
        self, game_id: int, *, seed: int, order: Sequence[int], snapshot: dict[str, Any]
    ) -> GameRow:
        async with self._writing(game_id):
            row = await self.inner.start(game_id, seed=seed, order=order, snapshot=snapshot)
        self._games.values[game_id] = row
        return row

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
        async with self._writing(game_id):
            return await self.inner.record(
                game_id,
                expected_seq=expected_seq,
                seat=seat,
                user_id=user_id,
                kind=kind,
                text=text,
                snapshot=snapshot,
                status=status,
                announce=announce,
                renew=renew,
                ping=ping,
            )

    async def announced(self, game_id: int, seq: int) -> bool:
        # Kept cached (the row minus its announcement): the next press about this game must
        # not wait behind other games' commits to read it back.
        before = self._games.values.get(game_id)
        async with self._games.writing(game_id):
            cleared = await self.inner.announced(game_id, seq)
        if cleared and before is not None and before.seq == seq:
            self._games.values[game_id] = dataclasses.replace(before, announce=None, ping=())
        return cleared

    async def games_to_announce(self) -> list[GameRow]:
        return await self.inner.games_to_announce()

    async def unposted_lobbies(self) -> list[GameRow]:
        return await self.inner.unposted_lobbies()

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        return await self.inner.snapshot(game_id)

    async def actions(
        self, game_id: int, *, after: int = 0, limit: int | None = None
    ) -> list[ActionRow]:
        return await self.inner.actions(game_id, after=after, limit=limit)

    async def replace_seat(self, game_id: int, seat: int, user_id: int) -> None:
        async with self._writing(game_id):
            await self.inner.replace_seat(game_id, seat, user_id)

    async def seat_of(self, game_id: int, user_id: int) -> SeatRow | None:
        return next((s for s in await self.seats(game_id) if s.user_id == user_id), None)

    # Long picker paths: written and read once each, not worth caching

    async def store_paths(
        self, game_id: int, seq: int, user_id: int, paths: Sequence[tuple[str, int]]
    ) -> list[int]:
        return await self.inner.store_paths(game_id, seq, user_id, paths)

    async def stored_path(self, path_id: int) -> PickerPath | None:
        return await self.inner.stored_path(path_id)

    # Asynchronous play: passed through (timers are read by one dispatcher, the rest rarely)

    async def add_timer(self, timer: NewTimer) -> TimerRow:
        return await self.inner.add_timer(timer)

    async def replace_timers(
        self,
        game_id: int,
        *,
        cancel: Sequence[TimerMatch] = (),
        add: Sequence[NewTimer] = (),
        seq: int | None = None,
        hold: Mapping[int, int | None] | None = None,
    ) -> list[TimerRow]:
        if not hold:
            return await self.inner.replace_timers(game_id, cancel=cancel, add=add, seq=seq)
        async with self._seats.writing(game_id):
            return await self.inner.replace_timers(
                game_id, cancel=cancel, add=add, seq=seq, hold=hold
            )

    async def get_timer(self, timer_id: int) -> TimerRow | None:
        return await self.inner.get_timer(timer_id)

    async def next_timer(self, after: datetime | None = None) -> TimerRow | None:
        return await self.inner.next_timer(after)

    async def due_timers(self, now: datetime, limit: int = 50) -> list[TimerRow]:
        return await self.inner.due_timers(now, limit)

    async def claim_timer(self, timer_id: int, now: datetime, by: str | None = None) -> bool:
        return await self.inner.claim_timer(timer_id, now, by)

    async def finish_timer(self, timer_id: int) -> None:
        await self.inner.finish_timer(timer_id)

    async def park_timer(self, timer_id: int) -> None:
        await self.inner.park_timer(timer_id)

    async def beat(self, process: ProcessRow) -> None:
        await self.inner.beat(process)

    async def end_process(self, process_id: str) -> None:
        await self.inner.end_process(process_id)

    async def processes(self) -> list[ProcessRow]:
        return await self.inner.processes()

    async def pending_timers(self, game_id: int | None = None) -> list[TimerRow]:
        return await self.inner.pending_timers(game_id)

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self.inner.user_settings(user_id)

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        await self.inner.set_user_setting(user_id, key, value)

    async def users_with_setting(self, key: str) -> dict[int, Any]:
        return await self.inner.users_with_setting(key)

    async def game_settings(self, game_id: int) -> dict[str, Any]:
        # Read after every action (the image policy), written only by commands: cached.
        found = await self._game_settings.read(game_id, lambda: self.inner.game_settings(game_id))
        return dict(found or {})

    async def set_game_setting(self, game_id: int, key: str, value: Any) -> None:
        async with self._game_settings.writing(game_id):
            await self.inner.set_game_setting(game_id, key, value)

    async def invite(self, game_id: int, user_id: int, invited_by: int) -> bool:
        return await self.inner.invite(game_id, user_id, invited_by)

    async def invited(self, game_id: int) -> list[int]:
        return await self.inner.invited(game_id)

    async def deadline(self, game_id: int) -> DeadlineRow | None:
        return await self.inner.deadline(game_id)

    async def set_deadline(
        self, game_id: int, turn_seconds: int | None, policy: str = "remind"
    ) -> DeadlineRow | None:
        return await self.inner.set_deadline(game_id, turn_seconds, policy)

    async def vacation(self, game_id: int, user_id: int) -> VacationRow | None:
        return await self.inner.vacation(game_id, user_id)

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
        return await self.inner.take_vacation(
            game_id, user_id, seat=seat, seconds=seconds, allowance=allowance, now=now
        )

    async def cast_vote(self, poll: str, voter_id: int, choice: str) -> dict[int, str]:
        return await self.inner.cast_vote(poll, voter_id, choice)

    # Ratings and statistics: not cached (read rarely, by commands)

    async def ratings(
        self, guild_id: int, game: str, user_ids: Sequence[int]
    ) -> dict[int, RatingRow]:
        return await self.inner.ratings(guild_id, game, user_ids)

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> list[RatingRow]:
        return await self.inner.leaderboard(guild_id, game, limit)

    async def record_results(
        self, results: Sequence[ResultRow], ratings: Sequence[RatingRow]
    ) -> bool:
        return await self.inner.record_results(results, ratings)

    async def results_of_game(self, game_id: int) -> list[ResultRow]:
        return await self.inner.results_of_game(game_id)

    async def player_stats(self, guild_id: int, user_id: int, game: str | None) -> PlayerStats:
        return await self.inner.player_stats(guild_id, user_id, game)
