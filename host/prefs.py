"""One user's settings as the host reads them: reminders, quiet hours, DMs, language.

Stored as one JSON object per user (``store.Store.user_settings``) with the keys ``reminder``
(seconds; 0 = no reminders), ``quiet`` (``22:00-07:00``), ``tz`` (a zoneinfo name), ``dm``
(remind by direct message) and ``language`` (``en``/``hu``, for the user's private replies and
DMs). :class:`Prefs` reads them forgivingly: a value that no longer parses counts as unset.
``/settings`` (``cogs.settings``) shows and changes them.
"""

from __future__ import annotations

import zoneinfo
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any

import locales
from host.timing import MAXIMA, parse_window, quiet_until, time_zones
from store import Store


@dataclass(frozen=True)
class Prefs:
    """One user's settings, parsed, with the server defaults filled in."""

    reminder: timedelta | None
    quiet: tuple[time, time] | None
    tz: str
    dm: bool
    language: str | None

    def quiet_until(self, moment: datetime) -> datetime | None:
        """The end of the user's quiet hours if ``moment`` falls inside them."""
        if self.quiet is None:
            return None
        return quiet_until(moment, self.quiet, zoneinfo.ZoneInfo(self.tz))


def prefs_from(settings: dict[str, Any], default_reminder: timedelta) -> Prefs:
    """:class:`Prefs` from a stored settings object."""
    reminder: timedelta | None = default_reminder
    seconds = settings.get("reminder")
    # A stored value outside what /settings accepts (written by an older version) is ignored.
    longest = MAXIMA["reminder"].total_seconds()
    if isinstance(seconds, int) and not isinstance(seconds, bool) and 0 <= seconds <= longest:
        reminder = timedelta(seconds=seconds) if seconds else None
    quiet = None
    if isinstance(settings.get("quiet"), str):
        try:
            quiet = parse_window(settings["quiet"])
        except ValueError:
            quiet = None
    tz = settings.get("tz")
    language = settings.get("language")
    return Prefs(
        reminder=reminder,
        quiet=quiet,
        tz=tz if isinstance(tz, str) and tz in time_zones() else "UTC",
        dm=settings.get("dm") is True,
        language=language if language in locales.SUPPORTED else None,
    )


async def load_prefs(store: Store, user_id: int, default_reminder: timedelta) -> Prefs:
    """The stored settings of ``user_id``."""
    return prefs_from(await store.user_settings(user_id), default_reminder)


def duration_text(lang: str, delta: timedelta) -> str:
    """``1 day 12 hours`` / ``1 nap 12 óra`` (whole minutes)."""
    minutes = int(delta.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [
        locales.t(lang, f"timers.unit.{unit}", count=n)
        for n, unit in ((days, "day"), (hours, "hour"), (mins, "minute"))
        if n
    ]
    return " ".join(parts) or locales.t(lang, "timers.unit.minute", count=0)
