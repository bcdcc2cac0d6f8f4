"""How an event card's effect runs in steps (:mod:`rules.clash.events.resolving`), and what its
steps share: lowering a mood (with Myths), losing and gaining, city pieces lost for Event points.

An effect is a chain of steps, any of which may wait for a player. A step that has more to do
after a choice pushes that rest as a **follow-up** first (a decision of kind
``event_follow_up``, never asked: the engine carries it out as soon as it is on top of the
stack), then the choice on top of it; :func:`rules.clash.events.resolving.resume` runs follow-ups
whenever the dispatcher has answered a decision. So "every player" effects push one follow-up
per player, the last player's first, and the drawer's Advance (or status free advance)
resumes in the same way once the event is over (C12).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import replace
from typing import Final

from rules.clash.board.hexes import Hex, label
from rules.clash.box.components import ANGRY, ARMY, SETTLEMENT, SETTLER
from rules.clash.model import under_way
from rules.clash.model.moods import lowered
from rules.clash.model.order import turn_order
from rules.clash.model.state import TURN, City, ClashState
from rules.clash.model.terrain import terrains
from rules.clash.model.transfer import remove_land
from rules.core import JSON, Decision, Event, PromptStack

FOLLOW_UP: Final = under_way.FOLLOW_UP
MYTHS_DECISION: Final = "event_myths"
MYTHS: Final = "myths"
#: Points an event gives per city piece it removes (E09-E11).
PIECE_POINTS = 2.0


def depth(state: ClashState) -> int:
    return len(state.prompts.decisions)


def _id(state: ClashState, kind: str, seat: int, params: dict[str, JSON]) -> str:
    """A decision id naming the turn, the seat and what is asked (unique in the stack)."""
    digest = zlib.crc32(json.dumps(params, sort_keys=True).encode()) % 100000
    base = f"{kind}:{state.round}.{state.turn}.{state.active}.{seat}.{depth(state)}.{digest}"
    taken = {d.id for d in state.prompts.decisions}
    pid, k = base, 1
    while pid in taken:
        k += 1
        pid = f"{base}.{k}"
    return pid


def _decision(state: ClashState, seat: int, kind: str, params: dict[str, JSON]) -> Decision:
    turn = state.active if state.phase == TURN else None
    return Decision(_id(state, kind, seat, params), seat, kind, params, turn)


def ask(state: ClashState, seat: int, kind: str, params: dict[str, JSON]) -> list[Event]:
    """Push a decision of ``kind`` for ``seat`` (asked before anything below it)."""
    state.prompts = state.prompts.push(_decision(state, seat, kind, params))
    return []


def later(state: ClashState, seat: int, step: str, **params: JSON) -> None:
    """Push a follow-up: ``step`` for ``seat`` runs once everything above it is answered."""
    ask(state, seat, FOLLOW_UP, {"step": step, **params})


def defer(state: ClashState, at: int, seat: int, step: str, **params: JSON) -> None:
    """Slip a follow-up in at ``at`` (below what was pushed since): what an effect does once
    the decisions its event left are answered."""
    decision = _decision(state, seat, FOLLOW_UP, {"step": step, **params})
    stack = state.prompts.decisions
    state.prompts = PromptStack((*stack[:at], decision, *stack[at:]))


def each_player(state: ClashState, step: str, **params: JSON) -> None:
    """``step`` for every player still in the game, in turn order from the first player
    (p.13): pushed last player first, so the first player's is on top."""
    for seat in reversed(turn_order(state)):
        later(state, seat, step, **params)


# -- moods --------------------------------------------------------------------------------


def lowerable(state: ClashState, seat: int, among: list[str] | None = None) -> list[City]:
    """The cities of ``seat`` whose mood can go one step down (not angry), in board order."""
    cities = [c for c in state.seats[seat].cities if c.mood != ANGRY]
    if among is not None:
        cities = [c for c in cities if label(c.hex) in among]
    return sorted(cities, key=lambda c: (c.hex.q, c.hex.r))


def lower(state: ClashState, seat: int, h: Hex, card: str) -> list[Event]:
    """The event lowers the mood of the city on ``h`` one step; with Myths and a mood token
    its owner may pay the token instead (p.2), asked (``event_myths``)."""
    me = state.seats[seat]
    city = me.city_at(h)
    if city is None or city.mood == ANGRY:
        return []
    if MYTHS in me.advances and me.mood_tokens and not me.resigned:
        return ask(state, seat, MYTHS_DECISION, {"card": card, "space": label(h)})
    return lower_now(state, seat, h)


def lower_now(state: ClashState, seat: int, h: Hex) -> list[Event]:
    me = state.seats[seat]
    city = me.city_at(h)
    assert city is not None
    me.cities = [lowered(c) if c.hex == h else c for c in me.cities]
    mood = lowered(city).mood
    params = {"player": state.players[seat], "space": label(h), "mood": mood}
    return [Event("clash.event_mood_lowered", params)]


# -- gains and losses ---------------------------------------------------------------------


def item_event(state: ClashState, seat: int, kind: str, item: str, count: int) -> Event:
    """``clash.event_gained`` / ``clash.event_lost``: ``count`` of a resource or token."""
    return Event(kind, {"player": state.players[seat], "item": item, "count": count})


def points(state: ClashState, seat: int, n: float) -> list[Event]:
    """Event points for ``seat`` (halves allowed, p.4)."""
    if not n:
        return []
    state.seats[seat].event_points += n
    return [Event("clash.event_points", {"player": state.players[seat], "points": n})]


def near(state: ClashState, seat: int, terrain: str) -> list[str]:
    """The spaces of ``seat``'s cities standing on or next to a space of ``terrain``."""
    t = terrains(state)
    out = []
    for c in state.seats[seat].cities:
        if any(t.get(h) == terrain for h in (c.hex, *c.hex.neighbours())):
            out.append(label(c.hex))
    return out


def remove_pieces(state: ClashState, seat: int, h: Hex, kinds: list[str]) -> list[Event]:
    """The pieces of ``kinds`` leave the city on ``h`` (2 Event points each to the player of
    the piece's colour); without its Settlement the city is destroyed with the units on its
    space, and its wonder is lost (p.14)."""
    me = state.seats[seat]
    city = me.city_at(h)
    assert city is not None
    gone = [p for p in city.pieces if p.kind in kinds]
    events = [
        Event(
            "clash.event_pieces_lost",
            {"player": state.players[seat], "space": label(h), "pieces": [p.kind for p in gone]},
        )
    ]
    for p in gone:
        events += points(state, p.owner, PIECE_POINTS)
    if SETTLEMENT not in kinds:
        faces = None if any(p.kind == "port" for p in gone) else city.port_faces
        kept = tuple(p for p in city.pieces if p.kind not in kinds)
        me.cities = [
            replace(c, pieces=kept, port_faces=faces) if c.hex == h else c for c in me.cities
        ]
        return events
    me.cities = [c for c in me.cities if c.hex != h]
    for kind in (ARMY, SETTLER):
        n = (me.armies if kind == ARMY else me.settlers).get(h, 0)
        if n:
            remove_land(state, seat, h, kind, n)
    events.append(
        Event("clash.event_city_destroyed", {"player": state.players[seat], "space": label(h)})
    )
    if city.wonder is not None:
        state.cards = replace(state.cards, lost=(*state.cards.lost, city.wonder))
        events.append(Event("clash.wonder_lost", {"wonder": city.wonder}))
    return events
