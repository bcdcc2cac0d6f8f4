"""The documentation names only what exists: every file path in docs/ and the README."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A path: folders (or ``..``), then a file name with an extension of the repository's files.
PATH = re.compile(
    r"(?<![\w/.:@-])((?:(?:\.\.|\.?[\w-]+)/)+[\w-]+\.(?:py|md|toml|json|sql|txt|png|sh|gif|ttf|otf))"
    r"(?![\w.])"
)
#: Paths that stand for a kind of file, not for one file.
PLACEHOLDERS = {"store/migrations/NNNN_name.sql", "path/of/the/file.json"}


def named_paths(doc: Path) -> list[str]:
    text = re.sub(r"https?://\S+", "", doc.read_text(encoding="utf-8"))
    return [m.group(1) for m in PATH.finditer(text)]


def test_every_path_the_docs_name_exists() -> None:
    """A path is the repository's (from its root) or a neighbour of the document naming it;
    nothing outside the repository is named (a reader of the repository cannot open it)."""
    missing = [
        f"{doc.relative_to(ROOT)}: {path}"
        for doc in DOCS
        for path in named_paths(doc)
        if path not in PLACEHOLDERS
        and not any(
            where.exists() and where.resolve().is_relative_to(ROOT)
            for where in (ROOT / path, doc.parent / path)
        )
    ]
    assert not missing, "\n".join(missing)


def test_the_path_pattern_finds_paths() -> None:
    """The check looks at what a document names (so that it can fail)."""
    found = named_paths(ROOT / "docs" / "async-play.md")
    assert "host/timers.py" in found
    assert len(found) > 10


#: A Clash decision number as the source cites it (``C42``). No card id is spelt so (the civil
#: halves are ``P01``-``P21``); a quoted one (``"C04"``, a space name refused) is left out.
DECISION = re.compile(r"(?<![\w\"'])C([1-9][0-9]{0,2})(?![\w\"'])")


def defined_decisions() -> set[int]:
    """The numbers docs/rules-decisions.md defines: each a table row of its own."""
    text = (ROOT / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    return {int(n) for n in re.findall(r"^\| C([0-9]+)\b", text, re.M)}


def test_every_decision_the_rules_cite_is_defined() -> None:
    """A decision number cited in rules/ is a row of docs/rules-decisions.md, so that a
    reader of the code finds what was decided and why."""
    defined = defined_decisions()
    missing = sorted(
        {
            (int(n), path.relative_to(ROOT).as_posix())
            for path in (ROOT / "rules").rglob("*.py")
            for n in DECISION.findall(path.read_text(encoding="utf-8"))
            if int(n) not in defined
        }
    )
    assert not missing, "\n".join(f"C{n} in {path}" for n, path in missing)
    assert {1, 42, 60, 126} <= defined  # the check reads the table (so that it can fail)


def test_every_decision_row_is_in_its_games_chapter() -> None:
    """The Clash decisions (``C<n>``) are rows of the Clash chapter, none of another game's."""
    text = (ROOT / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    clash = text.index("\n## Clash of Cultures\n")
    rows = [m.start() for m in re.finditer(r"^\| C[0-9]+ \|", text, re.M)]
    assert rows and all(start > clash for start in rows)


def test_no_decision_is_written_with_a_leading_zero() -> None:
    """``C07`` would read as decision C7: a decision never has a leading zero, and the old
    spelling of a civil half (before ``P07``) stands only quoted, where a text speaks of it."""
    bare = re.compile(r"(?<![\w\"'`])C0[0-9]")
    found = [
        f"{path.relative_to(ROOT)}: {m.group(0)}"
        for path in (ROOT / "rules").rglob("*.py")
        for m in bare.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not found, "\n".join(found)


# -- the cards (docs/clash-cards.md) ---------------------------------------------------------

CARDS = ROOT / "docs" / "clash-cards.md"
#: A card id as the code writes it: an action card, its civil or combat half, an objective
#: card, an event card.
CARD_ID = re.compile(r"\b[AOEPK][0-9]{2}\b")
#: Where the Clash engine's card ids are cited: rules/, but for the other games, whose ids are
#: their own (CIV's decisions ``A1``-``A20``, Stone Age's buildings).
OTHER_GAMES = ("civ", "stoneage")


def cards_doc() -> str:
    return CARDS.read_text(encoding="utf-8")


def listed(table: str) -> list[str]:
    """The ids in the first column of one of the document's tables."""
    m = re.search(rf"<!-- table: {table} -->\n(.*?)<!-- end -->", cards_doc(), re.S)
    assert m is not None, table
    return re.findall(r"^\| `([\w]+)` \|", m.group(1), re.M)


def test_the_cards_document_lists_every_card_of_the_game() -> None:
    """Every id of rules/clash/box/cards.py, and every half, once each, in its table."""
    from rules.clash.battles.combat_cards import HALVES
    from rules.clash.box.cards import ACTION_CARDS, EVENT_CARDS, OBJECTIVE_CARDS, WONDERS
    from rules.clash.model.civil_cards import CIVIL

    assert listed("deck") == list(ACTION_CARDS)
    assert listed("civil") == list(CIVIL)
    assert listed("combat") == list(HALVES)
    assert listed("events") == list(EVENT_CARDS)
    assert listed("objective_cards") == list(OBJECTIVE_CARDS)
    assert listed("wonders") == list(WONDERS)


def test_the_cards_document_tables_are_the_games() -> None:
    """Each table is what tests/clash_cards_doc.py makes from the data and the catalogue now
    (``python tests/clash_cards_doc.py`` rewrites them after a change of the cards)."""
    from tests.clash_cards_doc import TABLES, names, render

    assert sorted(names(cards_doc())) == sorted(TABLES)
    assert render(cards_doc()) == cards_doc()


def test_every_card_id_the_rules_cite_is_in_the_cards_document() -> None:
    """An id like ``P07`` or ``E37`` cited in the engine's code is a card of the document."""
    tables = ("deck", "civil", "combat", "events", "objective_cards")
    defined = {i for table in tables for i in listed(table)}
    missing = sorted(
        {
            (m, path.relative_to(ROOT).as_posix())
            for path in (ROOT / "rules").rglob("*.py")
            if path.relative_to(ROOT / "rules").parts[0] not in OTHER_GAMES
            for m in CARD_ID.findall(path.read_text(encoding="utf-8"))
            if m not in defined
        }
    )
    assert not missing, "\n".join(f"{card} in {path}" for card, path in missing)
    assert {"A42", "P21", "K19", "O32", "E38"} <= defined


#: Text files of the repository that may cite a document.
TEXT = (".py", ".md", ".toml", ".json", ".txt", ".sql", ".html", ".js", ".css")
#: The files that read the rulebooks and English references beside the repository,
#: naming them as data, not citing them; and this file, which names what it looks for.
READERS = {"locales/glossary.toml", "tests/locales/test_glossary.py", "tests/test_docs.py"}


def text_files() -> list[Path]:
    skip = {".git", ".venv", "node_modules", "__pycache__"}
    return sorted(
        p
        for p in ROOT.rglob("*")
        if p.suffix in TEXT
        and p.is_file()
        and not skip & set(p.relative_to(ROOT).parts)
        and not any(part.endswith(".egg-info") for part in p.relative_to(ROOT).parts)
        and p.relative_to(ROOT).as_posix() not in READERS
    )


def test_no_document_outside_the_repository_is_cited() -> None:
    """A document cited anywhere is one of the repository's (README.md, docs/*.md), named
    by its path (``docs/clash-cards.md``; a neighbour's name inside docs/, or a path joined in
    code, ``ROOT / "docs" / "scaling.md"``): the English references the engines were first
    written from are not in the repository, and a reader could not open them."""
    ours = {"README.md", *(p.name for p in (ROOT / "docs").glob("*.md"))}
    mention = re.compile(r"(?<![\w.-])((?:[\w.-]+/)*)([\w-]+\.md)\b")
    wrong = []
    for path in text_files():
        where = path.relative_to(ROOT)
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in mention.finditer(text):
            folders, name = m.groups()
            joined = text[max(0, m.start() - 3) : m.start()] == '/ "'
            if name not in ours:
                wrong.append(f"{where}: {m.group(0)} (not in the repository)")
            elif not (
                (ROOT / folders / name).exists()
                or joined
                or (where.parts[0] == "docs" and not folders)
            ):
                wrong.append(f"{where}: {m.group(0)} (write its path, docs/{name})")
    assert not wrong, "\n".join(wrong)


def test_every_section_of_the_cards_document_cited_exists() -> None:
    """``docs/clash-cards.md §8.1 (f)`` and ``[cards] §4.2`` (docs/rules-decisions.md) name a
    section (and an item of §8.1) that the document has."""
    doc = cards_doc()
    sections = set(re.findall(r"^#{2,3} ([0-9]+(?:\.[0-9]+)?)\.? ", doc, re.M))
    windows = doc.split("### 8.1", 1)[1].split("### 8.2")[0]
    items = set(re.findall(r"^- \(([a-h])\) ", windows, re.M))
    one = r"§[0-9]+(?:\.[0-9]+)?(?: ?\([a-h]\))?(?:-§?[0-9]+(?:\.[0-9]+)?)?"
    cited = re.compile(rf"(?:docs/clash-cards\.md`{{0,2}}|\[cards\]) ?({one}(?:, {one})*)")
    part = re.compile(r"([0-9]+(?:\.[0-9]+)?)(?: ?\(([a-h])\))?")
    found, wrong = 0, []
    for path in text_files():
        for m in cited.finditer(path.read_text(encoding="utf-8", errors="replace")):
            for number, item in part.findall(m.group(1)):
                found += 1
                if number not in sections or (item and (number != "8.1" or item not in items)):
                    wrong.append(f"{path.relative_to(ROOT)}: {m.group(0).strip()}")
    assert not wrong, "\n".join(wrong)
    assert found > 100 and {"1", "3.2", "4.2", "8.1", "8.7"} <= sections and len(items) == 8


def test_the_readme_names_every_debian_package_the_tests_use() -> None:
    """The README's one apt line installs what ``.ci/run`` installs for the browser and
    spelling tests (PostgreSQL aside: the store tests skip its backend without a server)."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    wanted = set(re.findall(r"missing\+=\(([a-z0-9.+-]+)\)", ci)) - {"postgresql"}
    line = next(x for x in (ROOT / "README.md").read_text().splitlines() if "apt-get install" in x)
    assert wanted and wanted <= set(line.replace("`", " ").split()), (wanted, line)
