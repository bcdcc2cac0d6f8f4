"""The CIV engine behind the rules contract (:class:`rules.core.Game`): CIV's rules declared once
as the :class:`rules.engine.Parts` of a :class:`rules.engine.PartsEngine`, which does the rest.

>>> from rules.civ import GAME
>>> state = GAME.setup(["ann", "bob"], {}, seed=1)
>>> seat = state.active
>>> [c.token for c in GAME.choices(state, seat, [])]
['play']
>>> hand = GAME.view(state, seat)["hand"]
>>> state, events = GAME.apply(state, seat, f"play {hand[0]}")
>>> [e.kind for e in events], GAME.pending(state)[0].kind
(['civ.played'], 'turn_effects')
>>> GAME.apply(state, seat, "play science")
Traceback (most recent call last):
rules.core.IllegalAction: already_played {'token': 'play', 'allowed': ['end']}
"""

from __future__ import annotations

from rules.civ import actions, invariants, policy, serial, setup, undo, view
from rules.civ.features import features as event_features
from rules.civ.logic import refresh_coin
from rules.civ.position import from_position
from rules.civ.resign import resign
from rules.civ.state import CivState
from rules.civ.views import CivView
from rules.core import Event
from rules.engine import Parts, PartsEngine


def apply_tokens(state: CivState, seat: int, toks: list[str]) -> list[Event]:
    """The action ``toks`` resolved (:func:`rules.civ.actions.apply_tokens`), then the Culture
    coin back to neutral if its holder lost the lead (:func:`rules.civ.logic.refresh_coin`)."""
    return actions.apply_tokens(state, seat, toks) + refresh_coin(state)


class CivGame(PartsEngine[CivState, CivView]):
    """CIV: Carta Impera Victoria for 2-4 players (classic or draft deal, team game)."""

    name = "civ"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options = setup.OPTIONS
    version = serial.FORMAT.version
    parts = Parts(
        new_game=setup.new_game,  # shuffled and dealt; raises teams_need_four_players
        new_position=from_position,
        pending=actions.pending,  # several seats at once during the draft
        next_tokens=actions.choices,
        apply_tokens=apply_tokens,
        resign_seat=resign,
        view=view.build_view,
        check_invariants=invariants.check,
        format=serial.FORMAT,  # version 1 read too, upgraded
    )

    # -- optional hooks (rules.engine.HasReveals, HasFeatures, HasGreedy) -------------------

    #: Whether the action showed something hidden (see :mod:`rules.civ.undo`).
    reveals = staticmethod(undo.reveals)
    #: Rule features the events exercised (self-play coverage).
    features = staticmethod(event_features)
    #: The biased self-play player's pick among the options.
    greedy_choice = staticmethod(policy.greedy_choice)
