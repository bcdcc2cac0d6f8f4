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

from rules.clash.actions import (
    activation,
    advance_gains,
    advancing,
    exploration,
    founding,
    lighthouse,
    movement,
    trading,
)
from rules.clash.actions.abilities import ABILITY_ACTIONS
from rules.clash.actions.civic import CIVIC_ACTION, VOTING_ACTION
from rules.clash.actions.influence import ART_ACTION, INFLUENCE_ACTION, PYRAMIDS_ANSWER
from rules.clash.actions.influence_rolls import INFLUENCE_ANSWER, PYRAMIDS_DECISION
from rules.clash.actions.influence_targets import INFLUENCE_DECISION
from rules.clash.actions.trade_routes import TRADE_ANSWER, TRADE_DECISION
from rules.clash.battles import combat, combat_cards, endings, sides
from rules.clash.battles.barbarian_raids import BARBARIAN_KINDS
from rules.clash.battles.barbarians import BARBARIAN_ANSWER
from rules.clash.box.components import GROUPS_PER_MOVE
from rules.clash.cards.decisions import CARD_DECISIONS, drop_idle_synergy
from rules.clash.cards.kept_events import KEPT_ACTION
from rules.clash.cards.play import CARD_ACTION
from rules.clash.dispatch.follow_ups import FOLLOW_UP_ANSWER, resume_events
from rules.clash.events.resolving import EVENT_ANSWER, EVENT_KINDS
from rules.clash.model import paying, under_way
from rules.clash.model.occupancy import Occupancy, occupancy
from rules.clash.model.registry import Answer, TurnAction
from rules.clash.model.state import STATUS, TURN, ClashState
from rules.clash.rounds import objectives, status_phase
from rules.clash.rounds.turns import end_turn, spend_action
from rules.clash.wonders import construction, gardens
from rules.core import Choice, Decision, Event, IllegalAction

END, MOVE, FOUND, DONE, ADVANCE = "end", "move", "found", "done", "advance"


def _move_offered(state: ClashState, seat: int) -> bool:
    return movement.can_move(state, seat)


def _move_choices(state: ClashState, seat: int, rest: list[str]) -> list[Choice]:
    return _group_choices(state, seat, rest)


def _begin_move(state: ClashState, seat: int, rest: list[str]) -> list[Event]:
    """``move [<group>]``: the action is spent; the Move action's groups follow, each the
    answer to its decision (``move``, :mod:`rules.clash.model.under_way`)."""
    if not rest and not movement.can_move(state, seat):
        raise IllegalAction("nothing_can_move")
    under_way.begin_move(state, GROUPS_PER_MOVE)
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


def _next_group_choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    if not prefix:
        return [*_group_choices(state, decision.seat, []), Choice(DONE, f"clash.token.{DONE}")]
    return _group_choices(state, decision.seat, prefix)


def _next_group(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    """The Move action's next group, or ``done``."""
    head, *rest = toks
    if head == DONE:
        if rest:
            raise IllegalAction("too_many_tokens", token=rest[0])
        movement.end_move(state)
        return []
    return _group(state, decision.seat, toks)


MOVE_ANSWER = Answer(_next_group_choices, _next_group, under_way.problem)
#: How each kind of decision on the stack (``state.prompts``) is answered: the nested ones
#: and those of the actions under way (a Move action's next group, an exploration's step).
DECISIONS: dict[str, Answer] = {
    under_way.MOVE: MOVE_ANSWER,
    **dict.fromkeys(under_way.EXPLORE_KINDS, exploration.EXPLORE_ANSWER),
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
    **FOLLOW_UP_ANSWER,
    **CARD_DECISIONS,
}


def decision_problem(state: ClashState, decision: Decision) -> str | None:
    """Why ``decision`` cannot stand in ``state`` (its kind's own check), or None: what a
    position refuses, and what self-play's invariants catch on the step that broke it."""
    check = DECISIONS[decision.kind].problem
    return None if check is None else check(state, decision)


def answer_choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    """The next tokens of the answer to the decision on top of the stack."""
    decision = state.prompts.top()
    assert decision is not None
    return DECISIONS[decision.kind].choices(state, decision, prefix)


def answer(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """The answer to the decision on top of the stack."""
    decision = state.prompts.top()
    assert decision is not None
    events = DECISIONS[decision.kind].apply(state, decision, toks)
    return events + _after_step(state, seat)


def turn_choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    """The active player's next tokens between actions: the menu of p.7, trading, ``end``."""
    can_act = state.turn_state.actions_left > 0
    if not prefix:
        out = [
            Choice(a.token, f"clash.token.{a.token}", complete=a.alone, more=a.more)
            for a in TURN_ACTIONS
            if (can_act or not a.costs_action) and a.offered(state, seat)
        ]
        left = state.turn_state.actions_left
        # Ending with actions left gives them up: asked once before it is sent.
        end = (
            Choice(END, "clash.choice.end_early", {"count": left}, ask="clash.ask.end_early")
            if left
            else Choice(END, f"clash.token.{END}")
        )
        return [*out, *trading.choices(state, seat, []), end]
    head, *rest = prefix
    action = _BY_TOKEN.get(head)
    if action is None or (action.costs_action and not can_act):
        return []
    return action.choices(state, seat, rest)


def turn_apply(state: ClashState, seat: int, toks: list[str]) -> list[Event]:
    """An action of the active player's turn, or ``end``."""
    head, *rest = toks
    if head == END:
        if rest:
            raise IllegalAction("too_many_tokens", token=rest[0])
        return _end_turn(state)
    action = _BY_TOKEN.get(head)
    if action is None:
        # Only what may be done now is named (every action is in /rules).
        legal = dict.fromkeys(c.token for c in turn_choices(state, seat, []))
        raise IllegalAction("unknown_action", token=head, allowed=list(legal))
    if action.costs_action or (action.cost is not None and action.cost(state, seat, rest)):
        spend_action(state)
    events = action.apply(state, seat, rest)
    return events + _after_step(state, seat)


def _group_choices(state: ClashState, seat: int, prefix: list[str]) -> list[Choice]:
    """A group's next tokens, then ``gold`` for what Roads charge (C138)."""
    # One reading of the map for the steps and their costs (nothing moves meanwhile).
    occ = occupancy(state)
    return paying.offer(
        prefix,
        lambda head: _group_steps(state, seat, head, occ),
        lambda head: movement.costs(state, seat, head, occ),
    )


def _group_steps(state: ClashState, seat: int, prefix: list[str], occ: Occupancy) -> list[Choice]:
    try:
        found = movement.next_tokens(state, seat, occ, prefix)
    except IllegalAction:
        return []
    return [movement.group_choice(state, seat, occ, prefix, *t) for t in found]


def _after_step(state: ClashState, seat: int) -> list[Event]:
    """After an action or an answer: nothing more while a decision, a Move action or an
    exploration is under way; else the turn may be over. What an event left to do after
    the answer comes first."""
    done = resume_events(state)
    # A Synergy window left with no card goes, and what waited beneath it (Tech Exchange's
    # second advance, an event's next step) runs now (self-play seed 1001638, 3 players).
    while drop_idle_synergy(state):
        done += resume_events(state)
    top = state.prompts.top()
    if top is not None and top.kind != under_way.MOVE:
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
    """A group moves: its decision counts it first, so that what it brings (a battle, an
    exploration) is decided above the Move action's next group."""
    under_way.next_group(state)
    return movement.move(state, seat, toks)


def _after_group(state: ClashState, seat: int) -> list[Event]:
    """After a group (and its exploration or battle): the Move action goes on while a group
    can move."""
    top = state.prompts.top()
    if top is not None and top.kind != under_way.MOVE:
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
