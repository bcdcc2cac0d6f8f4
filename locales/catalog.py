"""Loading the TOML message catalogues of one language into a flat key -> message table.

Every ``*.toml`` file under ``locales/<lang>/`` is read (in name order) and merged; nested tables
become dotted keys (``[civ.domain] science = "Science"`` -> ``civ.domain.science``). A table whose
keys are all CLDR plural categories and that has ``other`` is one *plural message*, chosen by
``count`` at format time, not a namespace.

Loading never raises for bad content: problems (a key defined twice, a value that is neither a
string nor a plural table) are collected so the tests can fail on them and the bot can log them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["PLURAL_CATEGORIES", "Catalogue", "Message", "is_plural_table", "load_language"]

PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})

# A message is a template string or a plural table {category: template}.
Message = str | dict[str, str]


@dataclass(slots=True)
class Catalogue:
    """The merged messages of one language, and what went wrong while reading them."""

    messages: dict[str, Message] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def is_plural_table(value: Mapping[str, Any]) -> bool:
    """True for a table like ``{one = "...", other = "..."}`` (all string values)."""
    return (
        bool(value)
        and "other" in value
        and set(value) <= PLURAL_CATEGORIES
        and all(isinstance(v, str) for v in value.values())
    )


def load_language(directory: Path) -> Catalogue:
    """Read and merge every ``*.toml`` in ``directory`` (missing directory: empty catalogue)."""
    catalogue = Catalogue()
    if not directory.is_dir():
        return catalogue
    origin: dict[str, str] = {}
    for path in sorted(directory.glob("*.toml")):
        catalogue.files.append(path.name)
        try:
            with path.open("rb") as fh:
                data = tomllib.load(fh)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            catalogue.problems.append(f"{path.name}: cannot read: {exc}")
            continue
        for key, message in _flatten(data, "", path.name, catalogue.problems):
            if key in catalogue.messages:
                catalogue.problems.append(
                    f"{path.name}: key {key!r} already defined in {origin[key]}"
                )
                continue
            catalogue.messages[key] = message
            origin[key] = path.name
    return catalogue


def _flatten(
    table: Mapping[str, Any], prefix: str, filename: str, problems: list[str]
) -> list[tuple[str, Message]]:
    """Dotted keys and messages of a nested TOML table."""
    out: list[tuple[str, Message]] = []
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, str):
            out.append((key, value))
        elif isinstance(value, dict) and is_plural_table(value):
            out.append((key, dict(value)))
        elif isinstance(value, dict):
            out.extend(_flatten(value, f"{key}.", filename, problems))
        else:
            problems.append(f"{filename}: key {key!r} is a {type(value).__name__}, not text")
    return out
