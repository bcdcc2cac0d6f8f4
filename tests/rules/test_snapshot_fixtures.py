"""Every snapshot a released version wrote still loads to the state it was taken of.

The fixtures (tests/rules/snapshot_fixtures.py) hold snapshots of every game at many points
of play, each with the fingerprint of the state as played: who decides and what they may
do, every seat's view, and the state's fields. Loaded with the current code each must give
that fingerprint, and writing it again must give a snapshot of the current version that
loads to the same state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from snapshot_fixtures import (
    MANIFEST,
    SNAPSHOTS,
    compact,
    fingerprint,
    folders,
    read,
    structure,
)

from bench.snapshots import measure
from rules import ENGINE_NAMES, get_game
from rules.sameness import as_recorded

FOLDERS = [folder for name in ENGINE_NAMES for folder in folders(name)]
#: Fixtures made before ids of their game were renamed (Clash's civil halves, ``C03`` then,
#: ``P03`` now: rules.clash.formats.respelling): the fingerprint of the state they load to is
#: taken with the renamed ids spelt as they were (:func:`rules.sameness.as_recorded`): a rename
#: is not another state. The loading must still respell them: read as written, two of the
#: Clash v1 snapshots offer other choices (a Cultural Awe waiting for the next Cultural
#: Influence, which then goes unseen). Fixtures fingerprinted again (``--refingerprint``) have
#: today's spelling: they leave this set.
#: (Clash's v1 and v2 were fingerprinted again when its status phase began asking every player
#: at once, C127, and again when the free advance began to be asked after a player's last turn
#: of the round, C130, and again when a refused offer could be followed by another, C123: they are
#: compared as the code since loads them.)
MADE_BEFORE_RENAMES: set[tuple[str, str]] = set()


def _id(folder: Path) -> str:
    return f"{folder.parent.name}-{folder.name}"


def test_every_game_has_fixtures_of_its_first_version() -> None:
    """Each engine's v1 snapshots were saved before its format could change."""
    assert {f.parent.name for f in FOLDERS if f.name == "v1"} == set(ENGINE_NAMES)


@pytest.mark.parametrize("folder", FOLDERS, ids=_id)
def test_saved_snapshots_load_to_the_states_they_were_taken_of(folder: Path) -> None:
    name = folder.parent.name
    game = get_game(name)
    manifest = json.loads((folder / MANIFEST).read_text())
    games, records = read(folder)
    assert manifest["version"] == int(folder.name[1:]) and manifest["game"] == name
    assert (len(games), len(records)) == (manifest["games"], manifest["snapshots"])
    current: Any = None
    problems: list[str] = []
    renamed = (name, folder.name) in MADE_BEFORE_RENAMES
    for r in records:
        where = f"{name} {folder.name} game {r['game']} step {r['step']}"
        assert r["snapshot"]["version"] == manifest["version"], where
        seats = len(games[r["game"]]["players"])
        state = game.from_json(r["snapshot"])
        spelling = (lambda text: as_recorded(name, text)) if renamed else (lambda text: text)
        got = fingerprint(game, state, seats, spelling)
        if got != r["fingerprint"]:
            keys = [k for k in got if got[k] != r["fingerprint"].get(k)]
            problems.append(f"{where}: {', '.join(keys)} differ")
            continue
        # Written again (in the current version) it loads to the same state, and stays put.
        again = json.loads(compact(game.to_json(state)))
        current = current or again["version"]
        assert again["version"] == current, where
        reloaded = game.from_json(again)
        assert structure(reloaded) == structure(state), where
        assert json.loads(compact(game.to_json(reloaded))) == again, where
    assert problems == [], f"{len(problems)} of {len(records)}: {problems[:5]}"


def test_the_fixtures_stay_small() -> None:
    """Compressed, and a few MB at most altogether."""
    total = sum(p.stat().st_size for p in SNAPSHOTS.rglob("*") if p.is_file())
    assert total < 3_000_000


def test_the_snapshot_benchmark_reads_the_fixtures() -> None:
    """``python -m bench.snapshots`` (docs/performance.md) measures over these files."""
    result = measure("civ", SNAPSHOTS, repeat=1)
    assert result["snapshots"] > 100 and result["version"] == get_game("civ").version
    assert 0 < result["bytes_mean"] <= result["bytes_max"] and result["to_json_us"] > 0
