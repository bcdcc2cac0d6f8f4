"""Pure time arithmetic for asynchronous play: durations as people type them, quiet hours.

Durations are written ``90m``, ``12h``, ``2d`` or combined (``1d12h``), with ASCII digits only;
each use has a documented maximum (:data:`MAXIMA`) so that no duration anyone types can push a
timer past what a ``datetime`` holds. Quiet hours are a local time window such as
``22:00-07:00`` in a zoneinfo time zone (``Europe/Budapest``).

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

from host.errors import UserError

# [0-9], not \d: \d also matches other scripts' digits, which int() would then accept.
_PART = re.compile(r"([0-9]+)\s*([dhm])")
_DURATION = re.compile(r"(?:[0-9]+\s*[dhm]\s*)+")
_UNITS = {"d": timedelta(days=1), "h": timedelta(hours=1), "m": timedelta(minutes=1)}
_CLOCK = re.compile(r"([0-9]{1,2})(?::([0-9]{2}))?")
#: Longer texts are refused before any parsing (``1d 23h 59m`` needs 11 characters).
MAX_DURATION_TEXT = 40

#: The longest duration each setting accepts, from commands and the configuration alike.
MAXIMA: dict[str, timedelta] = {
    "reminder": timedelta(days=30),
    "deadline": timedelta(days=90),
    "cleanup": timedelta(days=365),
    "cleanup_warning": timedelta(days=30),
}
#: The most days ``/vacation`` and ``timers.vacation_days`` allow.
MAX_VACATION_DAYS = 365

#: Words that switch a setting off.
OFF_WORDS = frozenset({"off", "no", "none", "0", "ki", "nem"})


class DurationTooLong(ValueError):
    """A well-formed duration above the setting's maximum."""

    def __init__(self, text: str, maximum: timedelta) -> None:
        super().__init__(f"longer than {format_duration(maximum)}: {text!r}")
        self.maximum = maximum


def parse_duration(text: str, maximum: timedelta | None = None) -> timedelta:
    """``"12h"`` -> 12 hours; days, hours and minutes may be combined (``1d 6h 30m``).

    >>> parse_duration("31d", MAXIMA["reminder"])
    Traceback (most recent call last):
    ...
    host.timing.DurationTooLong: longer than 30d: '31d'

    Raises:
        DurationTooLong: above ``maximum`` (a :class:`ValueError`).
        ValueError: anything else, or a duration of zero.
    """
    cleaned = text.strip().lower()
    if len(cleaned) > MAX_DURATION_TEXT or not _DURATION.fullmatch(cleaned):
        raise ValueError(f"not a duration: {text!r}")
    # Minutes as plain ints first: timedelta itself overflows past 999,999,999 days.
    minutes = sum(int(n) * _MINUTES[unit] for n, unit in _PART.findall(cleaned))
    if minutes <= 0:
        raise ValueError(f"not a duration: {text!r}")
    if maximum is not None and minutes * 60 > maximum.total_seconds():
        raise DurationTooLong(text, maximum)
    if minutes > _MAX_MINUTES:
        raise DurationTooLong(text, timedelta(minutes=_MAX_MINUTES))
    return timedelta(minutes=minutes)


_MINUTES = {unit: int(length.total_seconds()) // 60 for unit, length in _UNITS.items()}
# Beyond every maximum in MAXIMA, and far inside what timedelta and datetime arithmetic hold.
_MAX_MINUTES = 10 * 366 * 24 * 60


def duration_option(text: str, setting: str) -> timedelta:
    """A duration typed into a command for ``setting`` (a key of :data:`MAXIMA`).

    Raises:
        UserError: ``bad_duration`` or ``duration_too_long`` (with the maximum as people type it).
    """
    try:
        return parse_duration(text, MAXIMA[setting])
    except DurationTooLong as exc:
        raise UserError(
            "duration_too_long", value=text, maximum=format_duration(exc.maximum)
        ) from None
    except ValueError:
        raise UserError("bad_duration", value=text) from None


def stored_duration(seconds: int, setting: str) -> timedelta:
    """A stored length of ``setting``, kept within :data:`MAXIMA` (rows written by an older
    version may hold any number, and ``timedelta`` itself overflows on huge ones)."""
    return timedelta(seconds=min(max(seconds, 0), int(MAXIMA[setting].total_seconds())))


def parse_optional_duration(text: str, maximum: timedelta | None = None) -> timedelta | None:
    """Like :func:`parse_duration`, with ``off`` (and its synonyms) giving None."""
    if text.strip().lower() in OFF_WORDS:
        return None
    return parse_duration(text, maximum)


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
