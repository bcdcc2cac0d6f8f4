"""Playing: /move with autocomplete, /hand, /board, /log, /rules, /resign."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import locales
import rules
from discordui.access import followed, game_here
from discordui.actions import bot_of, move_suggestions, send_board, send_hand
from discordui.client import TableBot
from discordui.components import resign_view, submit, undone_standing_line
from discordui.history import log_page
from discordui.i18n import game_choices, user_lang
from discordui.paths import expand
from discordui.replies import reply
from discordui.restores import publish_restore
from discordui.suggestions import always_answers
from host import text
from host.errors import UserError
from host.service import RUNNING


async def resolve_game(interaction: discord.Interaction[Any], game: int | None) -> int:
    """The game a command means: the given number (of this server only), this thread's game,
    or the user's only one."""
    bot = bot_of(interaction)
    guild_id = interaction.guild_id
    if guild_id is None:
        raise UserError("guild_only")
    if game is not None:
        return (await game_here(bot, interaction, game)).row.id
    if interaction.channel_id is not None:
        here = await bot.service.game_in_channel(guild_id, interaction.channel_id)
        if here is not None:
            return here.id
    mine = await bot.service.games_of(guild_id, interaction.user.id, RUNNING)
    if len(mine) == 1:
        return mine[0].id
    raise UserError("which_game", count=len(mine))


@always_answers
async def my_games_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[int]]:
    """Running games of this server the user may see, their own first."""
    bot = bot_of(interaction)
    if interaction.guild_id is None:
        return []
    lang = user_lang(interaction)
    rows = await bot.store.list_games(interaction.guild_id, RUNNING)
    mine = {
        r.id for r in await bot.service.games_of(interaction.guild_id, interaction.user.id, RUNNING)
    }
    rows.sort(key=lambda r: (r.id not in mine, -r.id))
    typed = [r for r in rows if current.strip() in str(r.id)]
    return [
        app_commands.Choice(name=text.game_title(lang, r.game, r.id)[:100], value=r.id)
        for r in await followed(bot, typed, interaction, limit=25)
    ]


@always_answers
async def action_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The legal continuations of what the user typed, from the engine's ``choices``."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    try:
        game_id = await resolve_game(interaction, getattr(interaction.namespace, "game", None))
        game = await game_here(bot, interaction, game_id)
    except UserError:
        return []
    seat = game.seat_of(interaction.user.id)
    if seat is None or game.state is None or game.outcome() is not None:
        return []
    try:
        return await move_suggestions(bot, interaction.user.id, lang, game, seat, current)
    except UserError:
        return []  # an outdated suggestion typed on: nothing follows it


@always_answers
async def rules_topic_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Help topics of the chosen game (its overview and one per effect, card or rule)."""
    lang = user_lang(interaction)
    game = await rules_game(interaction, getattr(interaction.namespace, "game", None))
    prefix = f"rules.{game}."
    topics = sorted(k[len(prefix) :] for k in locales.keys(lang) if k.startswith(prefix))
    named = [(topic, _topic_name(lang, game, topic)) for topic in topics]
    # Typed words match the topic or its name, in any case ("a01" finds card.A01).
    typed = current.casefold()
    return [
        app_commands.Choice(name=name[:100], value=topic)
        for topic, name in named
        if typed in topic.casefold() or typed in name.casefold()
    ][:25]


async def rules_game(interaction: discord.Interaction[Any], chosen: str | None) -> str:
    """The game ``/rules`` is about: the one chosen, else the game of the thread it is used
    in, else the first game."""
    if chosen in rules.GAME_NAMES:
        return str(chosen)
    if interaction.guild_id is not None and interaction.channel_id is not None:
        row = await bot_of(interaction).service.game_in_channel(
            interaction.guild_id, interaction.channel_id
        )
        if row is not None and row.game in rules.GAME_NAMES:
            return row.game
    return rules.GAME_NAMES[0]


def _topic_name(lang: str, game: str, topic: str) -> str:
    head, _, tail = topic.rpartition(".")
    # A topic of the game as a whole ("overview") is named by the bot's own texts.
    key = f"{game}.{head}.{tail}" if head else f"play.rules_topic.{tail}"
    return locales.t(lang, key) if key and locales.has(lang, key) else topic


class Play(commands.Cog):
    """Commands for players in a running game."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(name="move")
    @app_commands.describe(action="Your move, e.g. play science", game="Game number")
    @app_commands.autocomplete(action=action_autocomplete)
    @app_commands.autocomplete(game=my_games_autocomplete)
    @app_commands.guild_only()
    async def move(
        self, interaction: discord.Interaction[Any], action: str, game: int | None = None
    ) -> None:
        """Make a move (autocomplete shows what is legal now)."""
        # Answer Discord before touching the database: the 3-second clock is running.
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await resolve_game(interaction, game)
        # A suggestion too long for Discord came as a reference to the action (paths.expand).
        loaded = await game_here(self.bot, interaction, game_id)
        action = await expand(self.bot.store, loaded, interaction.user.id, action)
        await submit(interaction, game_id, action)

    @app_commands.command(name="hand")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Show your hand (only you can see it)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_hand(interaction, await resolve_game(interaction, game))

    @app_commands.command(name="board")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Show the table as it is now."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_board(interaction, await resolve_game(interaction, game))

    @app_commands.command(name="log")
    @app_commands.describe(
        game="Game number", page="Page, 1 = the first actions (default: the latest page)"
    )
    @app_commands.autocomplete(game=my_games_autocomplete)
    @app_commands.guild_only()
    async def log(
        self,
        interaction: discord.Interaction[Any],
        game: int | None = None,
        page: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        """The game's history, in sentences (what you may see only), oldest first."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await resolve_game(interaction, game)
        content, view = await log_page(interaction, game_id, page)
        if view is None:
            await reply(interaction, content)
        else:
            await reply(interaction, content, view=view)

    @app_commands.command(name="undo")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Take back your last move (before anything hidden was shown or anyone else acted)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await resolve_game(interaction, game)
        restored = await self.bot.service.undo(game_id, interaction.user.id)
        await publish_restore(
            self.bot, restored, "play.undone_public", who=interaction.user.mention
        )
        lang = user_lang(interaction)
        told = await undone_standing_line(self.bot, lang, restored)
        await reply(
            interaction, "\n".join(filter(None, ["↩️ " + locales.t(lang, "play.undone"), told]))
        )

    @app_commands.command(name="rules")
    @app_commands.describe(game="Which game", topic="An effect, card or rule")
    @app_commands.choices(game=game_choices())
    @app_commands.autocomplete(topic=rules_topic_autocomplete)
    async def rules_help(
        self,
        interaction: discord.Interaction[Any],
        game: str | None = None,
        topic: str = "overview",
    ) -> None:
        """Short rules help for a game and each of its effects."""
        lang = user_lang(interaction)
        name = await rules_game(interaction, game)
        key = f"rules.{name}.{topic}"
        if not locales.has(lang, key):
            raise UserError("unknown_topic", topic=topic)
        title = text.game_name(lang, name)
        await reply(
            interaction,
            f"**{title}: {_topic_name(lang, name, topic)}**\n{locales.t(lang, key)}"[:2000],
        )

    @app_commands.command(name="resign")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Leave a running game for good (asks for confirmation)."""
        game_id = await resolve_game(interaction, game)
        lang = user_lang(interaction)
        loaded = await game_here(self.bot, interaction, game_id)
        if loaded.seat_of(interaction.user.id) is None:
            raise UserError("not_a_player")
        view = resign_view(lang, game_id, loaded.seq)
        await reply(interaction, locales.t(lang, "play.resign_confirm"), view=view)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(Play(bot))
