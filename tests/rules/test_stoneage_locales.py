"""Every key the Stone Age engine can produce exists in both catalogues and formats cleanly.

Events and choice labels met in self-play are checked for every game by
tests/test_every_game.py; these are the Stone Age names, help texts, prompts and codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_stoneage_support import PLAYERS4, position, refused, run

import locales
from rules import selfplay
from rules.core import Prompt
from rules.stoneage import GAME
from rules.stoneage.actions import ALL_HEADS, HEADS
from rules.stoneage.data import (
    BUILDING_KINDS,
    CARD_IDS,
    EFFECT_KINDS,
    FIGURES,
    GREEN_SYMBOLS,
    LOCATIONS,
    RESOURCES,
)
from rules.stoneage.scoring import SEQUENCE_RULES
from rules.stoneage.state import StoneAgeState

RULES = Path(__file__).resolve().parents[2] / "rules"
#: The game's modules, and the shared half of every engine (setup and resignation refusals).
SOURCES = (*(RULES / "stoneage").glob("*.py"), RULES / "engine.py")
LANGS = ("en", "hu")


def _raised_codes() -> set[str]:
    """Every IllegalAction code written in the engine's source (and check_handles')."""
    codes = {"bad_player_name", "duplicate_player_name", "not_your_location", "unknown_action"}
    codes |= {"not_now"}
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'IllegalAction\(\s*"(\w+)"', text))
        codes |= set(re.findall(r'return \(\s*"(\w+)",\s*\{', text))
        codes |= set(re.findall(r'code = "(\w+)"', text))
    return codes


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_code_has_a_message(lang: str) -> None:
    """error.stoneage.<code>, or the shared error.<code>, exists for every code raised."""
    codes = _raised_codes()
    assert {"blocked_by_player_count", "tool_used", "cannot_pay_with_food"} <= codes
    missing = sorted(
        c
        for c in codes
        if not (locales.has(lang, f"error.stoneage.{c}") or locales.has(lang, f"error.{c}"))
    )
    assert missing == []


@pytest.fixture(scope="module")
def prompts() -> list[Prompt]:
    """The prompts of a few self-played games of every size."""
    seen: list[Prompt] = []

    class Recorder(selfplay.Runner):
        def _choose(self, state, seat, rng):  # type: ignore[no-untyped-def]
            seen.extend(self.game.pending(state))
            return super()._choose(state, seat, rng)

    for policy in ("uniform", "greedy"):
        report = selfplay.Report("stoneage", None)
        runner = Recorder(GAME, report, policy=policy, roundtrip_every=50, illegal_every=50)
        for seed in range(6):
            runner.play(seed, None)
        assert report.errors == 0, report.messages
    return seen


@pytest.mark.parametrize("lang", LANGS)
def test_prompts_format_with_their_params(lang: str, prompts: list[Prompt]) -> None:
    """prompt.stoneage.<kind> fills in with the params pending() gives, for every kind."""
    assert {p.kind for p in prompts} == set(HEADS)
    for p in prompts:
        text = locales.t(lang, f"prompt.stoneage.{p.kind}", **dict(p.params))
        assert "{" not in text and "stoneage." not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_names_options_and_help_exist(lang: str) -> None:
    """Names, option labels and values, tie-breaks, endings, /rules help for every card,
    building kind and location, and a title for every help topic."""
    keys = [f"stoneage.location.{loc}" for loc in LOCATIONS]
    keys += [f"stoneage.resource.{r}" for r in (*RESOURCES, "food")]
    keys += [f"stoneage.card.{c}" for c in CARD_IDS]
    keys += [f"stoneage.symbol.{s}" for s in GREEN_SYMBOLS]
    keys += [f"stoneage.figure.{f}" for f in FIGURES]
    keys += [f"stoneage.effect.{k}" for k in EFFECT_KINDS]
    keys += [f"stoneage.building.{k}" for k in BUILDING_KINDS]
    keys += [f"stoneage.action.{h}" for h in ALL_HEADS]
    keys += [f"rules.stoneage.card.{c}" for c in CARD_IDS]
    keys += [f"rules.stoneage.building.{k}" for k in BUILDING_KINDS]
    keys += [f"rules.stoneage.location.{loc}" for loc in LOCATIONS]
    keys += [f"stoneage.tiebreak.{r}" for r in (*SEQUENCE_RULES, "sum", "shared")]
    reasons = ("deck_exhausted", "buildings_exhausted", "resigned", "last_standing")
    keys += [f"outcome.{r}" for r in reasons] + [f"stoneage.reason.{r}" for r in reasons]
    keys += ["rules.stoneage.overview", "stoneage.title", "stoneage.hand"]
    for spec in GAME.options:
        keys.append(f"{spec.label}.name")
        keys += [f"{spec.label}.{str(v).lower()}" for v in spec.values]
    assert [k for k in keys if not locales.has(lang, k)] == []
    prefix = "rules.stoneage."
    for key in locales.keys(lang):
        if key.startswith(prefix) and key != prefix + "overview":
            assert locales.has(lang, "stoneage." + key[len(prefix) :]), key


@pytest.mark.parametrize("lang", LANGS)
def test_hand_text_names_every_card(lang: str) -> None:
    """``stoneage.hand`` lists the cards by name, one and many."""
    one = locales.t(lang, "stoneage.hand", count=1, cards=["G06"])
    many = locales.t(lang, "stoneage.hand", count=3, cards=["G06", "S08", "S15"])
    assert locales.t(lang, "stoneage.card.G06") in one
    assert locales.t(lang, "stoneage.card.S15") in many and "{" not in many


def _hu_refusal(state: StoneAgeState, step: str) -> str:
    err = refused(state, step)
    return locales.error_text("hu", err.code, err.params, "stoneage")


def test_hungarian_refusals_name_places_and_moves_by_label() -> None:
    """A refusal names the place by its Hungarian name and lists the alternatives by label,
    the token to type in parentheses, joined with "vagy" (the raw tokens stay in ``allowed``)."""
    state = position(PLAYERS4)
    state, _ = run(state, "alice: place hut", "bob: place toolmaker", "carol: place field")
    full = _hu_refusal(state, "dave: place hut")
    assert full.startswith("A kunyhó megtelt. Ide tehetsz: Vadászat (`hunting`), Erdő (`forest`)")
    assert full.endswith("3. épületlapka (`building 3`) vagy 4. épületlapka (`building 4`).")
    assert _hu_refusal(state, "dave: place") == (
        "A lépés még nem teljes. Így folytathatod: Vadászat (`hunting`), Erdő (`forest`), "
        "Agyagbánya (`clay`), Kőfejtő (`quarry`), Folyó (`river`), Szerszámkészítő "
        "(`toolmaker`), Kunyhó (`hut`), Szántóföld (`field`), egy civilizációkártya (`card`) "
        "vagy egy épületlapka (`building`)."
    )
    assert _hu_refusal(state, "dave: resolve forest") == (
        "„resolve” most nem lehetséges. Lehetőségeid: emberek letétele (`place`)."
    )
    assert _hu_refusal(state, "dave: place card") == (
        "A lépés még nem teljes. Így folytathatod: 1, 2, 3 vagy 4."
    )
    crowded, _ = run(position(PLAYERS4), "alice: place forest 5")
    assert _hu_refusal(crowded, "bob: place forest 3") == (
        "Most legfeljebb 2 embert tehetsz az erdőre, 3-at nem."
    )


@pytest.mark.parametrize(
    ("key", "params", "expected"),
    [
        ("stoneage.choice.tool", {"value": 3}, "3-as szerszám"),
        ("stoneage.choice.one_use", {"value": 4}, "Egyszer használható 4-es szerszám"),
        (
            "error.stoneage.not_on_table",
            {"face": 5, "allowed": ["1"]},
            "Egyik kocka sem mutat 5-öt.",
        ),
        (
            "event.stoneage.placed_card",
            {"player": "anna", "position": 1},
            "@anna embert tett az 1.",
        ),
        (
            "event.stoneage.rolled",
            {"player": "anna", "location": "river", "sum": 6, "dice": [6]},
            "@anna a folyónál 6-ot dobott (6).",
        ),
        (
            "event.stoneage.gained",
            {"player": "anna", "amount": 2, "resource": "stone", "total": 10, "tools": 0},
            "@anna 2 követ kapott",
        ),
        ("event.stoneage.fed", {"player": "anna", "people": 5}, "@anna élelemmel látta el az 5"),
        ("event.stoneage.stack_empty", {"stack": 2}, "Kifogyott a 2. épületlapka-pakli"),
    ],
)
def test_hungarian_numbers_take_their_suffix_and_article(
    key: str, params: dict[str, object], expected: str
) -> None:
    """Numbers get the article and suffix their reading asks for, resources and places their
    inflected forms from the catalogue: never "a(z)", "3-es" or "5-t"."""
    text = locales.t("hu", key, **params)
    assert text.startswith(expected), text
    assert "a(z)" not in text and "{" not in text


def test_the_hungarian_start_of_a_game_reads_as_a_sentence() -> None:
    """The first event names the player count without the non-word "játékosos"."""
    state = GAME.setup(["anna", "bela", "csilla"], {}, 1)
    first = GAME.view(state, None)["recent"][0]
    text = locales.event_text("hu", first["kind"], first["params"])
    assert text.startswith("Kezdődik a Stone Age 3 játékossal; a kezdőjátékos @"), text
