"""The end of the game: final scoring with its breakdown, ranks and the tie-break.

Final scoring adds to the score track: green culture cards in sets of different symbols (each
set scores its size squared), farmers x food track, tool makers x tool value, hut builders x
buildings, shamans x people, and 1 point per resource left (2 per unused Medicine choice: any
resource would score 1). Ties on points are broken by the food track, then tools, then people
(option ``tiebreak`` = ``sequence``, the Hungarian rulebook) or by their sum (``sum``); still
tied players share the place. Seats that resigned rank last, the earliest resignation lowest.
"""

from __future__ import annotations

from rules.core import JSON, Event, Outcome
from rules.stoneage.logic import live_seats, multipliers, symbols
from rules.stoneage.state import StoneAgeState

SEQUENCE_RULES: tuple[str, ...] = ("agriculture", "tools", "people")


def green_points(counts: list[int]) -> int:
    """Sets of different culture symbols, each scoring its size squared.

    >>> green_points([2, 1, 1, 1, 1]), green_points([2, 2]), green_points([])
    (26, 8, 0)
    """
    left = [c for c in counts if c]
    total = 0
    while left:
        total += len(left) ** 2
        left = [c - 1 for c in left if c > 1]
    return total


def breakdown(state: StoneAgeState, seat: int) -> dict[str, JSON]:
    """One seat's final score, source by source."""
    me = state.seats[seat]
    mult = multipliers(me)
    out: dict[str, JSON] = {
        "player": state.players[seat],
        "buildings": me.building_points,
        "cards": me.card_points,
        "penalties": me.penalties,
        "green_sets": green_points(list(symbols(me).values())),
        "farmers": mult["farmer"] * me.agriculture,
        "tool_makers": mult["toolmaker"] * me.tool_value,
        "hut_builders": mult["hut_builder"] * len(me.buildings),
        "shamans": mult["shaman"] * me.people,
        "resources": sum(me.resources) + 2 * me.medicine,
    }
    out["total"] = sum(v for k, v in out.items() if k != "player")
    out["tiebreak"] = {
        "agriculture": me.agriculture,
        "tools": me.tool_value,
        "people": me.people,
    }
    return out


def _keys(state: StoneAgeState, scores: list[dict[str, JSON]]) -> dict[int, tuple[int, ...]]:
    keys = {}
    for s in live_seats(state):
        tb = scores[s]["tiebreak"]
        if state.options.tiebreak == "sum":
            extra: tuple[int, ...] = (tb["agriculture"] + tb["tools"] + tb["people"],)
        else:
            extra = tuple(tb[r] for r in SEQUENCE_RULES)
        keys[s] = (scores[s]["total"], *extra)
    return keys


def _tiebreak(state: StoneAgeState, keys: dict[int, tuple[int, ...]]) -> str | None:
    """The criterion that singled out the winner among tied leaders (``shared`` if none)."""
    top = max(k[0] for k in keys.values())
    group = [s for s, k in keys.items() if k[0] == top]
    if len(group) == 1:
        return None
    rules = ("sum",) if state.options.tiebreak == "sum" else SEQUENCE_RULES
    for i, rule in enumerate(rules, start=1):
        best = max(keys[s][i] for s in group)
        group = [s for s in group if keys[s][i] == best]
        if len(group) == 1:
            return rule
    return "shared"


def _resigned_ranks(state: StoneAgeState, ranks: list[int], first: int) -> None:
    order = state.resign_order
    for i, s in enumerate(order):
        ranks[s] = first + (len(order) - 1 - i)


def final_outcome(state: StoneAgeState, reason: str) -> Outcome:
    """Score everything and rank the players (``reason``: how the game ended)."""
    scores = [breakdown(state, s) for s in range(state.n)]
    keys = _keys(state, scores)
    live = list(keys)
    ranks = [0] * state.n
    for s in live:
        ranks[s] = 1 + sum(1 for t in live if keys[t] > keys[s])
    _resigned_ranks(state, ranks, len(live) + 1)
    totals = tuple(float(b["total"]) for b in scores)
    return Outcome(tuple(ranks), totals, reason, _tiebreak(state, keys), {"scores": scores})


def resigned_outcome(state: StoneAgeState, seat: int) -> Outcome:
    """Two players: ``seat`` resigned and loses; the scores are the score track."""
    ranks = tuple(2 if s == seat else 1 for s in range(state.n))
    scores = tuple(float(s.score) for s in state.seats)
    return Outcome(ranks, scores, "resigned", None, {"player": state.players[seat]})


def last_standing_outcome(state: StoneAgeState) -> Outcome:
    """Everyone else resigned: the one player left wins."""
    ranks = [1] * state.n
    _resigned_ranks(state, ranks, 2)
    (winner,) = live_seats(state)
    scores = tuple(float(s.score) for s in state.seats)
    return Outcome(tuple(ranks), scores, "last_standing", None, {"player": state.players[winner]})


def finish(state: StoneAgeState, outcome: Outcome) -> list[Event]:
    """End the game on the engine's copy and announce it."""
    state.outcome = outcome
    state.phase = "over"
    if state.roll is not None and state.roll.gained is None:
        state.roll = None  # a roll still waiting for tools never completes
    state.sub = None
    state.purchase = None
    state.dfa = None
    state.hungry = ()
    events: list[Event] = []
    for entry in outcome.details.get("scores", []):
        events.append(
            Event("stoneage.final_score", {"player": entry["player"], "total": entry["total"]})
        )
    events.append(
        Event(
            "stoneage.game_over",
            {
                "reason": outcome.reason,
                "winners": [state.players[s] for s in outcome.winners],
                "count": len(outcome.winners),
            },
        )
    )
    if outcome.tiebreak is not None:
        events.append(Event("stoneage.tiebreak", {"rule": outcome.tiebreak}))
    return events
