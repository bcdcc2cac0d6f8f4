"""The Stone Age engine behind the rules contract (:class:`rules.core.Game`): Stone Age's rules
declared once as the :class:`rules.engine.Parts` of a :class:`rules.engine.PartsEngine`, which
does the rest.

>>> from rules.stoneage import GAME
>>> state = GAME.setup(["ann", "bob"], {}, seed=1)
>>> seat = state.active
>>> [c.token for c in GAME.choices(state, seat, [])]
['place']
>>> state, events = GAME.apply(state, seat, "place hunting 3")
>>> [e.kind for e in events], GAME.pending(state)[0].seat == 1 - seat
(['stoneage.placed'], True)
>>> GAME.apply(state, 1 - seat, "place river 2 3")
Traceback (most recent call last):
rules.core.IllegalAction: too_many_tokens {'token': '3'}
"""

from __future__ import annotations

from rules.core import Event
from rules.engine import Parts, PartsEngine
from rules.stoneage import actions, invariants, policy, serial, setup, undo, view
from rules.stoneage.features import features as event_features
from rules.stoneage.flow import settle
from rules.stoneage.position import from_position
from rules.stoneage.prompts import pending
from rules.stoneage.resign import resign
from rules.stoneage.state import StoneAgeState
from rules.stoneage.views import StoneAgeView


def apply_tokens(state: StoneAgeState, seat: int, toks: list[str]) -> list[Event]:
    """The action ``toks`` resolved (:func:`rules.stoneage.actions.apply_tokens`), then what
    follows it without a decision (:func:`rules.stoneage.flow.settle`)."""
    return actions.apply_tokens(state, seat, toks) + settle(state)


class StoneAgeGame(PartsEngine[StoneAgeState, StoneAgeView]):
    """Stone Age for 2-4 players (options: secret or open civilization cards, tie-break)."""

    name = "stoneage"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options = setup.OPTIONS
    version = serial.FORMAT.version
    parts = Parts(
        new_game=setup.new_game,  # shuffled, at the first player's first placement
        new_position=from_position,
        pending=pending,  # several seats at once while feeding
        next_tokens=actions.choices,
        apply_tokens=apply_tokens,
        resign_seat=resign,
        view=view.build_view,
        check_invariants=invariants.check,
        format=serial.FORMAT,  # version 1 read too, upgraded
    )

    # -- optional hooks (rules.engine.HasReveals, HasFeatures, HasGreedy) -------------------

    #: Whether the action showed something hidden (see :mod:`rules.stoneage.undo`).
    reveals = staticmethod(undo.reveals)
    #: Rule features the events exercised (self-play coverage).
    features = staticmethod(event_features)
    #: The biased self-play player's pick among the options.
    greedy_choice = staticmethod(policy.greedy_choice)
