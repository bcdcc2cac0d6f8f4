"""How a battle ends (p.12, p.14; C50, C51, C47): the attacker wins (a city captured with
its refugees, a barbarian settlement kept or destroyed, Fanaticism's army), withdraws (C43),
or a side with no fighting unit left loses (its settlers die with it)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from rules.clash.battles.sides import (
    BARBARIAN_CITY,
    FANATICISM,
    REFUGEES,
    ask,
    fighting,
    lost_event,
    side_has,
)
from rules.clash.board.hexes import Hex, label, parse_hex, token
from rules.clash.box.components import (
    ANGRY,
    ARMY,
    ARMY_LIMIT,
    BOX_PER_PLAYER,
    GOLD,
    HAPPY,
    NEUTRAL,
    PIECES_PER_KIND,
    SETTLEMENT,
    SETTLER,
    SHIP,
    SHIP_CAPACITY,
    TEMPLE,
)
from rules.clash.model import marks as mk
from rules.clash.model import transfer
from rules.clash.model.occupancy import BARBARIANS
from rules.clash.model.registry import Answer
from rules.clash.model.resources import gain
from rules.clash.model.state import City, ClashState, Piece, city_on, piece_order, pieces_in_use
from rules.clash.model.under_way import nested
from rules.core import Choice, Decision, Event, IllegalAction


def battle_result(state: ClashState, fortress_alone: bool = False) -> list[Event] | None:
    """The battle's end after a round, if it is over (``fortress_alone``: the defender had no
    army there, only the Fortress fought)."""
    b = state.battle
    assert b is not None
    attackers, defenders = fighting(state, b.attacker), fighting(state, b.defender)
    if attackers and defenders:
        return None
    found = None if b.sea else city_on(state, b.space)
    temple = found is not None and found[1] is not None and found[1].piece(TEMPLE) is not None
    if not attackers and not defenders and not fortress_alone:
        events = _settlers_die(state, b.attacker) + _settlers_die(state, b.defender)
        state.battle = None
        events.append(Event("clash.battle_drawn", {"space": label(b.space)}))
        return (
            events + _fanaticism(state, b.attacker, temple) + _fanaticism(state, b.defender, temple)
        )
    if not attackers:
        events = _settlers_die(state, b.attacker) + _fanaticism(state, b.attacker, temple)
        state.battle = None
        if b.defender == BARBARIANS:
            return [*events, Event("clash.barbarians_held", {"space": label(b.space)})]
        return [
            *events,
            Event(
                "clash.battle_won",
                {"player": state.players[b.defender], "space": label(b.space), "defending": True},
            ),
        ]
    return attacker_won(state)


def _settlers_die(state: ClashState, side: int) -> list[Event]:
    """Settlers left on the battle space without their army die (p.12, C51)."""
    b = state.battle
    assert b is not None
    if side == BARBARIANS or b.sea:
        return []
    n = state.seats[side].settlers.get(b.space, 0)
    if not n:
        return []
    transfer.remove_land(state, side, b.space, SETTLER, n)
    return [lost_event(state, side, f"{SETTLER}_{n}")]


def attacker_won(state: ClashState) -> list[Event]:
    b = state.battle
    assert b is not None
    events = _settlers_die(state, b.defender)
    events.append(
        Event(
            "clash.battle_won",
            {"player": state.players[b.attacker], "space": label(b.space), "defending": False},
        )
    )
    if b.sea:
        state.battle = None
        return events
    found = city_on(state, b.space)
    if found is None:
        state.battle = None
        return events
    owner, city = found
    if owner == BARBARIANS:
        return events + _barbarian_city_taken(state)
    assert city is not None
    temple = city.piece(TEMPLE) is not None
    events += _capture(state, owner, city)
    return events + _fanaticism(state, owner, temple)


def _fanatic_cities(state: ClashState, seat: int) -> list[Hex]:
    """Cities of ``seat`` that can take one more army unit (the army limit, p.8)."""
    me = state.seats[seat]
    return [c.hex for c in me.cities if me.armies.get(c.hex, 0) < ARMY_LIMIT]


def _fanaticism(state: ClashState, side: int, temple: bool) -> list[Event]:
    """Fanaticism (p.2, C47 (b)): a player who loses a battle in a city with a Temple (its
    units wiped out, or its city captured) gains a free army unit in one of its cities, if it
    has one in supply and a city with room; asked (``fanaticism``) when several have room."""
    if not temple or not side_has(state, side, FANATICISM) or state.seats[side].resigned:
        return []
    me = state.seats[side]
    aboard = sum(s.cargo.count(ARMY) for s in me.ships)
    if sum(me.armies.values()) + aboard >= BOX_PER_PLAYER[ARMY]:
        return []
    cities = _fanatic_cities(state, side)
    if not cities:
        return []
    if len(cities) == 1:
        return _fanatic_army(state, side, cities[0])
    pid = f"fanaticism:{state.round}.{state.turn}.{state.active}.{side}"
    state.prompts = state.prompts.push(Decision(pid, side, FANATICISM, {}, state.active))
    return []


def _fanatic_army(state: ClashState, seat: int, h: Hex) -> list[Event]:
    me = state.seats[seat]
    me.armies[h] = me.armies.get(h, 0) + 1
    return [Event("clash.fanaticism", {"player": state.players[seat], "space": label(h)})]


def _fanatic_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if prefix:
        return []
    return [
        Choice(token(h), "clash.choice.fanaticism", {"space": label(h)})
        for h in _fanatic_cities(state, decision.seat)
    ]


def _fanatic_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    allowed = {token(h): h for h in _fanatic_cities(state, decision.seat)}
    if len(toks) != 1 or toks[0] not in allowed:
        raise IllegalAction(
            "not_a_fanaticism_city",
            token=" ".join(toks),
            allowed=[label(h) for h in allowed.values()],
        )
    state.prompts = state.prompts.pop(decision.id)
    return _fanatic_army(state, decision.seat, allowed[toks[0]])


def _fanatic_problem(state: ClashState, decision: Decision) -> str | None:
    if not side_has(state, decision.seat, FANATICISM):
        return "fanaticism_without_the_advance"
    return None


FANATICISM_ANSWER = Answer(_fanatic_choices, _fanatic_apply, _fanatic_problem)


def _capture(state: ClashState, owner: int, city: City) -> list[Event]:
    b = state.battle
    assert b is not None
    winner = b.attacker
    me, prev = state.seats[winner], state.seats[owner]
    prev.cities = [c for c in prev.cities if c.hex != city.hex]
    pieces: list[Piece] = []
    removed = 0
    for p in city.pieces:
        if p.owner != owner:
            pieces.append(p)
        elif (
            pieces_in_use(state, winner, p.kind)
            + sum(1 for x in pieces if (x.kind, x.owner) == (p.kind, winner))
            < PIECES_PER_KIND
        ):
            pieces.append(Piece(p.kind, winner))
        else:
            removed += 1
    events: list[Event] = []
    player = state.players[winner]
    if not any(p.kind == SETTLEMENT for p in pieces):
        # No Settlement left to swap in: the city leaves the board (p.12, C50).
        gold = sum(1 for p in city.pieces if p.owner == owner)
        gain(me, GOLD, gold)
        events.append(
            Event("clash.city_removed", {"player": player, "space": label(city.hex), "gold": gold})
        )
        if city.wonder is not None:
            state.cards = replace(state.cards, lost=(*state.cards.lost, city.wonder))
        state.battle = None
        return events
    if removed:
        gain(me, GOLD, removed)
    captured = replace(
        city,
        owner=winner,
        pieces=piece_order(pieces),
        mood=ANGRY,
        activations=0,
        activated_angry=False,
    )
    me.cities.append(captured)
    events.append(
        Event(
            "clash.city_captured",
            {"player": player, "from": state.players[owner], "space": label(city.hex)},
        )
    )
    if b.city_mood in (HAPPY, NEUTRAL):
        plunder = gain(me, GOLD, city.size)
        events.append(Event("clash.plunder", {"player": player, "count": plunder}))
        events += _refugees(state, owner)
    if nested(state) is None:
        state.battle = None
    return events


def _refugees(state: ClashState, owner: int) -> list[Event]:
    """The previous owner gains a settler in one of their cities (p.12, C50)."""
    prev = state.seats[owner]
    settlers = sum(prev.settlers.values()) + sum(s.cargo.count(SETTLER) for s in prev.ships)
    if not prev.cities or settlers >= BOX_PER_PLAYER[SETTLER]:
        return []
    if len(prev.cities) == 1 or prev.resigned:
        # No choice to make (a resigned seat never decides: its first city).
        return place_refugee(state, owner, prev.cities[0].hex)
    ask(state, owner, REFUGEES)
    return []


def place_refugee(state: ClashState, owner: int, h: Hex) -> list[Event]:
    prev = state.seats[owner]
    prev.settlers[h] = prev.settlers.get(h, 0) + 1
    return [Event("clash.refugees", {"player": state.players[owner], "space": label(h)})]


def _barbarian_city_taken(state: ClashState) -> list[Event]:
    b = state.battle
    assert b is not None
    me = state.seats[b.attacker]
    gold = gain(me, GOLD, b.defeated)
    events = [
        Event(
            "clash.barbarians_defeated",
            {"player": state.players[b.attacker], "space": label(b.space), "count": gold},
        )
    ]
    if pieces_in_use(state, b.attacker, SETTLEMENT) >= PIECES_PER_KIND:
        return events + destroy_barbarian_city(state)
    ask(state, b.attacker, BARBARIAN_CITY)
    return events


def destroy_barbarian_city(state: ClashState) -> list[Event]:
    b = state.battle
    assert b is not None
    state.barbarians = replace(state.barbarians, cities=state.barbarians.cities - {b.space})
    gain(state.seats[b.attacker], GOLD, 1)
    state.battle = None
    return [
        Event(
            "clash.barbarian_city_destroyed",
            {"player": state.players[b.attacker], "space": label(b.space)},
        )
    ]


def keep_barbarian_city(state: ClashState) -> list[Event]:
    b = state.battle
    assert b is not None
    state.barbarians = replace(state.barbarians, cities=state.barbarians.cities - {b.space})
    city = City(b.space, b.attacker, (Piece(SETTLEMENT, b.attacker),), mood=ANGRY)
    state.seats[b.attacker].cities.append(city)
    state.battle = None
    return [
        Event(
            "clash.barbarian_city_kept",
            {"player": state.players[b.attacker], "space": label(b.space)},
        )
    ]


def withdraw(state: ClashState) -> list[Event]:
    """Every attacking unit goes back where its move began (p.12, C43)."""
    b = state.battle
    assert b is not None
    seat = b.attacker
    me = state.seats[seat]
    lost: Counter[str] = Counter()
    for place, kind, n in b.origins:
        if kind.startswith(SHIP):
            ship = transfer.ship_by_place(me, kind)
            if ship is not None:
                me.ships = [
                    replace(s, hex=parse_hex(place)) if s.id == ship.id else s for s in me.ships
                ]
            continue
        here = (me.armies if kind == ARMY else me.settlers).get(b.space, 0)
        n = min(n, here)
        if not n:
            continue
        transfer.remove_land(state, seat, b.space, kind, n)
        if transfer.is_hold(place):
            ship = transfer.ship_by_place(me, place)
            room = 0 if ship is None else SHIP_CAPACITY - len(ship.cargo)
            back = min(n, room)
            if back and ship is not None:
                cargo = tuple(sorted([*ship.cargo, *([kind] * back)]))
                me.ships = [replace(s, cargo=cargo) if s.id == ship.id else s for s in me.ships]
                state.turn_state = replace(
                    state.turn_state,
                    marks=mk.add(state.turn_state.marks, place, kind, mk.STOPPED, back),
                )
            lost[kind] += n - back
            continue
        h = parse_hex(place)
        counts = me.armies if kind == ARMY else me.settlers
        counts[h] = counts.get(h, 0) + n
        state.turn_state = replace(
            state.turn_state, marks=mk.add(state.turn_state.marks, place, kind, mk.STOPPED, n)
        )
    state.battle = None
    events = [Event("clash.withdrew", {"player": state.players[seat], "space": label(b.space)})]
    if lost:
        # Landed units without room on their ship are lost (C43).
        units = [f"{k}_{n}" for k, n in sorted(lost.items()) if n]
        events.append(
            Event(
                "clash.units_lost",
                {"player": state.players[seat], "units": units, "space": label(b.space)},
            )
        )
    return events
