"""What one seat (or a spectator) may see: the "CIV view" of docs/architecture.md.

Hidden information - hands, the deck order, the removed cards, draft packets and kept cards,
the cards of a multi-step effect - only ever enters the ``hand`` and ``private`` fields, and
only for the seat that owns it.
"""

from __future__ import annotations

from typing import cast, overload

from rules.civ.actions import pending
from rules.civ.data import AGES, DOMAINS, ND, card_age, hegemony_base, thresholds
from rules.civ.logic import (
    domain_list,
    embargoed_mask,
    hand_limit,
    has_culture_majority,
    hegemony_need,
    level,
    team_of,
)
from rules.civ.state import CivState
from rules.civ.views import (
    CivOptions,
    CivOutcome,
    CivPrivate,
    CivSeat,
    CivSeatView,
    CivStep,
    CivView,
)

#: Step names of the view: the two effect prompts are still step 2 ("effects").
VIEW_STEP = {"inquisition_return": "effects", "breakthrough_discard": "effects"}


def _by_domain(counts: list[int]) -> dict[str, int]:
    return {DOMAINS[d]: counts[d] for d in range(ND)}


@overload
def build_view(state: CivState, seat: None) -> CivView: ...
@overload
def build_view(state: CivState, seat: int) -> CivSeatView: ...
@overload
def build_view(state: CivState, seat: int | None) -> CivView: ...


def build_view(state: CivState, seat: int | None) -> CivView:
    """The view for ``seat`` (None = spectators and the public table image)."""
    l1, l2 = thresholds(state.n)
    by_age = {str(a): 0 for a in AGES}
    for code in state.deck:
        by_age[str(card_age(code))] += 1
    coin = state.coin
    turn = state.turn
    view: CivView = {
        "game": "civ",
        "players": list(state.players),
        "seat": seat,
        "options": cast(CivOptions, state.options.to_json()),
        "teams": [[0, 2], [1, 3]] if state.options.teams else None,
        "start_seat": state.start,
        "active": state.active,
        "step": cast(CivStep, VIEW_STEP.get(state.step, state.step)),
        "turn_number": state.turn_number,
        "final_round": state.final_round,
        "thresholds": {"level1": l1, "level2": l2, "hegemony": hegemony_base(state.n)},
        "deck": {"total": len(state.deck), "by_age": by_age},
        "discard": [DOMAINS[d] for d in state.discard],
        "coin": None
        if coin is None
        else {
            "holder": coin.holder,
            "target": coin.target,
            "domain": DOMAINS[coin.domain],
            "level": coin.level,
        },
        "centre": [] if state.draft is None else [DOMAINS[d] for d in state.draft.centre],
        "seats": [_seat_view(state, s) for s in range(state.n)],
        "turn": None
        if turn is None
        else {
            "played": turn.played,
            "used_permanent": [DOMAINS[d] for d in range(ND) if turn.used_permanent >> d & 1],
            "used_discard": [DOMAINS[d] for d in range(ND) if turn.used_discard >> d & 1],
            "inspired": turn.inspired,
        },
        "pending": [
            {"seat": p.seat, "kind": p.kind, "params": dict(p.params)} for p in pending(state)
        ],
        "recent": [{"kind": e["kind"], "params": e["params"]} for e in state.recent],
        "outcome": None if state.outcome is None else cast(CivOutcome, state.outcome.to_json()),
    }
    if seat is None:
        return view
    mine: CivSeatView = {
        **view,
        "hand": domain_list(state.seats[seat].hand),
        "private": _private(state, seat),
    }
    return mine


def _seat_view(state: CivState, seat: int) -> CivSeat:
    s = state.seats[seat]
    mask = embargoed_mask(state, seat)
    return {
        "seat": seat,
        "player": state.players[seat],
        "team": team_of(state, seat),
        "hand_size": sum(s.hand),
        "hand_limit": hand_limit(state, seat),
        "area": _by_domain(s.area),
        "facedown_utopia": _by_domain(s.facedown),
        "hegemony_need": {DOMAINS[d]: hegemony_need(state, seat, d) for d in range(ND)},
        "levels": {
            DOMAINS[d]: 0 if DOMAINS[d] == "culture" else level(state, seat, d) for d in range(ND)
        },
        "embargoed": [DOMAINS[d] for d in range(ND) if mask >> d & 1],
        "culture_leader": not s.resigned and has_culture_majority(state, seat),
        "resigned": s.resigned,
    }


def _private(state: CivState, seat: int) -> CivPrivate:
    """The seat's part of a multi-step effect or of the draft in progress."""
    sub = state.sub
    if sub is not None and seat == state.active:
        if sub.kind == "inquisition_return":
            assert sub.target is not None  # an Inquisition always names whose hand it took
            return {"inquisition": {"target": sub.target, "taken": domain_list(sub.cards)}}
        return {"breakthrough": {"drawn": domain_list(sub.cards)}}
    draft = state.draft
    if draft is not None:
        return {
            "draft": {
                "kept": domain_list(draft.kept[seat]),
                "packet": domain_list(draft.packets[seat]),
            }
        }
    return {}
