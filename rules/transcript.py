"""Transcripts: a game as players, options, seed, optional position and its steps.

Format (JSON, see docs/transcripts.md)::

    {"game": "civ", "players": ["alice", "bob"], "options": {}, "seed": 7,
     "position": {...},                                   # optional
     "steps": [{"player": "alice", "action": "play science"},
               {"player": "bob", "action": "end", "expect_error": "must_play_first"},
               {"player": "bob", "action": "end", "expect_error": "any"},
               {"player": "bob", "resign": true}],
     "expect": {"outcome": {"reason": "resigned"}}}            # optional

Replaying goes through :func:`rules.core.act` (and ``resign``), so it sees exactly what the bot
would. An illegal step is reported with its code and the replay goes on; a step's result
*matches* when it failed with its ``expect_error`` (``any``: with any code) or succeeded without
one, and left the state it was given untouched (a refusal must change nothing); ``expect`` is a
subset of the final ``{"public", "private", "outcome"}`` object that must match. :func:`check`
refuses a file that is not a transcript (an unknown key, a step of nobody) before anything is
replayed, naming the key.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from rules.core import JSON, Event, Game, IllegalAction, act

#: ``expect_error`` value that accepts any refusal.
ANY = "any"
FIELDS = frozenset({"game", "players", "options", "seed", "position", "steps", "expect", "comment"})
STEP_FIELDS = frozenset({"player", "action", "resign", "expect_error", "comment"})
EXPECT_FIELDS = frozenset({"public", "private", "outcome"})

#: Finds the engine for a game name (``rules.get_game`` unless a test injects another).
EngineLookup = Callable[[str], Game[Any]]


class TranscriptError(ValueError):
    """A file that is not a well-formed transcript; the message names the key at fault."""


@dataclass(frozen=True, slots=True)
class StepResult:
    """One replayed step.

    ``changed`` is the first path (``seats[0].hand``) where the step altered the state it was
    given - a refusal must leave it as it was, and so must ``apply`` - or None. ``params`` are
    the refusal's parameters and ``events`` what the step made happen (empty when refused).
    """

    seq: int
    player: str
    action: str
    ok: bool
    error: str | None
    expected: str | None
    changed: str | None = None
    params: Mapping[str, JSON] = field(default_factory=dict)
    events: tuple[Event, ...] = ()

    @property
    def matched(self) -> bool:
        """True when the step did what the transcript says it should."""
        if self.changed is not None:
            return False
        if self.expected == ANY:
            return self.error is not None
        return self.error == self.expected

    def problem(self) -> str | None:
        """Why the step does not match, as a sentence naming the step; None if it matches."""
        if self.matched:
            return None
        name = f"step {self.seq} ({self.player}: {self.action})"
        if self.changed is not None:
            what = f"refused with {self.error}" if self.error else "accepted"
            return f"{name}: {what} but changed the state it was given at {self.changed}"
        wanted = "any refusal" if self.expected == ANY else self.expected or "ok"
        return f"{name}: expected {wanted}, got {self.error or 'ok'}"

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
    transcript's ``expect`` block (a subset of :meth:`final` that must match). ``states[i]`` is
    the state after step ``i`` (``states[0]``: the start)."""

    game: Game[Any]
    state: Any
    players: list[str]
    steps: list[StepResult] = field(default_factory=list)

    expect: Mapping[str, JSON] | None = None
    states: list[Any] = field(default_factory=list)

    @property
    def all_matched(self) -> bool:
        """True when every step succeeded or failed as the transcript expects."""
        return all(s.matched for s in self.steps)

    def mismatches(self) -> list[str]:
        """Where the replay differs from the transcript's ``expect_error``/``expect``."""
        out = [p for p in (s.problem() for s in self.steps) if p is not None]
        if self.expect is not None:
            out += [
                f"final{path}: {problem}"
                for path, problem in _differences(self.expect, self.final())
            ]
        return out

    def views(self, state: Any) -> dict[str | None, Mapping[str, JSON]]:
        """What everyone sees of ``state``: the public view (key None), then each seat's."""
        out: dict[str | None, Mapping[str, JSON]] = {None: self.game.view(state, None)}
        for i, p in enumerate(self.players):
            out[p] = self.game.view(state, i)
        return out

    def view_lines(self, seq: int) -> list[dict[str, JSON]]:
        """``--views``: what everyone saw after step ``seq`` (0: the start), one line per viewer
        (public first, then seat order) with the events of that step it may read."""
        events = self.steps[seq - 1].events if seq else ()
        lines = []
        for viewer, view in self.views(self.states[seq]).items():
            seat = None if viewer is None else self.players.index(viewer)
            visible = [
                {"kind": e.kind, "params": dict(e.params)} for e in events if e.is_visible(seat)
            ]
            lines.append({"seq": seq, "seen_by": viewer, "events": visible, "view": view})
        return lines

    def final(self) -> dict[str, JSON]:
        """Public view, each seat's view and the outcome."""
        outcome = self.game.outcome(self.state)
        views = self.views(self.state)
        return {
            "public": views.pop(None),
            "private": views,
            "outcome": None if outcome is None else outcome.to_json(),
        }


def load(path: str | Path) -> dict[str, JSON]:
    """Read a transcript file (TranscriptError if it is not JSON or not an object)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise TranscriptError(f"not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise TranscriptError("a transcript is a JSON object")
    return data


def dumps(data: Mapping[str, JSON]) -> str:
    """A transcript as text: one step per line for readable diffs, the rest on a line each."""
    lines = ["{"]
    for key, value in data.items():
        if key == "steps":
            steps = [json.dumps(s, ensure_ascii=False) for s in value]
            body = ",\n".join(f"    {s}" for s in steps)
            lines.append(f'  "steps": [\n{body}\n  ],' if steps else '  "steps": [],')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    lines[-1] = lines[-1].removesuffix(",")
    return "\n".join([*lines, "}"]) + "\n"


def _is_int(value: JSON) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check(data: Mapping[str, JSON]) -> None:
    """Refuse anything that is not a transcript, naming the key (TranscriptError).

    Only the shape is checked here; the engine judges the options, the position and every
    action (IllegalAction).
    """
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise TranscriptError(f"unknown key {unknown[0]!r}")
    if data.get("game") not in rules.ENGINE_NAMES:
        raise TranscriptError(f"game: one of {', '.join(rules.ENGINE_NAMES)}")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise TranscriptError("players: a list of handles")
    if not _is_int(data.get("seed", 0)):
        raise TranscriptError("seed: an integer")
    for key, kind, types in (
        ("options", "an object", dict),
        ("position", "an object", dict),
        ("comment", "a string", str),
        ("steps", "a list", list),
    ):
        if data.get(key) is not None and not isinstance(data[key], types):
            raise TranscriptError(f"{key}: {kind}")
    for i, step in enumerate(data.get("steps") or []):
        _check_step(f"steps[{i}]", step, players)
    expect = data.get("expect")
    if expect is not None:
        if not isinstance(expect, dict):
            raise TranscriptError("expect: an object")
        extra = sorted(set(expect) - EXPECT_FIELDS)
        if extra:
            raise TranscriptError(f"expect: unknown key {extra[0]!r}")


def _check_step(where: str, step: JSON, players: Sequence[str]) -> None:
    if not isinstance(step, dict):
        raise TranscriptError(f"{where}: an object")
    unknown = sorted(set(step) - STEP_FIELDS)
    if unknown:
        raise TranscriptError(f"{where}: unknown key {unknown[0]!r}")
    if step.get("player") not in players:
        raise TranscriptError(f"{where}.player: {step.get('player')!r} is not one of the players")
    resign = step.get("resign", False)
    if not isinstance(resign, bool):
        raise TranscriptError(f"{where}.resign: true or false")
    if resign == ("action" in step):
        raise TranscriptError(f"{where}: either an action or resign: true")
    if not resign and not isinstance(step["action"], str):
        raise TranscriptError(f"{where}.action: a string")
    expected = step.get("expect_error")
    if expected is not None and not isinstance(expected, str):
        raise TranscriptError(f"{where}.expect_error: an error code or {ANY!r}")


def start(data: Mapping[str, JSON], lookup: EngineLookup = rules.get_game) -> tuple[Game[Any], Any]:
    """The engine and the initial state of a transcript (IllegalAction on bad setup)."""
    game = lookup(str(data["game"]))
    players = list(data["players"])
    options = dict(data.get("options") or {})
    seed = int(data.get("seed") or 0)
    position = data.get("position")
    if position is not None:
        return game, game.setup_position(players, options, seed, position)
    return game, game.setup(players, options, seed)


def current_spelling(data: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """A transcript written before one of its game's ids was renamed, as it is written now, so
    that it replays as it did: Clash's civil halves ``C01``-``C21`` are ``P01``-``P21`` in its
    position and ``expect`` block (:mod:`rules.clash.formats.respelling`). Any other as it is."""
    if data.get("game") != "clash":
        return data
    from rules.clash.formats.respelling import respell_transcript  # the engine's, on first use

    return respell_transcript(data)


def replay(data: Mapping[str, JSON], lookup: EngineLookup = rules.get_game) -> Replay:
    """Replay every step of a transcript (TranscriptError or IllegalAction before any step),
    in the current spelling of its ids (:func:`current_spelling`)."""
    check(data)
    data = current_spelling(data)
    game, state = start(data, lookup)
    players = list(data["players"])
    result = Replay(game, state, players, expect=data.get("expect"), states=[state])
    for seq, step in enumerate(data.get("steps") or [], start=1):
        player = str(step["player"])
        resigning = bool(step.get("resign", False))
        action = "resign" if resigning else str(step["action"])
        seat = players.index(player)
        before = game.to_json(result.state)
        error: str | None = None
        params: Mapping[str, JSON] = {}
        events: list[Event] = []
        try:
            if resigning:
                new, events = game.resign(result.state, seat)
            else:
                new, events = act(game, result.state, seat, action)
        except IllegalAction as exc:
            error, params, new = exc.code, exc.params, result.state
        changed = _first_change(before, game.to_json(result.state))
        result.steps.append(
            StepResult(
                seq,
                player,
                action,
                error is None,
                error,
                step.get("expect_error"),
                changed,
                params,
                tuple(events),
            )
        )
        result.state = new
        result.states.append(new)
    return result


def _first_change(before: JSON, after: JSON, path: str = "") -> str | None:
    """The first path where two snapshots differ (None when equal)."""
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        for key in [*before, *(k for k in after if k not in before)]:
            if key not in before or key not in after:
                return f"{path}.{key}".lstrip(".")
            found = _first_change(before[key], after[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            found = _first_change(b, a, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    return None if before == after else path.lstrip(".") or "<state>"


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


@dataclass(frozen=True, slots=True)
class Saver:
    """Writes each self-played game's transcript as ``DIRECTORY/GAME_SEED.json`` (a
    :data:`rules.selfplay.Recorder` that worker processes can be sent)."""

    directory: Path
    game: str

    def __call__(self, seed: int, data: dict[str, Any], state: Any) -> None:
        path = self.directory / f"{self.game}_{seed}.json"
        path.write_text(dumps(data), encoding="utf-8")
