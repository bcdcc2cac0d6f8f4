"""Self-play: complete random games through the public contract, checking everything.

Generic over every engine in :data:`rules.GAME_NAMES`. Players walk ``choices`` token by token
(:func:`random_action`: uniformly, or with the engine's optional ``greedy_choice`` hook),
simultaneous prompts are answered in random order, and after every action the run checks the
engine's invariants. It also checks that snapshots round-trip, that ``apply`` leaves its input
untouched, that seats without a prompt get no choices, and it throws mutated, truncated and
foreign actions and wrong seats at the engine: an action ``choices`` does not offer must raise
``IllegalAction`` and change nothing, one it offers must apply.

Coverage counts rule features: the engine's optional ``features(events)`` hook (otherwise the
event kinds), ``illegal.<code>`` for every refusal seen, ``end.<reason>`` and
``tiebreak.<rule>`` from the outcomes, ``resign`` when a seat resigned. An engine with a
catalogue of the features a complete run should show (``feature_catalogue()``, such as every
card of Clash of Cultures) gets the ones not seen listed as ``missing``.

With a recorder, every game is also handed over as a transcript (docs/transcripts.md) that
replays it exactly: the options and seed it was set up with, each action and resignation that
was applied, and as ``expect`` its outcome and final public view (a game that broke a check
gets a ``comment`` instead, so the file reproduces the bug).
"""

from __future__ import annotations

import json
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules import get_game
from rules.core import JSON, Choice, Event, Game, IllegalAction, Rng, act, join
from rules.engine import HasCatalogue, HasFeatures, HasGreedy, HasGreedyStop

GARBAGE = "zzz"

#: How the seats choose: every token uniformly at random; the engine's heuristic player
#: (``greedy_choice``, which still picks one token in ten at random); or every other game
#: each way (``mixed``: the random games reach odd positions, the heuristic ones play whole
#: games of plans, where the rarer cards and wonders come up).
POLICIES: tuple[str, ...] = ("uniform", "greedy", "mixed")


@dataclass(slots=True)
class Report:
    """What a self-play run found; ``summary()`` is the CLI's last line."""

    game: str
    players: int | None
    games: int = 0
    finished: int = 0
    errors: int = 0
    actions: int = 0
    seconds: float = 0.0
    coverage: Counter[str] = field(default_factory=Counter)
    messages: list[str] = field(default_factory=list)
    catalogue: frozenset[str] = frozenset()

    def summary(self) -> dict[str, JSON]:
        """The JSON object printed as the last line."""
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "coverage": dict(sorted(self.coverage.items())),
            "missing": sorted(self.catalogue - set(self.coverage)),
        }


class GameError(Exception):
    """One self-played game broke a check."""


#: Receives each played game: its self-play seed, its transcript and its last state.
Recorder = Callable[[int, dict[str, JSON], Any], None]


class WalkError(Exception):
    """``choices`` led a walk nowhere: no token, the same token twice, a token that neither
    completes the action nor lets it go on, or a greedy pick that is not one of the tokens."""


def random_action(
    game: Game[Any],
    state: Any,
    seat: int,
    rng: Rng,
    *,
    greedy: bool = False,
    seen: Callable[[Sequence[Choice]], object] | None = None,
) -> str:
    """A whole legal action for ``seat``, walked token by token through ``choices``.

    Each token is drawn uniformly, or by the engine's ``greedy_choice`` hook when ``greedy``
    and the engine has one (:class:`rules.engine.HasGreedy`); a token that completes the
    action but allows more (an optional argument) stops there half of the time, or as the
    greedy player's ``greedy_stop`` says (:class:`rules.engine.HasGreedyStop`). ``seen``
    receives every list of choices met on the way. Raises :class:`WalkError` when ``choices``
    contradicts itself, or offers ``seat`` nothing.

    >>> from rules.stoneage import GAME
    >>> state = GAME.setup(["ann", "bob"], {}, seed=1)
    >>> random_action(GAME, state, state.active, Rng(3)).split()[0]
    'place'
    """
    player: HasGreedy | None = game if greedy and isinstance(game, HasGreedy) else None
    stopper: HasGreedyStop | None = (
        game if player is not None and isinstance(game, HasGreedyStop) else None
    )
    prefix: list[str] = []
    while True:
        options = game.choices(state, seat, prefix)
        if not options:
            raise WalkError(f"dead end after {prefix!r} for seat {seat}")
        tokens = [c.token for c in options]
        if len(set(tokens)) != len(tokens):
            raise WalkError(f"duplicate choices after {prefix!r}: {tokens}")
        if seen is not None:
            seen(options)
        if player is None:
            index = rng.randrange(len(options))
        else:
            index = player.greedy_choice(state, seat, prefix, options, rng)
        if not 0 <= index < len(options):
            raise WalkError(f"greedy pick {index} out of {len(options)} after {prefix!r}")
        pick = options[index]
        prefix.append(pick.token)
        if not pick.complete and not pick.more:
            raise WalkError(f"choice {pick.token!r} neither completes nor continues")
        if pick.complete and (
            not pick.more
            or (
                rng.randrange(2) == 0
                if stopper is None
                else stopper.greedy_stop(state, seat, prefix, rng)
            )
        ):
            return join(prefix)


def _event_kinds(events: Iterable[Event]) -> list[str]:
    """Coverage of an engine without the ``features`` hook."""
    return [e.kind for e in events]


class Runner:
    """Plays and checks games of one engine."""

    def __init__(
        self,
        game: Game[Any],
        report: Report,
        *,
        policy: str = "uniform",
        max_steps: int = 20000,
        roundtrip_every: int = 7,
        illegal_every: int = 5,
        record: Recorder | None = None,
    ) -> None:
        self.game = game
        self.record = record
        self.handles: list[str] = []
        self.steps: list[dict[str, JSON]] = []
        self.state: Any = None
        self.setup_options: dict[str, JSON] = {}
        self.setup_seed = 0
        self.report = report
        self.max_steps = max_steps
        self.roundtrip_every = roundtrip_every
        self.illegal_every = illegal_every
        if policy not in POLICIES:
            raise ValueError(f"unknown self-play policy {policy!r} (known: {', '.join(POLICIES)})")
        self.policy = policy
        self.greedy = policy == "greedy"
        self.vocabulary: set[str] = {GARBAGE}
        self.seats = 0
        self.features: Callable[[Iterable[Event]], list[str]] = (
            game.features if isinstance(game, HasFeatures) else _event_kinds
        )

    # -- one game ---------------------------------------------------------------------------

    def play(self, seed: int, players: int | None) -> None:
        """One complete game; errors are recorded in the report."""
        if self.policy == "mixed":
            # By the seed alone, so a game plays the same however the run is shared out.
            self.greedy = seed % 2 == 1
            self.report.coverage[f"policy.{'greedy' if self.greedy else 'uniform'}"] += 1
        rng = Rng(seed)
        game = self.game
        count = players or game.min_players + rng.randrange(game.max_players - game.min_players + 1)
        handles = [f"p{i}" for i in range(count)]
        self.handles = handles
        self.steps = []
        self.state = None
        self.seats = count
        # Each game's own words only: a game then depends on its seed alone, whichever games
        # were played before it (or in another process, ``jobs``).
        self.vocabulary = {GARBAGE, *(f"@{h}" for h in handles)}
        self.report.games += 1
        data: dict[str, JSON] = {"game": game.name, "players": handles}
        error: str | None = None
        try:
            self.state = self._setup(handles, rng)
            data.update(options=self.setup_options, seed=self.setup_seed, steps=self.steps)
            self._play_out(self.state, rng)
            self.report.finished += 1
        except GameError as exc:
            error = f"seed {seed}: {exc}"
        except Exception as exc:  # an engine's crash is a finding, not the end of the run
            error = f"seed {seed}: {_crash(exc)}"
        if error is not None:
            self.report.errors += 1
            if len(self.report.messages) < 20:
                self.report.messages.append(error)
        if self.record is None or "seed" not in data:
            return
        outcome = game.outcome(self.state)
        if error is not None:
            data["comment"] = f"self-play {error}"
        elif outcome is not None:
            data["expect"] = {"outcome": outcome.to_json(), "public": game.view(self.state, None)}
        self.record(seed, data, self.state)

    def _setup(self, handles: list[str], rng: Rng) -> Any:
        """Random options; options the player count refuses fall back to their defaults.
        The options and seed the game was set up with are kept for its transcript."""
        chosen = {o.name: o.values[rng.randrange(len(o.values))] for o in self.game.options}
        for spec in (None, *self.game.options):
            if spec is not None:
                chosen[spec.name] = spec.default
            game_seed = rng.randrange(1 << 62)
            try:
                state = self.game.setup(handles, chosen, game_seed)
            except IllegalAction:
                continue
            self.setup_options, self.setup_seed = dict(chosen), game_seed
            return state
        raise GameError("setup refused the default options")

    def _play_out(self, state: Any, rng: Rng) -> None:
        game = self.game
        resign_at = rng.randrange(200) if rng.randrange(40) == 0 else -1
        steps = 0
        while game.outcome(state) is None:
            if steps >= self.max_steps:
                raise GameError(f"stuck: no outcome after {steps} actions")
            prompts = game.pending(state)
            if not prompts:
                raise GameError("no prompt and no outcome")
            seat = prompts[rng.randrange(len(prompts))].seat
            if steps == resign_at:
                state = self._resign(state, rng.randrange(self.seats))
                steps += 1
                continue
            check_all = steps % self.roundtrip_every == 0
            if steps % self.illegal_every == 0:
                self._try_illegal(state, seat, rng)
            if check_all:
                self._check_quiet_seats(state, {p.seat for p in prompts})
            action = self._choose(state, seat, rng)
            before = game.to_json(state) if check_all else None
            try:
                new, events = act(game, state, seat, action)
            except IllegalAction as exc:
                raise GameError(f"offered action {action!r} refused: {exc}") from exc
            # Recorded before the checks, so a saved game that broke one replays up to it.
            self.steps.append({"player": self.handles[seat], "action": action})
            self.state = new
            if before is not None and game.to_json(state) != before:
                raise GameError(f"apply changed its input state ({action!r})")
            self.report.actions += 1
            self.report.coverage.update(self.features(events))
            broken = game.check_invariants(new)
            if broken:
                raise GameError(f"after {action!r}: {broken}")
            if check_all:
                self._check_roundtrip(new)
            state = new
            steps += 1
        outcome = game.outcome(state)
        assert outcome is not None
        self._check_roundtrip(state)
        self.report.coverage[f"end.{outcome.reason}"] += 1
        if outcome.tiebreak:
            self.report.coverage[f"tiebreak.{outcome.tiebreak}"] += 1
        if game.pending(state):
            raise GameError("prompts remain after the game ended")

    def _resign(self, state: Any, seat: int) -> Any:
        try:
            new, events = self.game.resign(state, seat)
        except IllegalAction:
            return state
        self.steps.append({"player": self.handles[seat], "resign": True})
        self.state = new
        self.report.coverage["resign"] += 1
        self.report.coverage.update(self.features(events))
        broken = self.game.check_invariants(new)
        if broken:
            raise GameError(f"after resign of seat {seat}: {broken}")
        return new

    # -- choosing ---------------------------------------------------------------------------

    def _choose(self, state: Any, seat: int, rng: Rng) -> str:
        try:
            return random_action(self.game, state, seat, rng, greedy=self.greedy, seen=self._learn)
        except WalkError as exc:
            raise GameError(str(exc)) from exc

    def _learn(self, options: Sequence[Choice]) -> None:
        """Every token offered feeds the mutated actions of :meth:`_try_illegal`."""
        self.vocabulary.update(c.token for c in options)

    def _is_offered(self, state: Any, seat: int, parts: Sequence[str]) -> bool:
        for i, token in enumerate(parts):
            match = [c for c in self.game.choices(state, seat, parts[:i]) if c.token == token]
            if not match:
                return False
            if i == len(parts) - 1:
                return match[0].complete
        return False

    # -- checks -----------------------------------------------------------------------------

    def _check_roundtrip(self, state: Any) -> None:
        data = json.loads(json.dumps(self.game.to_json(state)))
        if "version" not in data:
            raise GameError("snapshot without a version")
        again = json.loads(json.dumps(self.game.to_json(self.game.from_json(data))))
        if again != data:
            raise GameError("snapshot does not round-trip")
        for seat in (None, *range(self.seats)):
            json.dumps(self.game.view(state, seat))

    def _check_quiet_seats(self, state: Any, prompted: set[int]) -> None:
        for seat in range(self.seats):
            if seat not in prompted and self.game.choices(state, seat, []):
                raise GameError(f"seat {seat} has choices but no prompt")

    def _try_illegal(self, state: Any, seat: int, rng: Rng) -> None:
        """Throw a few broken actions at the engine: each must be refused cleanly."""
        game = self.game
        legal = self._choose(state, seat, rng).split()
        words = sorted(self.vocabulary)
        candidates: list[tuple[int, list[str]]] = []
        mutated = legal[:]
        mutated[rng.randrange(len(mutated))] = words[rng.randrange(len(words))]
        candidates.append((seat, mutated))
        candidates.append((seat, [*legal, words[rng.randrange(len(words))]]))
        if len(legal) > 1:
            candidates.append((seat, legal[: 1 + rng.randrange(len(legal) - 1)]))
        candidates.append(
            (seat, [words[rng.randrange(len(words))] for _ in range(1 + rng.randrange(4))])
        )
        quiet = [s for s in range(self.seats) if s != seat]
        prompted = {p.seat for p in game.pending(state)}
        quiet = [s for s in quiet if s not in prompted]
        if quiet:
            candidates.append((quiet[rng.randrange(len(quiet))], legal))
        before = game.to_json(state)
        for who, parts in candidates:
            offered = who in prompted and self._is_offered(state, who, parts)
            try:
                act(game, state, who, join(parts))
            except IllegalAction as exc:
                if offered:
                    raise GameError(f"offered {parts!r} refused: {exc}") from exc
                self.report.coverage[f"illegal.{exc.code}"] += 1
            else:
                if not offered:
                    raise GameError(f"seat {who}: {join(parts)!r} applied but is not offered")
            if game.to_json(state) != before:
                raise GameError(f"trying {join(parts)!r} changed the state")


def _crash(exc: Exception) -> str:
    """An exception's type, text and the innermost line it came from."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def run(
    game: Game[Any],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    policy: str = "uniform",
    max_steps: int = 20000,
    record: Recorder | None = None,
    jobs: int = 1,
) -> Report:
    """Play ``games`` games and return the report; ``record`` receives each game played.

    With ``jobs`` above 1 the games are shared out among that many processes, which play the
    engine registered under ``game.name`` (``record`` must then be picklable); each game depends
    on its seed alone, so the report is the same."""
    catalogue = game.feature_catalogue() if isinstance(game, HasCatalogue) else frozenset()
    started = time.perf_counter()
    plan = _Plan(game.name, seed, players, policy, max_steps, record)
    if jobs <= 1 or games <= 1:
        parts = [plan.play(range(games), game)]
    else:
        share = -(-games // jobs)
        ranges = [range(i, min(i + share, games)) for i in range(0, games, share)]
        with ProcessPoolExecutor(max_workers=len(ranges)) as pool:
            parts = list(pool.map(plan.play, ranges))
    report = Report(game.name, players, catalogue=catalogue)
    for part in parts:
        report.games += part.games
        report.finished += part.finished
        report.errors += part.errors
        report.actions += part.actions
        report.coverage.update(part.coverage)
        report.messages += part.messages[: 20 - len(report.messages)]
    report.seconds = time.perf_counter() - started
    return report


@dataclass(frozen=True, slots=True)
class _Plan:
    """What every share of a run plays with (sent to the worker processes)."""

    game: str
    seed: int
    players: int | None
    policy: str
    max_steps: int
    record: Recorder | None

    def play(self, indices: range, engine: Game[Any] | None = None) -> Report:
        """The games ``indices`` of the run, with ``engine`` (in a worker process: the engine
        registered under the run's game name)."""
        game = engine or get_game(self.game)
        report = Report(game.name, self.players)
        runner = Runner(
            game, report, policy=self.policy, max_steps=self.max_steps, record=self.record
        )
        for i in indices:
            runner.play(self.seed * 1_000_003 + i, self.players)
        return report


def merge(reports: Sequence[Report]) -> Mapping[str, int]:
    """Coverage of several runs added up."""
    total: Counter[str] = Counter()
    for r in reports:
        total.update(r.coverage)
    return total
