"""A read-through cache of game rows, seats and guild settings in front of any Store.

Every button press and command looks up its game, seats and server language before it can
answer, and those rows change only when this process writes them. Keeping them in memory means
an answer never waits behind another game's write (each commit waits for the disk). Valid while
one process owns the database, which is the deployment this project supports with SQLite (see
docs/architecture.md, "Scaling"). Everything that writes invalidates or refreshes what it
touched; everything else is passed through.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from store.base import (
    ActionRow,
    DeadlineRow,
    GameRow,
    NewTimer,
    PlayerStats,
    RatingRow,
    ResultRow,
    SeatRow,
    Store,
    TimerMatch,
    TimerRow,
    VacationRow,
)


class CachedStore:
    """Wraps a Store; implements the same Protocol."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self._games: dict[int, GameRow] = {}
        self._seats: dict[int, list[SeatRow]] = {}
        self._guilds: dict[int, dict[str, Any]] = {}
        self._game_settings: dict[int, dict[str, Any]] = {}

    def _forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)
        self._seats.pop(game_id, None)

    async def close(self) -> None:
        await self.inner.close()

    async def bot_settings(self) -> dict[str, Any]:
        return await self.inner.bot_settings()

    async def set_bot_setting(self, key: str, value: Any) -> None:
        await self.inner.set_bot_setting(key, value)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        if guild_id not in self._guilds:
            self._guilds[guild_id] = await self.inner.guild_settings(guild_id)
        return dict(self._guilds[guild_id])

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        self._guilds.pop(guild_id, None)
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
    ) -> GameRow:
        row = await self.inner.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            options=options,
            seats_wanted=seats_wanted,
            created_by=created_by,
        )
        self._games[row.id] = row
        return row

    async def get_game(self, game_id: int) -> GameRow | None:
        row = self._games.get(game_id)
        if row is None:
            row = await self.inner.get_game(game_id)
            if row is not None:
                self._games[game_id] = row
        return row

    async def list_games(
        self, guild_id: int, statuses: Sequence[str] | None = None
    ) -> list[GameRow]:
        return await self.inner.list_games(guild_id, statuses)

    async def games_with_status(self, statuses: Sequence[str]) -> list[GameRow]:
        return await self.inner.games_with_status(statuses)

    async def game_by_thread(self, thread_id: int) -> GameRow | None:
        found = next((g for g in self._games.values() if g.thread_id == thread_id), None)
        return found if found is not None else await self.inner.game_by_thread(thread_id)

    async def games_of_user(
        self, guild_id: int, user_id: int, statuses: Sequence[str]
    ) -> list[GameRow]:
        return await self.inner.games_of_user(guild_id, user_id, statuses)

    async def update_game(self, game_id: int, **fields: Any) -> GameRow:
        self._forget(game_id)
        row = await self.inner.update_game(game_id, **fields)
        self._games[game_id] = row
        return row

    async def seats(self, game_id: int) -> list[SeatRow]:
        if game_id not in self._seats:
            self._seats[game_id] = await self.inner.seats(game_id)
        return list(self._seats[game_id])

    async def join(self, game_id: int, user_id: int, handle: str) -> SeatRow:
        self._forget(game_id)
        return await self.inner.join(game_id, user_id, handle)

    async def leave(self, game_id: int, user_id: int) -> None:
        self._forget(game_id)
        await self.inner.leave(game_id, user_id)

    async def start(
        self, game_id: int, *, seed: int, order: Sequence[int], snapshot: dict[str, Any]
    ) -> GameRow:
        self._forget(game_id)
        row = await self.inner.start(game_id, seed=seed, order=order, snapshot=snapshot)
        self._games[game_id] = row
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
    ) -> int:
        self._games.pop(game_id, None)
        return await self.inner.record(
            game_id,
            expected_seq=expected_seq,
            seat=seat,
            user_id=user_id,
            kind=kind,
            text=text,
            snapshot=snapshot,
            status=status,
        )

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        return await self.inner.snapshot(game_id)

    async def actions(
        self, game_id: int, *, after: int = 0, limit: int | None = None
    ) -> list[ActionRow]:
        return await self.inner.actions(game_id, after=after, limit=limit)

    async def replace_seat(self, game_id: int, seat: int, user_id: int) -> None:
        self._forget(game_id)
        await self.inner.replace_seat(game_id, seat, user_id)

    async def seat_of(self, game_id: int, user_id: int) -> SeatRow | None:
        return next((s for s in await self.seats(game_id) if s.user_id == user_id), None)

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
    ) -> list[TimerRow]:
        return await self.inner.replace_timers(game_id, cancel=cancel, add=add, seq=seq)

    async def get_timer(self, timer_id: int) -> TimerRow | None:
        return await self.inner.get_timer(timer_id)

    async def next_timer(self) -> TimerRow | None:
        return await self.inner.next_timer()

    async def due_timers(self, now: datetime, limit: int = 50) -> list[TimerRow]:
        return await self.inner.due_timers(now, limit)

    async def claim_timer(self, timer_id: int, now: datetime) -> bool:
        return await self.inner.claim_timer(timer_id, now)

    async def finish_timer(self, timer_id: int) -> None:
        await self.inner.finish_timer(timer_id)

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
        if game_id not in self._game_settings:
            self._game_settings[game_id] = await self.inner.game_settings(game_id)
        return dict(self._game_settings[game_id])

    async def set_game_setting(self, game_id: int, key: str, value: Any) -> None:
        self._game_settings.pop(game_id, None)
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
