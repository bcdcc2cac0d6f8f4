"""Results, ratings and statistics (``store.protocols.Ratings``; docs/async-play.md,
"Ratings and export")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from store.base import PlayerStats, RatingRow, ResultRow
from store.sql.base import SqlBase
from store.sql.convert import (
    _RATING_COLUMNS,
    _RESULT_COLUMNS,
    _load_game,
    _marks,
    _now,
    _parse_iso,
    _rating_row,
    _result_row,
)

__all__ = ["RatingsSql"]


class RatingsSql(SqlBase):
    """A finished game's results and its players' ratings; leaderboards and statistics."""

    # Ratings and statistics

    async def ratings(
        self, guild_id: int, game: str, user_ids: Sequence[int]
    ) -> dict[int, RatingRow]:
        if not user_ids:
            return {}
        rows = await self._read(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? "
            f"AND user_id IN ({_marks(user_ids)})",
            [guild_id, game, *user_ids],
        )
        return {r["user_id"]: _rating_row(r) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> list[RatingRow]:
        rows = await self._read(
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        )
        return [_rating_row(r) for r in rows]

    async def record_results(
        self, results: Sequence[ResultRow], ratings: Sequence[RatingRow]
    ) -> bool:
        if not results:
            return False
        if len({r.game_id for r in results}) != 1:
            raise ValueError("record_results takes the results of one game")
        game_id = results[0].game_id
        async with self._transaction() as db:
            await _load_game(db, game_id)
            done = list(
                await db.execute_fetchall("SELECT 1 FROM results WHERE game_id = ?", (game_id,))
            )
            if done:
                return False
            now = _now()
            await db.executemany(
                f"INSERT INTO results ({_RESULT_COLUMNS}, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        r.game_id,
                        r.user_id,
                        r.guild_id,
                        r.game,
                        r.seat,
                        r.rank,
                        r.score,
                        int(r.won),
                        int(r.rated),
                        now,
                    )
                    for r in results
                ],
            )
            await db.executemany(
                f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, "
                "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, "
                "updated_at = excluded.updated_at",
                [
                    (r.guild_id, r.game, r.user_id, r.mu, r.sigma, r.games, r.wins, now)
                    for r in ratings
                ],
            )
            return True

    async def results_of_game(self, game_id: int) -> list[ResultRow]:
        rows = await self._read(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [_result_row(r) for r in rows]

    async def player_stats(self, guild_id: int, user_id: int, game: str | None) -> PlayerStats:
        where = "guild_id = ? AND user_id = ?"
        params: list[Any] = [guild_id, user_id]
        if game is not None:
            where += " AND game = ?"
            params.append(game)
        totals = (
            await self._read(
                f"SELECT COUNT(*) AS games, CAST(COALESCE(SUM(won), 0) AS INTEGER) AS wins, "
                f"AVG(score) AS score FROM results WHERE {where}",
                params,
            )
        )[0]
        # Each move with the log entry just before it in the same game (the unique
        # (game_id, seq) index finds it); a move after the same user's own entry continues a
        # turn and is not a response time.
        game_filter = " AND g.game = ?" if game is not None else ""
        pairs = await self._read(
            "SELECT a.created_at AS at, p.created_at AS before FROM actions a "
            "JOIN games g ON g.id = a.game_id "
            "JOIN actions p ON p.game_id = a.game_id AND p.seq = a.seq - 1 "
            "WHERE a.user_id = ? AND a.kind = 'move' AND g.guild_id = ? "
            f"AND (p.user_id IS NULL OR p.user_id != a.user_id){game_filter}",
            [user_id, guild_id] + ([game] if game is not None else []),
        )
        seconds = [
            max(0.0, (_parse_iso(r["at"]) - _parse_iso(r["before"])).total_seconds()) for r in pairs
        ]
        return PlayerStats(
            games=totals["games"],
            wins=totals["wins"],
            average_score=totals["score"],
            timed_moves=len(seconds),
            average_move_seconds=sum(seconds) / len(seconds) if seconds else None,
        )
