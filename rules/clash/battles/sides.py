"""The two sides of a battle (p.12; rules reference §4): the decisions' kinds and the
rules' numbers, who stands where and fights, asking a side, and losing units (casualties,
sunk ships and what they carried)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Final

from rules.clash.board.hexes import Hex, label
from rules.clash.box.components import ARMY
from rules.clash.model import transfer
from rules.clash.model.occupancy import BARBARIANS
from rules.clash.model.state import ClashState, city_on
from rules.core import Decision, Event

BATTLE: Final = "battle"
SIEGE: Final = "siege"
CASUALTIES: Final = "casualties"
REFUGEES: Final = "refugees"
BARBARIAN_CITY: Final = "barbarian_city"
SIEGE_FOOD: Final = "siege_food"
GREAT_GENERAL: Final = "great_general"
MAUSOLEUM: Final = "great_mausoleum"
ATTACK, WITHDRAW, NONE, KEEP, DESTROY = "attack", "withdraw", "none", "keep", "destroy"
PAY, USE = "pay", "use"


HIT_EVERY = 5
FANATICISM_CV = 2
FANATICISM: Final = "fanaticism"
SIEGE_COST = 2
#: The Siege (K14): what the defender pays to keep its card and Fortress.
SIEGE_FOOD_COST = 2


def armies_of(state: ClashState, side: int, h: Hex) -> int:
    if side == BARBARIANS:
        return state.barbarians.armies.get(h, 0)
    return state.seats[side].armies.get(h, 0)


def ships_of(state: ClashState, side: int, h: Hex) -> list[int]:
    if side == BARBARIANS:
        return []
    return [s.id for s in state.seats[side].ships if s.hex == h]


def defender_at(state: ClashState, attacker: int, h: Hex, sea: bool) -> int | None:
    """Whose units or city the attacker meets on ``h`` (the first foreign one found)."""
    if sea:
        return next(
            (s for s, me in enumerate(state.seats) if s != attacker and ships_of(state, s, h)),
            None,
        )
    found = city_on(state, h)
    if found is not None and found[0] != attacker:
        return found[0]
    if state.barbarians.armies.get(h):
        return BARBARIANS
    for s, me in enumerate(state.seats):
        if s != attacker and (me.armies.get(h) or me.settlers.get(h)):
            return s
    return None


def side_has(state: ClashState, side: int, advance: str) -> bool:
    return side != BARBARIANS and advance in state.seats[side].advances


def side_name(state: ClashState, side: int) -> str:
    return "barbarians" if side == BARBARIANS else state.players[side]


def asked(state: ClashState, step: str) -> bool:
    return any(d.kind == step for d in state.prompts.decisions)


def ask(state: ClashState, seat: int, step: str, **params: object) -> None:
    b = state.battle
    assert b is not None
    pid = f"{step}:{state.round}.{state.turn}.{state.active}.{seat}.{label(b.space)}.{b.round}"
    state.prompts = state.prompts.push(
        Decision(
            pid, seat, step, {"space": label(b.space), "round": b.round, **params}, state.active
        )
    )


def played_by(state: ClashState, side: int) -> str | None:
    b = state.battle
    assert b is not None
    return next((card for who, card in b.played if who == side), None)


def other_side(state: ClashState, side: int) -> int:
    b = state.battle
    assert b is not None
    return b.defender if side == b.attacker else b.attacker


def lose(state: ClashState, side: int, count: int) -> list[Event]:
    """``side`` loses ``count`` fighting units on the battle space (casualties, p.12)."""
    b = state.battle
    assert b is not None
    if not count:
        return []
    h = b.space
    if not b.sea:
        if side == BARBARIANS:
            left = state.barbarians.armies[h] - count
            armies = dict(state.barbarians.armies)
            if left:
                armies[h] = left
            else:
                del armies[h]
            state.barbarians = replace(state.barbarians, armies=armies)
            state.battle = replace(b, defeated=b.defeated + count)
        else:
            transfer.remove_land(state, side, h, ARMY, count)
        return [lost_event(state, side, f"{ARMY}_{count}")]
    ships = [s for s in state.seats[side].ships if s.hex == h]
    alike = len({s.cargo for s in ships}) == 1
    if count >= len(ships) or alike or state.seats[side].resigned:
        # No choice to make (a resigned seat never decides: its lowest ships sink).
        return sink(state, side, [s.id for s in ships[:count]])
    ask(state, side, CASUALTIES, count=count)
    return []


def lost_event(state: ClashState, side: int, what: str) -> Event:
    b = state.battle
    assert b is not None
    if side == BARBARIANS:
        return Event("clash.barbarian_units_lost", {"units": [what], "space": label(b.space)})
    params = {"player": state.players[side], "units": [what], "space": label(b.space)}
    return Event("clash.units_lost", params)


def sink(state: ClashState, seat: int, ids: list[int]) -> list[Event]:
    me = state.seats[seat]
    sunk = [s for s in me.ships if s.id in ids]
    me.ships = [s for s in me.ships if s.id not in ids]
    if seat == state.active:
        marks = state.turn_state.marks
        state.turn_state = replace(
            state.turn_state,
            marks=tuple(m for m in marks if m[0] not in {s.place for s in sunk}),
        )
    cargo = [f"{k}_{n}" for k, n in sorted(Counter(k for s in sunk for k in s.cargo).items())]
    space = label(sunk[0].hex) if sunk else ""
    player = state.players[seat]
    numbers = [str(s.id) for s in sunk]
    params = {"player": player, "ships": numbers, "count": len(numbers), "space": space}
    events = [Event("clash.ships_sunk", params)]
    if cargo:
        # The units aboard are lost with their ships (p.12).
        events.append(Event("clash.units_lost", {"player": player, "units": cargo, "space": space}))
    return events


def fighting(state: ClashState, side: int) -> int:
    b = state.battle
    assert b is not None
    if b.sea:
        return len(ships_of(state, side, b.space))
    return armies_of(state, side, b.space)
