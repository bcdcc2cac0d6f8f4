"""The bot: a discord.py ``commands.Bot`` holding the store, the game service and the config."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import locales
from cogs.clock import Clock, SystemClock
from cogs.config import Config
from cogs.errors import UserError
from cogs.i18n import CatalogueTranslator, user_lang
from cogs.rendering import Renderer
from cogs.service import GameService
from cogs.timers import TimerDispatcher
from rules.core import IllegalAction
from store import CachedStore, Store

log = logging.getLogger(__name__)

# Text only: say nothing at start-up about the voice libraries this bot never needs.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

#: Extensions loaded at start, in order.
EXTENSIONS: tuple[str, ...] = (
    "cogs.lobby",
    "cogs.play",
    "cogs.mod",
    "cogs.mod_images",
    "cogs.settings",
    "cogs.deadlines",
    "cogs.stats",
)


class TableBot(commands.Bot):
    """Slash commands only: no message content intent, no prefix commands."""

    def __init__(
        self, config: Config, store: Store, *, clock: Clock | None = None, **options: Any
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            **options,
        )
        self.config = config
        self.store: Store = CachedStore(store)
        self.service = GameService(self.store)
        self.renderer = Renderer(config.render_workers)
        #: Every time read and timed sleep of the bot (tests pass a cogs.clock.FakeClock).
        self.clock: Clock = clock or SystemClock()
        #: Reminders, deadlines and cleanups; started at the end of setup_hook.
        self.timers = TimerDispatcher(self.store, self.clock)
        #: Users' /settings language, read by cogs.i18n.user_lang (filled by cogs.settings).
        self.language_overrides: dict[int, str] = {}
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogueTranslator())
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        from cogs.components import DYNAMIC_ITEMS

        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.sync()
        for guild_id in self.config.dev_guilds:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        log.info("commands synced")
        # Last: the extensions have registered their timer handlers by now.
        self.timers.start()

    async def close(self) -> None:
        await self.timers.stop()
        await super().close()
        self.renderer.close()

    async def public_lang(self, guild_id: int | None) -> str:
        """The language of public posts in a server."""
        if guild_id is not None:
            lang = (await self.store.guild_settings(guild_id)).get("language")
            if isinstance(lang, str) and lang in locales.SUPPORTED:
                return lang
        return self.config.default_language

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Every refusal becomes an ephemeral, localised message; surprises are logged."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        lang = user_lang(interaction)
        if isinstance(cause, UserError | IllegalAction):
            await send_error(interaction, cause)
            return
        if isinstance(error, app_commands.CheckFailure):
            await reply(interaction, locales.t(lang, "error.not_moderator"))
            return
        command = interaction.command.qualified_name if interaction.command else "?"
        log.exception("command %s failed", command, exc_info=cause)
        await reply(interaction, locales.t(lang, "error.internal"))


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already answered or deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def send_error(
    interaction: discord.Interaction[Any], error: UserError | IllegalAction, game: str | None = None
) -> None:
    """Explain a refusal to the user who caused it, in their language."""
    lang = user_lang(interaction)
    if isinstance(error, IllegalAction):
        text = locales.error_text(lang, error.code, error.params, game=game)
    else:
        text = locales.t(lang, f"error.{error.code}", **error.params)
    await reply(interaction, "⚠️ " + text)
