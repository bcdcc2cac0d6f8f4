"""The import direction of docs/architecture.md, checked on every module's import statements."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"bot", "cogs", "discordui", "host", "rules", "render", "store", "locales", "playground"}
# The tests are ours too: nothing outside tests/ may import them (a benchmark included).
OURS |= {"bench", "synthetic", "tests"}
# package -> packages of ours it may import (besides itself)
ALLOWED = {
    "rules": set(),
    "locales": set(),
    "render": {"rules", "locales"},
    "store": {"rules"},
    "playground": set(),
    "host": {"rules", "render", "store", "locales"},
    # The Discord layer reaches the store through the host's services only (host.rows names
    # the rows they return): who may do what, and each act's transaction, are the host's.
    "discordui": {"host", "rules", "render", "locales"},
    "cogs": {"discordui", "host", "rules", "render", "locales"},
    "synthetic": {"rules", "render", "locales"},
    "bench": {"rules", "render", "store", "locales", "playground", "host", "discordui", "bot"}
    | {"synthetic"},
}
#: What runs outside the tests never imports the test framework.
TEST_ONLY = {"pytest", "_pytest"}
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


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_no_test_framework_outside_the_tests(package: str) -> None:
    """Benchmarks and the synthetic games run without pytest (docs/architecture.md)."""
    for path in modules(package):
        assert not imported_roots(path) & TEST_ONLY, path.relative_to(ROOT)


def test_rules_are_pure() -> None:
    """Nothing in rules/ does I/O, concurrency or drawing."""
    for path in modules("rules"):
        bad = imported_roots(path) & RULES_FORBIDDEN
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_game_packages_import_only_core_and_themselves() -> None:
    """rules/<game>/ imports rules.core, rules.engine (the contract's shared half),
    rules.formats (snapshots and copies from the state dataclasses) and its own package only."""
    for game_dir in (ROOT / "rules").iterdir():
        if not game_dir.is_dir() or game_dir.name.startswith("__"):
            continue
        for path in game_dir.rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    mod = node.module
                    if mod.startswith("rules"):
                        shared = mod in ("rules.core", "rules.engine", "rules.formats")
                        assert shared or mod.startswith(f"rules.{game_dir.name}"), (
                            f"{path.relative_to(ROOT)} imports {mod}"
                        )


PACKAGES = (
    "bot",
    "bench",
    "synthetic",
    "cogs",
    "discordui",
    "host",
    "locales",
    "playground",
    "render",
    "rules",
    "store",
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    found = {"bot": ROOT / "bot.py"}
    for package in PACKAGES[1:]:
        found.update({module_name(p): p for p in modules(package)})
    return found


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The modules of ours that ``path`` imports anywhere in it (inside functions too: an
    import moved into a function to dodge a cycle is still a cycle)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module in known:
                found.add(node.module)
            found.update(
                f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in known
            )
    return found


def test_no_import_cycles() -> None:
    """The modules of ours form no cycle of imports, counting imports inside functions and
    under TYPE_CHECKING: each module can be read knowing only what it imports."""
    known = all_modules()
    graph = {name: imports_of(path, set(known)) - {name} for name, path in known.items()}
    # A module importing its own package (its __init__) is not a cycle with it.
    graph = {
        name: {m for m in deps if not name.startswith(m + ".")} for name, deps in graph.items()
    }
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        pytest.fail("import cycle: " + " -> ".join(exc.args[1]))


def test_cogs_holds_discord_extensions_only() -> None:
    """Every module under cogs/ is an extension (it has ``async def setup(bot)``)."""
    for path in modules("cogs"):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.name for n in tree.body if isinstance(n, ast.AsyncFunctionDef)}
        assert "setup" in names, f"{path.relative_to(ROOT)} is not an extension"


def test_a_game_is_registered_once() -> None:
    """``rules.GAME_NAMES`` is the one registry: each game has its pictures in
    ``render/<game>/`` and its rules help under ``rules.<game>.*``, found by name; no package
    under render/ is a game that is not registered."""
    import locales
    import render
    import rules

    drawn = {p.name for p in (ROOT / "render").iterdir() if (p / "__init__.py").is_file()}
    assert drawn == set(rules.GAME_NAMES)
    for game in rules.GAME_NAMES:
        table, hand = render.renderers(game)
        assert callable(table) and callable(hand)
        assert locales.has("en", f"rules.{game}.overview")


CLASH = ROOT / "rules" / "clash"
# rules/clash/ sub-package -> the sub-packages it may import (besides itself), each layer only
# those before it (docs/architecture.md, "Clash of Cultures"). The package's own modules
# (engine.py, index.py) may import any of them and none imports those; the heuristic player is
# imported by the engine alone (its greedy hook): a player, not a rule.
_BELOW: tuple[str, ...] = ()
CLASH_ALLOWED: dict[str, set[str]] = {}
for _layer in (
    ("board", "box"),
    ("model",),
    ("battles",),
    ("events",),
    ("actions",),
    ("rounds",),
    ("wonders",),
    ("cards",),
    ("dispatch",),
    ("formats",),
    ("checks",),
    ("position",),
):
    CLASH_ALLOWED.update({name: set(_BELOW) for name in _layer})
    _BELOW += _layer
CLASH_ALLOWED["player"] = set(_BELOW) - {"checks", "position"}
MAX_LINES = 600


def clash_package(path: Path) -> str | None:
    """The sub-package of rules/clash/ a module is in (None for the package's own modules)."""
    parts = path.relative_to(CLASH).parts
    return parts[0] if len(parts) > 1 else None


def clash_imports(path: Path) -> set[str]:
    """The names under rules.clash a module imports, as ``sub.module`` (``from rules.clash
    import x`` gives ``x``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "rules.clash":
                found.update(a.name for a in node.names)
            elif node.module.startswith("rules.clash."):
                found.add(node.module.removeprefix("rules.clash."))
        elif isinstance(node, ast.Import):
            found.update(
                a.name.removeprefix("rules.clash.")
                for a in node.names
                if a.name.startswith("rules.clash.")
            )
    return found


def test_clash_sub_packages_are_declared() -> None:
    """Every folder of rules/clash/ is a sub-package of the table, and nothing else is."""
    folders = {p.name for p in CLASH.iterdir() if (p / "__init__.py").is_file()}
    assert folders == set(CLASH_ALLOWED)


def test_clash_sub_packages_import_one_way() -> None:
    """Each sub-package of rules/clash/ imports only those the table allows (never the
    package's own modules, engine and index, which stand above them all)."""
    for path in sorted(CLASH.rglob("*.py")):
        package = clash_package(path)
        if package is None:
            continue
        for name in clash_imports(path):
            target = name.split(".")[0]
            assert target == package or target in CLASH_ALLOWED[package], (
                f"{path.relative_to(ROOT)} imports rules.clash.{name}"
            )


def test_clash_table_has_no_cycle() -> None:
    """The table itself points one way: no two sub-packages may import each other, however
    far round."""
    graph = {name: set(deps) for name, deps in CLASH_ALLOWED.items()}
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        pytest.fail("cycle between sub-packages: " + " -> ".join(exc.args[1]))


def test_the_rules_never_import_the_player() -> None:
    """The heuristic player (rules/clash/player/) is imported by the engine's greedy hook
    alone: no rule depends on how a bot plays."""
    for path in sorted(CLASH.rglob("*.py")):
        if clash_package(path) == "player" or path == CLASH / "engine.py":
            continue
        wrong = {n for n in clash_imports(path) if n.split(".")[0] == "player"}
        assert not wrong, f"{path.relative_to(ROOT)} imports the player: {sorted(wrong)}"


def test_no_module_in_rules_is_over_600_lines() -> None:
    """A module a reader can hold in their head: none in rules/ over 600 lines."""
    long = {
        str(p.relative_to(ROOT)): n
        for p in modules("rules")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


#: The store's modules stay below this (issue 34: the queries are cut by area, store/sql/).
MAX_STORE_LINES = 700


def test_no_module_in_store_is_over_700_lines() -> None:
    """The store is read by area (docs/architecture.md, "Store"): no module in store/ over 700
    lines, store/sql/ included."""
    long = {
        str(p.relative_to(ROOT)): n
        for p in modules("store")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_STORE_LINES
    }
    assert long == {}


#: The one place that decides what the Clash game waits for now (docs/architecture.md).
DISPATCHER = CLASH / "dispatch" / "contexts.py"
#: What tells one context from another: read only by the dispatcher's table and the modules
#: that own each state (the rules of a Move action, an exploration, a status step...).
_CONTEXT_READS = ("state.exploring", "turn_state.moving", "state.phase == STATUS")
#: The grammar's entries the table calls (what follows a step, such as a Move action going on
#: after a battle, is the rules', not a choice of who acts).
_CONTEXT_ENTRIES = ("answer_choices", "answer", "turn_choices", "turn_apply")


def test_one_dispatcher_decides_who_acts_now() -> None:
    """``pending``, ``choices``, ``apply`` and the heuristic player all go through the one
    ordered table of :mod:`rules.clash.dispatch.contexts`: the modules that once decided it
    for themselves (the grammar, the policy, the engine) read none of what tells the contexts
    apart, and each calls the table."""
    texts = {n: (CLASH / n).read_text(encoding="utf-8") for n in ("player/policy.py", "engine.py")}
    grammar = ast.parse((CLASH / "dispatch" / "grammar.py").read_text(encoding="utf-8"))
    for node in grammar.body:
        if isinstance(node, ast.FunctionDef) and node.name in _CONTEXT_ENTRIES:
            texts[f"dispatch/grammar.py {node.name}"] = ast.unparse(node)
    assert len(texts) == 2 + len(_CONTEXT_ENTRIES)
    for name, text in texts.items():
        found = [r for r in _CONTEXT_READS if r in text]
        assert not found, f"rules/clash/{name} decides who acts itself: {found}"
    engine = (CLASH / "engine.py").read_text(encoding="utf-8")
    # Its parts (rules.engine.Parts) name the table's functions; its apply_tokens calls one.
    for call in ("next_tokens=contexts.choices,", "contexts.apply_tokens(", "pending=pending,"):
        assert call in engine
    assert "current(state, seat" in (CLASH / "player" / "policy.py").read_text(encoding="utf-8")
    defining = {
        str(p.relative_to(ROOT))
        for p in CLASH.rglob("*.py")
        for node in ast.parse(p.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and node.name in ("pending", "prompted")
    }
    assert defining == {str(DISPATCHER.relative_to(ROOT))}


def test_nothing_is_registered_at_import_time() -> None:
    """No module of rules/ fills another module's table when it is imported (``X.TABLE[k] =
    ...``): tables are declared where they are read, so what runs does not depend on what
    happened to be imported first."""
    for path in modules("rules"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.Assign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    assert not isinstance(target, (ast.Subscript, ast.Attribute)), (
                        f"{path.relative_to(ROOT)}:{node.lineno} assigns into "
                        f"{ast.unparse(target)} at import time"
                    )
