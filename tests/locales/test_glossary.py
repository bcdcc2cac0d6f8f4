"""The glossary (locales/glossary.toml): each game's terms as its Hungarian rulebook prints them.

- The glossary is well-formed, and no term it prescribes is one it forbids.
- Every Hungarian term is printed in the game's rulebook on the page given, and no forbidden
  variant is the rulebook's own wording. The rulebooks are the text files in ../shared/seeds
  beside the repository; a clone without that folder skips these tests.
- No Hungarian catalogue message of a game uses a variant the glossary forbids for that game.
- Every English term is the one the game's English texts use.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import locales
import rules
from locales.catalog import Message

REPO = Path(__file__).resolve().parents[2]
GLOSSARY = REPO / "locales" / "glossary.toml"
# The rulebooks are not part of the repository: they sit beside it, in ../shared.
SHARED = REPO.parent / "shared"
SEEDS = SHARED / "seeds"
ENGLISH_RULES = SHARED / "rules"

GAME_FIELDS: dict[str, type] = {"rulebook": str, "first_page": int, "english": str, "term": dict}
TERM_FIELDS: dict[str, type] = {"en": str, "hu": str, "page": int, "avoid": list}
OPTIONAL_TERM_FIELDS: dict[str, type] = {
    "forms": list,
    "seed": str,
    "exceptions": list,
    "note": str,
}

needs_rulebooks = pytest.mark.skipif(
    not SEEDS.is_dir(), reason=f"the Hungarian rulebooks are not here: {SEEDS} is missing"
)


@dataclass(frozen=True, slots=True)
class Term:
    """One concept of a game's glossary."""

    game: str
    concept: str
    en: str
    hu: str
    page: int
    avoid: tuple[str, ...]
    forms: tuple[str, ...] = ()
    seed: str | None = None
    exceptions: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Violation:
    """A catalogue message that uses a forbidden variant."""

    key: str
    text: str
    variant: str
    term: Term

    def __str__(self) -> str:
        return (
            f"{self.key}: {self.text!r} uses {self.variant!r}; "
            f"use {self.term.hu!r} ({self.term.concept})"
        )


@cache
def glossary() -> dict[str, Any]:
    with GLOSSARY.open("rb") as fh:
        return tomllib.load(fh)


GAMES = sorted(glossary())


@cache
def terms(game: str) -> tuple[Term, ...]:
    return tuple(
        Term(
            game=game,
            concept=concept,
            en=entry["en"],
            hu=entry["hu"],
            page=entry["page"],
            avoid=tuple(entry["avoid"]),
            forms=tuple(entry.get("forms", ())),
            seed=entry.get("seed"),
            exceptions=tuple(entry.get("exceptions", ())),
        )
        for concept, entry in glossary()[game]["term"].items()
    )


def templates(message: Message | None) -> list[str]:
    if message is None:
        return []
    return [message] if isinstance(message, str) else list(message.values())


def game_of(key: str, lang: str = "hu") -> str | None:
    """The game a catalogue key belongs to, or None for the texts every game shares.

    The game id is the key's first or second segment (civ.domain.military,
    prompt.civ.turn_play, render.stoneage.stack); outcome.<reason> belongs to the one game
    whose <game>.reason.<reason> exists (outcome.hegemony is CIV's, outcome.resigned everyone's).
    """
    parts = key.split(".")
    named = {part for part in parts[:2] if part in GAMES}
    if len(named) == 1:
        return named.pop()
    if len(parts) == 2 and parts[0] == "outcome":
        keys = locales.keys(lang)
        owners = [game for game in GAMES if f"{game}.reason.{parts[1]}" in keys]
        if len(owners) == 1:
            return owners[0]
    return None


def catalogue_keys(game: str, lang: str = "hu") -> list[str]:
    return sorted(key for key in locales.keys(lang) if game_of(key, lang) == game)


_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[^{}]*\}")


def plain(template: str) -> str:
    """The template with every placeholder replaced by "1" and {{ }} unescaped."""
    return _PLACEHOLDER.sub(lambda m: {"{{": "{", "}}": "}"}.get(m.group(), "1"), template)


def check(game: str, key: str, message: Message | None) -> list[Violation]:
    """The forbidden variants of ``game`` that ``message`` uses."""
    return [
        Violation(key, template, match.group(), term)
        for template in templates(message)
        for term in terms(game)
        for pattern in term.avoid
        for match in re.finditer(pattern, plain(template), re.IGNORECASE)
    ]


def squeeze(text: str) -> str:
    return " ".join(text.split())


@cache
def rulebook_pages(game: str) -> dict[int, str]:
    """The printed page number -> that page's text (whitespace collapsed)."""
    meta = glossary()[game]
    lines = (SEEDS / meta["rulebook"]).read_text(encoding="utf-8").splitlines()
    pages = [squeeze(line) for line in lines if line.strip()]
    return {meta["first_page"] + i: text for i, text in enumerate(pages)}


def near(pages: dict[int, str], page: int) -> str:
    return " ".join(pages.get(p, "") for p in (page - 1, page, page + 1))


# --- the glossary itself ------------------------------------------------------------------------


def _type_problems(where: str, entry: dict[str, Any], fields: dict[str, type]) -> list[str]:
    problems = []
    for name, kind in fields.items():
        value = entry.get(name)
        if value is None:
            continue
        # bool is an int to Python, never a page number
        if not isinstance(value, kind) or isinstance(value, bool):
            problems.append(f"{where}.{name}: {type(value).__name__}, not {kind.__name__}")
        elif value == "":
            problems.append(f"{where}.{name}: empty")
    return problems


def _term_problems(game: str, concept: str, entry: Any, first_page: Any) -> list[str]:
    where = f"{game}.term.{concept}"
    if not isinstance(entry, dict):
        return [f"{where}: not a table"]
    allowed = TERM_FIELDS | OPTIONAL_TERM_FIELDS
    problems = [f"{where}: missing {name}" for name in TERM_FIELDS if name not in entry]
    problems += [f"{where}: unknown field {name}" for name in entry if name not in allowed]
    problems += _type_problems(where, entry, allowed)
    for name, kind in (("avoid", str), ("forms", str), ("exceptions", int)):
        items = entry.get(name, [])
        if isinstance(items, list) and not all(type(item) is kind for item in items):
            problems.append(f"{where}.{name}: every item must be a {kind.__name__}")
    for pattern in entry.get("avoid", []):
        try:
            re.compile(pattern)
        except (re.error, TypeError) as exc:
            problems.append(f"{where}.avoid: {pattern!r} is not a regular expression: {exc}")
    page = entry.get("page")
    if isinstance(page, int) and isinstance(first_page, int) and page < first_page:
        problems.append(f"{where}.page: {page} is before the rulebook's first page {first_page}")
    return problems


def test_glossary_is_well_formed() -> None:
    """Every game has its rulebook fields and some terms; every term has en, hu, page and
    avoid (plus only the optional fields), of the right types, and its patterns compile."""
    data = glossary()
    assert data, "the glossary has no game"
    problems: list[str] = []
    for game, meta in data.items():
        if not isinstance(meta, dict):
            problems.append(f"{game}: not a table")
            continue
        problems += [f"{game}: missing {name}" for name in GAME_FIELDS if name not in meta]
        problems += [f"{game}: unknown field {name}" for name in meta if name not in GAME_FIELDS]
        problems += _type_problems(game, meta, GAME_FIELDS)
        entries = meta.get("term", {})
        if not entries:
            problems.append(f"{game}: no terms")
        for concept, entry in entries.items() if isinstance(entries, dict) else ():
            problems += _term_problems(game, concept, entry, meta.get("first_page"))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_no_term_is_forbidden_by_its_own_game(game: str) -> None:
    """The glossary never contradicts itself: no avoid pattern of a game hits a term (or a
    recorded form) the same game prescribes."""
    prescribed = [(t.concept, word) for t in terms(game) for word in (t.hu, *t.forms)]
    clashes = [
        f"{concept}: {word!r} is hit by {other.concept}'s {pattern!r}"
        for concept, word in prescribed
        for other in terms(game)
        for pattern in other.avoid
        if re.search(pattern, word, re.IGNORECASE)
    ]
    assert not clashes, "\n".join(clashes)


# --- against the rulebooks ----------------------------------------------------------------------


@needs_rulebooks
@pytest.mark.parametrize("game", GAMES)
def test_every_hungarian_term_is_printed_on_its_page(game: str) -> None:
    """hu (or seed, where the OCR spells it otherwise) occurs, in any case, on the page given
    or the one before or after it."""
    pages = rulebook_pages(game)
    missing = []
    for term in terms(game):
        wanted = squeeze(term.seed or term.hu).casefold()
        if wanted not in near(pages, term.page).casefold():
            found = [p for p, text in pages.items() if wanted in text.casefold()]
            missing.append(f"{term.concept}: {wanted!r} not on p. {term.page} (on: {found})")
    assert not missing, "\n".join(missing)


@needs_rulebooks
@pytest.mark.parametrize("game", GAMES)
def test_a_seed_spelling_is_only_given_where_the_term_is_not_printed(game: str) -> None:
    """seed is for OCR damage and combined forms: where hu itself is printed, it is wrong."""
    pages = rulebook_pages(game)
    needless = [
        f"{term.concept}: {term.hu!r} is printed near p. {term.page}"
        for term in terms(game)
        if term.seed is not None and term.hu.casefold() in near(pages, term.page).casefold()
    ]
    assert not needless, "\n".join(needless)


@needs_rulebooks
@pytest.mark.parametrize("game", GAMES)
def test_no_forbidden_variant_is_the_rulebooks_own_wording(game: str) -> None:
    """An avoid pattern matches the rulebook only on the pages listed as its exceptions (a
    slip of the rulebook, or flavour text), and every listed exception is such a match."""
    pages = rulebook_pages(game)
    wrong = []
    for term in terms(game):
        hits = {
            page
            for page, text in pages.items()
            for pattern in term.avoid
            if re.search(pattern, text, re.IGNORECASE)
        }
        if unlisted := hits - set(term.exceptions):
            wrong.append(f"{term.concept}: the rulebook itself says it on pp. {sorted(unlisted)}")
        if unused := set(term.exceptions) - hits:
            wrong.append(f"{term.concept}: no avoided variant on the excepted pp. {sorted(unused)}")
    assert not wrong, "\n".join(wrong)


# --- against the catalogues ---------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_english_term_is_in_the_english_texts(game: str) -> None:
    """en is found in the game's English catalogue messages once the game is offered (a
    registered game has all its texts), else in its English rules reference: a catalogue
    that is still growing with its engine names only some of the terms."""
    keys = catalogue_keys(game, "en") if game in rules.GAME_NAMES else []
    if keys:
        corpus = "\n".join(t for key in keys for t in templates(locales.message("en", key)))
        source = "locales/en"
    else:
        reference = ENGLISH_RULES / glossary()[game]["english"]
        if not reference.is_file():
            pytest.skip(f"{game} has no English catalogue yet and {reference} is missing")
        corpus = reference.read_text(encoding="utf-8")
        source = str(reference)
    missing = [t.concept for t in terms(game) if t.en.casefold() not in corpus.casefold()]
    assert not missing, f"English terms not found in {source}: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_hungarian_catalogue_uses_the_rulebook_terms(game: str) -> None:
    """No Hungarian message of the game uses a variant its glossary forbids."""
    keys = catalogue_keys(game)
    if not keys:
        pytest.skip(f"no Hungarian messages of {game} yet")
    # A plural table repeats its text per form: report each use once.
    found = list(
        dict.fromkeys(v for key in keys for v in check(game, key, locales.message("hu", key)))
    )
    assert not found, f"{len(found)} uses of non-rulebook terms in {game}:\n" + "\n".join(
        map(str, found)
    )


@pytest.mark.parametrize(
    ("game", "text", "concept"),
    [
        # Stone Age: a round is a forduló; kör is a player's turn or a circle on a location.
        ("stoneage", "{round}. kör: @{player}", "round"),
        ("stoneage", "Kezdőjátékos ebben a körben: {player}", "round"),
        ("stoneage", "Kifogyott egy pakli: ez az utolsó kör.", "round"),
        ("stoneage", "A körödben tegyél le embereket.", None),
        ("stoneage", "Így a saját köre végén minden embere visszakerül.", None),
        ("stoneage", "Minden körön csak 1 ember állhat.", None),
        ("stoneage", "{stack}. halom · {count} lapka", "building_stack"),
        ("stoneage", "fizess a(z) {stack}. pakli épületéért", "building_stack"),
        ("stoneage", "fizess a(z) {stack}. épületlapka-pakli épületéért", None),
        ("stoneage", "elvette a pakli legfelső lapját (Írás)", None),
        ("stoneage", "3. fázis: élelmezés", "feeding"),
        ("stoneage", "Holtverseny esetén: élelmiszerraktár", None),
        ("stoneage", "holtverseny-döntő: {criterion}", "tie"),
        # CIV: a turn is a kör, the last round a forduló; a tie is a döntetlen.
        ("civ", "Utolsó kör: már senki nem húz lapot", "round"),
        ("civ", "{turn}. kör: {player}", None),
        ("civ", "Ez az utolsó köröd.", None),
        ("civ", "Holtverseny-eldöntés: {rule@civ.tiebreak}.", "tie"),
        ("civ", "Kultúra-érme: a pakli mellett", "culture_coin"),
        ("civ", "Draft", "draft"),
        ("civ", "Írd be: deal=draft", None),
        # Clash: a round is a Kör, a turn a Forduló.
        ("clash", "A köröd végén húzol.", "turn"),
        ("clash", "A játék a 6. Kör után ér véget.", None),
        ("clash", "A játék a 6. forduló után ér véget.", "round"),
        ("clash", "Fordulónként egyszer fizess 1 Ételt.", None),
        ("clash", "Kapsz 1 élelmet.", "food"),
    ],
)
def test_the_check_tells_variants_from_rulebook_terms(
    game: str, text: str, concept: str | None
) -> None:
    """The avoid patterns on sample sentences: the variant is caught, the rulebook's own
    use of the same word is not."""
    found = {v.term.concept for v in check(game, "sample", text)}
    assert found == ({concept} if concept else set())


def test_keys_are_mapped_to_their_game() -> None:
    assert game_of("civ.domain.science") == "civ"
    assert game_of("prompt.civ.turn_play") == "civ"
    assert game_of("render.stoneage.stack") == "stoneage"
    assert game_of("rules.stoneage.rule.round") == "stoneage"
    assert game_of("choice.civ") == "civ"
    assert game_of("lobby.image_policy.turn") is None
    if "outcome.hegemony" in locales.keys("hu"):
        assert game_of("outcome.hegemony") == "civ"
    if "outcome.resigned" in locales.keys("hu"):
        assert game_of("outcome.resigned") is None
