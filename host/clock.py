"""Time for the bot: every read of the time and every timed sleep goes through a Clock.

The timer dispatcher, reminders, deadlines and cleanups ask the bot's clock, never
``datetime.now`` or ``asyncio.sleep`` directly, so the tests can run days of a game in
milliseconds with :class:`FakeClock`.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Protocol

#: The longest single real sleep: a wall clock that jumps (suspend, NTP) is noticed within it.
MAX_NAP = timedelta(minutes=5)


class Clock(Protocol):
    """Now, and waiting until a moment."""

    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...

    async def sleep_until(self, moment: datetime) -> None:
        """Return once ``now() >= moment`` (at once when it already is)."""
        ...


class SystemClock:
    """The real time."""

    def now(self) -> datetime:
        return datetime.now(UTC)

    async def sleep_until(self, moment: datetime) -> None:
        while (left := moment - self.now()) > timedelta(0):
            await asyncio.sleep(min(left, MAX_NAP).total_seconds())


class FakeClock:
    """Time that moves only when a test calls :meth:`advance` (or :meth:`set`).

    Sleepers whose moment has come are woken by the move itself.

    >>> clock = FakeClock(datetime(2030, 1, 7, 9, 0, tzinfo=UTC))
    >>> clock.advance(timedelta(minutes=90))
    >>> clock.now().isoformat()
    '2030-01-07T10:30:00+00:00'
    """

    #: A Monday morning, so quiet-hour tests start from a known weekday and hour.
    DEFAULT_START = datetime(2030, 1, 7, 9, 0, tzinfo=UTC)

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or self.DEFAULT_START
        self._sleepers: list[tuple[datetime, asyncio.Future[None]]] = []

    def now(self) -> datetime:
        return self._now

    async def sleep_until(self, moment: datetime) -> None:
        if moment <= self._now:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (moment, future)
        self._sleepers.append(entry)
        try:
            await future
        finally:
            if entry in self._sleepers:
                self._sleepers.remove(entry)

    def advance(self, delta: timedelta | float) -> None:
        """Move time forward by ``delta`` (seconds or a timedelta) and wake who is due."""
        step = delta if isinstance(delta, timedelta) else timedelta(seconds=delta)
        if step < timedelta(0):
            raise ValueError("time only moves forward")
        self.set(self._now + step)

    def set(self, moment: datetime) -> None:
        """Jump to ``moment`` (not earlier than now) and wake who is due."""
        if moment < self._now:
            raise ValueError("time only moves forward")
        self._now = moment
        for due, future in list(self._sleepers):
            if due <= moment and not future.done():
                future.set_result(None)

    @property
    def sleepers(self) -> int:
        """How many coroutines are waiting (for tests)."""
        return sum(1 for _, future in self._sleepers if not future.done())
