"""How a region being explored can lie: the prompt names the ways a and b, as the picture's
plates do (in words, not as tokens to type), and so does every choice (a button or a
suggestion), before its terrains."""

from __future__ import annotations

import pytest

import locales
from host import text
from rules.clash import GAME
from tests.render.clash_samples import played_states

#: How the prompt names a way.
NAMED = {"en": "way {}", "hu": "„{}”"}


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_the_ways_are_named_alike_in_the_prompt_and_on_the_buttons(lang: str) -> None:
    state = played_states()[-1]  # dan chooses how the region explored at E8 lies
    (prompt,) = GAME.pending(state)
    assert prompt.kind == "explore_layout"
    asked = text.own_prompt_line(lang, "clash", prompt)
    choices = GAME.choices(state, prompt.seat, [])
    assert [c.token for c in choices] == ["a", "b"]
    assert "`" not in asked
    for choice in choices:
        assert NAMED[lang].format(choice.token) in asked
        label = text.choice_label(lang, choice)
        assert label.startswith(f"{choice.token} – "), label
        assert locales.t(lang, f"clash.terrain.{choice.params['t1']}") in label
    labels = [text.choice_label(lang, c) for c in choices]
    assert labels[0] != labels[1] and all(len(label) <= 80 for label in labels)
