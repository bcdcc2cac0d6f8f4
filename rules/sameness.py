"""Sameness: fingerprints of whole games, to show that a change of code changed no game.

A refactoring that must not change the rules is checked against fingerprints recorded before
it (``python -m rules sameness record|check``; docs/architecture.md names the files and the
commit they were recorded at):

- self-play: the games :func:`rules.selfplay.run` plays from a seed with the ``mixed`` policy
  (each game depends on its seed alone), one fingerprint per game: the sha256 of its transcript
  as ``--save`` writes it (every action, the options, the seed and, for a finished game, the
  outcome and final public view), of its last snapshot, and its outcome;
- transcripts: each file replayed, one fingerprint of every step's result, what every viewer
  saw after each step (``replay --views``), the final views and the final snapshot.

**Renamed ids.** A rename is not a new game: every text is hashed with the ids renamed since
the fingerprints were recorded spelt back as they were then (:func:`as_recorded`, one
:data:`RESPELLED` rule per game). The one rename so far: Clash's civil halves of the action
cards, ``C01``-``C21`` at the base commit, ``P01``-``P21`` now (so that they cannot be taken for
the rules decisions C1-C126; docs/clash-cards.md). Only a whole quoted JSON string is respelt
(``"P03"``, the value of ``civil``, an entry of ``civil_played``, ``card_modifiers`` or a view's
``played``), never part of a longer string; no action token holds a civil half (an action card
is played by its own id, ``a05``), so the steps' actions need none.

Nothing here reads or writes files: the command line and the tests do.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from rules import get_game, selfplay, transcript
from rules.core import JSON

#: The self-play policy of every fingerprinted run: the heuristic player and the random one,
#: every other game, so both the plans and the odd positions are covered.
POLICY = "mixed"


def sha256(text: str) -> str:
    """A text's sha256, cut to 128 bits (plenty to tell two games apart, half the file)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


#: Per game, the ids renamed since the fingerprints were recorded: a pattern of the current
#: spelling, as a whole quoted JSON string, and its replacement, the recorded spelling. Clash's
#: civil halves ``"P01"``-``"P21"`` were ``"C01"``-``"C21"`` (no other id, space name or token
#: of any engine is a quoted ``P`` with two digits: spaces have no leading zero, ``C4``).
RESPELLED: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "clash": ((re.compile(r'"P(0[1-9]|1[0-9]|2[01])"'), r'"C\1"'),),
}


def as_recorded(game: str, text: str) -> str:
    """``text`` (JSON of ``game``) with the renamed ids spelt as when the fingerprints were
    recorded (see the module docstring): whole quoted strings only.

    >>> as_recorded("clash", '{"civil": "P03", "played": ["P10", "P21"], "id": "P030"}')
    '{"civil": "C03", "played": ["C10", "C21"], "id": "P030"}'
    >>> as_recorded("clash", '"card a05 P03x", "xP03"'), as_recorded("civ", '"P03"')
    ('"card a05 P03x", "xP03"', '"P03"')
    """
    for pattern, recorded in RESPELLED.get(game, ()):
        text = pattern.sub(recorded, text)
    return text


def outcome_fields(game: str, outcome: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """An outcome as the fingerprint keeps it: its reason and ranks to read, all of it hashed."""
    if outcome is None:
        return {"outcome": None, "reason": None, "ranks": None}
    whole = sha256(as_recorded(game, json.dumps(outcome, sort_keys=True, ensure_ascii=False)))
    return {"outcome": whole, "reason": outcome["reason"], "ranks": outcome["ranks"]}


#: The snapshot version every engine wrote at the base commit the fingerprints were recorded at.
RECORDED_SNAPSHOT_VERSION = 1


@functools.cache
def ignored(game: str) -> frozenset[str]:
    """What of ``game``'s fingerprints is not compared: the snapshot's digest once the engine
    writes another snapshot version than the recorded one (a new format is not a new game:
    tests/rules/snapshots holds that the old snapshots load to the same states)."""
    engine = get_game(game)
    version = engine.to_json(engine.setup(["a", "b"], {}, 1)).get("version")
    return frozenset({"snapshot"}) if version != RECORDED_SNAPSHOT_VERSION else frozenset()


def snapshot_digest(game_name: str, state: Any) -> str:
    """The sha256 of a state's snapshot, keys sorted (the same state, the same digest)."""
    data = get_game(game_name).to_json(state)
    return sha256(as_recorded(game_name, json.dumps(data, sort_keys=True, ensure_ascii=False)))


@dataclass(slots=True)
class _Collector:
    """A self-play recorder that keeps each game's fingerprint instead of its file."""

    game: str
    found: dict[int, dict[str, JSON]] = field(default_factory=dict)

    def __call__(self, seed: int, data: dict[str, JSON], state: Any) -> None:
        outcome = get_game(self.game).outcome(state)
        self.found[seed] = {
            "transcript": sha256(as_recorded(self.game, transcript.dumps(data))),
            "snapshot": snapshot_digest(self.game, state),
            "steps": len(data["steps"]),
            **outcome_fields(self.game, None if outcome is None else outcome.to_json()),
            "error": data.get("comment"),
        }


def _play_share(game: str, seed: int, players: int, indices: range) -> dict[int, dict[str, JSON]]:
    """The fingerprints of games ``indices`` of a run (in a worker process)."""
    collector = _Collector(game)
    report = selfplay.Report(game, players)
    runner = selfplay.Runner(get_game(game), report, policy=POLICY, record=collector)
    for i in indices:
        runner.play(game_seed(seed, i), players)
    return collector.found


def game_seed(seed: int, index: int) -> int:
    """The self-play seed of game ``index`` of a run from ``seed`` (as rules.selfplay.run)."""
    return seed * 1_000_003 + index


def play(
    game: str, *, seed: int, players: int, indices: Iterable[int], jobs: int = 1
) -> dict[str, dict[str, JSON]]:
    """Fingerprints of the self-play games ``indices`` of a run, keyed by game seed (text)."""
    wanted = list(indices)
    if not wanted:
        return {}
    if jobs <= 1 or len(wanted) == 1:
        found = _play_share(game, seed, players, _as_range(wanted))
    else:
        found = {}
        size = -(-len(wanted) // jobs)
        parts = [wanted[i : i + size] for i in range(0, len(wanted), size)]
        with ProcessPoolExecutor(max_workers=len(parts)) as pool:
            for part in pool.map(
                _play_share,
                [game] * len(parts),
                [seed] * len(parts),
                [players] * len(parts),
                [_as_range(p) for p in parts],
            ):
                found.update(part)
    return {str(s): found[s] for s in sorted(found)}


def _as_range(indices: list[int]) -> range:
    """Consecutive indices as a range (the runs share out consecutive games)."""
    if indices != list(range(indices[0], indices[-1] + 1)):
        raise ValueError("game indices must be consecutive")
    return range(indices[0], indices[-1] + 1)


def replay_digest(data: Mapping[str, JSON]) -> dict[str, JSON]:
    """A transcript's fingerprint: every step's result and what everyone saw after it, the final
    views and snapshot, and the outcome."""
    result = transcript.replay(data)
    lines: list[JSON] = list(result.view_lines(0))
    for step in result.steps:
        lines.append({**step.to_json(), "params": dict(step.params)})
        lines.extend(result.view_lines(step.seq))
    final = result.final()
    lines.append({"final": final})
    game = str(data["game"])
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines)
    return {
        "replay": sha256(as_recorded(game, text)),
        "snapshot": snapshot_digest(game, result.state),
        "steps": len(result.steps),
        **outcome_fields(game, final["outcome"]),
        "mismatches": result.mismatches(),
    }


def dumps(record: Mapping[str, JSON], table: str) -> str:
    """A fingerprint file: its header on the first line, then one line per game of ``table``
    (a mapping, or a mapping of mappings), so that a diff names the games that changed."""
    head = {k: v for k, v in record.items() if k != table}
    lines = [json.dumps(head)[:-1] + f', "{table}": {{']
    rows: list[str] = []
    for key, value in record[table].items():
        if value and all(isinstance(v, dict) for v in value.values()) and "steps" not in value:
            inner = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()]
            rows.append(f" {json.dumps(key)}: {{\n" + ",\n".join(inner) + "\n }")
        else:
            rows.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "\n".join([*lines, ",\n".join(rows), "}}"]) + "\n"


def differences(
    recorded: Mapping[str, Mapping[str, JSON]],
    now: Mapping[str, Mapping[str, JSON]],
    skip: frozenset[str] = frozenset(),
) -> list[str]:
    """One sentence per game (key) whose fingerprint differs from the recorded one, naming
    what differs but for the fields in ``skip`` (:func:`ignored`); a key of ``now`` missing
    from ``recorded`` is a difference too."""
    out = []
    for key, found in now.items():
        before = recorded.get(key)
        if before is None:
            out.append(f"{key}: not recorded")
            continue
        fields = (set(before) | set(found)) - skip
        changed = sorted(k for k in fields if before.get(k) != found.get(k))
        if changed:
            out.append(f"{key}: {', '.join(changed)} differ")
    return out
