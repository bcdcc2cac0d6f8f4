"""Phase 2: the active player takes their people back one location at a time.

Hunting and the resource sites roll one die per person and then ask for tools; tool maker, hut
and field act at once; a card or a building asks for a payment (or ``decline``).
"""

from __future__ import annotations

from rules.core import Event
from rules.stoneage.data import FIELD, HUT, LOCATIONS, RESOURCES, ROLLED, TOOLMAKER
from rules.stoneage.effects import capped
from rules.stoneage.logic import gain_agriculture, gain_person, gain_tool
from rules.stoneage.placement import BUILDING, CARD, Target
from rules.stoneage.rolls import roll_dice
from rules.stoneage.state import Purchase, Roll, StoneAgeState


def own_targets(state: StoneAgeState, seat: int) -> list[Target]:
    """Where ``seat`` still has people, in board order."""
    out = [Target("location", loc) for loc, row in enumerate(state.at) if row[seat]]
    out += [Target(CARD, i) for i, s in enumerate(state.card_spot) if s == seat]
    out += [Target(BUILDING, i) for i, s in enumerate(state.building_spot) if s == seat]
    return out


def resolve(state: StoneAgeState, seat: int, target: Target) -> list[Event]:
    """Resolve ``target`` for ``seat`` (already validated)."""
    who = state.players[seat]
    if target.kind == CARD:
        state.purchase = Purchase("card", target.index)
        state.sub = "pay_card"
        return []
    if target.kind == BUILDING:
        state.purchase = Purchase("building", target.index)
        state.sub = "pay_building"
        return []
    loc = target.index
    count = state.at[loc][seat]
    state.at[loc][seat] = 0
    me = state.seats[seat]
    if loc in ROLLED:
        resource = ROLLED[loc]
        dice = roll_dice(state, count)
        state.roll = Roll(seat, LOCATIONS[loc], None, resource, dice)
        state.sub = "tools"
        return [
            Event(
                "stoneage.rolled",
                {
                    "player": who,
                    "location": LOCATIONS[loc],
                    "dice": list(dice),
                    "sum": sum(dice),
                    "resource": "food" if resource is None else RESOURCES[resource],
                },
            )
        ]
    if loc == TOOLMAKER:
        if not gain_tool(me):
            return [capped(state, seat, "tools")]
        return [Event("stoneage.toolmaker", {"player": who, "tools": me.tool_value})]
    if loc == HUT:
        if not gain_person(me):
            return [capped(state, seat, "people")]
        return [Event("stoneage.hut", {"player": who, "people": me.people})]
    assert loc == FIELD
    if not gain_agriculture(me):
        return [capped(state, seat, "agriculture")]
    return [Event("stoneage.field", {"player": who, "level": me.agriculture})]
