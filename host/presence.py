"""This process among the bot processes that share one database (docs/scaling.md).

Each process records itself in the store when it starts (:class:`store.ProcessRow`: an id
drawn afresh, its shards, alive until its lease runs out) and renews the lease four times per
lease while it runs; it deletes the row when it stops. A process that dies stops renewing: once
its lease is over, the timers it had claimed are pending again and another process takes them
(:mod:`host.timers`).

Who fires a timer: the process whose shards serve the game's server, so that everything about
one server (its interactions, its timers, the bot seats and announcements they cause) happens
in one process; a server that no living process serves (its process died) is served by any.

Leases run on real time (whether a process lives), never on the bot's clock (game time, which
tests move by days). The store compares them with its own clock, so the processes' clocks
must agree to well within a lease (any NTP-synchronised machines do).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from store import ProcessRow, Store

log = logging.getLogger(__name__)

#: How long a process counts as alive after its last renewal.
LEASE = timedelta(seconds=60)


@dataclass(frozen=True)
class Shards:
    """The Discord shards a process runs: ``ids`` of ``count`` (None: every shard)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def serves(self, guild_id: int) -> bool:
        """Whether this process gets the server's events (Discord's ``(id >> 22) % count``).

        >>> Shards(2, (1,)).serves(1 << 22), Shards(2, (1,)).serves(2 << 22), Shards().serves(5)
        (True, False, True)
        """
        if self.count is None or self.ids is None:
            return True
        return (guild_id >> 22) % self.count in self.ids


def _shards(row: ProcessRow) -> Shards:
    return Shards(row.shard_count, row.shard_ids)


class Presence:
    """This process's row in the store, kept alive by a background task."""

    def __init__(
        self,
        store: Store,
        shards: Shards,
        *,
        lease: timedelta = LEASE,
        on_beat: Callable[[], None] | None = None,
    ) -> None:
        if lease <= timedelta(0):
            raise ValueError("a process lease must be positive")
        self.store = store
        self.shards = shards
        self.lease = lease
        #: Called after each renewal: the timer dispatcher looks for timers to take over.
        self.on_beat = on_beat
        self.id = secrets.token_hex(8)
        self.started_at = datetime.now(UTC)
        self._renewed = float("-inf")  # time.monotonic() of the last renewal that succeeded
        self._task: asyncio.Task[None] | None = None

    @property
    def every(self) -> float:
        """Seconds between renewals: a quarter of the lease, so one or two may fail."""
        return self.lease.total_seconds() / 4

    def alive(self) -> bool:
        """Whether the lease renewed last still holds: a process whose renewals fail must stop
        claiming timers, since another may take its claims once the lease is over."""
        return time.monotonic() - self._renewed < self.lease.total_seconds()

    async def start(self) -> None:
        """Record this process (raising if the store fails), then keep it alive."""
        await self.renew()
        clash = [p for p in await self.store.processes() if p.id != self.id and _overlap(p, self)]
        for other in clash:
            log.warning(
                "process %s (started %s) runs some of the same shards as this one (%s); "
                "each shard must run in one process only",
                other.id,
                other.started_at.isoformat(timespec="seconds"),
                self.id,
            )
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="presence")

    async def stop(self) -> None:
        """Stop renewing and delete this process's row (its claims may be taken at once)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        try:
            await self.store.end_process(self.id)
        except Exception:
            log.exception("could not remove process %s from the store", self.id)

    async def renew(self) -> None:
        """Push this process's lease forward from now."""
        began = time.monotonic()
        now = datetime.now(UTC)
        await self.store.beat(
            ProcessRow(
                id=self.id,
                shard_count=self.shards.count,
                shard_ids=self.shards.ids,
                started_at=self.started_at,
                expires_at=now + self.lease,
            )
        )
        self._renewed = began

    async def serving(self) -> Callable[[int], bool]:
        """Which servers' timers this process fires now: its own, and those of servers no
        other living process serves."""
        others = [_shards(p) for p in await self.store.processes() if p.id != self.id]
        return lambda guild_id: (
            self.shards.serves(guild_id) or not any(s.serves(guild_id) for s in others)
        )

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.renew()
            except Exception:
                log.exception("process %s could not renew its lease", self.id)
                continue
            if self.on_beat is not None:
                self.on_beat()


def _overlap(row: ProcessRow, me: Presence) -> bool:
    """Whether ``row``'s shards and this process's share a shard (or either runs all)."""
    mine, theirs = me.shards, _shards(row)
    if mine.ids is None or theirs.ids is None:
        return True
    return mine.count != theirs.count or bool(set(mine.ids) & set(theirs.ids))
