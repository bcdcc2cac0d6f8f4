"""Starting a game from a given position (transcripts and tests; see docs/transcripts.md).

A position fixes everything random and hidden: hands, play areas, face-down Utopia cards,
embargoes, the deck order, the discard pile, the removed cards, who starts and who is active,
the step and the turn flags, the Culture coin and the final-round flag. It may stand anywhere a
real game can: before the deal, in the middle of the draft deal (``draft_keep``,
``draft_pick``), in step 1 or 2 of a turn, or inside a multi-step effect waiting for its answer
(``inquisition_return``, ``breakthrough_discard``). With ``"fill_deck": true`` every card the
position does not place goes into the deck below the listed cards (each age shuffled with the
seed, age I first), and with 2-3 players the removed cards are completed to 3 per age at random;
without it the position must account for all 104 cards.

Every refusal names the position key at fault (``field``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.civ.data import (
    AGES,
    BOX,
    BREAKTHROUGH_DRAW,
    DOMAIN_INDEX,
    DOMAINS,
    DRAFT_PACKET,
    DRAFT_ROUNDS,
    ECO,
    ND,
    REL,
    REMOVED_PER_AGE,
    SCI,
    UTO,
    card_code,
)
from rules.civ.draft import auto_draft, picker
from rules.civ.logic import has_culture_majority
from rules.civ.setup import deal, game_options
from rules.civ.state import CivState, Coin, DraftState, SeatState, SubPrompt, TurnState
from rules.civ.turn import start_turn
from rules.core import JSON, IllegalAction, Rng
from rules.engine import remember

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
        "draft",
        "inquisition",
        "breakthrough",
        "resign_order",
    }
)
SEAT_FIELDS = frozenset({"hand", "area", "facedown_utopia", "embargoed", "resigned"})
TURN_FIELDS = frozenset({"played", "used_permanent", "used_discard", "inspired", "copied_limit"})
DRAFT_FIELDS = frozenset({"round", "seats", "centre"})
DRAFT_SEAT_FIELDS = frozenset({"packet", "kept"})
DRAFT_STEPS = ("draft_keep", "draft_pick")
#: The multi-step effects a position may stand in: step -> (its key, the domain it was paid
#: with, the key of its cards).
SUB_STEPS: dict[str, tuple[str, int, str]] = {
    "inquisition_return": ("inquisition", REL, "taken"),
    "breakthrough_discard": ("breakthrough", SCI, "drawn"),
}
STEPS = ("deal", *DRAFT_STEPS, "play", "effects", *SUB_STEPS)
#: Keys that only describe a turn in progress (refused before the first turn).
TURN_KEYS = ("active", "turn", "coin", "turn_number", "final_round")
COPIED_LIMITS = (5, 7)


def _bad(field: str, value: JSON) -> IllegalAction:
    return IllegalAction("position_bad_value", field=field, value=repr(value))


def _inconsistent(problem: str, field: str) -> IllegalAction:
    return IllegalAction("position_inconsistent", problem=problem, field=field)


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


def _table(field: str, value: JSON, known: frozenset[str]) -> Mapping[str, JSON]:
    """An optional object whose keys must all be ``known``."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _bad(field, value)
    extra = sorted(set(value) - known)
    if extra:
        raise IllegalAction("position_unknown_field", field=f"{field}.{extra[0]}")
    return value


def from_position(
    players: Sequence[str], options: Mapping[str, JSON], seed: int, position: Mapping[str, JSON]
) -> CivState:
    """Build and validate a state from ``position``; raises IllegalAction on a bad position."""
    opts = game_options(players, options)
    n = len(players)
    unknown = sorted(set(position) - FIELDS)
    if unknown:
        raise IllegalAction("position_unknown_field", field=unknown[0])
    rng = Rng(seed)
    start = _seat_of(players, "start", position.get("start", players[0]))
    step = position.get("step", "play")
    if step not in STEPS:
        raise _bad("step", step)
    for key in ("draft", *(k for k, _, _ in SUB_STEPS.values())):
        if key in position and key != _step_key(step):
            raise _inconsistent(f"{key}_needs_step_{_step_of_key(key)}", key)
    if step in DRAFT_STEPS and opts.deal != "draft":
        raise _inconsistent("draft_needs_the_draft_deal", "step")
    seats = _read_seats(players, position.get("seats") or {})
    draft = _read_draft(players, position.get("draft"), step)
    deck = _cards("deck", position.get("deck"))
    removed = _cards("removed", position.get("removed"))
    discard = _domains("discard", position.get("discard"))
    deck, removed = _account(
        n,
        _zones(players, seats, discard, draft),
        deck,
        removed,
        _flag("fill_deck", position.get("fill_deck"), False),
        rng,
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
    _check_resigned(state, position.get("resign_order"))
    if step == "deal":
        _check_empty_table(state, position, "deal")
        deal(state)
        return state
    if step in DRAFT_STEPS:
        assert draft is not None
        _place_draft(state, position, step, draft)
        return state
    _place_turn(state, position, step)
    return state


def _step_key(step: str) -> str | None:
    """The position key that describes ``step``'s decision in progress, if any."""
    if step in DRAFT_STEPS:
        return "draft"
    return SUB_STEPS[step][0] if step in SUB_STEPS else None


def _step_of_key(key: str) -> str:
    if key == "draft":
        return "draft_keep_or_draft_pick"
    return next(s for s, (k, _, _) in SUB_STEPS.items() if k == key)


def _read_seats(players: Sequence[str], data: JSON) -> list[SeatState]:
    if not isinstance(data, Mapping):
        raise _bad("seats", data)
    for name in data:
        _seat_of(players, "seats", name)
    seats = []
    for p in players:
        raw = _table(f"seats.{p}", data.get(p), SEAT_FIELDS)
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


def _read_draft(players: Sequence[str], data: JSON, step: str) -> DraftState | None:
    """The draft in progress: round, each seat's packet and kept cards, the centre."""
    if step not in DRAFT_STEPS:
        return None
    raw = _table("draft", data, DRAFT_FIELDS)
    n = len(players)
    picking = step == "draft_pick"
    number = raw.get("round", DRAFT_ROUNDS if picking else 1)
    if (
        not isinstance(number, int)
        or isinstance(number, bool)
        or not 1 <= number <= DRAFT_ROUNDS
        or (picking and number != DRAFT_ROUNDS)
    ):
        raise _bad("draft.round", number)
    seats = raw.get("seats") or {}
    if not isinstance(seats, Mapping):
        raise _bad("draft.seats", seats)
    for name in seats:
        _seat_of(players, "draft.seats", name)
    packets, kept = [], []
    for p in players:
        part = _table(f"draft.seats.{p}", seats.get(p), DRAFT_SEAT_FIELDS)
        packets.append(_counts(f"draft.seats.{p}.packet", part.get("packet")))
        kept.append(_counts(f"draft.seats.{p}.kept", part.get("kept")))
    centre = sorted(_domains("draft.centre", raw.get("centre")))
    if not picking and centre:
        raise _inconsistent("centre_before_the_picks", "draft.centre")
    if picking and not 1 <= len(centre) <= n:
        raise _bad("draft.centre", raw.get("centre"))
    return DraftState(number, packets, kept, [picking] * n, centre)


def _zones(
    players: Sequence[str],
    seats: list[SeatState],
    discard: list[int],
    draft: DraftState | None,
) -> list[tuple[str, list[int]]]:
    """Every place outside the deck that holds cards: (its position key, counts per domain)."""
    zones: list[tuple[str, list[int]]] = []
    for p, s in zip(players, seats, strict=True):
        zones.append((f"seats.{p}.hand", s.hand))
        zones.append((f"seats.{p}.area", s.area))
        facedown = [0] * ND
        facedown[UTO] = sum(s.facedown)
        zones.append((f"seats.{p}.facedown_utopia", facedown))
        markers = [0] * ND
        markers[ECO] = len(s.embargoes)
        zones.append((f"seats.{p}.embargoed", markers))
    pile = [0] * ND
    for d in discard:
        pile[d] += 1
    zones.append(("discard", pile))
    if draft is not None:
        for p, packet, kept in zip(players, draft.packets, draft.kept, strict=True):
            zones.append((f"draft.seats.{p}.packet", packet))
            zones.append((f"draft.seats.{p}.kept", kept))
        centre = [0] * ND
        for d in draft.centre:
            centre[d] += 1
        zones.append(("draft.centre", centre))
    return zones


def _account(
    n: int,
    zones: list[tuple[str, list[int]]],
    deck: list[int],
    removed: list[int],
    fill: bool,
    rng: Rng,
) -> tuple[list[int], list[int]]:
    """Check the cards against the box; with ``fill`` complete the deck and the removed cards."""
    free = {age: list(BOX[age]) for age in AGES}
    for code in deck + removed:
        age, d = code // ND + 1, code % ND
        free[age][d] -= 1
        if free[age][d] < 0:
            where = [k for k, cards in (("deck", deck), ("removed", removed)) if code in cards]
            raise IllegalAction(
                "position_too_many_cards",
                age=age,
                domain=DOMAINS[d],
                max=BOX[age][d],
                field=", ".join(where),
            )
    # Cards outside the deck carry no age: give them the earliest age that still has room.
    for d in range(ND):
        need = sum(counts[d] for _, counts in zones)
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
                field=", ".join(key for key, counts in zones if counts[d]),
            )
    want_removed = 0 if n == 4 else REMOVED_PER_AGE
    removed_by_age = {age: sum(1 for c in removed if c // ND + 1 == age) for age in AGES}
    for age in AGES:
        if removed_by_age[age] > want_removed:
            raise IllegalAction(
                "position_removed",
                age=age,
                count=removed_by_age[age],
                expected=want_removed,
                field="removed",
            )
    if fill:
        removed, deck = removed[:], deck[:]
        for age in AGES:
            pool = [card_code(age, d) for d in range(ND) for _ in range(free[age][d])]
            rng.shuffle(pool)
            missing = want_removed - removed_by_age[age]
            if missing > len(pool):
                raise IllegalAction(
                    "position_removed",
                    age=age,
                    count=removed_by_age[age],
                    expected=want_removed,
                    field="removed",
                )
            removed.extend(pool[:missing])
            deck.extend(pool[missing:])
        return deck, removed
    left = sum(sum(v) for v in free.values())
    if left:
        raise IllegalAction("position_card_total", count=left, field="fill_deck")
    for age in AGES:
        if removed_by_age[age] != want_removed:
            raise IllegalAction(
                "position_removed",
                age=age,
                count=removed_by_age[age],
                expected=want_removed,
                field="removed",
            )
    return deck, removed


def _check_resigned(state: CivState, order: JSON) -> None:
    """Who resigned, and in which order (it decides their ranks)."""
    resigned = [i for i, s in enumerate(state.seats) if s.resigned]
    if resigned and (len(resigned) > state.n - 2 or state.n == 2 or state.options.teams):
        raise _inconsistent("resigned_seats", "seats")
    if order is None:
        state.resign_order = tuple(resigned)
        return
    if not isinstance(order, list):
        raise _bad("resign_order", order)
    seats = [_seat_of(state.players, "resign_order", h) for h in order]
    if sorted(seats) != resigned or len(set(seats)) != len(seats):
        raise _inconsistent("resign_order_lists_the_resigned_seats", "resign_order")
    state.resign_order = tuple(seats)


def _check_empty_table(state: CivState, position: Mapping[str, JSON], step: str) -> None:
    """Before the first turn nothing lies on the table (draft picks apart) and no turn keys."""
    busy = any(
        any(s.hand) or any(s.facedown) or s.embargoes or (step == "deal" and any(s.area))
        for s in state.seats
    )
    if busy or state.discard:
        raise _inconsistent(f"{step}_needs_empty_table", "seats")
    if step == "deal" and any(s.resigned for s in state.seats):
        raise _inconsistent("resigned_before_the_deal", "seats")
    for name in TURN_KEYS:
        if name in position:
            raise _inconsistent(f"{step}_with_{name}", name)


def _place_draft(
    state: CivState, position: Mapping[str, JSON], step: str, draft: DraftState
) -> None:
    """The draft deal in progress: the packets of this round, or the picks from the centre."""
    _check_empty_table(state, position, step)
    n = state.n
    live = [not s.resigned for s in state.seats]
    if step == "draft_keep":
        # In round r a seat keeps its (r-1) cards and holds a packet of 5-r before keeping,
        # r and 4-r after; the round ends (the packets pass on) once every seat has kept.
        r = draft.round
        for i, p in enumerate(state.players):
            kept, packet = sum(draft.kept[i]), sum(draft.packets[i])
            if (kept, packet) == (r - 1, DRAFT_PACKET + 1 - r):
                draft.done[i] = False
            elif (kept, packet) == (r, DRAFT_PACKET - r):
                draft.done[i] = True
            else:
                raise _inconsistent(f"draft_round_{r}_cards", f"draft.seats.{p}")
            if any(state.seats[i].area):
                raise _inconsistent("area_before_the_picks", f"seats.{p}.area")
        if all(d for d, alive in zip(draft.done, live, strict=True) if alive):
            raise _inconsistent("draft_round_over", "draft.seats")
    else:
        picked = n - len(draft.centre)
        already = {(state.start - 1 - k) % n for k in range(picked)}
        for i, p in enumerate(state.players):
            if any(draft.packets[i]) or sum(draft.kept[i]) != DRAFT_ROUNDS:
                raise _inconsistent("draft_pick_cards", f"draft.seats.{p}")
            if sum(state.seats[i].area) != (1 if i in already else 0):
                raise _inconsistent("one_pick_each_in_order", f"seats.{p}.area")
    state.draft = draft
    state.step = step
    state.active = state.start if step == "draft_keep" else picker(state)
    # A resigned seat keeps and picks at once in a real game: let it do so here too.
    remember(state, auto_draft(state))


def _place_turn(state: CivState, position: Mapping[str, JSON], step: str) -> None:
    """Active player, turn flags, effect in progress, coin and final round of a turn."""
    players = state.players
    active = _seat_of(players, "active", position.get("active", players[state.start]))
    if state.seats[active].resigned:
        raise _inconsistent("active_resigned", "active")
    start_turn(state, active)
    number = position.get("turn_number", 1)
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise _bad("turn_number", number)
    state.turn_number = number
    state.turn = _read_turn(position.get("turn"), step)
    state.step = step
    if step in SUB_STEPS:
        state.sub = _read_sub(state, position, step)
    final = _flag("final_round", position.get("final_round"), not state.deck)
    if final != (not state.deck):
        raise _inconsistent("final_round_needs_empty_deck", "final_round")
    state.final_round = final
    state.coin = _read_coin(state, position.get("coin"))


def _read_turn(data: JSON, step: str) -> TurnState:
    played_now = step != "play"
    paid = 1 << SUB_STEPS[step][1] if step in SUB_STEPS else 0
    if data is None:
        return TurnState(played=played_now, used_discard=paid)
    raw = _table("turn", data, TURN_FIELDS)
    played = _flag("turn.played", raw.get("played"), played_now)
    if played != played_now:
        raise _inconsistent("played_flag_and_step", "turn.played")
    perm = sum(1 << d for d in set(_domains("turn.used_permanent", raw.get("used_permanent"))))
    disc = sum(1 << d for d in set(_domains("turn.used_discard", raw.get("used_discard"))))
    if "used_discard" not in raw:
        disc |= paid
    if disc & paid != paid:
        raise _inconsistent(f"{step}_needs_its_effect_used", "turn.used_discard")
    inspired = _flag("turn.inspired", raw.get("inspired"), False)
    limit = raw.get("copied_limit") or 0
    if limit and limit not in COPIED_LIMITS:
        raise _bad("turn.copied_limit", limit)
    if limit and (not inspired or not perm >> REL & 1):
        raise _inconsistent("copied_limit_needs_religion_inspired", "turn.copied_limit")
    if step == "play" and (perm or disc or inspired):
        raise _inconsistent("effects_before_play", "turn")
    return TurnState(played, perm, disc, inspired, int(limit))


def _read_sub(state: CivState, position: Mapping[str, JSON], step: str) -> SubPrompt:
    """Inquisition waiting for the cards to give back, or Breakthrough for the discards."""
    key, domain, cards_key = SUB_STEPS[step]
    fields = frozenset({cards_key, "target"} if key == "inquisition" else {cards_key})
    raw = _table(key, position.get(key), fields)
    me = state.seats[state.active]
    cards = _counts(f"{key}.{cards_key}", raw.get(cards_key))
    count = sum(cards)
    if count < 1 or (key == "breakthrough" and count > BREAKTHROUGH_DRAW):
        raise _bad(f"{key}.{cards_key}", raw.get(cards_key))
    if any(c > h for c, h in zip(cards, me.hand, strict=True)):
        raise _inconsistent(f"{cards_key}_cards_not_in_hand", f"{key}.{cards_key}")
    # The card that paid for the effect is the top of the discard pile until it is answered.
    if not state.discard or state.discard[-1] != domain:
        raise _inconsistent(f"{key}_card_on_top_of_discard", "discard")
    target: int | None = None
    if key == "inquisition":
        target = _seat_of(state.players, f"{key}.target", raw.get("target"))
        if target == state.active or state.seats[target].resigned:
            raise _bad(f"{key}.target", raw.get("target"))
        if any(state.seats[target].hand):
            raise _inconsistent("target_hand_was_taken", f"seats.{state.players[target]}.hand")
    elif count < BREAKTHROUGH_DRAW and state.deck:
        raise _inconsistent("breakthrough_draws_5_unless_deck_empty", f"{key}.{cards_key}")
    return SubPrompt(step, count, tuple(cards), target)


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
        raise _inconsistent("coin_without_culture_lead", "coin")
    return Coin(holder, target, d, int(lvl))
