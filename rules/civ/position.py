"""Starting a game from a given position (transcripts and tests; see docs/transcripts.md).

A position fixes everything random and hidden: hands, play areas, face-down Utopia cards,
embargoes, the deck order, the discard pile, the removed cards, who starts and who is active,
the turn step and flags, the Culture coin and the final-round flag. With ``"fill_deck": true``
every card the position does not place goes into the deck below the listed cards (each age
shuffled with the seed, age I first), and with 2-3 players the removed cards are completed to 3
per age at random; without it the position must account for all 104 cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.civ.data import (
    AGES,
    BOX,
    DOMAIN_INDEX,
    DOMAINS,
    ECO,
    ND,
    REMOVED_PER_AGE,
    UTO,
    card_code,
)
from rules.civ.logic import has_culture_majority
from rules.civ.setup import deal, parse_options
from rules.civ.state import CivState, Coin, SeatState, TurnState
from rules.civ.turn import start_turn
from rules.core import IllegalAction, Rng

JSON = Any

FIELDS = frozenset(
    {
        "start",
        "active",
        "step",
        "turn_number",
        "final_round",
        "seats",
        "deck",
        "fill_deck",
        "discard",
        "removed",
        "turn",
        "coin",
    }
)
SEAT_FIELDS = frozenset({"hand", "area", "facedown_utopia", "embargoed", "resigned"})
TURN_FIELDS = frozenset({"played", "used_permanent", "used_discard", "inspired"})
STEPS = ("deal", "play", "effects")


def _bad(field: str, value: JSON) -> IllegalAction:
    return IllegalAction("position_bad_value", field=field, value=repr(value))


def _domain(field: str, value: JSON) -> int:
    if not isinstance(value, str) or value not in DOMAIN_INDEX:
        raise _bad(field, value)
    return DOMAIN_INDEX[value]


def _counts(field: str, value: JSON) -> list[int]:
    """``{"science": 2}`` -> count vector."""
    if value is None:
        return [0] * ND
    if not isinstance(value, Mapping):
        raise _bad(field, value)
    out = [0] * ND
    for name, count in value.items():
        d = _domain(field, name)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise _bad(f"{field}.{name}", count)
        out[d] = count
    return out


def _cards(field: str, value: JSON) -> list[int]:
    """``[[1, "military"], ...]`` -> card codes."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise _bad(field, value)
    out = []
    for card in value:
        if not isinstance(card, list) or len(card) != 2 or card[0] not in AGES:
            raise _bad(field, card)
        age, d = card[0], _domain(field, card[1])
        if BOX[age][d] == 0:
            raise _bad(field, card)
        out.append(card_code(age, d))
    return out


def _seat_of(players: Sequence[str], field: str, value: JSON) -> int:
    if value not in players:
        raise _bad(field, value)
    return list(players).index(value)


def _domains(field: str, value: JSON) -> list[int]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _bad(field, value)
    return [_domain(field, v) for v in value]


def _flag(field: str, value: JSON, default: bool) -> bool:
    if value is None:
        return default
    if not isinstance(value, bool):
        raise _bad(field, value)
    return value


def from_position(
    players: Sequence[str], options: Mapping[str, JSON], seed: int, position: Mapping[str, JSON]
) -> CivState:
    """Build and validate a state from ``position``; raises IllegalAction on a bad position."""
    opts = parse_options(players, options)
    n = len(players)
    unknown = sorted(set(position) - FIELDS)
    if unknown:
        raise IllegalAction("position_unknown_field", field=unknown[0])
    rng = Rng(seed)
    start = _seat_of(players, "start", position.get("start", players[0]))
    step = position.get("step", "play")
    if step not in STEPS:
        raise _bad("step", step)
    seats = _read_seats(players, position.get("seats") or {})
    deck = _cards("deck", position.get("deck"))
    removed = _cards("removed", position.get("removed"))
    discard = _domains("discard", position.get("discard"))
    deck, removed = _account(
        n, seats, deck, removed, discard, _flag("fill_deck", position.get("fill_deck"), False), rng
    )
    state = CivState(
        players=tuple(players),
        options=opts,
        rng=rng,
        seats=seats,
        deck=tuple(deck),
        discard=discard,
        removed=tuple(removed),
        start=start,
        active=start,
        step="play",
    )
    if step == "deal":
        _check_empty_table(state, position)
        deal(state)
        return state
    _place_turn(state, position, step)
    return state


def _read_seats(players: Sequence[str], data: JSON) -> list[SeatState]:
    if not isinstance(data, Mapping):
        raise _bad("seats", data)
    for name in data:
        _seat_of(players, "seats", name)
    seats = []
    for p in players:
        raw = data.get(p) or {}
        if not isinstance(raw, Mapping):
            raise _bad(f"seats.{p}", raw)
        extra = sorted(set(raw) - SEAT_FIELDS)
        if extra:
            raise IllegalAction("position_unknown_field", field=f"seats.{p}.{extra[0]}")
        seats.append(
            SeatState(
                _counts(f"seats.{p}.hand", raw.get("hand")),
                _counts(f"seats.{p}.area", raw.get("area")),
                _counts(f"seats.{p}.facedown_utopia", raw.get("facedown_utopia")),
                _domains(f"seats.{p}.embargoed", raw.get("embargoed")),
                _flag(f"seats.{p}.resigned", raw.get("resigned"), False),
            )
        )
    return seats


def _account(
    n: int,
    seats: list[SeatState],
    deck: list[int],
    removed: list[int],
    discard: list[int],
    fill: bool,
    rng: Rng,
) -> tuple[list[int], list[int]]:
    """Check the cards against the box; with ``fill`` complete the deck and the removed cards."""
    free = {age: list(BOX[age]) for age in AGES}
    for code in deck + removed:
        age, d = code // ND + 1, code % ND
        free[age][d] -= 1
        if free[age][d] < 0:
            raise IllegalAction(
                "position_too_many_cards", age=age, domain=DOMAINS[d], max=BOX[age][d]
            )
    # Cards outside the deck carry no age: give them the earliest age that still has room.
    ageless = [0] * ND
    for s in seats:
        for d in range(ND):
            ageless[d] += s.hand[d] + s.area[d]
        ageless[UTO] += sum(s.facedown)
        ageless[ECO] += len(s.embargoes)
    for d in discard:
        ageless[d] += 1
    for d in range(ND):
        need = ageless[d]
        for age in AGES:
            take = min(need, free[age][d])
            free[age][d] -= take
            need -= take
        if need:
            raise IllegalAction(
                "position_too_many_cards",
                age=None,
                domain=DOMAINS[d],
                max=sum(BOX[a][d] for a in AGES),
            )
    want_removed = 0 if n == 4 else REMOVED_PER_AGE
    removed_by_age = {age: sum(1 for c in removed if c // ND + 1 == age) for age in AGES}
    for age in AGES:
        if removed_by_age[age] > want_removed:
            raise IllegalAction(
                "position_removed", age=age, count=removed_by_age[age], expected=want_removed
            )
    if fill:
        removed, deck = removed[:], deck[:]
        for age in AGES:
            pool = [card_code(age, d) for d in range(ND) for _ in range(free[age][d])]
            rng.shuffle(pool)
            missing = want_removed - removed_by_age[age]
            if missing > len(pool):
                raise IllegalAction(
                    "position_removed", age=age, count=removed_by_age[age], expected=want_removed
                )
            removed.extend(pool[:missing])
            deck.extend(pool[missing:])
        return deck, removed
    left = sum(sum(v) for v in free.values())
    if left:
        raise IllegalAction("position_card_total", count=left)
    for age in AGES:
        if removed_by_age[age] != want_removed:
            raise IllegalAction(
                "position_removed", age=age, count=removed_by_age[age], expected=want_removed
            )
    return deck, removed


def _check_empty_table(state: CivState, position: Mapping[str, JSON]) -> None:
    """A ``deal`` position only fixes the deck: nothing may be on the table yet."""
    busy = any(any(s.hand) or any(s.area) or any(s.facedown) or s.embargoes for s in state.seats)
    if busy or state.discard:
        raise IllegalAction("position_inconsistent", problem="deal_needs_empty_table")
    for name in ("active", "turn", "coin", "turn_number", "final_round"):
        if name in position:
            raise IllegalAction("position_inconsistent", problem=f"deal_with_{name}")


def _place_turn(state: CivState, position: Mapping[str, JSON], step: str) -> None:
    """Active player, turn flags, coin and final round of a position inside a turn."""
    players = state.players
    active = _seat_of(players, "active", position.get("active", players[state.start]))
    if state.seats[active].resigned:
        raise IllegalAction("position_inconsistent", problem="active_resigned")
    if sum(not s.resigned for s in state.seats) < 2 or (
        (state.n == 2 or state.options.teams) and any(s.resigned for s in state.seats)
    ):
        raise IllegalAction("position_inconsistent", problem="resigned_seats")
    state.resign_order = tuple(i for i, s in enumerate(state.seats) if s.resigned)
    start_turn(state, active)
    number = position.get("turn_number", 1)
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise _bad("turn_number", number)
    state.turn_number = number
    state.turn = _read_turn(position.get("turn"), step)
    state.step = step
    final = _flag("final_round", position.get("final_round"), not state.deck)
    if final != (not state.deck):
        raise IllegalAction("position_inconsistent", problem="final_round_needs_empty_deck")
    state.final_round = final
    state.coin = _read_coin(state, position.get("coin"))


def _read_turn(data: JSON, step: str) -> TurnState:
    if data is None:
        return TurnState(played=step == "effects")
    if not isinstance(data, Mapping):
        raise _bad("turn", data)
    extra = sorted(set(data) - TURN_FIELDS)
    if extra:
        raise IllegalAction("position_unknown_field", field=f"turn.{extra[0]}")
    played = _flag("turn.played", data.get("played"), step == "effects")
    if played != (step == "effects"):
        raise IllegalAction("position_inconsistent", problem="played_flag_and_step")
    perm = sum(1 << d for d in set(_domains("turn.used_permanent", data.get("used_permanent"))))
    disc = sum(1 << d for d in set(_domains("turn.used_discard", data.get("used_discard"))))
    inspired = _flag("turn.inspired", data.get("inspired"), False)
    if step == "play" and (perm or disc or inspired):
        raise IllegalAction("position_inconsistent", problem="effects_before_play")
    return TurnState(played, perm, disc, inspired, 0)


def _read_coin(state: CivState, data: JSON) -> Coin | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise _bad("coin", data)
    holder = _seat_of(state.players, "coin.holder", data.get("holder"))
    target = _seat_of(state.players, "coin.target", data.get("target"))
    d = _domain("coin.domain", data.get("domain"))
    lvl = data.get("level")
    if lvl not in (1, 2):
        raise _bad("coin.level", lvl)
    if holder == target or state.seats[holder].resigned or not has_culture_majority(state, holder):
        raise IllegalAction("position_inconsistent", problem="coin_without_culture_lead")
    return Coin(holder, target, d, int(lvl))
