"""How a CIV game ends: hegemony, majorities with tie-breakers, teams, resignations.

Ranks follow the rulebook for the winner and extend it to every seat: players still in the game
are ordered by points, then by the tie-breaker domains (Utopia, Culture, Science, Economy,
Religion, Military); seats that resigned come last, the earliest resignation lowest.
"""

from __future__ import annotations

from typing import Any

from rules.civ.data import DOMAINS, ND, TIEBREAK_ORDER
from rules.civ.logic import live_seats
from rules.civ.state import CivState
from rules.core import JSON, Event, Outcome


def majority_points(state: CivState) -> tuple[list[int], list[list[int]]]:
    """Points per seat, and per domain the seats holding its (possibly shared) highest count.

    A domain where the highest count is 0 scores nobody (rules reference A13).
    """
    live = live_seats(state)
    points = [0] * state.n
    holders: list[list[int]] = []
    for d in range(ND):
        top = max(state.seats[s].area[d] for s in live)
        best = [s for s in live if top > 0 and state.seats[s].area[d] == top]
        for s in best:
            points[s] += 1
        holders.append(best)
    return points, holders


def _tiebreak(keys: dict[Any, tuple[int, ...]]) -> str | None:
    """The criterion that singled out the winner among tied leaders ("shared" if none did)."""
    top = max(k[0] for k in keys.values())
    group = [p for p, k in keys.items() if k[0] == top]
    if len(group) == 1:
        return None
    for i, d in enumerate(TIEBREAK_ORDER, start=1):
        best = max(keys[p][i] for p in group)
        group = [p for p in group if keys[p][i] == best]
        if len(group) == 1:
            return DOMAINS[d]
    return "shared"


def _resigned_ranks(state: CivState, ranks: list[int], first: int) -> None:
    """Resigned seats rank after everyone else; the earliest resignation ranks lowest."""
    order = state.resign_order
    for i, s in enumerate(order):
        ranks[s] = first + (len(order) - 1 - i)


def majority_outcome(state: CivState) -> Outcome:
    """Score majorities at the end of the final round."""
    points, holders = majority_points(state)
    players = state.players
    live = live_seats(state)
    ranks = [0] * state.n
    details: dict[str, JSON] = {
        "points": {players[s]: points[s] for s in live},
        "domains": {DOMAINS[d]: [players[s] for s in holders[d]] for d in range(ND)},
        # The same, by player: the domains each one won (the final post names them).
        "won_by": {players[s]: [DOMAINS[d] for d in range(ND) if s in holders[d]] for s in live},
        "teams": None,
        "team_points": None,
    }
    scores = [float(p) for p in points]
    if state.options.teams:
        teams = [[0, 2], [1, 3]]
        team_points = [sum(1 for d in range(ND) if set(holders[d]) & set(t)) for t in teams]
        keys = {
            i: (team_points[i], *(sum(state.seats[s].area[d] for s in t) for d in TIEBREAK_ORDER))
            for i, t in enumerate(teams)
        }
        tiebreak = _tiebreak(keys)
        for i, t in enumerate(teams):
            rank = 1 + sum(1 for j in keys if keys[j] > keys[i])
            for s in t:
                ranks[s] = rank
                scores[s] = float(team_points[i])
        details["teams"] = [[players[s] for s in t] for t in teams]
        details["team_points"] = team_points
    else:
        keys = {s: (points[s], *(state.seats[s].area[d] for d in TIEBREAK_ORDER)) for s in live}
        tiebreak = _tiebreak(keys)
        for s in live:
            ranks[s] = 1 + sum(1 for t in live if keys[t] > keys[s])
        _resigned_ranks(state, ranks, len(live) + 1)
    return Outcome(tuple(ranks), tuple(scores), "majority", tiebreak, details)


def _side(state: CivState, seat: int) -> list[int]:
    """The seat and, in the team game, its partner."""
    if state.options.teams:
        return [s for s in range(state.n) if s % 2 == seat % 2]
    return [seat]


def hegemony_outcome(state: CivState, seat: int, domain: int) -> Outcome:
    """``seat`` (and its team) won by hegemony in ``domain``."""
    winners = _side(state, seat)
    ranks = [1 if s in winners else 2 for s in range(state.n)]
    _resigned_ranks(state, ranks, 3)
    scores = tuple(1.0 if s in winners else 0.0 for s in range(state.n))
    details = {"player": state.players[seat], "domain": DOMAINS[domain]}
    return Outcome(tuple(ranks), scores, "hegemony", None, details)


def resigned_outcome(state: CivState, seat: int) -> Outcome:
    """Two players or the team game: the side of ``seat`` resigned and loses."""
    losers = _side(state, seat)
    ranks = tuple(2 if s in losers else 1 for s in range(state.n))
    scores = tuple(0.0 if s in losers else 1.0 for s in range(state.n))
    return Outcome(ranks, scores, "resigned", None, {"player": state.players[seat]})


def last_standing_outcome(state: CivState) -> Outcome:
    """Everyone else resigned: the one player left wins."""
    ranks = [1] * state.n
    _resigned_ranks(state, ranks, 2)
    scores = tuple(1.0 if r == 1 else 0.0 for r in ranks)
    (winner,) = live_seats(state)
    return Outcome(tuple(ranks), scores, "last_standing", None, {"player": state.players[winner]})


def finish(state: CivState, outcome: Outcome) -> list[Event]:
    """End the game on the engine's copy and announce it."""
    state.outcome = outcome
    state.step = "over"
    state.turn = None
    state.sub = None
    params: dict[str, JSON] = {
        "reason": outcome.reason,
        "winners": [state.players[s] for s in outcome.winners],
        "count": len(outcome.winners),
    }
    events = [Event("civ.game_over", params)]
    if outcome.tiebreak is not None:
        events.append(Event("civ.tiebreak", {"rule": outcome.tiebreak}))
    return events
