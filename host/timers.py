"""The timer dispatcher: one task that fires durable timers (reminders, deadlines, cleanups).

Timers are rows in the store (:class:`store.TimerRow`), so they survive restarts: on start the
dispatcher simply reads the table. It sleeps until the earliest pending timer is due, or until
:meth:`TimerDispatcher.poke` says an earlier one may have been scheduled; then it claims each
due timer (a guarded ``UPDATE``: one claim wins, even across processes), runs the handler
registered for its kind and deletes the row. A handler that fails is logged and its row is
parked, never to run again.

With several processes on one database (:mod:`host.presence`), a claim names its process, and
each process fires the timers of the servers it serves. A process that dies in a handler
leaves its claim behind; when its lease is over the timer is pending again, and the process
now serving that server runs it once more (so a handler must cope with having run partly:
the game's seq tells it whether its action was recorded, and a message it posts carries the
timer's nonce, which Discord does not post twice). The presence pokes the dispatcher after
each renewal, so such timers are found without anything else happening.

Handlers decide for themselves whether a timer still matters (a reminder whose prompt has
moved on is dropped by comparing the game's seq with the one the timer was stamped with).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from datetime import datetime, timedelta

from host.clock import Clock
from host.presence import Presence
from host.set_aside import GameSetAside
from store import NewTimer, Store, StoreError, TimerMatch, TimerRow

log = logging.getLogger(__name__)

#: A coroutine that handles one due timer of a kind.
Handler = Callable[[TimerRow], Awaitable[None]]

#: After the store fails, wait this long before looking again (no busy loop on a broken disk).
RETRY_AFTER = timedelta(seconds=30)

#: The task running a timer handler and the nonces of the messages it posts, in order. A task
#: the handler starts inherits this (a copy of the context) but is not that task: its posts,
#: in an order a second run need not repeat, get no nonce.
_nonces: ContextVar[tuple[asyncio.Task[object] | None, Iterator[str]] | None] = ContextVar(
    "timer_nonces", default=None
)


def post_nonce() -> str | None:
    """A nonce for the next message the running timer handler posts (None outside one).

    A timer run again after its process died in the handler posts its messages in the same
    order, so each gets the nonce it had the first time, and Discord (``enforce_nonce``)
    returns the message already posted instead of posting it twice.
    """
    running = _nonces.get()
    if running is None or running[0] is not asyncio.current_task():
        return None
    return next(running[1])


class TimerDispatcher:
    """Fires the store's timers at their time through the handlers registered per kind."""

    def __init__(
        self, store: Store, clock: Clock, *, batch: int = 50, presence: Presence | None = None
    ) -> None:
        self.store = store
        self.clock = clock
        self.batch = batch
        #: This process among several (None: the only one; it fires every timer).
        self.presence = presence
        self._handlers: dict[str, Handler] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._settlers: list[asyncio.Future[None]] = []
        #: While the dispatcher sleeps (between rounds): the time it sleeps until, None for
        #: until poked. Absent while it works: whatever is added then may be missed.
        self._asleep: tuple[datetime | None] | None = None

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
        self._poke_for([row])
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
        self._poke_for(rows)
        return rows

    def _poke_for(self, added: Sequence[TimerRow]) -> None:
        """Poke the dispatcher for timers just added, unless it sleeps until a time no
        earlier than all of them are due (every move adds a reminder hours ahead: waking to
        read the table again would find nothing to do)."""
        if not added:
            return
        if self._asleep is not None:
            (until,) = self._asleep
            if until is not None and all(t.due_at >= until for t in added):
                return
        self.poke()

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
        return (await self._fire_round())[0]

    async def _fire_round(self) -> tuple[int, set[int]]:
        """:meth:`fire_due`, and the ids of the due timers it looked at."""
        presence = self.presence
        due = await self.store.due_timers(self.clock.now(), self.batch)
        if presence is not None and not presence.alive():
            # Another process may be taking this one's claims: claim nothing until renewed.
            return 0, {t.id for t in due}
        serving = await presence.serving() if presence is not None else None
        owner = presence.id if presence is not None else None
        fired = 0
        for timer in due:
            if serving is not None and not await self._serves(serving, timer):
                continue  # the process serving its server fires it
            if not await self.store.claim_timer(timer.id, self.clock.now(), owner):
                continue  # another dispatcher took it
            if await self._handle(timer):
                await self.store.finish_timer(timer.id)
                fired += 1
            else:
                await self.store.park_timer(timer.id)
        return fired, {t.id for t in due}

    async def _serves(self, serving: Callable[[int], bool], timer: TimerRow) -> bool:
        try:
            game = await self.store.get_game(timer.game_id)
        except StoreError:
            return True  # an unreadable game: its handler sets it aside, wherever it runs
        return game is None or serving(game.guild_id)

    async def _handle(self, timer: TimerRow) -> bool:
        """Run the timer's handler; False when it failed (logged)."""
        handler = self._handlers.get(timer.kind)
        if handler is None:
            log.error("no handler for %s timer %s; dropped", timer.kind, timer.id)
            return False
        numbered = (f"t{timer.id}.{n}" for n in itertools.count())
        nonces = _nonces.set((asyncio.current_task(), numbered))
        try:
            await handler(timer)
        except GameSetAside:
            # Its reason was logged when the game was set aside; no traceback per timer.
            log.warning(
                "%s timer %s skipped: game %s is set aside", timer.kind, timer.id, timer.game_id
            )
            return False
        except Exception:
            log.exception("%s timer %s of game %s failed", timer.kind, timer.id, timer.game_id)
            return False
        finally:
            _nonces.reset(nonces)
        return True

    async def _run(self) -> None:
        while True:
            # Cleared before reading the table: a poke from now on interrupts the next sleep.
            self._wake.clear()
            settlers, self._settlers = self._settlers, []
            try:
                _, seen = await self._fire_round()
                now = self.clock.now()
                # Due and not looked at yet: more than one batch, or due during this round.
                more = any(t.id not in seen for t in await self.store.due_timers(now, self.batch))
                # A timer looked at and still due is another process's to fire (or being
                # claimed by another dispatcher); the next poke looks again.
                upcoming = None if more else await self.store.next_timer(after=now)
            except Exception:
                log.exception("timer dispatcher: the store failed; retrying")
                self._settlers[:0] = settlers
                await self._sleep(self.clock.now() + RETRY_AFTER)
                continue
            if more:
                self._settlers[:0] = settlers  # not settled yet
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
        self._asleep = (until,)
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._asleep = None
            for waiting in waits:
                waiting.cancel()
