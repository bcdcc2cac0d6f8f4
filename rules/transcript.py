"""Transcripts: a game as players, options, seed, optional position and its steps.

Format (JSON, see docs/transcripts.md)::

    {"game": "civ", "players": ["alice", "bob"], "options": {}, "seed": 7,
     "position": {...},                                   # optional
     "steps": [{"player": "alice", "action": "play science"},
               {"player": "bob", "action": "end", "expect_error": "must_play_first"},
               {"player": "bob", "resign": true}],
     "expect": {"outcome": {"reason": "resigned"}}}            # optional

Replaying goes through :func:`rules.core.act` (and ``resign``), so it sees exactly what the bot
would. An illegal step is reported with its code and the replay goes on; a step's result
*matches* when it failed with its ``expect_error`` or succeeded without one; ``expect`` is a
subset of the final ``{"public", "private", "outcome"}`` object that must match.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from rules.core import Game, IllegalAction, act

JSON = Any


@dataclass(frozen=True, slots=True)
class StepResult:
    """One replayed step."""

    seq: int
    player: str
    action: str
    ok: bool
    error: str | None
    expected: str | None

    @property
    def matched(self) -> bool:
        """True when the step did what the transcript says it should."""
        return self.error == self.expected

    def to_json(self) -> dict[str, JSON]:
        """The CLI's per-step line."""
        return {
            "seq": self.seq,
            "player": self.player,
            "action": self.action,
            "ok": self.ok,
            "error": self.error,
        }


@dataclass(slots=True)
class Replay:
    """A replayed transcript: the engine, the final state, every step's result and the
    transcript's ``expect`` block (a subset of :meth:`final` that must match)."""

    game: Game[Any]
    state: Any
    players: list[str]
    steps: list[StepResult] = field(default_factory=list)

    expect: Mapping[str, JSON] | None = None

    @property
    def all_matched(self) -> bool:
        """True when every step succeeded or failed as the transcript expects."""
        return all(s.matched for s in self.steps)

    def mismatches(self) -> list[str]:
        """Where the replay differs from the transcript's ``expect_error``/``expect``."""
        out = [
            f"step {s.seq}: expected {s.expected or 'ok'}, got {s.error or 'ok'}"
            for s in self.steps
            if not s.matched
        ]
        if self.expect is not None:
            out += [
                f"final{path}: {problem}"
                for path, problem in _differences(self.expect, self.final())
            ]
        return out

    def final(self) -> dict[str, JSON]:
        """Public view, each seat's view and the outcome."""
        outcome = self.game.outcome(self.state)
        return {
            "public": self.game.view(self.state, None),
            "private": {p: self.game.view(self.state, i) for i, p in enumerate(self.players)},
            "outcome": None if outcome is None else outcome.to_json(),
        }


def load(path: str | Path) -> dict[str, JSON]:
    """Read a transcript file."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError("a transcript is a JSON object")
    return data


def start(data: Mapping[str, JSON]) -> tuple[Game[Any], Any]:
    """The engine and the initial state of a transcript (IllegalAction on bad setup)."""
    game = rules.get_game(str(data["game"]))
    players = list(data["players"])
    options = dict(data.get("options") or {})
    seed = int(data.get("seed", 0))
    position = data.get("position")
    if position is not None:
        return game, game.setup_position(players, options, seed, position)
    return game, game.setup(players, options, seed)


def replay(data: Mapping[str, JSON]) -> Replay:
    """Replay every step of a transcript."""
    game, state = start(data)
    players = list(data["players"])
    result = Replay(game, state, players, expect=data.get("expect"))
    for seq, step in enumerate(data.get("steps", []), start=1):
        player = str(step["player"])
        resigning = bool(step.get("resign", False))
        action = "resign" if resigning else str(step.get("action", ""))
        expected = step.get("expect_error")
        error: str | None = None
        if player not in players:
            error = "unknown_player"  # a broken transcript, not a refused action
        else:
            seat = players.index(player)
            try:
                if resigning:
                    result.state, _ = game.resign(result.state, seat)
                else:
                    result.state, _ = act(game, result.state, seat, action)
            except IllegalAction as exc:
                error = exc.code
        result.steps.append(StepResult(seq, player, action, error is None, error, expected))
    return result


def _differences(expected: JSON, actual: JSON, path: str = "") -> list[tuple[str, str]]:
    """Where ``actual`` does not contain ``expected``: objects key by key (a subset), lists of
    the same length item by item, everything else by equality."""
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return [(path, f"expected an object, got {actual!r}")]
        out: list[tuple[str, str]] = []
        for key, value in expected.items():
            if key not in actual:
                out.append((f"{path}.{key}", "missing"))
            else:
                out += _differences(value, actual[key], f"{path}.{key}")
        return out
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [
            d
            for i, (e, a) in enumerate(zip(expected, actual, strict=True))
            for d in _differences(e, a, f"{path}[{i}]")
        ]
    if expected != actual:
        return [(path, f"expected {expected!r}, got {actual!r}")]
    return []
