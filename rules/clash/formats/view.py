"""What one seat (or a spectator) may see, as plain JSON.

Hidden information (rules reference §9) never enters a view: which region lies face down in a
slot (a face-down slot shows no terrain and no tile, and the tiles left in the box appear
nowhere), the order of every deck (counts only), the dice queue (the future), and the cards in
hand, which only their owner's own view lists (``hand`` and ``private``); the others see how
many action and objective cards a player holds, and of an open trade offer how many cards it
gives: the cards themselves only in the two traders' views (``private["trade_cards"]``).
Discards, completed objectives, kept events, revealed and reserved wonders are public.

``view["map"]`` is what the picture draws::

    {"players": 2,
     "spaces": [{"hex": "C4", "slot": "r3", "terrain": "forest"}, ...],
     "unexplored": ["r1", ...],
     "cities": [{"hex": "D2", "owner": 0, "pieces": [{"kind": "settlement", "owner": 0}],
                 "port_faces": null, "mood": "neutral", "size": 1}],
     "units": [{"hex": "D2", "owner": 0, "kind": "settler", "count": 1},
               {"hex": "E3", "owner": 1, "kind": "ship", "count": 1, "ids": [2],
                "cargo": [{"kind": "army", "count": 1}]},
               {"hex": "E5", "owner": "barbarian", "kind": "army", "count": 2}],
     "barbarian_cities": [{"hex": "E5", "size": 1}],
     "exhausted": ["C5"]}

``spaces`` lists every space of the board in column then row order; ``terrain`` is one of
``fertile forest mountain barren sea``, or null while its slot is unexplored. ``units`` has one
entry per space, owner and kind for land units (those on the space, not aboard), and for ships
one entry per space, owner and cargo: ships carrying the same land units are counted
together, ``cargo`` being what each of them carries (``[]`` when empty) and ``ids`` their
numbers (``ship2`` in actions). Players' units come
first, by seat, then the barbarians'; each by space.
"""

from __future__ import annotations

from collections import Counter
from typing import cast, overload

from rules.clash.actions import trade_offers
from rules.clash.actions.exploration import LAYOUT_TOKENS, placed
from rules.clash.battles.combat_cards import half_of
from rules.clash.board.hexes import Hex, label, offset
from rules.clash.box.advances import in_order
from rules.clash.box.components import ARMY, LAND_UNITS, SHIP
from rules.clash.dispatch.contexts import pending
from rules.clash.formats.serial import spaces
from rules.clash.formats.view_types import (
    ClashActionCards,
    ClashBattle,
    ClashExploring,
    ClashMap,
    ClashOffer,
    ClashOutcome,
    ClashPhase,
    ClashPoints,
    ClashSeat,
    ClashSeatPart,
    ClashSeatView,
    ClashTradeCards,
    ClashUnit,
    ClashUnits,
    ClashView,
)
from rules.clash.model.occupancy import unit_totals
from rules.clash.model.state import ClashState, PlayerState
from rules.clash.model.terrain import terrains, unexplored
from rules.clash.rounds.scoring import breakdown, wonders_of

# ClashView is the engine's view type (rules.clash.engine names it through this module).
__all__ = ["BARBARIAN", "ClashView", "build_view", "map_view", "public_part", "seat_part"]

BARBARIAN = "barbarian"


@overload
def build_view(state: ClashState, seat: None) -> ClashView: ...
@overload
def build_view(state: ClashState, seat: int) -> ClashSeatView: ...
@overload
def build_view(state: ClashState, seat: int | None) -> ClashView: ...


def build_view(state: ClashState, seat: int | None) -> ClashView:
    """The view for ``seat`` (None = spectators and the public table image): the public part,
    the same for everyone, then the seat's own."""
    view = public_part(state)
    view["seat"] = seat
    if seat is None:
        return view
    mine: ClashSeatView = {**view, **seat_part(state, seat)}
    return mine


def public_part(state: ClashState) -> ClashView:
    """What every seat and spectator sees (``seat`` still to be filled in)."""
    status = state.status
    cards = state.cards
    return {
        "game": "clash",
        "players": list(state.players),
        "seat": None,
        "seating": list(state.seating),
        "round": state.round,
        "turn": state.turn,
        "turn_of": state.active if state.phase == "turn" else None,
        "first_player": state.first,
        "actions_left": state.turn_state.actions_left if state.phase == "turn" else None,
        "phase": cast(ClashPhase, state.phase),
        "status": None
        if status is None
        else {
            "step": status.step,
            "waiting": [*status.waiting],
            "answered": sorted(seat for seat, _ in status.answers),
        },
        "turn_used": sorted(state.turn_state.used),
        "influenced": state.turn_state.influenced,
        "moving": state.turn_state.moving,
        "offers": cast(list[ClashOffer], trade_offers.view(state)),
        "exploring": _exploring(state),
        "battle": _battle(state),
        "battle_events": [
            {"kind": e["kind"], "params": dict(e["params"])} for e in state.battle_log
        ],
        "table_effects": list(state.table_effects),
        "action_cards": _action_cards(state),
        "seats": [_seat(state, s) for s in range(state.n)],
        "map": map_view(state),
        "cards": {
            "decks": {k: len(v) for k, v in cards.decks.items()},
            "discards": {k: list(v) for k, v in cards.discards.items()},
            "wonders_revealed": list(cards.revealed),
            "wonders_reserved": dict(cards.reserved),
            "wonders_lost": list(cards.lost),
        },
        "pending": [
            {"seat": p.seat, "kind": p.kind, "params": dict(p.params)} for p in pending(state)
        ],
        "recent": [{"kind": e["kind"], "params": dict(e["params"])} for e in state.recent],
        "outcome": None if state.outcome is None else cast(ClashOutcome, state.outcome.to_json()),
    }


def seat_part(state: ClashState, seat: int) -> ClashSeatPart:
    """What only ``seat`` sees: its hand and its private part."""
    me = state.seats[seat]
    return {
        "hand": sorted(me.actions) + sorted(me.objectives),
        "private": {
            "actions": sorted(me.actions),
            "objectives": sorted(me.objectives),
            # Completions offered now (rules.clash.rounds.objectives): hidden like the hand.
            "objective_offers": [
                {"card": c, "half": h} for s, c, h in state.objective_watch.offers if s == seat
            ],
            # The cards of the trade offers this seat makes or is made (counts are public).
            "trade_cards": cast(list[ClashTradeCards], trade_offers.private_view(state, seat)),
        },
    }


def _action_cards(state: ClashState) -> ClashActionCards:
    """What the civil halves played leave in force (all public,
    :mod:`rules.clash.model.card_turns`): the halves played this turn, the next Collect's card,
    truces and Assassinations."""
    return {
        "played": list(state.turn_state.civil_played),
        "modifiers": list(state.turn_state.card_modifiers),
        "truces": [{"player": t.maker, "with": t.other, "stage": t.stage} for t in state.truces],
        "assassinations": [
            {"player": a.target, "round": a.round, "done": a.done} for a in state.assassinations
        ],
    }


def _seat(state: ClashState, seat: int) -> ClashSeat:
    me = state.seats[seat]
    units = _unit_totals(me)
    return {
        "seat": seat,
        "player": state.players[seat],
        "resources": dict(me.resources),
        "mood_tokens": me.mood_tokens,
        "culture_tokens": me.culture_tokens,
        "culture_level": me.culture_level,
        "happiness_level": me.happiness_level,
        "advances": in_order(me.advances),
        "government": me.government,
        "cities": len(me.cities),
        "units": units,
        "actions": len(me.actions),
        "objectives": len(me.objectives),
        "completed": [{"card": c.card, "half": c.half} for c in me.completed],
        "kept_events": list(me.kept_events),
        "wonders": wonders_of(state, seat),
        "event_points": me.event_points,
        "points": cast(ClashPoints, breakdown(state, seat)),
        "resigned": me.resigned,
    }


def _unit_totals(me: PlayerState) -> ClashUnits:
    return cast(ClashUnits, unit_totals(me))


def map_view(state: ClashState) -> ClashMap:
    """The map as the table shows it (see the module docstring)."""
    b = state.board
    terrain = terrains(state)
    return {
        "players": state.n,
        "spaces": [
            {"hex": label(h), "slot": s.id, "terrain": terrain.get(h)}
            for h in sorted(b.hexes, key=offset)
            if (s := b.slot_at(h)) is not None
        ],
        "unexplored": unexplored(state),
        "cities": [
            {
                "hex": label(c.hex),
                "owner": c.owner,
                "pieces": [{"kind": p.kind, "owner": p.owner} for p in c.pieces],
                "port_faces": None if c.port_faces is None else label(c.port_faces),
                "mood": c.mood,
                "size": c.size,
                "wonder": c.wonder,
            }
            for me in state.seats
            for c in me.cities
        ],
        "units": [u for s in range(state.n) for u in _units(state, s)] + _barbarian_units(state),
        "barbarian_cities": [{"hex": h, "size": 1} for h in spaces(state.barbarians.cities)],
        "exhausted": spaces(state.exhausted),
    }


def _by_space(counts: dict[Hex, int]) -> list[tuple[Hex, int]]:
    return sorted(((h, n) for h, n in counts.items() if n), key=lambda x: offset(x[0]))


def _units(state: ClashState, seat: int) -> list[ClashUnit]:
    me = state.seats[seat]
    out: list[ClashUnit] = []
    for kind in LAND_UNITS:
        counts = me.armies if kind == ARMY else me.settlers
        out += [
            {"hex": label(h), "owner": seat, "kind": kind, "count": n} for h, n in _by_space(counts)
        ]
    ships: dict[tuple[Hex, tuple[str, ...]], list[int]] = {}
    for ship in me.ships:
        ships.setdefault((ship.hex, ship.cargo), []).append(ship.id)
    for (h, cargo), ids in sorted(ships.items(), key=lambda x: (offset(x[0][0]), x[0][1])):
        carried = Counter(cargo)
        out.append(
            {
                "hex": label(h),
                "owner": seat,
                "kind": SHIP,
                "count": len(ids),
                "ids": sorted(ids),
                "cargo": [{"kind": k, "count": carried[k]} for k in LAND_UNITS if carried[k]],
            }
        )
    return out


def _battle(state: ClashState) -> ClashBattle | None:
    """The battle under way (public: both sides stand on its space)."""
    b = state.battle
    if b is None:
        return None
    return {
        "space": label(b.space),
        "at_sea": b.sea,
        "attacker": b.attacker,
        "defender": "barbarian" if b.defender < 0 else b.defender,
        "round": b.round,
        # Played combat cards are face up (p.12); so are a Great General and the Trojan Horse.
        "played": [{"seat": seat, "half": half_of(card)} for seat, card in b.played],
        "generals": list(b.generals),
        "trojan_horse": b.trojan,
        "solar_eclipse": b.eclipse,
    }


def _exploring(state: ClashState) -> ClashExploring | None:
    """The region being placed: where, and the ways it may still lie (public: it is face up)."""
    e = state.exploring
    if e is None:
        return None
    slot = state.board.slot(e.slot)
    return {
        "slot": e.slot,
        "space": label(e.entered),
        "step": e.step,
        "layouts": [
            {
                "token": LAYOUT_TOKENS[t],
                "terrain": {label(h): x for h, x in sorted(placed(state, slot, t).items())},
            }
            for t in e.layouts
        ],
        "spaces": spaces(e.spaces),
    }


def _barbarian_units(state: ClashState) -> list[ClashUnit]:
    return [
        {"hex": label(h), "owner": BARBARIAN, "kind": ARMY, "count": n}
        for h, n in _by_space(state.barbarians.armies)
    ]
