"""Every key the CIV engine can produce exists in both catalogues and formats cleanly.

Events and choice labels met in self-play are checked for every game by
tests/test_every_game.py; these are the CIV names, help texts and refusal codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import locales
from rules.civ import GAME
from rules.civ.actions import HEADS
from rules.civ.data import DOMAINS, EFFECTS, INSPIRATION

RULES = Path(__file__).resolve().parents[2] / "rules"
#: The game's modules, and the shared half of every engine (setup and resignation refusals).
SOURCES = (*(RULES / "civ").glob("*.py"), RULES / "engine.py")
LANGS = ("en", "hu")


def _raised_codes() -> set[str]:
    """Every IllegalAction code written in the engine's source (and check_handles')."""
    codes = {"bad_player_name", "duplicate_player_name"}
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'IllegalAction\(\s*"(\w+)"', text))
        codes |= set(re.findall(r'return \(\s*"(\w+)",\s*\{', text))
    return codes


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_code_has_a_message(lang: str) -> None:
    """error.civ.<code>, or the shared error.<code>, exists for every code the engine raises."""
    codes = _raised_codes()
    assert {"embargoed", "level_not_reached", "position_removed", "bad_option"} <= codes
    missing = sorted(
        c
        for c in codes
        if not (locales.has(lang, f"error.civ.{c}") or locales.has(lang, f"error.{c}"))
    )
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_names_prompts_options_and_help_exist(lang: str) -> None:
    """Domains, effects, prompt kinds, option labels and values, /rules help per effect."""
    keys = [f"civ.domain.{d}" for d in DOMAINS]
    keys += [f"civ.effect.{e}" for e in (*EFFECTS, INSPIRATION)]
    keys += [f"rules.civ.effect.{e}" for e in (*EFFECTS, INSPIRATION)]
    keys += [f"prompt.civ.{kind}" for kind in HEADS]
    keys += [
        f"civ.action.{h}" for h in ("play", "skip", "end", "keep", "pick", "return", "discard")
    ]
    keys += ["rules.civ.overview", "civ.player"]
    for spec in GAME.options:
        keys.append(f"{spec.label}.name")
        keys += [f"{spec.label}.{str(v).lower()}" for v in spec.values]
    assert [k for k in keys if not locales.has(lang, k)] == []


def test_prompts_format_with_their_params() -> None:
    """Prompt texts fill in with the params pending() gives."""
    from civ_support import in_effects, run

    state = in_effects(seats={"alice": {"area": {"religion": 1}}, "bob": {"hand": {"science": 2}}})
    state, _ = run(state, "alice: inquisition @bob")
    (prompt,) = GAME.pending(state)
    for lang in LANGS:
        text = locales.t(lang, f"prompt.civ.{prompt.kind}", **dict(prompt.params))
        assert "@bob" in text and "2" in text
