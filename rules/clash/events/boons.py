"""The other event cards' main effects, E18-E38 (docs/clash-cards.md §4.2; C82-C84, C88):
settlers, good years, envoys, academics, trade, stability, Reformation, the table effects and
the kept cards. Their tables are merged by :mod:`rules.clash.events.effects`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.clash.board.hexes import label, parse_hex, token
from rules.clash.box.cards import SOLAR_ECLIPSE, TROJAN_HORSE
from rules.clash.box.components import (
    ACADEMY,
    BOX_PER_PLAYER,
    FOOD,
    GOLD,
    IDEAS,
    PIECES_PER_KIND,
    PORT,
    SETTLER,
    TEMPLE,
)
from rules.clash.box.event_cards import EVENTS, EventCard
from rules.clash.events.flow import (
    ask,
    later,
)
from rules.clash.events.steps import (
    CITY,
    PLAYER,
    TOKENS,
    Params,
    Pick,
    choose,
    count_cities,
    gain_item,
    got_tokens,
    handle,
    others_live,
    player_of,
    seat_of,
)
from rules.clash.model import decks
from rules.clash.model.order import turn_order
from rules.clash.model.resources import CULTURE
from rules.clash.model.state import ClashState, Piece, pieces_in_use
from rules.core import Event


def _stability_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    card = EVENTS[p["card"]]
    n = min(card.amount, count_cities(state, seat, TEMPLE))
    if p.get("drawer"):
        n = max(1, n)
    if not n:
        return []
    return ask(state, seat, TOKENS, {"card": card.id, "least": n, "most": n})


def _stability(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    for s in reversed(turn_order(state)):
        later(state, s, "stability", card=card.id, drawer=s == seat)
    return []


# -- E18-E25: years and settlers ------------------------------------------------------------------


def _settler_room(state: ClashState, seat: int) -> bool:
    me = state.seats[seat]
    used = sum(me.settlers.values()) + sum(s.cargo.count(SETTLER) for s in me.ships)
    return bool(me.cities) and used < BOX_PER_PLAYER[SETTLER]


def _settler_players(state: ClashState, seat: int, p: Params) -> list[str]:
    seats = turn_order(state) if p["purpose"] == "migrant" else others_live(state, seat)
    return [handle(state, s) for s in seats if _settler_room(state, s)]


def _settler_for(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    target = seat_of(state, answer[0])
    return _settler_step(state, target, {"card": p["card"]})


def _settler_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    """``seat`` gains a free settler in one of their cities, which they choose."""
    if not _settler_room(state, seat):
        return []
    return choose(state, seat, CITY, {"card": p["card"], "purpose": "settler"})


def _settler_cities(state: ClashState, seat: int, p: Params) -> list[str]:
    if not _settler_room(state, seat):
        return []
    return [
        token(c.hex) for c in sorted(state.seats[seat].cities, key=lambda c: (c.hex.q, c.hex.r))
    ]


def _settler_placed(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    h = parse_hex(answer[0])
    me = state.seats[seat]
    me.settlers[h] = me.settlers.get(h, 0) + 1
    return [Event("clash.event_settler", {"player": player_of(state, seat), "space": label(h)})]


def _migration(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    later(state, seat, "lower", card=card.id, left=1, done=[])
    return choose(state, seat, PLAYER, {"card": card.id, "purpose": "migrant"})


def _boom(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    later(state, seat, "boom_other", card=card.id)
    return _settler_step(state, seat, {"card": card.id})


def _boom_other(state: ClashState, seat: int, p: Params) -> list[Event]:
    return choose(state, seat, PLAYER, {"card": p["card"], "purpose": "boom"})


def _fine_year(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    return [e for s in turn_order(state) for e in gain_item(state, s, FOOD, card.amount)]


def _good_year(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    events = gain_item(state, seat, FOOD, card.amount)
    if not others_live(state, seat):
        return events
    return events + choose(state, seat, PLAYER, {"card": card.id, "purpose": "share"}, card.amount)


def _shared(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    return [e for a in answer for e in gain_item(state, seat_of(state, a), FOOD, 1)]


def _splendid_year(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    events = []
    for s in turn_order(state):
        events += gain_item(state, s, FOOD, card.amount if s == seat else 1)
    return events


def _prosperous_year(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    live = turn_order(state)
    sizes = {s: len(state.seats[s].cities) for s in live}
    most, fewest = max(sizes.values()), min(sizes.values())
    if most == fewest:
        return [e for s in live for e in gain_item(state, s, FOOD, 1)]
    return [e for s in live if sizes[s] == fewest for e in gain_item(state, s, FOOD, most - fewest)]


# -- E26-E28: envoys, academics, trade ------------------------------------------------------------


def _envoys(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    events = gain_item(state, seat, IDEAS, 1) + got_tokens(state, seat, card.id, [CULTURE])
    wonder = decks.reveal_wonder(state)
    if wonder is not None:
        events.append(
            Event("clash.wonder_revealed", {"player": player_of(state, seat), "wonder": wonder})
        )
    return events + choose(state, seat, PLAYER, {"card": card.id, "purpose": "envoy"})


def _other_players(state: ClashState, seat: int, p: Params) -> list[str]:
    return [handle(state, s) for s in others_live(state, seat)]


def _envoy_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    return got_tokens(state, seat_of(state, answer[0]), p["card"], [CULTURE])


def _per_city(
    piece: str, resource: str, cap: int | None
) -> Callable[[ClashState, int, EventCard], list[Event]]:
    def run(state: ClashState, seat: int, card: EventCard) -> list[Event]:
        events = []
        for s in turn_order(state):
            n = count_cities(state, s, piece)
            if cap is not None:
                n = min(cap, n)
            if s == seat:
                n = max(n, card.amount if cap is None else 1)
            events += gain_item(state, s, resource, n)
        return events

    return run


# -- E30: Reformation -----------------------------------------------------------------------------


def _temples(state: ClashState, seat: int) -> list[str]:
    """``seat``'s cities holding a Temple of its own colour."""
    cities = [c for c in state.seats[seat].cities if Piece(TEMPLE, seat) in c.pieces]
    return [token(c.hex) for c in sorted(cities, key=lambda c: (c.hex.q, c.hex.r))]


def _reformation(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    if _temples(state, seat):
        return _reform(state, seat, {"card": card.id})
    return choose(state, seat, PLAYER, {"card": card.id, "purpose": "reformer"})


def _reformers(state: ClashState, seat: int, p: Params) -> list[str]:
    return [handle(state, s) for s in others_live(state, seat) if _temples(state, s)]


def _reformer_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    return _reform(state, seat_of(state, answer[0]), {"card": p["card"]})


def _reform(state: ClashState, seat: int, p: Params) -> list[Event]:
    return choose(state, seat, PLAYER, {"card": p["card"], "purpose": "reform_target"})


def _reform_targets(state: ClashState, seat: int, p: Params) -> list[str]:
    others = others_live(state, seat)
    return [handle(state, s) for s in others if pieces_in_use(state, s, TEMPLE) < PIECES_PER_KIND]


def _reform_target_chosen(
    state: ClashState, seat: int, p: Params, answer: list[str]
) -> list[Event]:
    target = seat_of(state, answer[0])
    return choose(state, seat, CITY, {"card": p["card"], "purpose": "reform_city", "to": target})


def _reform_cities(state: ClashState, seat: int, p: Params) -> list[str]:
    return _temples(state, seat)


def _reformed(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    h = parse_hex(answer[0])
    target = int(p["to"])
    me = state.seats[seat]
    swap = {Piece(TEMPLE, seat): Piece(TEMPLE, target)}
    me.cities = [
        replace(c, pieces=tuple(swap.get(x, x) for x in c.pieces)) if c.hex == h else c
        for c in me.cities
    ]
    params = {"player": player_of(state, seat), "space": label(h), "to": state.players[target]}
    return [Event("clash.event_temple_replaced", params)]


# -- E31-E38: table effects and kept cards --------------------------------------------------------


def _table(effect: str) -> Callable[[ClashState, int, EventCard], list[Event]]:
    def run(state: ClashState, seat: int, card: EventCard) -> list[Event]:
        state.table_effects = tuple(sorted({*state.table_effects, effect}))
        return [Event("clash.event_table_effect", {"effect": effect, "card": card.id})]

    return run


def _keep(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    # In front of the drawer since the draw (rules.clash.events.resolving.draw).
    return [Event("clash.event_kept", {"player": player_of(state, seat), "card": card.id})]


#: The main effects, the follow-up steps and the decisions' purposes of these cards.
BOON_MAIN: dict[str, Callable[[ClashState, int, EventCard], list[Event]]] = {
    "migration": _migration,
    "fine_year": _fine_year,
    "good_year": _good_year,
    "splendid_year": _splendid_year,
    "prosperous_year": _prosperous_year,
    "population_boom": _boom,
    "envoys": _envoys,
    "academics": _per_city(ACADEMY, IDEAS, None),
    "brisk_trade": _per_city(PORT, GOLD, 3),
    "stability": _stability,
    "reformation": _reformation,
    "trojan_horse": _table(TROJAN_HORSE),
    "solar_eclipse": _table(SOLAR_ECLIPSE),
    **dict.fromkeys(("scientist", "artist", "prophet", "general", "engineer", "explorer"), _keep),
}
BOON_STEPS: dict[str, Callable[[ClashState, int, Params], list[Event]]] = {
    "stability": _stability_step,
    "boom_other": _boom_other,
}
BOON_PICKS: dict[str, Pick] = {
    "settler": Pick(_settler_cities, _settler_placed),
    "migrant": Pick(_settler_players, _settler_for),
    "boom": Pick(_settler_players, _settler_for),
    "share": Pick(_other_players, _shared),
    "envoy": Pick(_other_players, _envoy_chosen),
    "reformer": Pick(_reformers, _reformer_chosen),
    "reform_target": Pick(_reform_targets, _reform_target_chosen),
    "reform_city": Pick(_reform_cities, _reformed),
}
