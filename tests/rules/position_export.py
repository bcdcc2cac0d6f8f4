"""Positions written from reachable states (no tests of its own).

``civ_position`` and ``stoneage_position`` describe a state of a real game in the position
format of docs/transcripts.md, listing every card (no ``fill_deck``), so that
``setup_position`` must rebuild the same state: the proof that the format reaches every state
a game can be in. ``comparable`` drops what a position does not fix (the generator, the recent
events, the last finished roll) or fixes only up to order that plays no part (tiles left in the
box, tool tiles of equal value).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rules.civ.data import DOMAINS, ND, card_age, card_domain
from rules.civ.state import CivState
from rules.core import JSON, Game, Rng, act
from rules.selfplay import random_action
from rules.stoneage.data import CARDS, LOCATIONS, RESOURCES
from rules.stoneage.placement import COUNTED
from rules.stoneage.state import StoneAgeState


def _counts(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {DOMAINS[d]: c for d, c in enumerate(counts) if c}


def _mask(mask: int) -> list[str]:
    return [DOMAINS[d] for d in range(ND) if mask >> d & 1]


def civ_position(state: CivState) -> dict[str, JSON]:
    """The position of a running CIV game."""
    players = state.players
    pos: dict[str, JSON] = {
        "start": players[state.start],
        "step": state.step,
        "fill_deck": False,
        "deck": [[card_age(c), DOMAINS[card_domain(c)]] for c in state.deck],
        "removed": [[card_age(c), DOMAINS[card_domain(c)]] for c in state.removed],
        "discard": [DOMAINS[d] for d in state.discard],
        "seats": {
            p: {
                "hand": _counts(s.hand),
                "area": _counts(s.area),
                "facedown_utopia": _counts(s.facedown),
                "embargoed": [DOMAINS[d] for d in s.embargoes],
                "resigned": s.resigned,
            }
            for p, s in zip(players, state.seats, strict=True)
        },
        "resign_order": [players[s] for s in state.resign_order],
    }
    draft = state.draft
    if draft is not None:
        seats = {
            p: {"packet": _counts(draft.packets[i]), "kept": _counts(draft.kept[i])}
            for i, p in enumerate(players)
        }
        pos["draft"] = {
            "round": draft.round,
            "seats": seats,
            "centre": [DOMAINS[d] for d in draft.centre],
        }
        return pos
    turn = state.turn
    assert turn is not None
    pos.update(
        active=players[state.active],
        turn_number=state.turn_number,
        final_round=state.final_round,
        turn={
            "played": turn.played,
            "used_permanent": _mask(turn.used_permanent),
            "used_discard": _mask(turn.used_discard),
            "inspired": turn.inspired,
            "copied_limit": turn.copied_limit or None,
        },
        coin=None
        if state.coin is None
        else {
            "holder": players[state.coin.holder],
            "target": players[state.coin.target],
            "domain": DOMAINS[state.coin.domain],
            "level": state.coin.level,
        },
    )
    sub = state.sub
    if sub is not None and sub.kind == "inquisition_return":
        assert sub.target is not None
        pos["inquisition"] = {"target": players[sub.target], "taken": _counts(sub.cards)}
    elif sub is not None:
        pos["breakthrough"] = {"drawn": _counts(sub.cards)}
    return pos


def _placed(state: StoneAgeState, seat: int) -> list[str]:
    out = []
    for loc, row in enumerate(state.at):
        if row[seat]:
            out.append(f"{LOCATIONS[loc]} {row[seat]}" if loc in COUNTED else LOCATIONS[loc])
    out += [f"card {i + 1}" for i, s in enumerate(state.card_spot) if s == seat]
    out += [f"building {i + 1}" for i, s in enumerate(state.building_spot) if s == seat]
    return out


def stoneage_position(state: StoneAgeState) -> dict[str, JSON]:
    """The position of a running Stone Age game."""
    players = state.players
    seats: dict[str, JSON] = {}
    for i, s in enumerate(state.seats):
        seats[players[i]] = {
            "people": s.people,
            "food": s.food,
            "agriculture": s.agriculture,
            "resources": dict(zip(RESOURCES, s.resources, strict=True)),
            "tools": s.tools[:],
            "used_tools": [v for v, u in zip(s.tools, s.used, strict=True) if u],
            "one_use_tools": s.one_use[:],
            "cards": s.cards[:],
            "buildings": s.buildings[:],
            "points": {
                "buildings": s.building_points,
                "cards": s.card_points,
                "penalties": s.penalties,
            },
            "medicine": s.medicine,
            "placed": _placed(state, i),
            "resigned": s.resigned,
        }
        if state.phase == "feed":
            seats[players[i]]["short"] = state.hungry[i]
    pos: dict[str, JSON] = {
        "round": state.round,
        "first": players[state.first],
        "phase": state.phase,
        "seats": seats,
        "display": state.display[:],
        "deck": list(state.deck),
        "fill_deck": False,
        "buildings": [list(s) for s in state.stacks],
        "fill_buildings": False,
        "resign_order": [players[s] for s in state.resign_order],
    }
    if state.phase != "feed":
        pos["active"] = players[state.active]
    roll = state.roll
    if state.sub == "tools":
        assert roll is not None
        pos["roll"] = {"where": roll.where, "dice": list(roll.dice)}
        if roll.card is not None:
            pos["roll"]["card"] = roll.card
    elif state.sub in ("pay_card", "pay_building"):
        assert state.purchase is not None
        pos["paying"] = f"{state.purchase.what} {state.purchase.index + 1}"
    elif state.sub == "pick":
        dfa = state.dfa
        assert dfa is not None
        pos["dice_for_all"] = {
            "card": dfa.card,
            "faces": list(dfa.faces),
            "picks": [{"player": players[s], "face": f} for s, f in dfa.picks],
        }
    assert all(c in CARDS for c in state.deck)
    return pos


def comparable(game: Game[Any], state: Any) -> dict[str, JSON]:
    """The snapshot without what a position does not fix."""
    data = game.to_json(state)
    del data["rng"], data["recent"]
    if data["game"] == "stoneage":
        if data["roll"] is not None and data["roll"]["gained"] is not None:
            data["roll"] = None
        data["removed"] = sorted(data["removed"])
        for seat in data["seats"]:
            seat["tools"] = sorted(zip(seat.pop("tools"), seat.pop("used"), strict=True))
    return data


def random_states(
    game: Game[Any], seed: int, players: int, options: dict[str, JSON]
) -> Iterator[Any]:
    """Every state of one random game (uniform choices, now and then a resignation)."""
    rng = Rng(seed)
    state = game.setup([f"p{i}" for i in range(players)], options, seed)
    while game.outcome(state) is None:
        yield state
        live = [i for i, s in enumerate(state.seats) if not s.resigned]
        if rng.randrange(60) == 0:
            state, _ = game.resign(state, live[rng.randrange(len(live))])
            continue
        prompts = game.pending(state)
        seat = prompts[rng.randrange(len(prompts))].seat
        state, _ = act(game, state, seat, random_action(game, state, seat, rng))


Exporter = Callable[[Any], dict[str, JSON]]
