"""Every text a player meets in the button flows and the public posts, in English and in
Hungarian, reads as the game's own language: no command syntax (backticks, ``<...>``
placeholders, a raw token of the action grammar such as ``accept @anna`` or ``(done)``) and,
in Hungarian, no English word of the action grammar. Self-played games of every game give the
positions; at each, every waiting seat's picker is built at the start of its action and a few
steps into it, with its buttons, select descriptions and help lines, the table post, the
events of each move (public and private) and the final standings.

Typed-command refusals (answers to ``/move``) may show the token to type beside its label and
are not looked at here; nor is ``/rules``, which explains the syntax to typers."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

import locales
from discordui.actions import Picker, picker_content, picker_for
from discordui.components import picker_view
from discordui.tables import table_content
from host import text
from host.service import Loaded
from rules import get_game
from rules.core import Choice, Rng, act
from rules.selfplay import random_action
from store import GameRow, SeatRow

HANDLES = ("anna", "bela", "cili")
USERS = (201, 202, 203)

#: (game, players, self-play seed, moves) of the quick run; the slow one plays more.
QUICK = [
    ("civ", 2, 1, 200),
    ("civ", 3, 2, 200),
    ("stoneage", 2, 1, 150),
    ("stoneage", 3, 2, 150),
    ("clash", 2, 1, 300),
    ("clash", 3, 2, 200),
]
SLOW = [
    (game, players, seed, 5000)
    for game in ("civ", "stoneage", "clash")
    for players in (2, 3)
    for seed in range(3, 6)
]


@dataclass
class Seen:
    """The texts met, by where they were met, the grammar's tokens, and those of its tokens
    a player's handle follows (``accept @anna``)."""

    texts: dict[str, set[str]] = field(default_factory=dict)
    tokens: set[str] = field(default_factory=set)
    before_players: set[str] = field(default_factory=set)

    def add(self, lang: str, where: str, *found: str | None) -> None:
        for item in found:
            if item:
                self.texts.setdefault(f"{lang} {where}", set()).add(item)

    def choices(self, options: Sequence[Choice]) -> None:
        self.tokens.update(c.token for c in options)

    def path(self, path: Sequence[str], options: Sequence[Choice] = ()) -> None:
        self.before_players.update(a for a, b in itertools.pairwise(path) if b.startswith("@"))
        if path and any(c.token.startswith("@") for c in options):
            self.before_players.add(path[-1])


def _loaded(engine: Any, state: Any, players: int, seq: int) -> Loaded:
    row = GameRow(
        id=9, guild_id=1, channel_id=2, thread_id=3, lobby_message_id=4, table_message_id=5,
        game=engine.name, options={}, seats_wanted=players, status="running", seed=1, seq=seq,
        created_by=USERS[0], created_at="", updated_at="",
    )  # fmt: skip
    seats = [SeatRow(9, s, USERS[s], HANDLES[s], "", seq) for s in range(players)]
    return Loaded(row, seats, engine, state)


def _components(lang: str, picker: Picker) -> Iterator[str]:
    for row in picker_view(lang, picker).to_components():
        for item in row["components"]:
            yield item.get("label") or ""
            yield item.get("placeholder") or ""
            for option in item.get("options", []):
                yield option.get("label") or ""
                yield option.get("description") or ""


def _pickers(game: Loaded, seat: int, rng: Rng, seen: Seen) -> None:
    """The seat's picker at the start and a few taps in, in both languages."""
    path: list[str] = []
    for _ in range(4):
        picker = picker_for(game, USERS[seat], path)
        seen.choices(picker.choices)
        seen.path(picker.path, picker.choices)
        for lang in locales.SUPPORTED:
            seen.add(lang, "picker", picker_content(lang, picker), *_components(lang, picker))
        if not picker.choices:
            return
        pick = picker.choices[rng.randrange(len(picker.choices))]
        if pick.complete and not pick.more:
            return
        path = [*picker.path, pick.token]


def play(name: str, players: int, seed: int, moves: int, seen: Seen) -> None:
    engine = get_game(name)
    rng = Rng(seed)
    state = engine.setup(list(HANDLES[:players]), {}, seed)
    for step in range(moves):
        game = _loaded(engine, state, players, step + 1)
        for lang in locales.SUPPORTED:
            seen.add(lang, "table", table_content(lang, game, engine.view(state, None)))
        if engine.outcome(state) is not None:
            return
        prompts = engine.pending(state)
        if step % 3 == 0:
            for seat in sorted({p.seat for p in prompts}):
                _pickers(game, seat, rng, seen)
        seat = prompts[rng.randrange(len(prompts))].seat
        action = random_action(engine, state, seat, rng, greedy=True, seen=seen.choices)
        seen.path(action.split())
        state, events = act(engine, state, seat, action)
        for lang in locales.SUPPORTED:
            label = text.action_label(lang, engine, game.state, seat, action.split())
            done = locales.t(lang, "play.done", action=label)
            seen.add(lang, "move", done, *text.private_lines(lang, events, seat))
            seen.add(lang, "event", *text.event_lines(lang, events, None))


def seen_in(runs: Sequence[tuple[str, int, int, int]]) -> Seen:
    seen = Seen()
    for run in runs:
        play(*run, seen)
    return seen


#: Command syntax: code spans, ``<placeholder>``s (not Discord's ``<@id>`` mentions, ``<#id>``
#: channels, ``<:emoji:id>`` or ``<t:...>`` times), and the rulebook's unexplained "AAA".
SYNTAX = re.compile(r"`|<(?![@#:]|a:|t:)[^<>]*>|\bAAA\b")
#: An alternative of raw tokens: "(a or b)", "(a vagy b)".
ALTERNATIVE = re.compile(r"\(\w{1,2} (?:or|vagy) \w{1,2}\)")
#: Words that are both a token of the grammar and a Hungarian word.
HUNGARIAN_TOO: frozenset[str] = frozenset()


def _words(text_: str) -> list[str]:
    """``text_``'s words, players' names left out (``<@201>``, ``@anna``, ``anna``)."""
    text_ = re.sub(r"<@!?\d+>|@\w+|\b(?:" + "|".join(HANDLES) + r")\b", " ", text_)
    return re.findall(r"[^\W\d_]+", text_)


def problems(
    lang: str, line: str, tokens: frozenset[str], before_players: frozenset[str]
) -> list[str]:
    """What is wrong with one line a player reads in ``lang``: command syntax, a token in
    parentheses ("(done)"), a token that takes a player before a handle ("accept @anna");
    in Hungarian, a token that is an English word anywhere."""
    found = [f"command syntax {m.group(0)!r}" for m in SYNTAX.finditer(line)]
    found += [f"raw alternative {m.group(0)!r}" for m in ALTERNATIVE.finditer(line)]
    found += [
        f"raw token {m.group(0)!r}" for m in re.finditer(r"\((\w+)\)", line) if m[1] in tokens
    ]
    found += [
        f"raw token {m[1]!r} before a player"
        for m in re.finditer(r"\b(\w+) @\w", line)
        if m[1] in before_players
    ]
    if lang != "en":
        found += [f"English word {w!r}" for w in _words(line) if w in tokens]
    return found


def english_tokens(seen: Seen) -> frozenset[str]:
    """The grammar's tokens that are words (not numbers, spaces such as ``c4`` or card ids)."""
    return frozenset(t for t in seen.tokens if re.fullmatch(r"[a-z]{2,}", t)) - HUNGARIAN_TOO


def report(seen: Seen) -> list[str]:
    tokens = english_tokens(seen)
    before_players = frozenset(seen.before_players)
    out: dict[str, str] = {}
    for where, texts in sorted(seen.texts.items()):
        lang = where.split()[0]
        for item in sorted(texts):
            for line in item.splitlines():
                for problem in problems(lang, line, tokens, before_players):
                    out.setdefault(f"{where}: {problem}", line)
    return [f"{what}, in: {line}" for what, line in out.items()]


def test_the_checks_catch_command_syntax_and_english_tokens() -> None:
    tokens = frozenset({"give", "for", "accept", "done", "pass", "trade", "wonder"})
    verbs = frozenset({"accept", "trade"})

    def bad(lang: str, line: str) -> bool:
        return bool(problems(lang, line, tokens, verbs))

    assert bad("en", "Offer a trade (`trade @bob give … for …`)")
    assert bad("en", "Offer a trade (trade @bob give … for …)")
    assert bad("en", "What you give (`give`)")
    assert bad("en", "answer: accept @bob")
    assert bad("en", "end the action (done)")
    assert bad("en", "choose how it lies (a or b)")
    assert bad("en", "Art (art <source> <target>)")
    assert bad("en", "AAA: exchange up to 3 resources")
    assert bad("hu", "Amit adsz (give)")
    assert bad("hu", "vagy pass")
    assert not bad("en", "➡️ <@201>: give 2 Food for 1 Gold, or pass")
    assert not bad("en", "the next wonder @anna builds costs less")
    assert not bad("hu", "<@201> nyert. @anna passzolt, anna is.")


def test_button_flows_and_posts_speak_the_players_language() -> None:
    """A few short self-played games of each game (a few seconds)."""
    seen = seen_in(QUICK)
    assert {where.split()[1] for where in seen.texts} == {"picker", "table", "move", "event"}
    found = report(seen)
    assert not found, "\n".join(found)


@pytest.mark.slow
def test_button_flows_and_posts_speak_the_players_language_in_whole_games() -> None:
    found = report(seen_in(SLOW))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_the_finished_game_post_names_the_winner_with_a_mention(lang: str) -> None:
    """The standings mention the winner (``<@id>``); the game-over event among the recent
    moves names them as every event names a player, ``@anna`` (never a bare "anna")."""
    engine = get_game("civ")
    rng = Rng(4)
    state = engine.setup(list(HANDLES[:2]), {}, 4)
    while (outcome := engine.outcome(state)) is None:
        seat = engine.pending(state)[0].seat
        state, _ = act(engine, state, seat, random_action(engine, state, seat, rng, greedy=True))
    (winner,) = outcome.winners
    post = table_content(lang, _loaded(engine, state, 2, 1), engine.view(state, None))
    standings = post.split("🏁", 1)[1]
    assert f"<@{USERS[winner]}>" in standings.splitlines()[1]
    over = [line for line in post.splitlines() if line.startswith("• ")][-1]
    assert f"@{HANDLES[winner]}" in over
    assert not re.search(rf"(?<!@)\b{HANDLES[winner]}\b", over)


@pytest.mark.parametrize("game", ["civ", "clash", "stoneage"])
@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_every_game_over_event_names_its_winners_by_handle(game: str, lang: str) -> None:
    reason = {"civ": "hegemony", "clash": "rounds", "stoneage": "deck_exhausted"}[game]
    for winners in (["anna"], ["anna", "bela"]):
        line = locales.event_text(
            lang, f"{game}.game_over", {"winners": winners, "count": len(winners), "reason": reason}
        )
        assert all(f"@{w}" in line for w in winners), line
        assert not re.search(r"(?<!@)\b(anna|bela)\b", line), line
