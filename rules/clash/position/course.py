"""A position's course of the round (:mod:`rules.clash.position.reading`): the turn under
way, its marks and trades, the battle being fought, the region being explored, the cards in
effect and the status phase's deciders."""

from __future__ import annotations

from collections.abc import Mapping

from rules.clash.actions import trade_offers
from rules.clash.actions.collect import KINDS
from rules.clash.actions.exploration import BARBARIANS, LAYOUT, LAYOUT_TOKENS, SHIP_SPACE
from rules.clash.battles import facts
from rules.clash.board.hexes import token
from rules.clash.box.advances import ADVANCE
from rules.clash.box.cards import DECKS, WONDERS
from rules.clash.box.components import (
    ACTIONS_PER_TURN,
    GROUPS_PER_MOVE,
    LAND_UNITS,
    MOODS,
    MOST_ACTIONS,
    ROUNDS,
    SHIP,
    STATUS_STEPS,
    TRACK_MAX,
    TURNS_PER_ROUND,
    UNITS,
)
from rules.clash.cards.civil_effects import COLLECTION_CARDS
from rules.clash.model.civil_cards import CIVIL, CULTURAL_AWE
from rules.clash.model.marks import MARKS, MOVED, STOPPED, add
from rules.clash.model.order import turn_order
from rules.clash.model.state import (
    BARBARIAN_SIDE,
    STATUS,
    TURN,
    Battle,
    ClashState,
    Exploring,
    Fought,
    Goods,
    KeptAdvance,
    Mark,
    Offer,
    StatusState,
    Trades,
    TurnState,
)
from rules.clash.position.values import (
    SHIP_PLACE,
    Reader,
    as_flag,
    as_ids,
    as_int,
    as_list,
    as_mapping,
    bad,
    inconsistent,
    one_of,
)
from rules.clash.rounds import objectives, status_phase
from rules.clash.wonders.construction import ENGINEER
from rules.core import JSON

#: Ids a turn may have used once: abilities of advances and wonders (§2.3).
ONCE_PER_TURN = frozenset(ADVANCE) | frozenset(WONDERS)


def read_course(r: Reader, position: Mapping[str, JSON], state: ClashState) -> None:
    """Round, turn, phase, whose turn, the turn's bookkeeping, the status phase."""
    phase = position.get("phase", TURN)
    if phase not in (TURN, STATUS):
        raise bad("phase", phase)
    state.phase = str(phase)
    state.round = as_int("round", position.get("round", 1), 1, ROUNDS)
    default_turn = TURNS_PER_ROUND if phase == STATUS else 1
    state.turn = as_int("turn", position.get("turn", default_turn), 1, TURNS_PER_ROUND)
    order = turn_order(state)
    state.active = order[0]
    if "active" in position:
        state.active = r.seat("active", position["active"])
    if phase == TURN and state.seats[state.active].resigned:
        raise inconsistent("active_player_resigned", "active")
    turn_keys = sorted(
        {
            "actions_left",
            "turn_used",
            "influenced",
            "moving",
            "marks",
            "fought",
            "exploring",
            "battle",
            "actions_spent",
            "cards_played",
            "card_modifiers",
            "events_kept_now",
            "offers",
            "offers_made",
        }
        & set(position)
    )
    if phase == STATUS:
        if turn_keys:
            raise inconsistent("turn_key_in_the_status_phase", turn_keys[0])
        keys = frozenset({"step", "waiting", "order", "answers", "again", "ahead"})
        raw = as_mapping("status", position.get("status", {}), keys)
        step = as_int(
            "status_phase.step", raw.get("step", status_phase.FREE_ADVANCE), 1, STATUS_STEPS
        )
        if step not in status_phase.KINDS:
            # Step 3 leaves nobody a choice: the engine never waits in it.
            raise inconsistent("status_step_without_a_decision", "status_phase.step")
        deciders = _status_deciders(state, step, order)
        answers = _status_answers(r, state, step, raw.get("answers", {}))
        asked = [s for s in deciders if status_phase.is_asked(state, step, s)]
        waiting = [s for s in asked if s not in answers]
        if "waiting" in raw:
            waiting = [
                r.seat("status_phase.waiting", h)
                for h in as_list("status_phase.waiting", raw["waiting"])
            ]
        parts = deciders if "waiting" not in raw else [s for s in order if s in waiting]
        parts = sorted({*parts, *answers}, key=order.index)
        if "order" in raw:
            parts = [
                r.seat("status_phase.order", h) for h in as_list("status_phase.order", raw["order"])
            ]
        # Empty only while a nested decision of a part carried out (an event a free advance
        # drew, a Synergy card) waits.
        idle = not waiting and state.prompts.top() is None
        if idle or waiting != [s for s in order if s in waiting]:
            raise inconsistent("status_waiting_out_of_turn_order", "status_phase.waiting")
        if parts != [s for s in order if s in parts] or not {*waiting, *answers} <= set(parts):
            raise inconsistent("status_order_out_of_turn_order", "status_phase.order")
        if any(s not in deciders for s in (*waiting, *answers)) or set(waiting) & set(answers):
            raise inconsistent("status_waiting_for_a_seat_without_a_choice", "status_phase.waiting")
        given = tuple((s, answers[s]) for s in parts if s in answers)
        again = tuple(
            r.seat("status_phase.again", h)
            for h in as_list("status_phase.again", raw.get("again", []))
        )
        state.status = StatusState(step, tuple(waiting), tuple(parts), given, again)
        if raw.get("ahead"):
            if step != status_phase.OBJECTIVES:
                raise inconsistent("status_ahead_outside_step_1", "status_phase.ahead")
            ahead = _status_answers(r, state, status_phase.FREE_ADVANCE, raw["ahead"])
            if set(ahead) & set(waiting) or any(
                len(status_phase.free_answers(state, s)) < 2 for s in ahead
            ):
                raise inconsistent("status_ahead_of_a_seat_not_asked", "status_phase.ahead")
            # Written so before C130; kept with the answers offered now, as on loading.
            state.kept_advances = tuple(
                KeptAdvance(s, ahead[s], status_phase.offered(state, s)) for s in sorted(ahead)
            )
        _kept_advances(r, state, position)
        return
    if "status" in position:
        raise inconsistent("status_outside_the_status_phase", "status")
    used = as_ids("turn_used", position.get("turn_used", []), ONCE_PER_TURN)
    state.turn_state = TurnState(
        as_int("actions_left", position.get("actions_left", ACTIONS_PER_TURN), 0, MOST_ACTIONS),
        frozenset(used),
        as_flag("influenced", position.get("influenced", False)),
        _marks(r, position.get("marks", [])),
        as_int("moving", position.get("moving", 0), 0, GROUPS_PER_MOVE),
        _fought(r, position.get("fought", [])),
        as_int("actions_spent", position.get("actions_spent", 0), 0, MOST_ACTIONS),
        as_ids("cards_played", position.get("cards_played", []), frozenset(CIVIL)),
        _card_modifiers(position.get("card_modifiers", [])),
        _trades(r, state, position),
        _kept_now(state, position.get("events_kept_now", [])),
    )
    if "exploring" in position:
        state.exploring = _exploring(r, state, position["exploring"])
    if "battle" in position:
        state.battle = _battle(r, state, position["battle"])
        state.battle_log = _battle_so_far(state, position["battle"])
    _kept_advances(r, state, position)


def _kept_advances(r: Reader, state: ClashState, position: Mapping[str, JSON]) -> None:
    """The free advances chosen ahead and not yet carried out (C128, C130):
    ``{"ann": "bronze_working"}``, chosen among the answers the player has now, or
    ``{"ann": {"answer": "bronze_working", "offered": [...]}}``, among others. Only of a
    player whose last turn of the round is over, until step 2 carries it out."""
    raw = position.get("kept_advances")
    if raw is None:
        return
    status = state.status
    if state.phase == TURN:
        order = turn_order(state)
        done = order[: order.index(state.active)] if state.turn == TURNS_PER_ROUND else []
    elif status is not None and status.step <= status_phase.FREE_ADVANCE:
        asked = status.waiting if status.step == status_phase.FREE_ADVANCE else ()
        done = [s for s in turn_order(state) if s not in asked]
    else:
        done = []
    kept = list(state.kept_advances)
    for handle, said in as_mapping("kept_advances", raw).items():
        at = f"kept_advances.{handle}"
        seat = r.seat("kept_advances", handle)
        answer: JSON = said
        offered: list[JSON] = list(status_phase.offered(state, seat))
        if not isinstance(said, str):
            m = as_mapping(at, said, frozenset({"answer", "offered"}))
            answer, offered = m.get("answer"), as_list(f"{at}.offered", m.get("offered", []))
        if not isinstance(answer, str) or answer not in offered:
            raise inconsistent("kept_advance_not_offered", at)
        if seat not in done or any(k.seat == seat for k in kept):
            raise inconsistent("kept_advance_of_a_seat_not_asked", at)
        kept.append(KeptAdvance(seat, tuple(answer.split()), tuple(str(o) for o in offered)))
    state.kept_advances = tuple(kept)


def _fought(r: Reader, raw: JSON) -> tuple[Fought, ...]:
    """The battles that ended this turn (``rules.clash.battles.facts``)."""

    def side(value: JSON) -> int:
        return BARBARIAN_SIDE if value == "barbarians" else r.seat("fought", value)

    out = []
    for k, entry in enumerate(as_list("fought", raw)):
        if not isinstance(entry, dict):
            raise bad(f"fought[{k}]", entry)
        try:
            f = facts.from_json(entry, side)
        except (KeyError, TypeError, ValueError):
            raise bad(f"fought[{k}]", entry) from None
        r.space(f"fought[{k}].space", entry["space"])
        out.append(f)
    return tuple(out)


#: The most offers a position counts for one pair (p.14 sets no limit, C123: a bound to read).
OFFERS_COUNTED = 999


def _trades(r: Reader, state: ClashState, position: Mapping[str, JSON]) -> Trades:
    """The turn's trade offers, ``[{"from", "to", "give", "want"}]``, and ``offers_made``,
    ``[{"from", "to", "count"}]`` (each open offer counts 1 by default)."""
    counts: dict[tuple[int, int], int] = {}
    for k, item in enumerate(as_list("offers_made", position.get("offers_made", []))):
        at = f"offers_made[{k}]"
        m = as_mapping(at, item, frozenset({"from", "to", "count"}))
        pair = (r.seat(f"{at}.from", m.get("from")), r.seat(f"{at}.to", m.get("to")))
        if pair in counts:
            raise inconsistent("offers_made_twice", at)
        if state.active not in pair or pair[0] == pair[1]:
            raise inconsistent("offer_without_the_active_player", at)
        counts[pair] = as_int(f"{at}.count", m.get("count", 1), 1, OFFERS_COUNTED)
    offers: list[Offer] = []
    for k, item in enumerate(as_list("offers", position.get("offers", []))):
        at = f"offers[{k}]"
        o = as_mapping(at, item, frozenset({"from", "to", "give", "want"}))
        a, b = r.seat(f"{at}.from", o.get("from")), r.seat(f"{at}.to", o.get("to"))
        if state.active not in (a, b) or a == b:
            raise inconsistent("offer_without_the_active_player", at)
        if state.seats[a].resigned or state.seats[b].resigned:
            raise inconsistent("offer_of_a_resigned_player", at)
        if any({x.offerer, x.partner} == {a, b} for x in offers):
            raise inconsistent("two_offers_between_two_players", at)
        give = _goods(f"{at}.give", o.get("give", {}), cards=True)
        want = _goods(f"{at}.want", o.get("want", {}), cards=False)
        if not give.amounts and not give.cards:
            raise inconsistent("offer_gives_nothing", f"{at}.give")
        if {x for x, _ in give.amounts} & {x for x, _ in want.amounts}:
            raise inconsistent("offer_kind_on_both_sides", at)
        if not trade_offers.has(state.seats[a], give):
            raise inconsistent("offer_of_what_its_offerer_lacks", f"{at}.give")
        number = counts.setdefault((a, b), 1)
        offers.append(Offer(a, b, give, want, number))
    return Trades(tuple(offers), tuple(sorted((o, p, c) for (o, p), c in counts.items())))


def _goods(where: str, raw: JSON, cards: bool) -> Goods:
    """One side of an offer: ``{"food": 2, "mood": 1, "cards": ["A07"]}`` (cards given only)."""
    known = frozenset(KINDS) | (frozenset({"cards"}) if cards else frozenset())
    g = as_mapping(where, raw, known)
    amounts = {k: as_int(f"{where}.{k}", g[k], 1, TRACK_MAX) for k in KINDS if k in g}
    ids = as_ids(f"{where}.cards", g.get("cards", []), (*DECKS["action"], *DECKS["objective"]))
    if len(set(ids)) != len(ids):
        raise inconsistent("card_offered_twice", f"{where}.cards")
    return Goods(tuple((k, amounts[k]) for k in KINDS if k in amounts), ids)


_BATTLE_KEYS = frozenset(
    {
        "space",
        "at_sea",
        "attacker",
        "defender",
        "origins",
        "round",
        "city_mood",
        "siege",
        "landed",
        "defeated",
        "carded",
        "deciding",
        "played",
        "retreat",
        "siege_food",
        "asked",
        "generals",
        "trojan",
        "eclipse",
        "start",
        "lost",
    }
)
#: The once-per-battle questions a position may say were answered (docs/transcripts.md).
_BATTLE_ASKED = ("great_mausoleum", "general0", "general1", "trojan_horse")


def _battle(r: Reader, state: ClashState, raw: JSON) -> Battle:
    """A battle under way (docs/transcripts.md): its side's units stand on ``space``; it waits
    for a decision of ``prompts`` (combat's kinds)."""
    b = as_mapping("battle", raw, _BATTLE_KEYS)
    space = r.space("battle.space", b.get("space"))
    attacker = r.seat("battle.attacker", b.get("attacker"))
    if attacker != state.active:
        raise inconsistent("battle_outside_the_attackers_turn", "battle.attacker")
    defender_raw = b.get("defender")
    defender = (
        BARBARIAN_SIDE if defender_raw == "barbarians" else r.seat("battle.defender", defender_raw)
    )
    origins: list[tuple[str, str, int]] = []
    for k, item in enumerate(as_list("battle.origins", b.get("origins", []))):
        at = f"battle.origins[{k}]"
        o = as_mapping(at, item, frozenset({"place", "kind", "count"}))
        place = o.get("place")
        if isinstance(place, str) and SHIP_PLACE.fullmatch(place.lower()):
            place = place.lower()
        else:
            place = token(r.space(f"{at}.place", place))
        kind = o.get("kind")
        ship_kind = isinstance(kind, str) and SHIP_PLACE.fullmatch(kind)
        if kind not in LAND_UNITS and not ship_kind:
            raise bad(f"{at}.kind", kind)
        origins.append((str(place), str(kind), as_int(f"{at}.count", o.get("count", 1), 1, 16)))
    mood = b.get("city_mood")
    if mood is not None and mood not in MOODS:
        raise bad("battle.city_mood", mood)
    siege = as_ids("battle.siege", b.get("siege", []), ("wood", "ore", "none"))
    return Battle(
        space,
        as_flag("battle.at_sea", b.get("at_sea", False)),
        attacker,
        defender,
        tuple(origins),
        as_int("battle.round", b.get("round", 1), 1, 99),
        None if mood is None else str(mood),
        siege,
        as_flag("battle.landed", b.get("landed", False)),
        as_int("battle.defeated", b.get("defeated", 0), 0, 16),
        as_int("battle.carded", b.get("carded", 0), 0, 99),
        as_int("battle.deciding", b.get("deciding", 0), 0, 1),
        _played(r, b.get("played", [])),
        retreat=None if b.get("retreat") is None else r.space("battle.retreat", b["retreat"]),
        siege_food=str(
            one_of("battle.siege_food", b.get("siege_food", ""), ("", "paid", "refused"))
        ),
        asked=as_ids("battle.asked", b.get("asked", []), _BATTLE_ASKED),
        generals=_generals(r, b.get("generals", []), (attacker, defender)),
        trojan=as_flag("battle.trojan", b.get("trojan", False)),
        eclipse=as_flag("battle.eclipse", b.get("eclipse", False)),
    )


def _battle_so_far(state: ClashState, raw: Mapping[str, JSON]) -> tuple[dict[str, JSON], ...]:
    """The battle's beginning and losses so far (``start``, ``lost``: attacker's, defender's
    fighting units), which what it leaves when it ends counts (``rules.clash.battles.facts``).
    ``start`` defaults to the units there now."""
    b = state.battle
    assert b is not None

    def pair(key: str, default: tuple[int, int]) -> tuple[int, int]:
        value = raw.get(key, list(default))
        items = as_list(f"battle.{key}", value)
        if len(items) != 2:
            raise bad(f"battle.{key}", value)
        a, d = (as_int(f"battle.{key}", x, 0, 16) for x in items)
        return a, d

    now = (facts.fighting(state, b.attacker), facts.fighting(state, b.defender))
    start, lost = pair("start", now), pair("lost", (0, 0))
    if any(s - x != n for s, x, n in zip(start, lost, now, strict=True)):
        raise inconsistent("battle_start_less_lost_is_not_the_units_there", "battle.start")
    return facts.opening_log(state, start, lost)


def _generals(r: Reader, raw: JSON, sides: tuple[int, int]) -> tuple[int, ...]:
    """The sides that discarded a Great General for this battle: its attacker or defender."""
    out: list[int] = []
    for k, g in enumerate(as_list("battle.generals", raw)):
        seat = r.seat(f"battle.generals[{k}]", g)
        if seat not in sides or seat in out:
            raise bad(f"battle.generals[{k}]", g)
        out.append(seat)
    return tuple(out)


def _played(r: Reader, raw: JSON) -> tuple[tuple[int, str], ...]:
    """Combat cards played for the round under way: ``[{"player": handle, "card": id}]``."""
    out: list[tuple[int, str]] = []
    for k, item in enumerate(as_list("battle.played", raw)):
        at = f"battle.played[{k}]"
        d = as_mapping(at, item, frozenset({"player", "card"}))
        card = d.get("card")
        if card not in DECKS["action"]:
            raise bad(f"{at}.card", card)
        out.append((r.seat(f"{at}.player", d.get("player")), str(card)))
    return tuple(out)


def _status_answers(
    r: Reader, state: ClashState, step: int, raw: JSON
) -> dict[int, tuple[str, ...]]:
    """The answers given and not yet carried out (``{"ann": "raze c3"}``), each legal now."""
    out: dict[int, tuple[str, ...]] = {}
    for handle, said in as_mapping("status_phase.answers", raw).items():
        seat = r.seat("status_phase.answers", handle)
        if not isinstance(said, str) or not said.split():
            raise bad(f"status_phase.answers.{handle}", said)
        toks = tuple(said.split())
        if status_phase.answer_problem(state, step, seat, list(toks)) is not None:
            raise inconsistent("status_answer_not_legal", f"status_phase.answers.{handle}")
        out[seat] = toks
    return out


def _status_deciders(state: ClashState, step: int, order: list[int]) -> list[int]:
    """The seats that have a decision in a status step (p.11), in turn order."""
    if step == status_phase.OBJECTIVES:
        return [s for s in order if objectives.status_options(state, s)]
    if step == status_phase.FREE_ADVANCE:
        return [s for s in order if status_phase.free_answers(state, s)]
    if step == status_phase.RAZE:
        return [s for s in order if any(c.size == 1 for c in state.seats[s].cities)]
    picker = status_phase.first_player_picker(state)
    return [] if picker is None else [picker]


_EXPLORING_KEYS = frozenset(
    {
        "slot",
        "entered",
        "origin",
        "units",
        "step",
        "layouts",
        "spaces",
        "approach",
        "navigation",
        "ship_back",
    }
)


def _exploring(r: Reader, state: ClashState, raw: JSON) -> Exploring:
    """An exploration under way (docs/transcripts.md): the region of ``slot`` is face up in
    ``map`` and the explorer still decides ``step``."""
    e = as_mapping("exploring", raw, _EXPLORING_KEYS)
    slot = e.get("slot")
    if not isinstance(slot, str) or slot not in {s.id for s in r.board.hidden}:
        raise bad("exploring.slot", slot)
    if not state.regions[slot].explored:
        raise inconsistent("explored_region_lies_face_down", "exploring.slot")
    entered = r.space("exploring.entered", e.get("entered"))
    hexes = r.board.slot(slot).hexes
    if entered not in hexes:
        raise inconsistent("entered_space_not_in_the_region", "exploring.entered")
    origin = e.get("origin")
    if isinstance(origin, str) and SHIP_PLACE.fullmatch(origin.lower()):
        origin = origin.lower()
    else:
        origin = token(r.space("exploring.origin", origin))
    step = e.get("step")
    if step not in (LAYOUT, BARBARIANS, SHIP_SPACE):
        raise bad("exploring.step", step)
    by_token = {v: k for k, v in LAYOUT_TOKENS.items()}
    layouts = as_ids("exploring.layouts", e.get("layouts", []), tuple(by_token))
    ways = [by_token[x] for x in layouts]
    # While the layout is open the region lies the first way listed (the engine's order).
    if not ways or len(set(ways)) != len(ways) or ways[0] != state.regions[slot].turned:
        raise inconsistent("layouts_against_the_map", "exploring.layouts")
    if step != LAYOUT and len(ways) != 1:
        raise inconsistent("layouts_against_the_map", "exploring.layouts")
    approach = e.get("approach")
    units_known = (*LAND_UNITS, *(f"ship{k}" for k in range(1, 5)))
    return Exploring(
        slot,
        entered,
        str(origin),
        as_ids("exploring.units", e.get("units", []), units_known),
        str(step),
        tuple(by_token[x] for x in layouts),
        tuple(
            r.space("exploring.spaces", h) for h in as_list("exploring.spaces", e.get("spaces", []))
        ),
        None if approach is None else r.space("exploring.approach", approach),
        as_flag("exploring.navigation", e.get("navigation", False)),
        as_flag("exploring.ship_back", e.get("ship_back", False)),
    )


def _marks(r: Reader, raw: JSON) -> tuple[Mark, ...]:
    """The active player's unit marks: ``{"place": "C4" | "ship2", "kind", "mark", "count"}``;
    whether there are such units is checked with the rest of the position."""
    out: tuple[Mark, ...] = ()
    for k, item in enumerate(as_list("marks", raw)):
        at = f"marks[{k}]"
        m = as_mapping(at, item, frozenset({"place", "kind", "mark", "count"}))
        place = m.get("place")
        if isinstance(place, str) and SHIP_PLACE.fullmatch(place.lower()):
            place = place.lower()
        else:
            place = token(r.space(f"{at}.place", place))
        kind, mark = m.get("kind"), m.get("mark")
        if kind not in UNITS:
            raise bad(f"{at}.kind", kind)
        if mark not in MARKS or (kind == SHIP and mark not in (MOVED, STOPPED)):
            raise bad(f"{at}.mark", mark)
        out = add(out, place, str(kind), str(mark), as_int(f"{at}.count", m.get("count", 1), 1, 16))
    return out


def _kept_now(state: ClashState, raw: JSON) -> tuple[str, ...]:
    """The active player's kept event cards that were kept during this turn (C85): each one of
    their kept cards (a card twice only if kept twice)."""
    found = as_ids("events_kept_now", raw, DECKS["event"])
    left = list(state.seats[state.active].kept_events)
    for card in found:
        if card not in left:
            raise inconsistent("kept_now_not_a_kept_card", "events_kept_now")
        left.remove(card)
    return found


def _card_modifiers(raw: JSON) -> tuple[str, ...]:
    """Focused or Mass Collection waiting for the turn's next Collect (one at most), Cultural
    Awe for the next Cultural Influence, the Great Engineer (``E37``) for the next wonder (a
    mark, not the card: the card may be back in play after a reshuffle)."""
    allowed = frozenset({*COLLECTION_CARDS, CULTURAL_AWE, ENGINEER})
    found = as_ids("card_modifiers", raw, allowed)
    if len([c for c in found if c in COLLECTION_CARDS]) > 1:
        raise inconsistent("two_collection_cards_pending", "card_modifiers")
    if len(set(found)) != len(found):
        raise inconsistent("card_modifier_twice", "card_modifiers")
    return found
