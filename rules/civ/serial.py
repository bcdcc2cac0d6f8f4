"""Snapshots: the whole state as plain JSON and back (``version`` 1).

Domains are stored as tokens and deck cards as ``[age, domain]`` so a snapshot can be read by a
person; counts per domain are lists in domain order.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.civ.data import AGES, DOMAIN_INDEX, DOMAINS, ND, card_age, card_code, card_domain
from rules.civ.state import (
    CivState,
    Coin,
    DraftState,
    Options,
    SeatState,
    SubPrompt,
    TurnState,
)
from rules.core import JSON, Rng
from rules.engine import outcome_from_json, outcome_to_json

VERSION = 1


_CARDS: tuple[tuple[int, str], ...] = tuple(
    (card_age(c), DOMAINS[card_domain(c)]) for c in range(len(AGES) * ND)
)


def _card(code: int) -> list[JSON]:
    return list(_CARDS[code])


def _code(card: JSON) -> int:
    age, domain = card
    return card_code(int(age), DOMAIN_INDEX[domain])


def to_json(state: CivState) -> dict[str, JSON]:
    """The snapshot's fields after ``version`` and ``game`` (see :class:`rules.engine.Engine`):
    everything, hidden parts included (for the store only)."""
    turn, draft, sub, coin = state.turn, state.draft, state.sub, state.coin
    return {
        "players": list(state.players),
        "options": state.options.to_json(),
        "rng": state.rng.state,
        "seats": [
            {
                "hand": s.hand[:],
                "area": s.area[:],
                "facedown": s.facedown[:],
                "embargoes": [DOMAINS[d] for d in s.embargoes],
                "resigned": s.resigned,
            }
            for s in state.seats
        ],
        "deck": [_card(c) for c in state.deck],
        "discard": [DOMAINS[d] for d in state.discard],
        "removed": [_card(c) for c in state.removed],
        "start": state.start,
        "active": state.active,
        "step": state.step,
        "turn_number": state.turn_number,
        "final_round": state.final_round,
        "turn": None
        if turn is None
        else {
            "played": turn.played,
            "used_permanent": turn.used_permanent,
            "used_discard": turn.used_discard,
            "inspired": turn.inspired,
            "copied_limit": turn.copied_limit,
        },
        "draft": None
        if draft is None
        else {
            "round": draft.round,
            "packets": [p[:] for p in draft.packets],
            "kept": [k[:] for k in draft.kept],
            "done": draft.done[:],
            "centre": [DOMAINS[d] for d in draft.centre],
        },
        "sub": None
        if sub is None
        else {"kind": sub.kind, "count": sub.count, "cards": list(sub.cards), "target": sub.target},
        "coin": None
        if coin is None
        else {
            "holder": coin.holder,
            "target": coin.target,
            "domain": DOMAINS[coin.domain],
            "level": coin.level,
        },
        "recent": [{"kind": e["kind"], "params": dict(e["params"])} for e in state.recent],
        "outcome": outcome_to_json(state.outcome),
        "resign_order": list(state.resign_order),
    }


def from_json(data: Mapping[str, JSON]) -> CivState:
    """Rebuild a state from a snapshot (its version checked by ``Engine.from_json``)."""
    turn, draft, sub, coin, outcome = (
        data["turn"],
        data["draft"],
        data["sub"],
        data["coin"],
        data["outcome"],
    )
    return CivState(
        players=tuple(data["players"]),
        options=Options(**data["options"]),
        rng=Rng(int(data["rng"])),
        seats=[
            SeatState(
                list(s["hand"]),
                list(s["area"]),
                list(s["facedown"]),
                [DOMAIN_INDEX[d] for d in s["embargoes"]],
                bool(s["resigned"]),
            )
            for s in data["seats"]
        ],
        deck=tuple(_code(c) for c in data["deck"]),
        discard=[DOMAIN_INDEX[d] for d in data["discard"]],
        removed=tuple(_code(c) for c in data["removed"]),
        start=int(data["start"]),
        active=int(data["active"]),
        step=str(data["step"]),
        turn_number=int(data["turn_number"]),
        final_round=bool(data["final_round"]),
        turn=None if turn is None else TurnState(**turn),
        draft=None
        if draft is None
        else DraftState(
            int(draft["round"]),
            [list(p) for p in draft["packets"]],
            [list(k) for k in draft["kept"]],
            list(draft["done"]),
            [DOMAIN_INDEX[d] for d in draft["centre"]],
        ),
        sub=None
        if sub is None
        else SubPrompt(sub["kind"], int(sub["count"]), tuple(sub["cards"]), sub["target"]),
        coin=None
        if coin is None
        else Coin(coin["holder"], coin["target"], DOMAIN_INDEX[coin["domain"]], coin["level"]),
        recent=tuple({"kind": e["kind"], "params": dict(e["params"])} for e in data["recent"]),
        outcome=outcome_from_json(outcome),
        resign_order=tuple(data["resign_order"]),
    )
