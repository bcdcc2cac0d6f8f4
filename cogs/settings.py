"""Per-user settings (``/settings``, answered privately): reminders, quiet hours, DMs, language;
in a game's thread (or with ``game``), the user's standing answers there, each with a button
that switches it off.

What is stored and how it is read: ``host.prefs`` and ``host.standing``.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import locales
from cogs.play import my_games_autocomplete
from discordui.access import game_here
from discordui.client import TableBot
from discordui.components import standing_settings
from discordui.i18n import user_lang
from discordui.replies import reply
from discordui.suggestions import always_answers
from host.errors import UserError
from host.prefs import Prefs, duration_text, load_prefs
from host.text import clip
from host.timing import (
    OFF_WORDS,
    duration_option,
    format_window,
    parse_window,
    time_zones,
    zone,
)

#: The ``language`` choice that goes back to the Discord client's language.
AUTO = "auto"


def settings_text(lang: str, prefs: Prefs) -> str:
    """The user's settings as the ``/settings`` answer shows them: a sentence each, saying
    what the bot does (an unset setting has a sentence of its own, not an "off")."""
    if prefs.reminder:
        reminder = locales.t(lang, "settings.reminder", value=duration_text(lang, prefs.reminder))
    else:
        reminder = locales.t(lang, "settings.reminder_off")
    if prefs.quiet:
        quiet = locales.t(lang, "settings.quiet", value=format_window(prefs.quiet), zone=prefs.tz)
    else:
        quiet = locales.t(lang, "settings.quiet_off", zone=prefs.tz)
    if prefs.language:
        language = locales.t(lang, "settings.language", value=prefs.language)
    else:
        language = locales.t(lang, "settings.language_auto")
    lines = [
        f"**{locales.t(lang, 'settings.title')}**",
        "⏰ " + reminder,
        "🌙 " + quiet,
        "✉️ " + locales.t(lang, "settings.dm_on" if prefs.dm else "settings.dm_off"),
        "🌐 " + language,
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
        game="Game number: my standing answers there (in a game's thread: that game)",
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
    @app_commands.autocomplete(game=my_games_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        reminder: str | None = None,
        quiet: str | None = None,
        timezone: str | None = None,
        dm: bool | None = None,
        language: str | None = None,
        game: int | None = None,
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
        game_id = await self._game_of(interaction, game)
        if game_id is None:
            await reply(interaction, text)
            return
        lines, view = await standing_settings(self.bot, lang, game_id, user_id)
        text = clip("\n".join([text, "", *lines]))
        if view is None:
            await reply(interaction, text)
        else:
            await reply(interaction, text, view=view)

    async def _game_of(self, interaction: discord.Interaction[Any], game: int | None) -> int | None:
        """The game whose standing answers ``/settings`` shows: the one given (of this server),
        else the game of this thread when the user plays in it; None for neither."""
        if game is not None:
            return (await game_here(self.bot, interaction, game)).row.id
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if guild_id is None or channel_id is None:
            return None
        row = await self.bot.service.game_in_channel(guild_id, channel_id)
        if row is None:
            return None
        loaded = await self.bot.service.load(row.id)
        return row.id if loaded.seat_of(interaction.user.id) is not None else None


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
