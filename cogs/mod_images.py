"""``/mod images every|turn``: a moderator changes a game's image policy.

An extension of its own that adds the subcommand to the ``/mod`` group of ``cogs.mod`` (loaded
before it), so the policy's code stays together in one small module.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import locales
from cogs.play import my_games_autocomplete, resolve_game
from discordui.access import game_here
from discordui.actions import bot_of
from discordui.checks import moderator_only
from discordui.client import TableBot
from discordui.i18n import user_lang
from discordui.lobbies import IMAGE_CHOICES, refresh_lobby
from discordui.replies import reply


@app_commands.command(name="images")
@app_commands.describe(policy="every or turn", game="Game number")
@app_commands.choices(policy=IMAGE_CHOICES)
@app_commands.autocomplete(game=my_games_autocomplete)
@moderator_only()
async def images(
    interaction: discord.Interaction[Any], policy: str, game: int | None = None
) -> None:
    """Redraw a game's table picture after every action, or only when a turn ends."""
    bot = bot_of(interaction)
    game_id = await resolve_game(interaction, game)
    loaded = await game_here(bot, interaction, game_id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.moderation.set_images(loaded, interaction.user.id, policy)
    if loaded.row.status == "lobby":
        await refresh_lobby(bot, loaded, None)
    lang = user_lang(interaction)
    await reply(interaction, "🛡️ " + locales.t(lang, "mod.done.images", game=game_id, policy=policy))


async def setup(bot: TableBot) -> None:
    mod = bot.get_cog("Mod")
    assert isinstance(mod, commands.GroupCog), "cogs.mod must be loaded first"
    group = mod.app_command
    assert group is not None
    group.add_command(images)
