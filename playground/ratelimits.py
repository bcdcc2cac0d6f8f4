"""Discord's rate limits as the emulator applies them: per-route buckets and a global limit.

Discord counts requests per *bucket*: a route (method and path template) together with its
major parameter (the channel, guild or webhook in the path). Every answer carries the
bucket's state in ``X-RateLimit-*`` headers; a request over the limit gets ``429`` with
``Retry-After`` and a JSON body with ``retry_after`` (``topics/rate-limits`` of Discord's
API documentation). discord.py reads the headers, waits before it would go over, and
retries a 429 only when the response carries ``Via`` (which Discord's answers always do).

Discord publishes no numbers per route; the defaults below are the ones Discord's headers
report for a bot: 5 messages per 5 seconds in one channel, and 50 requests a second in all.
Interaction callbacks are not limited. The interaction endpoints (the callback, and the
``/webhooks/{app}/{token}`` routes that edit the original response and send, edit or delete
followups) are "not bound to the application's Global Rate Limit"
(``interactions/receiving-and-responding``, "Endpoints"); the webhook ones keep their per-route
buckets, as "interactions webhooks share the same rate limit properties as normal webhooks".
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

#: Every answer of Discord's API carries it; discord.py retries a 429 only when it is there.
VIA = "1.1 google"


@dataclass(frozen=True)
class Limit:
    """``count`` requests per ``per`` seconds."""

    count: int
    per: float


#: (method, route template) -> limit; templates as in ``RestApi.routes`` without ``/api/v10``.
#: Only routes whose numbers Discord's headers are known to report; others count towards
#: the global limit alone.
DEFAULT_LIMITS: dict[tuple[str, str], Limit] = {
    ("POST", "/channels/{cid}/messages"): Limit(5, 5.0),
    ("PATCH", "/channels/{cid}/messages/{mid}"): Limit(5, 5.0),
    ("DELETE", "/channels/{cid}/messages/{mid}"): Limit(5, 1.0),
    ("PUT", "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me"): Limit(1, 0.25),
    ("POST", "/webhooks/{app}/{token}"): Limit(5, 2.0),
    ("PATCH", "/webhooks/{app}/{token}/messages/{mid}"): Limit(5, 2.0),
}
#: Requests a second across every route but interaction callbacks.
DEFAULT_GLOBAL = Limit(50, 1.0)
#: Path parameters that make a bucket (``topics/rate-limits``: major parameters).
MAJOR_PARAMETERS = ("cid", "guild", "token")
#: Interaction callbacks are answered however often the bot calls them.
UNLIMITED = frozenset({("POST", "/interactions/{iid}/{token}/callback")})
#: Routes outside the global limit: every interaction endpoint. The emulator knows no webhooks
#: but the interaction ones, so every ``/webhooks/{app}/{token}`` route is one.
GLOBAL_EXEMPT_PREFIX = "/webhooks/{app}/{token}"


@dataclass
class _Window:
    """A fixed window: it opens with the first request and resets ``per`` seconds later."""

    limit: Limit
    used: int = 0
    resets_at: float = 0.0

    def take(self, now: float) -> bool:
        if now >= self.resets_at:
            self.used, self.resets_at = 0, now + self.limit.per
        if self.used >= self.limit.count:
            return False
        self.used += 1
        return True

    def reset_after(self, now: float) -> float:
        return max(0.0, self.resets_at - now)


@dataclass(frozen=True)
class Verdict:
    """What the limiter says about one request: the headers to send, and 429 or not."""

    headers: dict[str, str]
    limited: bool = False
    retry_after: float = 0.0
    is_global: bool = False


class RateLimiter:
    """Counts the bot's requests per bucket and per second.

    ``time_scale`` shortens every window (0.1: 5 messages per 0.5 s) so that a test suite
    playing whole games at machine speed is not slowed to Discord's pace; the counts stay
    Discord's, so the bot still runs into the limits and must wait them out.
    """

    def __init__(
        self,
        limits: Mapping[tuple[str, str], Limit] | None = None,
        global_limit: Limit | None = DEFAULT_GLOBAL,
        clock: Callable[[], float] = time.monotonic,
        time_scale: float = 1.0,
    ) -> None:
        self.limits = dict(DEFAULT_LIMITS if limits is None else limits)
        self.global_limit = global_limit
        self.clock = clock
        self.time_scale = time_scale
        self.enabled = True
        #: How many requests were answered 429 (tests assert the bot recovered from them).
        self.refused = 0
        self._windows: dict[tuple[str, str, str], _Window] = {}
        self._global: _Window | None = None

    def _scaled(self, limit: Limit) -> Limit:
        return Limit(limit.count, limit.per * self.time_scale)

    def set_limit(self, method: str, template: str, limit: Limit | None) -> None:
        """Change (or with None remove) the limit of one route."""
        if limit is None:
            self.limits.pop((method, template), None)
        else:
            self.limits[(method, template)] = limit
        self._windows = {k: w for k, w in self._windows.items() if k[:2] != (method, template)}

    def set_global(self, limit: Limit | None) -> None:
        """Change (or with None remove) the global limit; its window starts afresh."""
        self.global_limit, self._global = limit, None

    def check(self, method: str, template: str, params: Mapping[str, str]) -> Verdict:
        """Count one request to ``template`` (its path parameters in ``params``)."""
        route = (method, template)
        if not self.enabled or route in UNLIMITED:
            return Verdict({"Via": VIA})
        now = self.clock()
        if self.global_limit is not None and not template.startswith(GLOBAL_EXEMPT_PREFIX):
            if self._global is None:
                self._global = _Window(self._scaled(self.global_limit))
            if not self._global.take(now):
                self.refused += 1
                wait = self._global.reset_after(now)
                headers = {
                    "Via": VIA,
                    "Retry-After": _seconds(wait),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                }
                return Verdict(headers, limited=True, retry_after=wait, is_global=True)
        limit = self.limits.get(route)
        if limit is None:
            return Verdict({"Via": VIA})
        major = ":".join(params.get(p, "") for p in MAJOR_PARAMETERS)
        window = self._windows.setdefault((method, template, major), _Window(self._scaled(limit)))
        allowed = window.take(now)
        wait = window.reset_after(now)
        headers = {
            "Via": VIA,
            "X-RateLimit-Limit": str(window.limit.count),
            "X-RateLimit-Remaining": str(max(0, window.limit.count - window.used)),
            "X-RateLimit-Reset": f"{time.time() + wait:.3f}",
            "X-RateLimit-Reset-After": f"{wait:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(f"{method} {template}".encode()).hexdigest()[:16],
        }
        if allowed:
            return Verdict(headers)
        self.refused += 1
        headers.update({"Retry-After": _seconds(wait), "X-RateLimit-Scope": "user"})
        return Verdict(headers, limited=True, retry_after=wait)


def _seconds(wait: float) -> str:
    """``Retry-After`` is a whole number of seconds on Discord, rounded up; under a
    ``time_scale`` the windows are shorter than a second, so it keeps the fraction."""
    return str(max(1, math.ceil(wait))) if wait >= 1 else f"{wait:.3f}"
