"""Resignation.

With two players, or in the team game, the game ends and the resigning side loses. With three
or four players the seat is out: its cards stay where they are but count for nothing (no
majority, no Culture lead, no target of effects), the Economy markers on it are discarded, its
turns are skipped and it ranks last; the others play on. When one player is left, they win.

The checks, marking the seat resigned and the ``civ.resigned`` event are
:meth:`rules.engine.Engine.resign`'s; this module decides what follows.
"""

from __future__ import annotations

from rules.civ.data import DOMAINS, ECO
from rules.civ.draft import auto_draft
from rules.civ.logic import live_seats, refresh_coin
from rules.civ.scoring import finish, last_standing_outcome, resigned_outcome
from rules.civ.state import CivState
from rules.civ.turn import advance
from rules.core import Event


def resign(new: CivState, seat: int) -> list[Event]:
    """How the game goes on after ``seat`` resigned; ``new`` is the engine's private copy,
    the seat already marked resigned. Returns the events."""
    me = new.seats[seat]
    events: list[Event] = []
    if new.n == 2 or new.options.teams:
        events += refresh_coin(new)
        return events + finish(new, resigned_outcome(new, seat))
    if me.embargoes:
        domains = sorted(me.embargoes)
        new.discard.extend([ECO] * len(me.embargoes))
        me.embargoes = []
        events.append(
            Event(
                "civ.embargo_expired",
                {"player": new.players[seat], "domains": [DOMAINS[d] for d in domains]},
            )
        )
    # The coin first: a resigned seat holds nothing, also in the finished state.
    events += refresh_coin(new)
    if len(live_seats(new)) == 1:
        return events + finish(new, last_standing_outcome(new))
    if new.draft is not None:
        events += auto_draft(new)
    elif seat == new.active:
        sub = new.sub
        if sub is not None and sub.kind == "inquisition_return" and sub.target is not None:
            # The taken hand goes back unchanged: the resigning player decides nothing more.
            for d, c in enumerate(sub.cards):
                me.hand[d] -= c
                new.seats[sub.target].hand[d] += c
        new.sub = None
        events += advance(new, seat)
    return events
