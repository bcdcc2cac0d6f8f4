"""Rating finished games: two players, CIV teams, ties, bot seats, once per game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from host.ratings import MODEL, Rater, rate, results_of, teams_of
from host.service import Change, Loaded
from rules import transcript
from store import RatingRow, SqliteStore

GUILD = 7
TRANSCRIPTS = Path(__file__).parents[1] / "rules" / "transcripts"


@pytest.fixture
async def db() -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(":memory:")
    yield opened
    await opened.close()


async def finished_game(db: SqliteStore, name: str, users: list[int]) -> Loaded:
    """A stored game whose state is the end of the transcript ``name`` (seats = ``users``)."""
    data = transcript.load(TRANSCRIPTS / name)
    replayed = transcript.replay(data)
    assert replayed.game.outcome(replayed.state) is not None
    row = await db.create_game(
        guild_id=GUILD,
        channel_id=1,
        game=data["game"],
        options=dict(data.get("options") or {}),
        seats_wanted=len(users),
        created_by=users[0] if users[0] > 0 else 1,
    )
    for user, handle in zip(users, data["players"], strict=True):
        await db.join(row.id, user, handle)
    row = await db.start(row.id, seed=int(data["seed"]), order=users, snapshot={})
    row = await db.update_game(row.id, status="finished")
    return Loaded(row, await db.seats(row.id), replayed.game, replayed.state)


def test_two_players_winner_gains_what_loser_loses() -> None:
    after = rate(GUILD, "civ", [1, 2], [[0], [1]], [1, 2], {})
    winner, loser = after
    assert (winner.user_id, winner.games, winner.wins) == (1, 1, 1)
    assert (loser.user_id, loser.games, loser.wins) == (2, 1, 0)
    assert winner.mu > MODEL.mu > loser.mu
    assert winner.mu - MODEL.mu == pytest.approx(MODEL.mu - loser.mu)
    assert winner.sigma < MODEL.sigma and loser.sigma < MODEL.sigma


def test_existing_ratings_are_the_starting_point() -> None:
    strong = RatingRow(GUILD, "civ", 1, 35.0, 3.0, 20, 15)
    after = {r.user_id: r for r in rate(GUILD, "civ", [1, 2], [[0], [1]], [2, 1], {1: strong})}
    # An upset: the strong player loses, but their low sigma keeps the change small.
    assert after[1].mu < 35.0 and (after[1].games, after[1].wins) == (21, 15)
    assert 35.0 - after[1].mu < after[2].mu - MODEL.mu


def test_ties_share_the_result() -> None:
    after = rate(GUILD, "stoneage", [1, 2, 3], [[0], [1], [2]], [1, 1, 3], {})
    first, second, third = after
    assert first.mu == pytest.approx(second.mu) and first.mu > MODEL.mu > third.mu
    assert (first.wins, second.wins, third.wins) == (1, 1, 0)


def test_teams_of_view_or_one_per_seat() -> None:
    assert teams_of({"teams": [[0, 2], [1, 3]]}, 4) == [[0, 2], [1, 3]]
    assert teams_of({}, 2) == [[0], [1]]


async def test_two_player_game_is_rated_once(db: SqliteStore) -> None:
    game = await finished_game(db, "civ_hegemony_2p.json", [11, 22])
    rater = Rater(db)
    await rater.changed(Change(game, frozenset({0}), "running", 0, "move"))
    assert not await rater.record(game)  # reported again: nothing changes
    stored = await db.ratings(GUILD, "civ", [11, 22])
    assert stored[11].mu > stored[22].mu and stored[11].wins == 1 and stored[22].games == 1
    assert [(r.user_id, r.rank, r.won, r.rated) for r in await db.results_of_game(game.row.id)] == [
        (11, 1, True, True),
        (22, 2, False, True),
    ]


async def test_civ_team_game_is_rated_as_teams(db: SqliteStore) -> None:
    """Seats 0 and 2 win together: partners move exactly alike, as a team."""
    game = await finished_game(db, "civ_teams_final_round_4p.json", [1, 2, 3, 4])
    assert game.engine.view(game.state, None)["teams"] == [[0, 2], [1, 3]]
    await Rater(db).record(game)
    stored = await db.ratings(GUILD, "civ", [1, 2, 3, 4])
    assert stored[1].mu == pytest.approx(stored[3].mu) and stored[1].mu > MODEL.mu
    assert stored[2].mu == pytest.approx(stored[4].mu) and stored[2].mu < MODEL.mu
    # Rated as two teams of two, not as four players finishing 1, 2, 1, 2.
    two_teams = rate(GUILD, "civ", [1, 2, 3, 4], [[0, 2], [1, 3]], [1, 2, 1, 2], {})
    four = rate(GUILD, "civ", [1, 2, 3, 4], [[0], [1], [2], [3]], [1, 2, 1, 2], {})
    assert stored[1].mu == pytest.approx(two_teams[0].mu)
    assert two_teams[0].mu != pytest.approx(four[0].mu)
    assert [stored[u].wins for u in (1, 2, 3, 4)] == [1, 0, 1, 0]


async def test_four_player_free_for_all(db: SqliteStore) -> None:
    game = await finished_game(db, "stoneage_deck_end_4p.json", [1, 2, 3, 4])
    await Rater(db).record(game)
    stored = await db.ratings(GUILD, "stoneage", [1, 2, 3, 4])
    ranks = game.outcome().ranks  # type: ignore[union-attr]
    by_rank = sorted((1, 2, 3, 4), key=lambda u: ranks[u - 1])
    assert [stored[u].mu for u in by_rank] == sorted((s.mu for s in stored.values()), reverse=True)


async def test_a_game_with_a_bot_seat_rates_nobody(db: SqliteStore) -> None:
    game = await finished_game(db, "civ_hegemony_2p.json", [11, -1])
    assert await Rater(db).record(game)
    assert await db.ratings(GUILD, "civ", [11, -1]) == {}
    results = await db.results_of_game(game.row.id)
    assert [(r.user_id, r.rated, r.won) for r in results] == [(11, False, True)]
    stats = await db.player_stats(GUILD, 11, "civ")
    assert (stats.games, stats.wins) == (1, 1)


async def test_only_finishing_changes_rate(db: SqliteStore) -> None:
    game = await finished_game(db, "civ_hegemony_2p.json", [11, 22])
    # Already finished before this change (a note after the end): not a new result.
    await Rater(db).changed(Change(game, frozenset(), "finished", None, "note"))
    assert await db.results_of_game(game.row.id) == []
    assert [r.user_id for r in results_of(game, game.outcome())] == [11, 22]  # type: ignore[arg-type]
