"""The CIV engine behind the rules contract (:class:`rules.core.Game`).

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

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.civ import actions, features, invariants, policy, serial, setup, undo, view
from rules.civ.logic import refresh_coin
from rules.civ.position import from_position
from rules.civ.resign import resign
from rules.civ.state import CivState
from rules.core import (
    Choice,
    Event,
    IllegalAction,
    OptionSpec,
    Outcome,
    Prompt,
    Rng,
    action_tokens,
    too_long,
)

JSON = Any


class CivGame:
    """CIV: Carta Impera Victoria for 2-4 players (classic or draft deal, team game)."""

    name = "civ"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options: tuple[OptionSpec, ...] = setup.OPTIONS

    def setup(self, players: Sequence[str], options: Mapping[str, JSON], seed: int) -> CivState:
        """A shuffled and dealt game.

        Raises:
            IllegalAction: ``bad_player_count``, ``unknown_option``, ``bad_option``,
                ``teams_need_four_players``, ``bad_player_name``, ``duplicate_player_name``.
        """
        return setup.new_game(players, options, seed)

    def setup_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> CivState:
        """A game started from ``position`` (docs/transcripts.md); raises ``position_*``."""
        return from_position(players, options, seed, position)

    def pending(self, state: CivState) -> list[Prompt]:
        """Who must decide now; several seats at once during the draft."""
        return actions.pending(state)

    def choices(self, state: CivState, seat: int, prefix: Sequence[str]) -> list[Choice]:
        """Legal next tokens for ``seat`` after ``prefix``."""
        if too_long(prefix):
            return []
        return actions.choices(state, seat, [t.lower() for t in prefix])

    def apply(self, state: CivState, seat: int, action: str) -> tuple[CivState, list[Event]]:
        """Validate and apply ``action`` on a copy; the given state is never changed.

        Raises:
            IllegalAction: see docs/rules-decisions.md for the codes.
        """
        if state.outcome is not None:
            raise IllegalAction("game_over")
        toks = action_tokens(action)
        new = state.copy()
        events = actions.apply_tokens(new, seat, toks)
        events += refresh_coin(new)
        setup.remember(new, events)
        return new, events

    def view(self, state: CivState, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see (None = spectators)."""
        return view.build_view(state, seat)

    def outcome(self, state: CivState) -> Outcome | None:
        """None while the game runs."""
        return state.outcome

    def to_json(self, state: CivState) -> dict[str, JSON]:
        """A plain-JSON snapshot with a ``version`` key."""
        return serial.to_json(state)

    def from_json(self, data: Mapping[str, JSON]) -> CivState:
        """Inverse of :meth:`to_json`."""
        return serial.from_json(data)

    def check_invariants(self, state: CivState) -> list[str]:
        """Broken invariants; empty when all hold."""
        return invariants.check(state)

    def resign(self, state: CivState, seat: int) -> tuple[CivState, list[Event]]:
        """``seat`` leaves the game (see :mod:`rules.civ.resign`)."""
        new, events = resign(state, seat)
        setup.remember(new, events)
        return new, events

    def reveals(self, before: CivState, after: CivState, events: Sequence[Event]) -> bool:
        """Whether the action showed something hidden (see :mod:`rules.civ.undo`)."""
        return undo.reveals(before, after, events)

    # -- optional hooks used by ``python -m rules selfplay`` --------------------------------

    def features(self, events: Iterable[Event]) -> list[str]:
        """Rule features the events exercised (coverage report)."""
        return features.features(events)

    def greedy_choice(
        self,
        state: CivState,
        seat: int,
        prefix: Sequence[str],
        options: Sequence[Choice],
        rng: Rng,
    ) -> int:
        """The biased self-play player's pick among ``options``."""
        return policy.greedy_choice(state, seat, prefix, options, rng)
