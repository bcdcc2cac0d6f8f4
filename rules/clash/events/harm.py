"""The harmful event cards' main effects, E01-E17 (docs/clash-cards.md §4.2; C76-C81): famines,
diseases, earthquakes and the volcano, floods, fire, civil war, uprising. Their tables are
merged by :mod:`rules.clash.events.effects`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.clash.board.hexes import label, parse_hex, token
from rules.clash.board.tiles import BARREN, FOREST, SEA
from rules.clash.box.components import (
    ARMY,
    HAPPY,
    RESOURCES,
    SETTLEMENT,
    SETTLER,
    SHIP,
    WOOD,
)
from rules.clash.box.event_cards import EVENTS, EventCard
from rules.clash.events.flow import (
    ask,
    each_player,
    item_event,
    later,
    lower,
    lowerable,
    near,
    points,
    remove_pieces,
)
from rules.clash.events.steps import (
    CITY,
    LOSS,
    PIECES,
    SPREADERS,
    TOKENS,
    Params,
    Pick,
    choose,
    immune,
    immunity,
    lose_food,
    lower_cities,
    no_effect,
    player_of,
)
from rules.clash.model import decks
from rules.clash.model import marks as mk
from rules.clash.model.resources import CULTURE, MOOD, spend_tokens
from rules.clash.model.state import ClashState
from rules.clash.model.transfer import remove_land
from rules.core import Event


def _famine(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    if immune(state, seat, card):
        return immunity(state, seat, card)
    unpaid, events = lose_food(state, seat, card.amount)
    return events + (lower_cities(state, seat, card.id, unpaid) if unpaid else [])


def _drought(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    if immune(state, seat, card):
        return immunity(state, seat, card)
    dry = near(state, seat, BARREN)
    if not dry:
        return no_effect(state, seat, card.id, "no_city_by_barren")
    unpaid, events = lose_food(state, seat, min(card.amount, len(dry)))
    return events + (lower_cities(state, seat, card.id, unpaid, dry) if unpaid else [])


def _pests(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    each_player(state, "pests", card=card.id)
    return []


def _pests_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    card = EVENTS[p["card"]]
    if "storage" not in state.seats[seat].advances:
        return []
    if immune(state, seat, card):
        return immunity(state, seat, card)
    unpaid, events = lose_food(state, seat, card.amount)
    return events + (lower_cities(state, seat, card.id, 1) if unpaid else [])


# -- E06-E08: diseases ----------------------------------------------------------------------------


def _times(state: ClashState, seat: int) -> int:
    return 2 if any(a in state.seats[seat].advances for a in SPREADERS) else 1


def every_player(step: str) -> Callable[[ClashState, int, EventCard], list[Event]]:
    def run(state: ClashState, seat: int, card: EventCard) -> list[Event]:
        each_player(state, step, card=card.id)
        return []

    return run


def _plague_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    card = EVENTS[p["card"]]
    if len(state.seats[seat].cities) < 2:
        return []
    if immune(state, seat, card):
        return immunity(state, seat, card)
    return lower_cities(state, seat, card.id, _times(state, seat))


def unit_tokens(state: ClashState, seat: int) -> list[str]:
    """The units ``seat`` may lose to an event: ``c3-army``/``c3-settler`` on a space,
    ``ship2-army`` aboard, ``ship2`` an empty ship (a ship's cargo goes first, C79)."""
    me = state.seats[seat]
    out = []
    for kind, counts in ((ARMY, me.armies), (SETTLER, me.settlers)):
        out += [f"{token(h)}-{kind}" for h, n in sorted(counts.items()) if n]
    for s in me.ships:
        out += [f"{s.place}-{k}" for k in dict.fromkeys(s.cargo)] or [s.place]
    return out


def _unit_count(state: ClashState, seat: int) -> int:
    me = state.seats[seat]
    aboard = sum(len(s.cargo) for s in me.ships)
    return sum(me.armies.values()) + sum(me.settlers.values()) + aboard + len(me.ships)


def _epidemic_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    card = EVENTS[p["card"]]
    if _unit_count(state, seat) < 2:
        return []
    if immune(state, seat, card):
        return immunity(state, seat, card)
    return _loss_step(state, seat, {"card": card.id, "left": _times(state, seat)})


def _pandemic_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    card = EVENTS[p["card"]]
    n = len(state.seats[seat].cities) // 2
    if not n:
        return []
    if immune(state, seat, card):
        return immunity(state, seat, card)
    return _loss_step(state, seat, {"card": card.id, "left": n})


def loss_options(state: ClashState, seat: int, p: Params) -> list[str]:
    """What ``seat`` may lose next: units (Epidemic), or any item (Pandemic: resources,
    tokens, hand cards, units)."""
    units = unit_tokens(state, seat)
    if EVENTS[p["card"]].effect != "pandemic":
        return units
    me = state.seats[seat]
    out = [r for r in RESOURCES if me.resources[r]]
    out += [k for k, n in ((MOOD, me.mood_tokens), (CULTURE, me.culture_tokens)) if n]
    return out + [c.lower() for c in (*me.actions, *me.objectives)] + units


def _loss_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    if not loss_options(state, seat, p):
        return []
    return choose(state, seat, LOSS, {**p, "purpose": "loss"})


def _loss_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    left = int(p["left"]) - 1
    if left > 0:
        later(state, seat, "loss", card=p["card"], left=left)
    return lose_item(state, seat, answer[0])


def lose_item(state: ClashState, seat: int, item: str) -> list[Event]:
    """``seat`` loses one item named as :func:`loss_options` names it."""
    me = state.seats[seat]
    if item in RESOURCES:
        me.resources[item] -= 1
        return [item_event(state, seat, "clash.event_lost", item, 1)]
    if item in (MOOD, CULTURE):
        spend_tokens(me, item, 1)
        return [item_event(state, seat, "clash.event_lost", item, 1)]
    card = item.upper()
    if card in me.actions or card in me.objectives:
        deck = "action" if card in me.actions else "objective"
        if deck == "action":
            me.actions = tuple(c for c in me.actions if c != card)
        else:
            me.objectives = tuple(c for c in me.objectives if c != card)
        decks.discard(state, deck, card)
        return [
            Event("clash.event_card_discarded", {"player": player_of(state, seat), "card": card})
        ]
    place, _, kind = item.partition("-")
    ship = next((s for s in me.ships if s.place == place), None)
    if ship is None:
        h = parse_hex(place)
        remove_land(state, seat, h, kind, 1)
        where = label(h)
    elif kind:
        cargo = list(ship.cargo)
        cargo.remove(kind)
        me.ships = [replace(s, cargo=tuple(cargo)) if s is ship else s for s in me.ships]
        where = label(ship.hex)
        if seat == state.active:
            # The turn's marks never name more units aboard than are left (as remove_land).
            marks = state.turn_state.marks
            extra = sum(mk.counts(marks, place, kind).values()) - cargo.count(kind)
            state.turn_state = replace(
                state.turn_state, marks=mk.forget(marks, place, kind, max(0, extra))
            )
    else:
        me.ships = [s for s in me.ships if s is not ship]
        kind, where = SHIP, label(ship.hex)
        if seat == state.active:
            marks = state.turn_state.marks
            gone = mk.forget(marks, place, SHIP, sum(mk.counts(marks, place, SHIP).values()))
            state.turn_state = replace(state.turn_state, marks=gone)
    params = {"player": player_of(state, seat), "unit": kind, "space": where}
    return [Event("clash.event_unit_lost", params)]


# -- E09-E11: earthquakes and the volcano ---------------------------------------------------------


def _others(state: ClashState, seat: int, space: str) -> list[str]:
    city = state.seats[seat].city_at(parse_hex(space))
    assert city is not None
    return [p.kind for p in city.pieces if p.kind != SETTLEMENT]


def _earthquake(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    if len(state.seats[seat].cities) < 3:
        return no_effect(state, seat, card.id, "fewer_than_3_cities")
    return choose(state, seat, CITY, {"card": card.id, "purpose": "quake"})


def _quake_options(state: ClashState, seat: int, p: Params) -> list[str]:
    cities = state.seats[seat].cities
    if EVENTS[p["card"]].effect == "major_earthquake":
        # The Settlement only from a size-1 city without a Wonder.
        cities = [c for c in cities if c.size > 1 or c.wonder is None]
    return [token(c.hex) for c in sorted(cities, key=lambda c: (c.hex.q, c.hex.r))]


def _quake_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    card = EVENTS[p["card"]]
    space = label(parse_hex(answer[0]))
    others = _others(state, seat, space)
    city = state.seats[seat].city_at(parse_hex(space))
    assert city is not None
    n = card.amount
    if len(others) > n:
        return choose(
            state, seat, PIECES, {"card": card.id, "purpose": "quake_pieces", "space": space}, n
        )
    kinds = others + ([SETTLEMENT] if city.wonder is None else [])
    return _quake_pieces(state, seat, {"card": card.id, "space": space}, kinds[:n])


def _quake_piece_options(state: ClashState, seat: int, p: Params) -> list[str]:
    return _others(state, seat, p["space"])


def _quake_pieces(state: ClashState, seat: int, p: Params, kinds: list[str]) -> list[Event]:
    h = parse_hex(p["space"])
    if not kinds:
        return no_effect(state, seat, p["card"], "wonder_keeps_its_settlement")
    events = remove_pieces(state, seat, h, kinds)
    if SETTLEMENT in kinds:
        return events
    return events + lower(state, seat, h, p["card"])


def _major_quake_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    if len(state.seats[seat].cities) < 3:
        return []
    return choose(state, seat, CITY, {"card": p["card"], "purpose": "quake"})


def _volcano(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    if len(state.seats[seat].cities) < 4:
        return no_effect(state, seat, card.id, "fewer_than_4_cities")
    return choose(state, seat, CITY, {"card": card.id, "purpose": "volcano"})


def _volcano_options(state: ClashState, seat: int, p: Params) -> list[str]:
    cities = sorted(state.seats[seat].cities, key=lambda c: (c.hex.q, c.hex.r))
    plain = [c for c in cities if c.wonder is None]
    return [token(c.hex) for c in plain or cities]


def _volcano_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    h = parse_hex(answer[0])
    city = state.seats[seat].city_at(h)
    assert city is not None
    return remove_pieces(state, seat, h, [x.kind for x in city.pieces])


# -- E12-E16: floods, fire, civil war -------------------------------------------------------------


def _flood_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    return lower_cities(state, seat, p["card"], 1, near(state, seat, SEA))


def _local_flood(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    return _flood_step(state, seat, {"card": card.id})


def _wildfire(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    woods = near(state, seat, FOREST)
    if lowerable(state, seat, woods):
        return lower_cities(state, seat, card.id, 1, woods)
    me = state.seats[seat]
    lost = min(card.amount, me.resources[WOOD])
    me.resources[WOOD] -= lost
    return [item_event(state, seat, "clash.event_lost", WOOD, lost)] if lost else []


def _rebels(state: ClashState, seat: int, p: Params) -> list[str]:
    me = state.seats[seat]
    cities = [c for c in me.cities if c.mood != HAPPY and me.armies.get(c.hex, 0)]
    return [token(c.hex) for c in sorted(cities, key=lambda c: (c.hex.q, c.hex.r))]


def _civil_war(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    if not _rebels(state, seat, {}):
        return lower_cities(state, seat, card.id, 1)
    return choose(state, seat, CITY, {"card": card.id, "purpose": "civil_war"})


def _civil_war_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    h = parse_hex(answer[0])
    remove_land(state, seat, h, ARMY, 1)
    lost = Event(
        "clash.event_unit_lost", {"player": player_of(state, seat), "unit": ARMY, "space": label(h)}
    )
    return [lost, *lower(state, seat, h, p["card"])]


def _uprising(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    me = state.seats[seat]
    held = me.mood_tokens + me.culture_tokens
    if not held:
        return no_effect(state, seat, card.id, "no_tokens")
    if held == 1:
        return paid(state, seat, card.id, [MOOD if me.mood_tokens else CULTURE])
    return ask(state, seat, TOKENS, {"card": card.id, "least": 1, "most": min(card.amount, held)})


def paid(state: ClashState, seat: int, card: str, kinds: list[str]) -> list[Event]:
    me = state.seats[seat]
    events = []
    for kind in (MOOD, CULTURE):
        n = kinds.count(kind)
        if n:
            spend_tokens(me, kind, n)
            events.append(item_event(state, seat, "clash.event_lost", kind, n))
    return events + points(state, seat, 0.5 * len(kinds))


#: The main effects, the follow-up steps and the decisions' purposes of these cards.
HARM_MAIN: dict[str, Callable[[ClashState, int, EventCard], list[Event]]] = {
    "famine": _famine,
    "drought": _drought,
    "pests": _pests,
    "plague": every_player("plague"),
    "epidemic": every_player("epidemic"),
    "pandemic": every_player("pandemic"),
    "earthquake": _earthquake,
    "major_earthquake": every_player("major_quake"),
    "volcano": _volcano,
    "local_flood": _local_flood,
    "major_flood": every_player("flood"),
    "wildfire": _wildfire,
    "civil_war": _civil_war,
    "uprising": _uprising,
}
HARM_STEPS: dict[str, Callable[[ClashState, int, Params], list[Event]]] = {
    "pests": _pests_step,
    "plague": _plague_step,
    "epidemic": _epidemic_step,
    "pandemic": _pandemic_step,
    "loss": _loss_step,
    "major_quake": _major_quake_step,
    "flood": _flood_step,
}
HARM_PICKS: dict[str, Pick] = {
    "quake": Pick(_quake_options, _quake_chosen),
    "quake_pieces": Pick(_quake_piece_options, _quake_pieces),
    "volcano": Pick(_volcano_options, _volcano_chosen),
    "civil_war": Pick(_rebels, _civil_war_chosen),
    "loss": Pick(loss_options, _loss_chosen),
}
