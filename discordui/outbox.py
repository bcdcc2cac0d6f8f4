"""Announcements left pending are delivered: at start, and again after Discord refused one.
Lobby posts whose id was never stored are found again (``discordui.lobbies.lobby_post``).

A change and what it must announce are recorded together (``discordui.publish``); the post itself
can still fail to happen: the bot stops between the commit and the post, the thread cannot be
opened or written to for a while (a permission removed, an outage). Every game whose
announcement is pending is retried here, each failure waiting longer before the next try, so a
game whose thread is gone for good costs one request an hour and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from discordui.lobbies import restore_lobby_post
from discordui.publish import announce
from host.rows import GameRow
from host.set_aside import GameSetAside

if TYPE_CHECKING:
    from discordui.client import TableBot

log = logging.getLogger(__name__)

#: Seconds between rounds over the pending announcements.
ROUND_SECONDS = 30.0
#: The longest wait before a failing game is tried again.
MAX_BACKOFF_SECONDS = 3600.0


class Outbox:
    """Retries pending announcements in the background (one task per bot)."""

    def __init__(self, bot: TableBot, *, round_seconds: float = ROUND_SECONDS) -> None:
        self.bot = bot
        self.round_seconds = round_seconds
        self._task: asyncio.Task[None] | None = None
        #: (what, game id) -> (failures in a row, monotonic time of the next try)
        self._failing: dict[tuple[str, int], tuple[int, float]] = {}

    async def announce(self, game_id: int) -> bool:
        """Deliver one game's pending announcement now (after the change that recorded it)."""
        return await announce(self.bot, game_id)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="outbox")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def deliver_pending(self) -> int:
        """One round: deliver what is due, and find (or make) the post of every open lobby
        whose post's id was never stored; returns how many games are still pending."""
        now = time.monotonic()
        left = 0
        for row in await self.bot.store.games_to_announce():
            left += not await self._attempt("announce", row, now, announce)
        for row in await self.bot.store.unposted_lobbies():
            left += not await self._attempt("lobby", row, now, restore_lobby_post)
        return left

    async def _attempt(
        self,
        kind: str,
        row: GameRow,
        now: float,
        deliver: Callable[[TableBot, int], Awaitable[bool]],
    ) -> bool:
        """Deliver one game's pending ``kind`` unless it failed lately and waits; True when
        nothing of it is left for this process (delivered, another's, or set aside)."""
        if not self.bot.serves(row.guild_id):
            return True  # another process's server
        key = (kind, row.id)
        failures, next_try = self._failing.get(key, (0, 0.0))
        if next_try > now:
            return False
        try:
            delivered = await deliver(self.bot, row.id)
        except GameSetAside:
            return True  # cannot be loaded, so nothing to show (logged once, in /mod check)
        except Exception:
            log.exception("delivering the %s of game %s failed", kind, row.id)
            delivered = False
        if delivered:
            self._failing.pop(key, None)
            return True
        wait = min(self.round_seconds * 2**failures, MAX_BACKOFF_SECONDS)
        self._failing[key] = (failures + 1, now + wait)
        return False

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                pending = await self.deliver_pending()
                if pending:
                    log.info("%d game(s) still to announce", pending)
            except Exception:
                log.exception("outbox round failed")
            await asyncio.sleep(self.round_seconds)
