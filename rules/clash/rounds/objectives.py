"""Completing objectives (p.11, p.14; docs/clash-cards.md §5.1, §8.7; C90-C99).

A card in a seat's hand (:attr:`PlayerState.objectives`, hidden) has two objectives
(:mod:`rules.clash.box.objective_cards`); completing one lays the card face up
(:attr:`PlayerState.completed`, 2 VP) and the other is lost with it. Completing is always the
player's choice, and the engine asks only a player who can complete something now.

**Status phase, step 1** (:mod:`rules.clash.rounds.status_phase`, prompt ``objectives``): in turn
order from the first player, each player whose hand holds a status-phase objective whose condition
holds answers ``complete <card> <half> [<card> <half>...]`` (several at once, one half per
card, never two of the same name nor a contradiction pair: Standing Army and Military Might,
Trader and Sea Lanes, C91) or ``pass``. Conditions are judged as the board stands before any
of the answer is paid (C94); payments are taken on completion.

**Immediately** (:func:`after_step`, called by the engine after every step): what the step
brought (battles that ended, cities founded, Build-units actions, wonders built: event
``clash.wonder_built``) is checked against every hand, and each seat with an immediate
objective that now holds is asked, in turn order from the active player, a nested decision
(kind ``objective``): ``complete <card> <half>`` or ``keep``. One step is one event: it never
completes two objectives of the same name (p.14, C90); after one completion the seat is asked
again while another (of another name) is still open. The offers are hidden state
(:attr:`ObjectiveWatch.offers`): the decision's parameters name no card, and it has no turn
owner (it outlives the active player's resignation). A step that ends a turn counts for the
turn that ended (the watch keeps that turn's battles and Builds: Warmonger, Conscripts).

**Events**: ``clash.objective_completed`` (``player``, ``card``, ``half``, ``objective`` the
name; public: the card now lies face up), ``clash.objectives_held`` (``player``: answered
``pass``/``keep``), ``clash.objective_offered`` (``player``, ``objectives`` the names; only
for that player: what the decision offers; being private, it also keeps the step from being
undone once the offer is known). **Refusals**: ``complete_or_pass``, ``complete_or_keep``,
``not_a_completable_objective`` (``token``, ``allowed``), ``objectives_exclude_each_other``
(``first``, ``second``: same card, same name or a contradiction pair), ``too_many_tokens``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.clash.battles.facts import ENDINGS, from_barbarian_attacks, from_battle
from rules.clash.board.hexes import Hex, parse_hex
from rules.clash.box.cards import HALVES
from rules.clash.box.objective_cards import IMMEDIATE, OBJECTIVES, STATUS, contradicts, half
from rules.clash.model.order import clockwise
from rules.clash.model.registry import Answer
from rules.clash.model.resources import MOOD
from rules.clash.model.state import TURN, ClashState, Completed, Fought
from rules.clash.rounds.objective_checks import IMMEDIATE_CHECKS, STATUS_CHECKS, Facts
from rules.core import Choice, Decision, Event, IllegalAction

COMPLETE, PASS, KEEP = "complete", "pass", "keep"
#: The kind of the immediate completion decision (``prompt.clash.objective``).
OBJECTIVE_DECISION = "objective"
#: The prompt kind of status phase step 1 (``prompt.clash.objectives``).
STATUS_PROMPT = "objectives"

Pick = tuple[str, str]
#: The event the wonder code emits when a wonder is built (``player``, ``wonder``, ``space``).
#: Read here, never emitted: its text belongs to the module that emits it, so the name is
#: not written as one literal (the locale scan takes every ``"clash.<kind>"`` for an emitted
#: event).
WONDER_BUILT = "clash." + "wonder_built"


def _name(pick: Pick) -> str:
    return half(*pick).name


def excludes(a: Pick, b: Pick) -> bool:
    """Whether two completions cannot go together: one card, one name or a contradiction."""
    na, nb = _name(a), _name(b)
    return a[0] == b[0] or na == nb or contradicts(na, nb)


def _check_together(picks: Sequence[Pick]) -> None:
    for i, a in enumerate(picks):
        for b in picks[:i]:
            if excludes(a, b):
                raise IllegalAction(
                    "objectives_exclude_each_other", first=f"{b[0]} {b[1]}", second=f"{a[0]} {a[1]}"
                )


def complete(state: ClashState, seat: int, card: str, which: str) -> list[Event]:
    """Lay ``card`` face up for its half ``which`` and take its payment (checked before)."""
    me = state.seats[seat]
    hand = list(me.objectives)
    hand.remove(card)
    me.objectives = tuple(hand)
    me.completed = (*me.completed, Completed(card, which))
    objective = half(card, which)
    for kind, n in objective.pay:
        me.resources[kind] -= n
    params = {
        "player": state.players[seat],
        "card": card,
        "half": which,
        "objective": objective.name,
    }
    return [Event("clash.objective_completed", params)]


def _held(state: ClashState, seat: int) -> list[Event]:
    return [Event("clash.objectives_held", {"player": state.players[seat]})]


def _read_picks(toks: Sequence[str], allowed: Sequence[Pick]) -> list[Pick]:
    """``<card> <half> ...`` after ``complete``: each one of ``allowed``."""
    by_token = {f"{c.lower()} {h}": (c, h) for c, h in allowed}
    if not toks or len(toks) % 2:
        raise IllegalAction(
            "not_a_completable_objective", token=" ".join(toks), allowed=sorted(by_token)
        )
    picks = []
    for k in range(0, len(toks), 2):
        said = f"{toks[k]} {toks[k + 1]}"
        if said not in by_token:
            raise IllegalAction("not_a_completable_objective", token=said, allowed=sorted(by_token))
        picks.append(by_token[said])
    return picks


def _pick_choices(allowed: Sequence[Pick], rest: list[str], many: bool) -> list[Choice]:
    """The tokens after ``complete``: a card, then its half; with ``many``, more pairs that
    may go with those already named."""
    chosen = [(rest[k].upper(), rest[k + 1]) for k in range(0, len(rest) - 1, 2)]
    if any(c not in allowed for c in chosen) or (chosen and not many):
        return []
    if len(rest) % 2 == 0:
        open_ = [p for p in allowed if not any(excludes(p, c) for c in chosen)]
        cards = dict.fromkeys(c for c, _ in open_)
        return [
            Choice(
                c.lower(),
                "clash.choice.objective_card",
                {"card": c, "top": half(c, "top").name, "bottom": half(c, "bottom").name},
                complete=False,
                more=True,
            )
            for c in cards
        ]
    card = rest[-1].upper()
    out = []
    for c, h in allowed:
        if c != card or any(excludes((c, h), x) for x in chosen):
            continue
        more = many and any(
            not excludes(p, (c, h)) and not any(excludes(p, x) for x in chosen) for p in allowed
        )
        params = {"card": c, "half": h, "objective": half(c, h).name}
        out.append(Choice(h, "clash.choice.objective_half", params, complete=True, more=more))
    return out


# -- status phase, step 1 -------------------------------------------------------------------------


def status_options(state: ClashState, seat: int) -> list[Pick]:
    """The status-phase objectives of the seat's hand whose condition holds now."""
    me = state.seats[seat]
    return [
        (card, which)
        for card in sorted(set(me.objectives))
        for which, objective in OBJECTIVES[card].items()
        if objective.timing == STATUS and STATUS_CHECKS[objective.name](state, seat)
    ]


def status_choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    if not prefix:
        return [
            Choice(COMPLETE, "clash.choice.objectives_complete", complete=False, more=True),
            Choice(PASS, "clash.choice.objectives_pass"),
        ]
    if prefix[0] != COMPLETE:
        return []
    return _pick_choices(status_options(state, seat), prefix[1:], many=True)


def status_problem(state: ClashState, seat: int, toks: list[str]) -> IllegalAction | None:
    """Why ``toks`` is no answer of ``seat`` to step 1 now (``pass``, or ``complete`` with
    objectives whose conditions hold, judged together before any is paid), or None."""
    if toks == [PASS]:
        return None
    if not toks or toks[0] != COMPLETE:
        return IllegalAction("complete_or_pass", allowed=[COMPLETE, PASS])
    try:
        _check_together(_read_picks(toks[1:], status_options(state, seat)))
    except IllegalAction as refusal:
        return refusal
    return None


def status_apply(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """Carry out an answer :func:`status_problem` accepts."""
    if toks == [PASS]:
        return _held(state, seat)
    picks = _read_picks(toks[1:], status_options(state, seat))
    events: list[Event] = []
    for card, which in picks:
        events += complete(state, seat, card, which)
    return events


# -- immediate objectives ------------------------------------------------------------------------


def _turn_seat(state: ClashState, events: Sequence[Event]) -> int | None:
    """Whose turn a step's facts belong to: the turn that ended in it, else the one under
    way (None in the status phase)."""
    ended = next((e for e in events if e.kind == "clash.turn_ended"), None)
    if ended is not None:
        return state.players.index(str(ended.params["player"]))
    return state.active if state.phase == TURN else None


def step_battles(state: ClashState, events: Sequence[Event]) -> list[Fought]:
    """The battles that ended in a step (as the engine records them in ``fought``)."""
    told = [{"kind": e.kind, "params": e.params} for e in events if e.visible_to is None]
    fought = from_barbarian_attacks(state, told)
    if any(e["kind"] in ENDINGS for e in told):
        battle = from_battle(state, state.battle_log)
        if battle is not None:
            fought.insert(0, battle)
    return fought


def _seat_of(state: ClashState, e: Event) -> int:
    return state.players.index(str(e.params["player"]))


def _watch(state: ClashState, events: Sequence[Event], battles: Sequence[Fought]) -> Facts:
    """Add the step to the turn's counts and give the step's facts (the watch holds the turn
    that was under way when the step began)."""
    w = state.objective_watch
    seat = _turn_seat(state, events)
    built = tuple(_seat_of(state, e) for e in events if e.kind == "clash.units_built")
    drafted = any(
        e.kind == "clash.units_built"
        and _seat_of(state, e) == seat
        and any(str(x).startswith(f"{MOOD}_") for x in e.params["paid"])
        for e in events
    )
    if seat is not None:
        w = replace(
            w,
            battles=(*w.battles, *of_turn(battles, seat)),
            builds=w.builds + built.count(seat),
            drafted=w.drafted or drafted,
        )
    facts = Facts(
        battles=tuple(battles),
        founded=tuple(
            (_seat_of(state, e), parse_hex(str(e.params["space"]).lower()))
            for e in events
            if e.kind == "clash.city_founded"
        ),
        built=built,
        wonders=tuple(
            (_seat_of(state, e), str(e.params["wonder"])) for e in events if e.kind == WONDER_BUILT
        ),
        turn_seat=seat,
        turn_battles=w.battles,
        builds=w.builds,
        drafted=w.drafted,
    )
    turned = any(e.kind in ("clash.turn_ended", "clash.round_started") for e in events)
    if turned or state.phase != TURN:
        # A new turn (or none: the status phase) starts its counts afresh.
        w = replace(w, battles=(), builds=0, drafted=False)
    state.objective_watch = w
    return facts


def of_turn(battles: Sequence[Fought], seat: int) -> tuple[tuple[Hex, bool], ...]:
    """What Warmonger keeps of ``battles``: those ``seat`` fought in, by space and win."""
    return tuple((f.space, f.winner == seat) for f in battles if seat in (f.attacker, f.defender))


def immediate_options(state: ClashState, seat: int, facts: Facts) -> list[Pick]:
    """The immediate objectives of the seat's hand that ``facts`` complete."""
    me = state.seats[seat]
    return [
        (card, which)
        for card in sorted(set(me.objectives))
        for which, objective in OBJECTIVES[card].items()
        if objective.timing == IMMEDIATE and IMMEDIATE_CHECKS[objective.name](state, seat, facts)
    ]


def after_step(state: ClashState, events: Sequence[Event]) -> list[Event]:
    """After every step: offer the immediate objectives the step completed, seat by seat in
    turn order from the active player (the first of them is asked first); each holder is
    told privately what it may complete."""
    if state.outcome is not None:
        return []
    battles = step_battles(state, events)
    facts = _watch(state, events, battles)
    if not (facts.battles or facts.founded or facts.built or facts.wonders):
        return []
    order = [s for s in clockwise(state, state.active) if not state.seats[s].resigned]
    offers = [(s, p) for s in order if (p := immediate_options(state, s, facts))]
    told: list[Event] = []
    for seat, picks in reversed(offers):
        told.insert(0, _offer(state, seat, picks))
    return told


def _offer(state: ClashState, seat: int, picks: Sequence[Pick]) -> Event:
    """Push the decision of ``seat`` over ``picks`` (kept in the watch, hidden); the event
    tells the seat alone."""
    w = state.objective_watch
    kept = tuple(o for o in w.offers if o[0] != seat)
    state.objective_watch = replace(w, offers=(*kept, *((seat, c, h) for c, h in picks)))
    me = state.seats[seat]
    # Unique on the stack (its depth) and after each completion (the cards counted).
    n = f"{len(me.completed)}.{len(me.objectives)}.{len(state.prompts.decisions)}"
    pid = f"{OBJECTIVE_DECISION}:{state.round}.{state.turn}.{state.active}.{seat}.{n}"
    # No turn owner: the holder's chance does not end with the active player's turn (C98).
    state.prompts = state.prompts.push(Decision(pid, seat, OBJECTIVE_DECISION, {}, None))
    names = list(dict.fromkeys(_name(p) for p in picks))
    params = {"player": state.players[seat], "objectives": names}
    return Event("clash.objective_offered", params, visible_to=(seat,))


def offered(state: ClashState, seat: int) -> list[Pick]:
    """The completions offered to ``seat`` and not yet answered."""
    return [(c, h) for s, c, h in state.objective_watch.offers if s == seat]


def drop_offers(state: ClashState, seat: int) -> None:
    """Forget what ``seat`` was offered (it answered, or resigned)."""
    w = state.objective_watch
    state.objective_watch = replace(w, offers=tuple(o for o in w.offers if o[0] != seat))


def answer_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if not prefix:
        return [
            Choice(COMPLETE, "clash.choice.objective_complete", complete=False, more=True),
            Choice(KEEP, "clash.choice.objective_keep"),
        ]
    if prefix[0] != COMPLETE:
        return []
    return _pick_choices(offered(state, decision.seat), prefix[1:], many=False)


def answer_apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    """``keep``, or ``complete <card> <half>``: the seat is asked again while an offer of
    another card and another name is left."""
    seat = decision.seat
    if toks == [KEEP]:
        state.prompts = state.prompts.pop(decision.id)
        drop_offers(state, seat)
        return _held(state, seat)
    if not toks or toks[0] != COMPLETE:
        raise IllegalAction("complete_or_keep", allowed=[COMPLETE, KEEP])
    if len(toks) > 3:
        raise IllegalAction("too_many_tokens", token=toks[3])
    ((card, which),) = _read_picks(toks[1:], offered(state, seat))
    state.prompts = state.prompts.pop(decision.id)
    left = [p for p in offered(state, seat) if not excludes(p, (card, which))]
    drop_offers(state, seat)
    events = complete(state, seat, card, which)
    if left:
        events.append(_offer(state, seat, left))
    return events


def decision_problem(state: ClashState, decision: Decision) -> str | None:
    """Why an ``objective`` decision cannot stand (positions): it has no parameters, and its
    seat has offers, each an immediate objective of a card in its hand."""
    if dict(decision.params):
        return f"objective decision params {sorted(decision.params)}"
    picks = offered(state, decision.seat)
    if not picks:
        return "objective decision without an offer"
    return offers_problem(state, decision.seat, picks)


def offers_problem(state: ClashState, seat: int, picks: Sequence[Pick]) -> str | None:
    """Why these offers cannot stand for ``seat``, or None."""
    hand = state.seats[seat].objectives
    for card, which in picks:
        if card not in OBJECTIVES or which not in HALVES or card not in hand:
            return "objective offered for a card not in hand"
        if half(card, which).timing != IMMEDIATE:
            return "objective offered that is not immediate"
    return None


def watch_problems(state: ClashState) -> list[str]:
    """Broken invariants of the offers (:mod:`rules.clash.checks.invariants`): each seat with offers
    has an ``objective`` decision waiting and the reverse, and each offer stands."""
    asked = {d.seat for d in state.prompts.decisions if d.kind == OBJECTIVE_DECISION}
    holders = {s for s, _, _ in state.objective_watch.offers}
    out = [f"seat {s}: objective decision without offers" for s in sorted(asked - holders)]
    out += [f"seat {s}: objective offers without a decision" for s in sorted(holders - asked)]
    for seat in sorted(holders):
        problem = offers_problem(state, seat, offered(state, seat))
        if problem is not None:
            out.append(f"seat {seat}: {problem}")
    return out


#: How the immediate completion decision is answered
#: (:data:`rules.clash.dispatch.grammar.DECISIONS`).
OBJECTIVE_ANSWER = Answer(answer_choices, answer_apply, decision_problem)
