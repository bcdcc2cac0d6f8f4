"""A tiny test-only game whose moves pass Discord's limits, for the picker and /move tests.

It is registered only inside the tests that use it (``register``). A move is four tokens:
one of :data:`FIRST` options (more than a select menu's 25), two long words (one of two each),
then one of :data:`LAST` endings (more than 20 again). Two long words and an ending make an
action of over 100 characters, so the third step's buttons, the fourth step's menu and every
complete move are beyond what a custom id or an autocomplete value can carry. Players take
turns; the game never ends (the tests need only a move or two).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.core import Choice, Event, IllegalAction, OptionSpec, Outcome, Prompt, tokens
from tests.games_for_tests import register_test_game

NAME = "longmoves"
FIRST = tuple(f"o{i:02d}" for i in range(1, 61))
WORDS = ("north", "south")
LAST = tuple(f"e{i:02d}" for i in range(1, 31))
#: The length of each long word: with two of them a path passes 100 characters.
WORD = 48


def long_word(step: int, direction: str) -> str:
    """``north1-xxxx...``: the word of ``direction`` at the long ``step`` (1 or 2)."""
    head = f"{direction}{step}-"
    return head + "x" * (WORD - len(head))


@dataclass
class State:
    players: list[str]
    moves: list[str] = field(default_factory=list)
    resigned: int | None = None


class LongMoves:
    """The engine (rules.core.Game)."""

    name = NAME
    min_players = 2
    max_players = 2
    options: tuple[OptionSpec, ...] = ()

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> State:
        if len(players) != 2:
            raise IllegalAction("bad_player_count", min=2, max=2)
        return State(list(players))

    def setup_position(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        seed: int,
        position: Mapping[str, Any],
    ) -> State:
        raise IllegalAction("position_unknown_field", field=next(iter(position), ""))

    def _turn(self, state: State) -> int:
        return len(state.moves) % 2

    def pending(self, state: State) -> list[Prompt]:
        return [] if state.resigned is not None else [Prompt(self._turn(state), "move")]

    def choices(self, state: State, seat: int, prefix: Sequence[str]) -> list[Choice]:
        if state.resigned is not None or seat != self._turn(state):
            return []
        step = len(prefix)
        if step == 0:
            return [Choice(t, "longmoves.first", {"n": t}, False, True) for t in FIRST]
        if prefix[0] not in FIRST:
            return []
        for i in (1, 2):
            if step > i and prefix[i] not in (long_word(i, w) for w in WORDS):
                return []
        if step in (1, 2):
            words = [long_word(step, w) for w in WORDS]
            return [Choice(w, "longmoves.word", {"word": w}, False, True) for w in words]
        if step == 3:
            return [Choice(t, "longmoves.last", {"n": t}) for t in LAST]
        return []

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        parts = tokens(action)
        for i, token in enumerate(parts):
            if token not in (c.token for c in self.choices(state, seat, parts[:i])):
                raise IllegalAction("bad_token", token=token)
        if len(parts) != 4:
            raise IllegalAction("missing_argument", action=action)
        after = State(list(state.players), [*state.moves, " ".join(parts)])
        return after, [Event("longmoves.moved", {"player": state.players[seat]})]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"game": NAME, "players": state.players, "seat": seat, "moves": state.moves}

    def outcome(self, state: State) -> Outcome | None:
        if state.resigned is None:
            return None
        ranks = tuple(2 if s == state.resigned else 1 for s in range(2))
        return Outcome(ranks, (0.0, 0.0), "resigned")

    def to_json(self, state: State) -> dict[str, Any]:
        return {
            "version": 1,
            "players": state.players,
            "moves": state.moves,
            "resigned": state.resigned,
        }

    def from_json(self, data: Mapping[str, Any]) -> State:
        if data.get("version") != 1:
            raise ValueError("unknown version")
        return State(list(data["players"]), list(data["moves"]), data["resigned"])

    def check_invariants(self, state: State) -> list[str]:
        return []

    def resign(self, state: State, seat: int) -> tuple[State, list[Event]]:
        return State(list(state.players), list(state.moves), seat), []


GAME = LongMoves()


#: Its texts (English only: Hungarian falls back to them).
TEXTS = {
    f"{NAME}.title": "Long moves",
    f"prompt.{NAME}.move": "make a move",
    f"event.{NAME}.moved": "@{player} moved.",
    f"{NAME}.first": "Option {n}",
    f"{NAME}.word": "Word {word}",
    f"{NAME}.last": "Ending {n}",
}


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make :data:`NAME` a game for the length of one test (``tests.games_for_tests``)."""
    register_test_game(monkeypatch, NAME, __name__, TEXTS)
