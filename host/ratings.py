"""Ratings: a Weng-Lin (openskill Plackett-Luce) rating per server, game and player, updated
once when a game finishes. No Discord here.

- **Teams** come from the view's ``"teams"`` (seat lists, CIV's team game); without it every
  seat is its own team. A team's place is its best member's rank (team mates share a rank).
- **Ties**: equal ranks are passed to openskill as equal, which shares the result.
- **Bots** (seats with a negative user id) are never rated, and a game with a bot seat changes
  nobody's rating: a bot's strength is not a player's, and rating humans against a fixed
  dummy would move their ratings by chance. Its human results still count in ``/stats``.
- The result is stored with the new ratings in one transaction, at most once per game
  (:meth:`store.base.Store.record_results`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from host.bots import is_bot
from host.service import Change, Loaded
from rules.core import Outcome
from store import RatingRow, ResultRow, Store

#: The rating model: defaults mu 25, sigma 25/3; the leaderboard orders by mu - 3 sigma.
MODEL = PlackettLuce()


def teams_of(view: Mapping[str, Any], seats: int) -> list[list[int]]:
    """The seats playing together: the view's ``teams`` or one team per seat.

    >>> teams_of({"teams": [[0, 2], [1, 3]]}, 4)
    [[0, 2], [1, 3]]
    >>> teams_of({"teams": None}, 3)
    [[0], [1], [2]]
    """
    teams = view.get("teams")
    if isinstance(teams, list) and teams:
        return [[int(s) for s in team] for team in teams]
    return [[s] for s in range(seats)]


def rate(
    guild_id: int,
    game: str,
    users: Sequence[int],
    teams: Sequence[Sequence[int]],
    ranks: Sequence[int],
    current: Mapping[int, RatingRow],
) -> list[RatingRow]:
    """New ratings of ``users`` (by seat) after a game with those ``teams`` and seat ``ranks``.

    ``current`` holds the players' ratings so far (missing: a new player).
    """
    team_ratings = [
        [_model_rating(current.get(users[seat]), users[seat]) for seat in team] for team in teams
    ]
    team_ranks = [min(ranks[seat] for seat in team) for team in teams]
    updated = MODEL.rate(team_ratings, ranks=[float(r) for r in team_ranks])
    out: list[RatingRow] = []
    for team, new in zip(teams, updated, strict=True):
        for seat, rating in zip(team, new, strict=True):
            old = current.get(users[seat])
            out.append(
                RatingRow(
                    guild_id,
                    game,
                    users[seat],
                    rating.mu,
                    rating.sigma,
                    (old.games if old else 0) + 1,
                    (old.wins if old else 0) + (ranks[seat] == 1),
                )
            )
    return out


def results_of(game: Loaded, outcome: Outcome) -> list[ResultRow]:
    """The result of every human seat of a finished game."""
    rated = not any(is_bot(s.user_id) for s in game.seats)
    return [
        ResultRow(
            game_id=game.row.id,
            user_id=s.user_id,
            guild_id=game.row.guild_id,
            game=game.row.game,
            seat=s.seat,
            rank=outcome.ranks[s.seat],
            score=float(outcome.scores[s.seat]),
            won=outcome.ranks[s.seat] == 1,
            rated=rated,
        )
        for s in game.seats
        if not is_bot(s.user_id)
    ]


class Rater:
    """Records finished games. One per bot: its lock keeps two games finishing at once from
    reading the same old rating and losing one update (one process owns the database)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = asyncio.Lock()

    async def changed(self, change: Change) -> None:
        """The :data:`host.service.ChangeHook`: rate a game the change finished."""
        if change.game.row.status == "finished" and change.before_status != "finished":
            await self.record(change.game)

    async def record(self, game: Loaded) -> bool:
        """Store a finished game's results and rating changes; False if there is nothing
        (new) to record."""
        outcome = game.outcome()
        if outcome is None or game.state is None:
            return False
        results = results_of(game, outcome)
        if not results:
            return False
        row = game.row
        async with self._lock:
            ratings: list[RatingRow] = []
            if results[0].rated:
                users = [s.user_id for s in game.seats]
                current = await self.store.ratings(row.guild_id, row.game, users)
                teams = teams_of(game.engine.view(game.state, None), len(users))
                ratings = rate(row.guild_id, row.game, users, teams, outcome.ranks, current)
            return await self.store.record_results(results, ratings)


def _model_rating(row: RatingRow | None, user_id: int) -> Any:
    if row is None:
        return MODEL.rating(name=str(user_id))
    return MODEL.rating(mu=row.mu, sigma=row.sigma, name=str(user_id))
