"""The CIV engine behind the rules contract (:class:`rules.core.Game`); the shared parts are
:class:`rules.engine.Engine`'s.

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

from rules.civ import actions, features, invariants, policy, serial, setup, undo, view
from rules.civ.logic import refresh_coin
from rules.civ.position import from_position
from rules.civ.resign import resign
from rules.civ.state import CivState
from rules.civ.views import CivView
from rules.core import JSON, Choice, Event, Prompt, Rng
from rules.engine import Engine


class CivGame(Engine[CivState, CivView]):
    """CIV: Carta Impera Victoria for 2-4 players (classic or draft deal, team game)."""

    name = "civ"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options = setup.OPTIONS
    version = serial.FORMAT.version

    def new_game(self, players: Sequence[str], options: Mapping[str, JSON], seed: int) -> CivState:
        """Shuffled and dealt; raises ``teams_need_four_players``."""
        return setup.new_game(players, options, seed)

    def new_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> CivState:
        return from_position(players, options, seed, position)

    def pending(self, state: CivState) -> list[Prompt]:
        """Several seats at once during the draft."""
        return actions.pending(state)

    def next_tokens(self, state: CivState, seat: int, prefix: list[str]) -> list[Choice]:
        return actions.choices(state, seat, prefix)

    def apply_tokens(self, state: CivState, seat: int, toks: list[str]) -> list[Event]:
        return actions.apply_tokens(state, seat, toks) + refresh_coin(state)

    def resign_seat(self, state: CivState, seat: int) -> list[Event]:
        return resign(state, seat)

    def view(self, state: CivState, seat: int | None) -> CivView:
        return view.build_view(state, seat)

    def snapshot(self, state: CivState) -> dict[str, JSON]:
        return serial.FORMAT.dump(state)

    def restore(self, data: Mapping[str, JSON]) -> CivState:
        return serial.FORMAT.load(data)

    def reads(self, version: object) -> bool:
        """Version 1 too, upgraded (:mod:`rules.civ.serial`)."""
        return serial.FORMAT.reads(version)

    def check_invariants(self, state: CivState) -> list[str]:
        return invariants.check(state)

    # -- optional hooks (rules.engine.HasReveals, HasFeatures, HasGreedy) -------------------

    def reveals(self, before: CivState, after: CivState, events: Sequence[Event]) -> bool:
        """Whether the action showed something hidden (see :mod:`rules.civ.undo`)."""
        return undo.reveals(before, after, events)

    def features(self, events: Iterable[Event]) -> list[str]:
        """Rule features the events exercised (self-play coverage)."""
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
