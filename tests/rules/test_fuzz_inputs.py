"""Engines survive any text (hypothesis), for every game in the registry.

From states met in seeded self-play, random text goes to ``act`` and random prefixes to
``choices``: unicode digits (``²``, ``①``, ``３``), huge numbers, long strings, arbitrary
unicode and near-legal actions (a legal action built from ``choices`` with one token mutated).
``act`` either applies (and then the action is one ``choices`` offers) or raises
``IllegalAction`` with a code both catalogues translate, leaving the state untouched;
``choices`` returns a list of Choice and never raises, whatever the seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import locales
from rules import GAME_NAMES, get_game
from rules.core import (
    MAX_ACTION_LENGTH,
    MAX_DIGITS,
    Choice,
    Game,
    IllegalAction,
    Rng,
    act,
    join,
    tokens,
)
from rules.selfplay import Report, Runner, random_action

#: Characters that ``str.isdigit`` or ``int()`` take for digits although they are not 0-9.
UNICODE_DIGITS = "²³¹①⑨０３٣۴߁३৪੫໓༤၅៦᠗〇𝟙𝟡½⅓Ⅻ"
FAST = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- states -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Met:
    """A state met in self-play and its number of seats."""

    state: Any
    seats: int


@cache
def states(name: str) -> tuple[Met, ...]:
    """States along seeded self-played games (one per player count, random options): the
    first moves, then every few moves to the end, so every kind of prompt is met; the last
    state of each game is finished."""
    game = get_game(name)
    out: list[Met] = []
    for count in range(game.min_players, game.max_players + 1):
        rng = Rng(count)
        runner = Runner(game, Report(name, count))
        state = runner._setup([f"p{i}" for i in range(count)], rng)
        step = 0
        while game.outcome(state) is None:
            if step < 8 or step % 9 == 0:
                out.append(Met(state, count))
            prompts = game.pending(state)
            seat = prompts[rng.randrange(len(prompts))].seat
            state, _ = act(game, state, seat, runner._choose(state, seat, rng))
            step += 1
        out.append(Met(state, count))
    return tuple(out)


def legal_action(game: Game[Any], state: Any, seat: int, seed: int) -> list[str]:
    """A complete action ``choices`` offers (uniform at every step, seeded), or [] when it
    offers ``seat`` nothing."""
    if not game.choices(state, seat, []):
        return []
    return random_action(game, state, seat, Rng(seed)).split()


def is_offered(game: Game[Any], state: Any, seat: int, parts: Sequence[str]) -> bool:
    """True when ``parts`` is a complete action that ``choices`` builds token by token."""
    for i, token in enumerate(parts):
        match = [c for c in game.choices(state, seat, parts[:i]) if c.token == token]
        if not match:
            return False
        if i == len(parts) - 1:
            return match[0].complete
    return False


# -- text -------------------------------------------------------------------------------------

digits = st.text(st.sampled_from(UNICODE_DIGITS), min_size=1, max_size=4)
huge = st.integers(min_value=1, max_value=6000).map(lambda n: "9" * n) | st.integers(
    min_value=10**MAX_DIGITS, max_value=10**200
).map(str)
numberish = st.one_of(
    digits,
    huge,
    st.integers(min_value=-5, max_value=99).map(str),
    st.sampled_from(["0", "00", "01", "+1", "-1", "1.0", "1e3", "0x1", "1_0", "٣3", "3²"]),
)
seeds = st.integers(min_value=0, max_value=2**32)
junk = st.text(max_size=12) | st.sampled_from(["", " ", "\t", "\n", "\u00a0", "\u200b", "@", "-"])


SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def mutate(token: str, how: int, extra: str) -> list[str]:
    """One way to get a token slightly wrong (``how`` selects it); a token with digits gets
    its digits swapped for look-alikes or grown into a huge number half of the time."""
    digit_variants: list[list[str]] = [
        [token.translate(SUPERSCRIPT)],
        [token.translate(FULL_WIDTH)],
        [token.translate(ARABIC_INDIC)],
        [token + "9" * (MAX_DIGITS + how)],
        ["9" * (4300 + how)],
        ["0" + token],
    ]
    if any(ch.isdigit() for ch in token) and how % 2:
        return digit_variants[how // 2 % len(digit_variants)]
    variants: list[list[str]] = [
        [extra],
        [token + extra],
        [extra + token],
        [token[:-1]] if token else [extra],
        [token.upper()],
        [token, token],
        [],
        [token, extra],
        [token * 40],
    ]
    return variants[how // 2 % len(variants)]


@st.composite
def action_texts(draw: st.DrawFn, game: Game[Any], state: Any, seat: int) -> list[str]:
    """Random texts for ``act``: most often a legal action with one token mutated (one text
    per position, the same mutation), otherwise anything at all."""
    kind = draw(st.integers(min_value=0, max_value=5))
    if kind <= 2:
        parts = legal_action(game, state, seat, draw(seeds))
        how = draw(st.integers(0, 99))
        extra = draw(numberish | junk)
        padded = [*parts, ""]
        return [
            join(parts[:at] + mutate(padded[at], how, extra) + parts[at + 1 :])
            for at in range(len(padded))
        ]
    if kind == 3:
        words = st.lists(numberish | junk | st.sampled_from(vocabulary(game.name)), max_size=6)
        return [join(draw(words))]
    if kind == 4:
        legal = join(legal_action(game, state, seat, draw(seeds)))
        pad = draw(st.integers(min_value=0, max_value=MAX_ACTION_LENGTH + 50))
        return [legal + " " * pad, " " * pad + legal, legal + "x" * pad]
    return [draw(st.text(max_size=MAX_ACTION_LENGTH + 20))]


@cache
def vocabulary(name: str) -> tuple[str, ...]:
    """Every token some state of :func:`states` offers (heads, arguments, handles)."""
    game = get_game(name)
    words: set[str] = set()
    for met in states(name):
        state = met.state
        for prompt in game.pending(state):
            prefix: list[str] = []
            for _ in range(6):
                options = game.choices(state, prompt.seat, prefix)
                if not options:
                    break
                words.update(c.token for c in options)
                prefix.append(options[-1].token)
    return tuple(sorted(words))


def seats(game: Game[Any], met: Met) -> st.SearchStrategy[int]:
    """A prompted seat half of the time, otherwise any seat: idle, negative, out of range."""
    prompted = sorted({p.seat for p in game.pending(met.state)})
    n = met.seats
    anyone = st.sampled_from([-(10**9), -n - 1, -2, -1, *range(n), n, n + 1, 10**9])
    return st.sampled_from(prompted) | anyone if prompted else anyone


def mover(game: Game[Any], state: Any, seat: int) -> int:
    """The seat whose legal actions the text is built from: ``seat`` if prompted."""
    prompted = sorted({p.seat for p in game.pending(state)})
    return seat if seat in prompted or not prompted else prompted[0]


# -- properties -------------------------------------------------------------------------------


def check_act(name: str, data: st.DataObject) -> None:
    game = get_game(name)
    met = data.draw(st.sampled_from(states(name)), label="state")
    state = met.state
    seat = data.draw(seats(game, met), label="seat")
    before = game.to_json(state)
    texts = data.draw(action_texts(game, state, mover(game, state, seat)), label="texts")
    # Through act, and straight to the engine's apply, which must not rely on act's checks.
    for run in (act, type(game).apply):
        for text in texts:
            try:
                new, _ = run(game, state, seat, text)
            except IllegalAction as exc:
                assert game.to_json(state) == before, f"refused {text!r} changed the state"
                for lang in ("en", "hu"):
                    assert locales.has(lang, f"error.{name}.{exc.code}") or locales.has(
                        lang, f"error.{exc.code}"
                    ), f"{exc.code} has no {lang} message"
                continue
            assert game.to_json(state) == before, f"{text!r} changed the state it was given"
            assert len(text) <= MAX_ACTION_LENGTH
            assert is_offered(game, state, seat, tokens(text)), f"{text!r} applied, not offered"
            assert game.check_invariants(new) == []


def check_choices(name: str, data: st.DataObject) -> None:
    game = get_game(name)
    met = data.draw(st.sampled_from(states(name)), label="state")
    state = met.state
    seat = data.draw(seats(game, met), label="seat")
    who = mover(game, state, seat)
    if data.draw(st.booleans(), label="from texts"):
        texts = data.draw(action_texts(game, state, who), label="texts")
        prefixes = [text.split() for text in texts]
    else:
        junk_tail = data.draw(st.lists(numberish | junk, max_size=5), label="tail")
        legal = legal_action(game, state, who, data.draw(seeds))
        prefixes = [legal[:i] + junk_tail for i in range(len(legal) + 1)]
    before = game.to_json(state)
    for full in prefixes:
        for i in range(len(full) + 1):
            options = game.choices(state, seat, full[:i])
            assert isinstance(options, list)
            assert all(isinstance(c, Choice) for c in options)
    assert game.to_json(state) == before


@pytest.mark.parametrize("name", GAME_NAMES)
@FAST
@given(data=st.data())
def test_act_refuses_any_text_cleanly(name: str, data: st.DataObject) -> None:
    """``act`` applies an offered action or raises IllegalAction and changes nothing."""
    check_act(name, data)


@pytest.mark.parametrize("name", GAME_NAMES)
@FAST
@given(data=st.data())
def test_choices_never_raise(name: str, data: st.DataObject) -> None:
    """``choices`` answers a list for any prefix and any seat."""
    check_choices(name, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_NAMES)
@LONG
@given(data=st.data())
def test_act_refuses_any_text_cleanly_long(name: str, data: st.DataObject) -> None:
    """The same as :func:`test_act_refuses_any_text_cleanly`, many more examples."""
    check_act(name, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_NAMES)
@LONG
@given(data=st.data())
def test_choices_never_raise_long(name: str, data: st.DataObject) -> None:
    """The same as :func:`test_choices_never_raise`, many more examples."""
    check_choices(name, data)


# -- the defects found, pinned ------------------------------------------------------------------


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize(
    "text",
    [
        "place forest ²",
        "place card ①",
        "place building ³",
        "place hunting ３",
        "pick ²",
        "play ²",
        "place forest " + "9" * 4301,
        "place card " + "9" * (MAX_DIGITS + 1),
    ],
)
def test_unicode_digits_and_huge_numbers_are_refused(name: str, text: str) -> None:
    """Every state of the first moves refuses these with IllegalAction (no ValueError)."""
    game = get_game(name)
    for met in states(name)[:8]:
        state = met.state
        for prompt in game.pending(state):
            before = game.to_json(state)
            with pytest.raises(IllegalAction):
                act(game, state, prompt.seat, text)
            assert game.choices(state, prompt.seat, text.split()) == []
            assert game.to_json(state) == before


@pytest.mark.parametrize("name", GAME_NAMES)
def test_absurd_lengths_have_their_own_codes(name: str) -> None:
    """A wall of text and a number of too many digits are named as such, by act and apply."""
    game = get_game(name)
    state = states(name)[0].state
    seat = game.pending(state)[0].seat
    legal = join(legal_action(game, state, seat, 0))
    for run in (act, type(game).apply):
        with pytest.raises(IllegalAction) as long_text:
            run(game, state, seat, legal + " " * MAX_ACTION_LENGTH)
        assert long_text.value.code == "action_too_long"
        with pytest.raises(IllegalAction) as long_number:
            run(game, state, seat, f"{legal} {'1' * (MAX_DIGITS + 1)}")
        assert long_number.value.code == "number_too_long"
    assert game.choices(state, seat, ["x" * (MAX_ACTION_LENGTH + 1)]) == []
    assert game.choices(state, seat, [legal] * MAX_ACTION_LENGTH) == []


def longest_action(game: Game[Any], state: Any, seat: int) -> list[str]:
    """A long legal action: at every step a token that lets the action go on, the longest."""
    parts: list[str] = []
    while options := game.choices(state, seat, parts):
        going = [c for c in options if c.more] or options
        choice = max(going, key=lambda c: len(c.token))
        parts.append(choice.token)
        if not choice.more:
            break
    return parts


@pytest.mark.parametrize("name", GAME_NAMES)
def test_legal_actions_stay_well_below_the_length_bound(name: str) -> None:
    """The bound refuses nothing a player can legally do: every action met is far shorter."""
    game = get_game(name)
    for met in states(name):
        for prompt in game.pending(met.state):
            text = join(longest_action(game, met.state, prompt.seat))
            assert len(text) <= MAX_ACTION_LENGTH * 3 // 4, text
