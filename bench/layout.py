"""The shape of a package, as docs/architecture.md reports it: ``python -m bench.layout
rules/clash [--commit REV]``.

Prints one JSON object: the modules and lines in all (a sub-package's ``__init__.py`` that holds
only its docstring is a package file, not a module), per sub-package (``.`` for the
package's own modules) the modules, lines and largest module, the largest module overall, the
modules over 600 lines, the import edges between the package's modules (a module importing
another, at the top or inside a function, counted once per pair; a module importing its own
package's ``__init__`` is not an edge) and the longest chain of imports, in modules. With
``--commit`` the files are read from that commit (``git show``), so a count made before a
change can be made again after it.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Any

LIMIT = 600


def sources(package: str, commit: str | None) -> dict[str, str]:
    """Each module's path (``rules/clash/x.py``) and text, from the work tree or a commit."""
    if commit is None:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", package],
            capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        paths = [p for p in listed if p.endswith(".py")]
        return {p: Path(p).read_text(encoding="utf-8") for p in sorted(paths)}
    listed = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", commit, package],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    return {
        p: subprocess.run(
            ["git", "show", f"{commit}:{p}"], capture_output=True, text=True, check=True
        ).stdout
        for p in sorted(listed)
        if p.endswith(".py")
    }


def module_name(path: str) -> str:
    parts = list(PurePosixPath(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports(text: str, known: set[str]) -> set[str]:
    """The known modules a module's text imports anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            submodules = {f"{node.module}.{a.name}" for a in node.names} & known
            found |= submodules
            # ``from package import module`` is an edge to the module alone
            if node.module in known and len(submodules) < len(node.names):
                found.add(node.module)
    return found


def _only_docstring(text: str) -> bool:
    body = ast.parse(text).body
    return len(body) <= 1 and all(
        isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) for n in body
    )


def measure(package: str, commit: str | None = None) -> dict[str, Any]:
    texts = sources(package, commit)
    names = {module_name(p): p for p in texts}
    known = set(names)
    root = module_name(package + "/__init__.py")
    graph = {
        name: {m for m in imports(texts[path], known) if m != name and not name.startswith(m + ".")}
        for name, path in names.items()
    }

    @functools.cache
    def depth(name: str) -> int:
        return 1 + max((depth(m) for m in graph[name]), default=0)

    lines = {name: len(texts[path].splitlines()) for name, path in names.items()}
    # a sub-package's __init__ that only says what the folder holds is not a module of code
    faces = {
        name
        for name, path in names.items()
        if path.endswith("__init__.py") and name != root and _only_docstring(texts[path])
    }
    groups: dict[str, list[str]] = {}
    for name in names:
        rest = name.removeprefix(root).lstrip(".")
        inside = PurePosixPath(names[name]).relative_to(package).parts
        if name not in faces:
            groups.setdefault(rest.split(".")[0] if len(inside) > 1 else ".", []).append(name)
    largest = max(lines, key=lambda n: lines[n])
    return {
        "package": package,
        "commit": commit,
        "modules": len(names) - len(faces),
        "package_files": len(faces),
        "lines": sum(lines.values()),
        "largest": [largest, lines[largest]],
        "over_limit": {n: lines[n] for n in sorted(lines) if lines[n] > LIMIT},
        "import_edges": sum(len(v) for v in graph.values()),
        "longest_chain": max(depth(n) for n in graph),
        "packages": {
            group: {
                "modules": len(members),
                "lines": sum(lines[m] for m in members),
                "largest": max(((m, lines[m]) for m in members), key=lambda x: x[1]),
            }
            for group, members in sorted(groups.items())
        },
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.layout", description=__doc__)
    parser.add_argument("package", help="a package folder, e.g. rules/clash")
    parser.add_argument("--commit", default=None, help="read the files from this commit")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.package.rstrip("/"), args.commit)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
