"""Every refusal the code can raise has a sentence in every language.

The codes are found in the source (``UserError("code"``, ``StoreError("code"``,
``IllegalAction("code"``, ``SeqConflict("code"``), so a new refusal without a sentence fails here
instead of reaching a player as a raw key or as "unknown error".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import locales
import rules

ROOT = Path(__file__).resolve().parents[2]
RAISED = re.compile(r"\b(UserError|StoreError|IllegalAction|SeqConflict)\(\s*\"([a-z0-9_]+)\"")
PACKAGES = ("cogs", "store", "rules", "render")
#: The engines' shared base: what it raises is looked up in each game's own words.
SHARED = {("rules", "engine.py"), ("rules", "formats.py")}


def raised_codes() -> set[tuple[str, str, str, bool]]:
    """(kind, code, game or "", raised by the engines' shared base) for every literal code in
    the packages' source."""
    found: set[tuple[str, str, str, bool]] = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT).parts
            game = rel[1] if package == "rules" and len(rel) > 2 else ""
            shared = rel in SHARED
            for kind, code in RAISED.findall(path.read_text(encoding="utf-8")):
                found.add((kind, code, game, shared))
    return found


def test_the_scan_finds_the_codes() -> None:
    """The pattern still matches how refusals are written (finding nothing proves nothing)."""
    codes = {code for _, code, _, _ in raised_codes()}
    assert {"not_a_player", "seats_changed", "not_your_turn"} <= codes
    assert len(codes) > 50


@pytest.mark.parametrize("lang", locales.SUPPORTED)
def test_every_raised_code_has_a_sentence(lang: str) -> None:
    def localised(code: str, game: str, shared_by_games: bool) -> bool:
        if locales.has(lang, f"error.{code}"):
            return True
        # A code raised by the engines' shared base is looked up per game.
        games = rules.GAME_NAMES if shared_by_games else ([game] if game else [])
        return bool(games) and all(locales.has(lang, f"error.{g}.{code}") for g in games)

    missing = sorted(
        f"{kind} {code}" + (f" ({game})" if game else "")
        for kind, code, game, shared in raised_codes()
        if not localised(code, game, shared)
    )
    assert missing == []
