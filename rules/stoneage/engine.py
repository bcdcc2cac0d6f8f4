"""The Stone Age engine behind the rules contract (:class:`rules.core.Game`).

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

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

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
from rules.stoneage import actions, features, invariants, policy, serial, setup, undo, view
from rules.stoneage.flow import settle
from rules.stoneage.position import from_position
from rules.stoneage.prompts import pending
from rules.stoneage.resign import resign
from rules.stoneage.state import StoneAgeState

JSON = Any


class StoneAgeGame:
    """Stone Age for 2-4 players (options: secret or open civilization cards, tie-break)."""

    name = "stoneage"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options: tuple[OptionSpec, ...] = setup.OPTIONS

    def setup(
        self, players: Sequence[str], options: Mapping[str, JSON], seed: int
    ) -> StoneAgeState:
        """A shuffled game at the first player's first placement.

        Raises:
            IllegalAction: ``bad_player_count``, ``unknown_option``, ``bad_option``,
                ``bad_player_name``, ``duplicate_player_name``.
        """
        return setup.new_game(players, options, seed)

    def setup_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> StoneAgeState:
        """A game started from ``position`` (docs/transcripts.md); raises ``position_*``."""
        return from_position(players, options, seed, position)

    def pending(self, state: StoneAgeState) -> list[Prompt]:
        """Who must decide now; several seats at once while feeding."""
        return pending(state)

    def choices(self, state: StoneAgeState, seat: int, prefix: Sequence[str]) -> list[Choice]:
        """Legal next tokens for ``seat`` after ``prefix``."""
        if state.outcome is not None or too_long(prefix):
            return []
        return actions.choices(state, seat, [t.lower() for t in prefix])

    def apply(
        self, state: StoneAgeState, seat: int, action: str
    ) -> tuple[StoneAgeState, list[Event]]:
        """Validate and apply ``action`` on a copy; the given state is never changed.

        Raises:
            IllegalAction: see docs/rules-decisions.md for the codes.
        """
        if state.outcome is not None:
            raise IllegalAction("game_over")
        toks = action_tokens(action)
        new = state.copy()
        events = actions.apply_tokens(new, seat, toks)
        events += settle(new)
        setup.remember(new, events)
        return new, events

    def view(self, state: StoneAgeState, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see (None = spectators)."""
        return view.build_view(state, seat)

    def outcome(self, state: StoneAgeState) -> Outcome | None:
        """None while the game runs."""
        return state.outcome

    def to_json(self, state: StoneAgeState) -> dict[str, JSON]:
        """A plain-JSON snapshot with a ``version`` key."""
        return serial.to_json(state)

    def from_json(self, data: Mapping[str, JSON]) -> StoneAgeState:
        """Inverse of :meth:`to_json`."""
        return serial.from_json(data)

    def check_invariants(self, state: StoneAgeState) -> list[str]:
        """Broken invariants; empty when all hold."""
        return invariants.check(state)

    def resign(self, state: StoneAgeState, seat: int) -> tuple[StoneAgeState, list[Event]]:
        """``seat`` leaves the game (see :mod:`rules.stoneage.resign`)."""
        new, events = resign(state, seat)
        setup.remember(new, events)
        return new, events

    def reveals(self, before: StoneAgeState, after: StoneAgeState, events: Sequence[Event]) -> bool:
        """Whether the action showed something hidden (see :mod:`rules.stoneage.undo`)."""
        return undo.reveals(before, after, events)

    # -- optional hooks used by ``python -m rules selfplay`` --------------------------------

    def features(self, events: Iterable[Event]) -> list[str]:
        """Rule features the events exercised (coverage report)."""
        return features.features(events)

    def greedy_choice(
        self,
        state: StoneAgeState,
        seat: int,
        prefix: Sequence[str],
        options: Sequence[Choice],
        rng: Rng,
    ) -> int:
        """The biased self-play player's pick among ``options``."""
        return policy.greedy_choice(state, seat, prefix, options, rng)
