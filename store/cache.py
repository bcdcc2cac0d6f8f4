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

Only what a read needs is written here: the game rows, seats and guild and game settings,
and the writes that change them (a timer replacement that holds seats' deadlines included).
Every other method of :class:`store.protocols.Store` is the inner store's own, reached through
:class:`_Inner`: mypy still checks the whole protocol (each is typed as the protocol's method
it names), and a name that is not the protocol method's fails at import.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from typing import Any, Concatenate, Generic, ParamSpec, Self, TypeVar, overload

from store.base import GameRow, NewTimer, SeatRow, TimerMatch, TimerRow
from store.protocols import Connection, GameLog, Ratings, Seats, Settings, Store, Timers

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")


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


class _Inner(Generic[P, R]):
    """A method the cache has nothing to do with: the inner store's own, looked up at each call.

    ``_Inner(Timers.add_timer)`` is typed as that protocol method (its parameters, defaults and
    result), so mypy checks :class:`CachedStore` against the whole protocol; it must be bound to
    the same name, or the class fails to build.
    """

    def __init__(self, method: Callable[Concatenate[Any, P], R]) -> None:
        self.name = method.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        if name != self.name:
            raise TypeError(f"{owner.__name__}.{name} would be the inner store's {self.name}")

    @overload
    def __get__(self, cached: None, owner: type) -> Self: ...

    @overload
    def __get__(self, cached: CachedStore, owner: type) -> Callable[P, R]: ...

    def __get__(self, cached: CachedStore | None, owner: type) -> Self | Callable[P, R]:
        if cached is None:
            return self
        method: Callable[P, R] = getattr(cached.inner, self.name)
        return method


class CachedStore:
    """Wraps a Store; implements the same Protocol: what a read needs cached first, then the
    inner store's own methods (:class:`_Inner`)."""

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

    async def game_by_thread(self, thread_id: int) -> GameRow | None:
        found = next((g for g in self._games.values.values() if g.thread_id == thread_id), None)
        return found if found is not None else await self.inner.game_by_thread(thread_id)

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

    async def replace_seat(self, game_id: int, seat: int, user_id: int) -> None:
        async with self._writing(game_id):
            await self.inner.replace_seat(game_id, seat, user_id)

    async def seat_of(self, game_id: int, user_id: int) -> SeatRow | None:
        return next((s for s in await self.seats(game_id) if s.user_id == user_id), None)

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

    async def game_settings(self, game_id: int) -> dict[str, Any]:
        # Read after every action (the image policy), written only by commands: cached.
        found = await self._game_settings.read(game_id, lambda: self.inner.game_settings(game_id))
        return dict(found or {})

    async def set_game_setting(self, game_id: int, key: str, value: Any) -> None:
        async with self._game_settings.writing(game_id):
            await self.inner.set_game_setting(game_id, key, value)

    # Passed through: what no read needs in memory

    close = _Inner(Connection.close)
    set_aside = _Inner(Connection.set_aside)
    # Other games' lists (commands, start-up), the log and snapshot (read once per action),
    # picker paths (written and read once each)
    list_games = _Inner(GameLog.list_games)
    games_with_status = _Inner(GameLog.games_with_status)
    games_of_user = _Inner(GameLog.games_of_user)
    games_to_announce = _Inner(GameLog.games_to_announce)
    unposted_lobbies = _Inner(GameLog.unposted_lobbies)
    snapshot = _Inner(GameLog.snapshot)
    actions = _Inner(GameLog.actions)
    store_paths = _Inner(GameLog.store_paths)
    stored_path = _Inner(GameLog.stored_path)
    invite = _Inner(Seats.invite)
    invited = _Inner(Seats.invited)
    # Asynchronous play: timers are read by one dispatcher, the rest rarely
    add_timer = _Inner(Timers.add_timer)
    get_timer = _Inner(Timers.get_timer)
    next_timer = _Inner(Timers.next_timer)
    due_timers = _Inner(Timers.due_timers)
    claim_timer = _Inner(Timers.claim_timer)
    finish_timer = _Inner(Timers.finish_timer)
    park_timer = _Inner(Timers.park_timer)
    pending_timers = _Inner(Timers.pending_timers)
    beat = _Inner(Timers.beat)
    end_process = _Inner(Timers.end_process)
    processes = _Inner(Timers.processes)
    deadline = _Inner(Timers.deadline)
    set_deadline = _Inner(Timers.set_deadline)
    vacation = _Inner(Timers.vacation)
    take_vacation = _Inner(Timers.take_vacation)
    cast_vote = _Inner(Timers.cast_vote)
    # The bot's and users' settings: read at start-up and by commands
    bot_settings = _Inner(Settings.bot_settings)
    set_bot_setting = _Inner(Settings.set_bot_setting)
    user_settings = _Inner(Settings.user_settings)
    set_user_setting = _Inner(Settings.set_user_setting)
    users_with_setting = _Inner(Settings.users_with_setting)
    # Ratings and statistics: read rarely, by commands
    ratings = _Inner(Ratings.ratings)
    leaderboard = _Inner(Ratings.leaderboard)
    record_results = _Inner(Ratings.record_results)
    results_of_game = _Inner(Ratings.results_of_game)
    player_stats = _Inner(Ratings.player_stats)
