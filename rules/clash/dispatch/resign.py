"""Resignation.

With two players the game ends and the resigning player loses. With three or four the seat is
out: its cities, pieces and units stay on the board as they are (others may still attack or
influence them; they never act), its cards stay in its hand, unseen; its turns and its parts
of the status phase are skipped, and it ranks last. If it was its turn, the turn ends and the
next player's begins. Its trade offers, made or received, lapse. When one player is left,
they win.

The checks, marking the seat resigned and the ``clash.resigned`` event are
:meth:`rules.engine.Engine.resign`'s; this module decides what follows.
"""

from __future__ import annotations

from rules.clash.actions import trade_offers
from rules.clash.battles import barbarian_raids, barbarians, combat
from rules.clash.dispatch.follow_ups import resume_events
from rules.clash.model.state import TURN, ClashState
from rules.clash.rounds import objectives, status_phase
from rules.clash.rounds.scoring import finish, last_standing_outcome, resigned_outcome
from rules.clash.rounds.turns import next_turn, reset_turn
from rules.core import Event, PromptStack


def resign(new: ClashState, seat: int) -> list[Event]:
    """How the game goes on after ``seat`` resigned; ``new`` is the engine's private copy,
    the seat already marked resigned."""
    events = trade_offers.drop_seat(new, seat)
    if new.n == 2:
        return events + finish(new, resigned_outcome(new, seat))
    before = trade_offers.mark(new)
    return events + _go_on(new, seat) + trade_offers.settle(new, before)


def _go_on(new: ClashState, seat: int) -> list[Event]:
    events: list[Event] = []
    top = new.prompts.top()
    defending = new.battle is not None and new.battle.attacker != seat
    if defending and top is not None and top.seat == seat and top.kind in combat.KINDS:
        # A defender's choice in a battle of another's turn is made for it.
        events += combat.answer_for_resigned(new, top)
    elif top is not None and top.seat == seat and top.kind in barbarian_raids.BARBARIAN_KINDS:
        # So is a city owner's choice of what the barbarians destroy.
        events += barbarians.answer_for_resigned(new, top)
    # Whatever else the seat was deciding, or was decided in its turn, ends with it (an
    # attempt waiting for its boost simply fails; its attacking units go back as if withdrawn).
    new.prompts = PromptStack(
        tuple(d for d in new.prompts.decisions if seat not in (d.seat, d.turn))
    )
    objectives.drop_offers(new, seat)
    # An event's steps for the other players go on (rules/clash/events/resolving.py).
    events += resume_events(new)
    if new.battle is not None and new.battle.attacker == seat:
        events += combat.abandon(new)
    if len(new.live()) == 1:
        return finish(new, last_standing_outcome(new))
    if new.phase == TURN and new.active == seat:
        reset_turn(new, seat)
        return events + next_turn(new, seat)
    return events + status_phase.drop(new, seat)
