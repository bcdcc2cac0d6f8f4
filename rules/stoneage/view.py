"""What one seat (or a spectator) may see: the "Stone Age view" of docs/architecture.md.

Hidden information - the deck order, the building tiles below each stack's top, the stacks left
in the box, and (unless the ``open_cards`` option is on) which civilization cards a player owns -
only ever enters the ``hand`` and ``private`` fields, and only for the seat that owns it.
"""

from __future__ import annotations

from typing import cast, overload

from rules.stoneage.data import (
    CARDS,
    LOCATIONS,
    NR,
    RESOURCES,
    VILLAGE,
    tile_json,
)
from rules.stoneage.logic import at_home, multipliers, placed, symbols, village_blocked
from rules.stoneage.prompts import pending
from rules.stoneage.state import StoneAgeState
from rules.stoneage.views import (
    StoneAgeBuilding,
    StoneAgeCard,
    StoneAgeDiceForAll,
    StoneAgeDisplaySpace,
    StoneAgeOptions,
    StoneAgeOutcome,
    StoneAgePhase,
    StoneAgeRoll,
    StoneAgeSeat,
    StoneAgeSeatView,
    StoneAgeStack,
    StoneAgeView,
)


@overload
def build_view(state: StoneAgeState, seat: None) -> StoneAgeView: ...
@overload
def build_view(state: StoneAgeState, seat: int) -> StoneAgeSeatView: ...
@overload
def build_view(state: StoneAgeState, seat: int | None) -> StoneAgeView: ...


def build_view(state: StoneAgeState, seat: int | None) -> StoneAgeView:
    """The view for ``seat`` (None = spectators and the public table image)."""
    view: StoneAgeView = {
        "game": "stoneage",
        "players": list(state.players),
        "seat": seat,
        "options": cast(StoneAgeOptions, state.options.to_json()),
        "round": state.round,
        "phase": cast(StoneAgePhase, state.phase),
        "first_player": state.first,
        "active": None if state.phase in ("feed", "over") else state.active,
        "locations": {LOCATIONS[loc]: state.at[loc][:] for loc in range(len(LOCATIONS))},
        "usable": {LOCATIONS[loc]: not village_blocked(state, loc) for loc in VILLAGE},
        "display": [_display_space(state, i) for i in range(len(state.display))],
        "deck": len(state.deck),
        "buildings": [_stack(state, i) for i in range(len(state.stacks))],
        "seats": [_seat_view(state, s) for s in range(state.n)],
        "dice": _roll(state),
        "dice_for_all": _dice_for_all(state),
        "pending": [
            {"seat": p.seat, "kind": p.kind, "params": dict(p.params)} for p in pending(state)
        ],
        "recent": [{"kind": e["kind"], "params": dict(e["params"])} for e in state.recent],
        "outcome": None
        if state.outcome is None
        else cast(StoneAgeOutcome, state.outcome.to_json()),
    }
    if seat is None:
        return view
    me = state.seats[seat]
    mine: StoneAgeSeatView = {
        **view,
        "hand": sorted(me.cards),
        "private": {"multipliers": multipliers(me), "symbols": symbols(me)},
    }
    return mine


def _display_space(state: StoneAgeState, index: int) -> StoneAgeDisplaySpace:
    card = state.display[index]
    spot = state.card_spot[index]
    return {
        "position": index + 1,
        "cost": index + 1,
        "card": None if card is None else cast(StoneAgeCard, CARDS[card].to_json()),
        "person": None if spot < 0 else spot,
    }


def _stack(state: StoneAgeState, index: int) -> StoneAgeStack:
    stack = state.stacks[index]
    spot = state.building_spot[index]
    return {
        "stack": index + 1,
        "size": len(stack),
        "top": cast(StoneAgeBuilding, tile_json(stack[0])) if stack else None,
        "person": None if spot < 0 else spot,
    }


def _seat_view(state: StoneAgeState, seat: int) -> StoneAgeSeat:
    me = state.seats[seat]
    open_cards = state.options.open_cards
    return {
        "seat": seat,
        "player": state.players[seat],
        "people": {
            "total": me.people,
            "home": at_home(state, seat),
            "placed": placed(state, seat),
        },
        "food": me.food,
        "agriculture": me.agriculture,
        "resources": {RESOURCES[r]: me.resources[r] for r in range(NR)},
        "tools": [{"value": v, "used": u} for v, u in zip(me.tools, me.used, strict=True)],
        "one_use_tools": [{"card": cid, "value": CARDS[cid].effect.amount} for cid in me.one_use],
        "score": me.score,
        "cards": len(me.cards),
        "card_ids": sorted(me.cards) if open_cards else None,
        "multipliers": multipliers(me) if open_cards else None,
        "symbols": symbols(me) if open_cards else None,
        "buildings": me.buildings[:],
        "medicine": me.medicine,
        "resigned": me.resigned,
    }


def _roll(state: StoneAgeState) -> StoneAgeRoll | None:
    roll = state.roll
    if roll is None:
        return None
    waiting = roll.gained is None
    return {
        "seat": roll.seat,
        "where": roll.where,
        "card": roll.card,
        "resource": "food" if roll.resource is None else RESOURCES[roll.resource],
        "dice": list(roll.dice),
        "sum": sum(roll.dice),
        "tools": list(roll.tools),
        "one_use": list(roll.one_use),
        "total": roll.total,
        "gained": roll.gained,
        "waiting": waiting,
    }


def _dice_for_all(state: StoneAgeState) -> StoneAgeDiceForAll | None:
    dfa = state.dfa
    if dfa is None:
        return None
    return {
        "buyer": dfa.buyer,
        "card": dfa.card,
        "faces": list(dfa.faces),
        "picker": dfa.order[0] if dfa.order else None,
        "order": list(dfa.order),
        "picks": [{"seat": s, "face": f} for s, f in dfa.picks],
    }
