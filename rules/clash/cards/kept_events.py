"""Kept event cards (docs/clash-cards.md §4.1, E33-E38): face up in front of their owner, who
discards one in a later turn of theirs to use it, without spending an action (C85):

    event e33 <advance> [<government advance>...]   Brilliant Scientist: a free advance, by
                                            every rule of gaining one (it can draw an event)
    event e34 culture | event e34 <city>    Great Artist: 2 culture tokens, or the city happy
    event e35 <city> mood|culture           Great Prophet: a Temple there without resources
                                            and without activating it (Myths, the size rules)
    event e37 <city> <piece> [<sea space>] [mood|culture]
                                            Great Engineer: Increase City Size there without
                                            resources and without activating it
    event e37 wonder                        or: the turn's next wonder costs 3 resources
                                            fewer (:mod:`rules.clash.wonders.construction`, C86);
                                            offered only while some wonder could be built so now
    event e38 <space>                       Great Explorer: the face-down region of that
                                            space, next to a region holding a city or unit of
                                            yours, is turned face up and placed as if a land
                                            unit had entered it there (the explorer's choices
                                            and the barbarian symbol as in a move, p.16-18);
                                            then 1 Idea (C87)

A used card goes to the event discard pile. Great General (E36) is used when a battle
begins (the combat engine's).
Refusals: ``not_a_kept_event`` (``token``, ``allowed``), ``not_an_event_use`` (``token``,
``allowed``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from rules.clash.actions import advance_gains, exploration
from rules.clash.actions.growth import ACADEMY_IDEAS, GROW_PIECES, NEEDS
from rules.clash.board.hexes import Hex, label, token
from rules.clash.board.tiles import SEA
from rules.clash.box.components import (
    ACADEMY,
    ANGRY,
    HAPPY,
    IDEAS,
    MAX_CITY_SIZE,
    PIECES_PER_KIND,
    PORT,
    TEMPLE,
)
from rules.clash.events.flow import item_event
from rules.clash.model import decks
from rules.clash.model.registry import TurnAction
from rules.clash.model.resources import CULTURE, MOOD, gain, gain_tokens
from rules.clash.model.state import TURN, City, ClashState, Piece, piece_order, pieces_in_use
from rules.clash.model.terrain import terrains
from rules.clash.rounds import status_phase
from rules.clash.wonders import construction
from rules.core import Choice, Event, IllegalAction

EVENT: Final = "event"
SCIENTIST, ARTIST, PROPHET, EXPLORER = "E33", "E34", "E35", "E38"
ENGINEER: Final = construction.ENGINEER
#: The kept cards this action uses.
USABLE: tuple[str, ...] = (SCIENTIST, ARTIST, PROPHET, ENGINEER, EXPLORER)
ARTIST_CULTURE = 2
EXPLORER_IDEAS = 1
#: Great Engineer's other use: the turn's next wonder costs 3 resources fewer (C86).
FOR_A_WONDER: Final = "wonder"


def explorer_spaces(state: ClashState, seat: int) -> dict[Hex, Hex]:
    """Great Explorer's spaces: each space of a face-down region next to a space of an
    explored region holding a city or unit of ``seat``, with that neighbouring space."""
    me = state.seats[seat]
    mine = {c.hex for c in me.cities} | set(me.armies) | set(me.settlers)
    mine |= {s.hex for s in me.ships}
    slot_of = {h: s for s in state.board.slots for h in s.hexes}
    homes = {slot_of[h].id for h in mine if h in slot_of}
    out: dict[Hex, Hex] = {}
    for slot in state.board.slots:
        if slot.id not in homes or not state.regions[slot.id].explored:
            continue
        for h in sorted(slot.hexes, key=lambda x: (x.q, x.r)):
            for n in h.neighbours():
                other = slot_of.get(n)
                if other is not None and not state.regions[other.id].explored:
                    out.setdefault(n, h)
    return dict(sorted(out.items(), key=lambda kv: (kv[0].q, kv[0].r)))


def _cities(state: ClashState, seat: int) -> list[City]:
    return sorted(state.seats[seat].cities, key=lambda c: (c.hex.q, c.hex.r))


def _seas(state: ClashState, city: City) -> list[Hex]:
    terrain = terrains(state)
    return sorted(h for h in city.hex.neighbours() if terrain.get(h) == SEA)


def grow_pieces(state: ClashState, seat: int, city: City) -> list[str]:
    """The pieces ``city`` may take by Increase City Size's rules, paying nothing (p.6, p.8):
    not angry, a piece it lacks with its advance, the size limits, one left in the supply."""
    me = state.seats[seat]
    if city.mood == ANGRY or city.size + 1 > min(len(me.cities), MAX_CITY_SIZE):
        return []
    return [
        p
        for p in GROW_PIECES
        if city.piece(p) is None
        and NEEDS[p] in me.advances
        and pieces_in_use(state, seat, p) < PIECES_PER_KIND
        and (p != PORT or _seas(state, city))
    ]


def _grow_answers(state: ClashState, seat: int, pieces: tuple[str, ...]) -> list[list[str]]:
    out: list[list[str]] = []
    for city in _cities(state, seat):
        for piece in grow_pieces(state, seat, city):
            if piece not in pieces:
                continue
            tail = [[]] if piece != TEMPLE else [[MOOD], [CULTURE]]
            if piece == PORT:
                seas = _seas(state, city)
                tail = [[token(h)] for h in seas] if len(seas) > 1 else [[]]
            out += [[token(city.hex), *(piece,) * (len(pieces) > 1), *t] for t in tail]
    return out


def answers(state: ClashState, seat: int) -> list[list[str]]:
    """Every whole use of a kept card ``seat`` may make now (the tokens after ``event``)."""
    out: list[list[str]] = []
    for card in dict.fromkeys(decks.usable_kept(state, seat)):
        if card == SCIENTIST:
            tails = status_phase.free_answers(state, seat)
        elif card == ARTIST:
            tails = [["culture"]] + [
                [token(c.hex)] for c in _cities(state, seat) if c.mood != HAPPY
            ]
        elif card == PROPHET:
            tails = _grow_answers(state, seat, (TEMPLE,))
        elif card == ENGINEER:
            tails = _grow_answers(state, seat, GROW_PIECES)
            if construction.buildable(
                state, seat, engineer=True
            ) and not construction.engineer_waits(state):
                tails.append([FOR_A_WONDER])
        elif card == EXPLORER:
            tails = [[token(h)] for h in explorer_spaces(state, seat)]
        else:
            continue
        out += [[card.lower(), *t] for t in tails]
    return out


def offered(state: ClashState, seat: int) -> bool:
    return state.phase == TURN and state.active == seat and bool(answers(state, seat))


def choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    n = len(prefix)
    nexts: dict[str, tuple[bool, bool]] = {}
    for a in answers(state, seat):
        if a[:n] == prefix and len(a) > n:
            complete, more = nexts.get(a[n], (False, False))
            nexts[a[n]] = (complete or len(a) == n + 1, more or len(a) > n + 1)
    return [Choice(t, *_label(prefix, t), complete=c, more=m) for t, (c, m) in nexts.items()]


def _label(prefix: list[str], tok: str) -> tuple[str, dict[str, object]]:
    if not prefix:
        return "clash.choice.kept_event", {"card": tok.upper()}
    card = prefix[0].upper()
    if card == SCIENTIST:
        key = "clash.choice.free_advance" if len(prefix) == 1 else "clash.choice.cube"
        return key, {"advance": tok}
    if tok in (MOOD, CULTURE):
        return "clash.choice.event_item", {"item": tok}
    if tok == FOR_A_WONDER:
        return "clash.choice.engineer_wonder", {"count": construction.ENGINEER_SAVES}
    if tok in GROW_PIECES:
        return "clash.choice.event_piece", {"piece": tok}
    return "clash.choice.event_city", {"space": tok.upper()}


def use_kept(state: ClashState, seat: int, card: str) -> Event:
    """``seat`` discards its kept ``card`` to use it: off the table, onto the event discards."""
    decks.take_kept(state, seat, card)
    return Event("clash.event_used", {"player": state.players[seat], "card": card})


def apply(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``event <card> ...``: discard the kept card and use it (no action)."""
    every = answers(state, seat)
    if rest not in every:
        if not rest or rest[0] not in {a[0] for a in every}:
            allowed = sorted({a[0] for a in every})
            raise IllegalAction("not_a_kept_event", token=" ".join(rest), allowed=allowed)
        raise IllegalAction(
            "not_an_event_use",
            token=" ".join(rest),
            allowed=[" ".join(a) for a in every if a[0] == rest[0]][:12],
        )
    card, *use = rest
    card = card.upper()
    me = state.seats[seat]
    events = [use_kept(state, seat, card)]
    if card == SCIENTIST:
        advance, *cubes = use
        events.append(
            Event("clash.free_advance", {"player": state.players[seat], "advance": advance})
        )
        return events + advance_gains.gained(state, seat, advance, tuple(cubes))
    if card == ARTIST:
        if use == ["culture"]:
            n = gain_tokens(me, CULTURE, ARTIST_CULTURE)
            return events + (
                [item_event(state, seat, "clash.event_gained", CULTURE, n)] if n else []
            )
        h = state.board.parse(use[0])
        me.cities = [replace(c, mood=HAPPY) if c.hex == h else c for c in me.cities]
        happy = {"player": state.players[seat], "space": label(h)}
        return [*events, Event("clash.event_city_happy", happy)]
    if card == EXPLORER:
        return events + _explore(state, seat, state.board.parse(use[0]))
    if card == ENGINEER and use == [FOR_A_WONDER]:
        ts = state.turn_state
        state.turn_state = replace(ts, card_modifiers=(*ts.card_modifiers, construction.ENGINEER))
        told = {"player": state.players[seat], "count": construction.ENGINEER_SAVES}
        return [*events, Event("clash.engineer_discount", told)]
    piece = TEMPLE if card == PROPHET else use[1]
    return events + _grow(
        state, seat, state.board.parse(use[0]), piece, use[1 + (card == ENGINEER) :]
    )


def _explore(state: ClashState, seat: int, entered: Hex) -> list[Event]:
    """Great Explorer: the region is placed as a land unit entering ``entered`` would place
    it (no unit moves), then 1 Idea."""
    origin = explorer_spaces(state, seat)[entered]
    slot = next(s for s in state.board.slots if entered in s.hexes)
    events = exploration.begin(state, seat, slot, entered, token(origin), ())
    # No unit went, so none "stayed" when the space turned out to be Sea.
    events = [e for e in events if e.kind != "clash.explorers_stayed"]
    n = gain(state.seats[seat], IDEAS, EXPLORER_IDEAS)
    return events + ([item_event(state, seat, "clash.event_gained", IDEAS, n)] if n else [])


def _grow(state: ClashState, seat: int, h: Hex, piece: str, tail: list[str]) -> list[Event]:
    """The piece joins the city, paying nothing and activating nothing; what it gives."""
    me = state.seats[seat]
    city = me.city_at(h)
    assert city is not None
    faces = city.port_faces
    if piece == PORT:
        faces = state.board.parse(tail[0]) if tail else _seas(state, city)[0]
    grown = replace(city, pieces=piece_order([*city.pieces, Piece(piece, seat)]), port_faces=faces)
    me.cities = [grown if c.hex == h else c for c in me.cities]
    params = {"player": state.players[seat], "space": label(h), "piece": piece}
    events = [Event("clash.event_piece_added", params)]
    if piece == TEMPLE:
        kind = tail[0]
        n = gain_tokens(me, kind, 1)
        events += [item_event(state, seat, "clash.event_gained", kind, n)] if n else []
        events += advance_gains.dogma_advance(state, seat)
    if piece == ACADEMY:
        n = gain(me, IDEAS, ACADEMY_IDEAS)
        events += [item_event(state, seat, "clash.event_gained", IDEAS, n)] if n else []
    return events


#: The turn action (:data:`rules.clash.dispatch.grammar.TURN_ACTIONS`): no action spent.
KEPT_ACTION = TurnAction(EVENT, offered, choices, apply, costs_action=False)
