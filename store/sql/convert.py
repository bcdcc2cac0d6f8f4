"""The columns the store reads, rows into row types, and pure helpers (JSON, times).

A row that cannot be read back raises :class:`store.base.BadRow` from its converter; the
caller sets it aside (``store.sql.base``). The names keep the leading underscore they had when
all of this was one module: they are the store's own, shared by ``store.sql``'s areas and
``store.schema``, and nothing outside ``store/`` uses them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from store.base import (
    ActionRow,
    BadRow,
    GameRow,
    ProcessRow,
    RatingRow,
    ResultRow,
    SeatRow,
    SetAside,
    StoreError,
    TimerRow,
    VacationRow,
)
from store.dialect import Db

_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, table_message_id, game, options, "
    "seats_wanted, status, seed, seq, created_by, created_at, updated_at"
)
#: What reading a game selects: the first migration's columns and those added since.
_GAME_SELECT = _GAME_COLUMNS + ", announce, ping"
_SEAT_COLUMNS = "game_id, seat, user_id, handle, joined_at"
_SEAT_SELECT = _SEAT_COLUMNS + ", since, held"
_ACTION_COLUMNS = "id, game_id, seq, seat, user_id, kind, text, created_at"
_TIMER_COLUMNS = "id, game_id, kind, seat, seq, due_at, payload, claimed_at"
_RATING_COLUMNS = "guild_id, game, user_id, mu, sigma, games, wins, updated_at"
_RESULT_COLUMNS = "game_id, user_id, guild_id, game, seat, rank, score, won, rated"
_VACATION_COLUMNS = "rowid, game_id, user_id, used_seconds, until"


async def _load_game(db: Db, game_id: int) -> GameRow:
    rows = list(
        await db.execute_fetchall(f"SELECT {_GAME_SELECT} FROM games WHERE id = ?", (game_id,))
    )
    if not rows:
        raise StoreError("unknown_game", game=game_id)
    return _game_row(rows[0])


def _game_row(r: sqlite3.Row) -> GameRow:
    options = _json(
        r["options"], "games", r["id"], "options", game_id=r["id"], guild_id=r["guild_id"]
    )
    return GameRow(
        id=r["id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        lobby_message_id=r["lobby_message_id"],
        table_message_id=r["table_message_id"],
        game=r["game"],
        options=options,
        seats_wanted=r["seats_wanted"],
        status=r["status"],
        seed=r["seed"],
        seq=r["seq"],
        created_by=r["created_by"],
        created_at=r["created_at"],
        updated_at=r["updated_at"],
        announce=None if r["announce"] is None else bool(r["announce"]),
        ping=_pings(r),
    )


def _pings(r: sqlite3.Row) -> tuple[int, ...]:
    """The seats of ``games.ping``; a value that is not a list of seats is read as none (the
    mention is lost, the game is not)."""
    if r["ping"] is None:
        return ()
    try:
        found = json.loads(r["ping"])
    except ValueError:
        return ()
    if not isinstance(found, list) or not all(type(s) is int and s >= 0 for s in found):
        return ()
    return tuple(found)


def _seat_row(r: sqlite3.Row) -> SeatRow:
    return SeatRow(
        r["game_id"], r["seat"], r["user_id"], r["handle"], r["joined_at"], r["since"], r["held"]
    )


def _action_row(r: sqlite3.Row) -> ActionRow:
    if not _is_text(r["text"]):
        raise BadRow(SetAside("actions", r["id"], "text", "not_utf8", game_id=r["game_id"]))
    return ActionRow(
        r["game_id"], r["seq"], r["seat"], r["user_id"], r["kind"], r["text"], r["created_at"]
    )


def _timer_row(r: sqlite3.Row) -> TimerRow:
    where = ("timers", r["id"])
    return TimerRow(
        id=r["id"],
        game_id=r["game_id"],
        kind=r["kind"],
        due_at=_time(r["due_at"], *where, "due_at", game_id=r["game_id"]),
        seat=r["seat"],
        seq=r["seq"],
        payload=_json(r["payload"], *where, "payload", game_id=r["game_id"]),
        claimed=r["claimed_at"] is not None,
    )


def _process_row(r: sqlite3.Row) -> ProcessRow:
    where = ("processes", 0)
    ids = None
    if r["shard_ids"] is not None:
        try:
            ids = tuple(int(i) for i in json.loads(r["shard_ids"]))
        except (ValueError, TypeError):
            raise BadRow(SetAside(*where, "shard_ids", "not_json")) from None
    return ProcessRow(
        id=r["id"],
        shard_count=r["shard_count"],
        shard_ids=ids,
        started_at=_time(r["started_at"], *where, "started_at", game_id=None),
        expires_at=_time(r["expires_at"], *where, "expires_at", game_id=None),
    )


def _vacation_row(r: sqlite3.Row) -> VacationRow:
    until = _time(r["until"], "vacations", r["rowid"], "until", game_id=r["game_id"])
    return VacationRow(r["game_id"], r["user_id"], r["used_seconds"], until)


def _settings_json(r: sqlite3.Row, table: str, key_id: int) -> dict[str, Any]:
    settings: dict[str, Any] = _json(
        r["settings"],
        table,
        key_id,
        "settings",
        game_id=key_id if table == "game_settings" else None,
        guild_id=key_id if table == "guilds" else None,
    )
    return settings


def _rating_row(r: sqlite3.Row) -> RatingRow:
    return RatingRow(
        r["guild_id"],
        r["game"],
        r["user_id"],
        r["mu"],
        r["sigma"],
        r["games"],
        r["wins"],
        r["updated_at"],
    )


def _result_row(r: sqlite3.Row) -> ResultRow:
    return ResultRow(
        game_id=r["game_id"],
        user_id=r["user_id"],
        guild_id=r["guild_id"],
        game=r["game"],
        seat=r["seat"],
        rank=r["rank"],
        score=r["score"],
        won=bool(r["won"]),
        rated=bool(r["rated"]),
    )


def _marks(values: Sequence[Any]) -> str:
    """Placeholders for ``IN (...)``; ``NULL`` for none (PostgreSQL refuses ``IN ()``)."""
    return ", ".join("?" for _ in values) or "NULL"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _iso(moment: datetime) -> str:
    """One fixed UTC text form, so comparing the text compares the times."""
    if moment.tzinfo is None:
        raise ValueError("timer times must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def _parse_iso(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class _Mangled(str):
    """Stored text that is not UTF-8, decoded with U+FFFD in place of the bad bytes: fine to
    show, never read as JSON (:func:`_json`)."""


def _decode_text(raw: bytes) -> str:
    """The connection's text factory: a bad byte in one value must not fail a whole query."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _Mangled(raw.decode("utf-8", "replace"))


def _is_text(value: Any) -> bool:
    """Whether a text column holds readable text: not bytes that are not UTF-8, and not a
    blob (SQLite keeps any type in any column; a damaged byte can turn text into one)."""
    return isinstance(value, str) and not isinstance(value, _Mangled)


def _json(
    text: Any,
    table: str,
    key: int,
    column: str,
    *,
    game_id: int | None = None,
    guild_id: int | None = None,
    obj: bool = True,
) -> Any:
    """The JSON value of a column (an object unless ``obj`` is false), else BadRow."""
    problem = None
    if isinstance(text, _Mangled):
        problem = "not_utf8"
    elif not isinstance(text, str):
        problem = "not_json"
    else:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            problem = "not_json"
        else:
            if obj and not isinstance(value, dict):
                problem = "not_object"
    if problem is not None:
        raise BadRow(SetAside(table, key, column, problem, game_id=game_id, guild_id=guild_id))
    return value


def _time(text: Any, table: str, key: int, column: str, *, game_id: int | None) -> datetime:
    """A timezone-aware time column, else BadRow (a naive one could not be compared)."""
    try:
        moment = _parse_iso(text)
    except (TypeError, ValueError):
        moment = None
    if moment is None or moment.tzinfo is None:
        raise BadRow(SetAside(table, key, column, "bad_time", game_id=game_id))
    return moment
