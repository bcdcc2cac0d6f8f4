"""The table pictures' alt text (render.table_alt): the state of play, then a line per seat,
in both languages, from the public part of a view only."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import locales
import render
import rules
from rules import get_game
from rules.core import Game, Rng
from rules.selfplay import random_action


def _played(game: str, players: int, steps: int, seed: int = 3) -> tuple[Game[Any], Any]:
    """A game a few random steps in: its engine and state."""
    engine = get_game(game)
    handles = ["ann", "bob", "cy", "dee"][:players]
    state = engine.setup(handles, {}, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        prompt = engine.pending(state)[0]
        state, _ = engine.apply(state, prompt.seat, random_action(engine, state, prompt.seat, rng))
    return engine, state


@pytest.mark.parametrize("lang", locales.SUPPORTED)
@pytest.mark.parametrize("game", rules.GAME_NAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_the_alt_text_says_the_state_and_each_seat(game: str, players: int, lang: str) -> None:
    engine, state = _played(game, players, 40)
    view = engine.view(state, None)
    alt = render.table_alt(view, lang=lang)
    lines = alt.splitlines()
    assert len(lines) == 1 + players, alt
    for seat, line in enumerate(lines[1:]):
        assert line.startswith(f"{view['players'][seat]}: "), line
        assert re.search(r"\d", line), line  # its numbers
    assert not re.search(r"\b(render|clash|civ|stoneage)\.[a-z_]", alt), alt  # no raw key
    assert "{" not in alt
    # Display names replace the handles.
    named = render.table_alt(view, lang=lang, names=["Ann", "Bob", "Cy", "Dee"][:players])
    assert named.splitlines()[1].startswith("Ann: ")


@pytest.mark.parametrize("game", rules.GAME_NAMES)
def test_the_alt_text_shows_no_hand(game: str) -> None:
    """A seat's own view gives the same text as the spectator's: nothing of its hand or its
    private part, whose card ids never appear."""
    engine, state = _played(game, 3, 25)
    public = engine.view(state, None)
    for seat in range(3):
        own = engine.view(state, seat)
        assert render.table_alt(own, lang="en") == render.table_alt(public, lang="en")
        hidden = json.dumps([own.get("hand"), own.get("private")])
        for card in set(re.findall(r"\b[A-Z]\d{2}[a-z]?\b", hidden)):
            assert card not in render.table_alt(own, lang="en")


def test_an_unknown_game_has_no_alt_text() -> None:
    with pytest.raises(ValueError):
        render.table_alt({"game": "chess"}, lang="en")
