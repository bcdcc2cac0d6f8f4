"""Keep docs/performance.md up to date: one generated block per game, the rest written by hand."""

from __future__ import annotations

import datetime as dt
import os
import platform
import re
from pathlib import Path
from typing import Any

#: What the project promises (docs/performance.md explains them).
BUDGETS = {
    "p99_ms": 300.0,
    "suggest_p99_ms": 1000.0,
    "largest_step_suggest_max_ms": 1000.0,
    "render_ms": 100.0,
    "png_kb": 300.0,
}

_ROWS = (
    ("games", "concurrent games", ""),
    ("interactions", "interactions measured", ""),
    ("p50_ms", "first response p50", "ms"),
    ("p95_ms", "first response p95", "ms"),
    ("p99_ms", "first response p99", "ms"),
    ("full_p50_ms", "move to private confirmation p50 (after the public post)", "ms"),
    ("full_p95_ms", "move to private confirmation p95", "ms"),
    ("suggest_p50_ms", "/move suggestions p50", "ms"),
    ("suggest_p99_ms", "/move suggestions p99", "ms"),
    ("largest_step_choices", "choices at the largest step suggested", ""),
    ("largest_step_suggest_ms", "suggestions at the largest step, median", "ms"),
    ("largest_step_suggest_max_ms", "suggestions at the largest step, slowest", "ms"),
    ("render_ms", "table image render, mean", "ms"),
    ("render_p95_ms", "table image render, p95", "ms"),
    ("png_kb", "table image size, mean", "KB"),
    ("png_max_kb", "table image size, largest", "KB"),
    ("render_moves_ms", "table image after each move, mean", "ms"),
    ("png_moves_kb", "table image after each move, size mean", "KB"),
    ("playouts_per_s", "random complete games per second (one core)", ""),
)


Rows = tuple[tuple[str, str, str], ...]


def heading(name: str, command: str, note: str = "") -> list[str]:
    """The first lines of a generated block: its marker, title, and when, where and how it
    was measured (``note`` goes after the command)."""
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    machine = f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.machine()}"
    return [
        f"<!-- bench:{name} -->",
        f"### {name}",
        "",
        f"Measured {when} on {machine} with `{command}`{note}.",
        "",
    ]


def block(result: dict[str, Any], rows: Rows = _ROWS, command: str | None = None) -> str:
    """The generated Markdown for one game's results (``rows``: key, label, unit)."""
    game = result["game"]
    command = command or f"python -m bench {game} --games {result['games']}"
    lines = [*heading(game, command), "| measure | value | budget |", "|---|---:|---:|"]
    for key, label, unit in rows:
        if key not in result:
            continue
        budget = BUDGETS.get(key)
        verdict = ""
        if budget is not None:
            verdict = f"< {budget:g} {unit} {'✅' if result[key] < budget else '❌'}"
        lines.append(f"| {label} | {result[key]} {unit} | {verdict} |")
    lines.append(f"<!-- /bench:{game} -->")
    return "\n".join(lines)


def write_report(
    path: Path, result: dict[str, Any], rows: Rows = _ROWS, command: str | None = None
) -> None:
    """Replace (or append) the game's generated block in ``path``."""
    write_block(path, result["game"], block(result, rows, command))


def write_block(path: Path, name: str, new: str) -> None:
    """Replace (or append) the generated block ``name`` in ``path`` by ``new``."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Performance\n"
    pattern = re.compile(rf"<!-- bench:{name} -->.*?<!-- /bench:{name} -->", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: new, text)
    else:
        text = text.rstrip("\n") + "\n\n" + new + "\n"
    path.write_text(text, encoding="utf-8")
