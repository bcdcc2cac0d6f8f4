"""Every follow-up kind in one table: what waits beneath a decision and runs once it is answered.

A follow-up is a decision of kind ``event_follow_up`` (:mod:`rules.clash.events.flow`) that is
never asked: its ``step`` names what to do once everything above it is answered. The events own
their cards' steps; the advances and the action cards add theirs here, declared rather than
registered when a module is imported, since the events cannot import the layers above them.
:func:`resume_events` runs them after every answer (:mod:`rules.clash.dispatch.grammar`) and
after a resignation.
"""

from __future__ import annotations

from typing import Final

from rules.clash.actions import lighthouse
from rules.clash.actions.advance_gains import ONE_TIME_LATER, SYNERGY_LATER, SYNERGY_WINDOW
from rules.clash.cards.decisions import TECH_EXCHANGE_FOLLOW_UP, TECH_EXCHANGE_LATER
from rules.clash.events.flow import FOLLOW_UP
from rules.clash.events.resolving import (
    ADVANCE_EFFECTS,
    EVENT_FOLLOW_UPS,
    FollowUp,
    follow_up_problem,
    resume,
)
from rules.clash.model.registry import Answer
from rules.clash.model.state import ClashState
from rules.core import Choice, Decision, Event, IllegalAction

#: Every follow-up step by name: an event card's (its main effect, its steps), an advance's
#: one-time effects after the event it drew (C12), the Synergy window after an advance,
#: Tech Exchange's second advance, and the Great Lighthouse's move after an activation that
#: left decisions (C134).
FOLLOW_UPS: Final[dict[str, FollowUp]] = {
    **EVENT_FOLLOW_UPS,
    ADVANCE_EFFECTS: ONE_TIME_LATER,
    SYNERGY_WINDOW: SYNERGY_LATER,
    TECH_EXCHANGE_LATER: TECH_EXCHANGE_FOLLOW_UP,
    lighthouse.LATER: lighthouse.LIGHTHOUSE_LATER,
}


def resume_events(state: ClashState) -> list[Event]:
    """Run the follow-ups on top of the stack until a decision waits or none is left."""
    return resume(state, FOLLOW_UPS)


def _choices(state: ClashState, decision: Decision, prefix: list[str]) -> list[Choice]:
    return []


def _apply(state: ClashState, decision: Decision, toks: list[str]) -> list[Event]:
    raise IllegalAction("not_an_event_answer", token=" ".join(toks), allowed=[])


def _problem(state: ClashState, decision: Decision) -> str | None:
    return follow_up_problem(state, decision, FOLLOW_UPS)


#: A follow-up is never asked (never on top once an answer is resolved): it has no answer.
FOLLOW_UP_ANSWER: Final = {FOLLOW_UP: Answer(_choices, _apply, _problem)}
