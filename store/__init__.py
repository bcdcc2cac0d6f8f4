"""Persistence: guild settings, games, seats, the action log and snapshots.

The rest of the bot depends on the :class:`Store` protocol (one protocol per area,
``store.protocols``) and the row types (``store.base``). The backends are SQLite
(``store.sqlite``, the default) and PostgreSQL (``store.postgres``), opened by
``store.connect.open_store`` from a path or a URL; the SQL is in ``store.sql``, one module per
area, written for both, with their differences in ``store.dialect``. No Discord here;
``store.rebuild`` uses the rules engines to replay logs.
"""

from __future__ import annotations

from store.base import (
    ACTION_KINDS,
    DEADLINE_POLICIES,
    GAME_STATUSES,
    STARTED_STATUSES,
    ActionRow,
    BadRow,
    DeadlineRow,
    GameRow,
    NewTimer,
    PickerPath,
    PlayerStats,
    ProcessRow,
    RatingRow,
    ResultRow,
    SeatRow,
    SeqConflict,
    SetAside,
    StoreError,
    TimerMatch,
    TimerRow,
    VacationRow,
)
from store.cache import CachedStore
from store.protocols import Connection, GameLog, Ratings, Seats, Settings, Store, Timers
from store.rebuild import (
    Mismatch,
    ReplayError,
    check,
    check_game,
    rebuild,
    replay,
    restore_point,
    standing,
    taken_back,
)
from store.sqlite import DatabaseRefused, SqliteStore

__all__ = [
    "ACTION_KINDS",
    "DEADLINE_POLICIES",
    "GAME_STATUSES",
    "STARTED_STATUSES",
    "ActionRow",
    "BadRow",
    "CachedStore",
    "Connection",
    "DatabaseRefused",
    "DeadlineRow",
    "GameLog",
    "GameRow",
    "Mismatch",
    "NewTimer",
    "PickerPath",
    "PlayerStats",
    "ProcessRow",
    "RatingRow",
    "Ratings",
    "ReplayError",
    "ResultRow",
    "SeatRow",
    "Seats",
    "SeqConflict",
    "SetAside",
    "Settings",
    "SqliteStore",
    "Store",
    "StoreError",
    "TimerMatch",
    "TimerRow",
    "Timers",
    "VacationRow",
    "check",
    "check_game",
    "rebuild",
    "replay",
    "restore_point",
    "standing",
    "taken_back",
]
