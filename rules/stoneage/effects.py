"""Buying: paying for civilization cards and buildings, and the cards' immediate effects.

Effects that go past a maximum (people 10, food track 10, tools 12) are lost (``capped``).
"Dice for all" and the 2-dice cards open a prompt (``pick``, ``tools``) inside the buyer's
phase 2; everything else happens at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Event
from rules.stoneage.data import (
    CARDS,
    DFA_AGRICULTURE_FACE,
    DFA_TOOL_FACE,
    RESOURCES,
    building_type,
)
from rules.stoneage.logic import gain_agriculture, gain_tool, turn_order
from rules.stoneage.payments import PaySpec, resource_list, value
from rules.stoneage.rolls import roll_dice
from rules.stoneage.state import DiceForAll, Roll, StoneAgeState

#: Resources of any kinds a building of the "1 to 7" kind takes at most.
ANY_UPTO = 7


def card_spec(index: int) -> PaySpec:
    """A card on display index ``index`` costs index + 1 resources of any kinds."""
    return PaySpec(count=index + 1)


def building_spec(tile: str) -> PaySpec:
    """What a building tile accepts; variable buildings list the dearest payments first."""
    kind = building_type(tile)
    if kind.kind == "fixed":
        return PaySpec(exact=kind.cost)
    if kind.kind == "variable":
        return PaySpec(count=kind.count, kinds=kind.kinds, dear_first=True)
    return PaySpec(upto=kind.upto, dear_first=True)


def _pay(state: StoneAgeState, seat: int, payment: Sequence[int]) -> None:
    res = state.seats[seat].resources
    for r, n in enumerate(payment):
        res[r] -= n


def capped(state: StoneAgeState, seat: int, what: str) -> Event:
    """A gain lost at its maximum (``people``, ``agriculture`` or ``tools``)."""
    return Event("stoneage.capped", {"player": state.players[seat], "what": what})


# -- cards ------------------------------------------------------------------------------------


def buy_card(state: StoneAgeState, seat: int, index: int, payment: Sequence[int]) -> list[Event]:
    """Pay, take the card from display index ``index`` and apply its top effect."""
    cid = state.display[index]
    assert cid is not None
    _pay(state, seat, payment)
    state.display[index] = None
    state.card_spot[index] = -1
    state.seats[seat].cards.append(cid)
    state.purchase = None
    state.sub = None
    events = [
        Event(
            "stoneage.bought_card",
            {
                "player": state.players[seat],
                "card": cid,
                "position": index + 1,
                "paid": resource_list(payment),
            },
        )
    ]
    return events + card_effect(state, seat, cid)


def card_effect(state: StoneAgeState, seat: int, cid: str) -> list[Event]:
    """The top effect of card ``cid`` for its buyer ``seat``."""
    effect = CARDS[cid].effect
    me = state.seats[seat]
    who = state.players[seat]
    kind, amount = effect.kind, effect.amount
    if kind == "food":
        me.food += amount
        return [Event("stoneage.effect_food", {"player": who, "amount": amount})]
    if kind == "resource":
        assert effect.resource is not None
        me.resources[effect.resource] += amount
        return [
            Event(
                "stoneage.effect_resource",
                {"player": who, "amount": amount, "resource": RESOURCES[effect.resource]},
            )
        ]
    if kind == "points":
        me.card_points += amount
        return [Event("stoneage.effect_points", {"player": who, "amount": amount})]
    if kind == "agriculture":
        if not gain_agriculture(me):
            return [capped(state, seat, "agriculture")]
        return [Event("stoneage.effect_agriculture", {"player": who, "level": me.agriculture})]
    if kind == "tool":
        if not gain_tool(me):
            return [capped(state, seat, "tools")]
        return [Event("stoneage.effect_tool", {"player": who, "tools": me.tool_value})]
    if kind == "one_use_tool":
        me.one_use.append(cid)
        return [Event("stoneage.effect_one_use", {"player": who, "value": amount})]
    if kind == "choice":
        me.medicine += 1
        return [Event("stoneage.effect_medicine", {"player": who, "count": amount})]
    if kind == "extra_card":
        return _writing(state, seat)
    if kind == "dice":
        assert effect.resource is not None
        dice = roll_dice(state, amount)
        state.roll = Roll(seat, "card", cid, effect.resource, dice)
        state.sub = "tools"
        return [
            Event(
                "stoneage.rolled_card",
                {
                    "player": who,
                    "card": cid,
                    "dice": list(dice),
                    "sum": sum(dice),
                    "resource": RESOURCES[effect.resource],
                },
            )
        ]
    return _dice_for_all(state, seat, cid)


def _writing(state: StoneAgeState, seat: int) -> list[Event]:
    """Writing: the top card of the deck, face down; its top effect is not used."""
    who = state.players[seat]
    if not state.deck:
        return [Event("stoneage.writing_empty", {"player": who})]
    top = state.deck[0]
    state.deck = state.deck[1:]
    state.seats[seat].cards.append(top)
    visible = None if state.options.open_cards else (seat,)
    return [
        Event("stoneage.writing", {"player": who}),
        Event("stoneage.writing_card", {"player": who, "card": top}, visible_to=visible),
    ]


def _dice_for_all(state: StoneAgeState, seat: int, cid: str) -> list[Event]:
    """Roll one die per player; everyone picks one, the buyer first, then clockwise."""
    order = tuple(turn_order(state, seat))
    faces = tuple(sorted(roll_dice(state, len(order))))
    state.dfa = DiceForAll(seat, cid, faces, order)
    state.sub = "pick"
    return [
        Event(
            "stoneage.dice_for_all",
            {"player": state.players[seat], "card": cid, "faces": list(faces)},
        )
    ]


def pick_die(state: StoneAgeState, seat: int, face: int) -> list[Event]:
    """``seat`` takes a die showing ``face``: 1-4 a resource, 5 a tool, 6 the food track."""
    dfa = state.dfa
    assert dfa is not None and dfa.order[0] == seat
    faces = list(dfa.faces)
    faces.remove(face)
    me = state.seats[seat]
    events = [Event("stoneage.picked", {"player": state.players[seat], "face": face})]
    if face == DFA_TOOL_FACE:
        if not gain_tool(me):
            events.append(capped(state, seat, "tools"))
    elif face == DFA_AGRICULTURE_FACE:
        if not gain_agriculture(me):
            events.append(capped(state, seat, "agriculture"))
    else:
        me.resources[face - 1] += 1
    rest = dfa.order[1:]
    if rest:
        state.dfa = DiceForAll(dfa.buyer, dfa.card, tuple(faces), rest, (*dfa.picks, (seat, face)))
    else:
        state.dfa = None
        state.sub = None
    return events


# -- buildings --------------------------------------------------------------------------------


def buy_building(
    state: StoneAgeState, seat: int, index: int, payment: Sequence[int]
) -> list[Event]:
    """Pay, take the top tile of stack ``index``, score it, turn up the next tile."""
    stack = state.stacks[index]
    tile = stack[0]
    state.stacks[index] = stack[1:]
    _pay(state, seat, payment)
    me = state.seats[seat]
    kind = building_type(tile)
    points = kind.points if kind.points is not None else value(payment)
    me.building_points += points
    me.buildings.append(tile)
    state.building_spot[index] = -1
    state.purchase = None
    state.sub = None
    events = [
        Event(
            "stoneage.bought_building",
            {
                "player": state.players[seat],
                "building": tile,
                "kind": kind.kind,
                "points": points,
                "paid": resource_list(payment),
            },
        )
    ]
    if not state.stacks[index]:
        state.ending = True
        events.append(Event("stoneage.stack_empty", {"stack": index + 1}))
    return events


def decline(state: StoneAgeState, seat: int, forced: bool) -> list[Event]:
    """The person comes back; the card or building stays where it is."""
    purchase = state.purchase
    assert purchase is not None
    if purchase.what == "card":
        state.card_spot[purchase.index] = -1
        params = {"player": state.players[seat], "position": purchase.index + 1}
    else:
        state.building_spot[purchase.index] = -1
        params = {"player": state.players[seat], "stack": purchase.index + 1}
    state.purchase = None
    state.sub = None
    kind = f"stoneage.{'cannot_pay' if forced else 'declined'}_{purchase.what}"
    return [Event(kind, params)]
