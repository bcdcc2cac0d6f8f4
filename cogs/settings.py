"""Per-user settings (``/settings``, answered privately): reminders, quiet hours, DMs, language.

Stored as one JSON object per user (``store.Store.user_settings``) with the keys ``reminder``
(seconds; 0 = no reminders), ``quiet`` (``22:00-07:00``), ``tz`` (a zoneinfo name), ``dm``
(remind by direct message) and ``language`` (``en``/``hu``, for the user's private replies and
DMs). :class:`Prefs` reads them forgivingly: a value that no longer parses counts as unset.
"""

from __future__ import annotations

import zoneinfo
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import locales
from cogs.client import TableBot, reply
from cogs.errors import UserError
from cogs.i18n import user_lang
from cogs.suggestions import always_answers
from cogs.timing import (
    MAXIMA,
    OFF_WORDS,
    duration_option,
    format_window,
    parse_window,
    quiet_until,
    time_zones,
    zone,
)
from store import Store

#: The ``language`` choice that goes back to the Discord client's language.
AUTO = "auto"


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


def settings_text(lang: str, prefs: Prefs) -> str:
    """The user's settings as the ``/settings`` answer shows them."""
    yes_no = locales.t(lang, "settings.yes" if prefs.dm else "settings.no")
    lines = [
        f"**{locales.t(lang, 'settings.title')}**",
        "⏰ "
        + locales.t(
            lang,
            "settings.reminder",
            value=duration_text(lang, prefs.reminder)
            if prefs.reminder
            else locales.t(lang, "settings.off"),
        ),
        "🌙 "
        + locales.t(
            lang,
            "settings.quiet",
            value=format_window(prefs.quiet) if prefs.quiet else locales.t(lang, "settings.off"),
            zone=prefs.tz,
        ),
        "✉️ " + locales.t(lang, "settings.dm", value=yes_no),
        "🌐 "
        + locales.t(
            lang,
            "settings.language",
            value=locales.t(lang, f"choice.{prefs.language}")
            if prefs.language
            else locales.t(lang, "settings.language_auto"),
        ),
        locales.t(lang, "settings.hint"),
    ]
    return "\n".join(lines)


@always_answers
async def time_zone_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Zoneinfo names containing what was typed (``buda`` -> ``Europe/Budapest``)."""
    typed = current.strip().lower().replace(" ", "_")
    found = [name for name in time_zones() if typed in name.lower()]
    # Names that start with the text come first: "europe/" lists Europe, not "Etc/...".
    found.sort(key=lambda name: (not name.lower().startswith(typed), name))
    return [app_commands.Choice(name=name, value=name) for name in found[:25]]


class Settings(commands.Cog):
    """``/settings``: each user's reminders, quiet hours, DMs and language."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # user_lang() runs on every reply and cannot wait for the database: keep the
        # language choices in memory, loaded once here and updated by /settings.
        chosen = await self.bot.store.users_with_setting("language")
        self.bot.language_overrides.update(
            {user: lang for user, lang in chosen.items() if lang in locales.SUPPORTED}
        )

    @app_commands.command(name="settings")
    @app_commands.describe(
        reminder='Remind me after this long, e.g. 2h or 1d; "off" for no reminders',
        quiet="Quiet hours, no reminders then, e.g. 22:00-07:00; off for none",
        timezone="Your time zone for quiet hours, e.g. Europe/Budapest",
        dm="Send my reminders as direct messages",
        language="Language of the bot's private replies to me",
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name=name, value=value)
            for value, name in (
                ("en", "English"),
                ("hu", "Magyar"),
                (AUTO, locales.t("en", f"choice.{AUTO}")),
            )
        ]
    )
    @app_commands.autocomplete(timezone=time_zone_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        reminder: str | None = None,
        quiet: str | None = None,
        timezone: str | None = None,
        dm: bool | None = None,
        language: str | None = None,
    ) -> None:
        """Your reminders, quiet hours, direct messages and language (only you see this)."""
        changes = _changes(reminder, quiet, timezone, dm, language)
        user_id = interaction.user.id
        for key, value in changes.items():
            await self.bot.store.set_user_setting(user_id, key, value)
        if "language" in changes:
            if changes["language"] is None:
                self.bot.language_overrides.pop(user_id, None)
            else:
                self.bot.language_overrides[user_id] = changes["language"]
        lang = user_lang(interaction)
        prefs = await load_prefs(self.bot.store, user_id, self.bot.config.reminder_delay)
        text = settings_text(lang, prefs)
        if changes:
            text = "✅ " + locales.t(lang, "settings.saved") + "\n" + text
        await reply(interaction, text)


def _changes(
    reminder: str | None,
    quiet: str | None,
    timezone: str | None,
    dm: bool | None,
    language: str | None,
) -> dict[str, Any]:
    """The settings to store (None removes one), checked; UserError for a bad value."""
    changes: dict[str, Any] = {}
    if reminder is not None:
        if reminder.strip().lower() in OFF_WORDS:
            changes["reminder"] = 0
        else:
            changes["reminder"] = int(duration_option(reminder, "reminder").total_seconds())
    if quiet is not None:
        if quiet.strip().lower() in OFF_WORDS:
            changes["quiet"] = None
        else:
            try:
                changes["quiet"] = format_window(parse_window(quiet))
            except ValueError:
                raise UserError("bad_window", value=quiet) from None
    if timezone is not None:
        try:
            changes["tz"] = zone(timezone.strip()).key
        except ValueError:
            raise UserError("bad_time_zone", value=timezone) from None
    if dm is not None:
        changes["dm"] = dm
    if language is not None:
        changes["language"] = None if language == AUTO else language
    return changes


async def setup(bot: TableBot) -> None:
    await bot.add_cog(Settings(bot))
