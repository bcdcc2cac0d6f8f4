"""The timer dispatcher: one task that fires durable timers (reminders, deadlines, cleanups).

Timers are rows in the store (:class:`store.TimerRow`), so they survive restarts: on start the
dispatcher simply reads the table. It sleeps until the earliest pending timer is due, or until
:meth:`TimerDispatcher.poke` says an earlier one may have been scheduled; then it claims each
due timer (``UPDATE ... WHERE claimed_at IS NULL``: one claim wins, even across processes),
runs the handler registered for its kind and deletes the row. A timer therefore fires at most
once: a handler that fails leaves its row claimed, is logged and is not run again.

Handlers decide for themselves whether a timer still matters (a reminder whose prompt has
moved on is dropped by comparing the game's seq with the one the timer was stamped with).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime, timedelta

from host.clock import Clock
from host.set_aside import GameSetAside
from store import NewTimer, Store, TimerMatch, TimerRow

log = logging.getLogger(__name__)

#: A coroutine that handles one due timer of a kind.
Handler = Callable[[TimerRow], Awaitable[None]]

#: After the store fails, wait this long before looking again (no busy loop on a broken disk).
RETRY_AFTER = timedelta(seconds=30)


class TimerDispatcher:
    """Fires the store's timers at their time through the handlers registered per kind."""

    def __init__(self, store: Store, clock: Clock, *, batch: int = 50) -> None:
        self.store = store
        self.clock = clock
        self.batch = batch
        self._handlers: dict[str, Handler] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._settlers: list[asyncio.Future[None]] = []

    def register(self, kind: str, handler: Handler) -> None:
        """Handle due timers of ``kind`` with ``handler`` (one handler per kind)."""
        if kind in self._handlers:
            raise ValueError(f"a handler for {kind!r} timers is already registered")
        self._handlers[kind] = handler

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start the dispatching task (register the handlers first)."""
        if self.running:
            return
        self._task = asyncio.create_task(self._run(), name="timer-dispatcher")

    async def stop(self) -> None:
        """Stop the task; pending timers stay in the store for the next start."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for future in self._settlers:
            if not future.done():
                future.cancel()
        self._settlers = []

    def poke(self) -> None:
        """Look at the table again now (a timer may have been scheduled earlier than the one
        the dispatcher sleeps for)."""
        self._wake.set()

    async def add(self, timer: NewTimer) -> TimerRow:
        """Schedule one timer and wake the dispatcher if it is due earlier."""
        row = await self.store.add_timer(timer)
        self.poke()
        return row

    async def replace(
        self,
        game_id: int,
        *,
        cancel: Sequence[TimerMatch] = (),
        add: Sequence[NewTimer] = (),
        seq: int | None = None,
        hold: Mapping[int, int | None] | None = None,
    ) -> list[TimerRow]:
        """:meth:`store.Store.replace_timers`, then wake the dispatcher when something was added."""
        rows = await self.store.replace_timers(game_id, cancel=cancel, add=add, seq=seq, hold=hold)
        if rows:
            self.poke()
        return rows

    async def settle(self, timeout: float = 10.0) -> None:
        """Wait until every timer due now has been handled and the dispatcher sleeps again.

        For tests after moving a :class:`host.clock.FakeClock`; raises TimeoutError if the
        dispatcher does not get there in ``timeout`` seconds (of real time).
        """
        if not self.running:
            raise RuntimeError("the timer dispatcher is not running")
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._settlers.append(future)
        self.poke()
        await asyncio.wait_for(future, timeout)

    async def fire_due(self) -> int:
        """Claim and handle every timer due now (up to ``batch``); returns how many ran."""
        fired = 0
        for timer in await self.store.due_timers(self.clock.now(), self.batch):
            if not await self.store.claim_timer(timer.id, self.clock.now()):
                continue  # another dispatcher took it
            handler = self._handlers.get(timer.kind)
            if handler is None:
                log.error("no handler for %s timer %s; dropped", timer.kind, timer.id)
                continue
            try:
                await handler(timer)
            except GameSetAside:
                # Its reason was logged when the game was set aside; no traceback per timer.
                log.warning(
                    "%s timer %s skipped: game %s is set aside", timer.kind, timer.id, timer.game_id
                )
                continue
            except Exception:
                log.exception("%s timer %s of game %s failed", timer.kind, timer.id, timer.game_id)
                continue
            await self.store.finish_timer(timer.id)
            fired += 1
        return fired

    async def _run(self) -> None:
        while True:
            # Cleared before reading the table: a poke from now on interrupts the next sleep.
            self._wake.clear()
            settlers, self._settlers = self._settlers, []
            try:
                await self.fire_due()
                upcoming = await self.store.next_timer()
            except Exception:
                log.exception("timer dispatcher: the store failed; retrying")
                self._settlers[:0] = settlers
                await self._sleep(self.clock.now() + RETRY_AFTER)
                continue
            if upcoming is not None and upcoming.due_at <= self.clock.now():
                self._settlers[:0] = settlers  # more due than one batch: not settled yet
                continue
            for future in settlers:
                if not future.done():
                    future.set_result(None)
            await self._sleep(upcoming.due_at if upcoming is not None else None)

    async def _sleep(self, until: datetime | None) -> None:
        """Until ``until`` (None: indefinitely) or a poke, whichever comes first."""
        waits: set[asyncio.Future[object]] = {asyncio.ensure_future(self._wake.wait())}
        if until is not None:
            waits.add(asyncio.ensure_future(self.clock.sleep_until(until)))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()
