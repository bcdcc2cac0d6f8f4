"""The position of a running game, in the format of :mod:`rules.clash.position.reading`.

Everything is written out (every face-down slot, every deck in order with ``fill_decks``
false), so that ``setup_position`` rebuilds the same state: the same map, players, cards and
course of the round. Only the generator's state and the recent events are not part of a
position. Used by the tests that prove the format reaches every state, and handy for writing
a transcript from a game in progress.

>>> from rules.clash.position.reading import from_position
>>> from rules.clash.model.setup import new_game
>>> state = new_game(["ann", "bob"], {}, 5)
>>> again = from_position(state.players, {}, 0, position_of(state))
>>> again.regions == state.regions and again.seats == state.seats and again.cards == state.cards
True
"""

from __future__ import annotations

from rules.clash.actions import trade_offers
from rules.clash.actions.exploration import LAYOUT_TOKENS
from rules.clash.battles import facts
from rules.clash.board.hexes import label
from rules.clash.box.advances import in_order
from rules.clash.formats.serial import spaces
from rules.clash.model import under_way
from rules.clash.model.state import BARBARIAN_SIDE, STATUS, City, ClashState, Exploring, PlayerState
from rules.clash.position.laying import board_json
from rules.clash.rounds import status_phase
from rules.core import JSON


def _city(state: ClashState, c: City) -> dict[str, JSON]:
    return {
        "hex": label(c.hex),
        "pieces": [
            p.kind if p.owner == c.owner else {"kind": p.kind, "owner": state.players[p.owner]}
            for p in c.pieces
        ],
        "mood": c.mood,
        "port_faces": None if c.port_faces is None else label(c.port_faces),
        "activations": c.activations,
        "activated_angry": c.activated_angry,
        "wonder": c.wonder,
    }


def _seat(state: ClashState, me: PlayerState) -> dict[str, JSON]:
    return {
        "resources": dict(me.resources),
        "mood_tokens": me.mood_tokens,
        "culture_tokens": me.culture_tokens,
        "culture_level": me.culture_level,
        "happiness_level": me.happiness_level,
        "advances": in_order(me.advances),
        "government": me.government,
        "cities": [_city(state, c) for c in me.cities],
        "armies": {label(h): n for h, n in me.armies.items()},
        "settlers": {label(h): n for h, n in me.settlers.items()},
        "ships": [{"id": s.id, "hex": label(s.hex), "cargo": list(s.cargo)} for s in me.ships],
        "actions": list(me.actions),
        "objectives": list(me.objectives),
        "completed": [{"card": c.card, "half": c.half} for c in me.completed],
        "kept_events": list(me.kept_events),
        "event_points": me.event_points,
        "resigned": me.resigned,
    }


def position_of(state: ClashState) -> dict[str, JSON]:
    """The position of a running game (not a finished one: a position is played on)."""
    players = state.players
    cards = state.cards

    def side(s: int) -> str:
        return "barbarians" if s == BARBARIAN_SIDE else players[s]

    pos: dict[str, JSON] = {
        "round": state.round,
        "turn": state.turn,
        "seating": [players[s] for s in state.seating],
        "first": players[state.first],
        "phase": state.phase,
        "active": players[state.active],
        "map": {
            s.id: {
                "tile": state.regions[s.id].tile,
                "explored": state.regions[s.id].explored,
                "turned": state.regions[s.id].turned,
            }
            for s in state.board.hidden
        },
        "exhausted": spaces(state.exhausted),
        "barbarians": {
            "cities": spaces(state.barbarians.cities),
            "armies": {label(h): n for h, n in state.barbarians.armies.items()},
        },
        "seats": {p: _seat(state, me) for p, me in zip(players, state.seats, strict=True)},
        "decks": {k: list(v) for k, v in cards.decks.items()},
        "fill_decks": False,
        "discards": {k: list(v) for k, v in cards.discards.items()},
        "wonders": {
            "revealed": list(cards.revealed),
            "reserved": {w: players[s] for w, s in cards.reserved.items()},
            "lost": list(cards.lost),
        },
        "dice": list(state.dice),
        "prompts": [
            {
                "id": d.id,
                "seat": players[d.seat],
                "kind": d.kind,
                "params": dict(d.params),
                "turn": None if d.turn is None else players[d.turn],
            }
            for d in under_way.without(state.prompts).decisions
        ],
        "resign_order": [players[s] for s in state.resign_order],
        "table_effects": list(state.table_effects),
        "truces": [
            {"player": players[t.maker], "with": players[t.other], "stage": t.stage}
            for t in state.truces
        ],
        "assassinations": [
            {"player": players[a.target], "round": a.round, "done": a.done}
            for a in state.assassinations
        ],
    }
    if state.custom_board is not None:  # a board of its own holds every region (C139)
        del pos["map"]
        pos["board"] = board_json(state, state.custom_board)
    watch = state.objective_watch
    if watch.offers:
        offers: dict[str, list[str]] = {}
        for s, card, half in watch.offers:
            offers.setdefault(players[s], []).append(f"{card.lower()} {half}")
        pos["objective_offers"] = offers
    if state.kept_advances:
        pos["kept_advances"] = {
            players[k.seat]: " ".join(k.answer)
            if k.offered == status_phase.offered(state, k.seat)
            else {"answer": " ".join(k.answer), "offered": list(k.offered)}
            for k in state.kept_advances
        }
    if state.phase == STATUS and state.status is not None:
        pos["status"] = {
            "step": state.status.step,
            "waiting": [players[s] for s in state.status.waiting],
            "order": [players[s] for s in state.status.order],
            "answers": {players[s]: " ".join(t) for s, t in state.status.answers},
            "again": [players[s] for s in state.status.again],
        }
    else:
        ts = state.turn_state
        pos.update(
            actions_left=ts.actions_left,
            turn_used=sorted(ts.used),
            influenced=ts.influenced,
            moving=ts.moving,
            fought=[facts.to_json(f, side) for f in ts.fought],
            objective_turn={
                "builds": watch.builds,
                "drafted": watch.drafted,
                "battles": [{"space": label(h), "won": won} for h, won in watch.battles],
            },
            actions_spent=ts.spent,
            cards_played=list(ts.civil_played),
            card_modifiers=list(ts.card_modifiers),
            events_kept_now=list(ts.kept_now),
            marks=[
                {
                    "place": place if place.startswith("ship") else place.upper(),
                    "kind": kind,
                    "mark": mark,
                    "count": n,
                }
                for place, kind, mark, n in ts.marks
            ],
        )
        if ts.trades.offers or ts.trades.made:
            trades = trade_offers.trades_json(ts.trades, players)
            pos.update(offers=trades["offers"], offers_made=trades["made"])
        if state.exploring is not None:
            pos["exploring"] = exploring_json(state.exploring)
        b = state.battle
        if b is not None:
            start, lost = facts.so_far(state)
            pos["battle"] = {
                "space": label(b.space),
                "at_sea": b.sea,
                "attacker": players[b.attacker],
                "defender": "barbarians" if b.defender < 0 else players[b.defender],
                "origins": [
                    {
                        "place": p.upper() if not p.startswith("ship") else p,
                        "kind": k,
                        "count": n,
                    }
                    for p, k, n in b.origins
                ],
                "round": b.round,
                "city_mood": b.city_mood,
                "siege": list(b.siege),
                "landed": b.landed,
                "defeated": b.defeated,
                "carded": b.carded,
                "deciding": b.deciding,
                "played": [{"player": players[s], "card": c} for s, c in b.played],
                "retreat": None if b.retreat is None else label(b.retreat),
                "siege_food": b.siege_food,
                "asked": list(b.asked),
                "generals": [players[s] for s in b.generals],
                "trojan": b.trojan,
                "eclipse": b.eclipse,
                "start": list(start),
                "lost": list(lost),
            }
    return pos


def exploring_json(e: Exploring) -> dict[str, JSON]:
    """An exploration under way as the position's ``exploring``."""
    return {
        "slot": e.slot,
        "entered": label(e.entered),
        "origin": e.origin if e.origin.startswith("ship") else e.origin.upper(),
        "units": list(e.units),
        "step": e.step,
        "layouts": [LAYOUT_TOKENS[t] for t in e.layouts],
        "spaces": spaces(e.spaces),
        "approach": None if e.approach is None else label(e.approach),
        "navigation": e.navigation,
        "ship_back": e.ship_back,
    }
