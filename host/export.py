"""A game's log as a transcript file (docs/transcripts.md), replayable with
``python -m rules replay FILE``. No Discord here.

Only games that are over (``finished`` or ``ended``) are exported, to anyone who may follow
the game (an invite-only game's transcript only to those who could read its thread): the
transcript holds the seed, and the seed of a running game would tell every hidden card and die
to come. Nobody, moderators included, exports a running or paused game; a moderator who needs
its log has ``python -m store check`` and the database.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from host.errors import UserError
from rules.core import Outcome
from store import ActionRow, GameRow, SeatRow, standing

#: Statuses whose games may be exported.
EXPORTABLE = ("finished", "ended")


def check_over(row: GameRow, what: str) -> None:
    """Refuse a game that is not over: UserError(``<what>_running`` while it runs or is
    paused, ``<what>_not_started`` for a lobby or a cancelled game)."""
    if row.status in EXPORTABLE:
        return
    if row.status in ("running", "paused"):
        raise UserError(f"{what}_running", game=row.id)
    raise UserError(f"{what}_not_started", game=row.id)


def check_exportable(row: GameRow) -> None:
    """Refuse a game that is not over: UserError(export_running / export_not_started)."""
    check_over(row, "export")


def transcript(
    row: GameRow, seats: Sequence[SeatRow], actions: Sequence[ActionRow], outcome: Outcome | None
) -> dict[str, Any]:
    """The transcript of a game that is over: handles in seat order, options, seed, each move
    and resignation that stands as a step (notes and moves taken back are left out), and the
    outcome as ``expect``, so a replay checks itself."""
    check_exportable(row)
    handles = {s.seat: s.handle for s in seats}
    steps: list[dict[str, Any]] = []
    stand = set(standing(actions))  # moves taken back by an undo or rollback are left out
    for action in actions:
        if action.kind == "note" or action.seat is None or action.seq not in stand:
            continue
        player = handles[action.seat]
        if action.kind == "resign":
            steps.append({"player": player, "resign": True})
        else:
            steps.append({"player": player, "action": action.text})
    return {
        "game": row.game,
        "players": [handles[seat] for seat in sorted(handles)],
        "options": dict(row.options),
        "seed": row.seed,
        "steps": steps,
        "expect": {"outcome": None if outcome is None else outcome.to_json()},
    }


def transcript_bytes(data: dict[str, Any]) -> bytes:
    """The file's contents: indented JSON, one step per line for readable diffs."""
    head = {k: v for k, v in data.items() if k not in ("steps", "expect")}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "steps": [']
    steps = [json.dumps(step, ensure_ascii=False) for step in data["steps"]]
    lines += [f"  {step}," for step in steps[:-1]] + [f"  {step}" for step in steps[-1:]]
    lines.append('], "expect": ' + json.dumps(data["expect"], ensure_ascii=False) + "}")
    return ("\n".join(lines) + "\n").encode("utf-8")
