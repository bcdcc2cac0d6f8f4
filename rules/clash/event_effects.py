"""The main effects of the event cards E01-E32 and E33-E38's keeping (``clash-cards.md`` §4.2;
open points C75-C89). :mod:`rules.clash.events` draws the card and runs its symbol; this
module carries out the main effect, one step at a time (:mod:`rules.clash.event_flow`).

Choices go to the player they belong to as nested decisions (``event_city``,
``event_player``, ``event_pieces``, ``event_loss``, ``event_tokens``), each with the
``purpose`` that says what the answer does (:data:`PICKS`); none is asked when one answer is
left. "Every player" effects go in turn order from the first player. Irrigation ignores the
Famine cards (E01-E05), Sanitation Plague, Epidemic and Pandemic (E06-E08), each for its owner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from rules.clash import decks
from rules.clash import marks as mk
from rules.clash.cards import SOLAR_ECLIPSE, TROJAN_HORSE
from rules.clash.components import (
    ACADEMY,
    ARMY,
    BOX_PER_PLAYER,
    FOOD,
    GOLD,
    HAPPY,
    IDEAS,
    PIECES_PER_KIND,
    PORT,
    RESOURCES,
    SETTLEMENT,
    SETTLER,
    SHIP,
    TEMPLE,
    WOOD,
)
from rules.clash.event_cards import EVENTS, EventCard
from rules.clash.event_flow import (
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
from rules.clash.hexes import label, parse_hex, token
from rules.clash.resources import CULTURE, MOOD, gain, gain_tokens, spend_tokens
from rules.clash.rounds import turn_order
from rules.clash.state import ClashState, Piece, pieces_in_use
from rules.clash.tiles import BARREN, FOREST, SEA
from rules.clash.transfer import remove_land
from rules.core import Event

JSON = Any
Params = dict[str, JSON]
CITY: Final = "event_city"
PLAYER: Final = "event_player"
PIECES: Final = "event_pieces"
LOSS: Final = "event_loss"
TOKENS: Final = "event_tokens"
IRRIGATION, SANITATION = "irrigation", "sanitation"
#: Epidemic and Plague hit twice as hard with any of these (the card's "trade network").
SPREADERS: tuple[str, ...] = ("roads", "navigation", "trade_routes")


@dataclass(frozen=True, slots=True)
class Pick:
    """A decision's purpose: its answers (tokens) and what a chosen answer does."""

    options: Callable[[ClashState, int, Params], list[str]]
    chosen: Callable[[ClashState, int, Params, list[str]], list[Event]]


def _player(state: ClashState, seat: int) -> str:
    return state.players[seat]


def _nothing(state: ClashState, seat: int, card: str, why: str) -> list[Event]:
    params = {"player": _player(state, seat), "card": card, "why": why}
    return [Event("clash.event_no_effect", params)]


def choose(state: ClashState, seat: int, kind: str, params: Params, count: int = 1) -> list[Event]:
    """Ask ``seat`` for ``count`` answers of ``params['purpose']``, unless one answer is left
    (or the seat resigned: the first answers)."""
    pick = PICKS[params["purpose"]]
    opts = pick.options(state, seat, params)
    if not opts:
        return []
    if kind == PIECES:
        if len(opts) <= count or state.seats[seat].resigned:
            return pick.chosen(state, seat, params, opts[:count])
    elif len(opts) == 1 or state.seats[seat].resigned:
        return pick.chosen(state, seat, params, [opts[0]] * count)
    return ask(state, seat, kind, {**params, "count": count} if kind != CITY else params)


# -- cities and their moods -----------------------------------------------------------------------


def _lower_options(state: ClashState, seat: int, p: Params) -> list[str]:
    among = p.get("among")
    cities = lowerable(state, seat, among)
    fresh = [c for c in cities if label(c.hex) not in p.get("done", [])]
    return [token(c.hex) for c in fresh or cities]


def _lower_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    h = parse_hex(answer[0])
    left = int(p["left"]) - 1
    if left > 0:
        later(state, seat, "lower", **{**_plain(p), "left": left, "done": [*p["done"], label(h)]})
    return lower(state, seat, h, p["card"])


def _plain(p: Params) -> Params:
    """The step's own params, without what a decision added."""
    return {k: v for k, v in p.items() if k not in ("purpose", "count", "step")}


def lower_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    """Lower ``left`` cities of ``seat`` one step each, different ones where possible, among
    the spaces ``among`` when the card names them (C76)."""
    params = {"card": p["card"], "left": p["left"], "done": p.get("done", [])}
    if p.get("among") is not None:
        params["among"] = p["among"]
    if not _lower_options(state, seat, params):
        return []
    return choose(state, seat, CITY, {**params, "purpose": "lower"})


def _lower(
    state: ClashState, seat: int, card: str, n: int, among: list[str] | None = None
) -> list[Event]:
    p: Params = {"card": card, "left": n, "done": []}
    if among is not None:
        p["among"] = among
    return lower_step(state, seat, p)


# -- E01-E05: famines -----------------------------------------------------------------------------


def _immune(state: ClashState, seat: int, card: EventCard) -> bool:
    advance = IRRIGATION if card.famine else SANITATION if card.disease else None
    return advance is not None and advance in state.seats[seat].advances


def _immunity(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    advance = IRRIGATION if card.famine else SANITATION
    params = {"player": _player(state, seat), "card": card.id, "advance": advance}
    return [Event("clash.event_ignored", params)]


def _lose_food(state: ClashState, seat: int, n: int) -> tuple[int, list[Event]]:
    """Lose up to ``n`` Food (Gold does not stand in, [cards] §4.2); the Food not lost."""
    me = state.seats[seat]
    lost = min(n, me.resources[FOOD])
    me.resources[FOOD] -= lost
    events = [item_event(state, seat, "clash.event_lost", FOOD, lost)] if lost else []
    return n - lost, events


def _famine(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    if _immune(state, seat, card):
        return _immunity(state, seat, card)
    unpaid, events = _lose_food(state, seat, card.amount)
    return events + (_lower(state, seat, card.id, unpaid) if unpaid else [])


def _drought(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    if _immune(state, seat, card):
        return _immunity(state, seat, card)
    dry = near(state, seat, BARREN)
    if not dry:
        return _nothing(state, seat, card.id, "no_city_by_barren")
    unpaid, events = _lose_food(state, seat, min(card.amount, len(dry)))
    return events + (_lower(state, seat, card.id, unpaid, dry) if unpaid else [])


def _pests(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    each_player(state, "pests", card=card.id)
    return []


def _pests_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    card = EVENTS[p["card"]]
    if "storage" not in state.seats[seat].advances:
        return []
    if _immune(state, seat, card):
        return _immunity(state, seat, card)
    unpaid, events = _lose_food(state, seat, card.amount)
    return events + (_lower(state, seat, card.id, 1) if unpaid else [])


# -- E06-E08: diseases ----------------------------------------------------------------------------


def _times(state: ClashState, seat: int) -> int:
    return 2 if any(a in state.seats[seat].advances for a in SPREADERS) else 1


def _every(step: str) -> Callable[[ClashState, int, EventCard], list[Event]]:
    def run(state: ClashState, seat: int, card: EventCard) -> list[Event]:
        each_player(state, step, card=card.id)
        return []

    return run


def _plague_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    card = EVENTS[p["card"]]
    if len(state.seats[seat].cities) < 2:
        return []
    if _immune(state, seat, card):
        return _immunity(state, seat, card)
    return _lower(state, seat, card.id, _times(state, seat))


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
    if _immune(state, seat, card):
        return _immunity(state, seat, card)
    return _loss_step(state, seat, {"card": card.id, "left": _times(state, seat)})


def _pandemic_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    card = EVENTS[p["card"]]
    n = len(state.seats[seat].cities) // 2
    if not n:
        return []
    if _immune(state, seat, card):
        return _immunity(state, seat, card)
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
        return [Event("clash.event_card_discarded", {"player": _player(state, seat), "card": card})]
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
    params = {"player": _player(state, seat), "unit": kind, "space": where}
    return [Event("clash.event_unit_lost", params)]


# -- E09-E11: earthquakes and the volcano ---------------------------------------------------------


def _others(state: ClashState, seat: int, space: str) -> list[str]:
    city = state.seats[seat].city_at(parse_hex(space))
    assert city is not None
    return [p.kind for p in city.pieces if p.kind != SETTLEMENT]


def _earthquake(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    if len(state.seats[seat].cities) < 3:
        return _nothing(state, seat, card.id, "fewer_than_3_cities")
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
        return _nothing(state, seat, p["card"], "wonder_keeps_its_settlement")
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
        return _nothing(state, seat, card.id, "fewer_than_4_cities")
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
    return _lower(state, seat, p["card"], 1, near(state, seat, SEA))


def _local_flood(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    return _flood_step(state, seat, {"card": card.id})


def _wildfire(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    woods = near(state, seat, FOREST)
    if lowerable(state, seat, woods):
        return _lower(state, seat, card.id, 1, woods)
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
        return _lower(state, seat, card.id, 1)
    return choose(state, seat, CITY, {"card": card.id, "purpose": "civil_war"})


def _civil_war_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    h = parse_hex(answer[0])
    remove_land(state, seat, h, ARMY, 1)
    lost = Event(
        "clash.event_unit_lost", {"player": _player(state, seat), "unit": ARMY, "space": label(h)}
    )
    return [lost, *lower(state, seat, h, p["card"])]


# -- E17: Uprising; E29: Era of Stability ---------------------------------------------------------


def _uprising(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    me = state.seats[seat]
    held = me.mood_tokens + me.culture_tokens
    if not held:
        return _nothing(state, seat, card.id, "no_tokens")
    if held == 1:
        return _paid(state, seat, card.id, [MOOD if me.mood_tokens else CULTURE])
    return ask(state, seat, TOKENS, {"card": card.id, "least": 1, "most": min(card.amount, held)})


def _paid(state: ClashState, seat: int, card: str, kinds: list[str]) -> list[Event]:
    me = state.seats[seat]
    events = []
    for kind in (MOOD, CULTURE):
        n = kinds.count(kind)
        if n:
            spend_tokens(me, kind, n)
            events.append(item_event(state, seat, "clash.event_lost", kind, n))
    return events + points(state, seat, 0.5 * len(kinds))


def _got_tokens(state: ClashState, seat: int, card: str, kinds: list[str]) -> list[Event]:
    me = state.seats[seat]
    events = []
    for kind in (MOOD, CULTURE):
        n = gain_tokens(me, kind, kinds.count(kind))
        if n:
            events.append(item_event(state, seat, "clash.event_gained", kind, n))
    return events


def tokens_chosen(state: ClashState, seat: int, p: Params, kinds: list[str]) -> list[Event]:
    """The answer to ``event_tokens``: paid (Uprising) or gained (Era of Stability)."""
    if EVENTS[p["card"]].effect == "uprising":
        return _paid(state, seat, p["card"], kinds)
    return _got_tokens(state, seat, p["card"], kinds)


def _count_cities(state: ClashState, seat: int, piece: str) -> int:
    return sum(1 for c in state.seats[seat].cities if c.piece(piece) is not None)


def _stability_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    card = EVENTS[p["card"]]
    n = min(card.amount, _count_cities(state, seat, TEMPLE))
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


def _gain(state: ClashState, seat: int, resource: str, n: int) -> list[Event]:
    kept = gain(state.seats[seat], resource, n)
    return [item_event(state, seat, "clash.event_gained", resource, kept)] if kept else []


def _settler_room(state: ClashState, seat: int) -> bool:
    me = state.seats[seat]
    used = sum(me.settlers.values()) + sum(s.cargo.count(SETTLER) for s in me.ships)
    return bool(me.cities) and used < BOX_PER_PLAYER[SETTLER]


def _others_live(state: ClashState, seat: int) -> list[int]:
    return [s for s in turn_order(state) if s != seat]


def handle(state: ClashState, seat: int) -> str:
    return f"@{state.players[seat]}"


def _settler_players(state: ClashState, seat: int, p: Params) -> list[str]:
    seats = turn_order(state) if p["purpose"] == "migrant" else _others_live(state, seat)
    return [handle(state, s) for s in seats if _settler_room(state, s)]


def _seat_of(state: ClashState, answer: str) -> int:
    return state.players.index(answer.removeprefix("@"))


def _settler_for(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    target = _seat_of(state, answer[0])
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
    return [Event("clash.event_settler", {"player": _player(state, seat), "space": label(h)})]


def _migration(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    later(state, seat, "lower", card=card.id, left=1, done=[])
    return choose(state, seat, PLAYER, {"card": card.id, "purpose": "migrant"})


def _boom(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    later(state, seat, "boom_other", card=card.id)
    return _settler_step(state, seat, {"card": card.id})


def _boom_other(state: ClashState, seat: int, p: Params) -> list[Event]:
    return choose(state, seat, PLAYER, {"card": p["card"], "purpose": "boom"})


def _fine_year(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    return [e for s in turn_order(state) for e in _gain(state, s, FOOD, card.amount)]


def _good_year(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    events = _gain(state, seat, FOOD, card.amount)
    if not _others_live(state, seat):
        return events
    return events + choose(state, seat, PLAYER, {"card": card.id, "purpose": "share"}, card.amount)


def _shared(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    return [e for a in answer for e in _gain(state, _seat_of(state, a), FOOD, 1)]


def _splendid_year(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    events = []
    for s in turn_order(state):
        events += _gain(state, s, FOOD, card.amount if s == seat else 1)
    return events


def _prosperous_year(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    live = turn_order(state)
    sizes = {s: len(state.seats[s].cities) for s in live}
    most, fewest = max(sizes.values()), min(sizes.values())
    if most == fewest:
        return [e for s in live for e in _gain(state, s, FOOD, 1)]
    return [e for s in live if sizes[s] == fewest for e in _gain(state, s, FOOD, most - fewest)]


# -- E26-E28: envoys, academics, trade ------------------------------------------------------------


def _envoys(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    events = _gain(state, seat, IDEAS, 1) + _got_tokens(state, seat, card.id, [CULTURE])
    wonder = decks.reveal_wonder(state)
    if wonder is not None:
        events.append(
            Event("clash.wonder_revealed", {"player": _player(state, seat), "wonder": wonder})
        )
    return events + choose(state, seat, PLAYER, {"card": card.id, "purpose": "envoy"})


def _other_players(state: ClashState, seat: int, p: Params) -> list[str]:
    return [handle(state, s) for s in _others_live(state, seat)]


def _envoy_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    return _got_tokens(state, _seat_of(state, answer[0]), p["card"], [CULTURE])


def _per_city(
    piece: str, resource: str, cap: int | None
) -> Callable[[ClashState, int, EventCard], list[Event]]:
    def run(state: ClashState, seat: int, card: EventCard) -> list[Event]:
        events = []
        for s in turn_order(state):
            n = _count_cities(state, s, piece)
            if cap is not None:
                n = min(cap, n)
            if s == seat:
                n = max(n, card.amount if cap is None else 1)
            events += _gain(state, s, resource, n)
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
    return [handle(state, s) for s in _others_live(state, seat) if _temples(state, s)]


def _reformer_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    return _reform(state, _seat_of(state, answer[0]), {"card": p["card"]})


def _reform(state: ClashState, seat: int, p: Params) -> list[Event]:
    return choose(state, seat, PLAYER, {"card": p["card"], "purpose": "reform_target"})


def _reform_targets(state: ClashState, seat: int, p: Params) -> list[str]:
    others = _others_live(state, seat)
    return [handle(state, s) for s in others if pieces_in_use(state, s, TEMPLE) < PIECES_PER_KIND]


def _reform_target_chosen(
    state: ClashState, seat: int, p: Params, answer: list[str]
) -> list[Event]:
    target = _seat_of(state, answer[0])
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
    params = {"player": _player(state, seat), "space": label(h), "to": state.players[target]}
    return [Event("clash.event_temple_replaced", params)]


# -- E31-E38: table effects and kept cards --------------------------------------------------------


def _table(effect: str) -> Callable[[ClashState, int, EventCard], list[Event]]:
    def run(state: ClashState, seat: int, card: EventCard) -> list[Event]:
        state.table_effects = tuple(sorted({*state.table_effects, effect}))
        return [Event("clash.event_table_effect", {"effect": effect, "card": card.id})]

    return run


def _keep(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    # In front of the drawer since the draw (rules.clash.events.draw).
    return [Event("clash.event_kept", {"player": _player(state, seat), "card": card.id})]


MAIN: dict[str, Callable[[ClashState, int, EventCard], list[Event]]] = {
    "famine": _famine,
    "drought": _drought,
    "pests": _pests,
    "plague": _every("plague"),
    "epidemic": _every("epidemic"),
    "pandemic": _every("pandemic"),
    "earthquake": _earthquake,
    "major_earthquake": _every("major_quake"),
    "volcano": _volcano,
    "local_flood": _local_flood,
    "major_flood": _every("flood"),
    "wildfire": _wildfire,
    "civil_war": _civil_war,
    "uprising": _uprising,
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
#: The follow-up steps of the effects, by name.
STEPS: dict[str, Callable[[ClashState, int, Params], list[Event]]] = {
    "lower": lower_step,
    "pests": _pests_step,
    "plague": _plague_step,
    "epidemic": _epidemic_step,
    "pandemic": _pandemic_step,
    "loss": _loss_step,
    "major_quake": _major_quake_step,
    "flood": _flood_step,
    "stability": _stability_step,
    "boom_other": _boom_other,
}
#: The purposes of the effects' decisions.
PICKS: dict[str, Pick] = {
    "lower": Pick(_lower_options, _lower_chosen),
    "quake": Pick(_quake_options, _quake_chosen),
    "quake_pieces": Pick(_quake_piece_options, _quake_pieces),
    "volcano": Pick(_volcano_options, _volcano_chosen),
    "civil_war": Pick(_rebels, _civil_war_chosen),
    "loss": Pick(loss_options, _loss_chosen),
    "settler": Pick(_settler_cities, _settler_placed),
    "migrant": Pick(_settler_players, _settler_for),
    "boom": Pick(_settler_players, _settler_for),
    "share": Pick(_other_players, _shared),
    "envoy": Pick(_other_players, _envoy_chosen),
    "reformer": Pick(_reformers, _reformer_chosen),
    "reform_target": Pick(_reform_targets, _reform_target_chosen),
    "reform_city": Pick(_reform_cities, _reformed),
}
#: Which decision kind each purpose is asked with.
PURPOSE_KIND: dict[str, str] = {
    **dict.fromkeys(("lower", "quake", "volcano", "civil_war", "settler", "reform_city"), CITY),
    "quake_pieces": PIECES,
    "loss": LOSS,
    **dict.fromkeys(("migrant", "boom", "share", "envoy", "reformer", "reform_target"), PLAYER),
}


def main(state: ClashState, seat: int, card: str) -> list[Event]:
    """The main effect of ``card`` drawn by ``seat``."""
    return MAIN[EVENTS[card].effect](state, seat, EVENTS[card])
