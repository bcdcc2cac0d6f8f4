"""What the event effects share (:mod:`rules.clash.events.effects`): the decisions' kinds
and purposes (:class:`Pick`), asking only when there is a choice (:func:`choose`), lowering
moods city by city, the immunities (Irrigation, Sanitation), gains and losses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from rules.clash.board.hexes import label, parse_hex, token
from rules.clash.box.components import FOOD
from rules.clash.box.event_cards import EventCard
from rules.clash.events.flow import (
    ask,
    item_event,
    later,
    lower,
    lowerable,
)
from rules.clash.model.order import turn_order
from rules.clash.model.resources import CULTURE, MOOD, gain, gain_tokens
from rules.clash.model.state import ClashState
from rules.core import JSON, Event

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


#: Every purpose's answers and effect, filled by :mod:`rules.clash.events.effects` when it is
#: imported (it imports this module, so this one cannot import it: imports go one way).
PICKS: dict[str, Pick] = {}


def player_of(state: ClashState, seat: int) -> str:
    return state.players[seat]


def no_effect(state: ClashState, seat: int, card: str, why: str) -> list[Event]:
    params = {"player": player_of(state, seat), "card": card, "why": why}
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


def lower_options(state: ClashState, seat: int, p: Params) -> list[str]:
    among = p.get("among")
    cities = lowerable(state, seat, among)
    fresh = [c for c in cities if label(c.hex) not in p.get("done", [])]
    return [token(c.hex) for c in fresh or cities]


def lower_chosen(state: ClashState, seat: int, p: Params, answer: list[str]) -> list[Event]:
    h = parse_hex(answer[0])
    left = int(p["left"]) - 1
    if left > 0:
        later(state, seat, "lower", **{**plain(p), "left": left, "done": [*p["done"], label(h)]})
    return lower(state, seat, h, p["card"])


def plain(p: Params) -> Params:
    """The step's own params, without what a decision added."""
    return {k: v for k, v in p.items() if k not in ("purpose", "count", "step")}


def lower_step(state: ClashState, seat: int, p: Params) -> list[Event]:
    """Lower ``left`` cities of ``seat`` one step each, different ones where possible, among
    the spaces ``among`` when the card names them (C76)."""
    params = {"card": p["card"], "left": p["left"], "done": p.get("done", [])}
    if p.get("among") is not None:
        params["among"] = p["among"]
    if not lower_options(state, seat, params):
        return []
    return choose(state, seat, CITY, {**params, "purpose": "lower"})


def lower_cities(
    state: ClashState, seat: int, card: str, n: int, among: list[str] | None = None
) -> list[Event]:
    p: Params = {"card": card, "left": n, "done": []}
    if among is not None:
        p["among"] = among
    return lower_step(state, seat, p)


def immune(state: ClashState, seat: int, card: EventCard) -> bool:
    advance = IRRIGATION if card.famine else SANITATION if card.disease else None
    return advance is not None and advance in state.seats[seat].advances


def immunity(state: ClashState, seat: int, card: EventCard) -> list[Event]:
    advance = IRRIGATION if card.famine else SANITATION
    params = {"player": player_of(state, seat), "card": card.id, "advance": advance}
    return [Event("clash.event_ignored", params)]


def lose_food(state: ClashState, seat: int, n: int) -> tuple[int, list[Event]]:
    """Lose up to ``n`` Food (Gold does not stand in, [cards] §4.2); the Food not lost."""
    me = state.seats[seat]
    lost = min(n, me.resources[FOOD])
    me.resources[FOOD] -= lost
    events = [item_event(state, seat, "clash.event_lost", FOOD, lost)] if lost else []
    return n - lost, events


def got_tokens(state: ClashState, seat: int, card: str, kinds: list[str]) -> list[Event]:
    me = state.seats[seat]
    events = []
    for kind in (MOOD, CULTURE):
        n = gain_tokens(me, kind, kinds.count(kind))
        if n:
            events.append(item_event(state, seat, "clash.event_gained", kind, n))
    return events


def count_cities(state: ClashState, seat: int, piece: str) -> int:
    return sum(1 for c in state.seats[seat].cities if c.piece(piece) is not None)


def gain_item(state: ClashState, seat: int, resource: str, n: int) -> list[Event]:
    kept = gain(state.seats[seat], resource, n)
    return [item_event(state, seat, "clash.event_gained", resource, kept)] if kept else []


def others_live(state: ClashState, seat: int) -> list[int]:
    return [s for s in turn_order(state) if s != seat]


def handle(state: ClashState, seat: int) -> str:
    return f"@{state.players[seat]}"


def seat_of(state: ClashState, answer: str) -> int:
    return state.players.index(answer.removeprefix("@"))
