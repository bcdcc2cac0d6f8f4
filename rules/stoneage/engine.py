"""The Stone Age engine behind the rules contract (:class:`rules.core.Game`); the shared parts
are :class:`rules.engine.Engine`'s.

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

from rules.core import JSON, Choice, Event, Prompt, Rng
from rules.engine import Engine
from rules.stoneage import actions, features, invariants, policy, serial, setup, undo, view
from rules.stoneage.flow import settle
from rules.stoneage.position import from_position
from rules.stoneage.prompts import pending
from rules.stoneage.resign import resign
from rules.stoneage.state import StoneAgeState
from rules.stoneage.views import StoneAgeView


class StoneAgeGame(Engine[StoneAgeState, StoneAgeView]):
    """Stone Age for 2-4 players (options: secret or open civilization cards, tie-break)."""

    name = "stoneage"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options = setup.OPTIONS
    version = serial.FORMAT.version

    def new_game(
        self, players: Sequence[str], options: Mapping[str, JSON], seed: int
    ) -> StoneAgeState:
        """Shuffled, at the first player's first placement."""
        return setup.new_game(players, options, seed)

    def new_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> StoneAgeState:
        return from_position(players, options, seed, position)

    def pending(self, state: StoneAgeState) -> list[Prompt]:
        """Several seats at once while feeding."""
        return pending(state)

    def next_tokens(self, state: StoneAgeState, seat: int, prefix: list[str]) -> list[Choice]:
        return actions.choices(state, seat, prefix)

    def apply_tokens(self, state: StoneAgeState, seat: int, toks: list[str]) -> list[Event]:
        return actions.apply_tokens(state, seat, toks) + settle(state)

    def resign_seat(self, state: StoneAgeState, seat: int) -> list[Event]:
        return resign(state, seat)

    def view(self, state: StoneAgeState, seat: int | None) -> StoneAgeView:
        return view.build_view(state, seat)

    def snapshot(self, state: StoneAgeState) -> dict[str, JSON]:
        return serial.FORMAT.dump(state)

    def restore(self, data: Mapping[str, JSON]) -> StoneAgeState:
        return serial.FORMAT.load(data)

    def reads(self, version: object) -> bool:
        """Version 1 too, upgraded (:mod:`rules.stoneage.serial`)."""
        return serial.FORMAT.reads(version)

    def check_invariants(self, state: StoneAgeState) -> list[str]:
        return invariants.check(state)

    # -- optional hooks (rules.engine.HasReveals, HasFeatures, HasGreedy) -------------------

    def reveals(self, before: StoneAgeState, after: StoneAgeState, events: Sequence[Event]) -> bool:
        """Whether the action showed something hidden (see :mod:`rules.stoneage.undo`)."""
        return undo.reveals(before, after, events)

    def features(self, events: Iterable[Event]) -> list[str]:
        """Rule features the events exercised (self-play coverage)."""
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
