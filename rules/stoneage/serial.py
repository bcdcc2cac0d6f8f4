"""Snapshots: the whole state as plain JSON and back (``version`` 1).

Resources are lists in the order wood, brick, stone, gold; cards and building tiles are their
ids; the board is a list of people per seat for each fixed location, in board order.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import JSON, Rng
from rules.engine import outcome_from_json, outcome_to_json
from rules.stoneage.state import (
    DiceForAll,
    Options,
    Purchase,
    Roll,
    SeatState,
    StoneAgeState,
)

VERSION = 1


def _seat(s: SeatState) -> dict[str, JSON]:
    return {
        "people": s.people,
        "food": s.food,
        "agriculture": s.agriculture,
        "resources": s.resources[:],
        "tools": s.tools[:],
        "used": s.used[:],
        "one_use": s.one_use[:],
        "cards": s.cards[:],
        "buildings": s.buildings[:],
        "building_points": s.building_points,
        "card_points": s.card_points,
        "penalties": s.penalties,
        "medicine": s.medicine,
        "resigned": s.resigned,
    }


def _roll(r: Roll | None) -> JSON:
    if r is None:
        return None
    return {
        "seat": r.seat,
        "where": r.where,
        "card": r.card,
        "resource": r.resource,
        "dice": list(r.dice),
        "tools": list(r.tools),
        "one_use": list(r.one_use),
        "gained": r.gained,
    }


def to_json(state: StoneAgeState) -> dict[str, JSON]:
    """The snapshot's fields after ``version`` and ``game`` (see :class:`rules.engine.Engine`):
    everything, hidden parts included (for the store only)."""
    dfa, purchase = state.dfa, state.purchase
    return {
        "players": list(state.players),
        "options": state.options.to_json(),
        "rng": state.rng.state,
        "seats": [_seat(s) for s in state.seats],
        "deck": list(state.deck),
        "display": list(state.display),
        "stacks": [list(s) for s in state.stacks],
        "removed": list(state.removed),
        "first": state.first,
        "active": state.active,
        "phase": state.phase,
        "round": state.round,
        "at": [row[:] for row in state.at],
        "card_spot": state.card_spot[:],
        "building_spot": state.building_spot[:],
        "sub": state.sub,
        "roll": _roll(state.roll),
        "purchase": None if purchase is None else {"what": purchase.what, "index": purchase.index},
        "dfa": None
        if dfa is None
        else {
            "buyer": dfa.buyer,
            "card": dfa.card,
            "faces": list(dfa.faces),
            "order": list(dfa.order),
            "picks": [list(p) for p in dfa.picks],
        },
        "hungry": list(state.hungry),
        "dice": list(state.dice),
        "ending": state.ending,
        "recent": [{"kind": e["kind"], "params": dict(e["params"])} for e in state.recent],
        "outcome": outcome_to_json(state.outcome),
        "resign_order": list(state.resign_order),
    }


def from_json(data: Mapping[str, JSON]) -> StoneAgeState:
    """Rebuild a state from a snapshot (its version checked by ``Engine.from_json``)."""
    roll, purchase, dfa, outcome = data["roll"], data["purchase"], data["dfa"], data["outcome"]
    return StoneAgeState(
        players=tuple(data["players"]),
        options=Options(**data["options"]),
        rng=Rng(int(data["rng"])),
        seats=[
            SeatState(
                int(s["people"]),
                int(s["food"]),
                int(s["agriculture"]),
                list(s["resources"]),
                list(s["tools"]),
                list(s["used"]),
                list(s["one_use"]),
                list(s["cards"]),
                list(s["buildings"]),
                int(s["building_points"]),
                int(s["card_points"]),
                int(s["penalties"]),
                int(s["medicine"]),
                bool(s["resigned"]),
            )
            for s in data["seats"]
        ],
        deck=tuple(data["deck"]),
        display=list(data["display"]),
        stacks=[tuple(s) for s in data["stacks"]],
        removed=tuple(data["removed"]),
        first=int(data["first"]),
        active=int(data["active"]),
        phase=str(data["phase"]),
        round=int(data["round"]),
        at=[list(row) for row in data["at"]],
        card_spot=list(data["card_spot"]),
        building_spot=list(data["building_spot"]),
        sub=data["sub"],
        roll=None
        if roll is None
        else Roll(
            int(roll["seat"]),
            str(roll["where"]),
            roll["card"],
            roll["resource"],
            tuple(roll["dice"]),
            tuple(roll["tools"]),
            tuple(roll["one_use"]),
            roll["gained"],
        ),
        purchase=None if purchase is None else Purchase(purchase["what"], int(purchase["index"])),
        dfa=None
        if dfa is None
        else DiceForAll(
            int(dfa["buyer"]),
            str(dfa["card"]),
            tuple(dfa["faces"]),
            tuple(dfa["order"]),
            tuple((int(s), int(f)) for s, f in dfa["picks"]),
        ),
        hungry=tuple(data["hungry"]),
        dice=tuple(data["dice"]),
        ending=bool(data["ending"]),
        recent=tuple({"kind": e["kind"], "params": dict(e["params"])} for e in data["recent"]),
        outcome=outcome_from_json(outcome),
        resign_order=tuple(data["resign_order"]),
    )
