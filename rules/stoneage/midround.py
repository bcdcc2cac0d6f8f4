"""Positions inside a round: people on the board, phase 2 under way, a decision waiting, feeding.

:func:`place_round` completes a state that :mod:`rules.stoneage.position` set up at the start
of a round. Each part is checked against what a real game can reach, by the engine's own rules
where it can: placements go through the same refusals as ``place`` (capacities, the 2-3 player
blocks, one group per player and location), phase 1 must be at a player whose turn it can be
(everyone places one group per turn, in turn order, skipping those who cannot place), phase 2
has the players before the active one done, and a waiting roll, payment or "dice for all"
must fit the people and cards that caused it. What the position leaves undecided settles as
after any action (:func:`rules.stoneage.flow.settle`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.core import JSON, IllegalAction, number, tokens
from rules.stoneage.data import (
    CAPACITY,
    CARD_IDS,
    CARDS,
    DISPLAY_SIZE,
    HUT,
    LOCATION_INDEX,
    RESOURCE_SITES,
    ROLLED,
    SITE_PLAYERS,
)
from rules.stoneage.logic import placed, site_players, turn_order
from rules.stoneage.placement import (
    CARD,
    COUNTED,
    Target,
    can_place,
    counts_for,
    parse_target,
    people_for,
    place,
    refusal,
)
from rules.stoneage.resolve import own_targets
from rules.stoneage.state import DiceForAll, Purchase, Roll, StoneAgeState

#: The phases a position may stand in (``over`` has nothing left to play).
PHASES: tuple[str, ...] = ("place", "resolve", "feed")
#: Keys of a decision waiting inside phase 2 (at most one: a roll, a payment, dice for all).
WAITING = ("roll", "paying", "dice_for_all")


@dataclass(frozen=True, slots=True)
class SeatExtra:
    """The in-round part of a seat's position, read by :mod:`rules.stoneage.position`."""

    field: str  # the seat's position key, ``seats.<handle>``
    placed: list[str]
    used_tools: list[int]
    short: int
    has_short: bool


def _bad(field: str, value: JSON) -> IllegalAction:
    return IllegalAction("position_bad_value", field=field, value=repr(value))


def _inconsistent(problem: str, field: str) -> IllegalAction:
    return IllegalAction("position_inconsistent", problem=problem, field=field)


def _table(field: str, value: JSON, known: frozenset[str]) -> Mapping[str, JSON]:
    if not isinstance(value, Mapping):
        raise _bad(field, value)
    extra = sorted(set(value) - known)
    if extra:
        raise IllegalAction("position_unknown_field", field=f"{field}.{extra[0]}")
    return value


def _seat_of(state: StoneAgeState, field: str, value: JSON) -> int:
    if value not in state.players:
        raise _bad(field, value)
    return state.players.index(value)


def place_round(
    state: StoneAgeState, position: Mapping[str, JSON], phase: str, extras: Sequence[SeatExtra]
) -> None:
    """Resignations, tools used, people on the board, the phase and what waits in it."""
    _resigned(state, position.get("resign_order"))
    for me, extra in zip(state.seats, extras, strict=True):
        _mark_used(me.tools, me.used, extra, phase)
        if extra.has_short and phase != "feed":
            raise _inconsistent("short_outside_feeding", f"{extra.field}.short")
    for seat, extra in enumerate(extras):
        _place_people(state, seat, extra, phase)
    waiting = [key for key in WAITING if key in position]
    if waiting and phase != "resolve":
        raise _inconsistent(f"{waiting[0]}_outside_phase_2", waiting[0])
    if len(waiting) > 1:
        raise _inconsistent("one_decision_at_a_time", waiting[1])
    if phase == "feed":
        _feed(state, position, extras)
        return
    cycle = turn_order(state, state.first)
    name = position.get("active", state.players[cycle[0]])
    active = _seat_of(state, "active", name)
    state.active = active
    if phase == "place":
        _check_turn(state, cycle, active)
        return
    state.phase = "resolve"
    if waiting == ["dice_for_all"]:
        _dice_for_all(state, position["dice_for_all"])
    elif state.seats[active].resigned:
        raise _inconsistent("active_resigned", "active")
    # Phase 2 goes in turn order from the first player: those before the active one are done.
    offset = (active - state.first) % state.n
    for seat in cycle:
        if (seat - state.first) % state.n < offset and own_targets(state, seat):
            raise _inconsistent(
                "resolved_before_the_active_player", f"seats.{state.players[seat]}.placed"
            )
    if waiting == ["roll"]:
        _roll(state, position["roll"])
    elif waiting == ["paying"]:
        _paying(state, position["paying"])


def _resigned(state: StoneAgeState, order: JSON) -> None:
    """Who resigned, and in which order (it decides their ranks)."""
    resigned = [i for i, s in enumerate(state.seats) if s.resigned]
    if resigned and (state.n == 2 or len(resigned) > state.n - 2):
        raise _inconsistent("resigned_seats", "seats")
    if order is None:
        state.resign_order = tuple(resigned)
        return
    if not isinstance(order, list):
        raise _bad("resign_order", order)
    seats = [_seat_of(state, "resign_order", h) for h in order]
    if sorted(seats) != resigned or len(set(seats)) != len(seats):
        raise _inconsistent("resign_order_lists_the_resigned_seats", "resign_order")
    state.resign_order = tuple(seats)


def _mark_used(tools: list[int], used: list[bool], extra: SeatExtra, phase: str) -> None:
    """Tool tiles used this round (turned back at the start of the next one)."""
    field = f"{extra.field}.used_tools"
    if extra.used_tools and phase == "place":
        raise _inconsistent("tools_used_before_phase_2", field)
    for value in extra.used_tools:
        free = [i for i, v in enumerate(tools) if v == value and not used[i]]
        if not free:
            raise _bad(field, extra.used_tools)
        used[free[0]] = True


def _target(state: StoneAgeState, field: str, text: str) -> tuple[Target, int | None]:
    """A placement written as in ``place``: ``hunting 3``, ``hut``, ``card 2``, ``building 1``."""
    target, rest = parse_target(tokens(text))
    if target is None:
        raise _bad(field, text)
    size = DISPLAY_SIZE if target.kind == CARD else len(state.stacks)
    if target.kind != "location" and not 0 <= target.index < size:
        raise _bad(field, text)
    counted = target.kind == "location" and target.index in COUNTED
    if len(rest) != (1 if counted else 0):
        raise _bad(field, text)
    if not counted:
        return target, None
    count = number(rest[0])
    if count is None or count < 1:
        raise _bad(field, text)
    return target, count


def _place_people(state: StoneAgeState, seat: int, extra: SeatExtra, phase: str) -> None:
    """Put the seat's people on the board, refused exactly where ``place`` would refuse."""
    field = f"{extra.field}.placed"
    if extra.placed and state.seats[seat].resigned:
        raise _inconsistent("resigned_seat_on_the_board", field)
    if extra.placed and phase == "feed":
        raise _inconsistent("people_on_the_board_while_feeding", field)
    seen: set[Target] = set()
    for text in extra.placed:
        target, count = _target(state, field, text)
        if target in seen:
            raise IllegalAction("position_duplicate", field=field, item=text)
        seen.add(target)
        problem = refusal(state, seat, target)
        # The food track and the tools can reach their maximum in phase 2 (a card, a die)
        # while the person who went to the field or the tool maker still waits there.
        late_cap = phase != "place" and target != Target("location", HUT)
        if problem is not None and not (problem[0] == "at_maximum" and late_cap):
            raise _inconsistent(problem[0], field)
        if count is not None and count not in counts_for(state, seat, target):
            raise _inconsistent("too_many_people", field)
        place(state, seat, target, people_for(target, count))


def _check_turn(state: StoneAgeState, cycle: list[int], active: int) -> None:
    """Phase 1: one group per player and turn, in turn order from the first player, skipping
    whoever cannot place any more; so the active player's group count fixes everyone's."""
    if active not in cycle:
        raise _inconsistent("active_resigned", "active")
    if not can_place(state, active):
        raise _inconsistent("active_cannot_place", "active")
    groups = {s: len(own_targets(state, s)) for s in cycle}
    here = cycle.index(active)
    for i, seat in enumerate(cycle):
        want = groups[active] + (1 if i < here else 0)
        if groups[seat] > want or (can_place(state, seat) and groups[seat] != want):
            raise _inconsistent("placements_out_of_turn", f"seats.{state.players[seat]}.placed")


def _bought_this_round(state: StoneAgeState, field: str) -> None:
    """A card whose effect is under way was bought this round: its space is still empty."""
    if None not in state.display:
        raise _inconsistent("bought_card_needs_an_empty_display_space", field)


def _owned_card(state: StoneAgeState, field: str, cid: JSON, kind: str) -> str:
    if cid not in CARD_IDS or CARDS[str(cid)].effect.kind != kind:
        raise _bad(field, cid)
    if cid not in state.seats[state.active].cards:
        raise _inconsistent("card_not_bought_by_the_active_player", field)
    _bought_this_round(state, field)
    return str(cid)


def _roll(state: StoneAgeState, data: JSON) -> None:
    """A roll waiting for its tools: at a location the active player just left, or a 2-dice
    card just bought."""
    raw = _table("roll", data, frozenset({"where", "card", "dice"}))
    seat = state.active
    dice = raw.get("dice")
    if not isinstance(dice, list) or not dice:
        raise _bad("roll.dice", dice)
    for d in dice:
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise _bad("roll.dice", dice)
    where = raw.get("where")
    card: str | None = None
    if where == CARD:
        card = _owned_card(state, "roll.card", raw.get("card"), "dice")
        if len(dice) != CARDS[card].effect.amount:
            raise _bad("roll.dice", dice)
        resource = CARDS[card].effect.resource
    else:
        if "card" in raw:
            raise _bad("roll.card", raw["card"])
        loc = LOCATION_INDEX.get(where) if isinstance(where, str) else None
        if loc is None or loc not in ROLLED:
            raise _bad("roll.where", where)
        if state.at[loc][seat]:
            raise _inconsistent("roll_location_still_occupied", "roll.where")
        # One die per person, and those people stood there a moment ago.
        row = state.at[loc]
        cap = CAPACITY[loc]
        fits = cap is None or sum(row) + len(dice) <= cap
        if loc in RESOURCE_SITES and site_players(state, loc) >= SITE_PLAYERS[state.n]:
            fits = False
        if not fits or placed(state, seat) + len(dice) > state.seats[seat].people:
            raise _inconsistent("roll_does_not_fit_the_location", "roll.dice")
        resource = ROLLED[loc]
    state.roll = Roll(seat, str(where), card, resource, tuple(dice))
    state.sub = "tools"


def _paying(state: StoneAgeState, text: JSON) -> None:
    """A card or building the active player's person stands on, waiting to be paid for."""
    target, rest = parse_target(tokens(text)) if isinstance(text, str) else (None, [])
    if target is None or target.kind == "location" or rest:
        raise _bad("paying", text)
    spots = state.card_spot if target.kind == CARD else state.building_spot
    if not 0 <= target.index < len(spots):
        raise _bad("paying", text)
    if spots[target.index] != state.active:
        raise _inconsistent("paying_needs_the_active_player_there", "paying")
    state.purchase = Purchase(target.kind, target.index)
    state.sub = "pay_card" if target.kind == CARD else "pay_building"


def _dice_for_all(state: StoneAgeState, data: JSON) -> None:
    """'Dice for all' under way: the faces still on the table and the picks made, in turn order
    from the buyer (the active player); the seats that have not picked yet follow."""
    raw = _table("dice_for_all", data, frozenset({"card", "faces", "picks"}))
    buyer = state.active
    card = _owned_card(state, "dice_for_all.card", raw.get("card"), "dice_for_all")
    faces = raw.get("faces")
    if not isinstance(faces, list) or not faces:
        raise _bad("dice_for_all.faces", faces)
    for f in faces:
        if not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= 6:
            raise _bad("dice_for_all.faces", faces)
    picks_raw = raw.get("picks") or []
    if not isinstance(picks_raw, list):
        raise _bad("dice_for_all.picks", picks_raw)
    picks: list[tuple[int, int]] = []
    for i, pick in enumerate(picks_raw):
        field = f"dice_for_all.picks[{i}]"
        entry = _table(field, pick, frozenset({"player", "face"}))
        face = entry.get("face")
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
            raise _bad(f"{field}.face", face)
        picks.append((_seat_of(state, f"{field}.player", entry.get("player")), face))
    n = state.n

    def offset(seat: int) -> int:
        return (seat - buyer) % n

    offsets = [offset(s) for s, _ in picks]
    if offsets != sorted(set(offsets)):
        raise _inconsistent("picks_in_turn_order_from_the_buyer", "dice_for_all.picks")
    last = offsets[-1] if offsets else -1
    live = turn_order(state, buyer)
    if any(offset(s) < last and s not in {p for p, _ in picks} for s in live):
        raise _inconsistent("picks_in_turn_order_from_the_buyer", "dice_for_all.picks")
    order = tuple(s for s in live if offset(s) > last)
    # One die per player still in the game when it was rolled; a player who resigned since
    # leaves their die unpicked.
    if not order or len(faces) < len(order) or len(faces) + len(picks) > n:
        raise _inconsistent("one_die_per_player", "dice_for_all.faces")
    state.dfa = DiceForAll(buyer, card, tuple(sorted(faces)), order, tuple(picks))
    state.sub = "pick"


def _feed(state: StoneAgeState, position: Mapping[str, JSON], extras: Sequence[SeatExtra]) -> None:
    """Phase 3 with shortfalls still to cover (food tokens all spent by those short)."""
    if "active" in position:
        raise _inconsistent("nobody_is_active_while_feeding", "active")
    hungry = []
    for me, extra in zip(state.seats, extras, strict=True):
        short = extra.short
        field = f"{extra.field}.short"
        # Income first, then 1 food per person: a shortfall leaves no food and is at most
        # what the food track did not cover.
        if short and (me.resigned or me.food or short > me.people - me.agriculture):
            raise _inconsistent("shortfall_after_income_and_food", field)
        hungry.append(short)
    state.phase = "feed"
    state.active = state.first
    state.hungry = tuple(hungry)
