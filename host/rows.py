"""The store's rows and refusals as the Discord layer reads them.

``cogs`` and ``discordui`` import nothing of ``store`` (tests/test_architecture.py): what they
write goes through the host's services (``host.service``, ``host.lobbies``,
``host.moderation`` ...), and the rows those return are the store's own dataclasses, named
here so that the host says which of them the layer above may rely on.
"""

from __future__ import annotations

from store import (
    DEADLINE_POLICIES,
    ActionRow,
    BadRow,
    DeadlineRow,
    GameRow,
    NewTimer,
    PlayerStats,
    RatingRow,
    SeatRow,
    Store,
    TimerMatch,
    TimerRow,
)
from store.rebuild import restore_point, taken_back

__all__ = [
    "DEADLINE_POLICIES",
    "ActionRow",
    "BadRow",
    "DeadlineRow",
    "GameRow",
    "NewTimer",
    "PlayerStats",
    "RatingRow",
    "SeatRow",
    "Store",
    "TimerMatch",
    "TimerRow",
    "restore_point",
    "taken_back",
]
