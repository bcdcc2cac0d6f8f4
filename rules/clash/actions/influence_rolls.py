"""A Cultural Influence attempt and what follows the roll (p.10, p.11, p.15; C36-C38, C63):
reading the attempt, rolling, succeeding or failing, the decision after a short roll
(Propaganda, culture tokens) and the Great Pyramids' second attempt."""

from __future__ import annotations

from dataclasses import replace

from rules.clash.actions.influence_targets import (
    ART_ADVANCE,
    CONVERSION,
    INFLUENCE_DECISION,
    MIN_TARGET_SIZE,
    PROPAGANDA_BOOST,
    SUCCESS,
    SUCCESS_WITH_CONVERSION,
    Target,
    awe_pending,
    awe_units,
    barbarian_target,
    base_range,
    blocker,
    can_be_source,
    city_at,
    explored,
    in_supply,
    not_mine,
    shielded,
    targets,
    token_budget,
)
from rules.clash.board.hexes import Hex, label, steps
from rules.clash.box.components import ARMY, PIECES, SETTLEMENT, SETTLER
from rules.clash.model.civil_cards import CULTURAL_AWE, PROPAGANDA, held, play_card
from rules.clash.model.dice import roll
from rules.clash.model.registry import Answer
from rules.clash.model.resources import CULTURE, gain_tokens, spend_tokens
from rules.clash.model.state import BARBARIAN_SIDE, TURN, City, ClashState, Piece, new_city
from rules.core import Choice, Decision, Event, IllegalAction, number

#: The decision's extra param for Cultural Awe's target: the unit a barbarian one becomes.
AWE_UNIT, NO_UNIT = "unit", "none"


def read(state: ClashState, seat: int, rest: list[str], fee: int) -> tuple[City, Target, str]:
    """The source, the target and the piece's kind, checked in this order."""
    if state.turn_state.influenced:
        raise IllegalAction("already_influenced")
    if len(rest) < 3:
        raise IllegalAction("influence_incomplete")
    awe = awe_pending(state) and state.board.parse(rest[1]) in state.barbarians.cities
    if len(rest) > (4 if awe else 3):
        raise IllegalAction("too_many_tokens", token=rest[4 if awe else 3])
    src_hex = state.board.parse(rest[0])
    source = state.seats[seat].city_at(src_hex)
    if source is None:
        raise IllegalAction("not_your_city", space=label(src_hex))
    if not can_be_source(source, seat):
        raise IllegalAction("source_under_influence", space=label(src_hex))
    at = state.board.parse(rest[1])
    where = label(at)
    city = city_at(state, at)
    if city is None and awe:
        return _read_barbarian(state, seat, source, at, rest, fee)
    if city is None:
        if at in state.barbarians.cities:
            raise IllegalAction("barbarians_never_influenced", space=where)
        raise IllegalAction("no_city_there", space=where)
    if city.size < MIN_TARGET_SIZE:
        raise IllegalAction("target_too_small", space=where, size=city.size)
    passable = explored(state)
    if shielded(state, seat, city, passable):
        raise IllegalAction("protected_by_great_statue", space=where)
    kind = rest[2]
    if kind not in PIECES:
        raise IllegalAction("bad_piece", token=kind)
    if kind == SETTLEMENT:
        raise IllegalAction("settlement_never_influenced")
    theirs = not_mine(city, seat)
    if not theirs:
        raise IllegalAction("nothing_to_influence", space=where)
    if all(p.kind != kind for p in theirs):
        raise IllegalAction("no_such_piece", space=where, piece=kind)
    if in_supply(state, seat, kind) < 1:
        raise IllegalAction("no_piece_left", piece=kind)
    d = steps(src_hex, passable).get(at)
    if d is None:
        raise IllegalAction("out_of_reach", space=where)
    base = base_range(state, source)
    need = max(0, d - base)
    block = blocker(state, seat, city)
    if need and block is not None:
        raise IllegalAction(
            "range_boost_blocked", space=where, distance=d, range=base, advance=block
        )
    budget = token_budget(state, seat, fee)
    if need > budget:
        raise IllegalAction("cannot_pay_range", count=need, tokens=budget)
    return source, Target(city, d, need), kind


def _read_barbarian(
    state: ClashState, seat: int, source: City, at: Hex, rest: list[str], fee: int
) -> tuple[City, Target, str]:
    """Cultural Awe's target, a barbarian settlement: ``settlement`` and, when one of its
    units may become either, ``army`` or ``settler`` (P08)."""
    where = label(at)
    if rest[2] != SETTLEMENT:
        raise IllegalAction("awe_takes_the_settlement", token=rest[2])
    units = awe_units(state, seat, at)
    if len(rest) > 3 and rest[3] not in units:
        raise IllegalAction("awe_unit", token=rest[3], allowed=units)
    if len(rest) == 3 and len(units) > 1:
        raise IllegalAction("awe_unit", token="", allowed=units)
    if in_supply(state, seat, SETTLEMENT) < 1:
        raise IllegalAction("no_piece_left", piece=SETTLEMENT)
    d = steps(source.hex, explored(state)).get(at)
    if d is None:
        raise IllegalAction("out_of_reach", space=where)
    need = max(0, d - base_range(state, source))
    budget = token_budget(state, seat, fee)
    if need > budget:
        raise IllegalAction("cannot_pay_range", count=need, tokens=budget)
    return source, Target(barbarian_target(at), d, need), SETTLEMENT


def _awe_unit(state: ClashState, seat: int, at: Hex, rest: list[str]) -> str | None:
    """The unit a barbarian one becomes, as named or the only one possible."""
    units = awe_units(state, seat, at)
    return rest[3] if len(rest) > 3 else (units[0] if units else None)


def needed(state: ClashState, seat: int) -> int:
    """The roll that succeeds: 5, or 4 with Conversion (p.2, p.10)."""
    return SUCCESS_WITH_CONVERSION if CONVERSION in state.seats[seat].advances else SUCCESS


def attempt(
    state: ClashState, seat: int, rest: list[str], fee: int, how: str | None = None
) -> list[Event]:
    source, target, kind = read(state, seat, rest, fee)
    me = state.seats[seat]
    player = state.players[seat]
    events = []
    barbarian = target.city.owner == BARBARIAN_SIDE
    unit = _awe_unit(state, seat, target.city.hex, rest) if barbarian else None
    if awe_pending(state):
        # Cultural Awe is for the next attempt only, whatever its target.
        ts = state.turn_state
        left = tuple(c for c in ts.card_modifiers if c != CULTURAL_AWE)
        state.turn_state = replace(ts, card_modifiers=left)
    if fee:
        spend_tokens(me, CULTURE, fee)
        ts = state.turn_state
        state.turn_state = replace(ts, used=ts.used | {ART_ADVANCE})
        events.append(Event("clash.art_used", {"player": player}))
    if target.range_tokens:
        spend_tokens(me, CULTURE, target.range_tokens)
        events.append(
            Event(
                "clash.range_bought",
                {"player": player, "count": target.range_tokens, "distance": target.distance},
            )
        )
    (die,) = roll(state, 1)
    need = needed(state, seat)
    at = target.city.hex
    events.append(
        Event(
            "clash.influence_rolled",
            {
                "player": player,
                "from": label(source.hex),
                "to": label(at),
                "piece": kind,
                "roll": die,
                "needed": need,
            },
        )
    )
    if die >= need:
        return events + _succeed(state, seat, at, kind, unit)
    short = need - die
    block = blocker(state, seat, target.city)
    if block is not None:
        owner = state.players[target.city.owner]
        events.append(
            Event("clash.boost_blocked", {"player": owner, "space": label(at), "advance": block})
        )
    if block is not None or (me.culture_tokens < short and propaganda(state, seat, short) is None):
        return events + _fail(state, seat, at, die)
    how = how or ("art" if fee else "action")
    ts = state.turn_state
    decision = Decision(
        f"{INFLUENCE_DECISION}:{state.round}.{state.turn}.{seat}.{ts.actions_left}.{how}",
        seat,
        INFLUENCE_DECISION,
        {
            "roll": die,
            "needed": need,
            "count": short,
            "space": label(at),
            "piece": kind,
            **({AWE_UNIT: unit or NO_UNIT} if barbarian else {}),
        },
        seat,
    )
    state.prompts = state.prompts.push(decision)
    return events


def _succeed(
    state: ClashState, seat: int, at: Hex, kind: str, unit: str | None = None
) -> list[Event]:
    """The piece of ``kind`` in the city on ``at`` becomes ``seat``'s colour (p.10); a
    barbarian settlement (Cultural Awe) becomes ``seat``'s city."""
    if at in state.barbarians.cities:
        return _take_barbarians(state, seat, at, unit)
    city = city_at(state, at)
    assert city is not None
    old = city.piece(kind)
    assert old is not None and old.owner != seat
    new = tuple(Piece(kind, seat) if p == old else p for p in city.pieces)
    owner = state.seats[city.owner]
    k = owner.cities.index(city)
    owner.cities[k] = replace(city, pieces=new)
    state.turn_state = replace(state.turn_state, influenced=True)
    player = state.players[seat]
    events = [
        Event(
            "clash.influence_succeeded",
            {
                "player": player,
                "space": label(at),
                "piece": kind,
                "owner": state.players[old.owner],
            },
        )
    ]
    if CONVERSION in state.seats[seat].advances and gain_tokens(state.seats[seat], CULTURE, 1):
        events.append(Event("clash.conversion_token", {"player": player}))
    return events


def _take_barbarians(state: ClashState, seat: int, at: Hex, unit: str | None) -> list[Event]:
    """Cultural Awe succeeded (P08): the settlement is replaced by one of ``seat``'s (the
    city neutral), one barbarian unit becomes ``unit`` of theirs, the others leave."""
    b = state.barbarians
    removed = b.armies.get(at, 0)
    state.barbarians = replace(
        b, cities=b.cities - {at}, armies={h: n for h, n in b.armies.items() if h != at}
    )
    me = state.seats[seat]
    me.cities = [*me.cities, new_city(at, seat)]
    if unit == ARMY:
        me.armies[at] = me.armies.get(at, 0) + 1
    elif unit == SETTLER:
        me.settlers[at] = me.settlers.get(at, 0) + 1
    state.turn_state = replace(state.turn_state, influenced=True)
    player = state.players[seat]
    params = {"player": player, "space": label(at), "unit": unit or NO_UNIT, "count": removed}
    events = [Event("clash.barbarians_won_over", params)]
    if CONVERSION in me.advances and gain_tokens(me, CULTURE, 1):
        events.append(Event("clash.conversion_token", {"player": player}))
    return events


def _fail(state: ClashState, seat: int, at: Hex, total: int) -> list[Event]:
    params = {
        "player": state.players[seat],
        "space": label(at),
        "roll": total,
        "needed": needed(state, seat),
    }
    return [Event("clash.influence_failed", params)]


#: The params of an ``influence`` decision (a position's ``prompts`` must give exactly these).
DECISION_PARAMS = frozenset({"roll", "needed", "count", "space", "piece"})


def decision_problem(state: ClashState, decision: Decision) -> str | None:
    """Why ``decision`` (kind ``influence``) cannot stand in ``state``, or None: for positions
    and invariants. It belongs to the active player's turn, in a turn; its roll fell short
    of the roll needed by ``count`` > 0, which the player's culture tokens can pay (else it
    would have been resolved at once); its target still holds a ``piece`` of another colour
    that the player has in supply."""
    p = decision.params
    seat = decision.seat
    awe = set(p) == DECISION_PARAMS | {AWE_UNIT}
    if set(p) != DECISION_PARAMS and not awe:
        return f"influence decision params {sorted(p)}"
    if state.phase != TURN or decision.turn != seat or state.active != seat:
        return "influence decision outside its player's turn"
    ints = [p["roll"], p["needed"], p["count"]]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in ints):
        return f"influence decision numbers {ints}"
    if (
        not 1 <= p["roll"] < p["needed"] == needed(state, seat)
        or p["count"] != p["needed"] - p["roll"]
    ):
        return f"influence decision roll {p['roll']}, needed {p['needed']}, count {p['count']}"
    count = p["count"]
    if state.seats[seat].culture_tokens < count and propaganda(state, seat, count) is None:
        return "influence decision the player cannot pay"
    try:
        at = state.board.parse(str(p["space"]))
    except IllegalAction:
        return f"influence decision space {p['space']}"
    city = city_at(state, at)
    kind = p["piece"]
    if awe or at in state.barbarians.cities:
        units = awe_units(state, seat, at)
        unit = p.get(AWE_UNIT)
        fits = unit in units or (unit == NO_UNIT and not units)
        if not awe or at not in state.barbarians.cities or kind != SETTLEMENT or not fits:
            return f"influence decision on the barbarians of {p['space']}: {kind} {unit}"
        return None
    if city is None or all(x.kind != kind for x in not_mine(city, seat)):
        return f"influence decision target {p['space']} {kind}"
    if in_supply(state, seat, str(kind)) < 1 or blocker(state, seat, city) is not None:
        return f"influence decision on {p['space']} cannot succeed"
    return None


def propaganda(state: ClashState, seat: int, short: int) -> str | None:
    """The Propaganda card (docs/clash-cards.md P02: +2 to the roll, a boost) that, with the
    culture tokens ``seat`` holds for the rest, makes up a shortfall of ``short``, if any."""
    cards = held(state.seats[seat], PROPAGANDA)
    if not cards or state.seats[seat].culture_tokens < max(0, short - PROPAGANDA_BOOST):
        return None
    return cards[0]


def _answers(state: ClashState, decision: Decision) -> list[int]:
    short = int(decision.params["count"])
    can = state.seats[decision.seat].culture_tokens >= short
    return [short, 0] if can else [0]


def answer_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    """Spend the shortfall (``2``) or nothing (``0``); or play Propaganda (``A03``), with
    the tokens it leaves short (``A03 1``)."""
    short = int(decision.params["count"])
    card = propaganda(state, decision.seat, short)
    rest = max(0, short - PROPAGANDA_BOOST)
    if prefix:
        if card is not None and prefix == [card.lower()] and rest:
            need = int(decision.params["needed"])
            return [Choice(str(rest), "clash.choice.boost", {"count": rest, "roll": need})]
        return []
    need = int(decision.params["needed"])
    out = [
        Choice(
            str(n),
            "clash.choice.boost" if n else "clash.choice.no_boost",
            {"count": n, "roll": need},
        )
        for n in _answers(state, decision)
    ]
    if card is not None:
        params = {"card": card, "civil": PROPAGANDA, "count": rest}
        key = "clash.choice.propaganda_tokens" if rest else "clash.choice.propaganda"
        out.insert(0, Choice(card.lower(), key, params, complete=not rest, more=bool(rest)))
    return out


def answer_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    """``<n>``: the culture tokens added to the roll; or ``<Propaganda> [<n>]``; then the
    attempt is resolved."""
    head, *rest = toks
    seat = decision.seat
    short = int(decision.params["count"])
    card = propaganda(state, seat, short)
    if card is not None and head.upper() == card:
        return _answer_propaganda(state, decision, card, rest)
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    allowed = _answers(state, decision)
    n = number(head)
    if n is None or n not in allowed:
        raise IllegalAction("boost_amount", allowed=sorted(allowed))
    state.prompts = state.prompts.pop(decision.id)
    at = state.board.parse(str(decision.params["space"]))
    die = int(decision.params["roll"])
    if not n:
        return _fail(state, seat, at, die) + drop_idle(state)
    spend_tokens(state.seats[seat], CULTURE, n)
    boosted = Event(
        "clash.influence_boosted", {"player": state.players[seat], "count": n, "roll": die + n}
    )
    piece = str(decision.params["piece"])
    return [boosted, *_succeed(state, seat, at, piece, _unit(decision)), *drop_idle(state)]


def _answer_propaganda(
    state: ClashState, decision: Decision, card: str, toks: list[str]
) -> list[Event]:
    seat = decision.seat
    short = int(decision.params["count"])
    tokens = max(0, short - PROPAGANDA_BOOST)
    if [number(t) for t in toks] != ([tokens] if tokens else []):
        raise IllegalAction("boost_amount", allowed=[tokens])
    state.prompts = state.prompts.pop(decision.id)
    events = play_card(state, seat, card)
    die = int(decision.params["roll"])
    if tokens:
        spend_tokens(state.seats[seat], CULTURE, tokens)
    roll = die + PROPAGANDA_BOOST + tokens
    params = {"player": state.players[seat], "count": tokens, "roll": roll}
    events.append(Event("clash.propaganda", params))
    at = state.board.parse(str(decision.params["space"]))
    piece = str(decision.params["piece"])
    return events + _succeed(state, seat, at, piece, _unit(decision)) + drop_idle(state)


def _unit(decision: Decision) -> str | None:
    unit = decision.params.get(AWE_UNIT)
    return None if unit in (None, NO_UNIT) else str(unit)


#: How the decision after a short roll is answered (:data:`rules.clash.dispatch.grammar.DECISIONS`).
INFLUENCE_ANSWER = Answer(answer_choices, answer_apply, decision_problem)


#: The kind of the decision offering the Great Pyramids' attempts (``prompt.clash.pyramids``).
PYRAMIDS_DECISION = "pyramids"
GREAT_PYRAMIDS = "great_pyramids"
#: Attempts the Great Pyramids give when built (p.15).
PYRAMIDS_ATTEMPTS = 2
PYRAMIDS_DONE = "done"


def pyramid_targets(state: ClashState, seat: int, city: City) -> list[Target]:
    """What the Pyramids' city may influence now (none after a success this turn, C36)."""
    if state.turn_state.influenced or not can_be_source(city, seat):
        return []
    return targets(state, seat, city, token_budget(state, seat, 0))


def push_pyramids(state: ClashState, seat: int, city: City, count: int) -> None:
    pid = f"{PYRAMIDS_DECISION}:{state.round}.{state.turn}.{seat}.{count}"
    params = {"city": label(city.hex), "count": count}
    state.prompts = state.prompts.push(Decision(pid, seat, PYRAMIDS_DECISION, params, seat))


def offer_pyramids(state: ClashState, seat: int, h: Hex) -> list[Event]:
    """The Great Pyramids just built on ``h``: their city may make two Cultural Influence
    attempts at once, without an action (p.15, C111), asked when it has a target."""
    city = state.seats[seat].city_at(h)
    if city is None or city.wonder != GREAT_PYRAMIDS or not pyramid_targets(state, seat, city):
        return []
    push_pyramids(state, seat, city, PYRAMIDS_ATTEMPTS)
    return []


def pyramid_city(state: ClashState, decision: Decision) -> City | None:
    try:
        h = state.board.parse(str(decision.params.get("city")))
    except IllegalAction:
        return None
    city = state.seats[decision.seat].city_at(h)
    return city if city is not None and city.wonder == GREAT_PYRAMIDS else None


def drop_idle(state: ClashState) -> list[Event]:
    """A Pyramids decision coming back to the top with nothing left to attempt (a success this
    turn, or no target any more) goes: a prompt would only have ``done`` to answer."""
    top = state.prompts.top()
    while top is not None and top.kind == PYRAMIDS_DECISION:
        city = pyramid_city(state, top)
        if city is not None and pyramid_targets(state, top.seat, city):
            break
        state.prompts = state.prompts.pop(top.id)
        top = state.prompts.top()
    return []
