"""The action grammar: ``choices`` and ``apply``.

In a turn (three actions, p.7) the active player may:

* ``move [<group>]``: begin a Move action (p.9), optionally with its first group
  (:mod:`rules.clash.actions.movement` gives the group's form); then, while it lasts, ``<group>``
  moves the next group and ``done`` ends it. It ends by itself after the third group or when no
  group can move any more (the only answer left);
* ``found <space>``: Found City with a settler there (:mod:`rules.clash.actions.founding`);
* ``end``: end the turn, whatever actions are left. A turn with no action left ends by itself.

While a region being explored waits for its explorer (:mod:`rules.clash.actions.exploration`), the
answer is ``a`` or ``b`` (the way it lies) or a space (for the barbarians, or for the ship).
The other actions of p.7 and the cards are in :data:`TURN_ACTIONS`, each module's docstring
giving its grammar (docs/transcripts.md has it whole). In a position standing in the status
phase ``end`` ends the deciding seat's part of the step. Trading (``trade``, ``withdraw``,
``accept``, ``refuse``: :mod:`rules.clash.actions.trading`) costs no action and keeps no turn open;
between the active player's actions it is all the other players may do.
"""

from __future__ import annotations

from dataclasses import replace

from rules.clash.actions import (
    activation,
    advance_gains,
    advancing,
    exploration,
    founding,
    lighthouse,
    move_groups,
    movement,
    routes,
    trade_offers,
    trading,
)
from rules.clash.actions.abilities import ABILITY_ACTIONS
from rules.clash.actions.civic import CIVIC_ACTION, VOTING_ACTION
from rules.clash.actions.exploration import BARBARIANS, LAYOUT, LAYOUT_TOKENS, placed
from rules.clash.actions.influence import ART_ACTION, INFLUENCE_ACTION, PYRAMIDS_ANSWER
from rules.clash.actions.influence_rolls import INFLUENCE_ANSWER, PYRAMIDS_DECISION
from rules.clash.actions.influence_targets import INFLUENCE_DECISION
from rules.clash.actions.trade_routes import TRADE_ANSWER, TRADE_DECISION
from rules.clash.battles import combat, combat_cards, endings, sides
from rules.clash.battles.barbarian_raids import BARBARIAN_KINDS
from rules.clash.battles.barbarians import BARBARIAN_ANSWER
from rules.clash.board.hexes import label, parse_hex, token
from rules.clash.box.components import GROUPS_PER_MOVE
from rules.clash.cards.decisions import CARD_DECISIONS, drop_idle_synergy
from rules.clash.cards.kept_events import KEPT_ACTION
from rules.clash.cards.play import CARD_ACTION
from rules.clash.dispatch.prompts import pending, prompted
from rules.clash.events.resolving import EVENT_ANSWER, EVENT_KINDS, resume_events
from rules.clash.model.occupancy import occupancy
from rules.clash.model.registry import Answer, TurnAction
from rules.clash.model.state import STATUS, TURN, ClashState
from rules.clash.model.transfer import ship_by_place
from rules.clash.rounds import objectives, status_phase
from rules.clash.rounds.turns import end_turn, spend_action
from rules.clash.wonders import construction, gardens
from rules.core import Choice, Decision, Event, IllegalAction, deciding, too_long

END, MOVE, FOUND, DONE, ADVANCE = "end", "move", "found", "done", "advance"


def _move_offered(state: ClashState, seat: int) -> bool:
    return movement.can_move(state, seat)


def _move_choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    return _group_choices(state, seat, rest)


def _begin_move(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``move [<group>]``: the action is spent; the Move action's groups follow."""
    if not rest and not movement.can_move(state, seat):
        raise IllegalAction("nothing_can_move")
    state.turn_state = replace(state.turn_state, moving=GROUPS_PER_MOVE)
    if not rest:
        return [Event("clash.move_began", {"player": state.players[seat]})]
    return _group(state, seat, rest)


#: The actions of a turn in the order of p.7 (each module's docstring has its rules). Their
#: menu lists them in this order, then ``end``.
TURN_ACTIONS: tuple[TurnAction, ...] = (
    TurnAction(ADVANCE, advancing.offered, advancing.choices, advancing.apply),
    TurnAction(FOUND, founding.offered, founding.choices, founding.apply),
    TurnAction(activation.ACTIVATE, activation.offered, activation.choices, activation.apply),
    TurnAction(MOVE, _move_offered, _move_choices, _begin_move, alone=True),
    CIVIC_ACTION,
    VOTING_ACTION,
    INFLUENCE_ACTION,
    ART_ACTION,
    *ABILITY_ACTIONS,
    construction.WONDER_ACTION,
    gardens.GARDENS_ACTION,
    KEPT_ACTION,
    CARD_ACTION,
)
_BY_TOKEN: dict[str, TurnAction] = {a.token: a for a in TURN_ACTIONS}
#: How each kind of nested decision (``state.prompts``) is answered.
DECISIONS: dict[str, Answer] = {
    advance_gains.RESERVE_WONDER: advance_gains.RESERVATION,
    advance_gains.DOGMA_ADVANCE: advance_gains.DOGMA,
    INFLUENCE_DECISION: INFLUENCE_ANSWER,
    PYRAMIDS_DECISION: PYRAMIDS_ANSWER,
    lighthouse.LIGHTHOUSE: lighthouse.LIGHTHOUSE_ANSWER,
    TRADE_DECISION: TRADE_ANSWER,
    **dict.fromkeys(combat.KINDS, combat.ANSWER),
    sides.FANATICISM: endings.FANATICISM_ANSWER,
    combat_cards.COMBAT_CARD: combat.CARD_ANSWER,
    **dict.fromkeys(BARBARIAN_KINDS, BARBARIAN_ANSWER),
    objectives.OBJECTIVE_DECISION: objectives.OBJECTIVE_ANSWER,
    **dict.fromkeys(EVENT_KINDS, EVENT_ANSWER),
    **CARD_DECISIONS,
}


def decision_problem(state: ClashState, decision: Decision) -> str | None:
    """Why ``decision`` cannot stand in ``state`` (its kind's own check), or None: what a
    position refuses, and what self-play's invariants catch on the step that broke it."""
    check = DECISIONS[decision.kind].problem
    return None if check is None else check(state, decision)


def choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    """The legal next tokens of ``seat`` after ``prefix``."""
    if not prompted(state, seat) or too_long(prefix):
        return []
    decision = state.prompts.top()
    if decision is not None:
        return DECISIONS[decision.kind].choices(state, decision, prefix)
    if state.phase == STATUS:
        return status_phase.choices(state, seat, prefix)
    if seat != state.active or (prefix and prefix[0] in trade_offers.HEADS):
        return trading.choices(state, seat, prefix)
    if state.exploring is not None:
        return [] if prefix else _exploring_choices(state)
    if state.turn_state.moving:
        if not prefix:
            return [*_group_choices(state, seat, []), Choice(DONE, f"clash.token.{DONE}")]
        return _group_choices(state, seat, prefix)
    can_act = state.turn_state.actions_left > 0
    if not prefix:
        out = [
            Choice(a.token, f"clash.token.{a.token}", complete=a.alone, more=a.more)
            for a in TURN_ACTIONS
            if (can_act or not a.costs_action) and a.offered(state, seat)
        ]
        return [*out, *trading.choices(state, seat, []), Choice(END, f"clash.token.{END}")]
    head, *rest = prefix
    action = _BY_TOKEN.get(head)
    if action is None or (action.costs_action and not can_act):
        return []
    return action.choices(state, seat, rest)


def _group_choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    occ = occupancy(state)
    try:
        found = movement.next_tokens(state, seat, occ, prefix)
    except IllegalAction:
        return []
    me = state.seats[seat]
    out: list[Choice] = []
    for tok, complete, more in found:
        if len(prefix) == 0:
            ship = ship_by_place(me, tok)
            if ship is not None:
                key, params = "clash.choice.hold", {"ship": ship.id, "space": label(ship.hex)}
            else:
                key, params = "clash.choice.from", {"space": tok.upper()}
        elif len(prefix) == 1:
            route = routes.routes(state, seat, prefix[0], occ)[parse_hex(tok)]
            key, params = f"clash.choice.to.{route.how}", {"space": tok.upper()}
        elif tok in ("army", "settler"):
            key, params = f"clash.unit.{tok}", {}
        elif tok.startswith("ship"):
            key, params = "clash.choice.ship", {"ship": int(tok[4:])}
        elif tok == move_groups.ORE_TOKEN:
            key, params = "clash.choice.ore", {}
        else:
            key, params = "clash.choice.approach", {"space": tok.upper()}
        out.append(Choice(tok, key, params, complete=complete, more=more))
    return out


def _exploring_choices(state: ClashState) -> list[Choice]:
    e = state.exploring
    assert e is not None
    if e.step == LAYOUT:
        slot = state.board.slot(e.slot)
        out = []
        for turned in e.layouts:
            layout = placed(state, slot, turned)
            # Every space with its terrain, in board order: two ways always differ somewhere.
            params: dict[str, str] = {}
            for k, h in enumerate(sorted(layout, key=lambda h: (h.q, h.r)), start=1):
                params[f"s{k}"], params[f"t{k}"] = label(h), layout[h]
            out.append(Choice(LAYOUT_TOKENS[turned], "clash.choice.layout", params))
        return out
    key = "clash.choice.barbarians" if e.step == BARBARIANS else "clash.choice.ship_space"
    return [Choice(token(h), key, {"space": label(h)}) for h in e.spaces]


def apply_tokens(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """Resolve the action ``toks`` of ``seat`` on the engine's private copy; the trade offers
    it made lapse (the turn ended, an offerer gave away what it offered) are told after it."""
    before = trade_offers.mark(state)
    return _apply(state, seat, toks) + trade_offers.settle(state, before)


def _apply(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    if not prompted(state, seat):
        raise IllegalAction("not_your_turn", waiting=sorted(deciding(pending(state))))
    head, *rest = toks
    if state.prompts.top() is not None:
        return _answer(state, seat, toks)
    if head in trade_offers.HEADS or (state.phase == TURN and seat != state.active):
        return trading.apply(state, seat, toks)
    if state.phase == STATUS:
        return status_phase.apply(state, seat, toks)
    if state.exploring is not None:
        return _answer_exploring(state, seat, toks)
    if state.turn_state.moving:
        if head == DONE:
            if rest:
                raise IllegalAction("too_many_tokens", token=rest[0])
            movement.end_move(state)
            return _after_action(state, seat)
        return _group(state, seat, toks)
    if head == END:
        if rest:
            raise IllegalAction("too_many_tokens", token=rest[0])
        return _end_turn(state)
    action = _BY_TOKEN.get(head)
    if action is None:
        # Only what may be done now is named (every action is in /rules).
        legal = dict.fromkeys(c.token for c in choices(state, seat, []))
        raise IllegalAction("unknown_action", token=head, allowed=list(legal))
    if action.costs_action or (action.cost is not None and action.cost(state, seat, rest)):
        spend_action(state)
    events = action.apply(state, seat, rest)
    return events + _after_step(state, seat)


def _answer(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """The answer to the nested decision on top of the stack."""
    decision = state.prompts.top()
    assert decision is not None
    events = DECISIONS[decision.kind].apply(state, decision, toks)
    return events + _after_step(state, seat)


def _after_step(state: ClashState, seat: int) -> list[Event]:
    """After an action or an answer: nothing more while a decision, a Move action or an
    exploration is under way; else the turn may be over. What an event left to do after
    the answer comes first."""
    done = resume_events(state)
    # A Synergy window left with no card goes, and what waited beneath it (Tech Exchange's
    # second advance, an event's next step) runs now (self-play seed 1001638, 3 players).
    while drop_idle_synergy(state):
        done += resume_events(state)
    if state.prompts.top() is not None or state.exploring is not None:
        return done
    return done + _after_decisions(state)


def _after_decisions(state: ClashState) -> list[Event]:
    if state.phase == STATUS:
        return status_phase.resume(state)
    if state.phase != TURN:
        return []
    # A Move action may have ended inside the decision (its last group fought a battle).
    return _after_group(state, state.active)


def _group(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    events = movement.move(state, seat, toks)
    state.turn_state = replace(state.turn_state, moving=state.turn_state.moving - 1)
    return events + _after_group(state, seat)


def _after_group(state: ClashState, seat: int) -> list[Event]:
    """After a group (and its exploration or battle): the Move action goes on while a group
    can move."""
    if state.exploring is not None or state.prompts.top() is not None:
        return []
    if state.turn_state.moving and movement.can_move(state, seat):
        return []
    movement.end_move(state)
    return _after_action(state, seat)


def _after_action(state: ClashState, seat: int) -> list[Event]:
    """A turn with no action left ends by itself when ``end`` is the only answer; abilities
    that cost no action (Voting, Art & Sculptures) keep it open."""
    if state.turn_state.actions_left:
        return []
    free = [a for a in TURN_ACTIONS if not a.costs_action and a.offered(state, seat)]
    return [] if free else _end_turn(state)


def _end_turn(state: ClashState) -> list[Event]:
    if state.turn_state.moving:
        movement.end_move(state)
    return end_turn(state)


def _answer_exploring(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    e = state.exploring
    assert e is not None
    head, *rest = toks
    if rest:
        raise IllegalAction("too_many_tokens", token=rest[0])
    if e.step == LAYOUT:
        by_token = {LAYOUT_TOKENS[t]: t for t in e.layouts}
        if head not in by_token:
            raise IllegalAction("unknown_layout", token=head, allowed=sorted(by_token))
        events = exploration.choose_layout(state, seat, by_token[head])
    else:
        h = state.board.parse(head)
        if h not in e.spaces:
            raise IllegalAction(
                "not_one_of_the_spaces", space=label(h), allowed=[label(x) for x in e.spaces]
            )
        events = exploration.choose_space(state, seat, h)
    return events + _after_group(state, seat)
