"""Ratings and results in the store: recorded once per game, the leaderboard order, stats."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import store.sql.games
import store.sql.ratings
from store import GameRow, RatingRow, ResultRow, SqliteStore

GUILD = 1


async def started(db: SqliteStore, users: list[int], game: str = "civ") -> GameRow:
    row = await db.create_game(
        guild_id=GUILD, channel_id=5, game=game, options={}, seats_wanted=len(users), created_by=1
    )
    for user in users:
        await db.join(row.id, user, f"p{user}")
    return await db.start(row.id, seed=3, order=users, snapshot={"s": 0})


def result(game: GameRow, user: int, seat: int, rank: int, score: float) -> ResultRow:
    return ResultRow(game.id, user, GUILD, game.game, seat, rank, score, rank == 1, True)


def rating(game: str, user: int, mu: float, sigma: float, games: int = 1) -> RatingRow:
    return RatingRow(GUILD, game, user, mu, sigma, games, 0)


async def test_results_and_ratings_are_recorded_once(memory_store: SqliteStore) -> None:
    game = await started(memory_store, [10, 20])
    results = [result(game, 10, 0, 1, 8.0), result(game, 20, 1, 2, 5.0)]
    ratings = [rating("civ", 10, 27.6, 8.0), rating("civ", 20, 22.4, 8.0)]
    assert await memory_store.record_results(results, ratings)
    # A second report of the same game (a hook firing twice) changes nothing.
    other = [rating("civ", 10, 99.0, 1.0), rating("civ", 20, 1.0, 1.0)]
    assert not await memory_store.record_results(results, other)
    stored = await memory_store.ratings(GUILD, "civ", [10, 20, 30])
    assert set(stored) == {10, 20}
    assert stored[10].mu == pytest.approx(27.6) and stored[10].games == 1
    assert await memory_store.results_of_game(game.id) == results


async def test_record_results_refuses_mixed_games(memory_store: SqliteStore) -> None:
    one = await started(memory_store, [10, 20])
    two = await started(memory_store, [10, 20])
    with pytest.raises(ValueError):
        await memory_store.record_results([result(one, 10, 0, 1, 1), result(two, 20, 1, 2, 0)], [])
    assert not await memory_store.record_results([], [])


async def test_leaderboard_orders_by_conservative_rating(memory_store: SqliteStore) -> None:
    game = await started(memory_store, [10, 20, 30])
    # 30 has the highest mean but is still uncertain: mu - 3 sigma puts them last.
    ratings = [
        rating("civ", 10, 26.0, 2.0),  # 20.0
        rating("civ", 20, 24.0, 1.0),  # 21.0
        rating("civ", 30, 35.0, 8.0),  # 11.0
    ]
    results = [result(game, u, s, s + 1, 0.0) for s, u in enumerate((10, 20, 30))]
    assert await memory_store.record_results(results, ratings)
    board = await memory_store.leaderboard(GUILD, "civ", 2)
    assert [r.user_id for r in board] == [20, 10]
    assert board[0].conservative == pytest.approx(21.0)
    assert await memory_store.leaderboard(GUILD, "stoneage", 10) == []
    assert await memory_store.leaderboard(GUILD + 1, "civ", 10) == []


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The store's timestamps: the last item of this list."""
    times = ["2030-01-01T00:00:00.000+00:00"]
    for area in (store.sql.games, store.sql.ratings):  # the log's times, the results'
        monkeypatch.setattr(area, "_now", lambda: times[-1])
    yield times


async def test_player_stats_games_wins_score_and_move_times(
    memory_store: SqliteStore, clock: list[str]
) -> None:
    game = await started(memory_store, [10, 20])
    seq = game.seq
    # seat 0 (user 10) moves 60 s after the start note, then again at once (same turn: not
    # a response), user 20 answers after 2 hours, user 10 after 30 minutes.
    log = [
        (None, None, "note", "2030-01-01T00:00:00.000+00:00"),
        (0, 10, "move", "2030-01-01T00:01:00.000+00:00"),
        (0, 10, "move", "2030-01-01T00:01:05.000+00:00"),
        (1, 20, "move", "2030-01-01T02:01:05.000+00:00"),
        (0, 10, "move", "2030-01-01T02:31:05.000+00:00"),
    ]
    for seat, user, kind, at in log:
        clock.append(at)
        seq = await memory_store.record(
            game.id,
            expected_seq=seq,
            seat=seat,
            user_id=user,
            kind=kind,
            text="x",
            snapshot=None if kind == "note" else {"s": seq},
        )
    clock.append("2030-01-02T00:00:00.000+00:00")
    results = [result(game, 10, 0, 1, 9.0), result(game, 20, 1, 2, 4.0)]
    assert await memory_store.record_results(results, [])
    mine = await memory_store.player_stats(GUILD, 10, "civ")
    assert (mine.games, mine.wins, mine.average_score) == (1, 1, 9.0)
    assert mine.timed_moves == 2
    assert mine.average_move_seconds == pytest.approx((60 + 1800) / 2)
    theirs = await memory_store.player_stats(GUILD, 20, None)
    assert (theirs.games, theirs.wins, theirs.timed_moves) == (1, 0, 1)
    assert theirs.average_move_seconds == pytest.approx(7200)
    other_game = await memory_store.player_stats(GUILD, 10, "stoneage")
    assert (other_game.games, other_game.timed_moves, other_game.average_score) == (0, 0, None)
    assert other_game.average_move_seconds is None
