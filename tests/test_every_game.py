"""The checks every game must pass, run for every name in ``rules.GAME_NAMES``.

A game registered in ``rules`` (and drawn by ``render``) is covered here without a line of its
own: seeded self-play for each player count and option combination (``rules.selfplay``, the
engine's invariants after every step), snapshots that round-trip at every step, views that keep
hidden information to its seat, a sentence in every language for every text the engine
produces, transcripts that replay to the same state, and pictures of the positions met.
Game-specific rules stay in ``tests/rules`` and ``tests/render``.

The default suite plays one game per player count with the default options and with each other
value of each option (:func:`combinations`); the ``slow`` test plays :data:`LONG_GAMES` more of
every combination with every check.
"""

from __future__ import annotations

import functools
import io
import itertools
import json
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import locales
import render
from rules import GAME_NAMES, get_game, transcript
from rules.core import JSON, Choice, Event, Game, IllegalAction, OptionSpec, Outcome, Prompt
from rules.selfplay import Report, Runner

LANGS = locales.SUPPORTED

#: Games per player count and option combination: in the default suite, and in the slow test.
SHORT_GAMES = 1
LONG_GAMES = 5
#: ``view()["recent"]`` holds the last public events, at most this many (docs/architecture.md).
RECENT = 8
#: docs/rendering.md: tables are 1400 px wide, the budget is under 300 KB.
TABLE_WIDTH = 1400
TABLE_BYTES = 300_000
#: Display names given to the renderer: accents the font must draw, an emoji it must drop.
NAMES = ("Őrház Ödön", "Zsófi 🎲", "Ábel", "Ürge Űrhajós")

Picture = Callable[..., bytes]


def pictures(name: str) -> tuple[Picture, Picture]:
    """The functions that draw game ``name``'s table and hand (the only place in this module
    that knows how ``render`` is wired)."""
    del name  # both dispatch on view["game"]
    return render.table_png, render.hand_png


# -- recorded self-play -----------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One action (``action`` None: a resignation) of ``seat`` and the state it led to."""

    seat: int
    action: str | None
    events: tuple[Event, ...]
    state: Any


@dataclass
class Played:
    """One self-played game as it happened, with the texts its engine produced."""

    name: str
    players: tuple[str, ...]
    options: dict[str, JSON]
    policy: str
    seed: int = 0
    start: Any = None
    steps: list[Step] = field(default_factory=list)
    choices: dict[tuple[str, str], Choice] = field(default_factory=dict)
    refusals: dict[tuple[str, str], IllegalAction] = field(default_factory=dict)
    report: Report | None = None

    @property
    def states(self) -> list[Any]:
        """Every state of the game, from the first to the last."""
        return [self.start, *(s.state for s in self.steps)]

    @property
    def final(self) -> Any:
        """The last state."""
        return self.steps[-1].state if self.steps else self.start

    def __str__(self) -> str:
        return f"{self.name} {len(self.players)}p {self.options} {self.policy} seed {self.seed}"


def _key(params: Mapping[str, JSON]) -> str:
    return repr(sorted(params.items()))


class Recording:
    """An engine wrapped so that a ``selfplay.Runner`` run leaves a :class:`Played` record.

    Its options have a single value each, so the runner plays exactly the combination asked
    for. The states the runner checks invariants on are the steps of the game; the other
    ``apply`` calls (the refusals the runner provokes) are left out of the record.
    """

    def __init__(self, game: Game[Any], played: Played) -> None:
        self.game = game
        self.played = played
        self.name = game.name
        self.min_players = game.min_players
        self.max_players = game.max_players
        self.options = tuple(
            OptionSpec(o.name, played.options[o.name], (played.options[o.name],), o.label)
            for o in game.options
        )
        self._outputs: dict[int, Step] = {}

    def __getattr__(self, attr: str) -> Any:
        if attr == "game":
            raise AttributeError(attr)
        return getattr(self.game, attr)  # the optional hooks: greedy_choice, features, reveals

    def setup(self, players: Sequence[str], options: Mapping[str, JSON], seed: int) -> Any:
        state = self.game.setup(players, options, seed)
        self.played.seed, self.played.start, self.played.steps = seed, state, []
        return state

    def setup_position(
        self,
        players: Sequence[str],
        options: Mapping[str, JSON],
        seed: int,
        position: Mapping[str, JSON],
    ) -> Any:
        return self.game.setup_position(players, options, seed, position)

    def pending(self, state: Any) -> list[Prompt]:
        return self.game.pending(state)

    def choices(self, state: Any, seat: int, prefix: Sequence[str]) -> list[Choice]:
        offered = self.game.choices(state, seat, prefix)
        for choice in offered:
            self.played.choices.setdefault((choice.label, _key(choice.params)), choice)
        return offered

    def apply(self, state: Any, seat: int, action: str) -> tuple[Any, list[Event]]:
        try:
            new, events = self.game.apply(state, seat, action)
        except IllegalAction as exc:
            self.played.refusals.setdefault((exc.code, _key(exc.params)), exc)
            raise
        self._outputs[id(new)] = Step(seat, action, tuple(events), new)
        return new, events

    def view(self, state: Any, seat: int | None) -> dict[str, JSON]:
        return self.game.view(state, seat)

    def outcome(self, state: Any) -> Outcome | None:
        return self.game.outcome(state)

    def to_json(self, state: Any) -> dict[str, JSON]:
        return self.game.to_json(state)

    def from_json(self, data: Mapping[str, JSON]) -> Any:
        return self.game.from_json(data)

    def check_invariants(self, state: Any) -> list[str]:
        step = self._outputs.pop(id(state), None)
        assert step is not None and step.state is state, "invariants of a state no step made"
        self.played.steps.append(step)
        self._outputs.clear()
        return self.game.check_invariants(state)

    def resign(self, state: Any, seat: int) -> tuple[Any, list[Event]]:
        new, events = self.game.resign(state, seat)
        self._outputs[id(new)] = Step(seat, None, tuple(events), new)
        return new, events


def combinations(name: str, *, every: bool = False) -> list[tuple[int, dict[str, JSON]]]:
    """Every player count with the default options and, one at a time, each other value of
    each option (``every``: every combination of them), as far as its setup accepts them.

    One value at a time keeps the default suite's games growing with the options' values, not
    their product (a game with three two-valued options plays four games per player count,
    not eight); the slow test plays every combination.
    """
    game = get_game(name)
    defaults = {o.name: o.default for o in game.options}
    if every:
        tried = [
            {o.name: v for o, v in zip(game.options, values, strict=True)}
            for values in itertools.product(*(o.values for o in game.options))
        ]
    else:
        tried = [defaults]
        tried += [{**defaults, o.name: v} for o in game.options for v in o.values if v != o.default]
    out = []
    for count in range(game.min_players, game.max_players + 1):
        for options in tried:
            try:
                game.setup([f"p{i}" for i in range(count)], options, 0)
            except IllegalAction:
                continue
            out.append((count, options))
    return out


def play(name: str, count: int, options: dict[str, JSON], index: int, policy: str) -> Played:
    """Game ``index`` of a combination, self-played with every check of ``rules.selfplay``
    (snapshots and ``apply`` leaving its input untouched checked after every step)."""
    played = Played(name, tuple(f"p{i}" for i in range(count)), dict(options), policy)
    report = Report(name, count)
    runner = Runner(Recording(get_game(name), played), report, policy=policy, roundtrip_every=1)
    runner.play(zlib.crc32(f"{name} {count} {sorted(options.items())}".encode()) + index, count)
    played.report = report
    return played


def resigning(played: Played) -> Played:
    """``played`` up to its middle step, then the seats resign in turn until the game ends
    (the resignation endings, recorded and checked like any step)."""
    game = get_game(played.name)
    out = Played(played.name, played.players, played.options, "resign", played.seed)
    out.start, out.steps = played.start, played.steps[: len(played.steps) // 2]
    out.report = report = Report(played.name, len(played.players), games=1, finished=1)
    recording = Recording(game, out)
    state = out.final
    for seat in range(len(played.players)):
        if game.outcome(state) is not None:
            break
        try:
            state, _ = recording.resign(state, seat)
        except IllegalAction:  # resigned already, in the self-played game
            continue
        if broken := recording.check_invariants(state):
            report.errors += 1
            report.messages.append(f"after resign of seat {seat}: {broken}")
    report.actions = len(out.steps) - sum(s.action is None for s in out.steps)
    report.coverage["resign"] = len(out.steps) - report.actions
    return out


@functools.cache
def short_run(name: str) -> tuple[Played, ...]:
    """The default suite's games: :data:`SHORT_GAMES` per combination, policies alternating,
    and for each player count its first game again with everybody resigning half-way."""
    played = [
        play(name, count, options, i, ("uniform", "greedy")[(c + i) % 2])
        for c, (count, options) in enumerate(combinations(name))
        for i in range(SHORT_GAMES)
    ]
    firsts = {len(p.players): p for p in reversed(played)}
    return (*played, *(resigning(p) for p in firsts.values()))


def plain(value: JSON) -> JSON:
    """``value`` as it reads back from JSON text (tuples become lists)."""
    return json.loads(json.dumps(value))


# -- the checks, one game at a time -----------------------------------------------------------


def check_selfplay(game: Game[Any], played: Played) -> None:
    """The runner found nothing wrong and the game ended with an outcome and no prompt."""
    report = played.report
    assert report is not None and report.errors == 0, (str(played), report and report.messages)
    assert report.finished == report.games == 1, str(played)
    assert game.check_invariants(played.start) == [], str(played)
    assert len(played.steps) == report.actions + report.coverage["resign"] > 0, str(played)
    assert game.outcome(played.final) is not None and game.pending(played.final) == []


def check_round_trip(game: Game[Any], played: Played) -> None:
    """At every step the snapshot, read back from JSON text, is an equal state with the same
    prompts, outcome and choices (at the start and along the action taken next)."""
    seats = range(len(played.players))
    for index, state in enumerate(played.states):
        data = plain(game.to_json(state))
        again = game.from_json(data)
        where = f"{played}, step {index}"
        assert again == state, where
        assert game.to_json(again) == data, where
        assert game.pending(again) == game.pending(state), where
        assert game.outcome(again) == game.outcome(state), where
        for seat in seats:
            assert game.choices(again, seat, []) == game.choices(state, seat, []), where
        if index < len(played.steps) and (step := played.steps[index]).action is not None:
            parts = step.action.split()
            for i in range(1, len(parts)):
                prefix = parts[:i]
                assert game.choices(again, step.seat, prefix) == game.choices(
                    state, step.seat, prefix
                ), (where, prefix)


def _keys_anywhere(value: JSON) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys_anywhere(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys_anywhere(v)}
    return set()


def check_secrecy(game: Game[Any], played: Played) -> None:
    """Hidden information stays with its seat.

    The public view has no ``hand`` or ``private`` anywhere; a seat's view is the public view
    plus its own ``hand`` and ``private`` and nothing else differs; private events name only
    real seats, and ``recent`` is exactly the last public events (so no private event reaches
    the public table or another seat).
    """
    n = len(played.players)
    recent: list[JSON] | None = None
    for index, state in enumerate(played.states):
        where = f"{played}, step {index}"
        public = plain(game.view(state, None))
        assert public["seat"] is None, where
        assert not {"hand", "private"} & _keys_anywhere(public), where
        shared = {k: v for k, v in public.items() if k != "seat"}
        for seat in range(n):
            mine = plain(game.view(state, seat))
            assert mine["seat"] == seat and "hand" in mine, where
            rest = {k: v for k, v in mine.items() if k not in ("seat", "hand", "private")}
            assert rest == shared, (where, seat)
        assert len(public["recent"]) <= RECENT, where
        if recent is not None:
            events = played.steps[index - 1].events
            for e in events:
                if e.visible_to is not None:
                    assert e.visible_to and set(e.visible_to) <= set(range(n)), (where, e)
            told = plain([{"kind": e.kind, "params": dict(e.params)} for e in events])
            seen = [*recent, *(t for t, e in zip(told, events, strict=True) if e.is_visible(None))]
            assert public["recent"] == seen[-RECENT:], where
        recent = public["recent"]


def sentence_problems(lang: str, key: str, params: Mapping[str, JSON]) -> list[str]:
    """Why ``key`` with ``params`` is not a whole sentence in ``lang`` itself: the key, or a key
    one of its ``{x@prefix}`` names, is missing there (the English fallback does not count), a
    parameter it uses is not given, or a placeholder is left in the text."""
    if locales.message(lang, key) is None:
        return [f"{lang} {key}: missing"]
    problems = []
    for name, prefix in locales.params_of(lang, key).items():
        if name not in params:
            problems.append(f"{lang} {key}: no parameter {name!r} in {dict(params)}")
        elif prefix is not None:
            value = params[name]
            for item in value if isinstance(value, list | tuple) else [value]:
                if item is not None and locales.message(lang, f"{prefix}.{item}") is None:
                    problems.append(f"{lang} {key}: {prefix}.{item} missing")
    text = locales.t(lang, key, **params)
    if "{" in text:
        problems.append(f"{lang} {key}: placeholder left in {text!r}")
    return problems


def texts(game: Game[Any], played: Played) -> Iterator[tuple[str, str, Mapping[str, JSON]]]:
    """(what, key, params) of every text the bot shows for this game: events (public and
    private, the setup's included), prompts, choice labels, refusals, the outcome, option names
    and values, the game's title and each hand met."""
    name = played.name
    yield "title", f"{name}.title", {}
    for spec in game.options:
        yield "option", f"{spec.label}.name", {}
        for value in spec.values:
            yield "option value", f"{spec.label}.{str(value).lower()}", {}
    for entry in game.view(played.start, None)["recent"]:
        yield "event", f"event.{entry['kind']}", entry["params"]
    hands: dict[str, list[JSON]] = {}
    for index, state in enumerate(played.states):
        for prompt in game.pending(state):
            yield "prompt", f"prompt.{name}.{prompt.kind}", prompt.params
        if index:
            for e in played.steps[index - 1].events:
                yield "event", f"event.{e.kind}", e.params
        for seat in range(len(played.players)):
            hand = game.view(state, seat)["hand"]
            hands.setdefault(json.dumps(hand), hand)
    for hand in hands.values():
        yield "hand", f"{name}.hand", {"count": len(hand), "cards": hand}
    for choice in played.choices.values():
        yield "choice", choice.label, choice.params
    outcome = game.outcome(played.final)
    if outcome is not None:
        yield "outcome", f"outcome.{outcome.reason}", {}
        if outcome.tiebreak:
            yield "tie-break", f"{name}.tiebreak.{outcome.tiebreak}", {}
    assert played.report is not None
    codes = {k.split(".", 1)[1] for k in played.report.coverage if k.startswith("illegal.")}
    for exc in played.refusals.values():
        yield "refusal", _error_key(name, exc.code), exc.params
    for code in sorted(codes - {exc.code for exc in played.refusals.values()}):
        yield "refusal code", _error_key(name, code), {}  # refused by rules.core.act


def _error_key(game: str, code: str) -> str:
    """The key ``locales.error_text`` uses: ``error.<game>.<code>`` if English has it."""
    own = f"error.{game}.{code}"
    return own if locales.message("en", own) is not None else f"error.{code}"


def check_locales(game: Game[Any], played: Played, langs: Sequence[str] = LANGS) -> set[str]:
    """Every text of :func:`texts` is a whole sentence in every language of ``langs``; returns
    the kinds of text met."""
    problems: dict[str, str] = {}
    met: set[str] = set()
    done: set[tuple[str, str]] = set()
    for what, key, params in texts(game, played):
        met.add(what)
        if (key, _key(params)) in done:
            continue
        done.add((key, _key(params)))
        for lang in langs:
            if what == "refusal code":  # its parameters are not known: the key must exist
                found = locales.message(lang, key) is not None
                problems.update({} if found else {f"{lang} {key}: missing": what})
                continue
            for problem in sentence_problems(lang, key, params):
                problems.setdefault(problem, what)
    assert problems == {}, str(played)
    return met


def check_transcript(game: Game[Any], played: Played, directory: Path) -> None:
    """The game written as a transcript file and replayed by ``rules.transcript`` takes every
    step, matches its ``expect`` and ends in the same state."""
    final = played.final
    outcome = game.outcome(final)
    data = {
        "game": played.name,
        "players": list(played.players),
        "options": played.options,
        "seed": played.seed,
        "steps": [
            {"player": played.players[s.seat], "resign": True}
            if s.action is None
            else {"player": played.players[s.seat], "action": s.action}
            for s in played.steps
        ],
        "expect": {
            "outcome": None if outcome is None else outcome.to_json(),
            "public": game.view(final, None),
        },
    }
    path = directory / f"{played.name}-{len(played.players)}-{played.seed}.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = transcript.replay(transcript.load(path))
    assert [s.error for s in result.steps if not s.ok] == [], str(played)
    assert len(result.steps) == len(played.steps)
    assert result.mismatches() == [], str(played)
    assert game.to_json(result.state) == game.to_json(final), str(played)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of PNG bytes (fails on anything else)."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        return image.size


def check_pictures(game: Game[Any], played: Played, positions: int) -> None:
    """At ``positions`` evenly spread positions (the last one included): the table in every
    language, with display names too, is 1400 px wide and within budget; the table drawn from
    a seat's view is the spectator's, byte for byte; that seat's hand draws in every language;
    a spectator view has no hand picture."""
    table, hand = pictures(played.name)
    states = played.states
    n = len(played.players)
    picked = sorted(
        {round(i * (len(states) - 1) / max(positions - 1, 1)) for i in range(positions)}
    )
    with pytest.raises(ValueError):
        hand(game.view(states[0], None), lang=LANGS[0])
    for index in picked:
        state = states[index]
        public = game.view(state, None)
        drawn = {lang: table(public, lang=lang) for lang in LANGS}
        named = table(public, lang=LANGS[-1], names=list(NAMES[:n]))
        for data in (*drawn.values(), named):
            width, _ = png_size(data)
            assert width == TABLE_WIDTH and len(data) < TABLE_BYTES, (str(played), index)
        seat = index % n
        mine = game.view(state, seat)
        assert table(mine, lang=LANGS[0]) == drawn[LANGS[0]], (str(played), index, seat)
        for lang in LANGS:
            width, height = png_size(hand(mine, lang=lang, names=list(NAMES[:n])))
            assert width > 0 and height > 0


# -- the tests --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAME_NAMES)
def test_registry_entry_is_a_complete_engine(name: str) -> None:
    """The engine answers to its name, sets up every player count it announces with its
    default options and refuses one player fewer or more; option defaults are offered values."""
    game = get_game(name)
    assert game.name == name
    assert 1 <= game.min_players <= game.max_players
    assert len({o.name for o in game.options}) == len(game.options)
    assert all(o.default in o.values for o in game.options)
    defaults = {o.name: o.default for o in game.options}
    for count in range(game.min_players, game.max_players + 1):
        assert game.pending(game.setup([f"p{i}" for i in range(count)], defaults, 1))
    for count in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(IllegalAction) as refused:
            game.setup([f"p{i}" for i in range(count)], defaults, 1)
        assert refused.value.code == "bad_player_count"
    assert combinations(name)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_unknown_snapshot_version_is_refused(name: str) -> None:
    """``from_json`` raises ValueError for a snapshot of another version."""
    game = get_game(name)
    data = game.to_json(game.setup([f"p{i}" for i in range(game.min_players)], {}, 1))
    assert "version" in data
    data["version"] = 10**6
    with pytest.raises(ValueError, match="version"):
        game.from_json(data)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_selfplay_reaches_an_outcome_with_invariants_kept(name: str) -> None:
    """Every player count and option combination: seeded games end with an outcome, and so do
    games where all but one seat resign; the invariants hold after every step, snapshots
    round-trip and refusals change nothing."""
    game = get_game(name)
    for played in short_run(name):
        check_selfplay(game, played)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_snapshots_round_trip_at_every_step(name: str) -> None:
    """``from_json(to_json(s))`` equals ``s`` and offers the same choices, at every step."""
    game = get_game(name)
    for played in short_run(name):
        check_round_trip(game, played)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_views_keep_hidden_information_to_its_seat(name: str) -> None:
    """Public and other seats' views never carry a seat's hand, private record or private
    events, at every step."""
    game = get_game(name)
    for played in short_run(name):
        check_secrecy(game, played)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_text_has_a_sentence(name: str, lang: str) -> None:
    """Events, prompts, choice labels, refusals, outcomes, options and hands met in self-play
    are whole sentences in the language itself: no fallback, no key left showing."""
    game = get_game(name)
    met: set[str] = set()
    for played in short_run(name):
        met |= check_locales(game, played, (lang,))
    assert {"event", "prompt", "choice", "refusal", "outcome", "hand"} <= met


@pytest.mark.parametrize("name", GAME_NAMES)
def test_transcripts_replay_to_the_same_state(name: str, tmp_path: Path) -> None:
    """Each self-played game, as a transcript file, replays to the same final state."""
    game = get_game(name)
    for played in short_run(name):
        check_transcript(game, played, tmp_path)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_positions_render_in_every_language(name: str) -> None:
    """Positions of every combination's game draw as tables and hands in both languages."""
    game = get_game(name)
    for played in short_run(name):
        check_pictures(game, played, positions=2)


def test_the_checks_catch_a_leak_and_a_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks fail on what they guard: a hand in the public view, a private event in
    ``recent``, a sentence only English has, a ``{x@prefix}`` naming a missing key."""
    name = GAME_NAMES[0]
    game = get_game(name)
    played = short_run(name)[0]

    class Leaky(Recording):
        def view(self, state: Any, seat: int | None) -> dict[str, JSON]:
            view = self.game.view(state, seat)
            return {**view, "hand": self.game.view(state, 0)["hand"]} if seat is None else view

    with pytest.raises(AssertionError):
        check_secrecy(Leaky(game, played), played)
    at = max(i for i, s in enumerate(played.steps) if any(e.visible_to is None for e in s.events))
    step = played.steps[at]
    hidden = tuple(replace(e, visible_to=(step.seat,)) for e in step.events)
    told = Played(name, played.players, played.options, played.policy, played.seed, played.start)
    told.steps = [*played.steps[:at], replace(step, events=hidden), *played.steps[at + 1 :]]
    with pytest.raises(AssertionError):
        check_secrecy(game, told)
    monkeypatch.setitem(locales._catalogue("en").messages, "event.x.drew", "Drew {card@x.card}")
    assert sentence_problems("en", "event.x.drew", {"card": "c1"}) == [
        "en event.x.drew: x.card.c1 missing"
    ]
    assert sentence_problems("en", "event.x.drew", {}) != []
    if len(LANGS) > 1:
        assert sentence_problems(LANGS[1], "event.x.drew", {"card": "c1"}) != []


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_NAMES)
def test_long_selfplay_with_every_check(name: str, tmp_path: Path) -> None:
    """:data:`LONG_GAMES` more games per player count and option combination, each through
    every check above, and every fourth one again with everybody resigning half-way (pictures
    of those)."""
    game = get_game(name)
    for c, (count, options) in enumerate(combinations(name, every=True)):
        for i in range(SHORT_GAMES, SHORT_GAMES + LONG_GAMES):
            played = play(name, count, options, i, ("uniform", "greedy")[(c + i) % 2])
            for record in (played, resigning(played)) if i % 4 == 0 else (played,):
                check_selfplay(game, record)
                check_round_trip(game, record)
                check_secrecy(game, record)
                check_locales(game, record)
                check_transcript(game, record, tmp_path)
            if i % 4 == 0:
                check_pictures(game, played, positions=3)
