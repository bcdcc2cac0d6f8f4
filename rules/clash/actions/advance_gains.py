"""Gaining an advance, whichever way (p.7, p.4, p.5, p.2, p.11; C12-C20): who may have
which, what it costs, and what it brings: the cube, levels and event draws, one-time
effects, the Synergy cards' window, Monuments' reservation and Dogma's free advance."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import replace

from rules.clash.actions import library
from rules.clash.box.advances import (
    ADVANCE,
    ADVANCE_IDS,
    BORDERS,
    CULTURE,
    GOVERNMENTS,
    in_order,
    top,
)
from rules.clash.box.components import FOOD, IDEAS, ORE, TRACK_MAX, storage_limit
from rules.clash.events import resolving as event_draw
from rules.clash.events.flow import defer
from rules.clash.model import decks
from rules.clash.model.civil_cards import IDEA_SYNERGY, TECH_SYNERGY, held
from rules.clash.model.registry import Answer
from rules.clash.model.resources import CULTURE as CULTURE_TOKEN
from rules.clash.model.resources import MOOD, can_pay, enforce_caps, gain, gain_tokens
from rules.clash.model.state import TURN, ClashState, PlayerState
from rules.core import JSON, Choice, Decision, Event, IllegalAction

ADVANCE_FOOD = 2
STEEL_WEAPONS_ORE = 2


#: Levels that draw an event card when reached (p.5, p.13).
EVENT_LEVELS = frozenset({3, 5, 7})
#: Advances whose Food cost another advance waives (p.2).
FOOD_WAIVERS: dict[str, str] = {
    "engineering": "mathematics",
    "roads": "mathematics",
    "cartography": "astronomy",
    "navigation": "astronomy",
    "metallurgy": "chemistry",
    "steel_weapons": "metallurgy",
}
PRIESTHOOD = "priesthood"
FREE_EDUCATION = "free_education"
RESERVE_WONDER = "reserve_wonder"
#: The decision of Tech Synergy and Idea Synergy after an advance (C106).
SYNERGY = "synergy"
#: The follow-up that opens the Synergy window once an advance's event is over.
SYNERGY_WINDOW = "synergy_window"


def problem(me: PlayerState, advance: str) -> IllegalAction | None:
    """Why ``me`` may not gain ``advance`` at all (whatever it costs), or None."""
    if advance not in ADVANCE:
        return IllegalAction("unknown_advance", token=advance)
    a = ADVANCE[advance]
    if advance in me.advances:
        return IllegalAction("already_owned", advance=advance)
    owned = not me.advances.isdisjoint(fellows(advance))  # ``advance`` itself is not owned
    first = top(a.category)
    if not owned and advance != first:
        return IllegalAction("top_advance_first", advance=advance, top=first)
    if a.requires is not None and a.requires not in me.advances:
        return IllegalAction("needs_advance", advance=advance, needs=a.requires)
    return None


def switching(me: PlayerState, advance: str) -> list[str]:
    """The advances of the old government whose cubes move, when ``advance`` is the top of
    another government (p.7); empty otherwise."""
    category = ADVANCE[advance].category
    old = me.government
    if category not in GOVERNMENTS or old is None or old == category:
        return []
    return in_order({x for x in me.advances if ADVANCE[x].category == old})


def base_cost(me: PlayerState, advance: str) -> dict[str, int]:
    """The price of ``advance`` with the waivers of other advances (p.2, C20)."""
    food = ADVANCE_FOOD
    ore = STEEL_WEAPONS_ORE if advance == "steel_weapons" else 0
    waiver = FOOD_WAIVERS.get(advance)
    if waiver is not None and waiver in me.advances:
        food = 0
        if advance == "steel_weapons":
            ore = 0
    return {FOOD: food, ORE: ore}


def cost(state: ClashState, seat: int, advance: str) -> dict[str, int]:
    """What buying ``advance`` costs ``seat`` now (before any Ideas replace Food): the base
    price, without Food when Priesthood's once-per-turn waiver applies (C19)."""
    price = base_cost(state.seats[seat], advance)
    if price[FOOD] and _priesthood_applies(state, seat, advance):
        price[FOOD] = 0
    return price


def _priesthood_applies(state: ClashState, seat: int, advance: str) -> bool:
    me = state.seats[seat]
    # "Once per turn": the status phase (Tech Synergy after the free advance) has no turn.
    return (
        state.phase == TURN
        and PRIESTHOOD in me.advances
        and ADVANCE[advance].category == "science"
        and PRIESTHOOD not in state.turn_state.used
    )


def payable(me: PlayerState, price: dict[str, int], ideas: int) -> bool:
    return (
        ideas <= me.resources[IDEAS]
        and ideas <= price[FOOD]
        and can_pay(me, {FOOD: price[FOOD] - ideas, ORE: price[ORE]})
    )


def affordable(state: ClashState, seat: int, advance: str) -> bool:
    """Whether some payment buys ``advance``."""
    me = state.seats[seat]
    price = cost(state, seat, advance)
    return any(payable(me, price, k) for k in range(price[FOOD] + 1))


def buyable(state: ClashState, seat: int) -> list[str]:
    """The advances ``seat`` can buy now, in board order."""
    return list(each_buyable(state, seat))


def each_buyable(state: ClashState, seat: int) -> Iterator[str]:
    me = state.seats[seat]
    return (a for a in ADVANCE_IDS if problem(me, a) is None and affordable(state, seat, a))


def gainable(me: PlayerState) -> list[str]:
    """The advances ``me`` may gain for free (status phase, cards), in board order."""
    return [a for a in ADVANCE_IDS if problem(me, a) is None]


@functools.cache
def fellows(advance: str) -> tuple[str, ...]:
    """The other advances of the category of ``advance``, in board order (cached: the board
    never changes)."""
    category = ADVANCE[advance].category
    return tuple(a for a in ADVANCE_IDS if ADVANCE[a].category == category and a != advance)


def gained(state: ClashState, seat: int, advance: str, cubes: tuple[str, ...] = ()) -> list[Event]:
    """``seat`` gains ``advance`` (legality checked by the caller): cube, level and token,
    event, one-time effects, in the order of C12; a government switch moves the cubes. Then
    the "when you get an advance" window of Tech Synergy and Idea Synergy
    (:func:`_synergy_window`)."""
    depth = len(state.prompts.decisions)
    events = _gain(state, seat, advance, cubes)
    _synergy_window(state, seat, advance, depth)
    return events


def _synergy_window(state: ClashState, seat: int, advance: str, depth: int) -> None:
    """A player holding Tech Synergy or Idea Synergy that can act now may play it
    (``synergy``, answered in :mod:`rules.clash.cards.decisions`), after what the advance
    asked (a wonder to reserve, an event's: docs/clash-cards.md §8.1 (f)). When it asked
    something, the window waits beneath as a follow-up and opens when that is answered, if a
    card can still be played then (it may have been spent in a barbarian attack the event
    brought). Only a player who can play one now gets the window."""
    if state.seats[seat].resigned or not synergy_cards(state, seat, advance, []):
        return
    if len(state.prompts.decisions) > depth:
        defer(state, depth, seat, SYNERGY_WINDOW, advance=advance)
    else:
        open_synergy(state, seat, {"advance": advance})


def open_synergy(state: ClashState, seat: int, params: dict[str, JSON]) -> list[Event]:
    advance = str(params["advance"])
    if not state.seats[seat].resigned and synergy_cards(state, seat, advance, []):
        state.prompts = state.prompts.push(synergy_decision(state, seat, advance, []))
    return []


def synergy_window_problem(state: ClashState, seat: int, params: dict[str, JSON]) -> str | None:
    if set(params) != {"advance"} or params["advance"] not in ADVANCE:
        return f"synergy window params {dict(params)}"
    return None


def same_category(state: ClashState, seat: int, advance: str) -> list[str]:
    """The advances of ``advance``'s category that ``seat`` can buy now (Tech Synergy)."""
    category = ADVANCE[advance].category
    return [a for a in buyable(state, seat) if ADVANCE[a].category == category]


def synergy_cards(state: ClashState, seat: int, advance: str, played: list[str]) -> list[str]:
    """The Synergy cards ``seat`` may play now for ``advance`` (one per kind)."""
    me = state.seats[seat]
    out = []
    tech, ideas = held(me, TECH_SYNERGY), held(me, IDEA_SYNERGY)
    if tech and TECH_SYNERGY not in played and same_category(state, seat, advance):
        out.append(tech[0])
    room = me.resources[IDEAS] < storage_limit(me.advances, IDEAS)
    if ideas and IDEA_SYNERGY not in played and room:
        out.append(ideas[0])
    return out


def synergy_decision(state: ClashState, seat: int, advance: str, played: list[str]) -> Decision:
    """The ``synergy`` decision for ``advance`` (not pushed: the caller places it)."""
    depth = len(state.prompts.decisions)
    pid = f"{SYNERGY}:{state.round}.{state.turn}.{seat}.{advance}.{len(played)}.{depth}"
    params = {"advance": advance, "played": list(played)}
    return Decision(pid, seat, SYNERGY, params, state.active if state.phase == TURN else None)


def _gain(state: ClashState, seat: int, advance: str, cubes: tuple[str, ...]) -> list[Event]:
    me = state.seats[seat]
    player = state.players[seat]
    moved = switching(me, advance)
    had_government = me.government is not None
    # The Great Library looks at what its owner lacks when the advance comes (p.15).
    library_events = library.idea(state, seat, advance)
    if moved:
        others = [
            a
            for a in ADVANCE_IDS
            if ADVANCE[a].category == ADVANCE[advance].category and a != advance
        ]
        # Every other advance of the new government, when the moved cubes fill them all.
        placed = list(cubes) if len(cubes) == len(moved) - 1 else others
        me.advances = (me.advances - set(moved)) | {advance, *placed}
        enforce_caps(me)  # switching into Theocracy with Dogma caps Ideas at 2 too (C7)
        return [
            Event(
                "clash.government_switched",
                {"player": player, "advance": advance, "moved": moved, "placed": placed},
            ),
            *library_events,
        ]
    me.advances = me.advances | {advance}
    enforce_caps(me)
    events: list[Event] = []
    border = BORDERS.get(advance)
    if border is not None:
        at = len(state.prompts.decisions)
        events += _level_up(state, seat, border)
        if event_draw.after_event(state, at, seat, advance, had_government):
            return events + library_events
    return events + one_time(state, seat, advance, had_government) + library_events


def _level_up(state: ClashState, seat: int, border: str) -> list[Event]:
    """A bordered advance: the level one step up (at most 8) and a token (p.4, p.5)."""
    me = state.seats[seat]
    name = "culture_level" if border == CULTURE else "happiness_level"
    before = getattr(me, name)
    level = min(TRACK_MAX, before + 1)
    setattr(me, name, level)
    token_kind = CULTURE_TOKEN if border == CULTURE else MOOD
    took = gain_tokens(me, token_kind, 1)
    player = state.players[seat]
    events = [
        Event(
            "clash.level_rose",
            {"player": player, "track": border, "level": level, "token": took},
        )
    ]
    if level != before and level in EVENT_LEVELS:
        events += draw_event(state, seat)
    return events


def draw_event(state: ClashState, seat: int) -> list[Event]:
    """Draw the top event card and resolve it (p.5, p.13; :mod:`rules.clash.events.resolving`)."""
    return event_draw.draw(state, seat)


def one_time(state: ClashState, seat: int, advance: str, had_government: bool) -> list[Event]:
    me = state.seats[seat]
    player = state.players[seat]
    events: list[Event] = []
    if advance in ("engineering", "monuments"):
        wonder = decks.reveal_wonder(state)
        if wonder is not None:
            events.append(Event("clash.wonder_revealed", {"player": player, "wonder": wonder}))
        if advance == "monuments":
            events += _ask_reservation(state, seat)
    if advance == "metallurgy" and "steel_weapons" in me.advances:
        events.append(_gained(state, seat, ORE, 2, advance))
    science = ADVANCE[advance].category == "science"
    if advance == "philosophy" or (science and "philosophy" in me.advances):
        events.append(_gained(state, seat, IDEAS, 1, "philosophy"))
    first_government = not had_government and me.government is not None
    writing_now = advance == "writing" and me.government is not None
    if writing_now or (first_government and "writing" in me.advances):
        events += decks.draw_hand_cards(state, seat)
    return events


def _gained(state: ClashState, seat: int, resource: str, n: int, why: str) -> Event:
    kept = gain(state.seats[seat], resource, n)
    return Event(
        "clash.gained",
        {"player": state.players[seat], "resource": resource, "count": kept, "from": why},
    )


def _reservable(state: ClashState) -> list[str]:
    cards = state.cards
    return [w for w in cards.revealed if w not in cards.reserved]


def _ask_reservation(state: ClashState, seat: int) -> list[Event]:
    """Monuments reserves a revealed wonder for its owner (p.2, C27): asked when there is a
    choice, taken at once when one wonder is open."""
    open_ = _reservable(state)
    if not open_:
        return []
    if len(open_) == 1:
        return _reserve(state, seat, open_[0])
    # Monuments may come in another player's turn (Tech Exchange) or in the status phase.
    turn = state.active if state.phase == TURN else None
    decision = Decision(
        f"reserve:{state.round}.{state.turn}.{seat}", seat, RESERVE_WONDER, {}, turn
    )
    state.prompts = state.prompts.push(decision)
    return []


def _reserve(state: ClashState, seat: int, wonder: str) -> list[Event]:
    state.cards = replace(state.cards, reserved={**state.cards.reserved, wonder: seat})
    return [Event("clash.wonder_reserved", {"player": state.players[seat], "wonder": wonder})]


def _reservation_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if prefix:
        return []
    return [Choice(w, f"clash.wonder.{w}") for w in _reservable(state)]


def _answer_reservation(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    head, *rest = toks
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    if head not in _reservable(state):
        raise IllegalAction("not_a_revealed_wonder", token=head, allowed=_reservable(state))
    state.prompts = state.prompts.pop(decision.id)
    return _reserve(state, decision.seat, head)


def _reservation_problem(state: ClashState, decision: Decision) -> str | None:
    if len(_reservable(state)) < 2:
        return "reservation_without_a_choice"
    return None


RESERVATION = Answer(_reservation_choices, _answer_reservation, _reservation_problem)


DOGMA_ADVANCE = "dogma_advance"


def _theocracy_open(state: ClashState, seat: int) -> list[str]:
    return [a for a in gainable(state.seats[seat]) if ADVANCE[a].category == "theocracy"]


def dogma_advance(state: ClashState, seat: int) -> list[Event]:
    """Dogma: each new Temple gives a free Theocracy advance (p.2): gained at once when one is
    open, asked (``dogma_advance``) when the player has a choice, nothing when none is left."""
    if "dogma" not in state.seats[seat].advances:
        return []
    open_ = _theocracy_open(state, seat)
    if not open_:
        return []
    if len(open_) == 1:
        return _dogma_gain(state, seat, open_[0])
    pid = f"dogma:{state.round}.{state.turn}.{seat}.{state.turn_state.actions_left}"
    state.prompts = state.prompts.push(Decision(pid, seat, DOGMA_ADVANCE, {}, state.active))
    return []


def _dogma_gain(state: ClashState, seat: int, advance: str) -> list[Event]:
    events = [Event("clash.dogma_advance", {"player": state.players[seat], "advance": advance})]
    return events + gained(state, seat, advance)


def _dogma_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if prefix:
        return []
    return [
        Choice(a, "clash.choice.advance_free", {"advance": a})
        for a in _theocracy_open(state, decision.seat)
    ]


def _answer_dogma(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    head, *rest = toks
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    allowed = _theocracy_open(state, decision.seat)
    if head not in allowed:
        raise IllegalAction("not_a_theocracy_advance", token=head, allowed=allowed)
    state.prompts = state.prompts.pop(decision.id)
    return _dogma_gain(state, decision.seat, head)


def _dogma_problem(state: ClashState, decision: Decision) -> str | None:
    if "dogma" not in state.seats[decision.seat].advances:
        return "dogma_advance_without_dogma"
    if len(_theocracy_open(state, decision.seat)) < 2:
        return "dogma_advance_without_a_choice"
    return None


DOGMA = Answer(_dogma_choices, _answer_dogma, _dogma_problem)


def _one_time_later(state: ClashState, seat: int, params: dict[str, JSON]) -> list[Event]:
    return one_time(state, seat, str(params["advance"]), bool(params["had_government"]))


def _one_time_problem(state: ClashState, seat: int, params: dict[str, JSON]) -> str | None:
    if params.get("advance") in ADVANCE:
        return None
    return "event_follow_up for an unknown advance"


#: The follow-ups this module owns (:data:`rules.clash.dispatch.follow_ups.FOLLOW_UPS`): the
#: one-time effects after the event the advance drew, once its decisions are answered (C12),
#: and the Synergy window after them.
ONE_TIME_LATER = event_draw.FollowUp(_one_time_later, _one_time_problem)
SYNERGY_LATER = event_draw.FollowUp(open_synergy, synergy_window_problem)
