"""Pure time arithmetic for asynchronous play: durations as people type them, quiet hours.

Durations are written ``90m``, ``12h``, ``2d`` or combined (``1d12h``); quiet hours are a local
time window such as ``22:00-07:00`` in a zoneinfo time zone (``Europe/Budapest``).

>>> parse_duration("1d12h")
datetime.timedelta(days=1, seconds=43200)
>>> format_duration(timedelta(minutes=90))
'1h30m'
>>> parse_window("22:00-7")
(datetime.time(22, 0), datetime.time(7, 0))
"""

from __future__ import annotations

import functools
import re
import zoneinfo
from datetime import UTC, datetime, time, timedelta

_PART = re.compile(r"(\d+)\s*([dhm])")
_DURATION = re.compile(r"(?:\d+\s*[dhm]\s*)+")
_UNITS = {"d": timedelta(days=1), "h": timedelta(hours=1), "m": timedelta(minutes=1)}
_CLOCK = re.compile(r"(\d{1,2})(?::(\d{2}))?")

#: Words that switch a setting off.
OFF_WORDS = frozenset({"off", "no", "none", "0", "ki", "nem"})


def parse_duration(text: str) -> timedelta:
    """``"12h"`` -> 12 hours; days, hours and minutes may be combined (``1d 6h 30m``).

    Raises:
        ValueError: anything else, or a duration of zero.
    """
    cleaned = text.strip().lower()
    if not _DURATION.fullmatch(cleaned):
        raise ValueError(f"not a duration: {text!r}")
    total = sum((int(n) * _UNITS[unit] for n, unit in _PART.findall(cleaned)), timedelta())
    if total <= timedelta(0):
        raise ValueError(f"not a duration: {text!r}")
    return total


def parse_optional_duration(text: str) -> timedelta | None:
    """Like :func:`parse_duration`, with ``off`` (and its synonyms) giving None."""
    return None if text.strip().lower() in OFF_WORDS else parse_duration(text)


def format_duration(delta: timedelta) -> str:
    """The shortest ``1d12h30m`` form (whole minutes; at least ``0m``)."""
    minutes = int(delta.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    text = "".join(f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (mins, "m")) if n)
    return text or "0m"


def parse_window(text: str) -> tuple[time, time]:
    """``"22:00-07:00"`` (or ``22-7``) -> (start, end) local times; the window may wrap midnight.

    Raises:
        ValueError: not two clock times, or an empty window (start equals end).
    """
    parts = text.replace("–", "-").split("-")
    if len(parts) != 2:
        raise ValueError(f"not a time window: {text!r}")
    start, end = (_parse_clock(p) for p in parts)
    if start == end:
        raise ValueError(f"empty time window: {text!r}")
    return start, end


def format_window(window: tuple[time, time]) -> str:
    """``22:00-07:00``."""
    return "-".join(t.strftime("%H:%M") for t in window)


def zone(name: str) -> zoneinfo.ZoneInfo:
    """The time zone called ``name`` (``Europe/Budapest``); ValueError when unknown."""
    if name not in time_zones():
        raise ValueError(f"unknown time zone: {name!r}")
    return zoneinfo.ZoneInfo(name)


@functools.cache
def time_zones() -> tuple[str, ...]:
    """Every zoneinfo name this system knows, sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


def quiet_until(
    moment: datetime, window: tuple[time, time], tz: zoneinfo.ZoneInfo
) -> datetime | None:
    """When ``moment`` falls inside the daily quiet ``window`` (local times in ``tz``), the
    end of that quiet period (in UTC); otherwise None.

    >>> tz = zoneinfo.ZoneInfo("Europe/Budapest")
    >>> night = (time(22, 0), time(7, 0))
    >>> quiet_until(datetime(2030, 1, 7, 22, 30, tzinfo=UTC), night, tz).isoformat()
    '2030-01-08T06:00:00+00:00'
    >>> quiet_until(datetime(2030, 1, 7, 12, 0, tzinfo=UTC), night, tz) is None
    True
    """
    local = moment.astimezone(tz)
    start, end = window
    now = local.time().replace(tzinfo=None)
    if start < end:
        inside, end_day = start <= now < end, local.date()
    elif now >= start:
        inside, end_day = True, local.date() + timedelta(days=1)
    else:
        inside, end_day = now < end, local.date()
    if not inside:
        return None
    # Building the local end time and converting it handles summer-time changes: an end time
    # that does not exist that night (skipped by the clock change) lands an hour later.
    return datetime.combine(end_day, end, tzinfo=tz).astimezone(UTC)


def _parse_clock(text: str) -> time:
    match = _CLOCK.fullmatch(text.strip())
    if not match:
        raise ValueError(f"not a time of day: {text!r}")
    hour, minute = int(match[1]), int(match[2] or 0)
    if hour == 24 and minute == 0:
        hour = 0
    if not (0 <= hour < 24 and 0 <= minute < 60):
        raise ValueError(f"not a time of day: {text!r}")
    return time(hour, minute)
