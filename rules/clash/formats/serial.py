"""Snapshots: the whole state as plain JSON and back (``version`` 1).

Spaces are written as their names (``C4``); sets in a stable order (advances in board order,
spaces in column then row order, abilities alphabetically), so a snapshot written twice is the
same text. Everything is in it, hidden parts included: it is for the store only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.clash.actions.trade_offers import read_trades, trades_json
from rules.clash.battles import facts
from rules.clash.board.hexes import Hex, label, offset, parse_hex
from rules.clash.box.advances import in_order
from rules.clash.model import under_way
from rules.clash.model.state import (
    Assassination,
    Barbarians,
    Battle,
    CardState,
    City,
    ClashState,
    Completed,
    Exploring,
    Piece,
    PlayerState,
    Region,
    Ship,
    StatusState,
    Truce,
    TurnState,
)
from rules.clash.rounds import objectives, status_phase
from rules.core import JSON, PromptStack, Rng
from rules.engine import outcome_from_json, outcome_to_json

VERSION = 1


def spaces(hexes: Iterable[Hex]) -> list[str]:
    """Space names in column then row order."""
    return [label(h) for h in sorted(hexes, key=offset)]


def _counts(counts: Mapping[Hex, int]) -> dict[str, int]:
    return {label(h): n for h, n in counts.items()}


def _read_counts(data: Mapping[str, JSON]) -> dict[Hex, int]:
    return {parse_hex(k): int(v) for k, v in data.items()}


def _hex(h: Hex | None) -> str | None:
    return None if h is None else label(h)


def _read_hex(text: JSON) -> Hex | None:
    return None if text is None else parse_hex(str(text))


def city_json(c: City) -> dict[str, JSON]:
    return {
        "hex": label(c.hex),
        "owner": c.owner,
        "pieces": [{"kind": p.kind, "owner": p.owner} for p in c.pieces],
        "mood": c.mood,
        "port_faces": _hex(c.port_faces),
        "activations": c.activations,
        "activated_angry": c.activated_angry,
        "wonder": c.wonder,
    }


def _city(d: Mapping[str, JSON]) -> City:
    return City(
        parse_hex(d["hex"]),
        int(d["owner"]),
        tuple(Piece(str(p["kind"]), int(p["owner"])) for p in d["pieces"]),
        str(d["mood"]),
        _read_hex(d["port_faces"]),
        int(d["activations"]),
        bool(d["activated_angry"]),
        d["wonder"],
    )


def _player(p: PlayerState) -> dict[str, JSON]:
    return {
        "resources": dict(p.resources),
        "advances": in_order(p.advances),
        "cities": [city_json(c) for c in p.cities],
        "armies": _counts(p.armies),
        "settlers": _counts(p.settlers),
        "ships": [{"id": s.id, "hex": label(s.hex), "cargo": list(s.cargo)} for s in p.ships],
        "mood_tokens": p.mood_tokens,
        "culture_tokens": p.culture_tokens,
        "culture_level": p.culture_level,
        "happiness_level": p.happiness_level,
        "actions": list(p.actions),
        "objectives": list(p.objectives),
        "completed": [{"card": c.card, "half": c.half} for c in p.completed],
        "kept_events": list(p.kept_events),
        "event_points": p.event_points,
        "resigned": p.resigned,
    }


def _read_player(d: Mapping[str, JSON]) -> PlayerState:
    return PlayerState(
        resources={str(k): int(v) for k, v in d["resources"].items()},
        advances=frozenset(d["advances"]),
        cities=[_city(c) for c in d["cities"]],
        armies=_read_counts(d["armies"]),
        settlers=_read_counts(d["settlers"]),
        ships=[Ship(int(s["id"]), parse_hex(s["hex"]), tuple(s["cargo"])) for s in d["ships"]],
        mood_tokens=int(d["mood_tokens"]),
        culture_tokens=int(d["culture_tokens"]),
        culture_level=int(d["culture_level"]),
        happiness_level=int(d["happiness_level"]),
        actions=tuple(d["actions"]),
        objectives=tuple(d["objectives"]),
        completed=tuple(Completed(str(c["card"]), str(c["half"])) for c in d["completed"]),
        kept_events=tuple(d["kept_events"]),
        event_points=float(d["event_points"]),
        resigned=bool(d["resigned"]),
    )


def _cards(c: CardState) -> dict[str, JSON]:
    return {
        "decks": {k: list(v) for k, v in c.decks.items()},
        "discards": {k: list(v) for k, v in c.discards.items()},
        "revealed": list(c.revealed),
        "reserved": dict(c.reserved),
        "lost": list(c.lost),
    }


def _read_cards(d: Mapping[str, JSON]) -> CardState:
    return CardState(
        decks={str(k): tuple(v) for k, v in d["decks"].items()},
        discards={str(k): tuple(v) for k, v in d["discards"].items()},
        revealed=tuple(d["revealed"]),
        reserved={str(k): int(v) for k, v in d["reserved"].items()},
        lost=tuple(d["lost"]),
    )


def _exploring(e: Exploring | None) -> JSON:
    if e is None:
        return None
    return {
        "slot": e.slot,
        "entered": label(e.entered),
        "origin": e.origin,
        "units": list(e.units),
        "step": e.step,
        "layouts": list(e.layouts),
        "spaces": spaces(e.spaces),
        "approach": _hex(e.approach),
        "navigation": e.navigation,
        "ship_back": e.ship_back,
    }


def _read_exploring(d: JSON) -> Exploring | None:
    if d is None:
        return None
    return Exploring(
        slot=str(d["slot"]),
        entered=parse_hex(d["entered"]),
        origin=str(d["origin"]),
        units=tuple(str(u) for u in d["units"]),
        step=str(d["step"]),
        layouts=tuple(bool(t) for t in d["layouts"]),
        spaces=tuple(parse_hex(h) for h in d["spaces"]),
        approach=_read_hex(d["approach"]),
        navigation=bool(d["navigation"]),
        ship_back=bool(d["ship_back"]),
    )


def _battle(b: Battle | None) -> JSON:
    if b is None:
        return None
    return {
        "space": label(b.space),
        "sea": b.sea,
        "attacker": b.attacker,
        "defender": b.defender,
        "origins": [list(o) for o in b.origins],
        "round": b.round,
        "city_mood": b.city_mood,
        "siege": list(b.siege),
        "landed": b.landed,
        "defeated": b.defeated,
        "carded": b.carded,
        "deciding": b.deciding,
        "played": [list(x) for x in b.played],
        "retreat": None if b.retreat is None else label(b.retreat),
        "siege_food": b.siege_food,
        "asked": list(b.asked),
        "generals": list(b.generals),
        "trojan": b.trojan,
        "eclipse": b.eclipse,
    }


def _read_battle(d: JSON) -> Battle | None:
    if d is None:
        return None
    return Battle(
        space=parse_hex(d["space"]),
        sea=bool(d["sea"]),
        attacker=int(d["attacker"]),
        defender=int(d["defender"]),
        origins=tuple((str(p), str(k), int(n)) for p, k, n in d["origins"]),
        round=int(d["round"]),
        city_mood=None if d["city_mood"] is None else str(d["city_mood"]),
        siege=tuple(str(x) for x in d["siege"]),
        landed=bool(d["landed"]),
        defeated=int(d["defeated"]),
        carded=int(d["carded"]),
        deciding=int(d["deciding"]),
        played=tuple((int(side), str(card)) for side, card in d["played"]),
        retreat=None if d.get("retreat") is None else parse_hex(d["retreat"]),
        siege_food=str(d.get("siege_food", "")),
        asked=tuple(str(x) for x in d.get("asked", ())),
        generals=tuple(int(x) for x in d.get("generals", ())),
        trojan=bool(d.get("trojan", False)),
        eclipse=bool(d.get("eclipse", False)),
    )


def to_json(state: ClashState) -> dict[str, JSON]:
    """The snapshot's fields after ``version`` and ``game`` (see :class:`rules.engine.Engine`)."""
    ts, status = state.turn_state, state.status
    return {
        "players": list(state.players),
        "rng": state.rng.state,
        "seating": list(state.seating),
        "regions": {
            k: {"tile": r.tile, "explored": r.explored, "turned": r.turned}
            for k, r in state.regions.items()
        },
        "seats": [_player(p) for p in state.seats],
        "cards": _cards(state.cards),
        "first": state.first,
        "active": state.active,
        "round": state.round,
        "turn": state.turn,
        "phase": state.phase,
        "turn_state": {
            "actions_left": ts.actions_left,
            "used": sorted(ts.used),
            "influenced": ts.influenced,
            "marks": [list(m) for m in ts.marks],
            "moving": ts.moving,
            "fought": [facts.to_json(f, int) for f in ts.fought],
            "spent": ts.spent,
            "civil_played": list(ts.civil_played),
            "card_modifiers": list(ts.card_modifiers),
            "trades": trades_json(ts.trades),
            "kept_now": list(ts.kept_now),
        },
        "exploring": _exploring(state.exploring),
        "battle": _battle(state.battle),
        "status": None
        if status is None
        else {
            "step": status.step,
            "waiting": list(status.waiting),
            "order": list(status.order),
            "answers": [[seat, list(toks)] for seat, toks in status.answers],
            "again": list(status.again),
            "ahead": [[seat, list(toks)] for seat, toks in status.ahead],
        },
        "exhausted": spaces(state.exhausted),
        "barbarians": {
            "cities": spaces(state.barbarians.cities),
            "armies": _counts(state.barbarians.armies),
        },
        "table_effects": list(state.table_effects),
        "objective_watch": objectives.watch_to_json(state.objective_watch),
        "truces": [[t.maker, t.other, t.stage] for t in state.truces],
        "assassinations": [[a.target, a.round, a.done] for a in state.assassinations],
        "prompts": state.prompts.to_json(),
        "dice": list(state.dice),
        "recent": [{"kind": e["kind"], "params": dict(e["params"])} for e in state.recent],
        "battle_log": [{"kind": e["kind"], "params": dict(e["params"])} for e in state.battle_log],
        "outcome": outcome_to_json(state.outcome),
        "resign_order": list(state.resign_order),
    }


def from_json(data: Mapping[str, JSON]) -> ClashState:
    """Rebuild a state from a snapshot (its version checked by ``Engine.from_json``)."""
    ts, status, barbarians = data["turn_state"], data["status"], data["barbarians"]
    state = ClashState(
        players=tuple(data["players"]),
        rng=Rng(int(data["rng"])),
        seating=tuple(int(s) for s in data["seating"]),
        regions={
            str(k): Region(str(r["tile"]), bool(r["explored"]), bool(r["turned"]))
            for k, r in data["regions"].items()
        },
        seats=[_read_player(p) for p in data["seats"]],
        cards=_read_cards(data["cards"]),
        first=int(data["first"]),
        active=int(data["active"]),
        round=int(data["round"]),
        turn=int(data["turn"]),
        phase=str(data["phase"]),
        turn_state=TurnState(
            int(ts["actions_left"]),
            frozenset(ts["used"]),
            bool(ts["influenced"]),
            tuple((str(p), str(k), str(m), int(n)) for p, k, m, n in ts["marks"]),
            int(ts["moving"]),
            tuple(facts.from_json(f, int) for f in ts["fought"]),
            int(ts["spent"]),
            tuple(str(c) for c in ts["civil_played"]),
            tuple(str(c) for c in ts["card_modifiers"]),
            read_trades(ts.get("trades") or {"offers": [], "made": []}),
            tuple(str(c) for c in ts.get("kept_now", [])),
        ),
        exploring=_read_exploring(data["exploring"]),
        battle=_read_battle(data["battle"]),
        status=None
        if status is None
        else StatusState(
            int(status["step"]),
            tuple(int(s) for s in status["waiting"]),
            # Written before the steps were asked all at once: those waiting, in order.
            tuple(int(s) for s in status.get("order", status["waiting"])),
            tuple((int(s), tuple(t)) for s, t in status.get("answers", [])),
            tuple(int(s) for s in status.get("again", [])),
            tuple((int(s), tuple(t)) for s, t in status.get("ahead", [])),
        ),
        exhausted=frozenset(parse_hex(h) for h in data["exhausted"]),
        barbarians=Barbarians(
            frozenset(parse_hex(h) for h in barbarians["cities"]),
            _read_counts(barbarians["armies"]),
        ),
        table_effects=tuple(str(e) for e in data["table_effects"]),
        objective_watch=objectives.watch_from_json(data.get("objective_watch")),
        truces=tuple(Truce(int(m), int(o), str(s)) for m, o, s in data["truces"]),
        assassinations=tuple(
            Assassination(int(t), int(r), bool(d)) for t, r, d in data["assassinations"]
        ),
        prompts=PromptStack.from_json(data["prompts"]),
        dice=tuple(int(d) for d in data["dice"]),
        recent=tuple({"kind": e["kind"], "params": dict(e["params"])} for e in data["recent"]),
        battle_log=tuple(
            {"kind": e["kind"], "params": dict(e["params"])} for e in data["battle_log"]
        ),
        outcome=outcome_from_json(data["outcome"]),
        resign_order=tuple(int(s) for s in data["resign_order"]),
    )
    if status is not None and "order" not in status:
        # Written when a status step asked one seat after another: all of them are asked.
        state.status = status_phase.asked_at_once(state)
    if not any(under_way.under_way(d) for d in state.prompts.decisions):
        # Written before a Move action and an exploration waited on the stack.
        state.prompts = under_way.beneath(state, state.prompts)
    return state
