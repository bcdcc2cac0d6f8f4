"""Every key the CIV engine can produce exists in both catalogues and formats cleanly.

Events and choice labels met in self-play are checked for every game by
tests/test_every_game.py; these are the CIV names, help texts and refusal codes."""

from __future__ import annotations

import functools
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


def _tokens() -> set[str]:
    """Every token a CIV refusal can list: action heads, effects, domains, option names and
    values (bools as Python writes them: a prefixed placeholder looks up ``civ.token.True``)."""
    tokens = {h for heads in HEADS.values() for h in heads} | set(EFFECTS) | set(DOMAINS)
    for spec in GAME.options:
        tokens.add(spec.name)
        tokens |= {str(v) for v in spec.values}
    return tokens


@pytest.mark.parametrize("lang", LANGS)
def test_every_listed_token_has_a_label(lang: str) -> None:
    """civ.token.<token> exists for everything a refusal's ``allowed`` can hold."""
    assert sorted(t for t in _tokens() if locales.message(lang, f"civ.token.{t}") is None) == []


def test_hungarian_token_labels_lead_with_the_hungarian_name() -> None:
    """A Hungarian choice is named first by its label, the token to type follows in a code
    span ("Inkvizíció (`inquisition`)"): no raw English token stands on its own."""
    names = {d: locales.t("hu", f"civ.domain.{d}") for d in DOMAINS}
    names |= {e: locales.t("hu", f"civ.effect.{e}") for e in EFFECTS}
    names |= {h: locales.t("hu", f"civ.action.{h}") for h in HEADS["turn_play"] + ("end",)}
    names["inspire"] = locales.t("hu", f"civ.effect.{INSPIRATION}")
    for token, name in names.items():
        label = locales.t("hu", f"civ.token.{token}")
        assert label.startswith(name.split(" (")[0]), (token, label)
        outside = re.sub(r"`[^`]*`", "", label)
        assert token not in outside.lower() or token == name.lower(), (token, label)


def test_a_hungarian_refusal_names_the_moves_and_joins_them_with_vagy() -> None:
    """Alternatives are joined with "vagy" and named by label, the token in parentheses."""
    from civ_support import in_effects, refused

    state = in_effects(seats={"alice": {"area": {"religion": 1}}, "bob": {"hand": {"science": 2}}})
    exc = refused(state, "alice: play science")
    assert exc.code == "already_played"
    text = locales.error_text("hu", exc.code, exc.params, "civ")
    assert text.endswith("Inkvizíció (`inquisition`) vagy Kör vége (`end`).")
    assert " és " not in text


def test_a_missing_player_is_asked_for_by_handle() -> None:
    """``inquisition`` alone asks for a player: the handles are listed as ``@bob``."""
    from civ_support import in_effects, refused

    seats = {
        "alice": {"area": {"religion": 1, "economy": 1}},
        "bob": {"hand": {"science": 2}, "area": {"culture": 1}},
    }
    state = in_effects(seats=seats)
    exc = refused(state, "alice: inquisition")
    assert exc.code == "missing_argument" and exc.params["players"] == ["@bob"]
    for lang in LANGS:
        text = locales.error_text(lang, exc.code, exc.params, "civ")
        assert text.endswith(": @bob."), text
    exc = refused(state, "alice: embargo @bob")  # then a domain: a label, no handle
    assert exc.code == "missing_argument" and exc.params["players"] is None
    assert locales.error_text("hu", exc.code, exc.params, "civ").endswith(": Kultúra (`culture`).")


def test_hungarian_events_say_the_rulebook_s_words() -> None:
    """The Inquisition takes the cards in hand; the other player is "@bela játékos..."; a
    single card is not "ezeket"; the start names the deal without nested parentheses."""
    hu = functools.partial(locales.t, "hu")
    assert hu("event.civ.inquisition", player="anna", target="bela", count=3) == (
        "@anna Inkvizíciót hajtott végre, és a kezébe vette @bela játékos összes kézben tartott"
        " kártyáját (3 lapot)."
    )
    assert hu("event.civ.drew_cards", player="anna", domains=["utopia"]) == (
        "@anna húzott egy Utópia kártyát."
    )
    returned = hu("event.civ.inquisition_cards", player="anna", target="bela", domains=["religion"])
    assert returned == "Az Inkvizíció után @anna egy Vallás kártyát adott vissza @bela játékosnak."
    assert hu("event.civ.embargo", player="anna", target="bela", domain="culture") == (
        "@anna Embargót vetett ki @bela játékosra: a következő körében nem játszhat ki Kultúra"
        " kártyát."
    )
    started = hu("event.civ.started", count=3, player="anna", deal="classic")
    assert started == "Kezdődik a játék 3 játékossal, hagyományos osztással; a kezdőjátékos @anna."
    assert hu("event.civ.turn", turn=5, player="anna") == "Az 5. körben @anna következik."
    assert hu("event.civ.hegemony", player="anna", domain="utopia") == (
        "@anna Hegemónia győzelmet ért el az Utópia területen!"
    )
    assert hu("event.civ.tiebreak", rule="utopia") == (
        "A döntetlent ez döntötte el: az Utópia kártyák száma."
    )


def test_hungarian_help_names_the_end_of_the_turn_by_label() -> None:
    """The turn help tells players to choose "Kör vége (`end`)", and the majority help keeps
    the "nem" of "amíg ... nem"."""
    assert "Kör vége (`end`)" in locales.t("hu", "rules.civ.rule.turn")
    majority = locales.t("hu", "rules.civ.rule.majority")
    assert "amíg újra a kezdőjátékos nem kerülne sorra" in majority
