"""The bot: a discord.py ``commands.Bot`` holding the store, the game service and the config."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

import locales
from discordui.i18n import CatalogueTranslator, user_lang
from discordui.replies import internal_error, reply, send_error
from host.choices import ChoiceCache
from host.clock import Clock, SystemClock
from host.config import Config
from host.deliveries import Deliveries
from host.errors import UserError
from host.lobbies import Lobbies
from host.moderation import Moderation
from host.presence import Presence, Shards
from host.rendering import Renderer
from host.rows import BadRow, Store
from host.service import GameService, cached_store
from host.throttle import Rate, Throttle
from host.timers import TimerDispatcher
from rules.core import IllegalAction

log = logging.getLogger(__name__)

# Text only: say nothing at start-up about the voice libraries this bot never needs.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

#: Longest rate-limit wait (seconds) a request may sleep through; longer ones fail at once
#: (discord.py's smallest allowed value) instead of holding an interaction past its token.
MAX_RATELIMIT_WAIT = 30.0

#: Seconds a player's answer waits for the thread's post before it goes first.
ANSWER_PATIENCE = 1.5

#: Extensions loaded at start, in order (cogs.table first: the buttons and the table posts).
EXTENSIONS: tuple[str, ...] = (
    "cogs.table",
    "cogs.lobby",
    "cogs.play",
    "cogs.mod",
    "cogs.mod_images",
    "cogs.settings",
    "cogs.deadlines",
    "cogs.stats",
)


def _log_failure(task: asyncio.Task[Any]) -> None:
    """Log what a background announcement raised (nobody awaits it any more)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("announcement failed", exc_info=task.exception())


class Announcer(Protocol):
    """What brings games' threads up to date (``discordui.outbox.Outbox``, installed by the
    ``cogs.table`` extension: the client does not import the layers that post)."""

    async def announce(self, game_id: int) -> bool:
        """Deliver the game's pending announcement now; False if some of it is still due."""
        ...

    async def deliver_pending(self) -> int:
        """One round over every pending announcement; how many are still due."""
        ...


class TableTree(app_commands.CommandTree["TableBot"]):
    """The command tree; every command is a server's (``allowed_contexts``)."""

    async def interaction_check(self, interaction: discord.Interaction[TableBot]) -> bool:
        """A command delivered twice runs once; one that reaches us from a DM anyway (an old
        client, a stale command list) is answered with an explanation instead of failing in a
        handler."""
        if not self.client.deliveries.first(interaction.id):
            log.info("interaction %s delivered again; ignored", interaction.id)
            return False
        if interaction.guild_id is not None:
            # Autocomplete is not counted: it answers while the user types, from a cache.
            if interaction.type is discord.InteractionType.autocomplete:
                return True
            return await admitted(self.client, interaction)
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await reply(interaction, locales.t(user_lang(interaction), "error.dm_not_supported"))
        return False


async def admitted(bot: TableBot, interaction: discord.Interaction[Any]) -> bool:
    """Whether the user and their server may start more work now (``host.throttle``); if
    not, they are told at once how long to wait, and nothing else is done."""
    wait = bot.throttle.admit(interaction.guild_id, interaction.user.id)
    if not wait:
        return True
    if bot.throttle.refused % 100 == 1:  # a flood would fill the log otherwise
        log.info(
            "too fast: user %s in server %s (%d refused so far)",
            interaction.user.id,
            interaction.guild_id,
            bot.throttle.refused,
        )
    text = locales.t(user_lang(interaction), "error.too_fast", seconds=wait)
    await reply(interaction, "⏳ " + text)
    return False


class TableBot(commands.AutoShardedBot):
    """Slash commands only: no message content intent, no prefix commands. It runs the
    shards ``config`` names (all of Discord's recommended count without them), so that
    several processes can share the gateway."""

    def __init__(
        self,
        config: Config,
        store: Store,
        *,
        clock: Clock | None = None,
        force_sync: bool = False,
        **options: Any,
    ) -> None:
        # Servers, channels and threads only: interactions come whatever the intents, and
        # every message, typing or reaction event of its servers would be a dispatch to
        # parse and drop (the bot's own posts included: several a move).
        intents = discord.Intents.none()
        intents.guilds = True
        options.setdefault("max_ratelimit_timeout", MAX_RATELIMIT_WAIT)
        if config.shard_count is not None:
            options.setdefault("shard_count", config.shard_count)
        if config.shard_ids is not None:
            options.setdefault("shard_ids", list(config.shard_ids))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            # Every command is a server's: Discord offers none of them in DMs. (discord.py
            # does not take guild_only from subcommands, so it is set for the whole tree.)
            allowed_contexts=app_commands.AppCommandContext(guild=True),
            allowed_installs=app_commands.AppInstallationType(guild=True),
            tree_cls=TableTree,
            **options,
        )
        self.force_sync = force_sync
        self.config = config
        self.store: Store = cached_store(store)
        self.service = GameService(self.store)
        #: Lobby and moderation acts (who may do what, each act one transaction).
        self.lobbies = Lobbies(self.service)
        self.moderation = Moderation(self.service, self.lobbies)
        #: The engines' choices per game seq, for autocomplete and the picker (host.choices).
        self.choices = ChoiceCache()
        self.renderer = Renderer(config.render_workers)
        #: Work started for later that nobody waits for (a result post's replay); cancelled
        #: when the bot closes.
        self.background: set[asyncio.Task[Any]] = set()
        #: Every time read and timed sleep of the bot (tests pass a host.clock.FakeClock).
        self.clock: Clock = clock or SystemClock()
        #: This process among those sharing the database (host.presence); its lease is
        #: renewed from setup_hook on.
        self.presence = Presence(
            self.store, Shards(config.shard_count, config.shard_ids), lease=config.process_lease
        )
        #: Reminders, deadlines and cleanups; started at the end of setup_hook.
        self.timers = TimerDispatcher(self.store, self.clock, presence=self.presence)
        self.presence.on_beat = self.timers.poke
        #: Users' /settings language, read by discordui.i18n.user_lang (filled by cogs.settings).
        self.language_overrides: dict[int, str] = {}
        #: Brings threads up to date (installed by cogs.table; see :class:`Announcer`).
        self.outbox: Announcer | None = None
        #: One announcement delivery at a time per game (discordui.publish.announce).
        self._announcing: dict[int, asyncio.Lock] = {}
        #: One lobby post made or looked for at a time per channel (discordui.lobbies).
        self._lobby_posting: dict[int, asyncio.Lock] = {}
        #: The public view each game's table picture shows (a digest; this process only, so
        #: after a restart the first edit draws again): an edit that changes nothing visible
        #: keeps its picture.
        self.drawn: dict[int, str] = {}
        #: The last mention of a nested decision in each game's thread (this process only),
        #: whose Act button goes when the next one or a new table post is made.
        self.pinged: dict[int, int] = {}
        #: The status each game's lobby message shows (this process only: after a restart
        #: the first announcement of a game refreshes it once).
        self.shown_status: dict[int, str] = {}
        #: The display names of users seen in lobby interactions (this process only: the
        #: bot has no members intent, so after a restart a lobby names them as before a
        #: sighting, mention and handle both).
        self.display_names: dict[int, str] = {}
        #: Interactions already handled (host.deliveries), for commands and components alike.
        self.deliveries = Deliveries()
        #: How fast each user and server may make the bot work (host.throttle).
        self.throttle = Throttle(
            Rate(config.user_rate, config.rate_window),
            Rate(config.server_rate, config.rate_window),
        )
        #: The component classes registered (discordui.items answers custom ids none of them takes).
        self.items: list[type[discord.ui.DynamicItem[Any]]] = []
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogueTranslator())
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        await self.sync_commands(None)
        for guild_id in self.config.dev_guilds:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.sync_commands(guild)
        # Last: the extensions have registered their timer handlers by now.
        await self.presence.start()
        self.timers.start()

    async def announce(self, game_id: int) -> bool:
        """Bring the game's thread up to what its last recorded change must announce (the
        table post, the mention of who must act; see ``discordui.publish``)."""
        if self.outbox is None:
            return False
        return await self.outbox.announce(game_id)

    async def announce_soon(self, game_id: int) -> None:
        """``announce``, waiting for it at most ``ANSWER_PATIENCE`` seconds: past that Discord
        is holding the thread's posts back (a rate limit), so the caller answers its player
        first and the announcement finishes in the background (or, if the bot stops, from
        the outbox at the next start)."""
        task = asyncio.create_task(self.announce(game_id))
        self.background.add(task)
        task.add_done_callback(self.background.discard)
        done, _ = await asyncio.wait({task}, timeout=ANSWER_PATIENCE)
        if task in done:
            task.result()  # a failure reaches the caller, who reports it
        else:
            task.add_done_callback(_log_failure)  # nobody awaits it any more

    def announcing(self, game_id: int) -> asyncio.Lock:
        """The lock held while a game's thread is brought up to date."""
        return self._announcing.setdefault(game_id, asyncio.Lock())

    def lobby_posting(self, channel_id: int) -> asyncio.Lock:
        """The lock held while a lobby post of the channel is made and its id stored, or
        while one whose id was not stored is looked for (keyed by channel: ``/game new``
        takes it before its game has an id)."""
        return self._lobby_posting.setdefault(channel_id, asyncio.Lock())

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self.items += items

    async def sync_commands(self, guild: discord.Object | None) -> bool:
        """Sync the command tree (global, or to one server) only if it changed since the
        last sync: Discord rate-limits command syncs, and restarts are frequent.

        The hash of the last synced payload is kept per application and scope in the
        store; ``force_sync`` (``bot.py --sync``) syncs anyway. Returns whether it synced.
        """
        payload = [
            await command.get_translated_payload(self.tree, self.tree.translator)
            if self.tree.translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        scope = "global" if guild is None else str(guild.id)
        key = f"commands_synced:{self.application_id}:{scope}"
        if not self.force_sync and (await self.store.bot_settings()).get(key) == digest:
            log.info("commands (%s) unchanged since the last sync", scope)
            return False
        await self.tree.sync(guild=guild)
        await self.store.set_bot_setting(key, digest)
        log.info("commands (%s) synced", scope)
        return True

    def serves(self, guild_id: int) -> bool:
        """Whether this process runs the shard of the server: its games' bot seats,
        announcements and timers are this process's work (docs/scaling.md)."""
        return self.presence.shards.serves(guild_id)

    async def close(self) -> None:
        await self.timers.stop()
        await self.presence.stop()
        for task in list(self.background):
            task.cancel()
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
        if isinstance(cause, BadRow):  # a damaged row: set aside and logged by the store
            cause = UserError("bad_row")
        if isinstance(cause, UserError | IllegalAction):
            await send_error(interaction, cause)
            return
        if isinstance(error, app_commands.CheckFailure):
            await reply(interaction, "⚠️ " + locales.t(lang, "error.not_moderator"))
            return
        command = interaction.command.qualified_name if interaction.command else "?"
        log.exception("command %s failed", command, exc_info=cause)
        await reply(interaction, internal_error(interaction))
