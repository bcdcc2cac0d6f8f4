"""The course of a round: turns in order, the end of a turn, of a round and of the game.

A round is three turns for every player, in rotation from the first player to the left
(clockwise round the table, p.7): first player turn 1, the next player turn 1, ..., the last
player turn 3; then the status phase ends the round (p.7, p.11). Resigned seats are skipped.

**For now** the status phase is not played: when the last turn of a round ends, the next
round begins at once with the same first player (the steps - objectives, the free advance,
cards, razing, the next first player - come with the status-phase issue). After round 6, or
at the end of a round in which a player still in the game has no city (C8), the game ends
and is scored (:mod:`rules.clash.scoring`). A position may still stand in the status phase
(docs/transcripts.md): there each seat in turn ends its part of the step with ``end``, and
after step 1 the same end-of-game check applies; after step 5 the next round begins.
"""

from __future__ import annotations

from dataclasses import replace

from rules.clash.components import ROUNDS, STATUS_STEPS, TURNS_PER_ROUND
from rules.clash.scoring import final_outcome, finish
from rules.clash.state import STATUS, TURN, ClashState, StatusState, TurnState
from rules.core import Event, IllegalAction

#: ``Outcome.reason`` when the rounds are over or a player has no city (p.4, p.11).
REASON_ROUNDS = "rounds"
REASON_NO_CITY = "no_city"


def clockwise(state: ClashState, start: int) -> list[int]:
    """Every seat round the table from ``start`` to the left (``start`` first)."""
    k = state.seating.index(start)
    return [*state.seating[k:], *state.seating[:k]]


def turn_order(state: ClashState) -> list[int]:
    """The seats still in the game in turn order from the first player (p.7, p.11)."""
    return [s for s in clockwise(state, state.first) if not state.seats[s].resigned]


def _next(state: ClashState, after: int) -> tuple[int, bool]:
    """The next seat to take a turn after ``after`` (who may have just resigned), and
    whether that wraps round to the next turn number."""
    order = clockwise(state, state.first)
    live = [s for s in order if not state.seats[s].resigned]
    later = [s for s in live if order.index(s) > order.index(after)]
    return (later[0], False) if later else (live[0], True)


def reset_turn(state: ClashState, seat: int) -> None:
    """Forget what a finished turn used (§2.3): actions, abilities, city activations."""
    me = state.seats[seat]
    me.cities = [
        replace(c, activations=0, activated_angry=False)
        if c.activations or c.activated_angry
        else c
        for c in me.cities
    ]
    state.turn_state = TurnState()


def spend_action(state: ClashState) -> None:
    """One of the turn's actions is used (``no_actions_left`` when none is left)."""
    ts = state.turn_state
    if not ts.actions_left:
        raise IllegalAction("no_actions_left")
    state.turn_state = replace(ts, actions_left=ts.actions_left - 1)


def end_turn(state: ClashState) -> list[Event]:
    """The active player ends their turn; the next one begins (or the round ends)."""
    seat = state.active
    events = [
        Event(
            "clash.turn_ended",
            {"player": state.players[seat], "round": state.round, "turn": state.turn},
        )
    ]
    reset_turn(state, seat)
    return events + next_turn(state, seat)


def next_turn(state: ClashState, after: int) -> list[Event]:
    """Hand the turn on from ``after``: the next player, or the end of the round."""
    seat, wraps = _next(state, after)
    if wraps and state.turn >= TURNS_PER_ROUND:
        return end_round(state)
    if wraps:
        state.turn += 1
    state.active = seat
    return []


def game_ends(state: ClashState) -> str | None:
    """Why the game ends at this status phase's step 1, if it does (p.4, p.11, C8)."""
    if state.round >= ROUNDS:
        return REASON_ROUNDS
    if any(not state.seats[s].cities for s in state.live()):
        return REASON_NO_CITY
    return None


def end_round(state: ClashState) -> list[Event]:
    """The last turn of the round is over. The status phase comes with a later issue: the
    game ends if it would end in the phase's step 1, else the next round begins."""
    events = [Event("clash.round_ended", {"round": state.round})]
    reason = game_ends(state)
    if reason is not None:
        return events + finish(state, final_outcome(state, reason))
    return events + begin_round(state)


def begin_round(state: ClashState) -> list[Event]:
    """The next round's first turn: the first player's, or the next seat still playing."""
    state.round += 1
    state.turn = 1
    state.phase = TURN
    state.status = None
    state.turn_state = TurnState()
    state.active = turn_order(state)[0]
    return [Event("clash.round_started", {"round": state.round})]


def status_step_done(state: ClashState) -> list[Event]:
    """The seat deciding in the status phase has finished its part of the step."""
    status = state.status
    assert status is not None and state.phase == STATUS
    seat, *rest = status.waiting
    events = [
        Event("clash.status_done", {"player": state.players[seat], "step": status.step}),
    ]
    return events + _status_continue(state, StatusState(status.step, tuple(rest)))


def drop_from_status(state: ClashState, seat: int) -> list[Event]:
    """A resigned seat takes no further part in the status phase."""
    status = state.status
    if status is None or seat not in status.waiting:
        return []
    waiting = tuple(s for s in status.waiting if s != seat)
    return _status_continue(state, StatusState(status.step, waiting))


def _status_continue(state: ClashState, status: StatusState) -> list[Event]:
    """The step goes on with the seats still waiting, else the next step or round."""
    if status.waiting:
        state.status = status
        return []
    if status.step == 1:
        reason = game_ends(state)
        if reason is not None:
            return finish(state, final_outcome(state, reason))
    if status.step >= STATUS_STEPS:
        return begin_round(state)
    state.status = StatusState(status.step + 1, tuple(turn_order(state)))
    return []
