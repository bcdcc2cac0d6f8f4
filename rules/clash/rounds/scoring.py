"""Victory points and the end of the game (p.2, p.4; rules reference §8).

Each player scores 1 point per city piece of their colour on the board, wherever it stands
(Settlements included; pieces of their colour in other players' cities count for them, p.10),
½ per advance, 5 per wonder in a city they own, 2 per completed objective card and the event
points they gained. On a tie the owner of the Great Pyramids wins; otherwise the tied players
compare city-piece points, then advance points, wonder points, objective points and event
points, in that order; still tied players share the place (p.4). Seats that resigned rank
last, the earliest resignation lowest.

>>> from rules.clash.model.setup import new_game
>>> state = new_game(["ann", "bob"], {}, 1)
>>> breakdown(state, 0)["total"]
2.0
"""

from __future__ import annotations

from dataclasses import replace

from rules.clash.box.cards import PYRAMIDS
from rules.clash.model.state import OVER, ClashState, TurnState
from rules.core import JSON, Event, Outcome, PromptStack

#: The categories of points, in the order ties are broken (p.4).
CATEGORIES: tuple[str, ...] = ("city_pieces", "advances", "wonders", "objectives", "events")
PIECE_POINTS = 1.0
ADVANCE_POINTS = 0.5
WONDER_POINTS = 5.0
OBJECTIVE_POINTS = 2.0


def breakdown(state: ClashState, seat: int) -> dict[str, JSON]:
    """One seat's points, category by category, and their total."""
    me = state.seats[seat]
    pieces = sum(1 for p in state.seats for c in p.cities for x in c.pieces if x.owner == seat)
    out: dict[str, JSON] = {
        "player": state.players[seat],
        "city_pieces": PIECE_POINTS * pieces,
        "advances": ADVANCE_POINTS * len(me.advances),
        "wonders": WONDER_POINTS * len(wonders_of(state, seat)),
        "objectives": OBJECTIVE_POINTS * len(me.completed),
        "events": float(me.event_points),
    }
    out["total"] = sum(out[k] for k in CATEGORIES)
    return out


def wonders_of(state: ClashState, seat: int) -> list[str]:
    """The wonders in the seat's cities (a wonder belongs to its city's owner, p.14)."""
    return [c.wonder for c in state.seats[seat].cities if c.wonder is not None]


def _key(state: ClashState, score: dict[str, JSON], seat: int) -> tuple[float, ...]:
    pyramids = 1.0 if PYRAMIDS in wonders_of(state, seat) else 0.0
    return (score["total"], pyramids, *(score[k] for k in CATEGORIES))


def _tiebreak(keys: dict[int, tuple[float, ...]]) -> str | None:
    """The criterion that singled out the winner among the leaders tied on points."""
    top = max(k[0] for k in keys.values())
    group = [s for s, k in keys.items() if k[0] == top]
    if len(group) == 1:
        return None
    for i, rule in enumerate((PYRAMIDS, *CATEGORIES), start=1):
        best = max(keys[s][i] for s in group)
        group = [s for s in group if keys[s][i] == best]
        if len(group) == 1:
            return rule
    return "shared"


def _resigned_ranks(state: ClashState, ranks: list[int], first: int) -> None:
    order = state.resign_order
    for i, s in enumerate(order):
        ranks[s] = first + (len(order) - 1 - i)


def final_outcome(state: ClashState, reason: str) -> Outcome:
    """Score every seat and rank the players still in the game (``reason``: how it ended)."""
    scores = [breakdown(state, s) for s in range(state.n)]
    keys = {s: _key(state, scores[s], s) for s in state.live()}
    ranks = [0] * state.n
    for s in keys:
        ranks[s] = 1 + sum(1 for t in keys if keys[t] > keys[s])
    _resigned_ranks(state, ranks, len(keys) + 1)
    totals = tuple(float(b["total"]) for b in scores)
    return Outcome(tuple(ranks), totals, reason, _tiebreak(keys), {"scores": scores})


def resigned_outcome(state: ClashState, seat: int) -> Outcome:
    """Two players: ``seat`` resigned and loses; the scores are the points so far."""
    ranks = tuple(2 if s == seat else 1 for s in range(state.n))
    totals = tuple(float(breakdown(state, s)["total"]) for s in range(state.n))
    return Outcome(ranks, totals, "resigned", None, {"player": state.players[seat]})


def last_standing_outcome(state: ClashState) -> Outcome:
    """Everyone else resigned: the one player left wins."""
    ranks = [1] * state.n
    _resigned_ranks(state, ranks, 2)
    (winner,) = state.live()
    totals = tuple(float(breakdown(state, s)["total"]) for s in range(state.n))
    return Outcome(tuple(ranks), totals, "last_standing", None, {"player": state.players[winner]})


def finish(state: ClashState, outcome: Outcome) -> list[Event]:
    """End the game on the engine's copy and announce it. Whatever a turn was doing ends
    with it (a resignation can end the game in the middle of one)."""
    state.outcome = outcome
    state.phase = OVER
    state.status = None
    state.kept_advances = ()
    state.exploring = None
    state.prompts = PromptStack()
    state.turn_state = TurnState()
    for me in state.seats:
        me.cities = [
            replace(c, activations=0, activated_angry=False)
            if c.activations or c.activated_angry
            else c
            for c in me.cities
        ]
    events = [
        Event("clash.final_score", {"player": e["player"], "total": e["total"]})
        for e in outcome.details.get("scores", [])
    ]
    events.append(
        Event(
            "clash.game_over",
            {
                "reason": outcome.reason,
                "winners": [state.players[s] for s in outcome.winners],
                "count": len(outcome.winners),
            },
        )
    )
    if outcome.tiebreak is not None:
        events.append(Event("clash.tiebreak", {"rule": outcome.tiebreak}))
    return events
