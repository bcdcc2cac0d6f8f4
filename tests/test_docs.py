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
