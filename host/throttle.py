"""How fast one user, and one server, may make the bot work: commands and presses beyond it are
answered "too fast, wait N s" at once instead of queueing work that cannot finish in time.

Each user and each server has a token bucket: ``count`` interactions at once, refilled at
``count`` per ``window`` seconds. An interaction takes a token from both its user's and its
server's bucket, or from neither: a refused one costs nothing, so a flood in one server leaves
the other servers' buckets (and the bot's time) to them. Autocomplete is not counted (it is
answered from a cache while the user types; see ``discordui.client.TableTree``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

#: Buckets kept before the full ones (which say nothing a new bucket would not) are dropped.
PRUNE_AT = 4096


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass(frozen=True)
class Rate:
    """``count`` interactions per ``window`` seconds; a count of 0 means no limit."""

    count: int
    window: float

    def refill(self, bucket: _Bucket, now: float) -> None:
        gained = (now - bucket.at) * self.count / self.window
        bucket.tokens, bucket.at = min(float(self.count), bucket.tokens + gained), now

    def wait(self, bucket: _Bucket) -> float:
        """Seconds until ``bucket`` holds a whole token again."""
        return max(0.0, (1.0 - bucket.tokens) * self.window / self.count)


class Throttle:
    """Per-user and per-server token buckets (see the module docstring)."""

    def __init__(
        self,
        per_user: Rate,
        per_server: Rate,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_user, self.per_server = per_user, per_server
        self.clock = clock
        self._users: dict[int, _Bucket] = {}
        self._servers: dict[int, _Bucket] = {}
        #: Interactions refused so far (logged by the bot, read by tests).
        self.refused = 0

    def admit(self, guild_id: int | None, user_id: int) -> int:
        """0 when the interaction may go on (a token taken from each bucket), else the whole
        seconds to wait before trying again (at least 1)."""
        now = self.clock()
        checks = [(self.per_user, self._users, user_id)]
        if guild_id is not None:
            checks.append((self.per_server, self._servers, guild_id))
        waits = []
        buckets = []
        for rate, table, key in checks:
            if rate.count <= 0:
                continue
            bucket = table.get(key)
            if bucket is None:
                if len(table) >= PRUNE_AT:
                    self._prune(rate, table, now)
                bucket = table[key] = _Bucket(float(rate.count), now)
            rate.refill(bucket, now)
            buckets.append(bucket)
            if bucket.tokens < 1.0:
                waits.append(rate.wait(bucket))
        if waits:
            self.refused += 1
            return max(1, math.ceil(max(waits) - 1e-9))  # no second more for a rounding error
        for bucket in buckets:
            bucket.tokens -= 1.0
        return 0

    @staticmethod
    def _prune(rate: Rate, table: dict[int, _Bucket], now: float) -> None:
        for key, bucket in list(table.items()):
            rate.refill(bucket, now)
            if bucket.tokens >= rate.count:
                del table[key]
