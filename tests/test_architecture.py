"""The import direction of docs/architecture.md, checked on every module's import statements."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"bot", "cogs", "host", "rules", "render", "store", "locales", "playground", "bench"}
# package -> packages of ours it may import (besides itself)
ALLOWED = {
    "rules": set(),
    "locales": set(),
    "render": {"rules", "locales"},
    "store": {"rules"},
    "playground": set(),
    "host": {"rules", "render", "store", "locales"},
    "cogs": {"host", "rules", "render", "store", "locales"},
    "bench": {"rules", "render", "store", "locales", "playground", "host", "cogs", "bot"},
}
NO_DISCORD = {"host", "rules", "render", "store", "locales"}
RULES_FORBIDDEN = {"discord", "aiosqlite", "sqlite3", "PIL", "asyncio", "aiohttp"}


def imported_roots(path: Path) -> set[str]:
    """Top-level names of every module ``path`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_imports_point_one_way(package: str) -> None:
    """Each package imports only the packages of ours that the architecture allows."""
    for path in modules(package):
        wrong = (imported_roots(path) & OURS) - ALLOWED[package] - {package}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


@pytest.mark.parametrize("package", sorted(NO_DISCORD))
def test_no_discord_below_cogs(package: str) -> None:
    """The host, rules, render, store and locales know nothing of Discord."""
    for path in modules(package):
        assert "discord" not in imported_roots(path), path.relative_to(ROOT)


def test_rules_are_pure() -> None:
    """Nothing in rules/ does I/O, concurrency or drawing."""
    for path in modules("rules"):
        bad = imported_roots(path) & RULES_FORBIDDEN
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_game_packages_import_only_core_and_themselves() -> None:
    """rules/<game>/ imports rules.core and its own package only."""
    for game_dir in (ROOT / "rules").iterdir():
        if not game_dir.is_dir() or game_dir.name.startswith("__"):
            continue
        for path in game_dir.rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    mod = node.module
                    if mod.startswith("rules"):
                        assert mod == "rules.core" or mod.startswith(f"rules.{game_dir.name}"), (
                            f"{path.relative_to(ROOT)} imports {mod}"
                        )
