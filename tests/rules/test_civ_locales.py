"""Every key the CIV engine can produce exists in both catalogues and formats cleanly."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

import locales
from rules import selfplay
from rules.civ import GAME
from rules.civ.actions import HEADS
from rules.civ.data import DOMAINS, EFFECTS, INSPIRATION
from rules.core import Event

SOURCE = Path(__file__).resolve().parents[2] / "rules" / "civ"
LANGS = ("en", "hu")


def _raised_codes() -> set[str]:
    """Every IllegalAction code written in the engine's source (and check_handles')."""
    codes = {"bad_player_name", "duplicate_player_name"}
    for path in SOURCE.glob("*.py"):
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


def _recording(events: list[Event]) -> Callable[[Iterable[Event]], list[str]]:
    """A features hook that keeps every event and reports no feature."""

    def record(new: Iterable[Event]) -> list[str]:
        events.extend(new)
        return []

    return record


@pytest.fixture(scope="module")
def played() -> tuple[list[Event], set[str]]:
    """Events and choice labels of a few self-played games of every kind."""
    events: list[Event] = []
    labels: set[str] = set()

    class Recorder(selfplay.Runner):
        def _choose(self, state, seat, rng):  # type: ignore[no-untyped-def]
            prefix: list[str] = []
            while True:
                options = self.game.choices(state, seat, prefix)
                labels.update(c.label for c in options)
                pick = options[self.chooser(state, seat, prefix, options, rng)]
                prefix.append(pick.token)
                if pick.complete:
                    return " ".join(prefix)

    for policy in ("uniform", "greedy"):
        report = selfplay.Report("civ", None)
        runner = Recorder(GAME, report, policy=policy)
        runner.features = _recording(events)
        for seed in range(12):
            runner.play(seed, None)
        assert report.errors == 0, report.messages
    return events, labels


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_formats_without_missing_keys(lang: str, played) -> None:  # type: ignore[no-untyped-def]
    """event.<kind> exists and every {x@prefix} value has its key."""
    events, _ = played
    kinds = {e.kind for e in events}
    assert {"civ.played", "civ.attack", "civ.inspire", "civ.game_over"} <= kinds
    for e in events:
        assert locales.has(lang, f"event.{e.kind}"), e.kind
        text = locales.event_text(lang, e.kind, dict(e.params))
        assert "civ." not in text and "event." not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_every_choice_label_exists(lang: str, played) -> None:  # type: ignore[no-untyped-def]
    """Choice labels are keys of both catalogues."""
    _, labels = played
    assert "civ.player" in labels and "civ.action.end" in labels
    assert [label for label in sorted(labels) if not locales.has(lang, label)] == []


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
