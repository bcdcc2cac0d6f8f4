"""The table: every game's buttons and menus, and the posts that keep its thread up to date.

Registers the components that survive restarts (``discordui.components``,
``discordui.lobbies``), answers presses none of them takes (``discordui.items``), and runs
the outbox (``discordui.outbox``) that delivers what recorded changes must announce.
Loaded first: the other extensions' commands lead to these posts and buttons.
"""

from __future__ import annotations

import functools

from discord.ext import commands

from discordui.client import TableBot
from discordui.components import DYNAMIC_ITEMS
from discordui.history import LogButton
from discordui.items import answer_unknown
from discordui.lobbies import LOBBY_ITEMS
from discordui.outbox import Outbox


class Table(commands.Cog):
    """No commands: the components and the outbox, started and stopped with the bot."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self.outbox = Outbox(bot)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS, *LOBBY_ITEMS, LogButton)
        self.bot.add_listener(functools.partial(answer_unknown, self.bot), "on_interaction")
        self.bot.outbox = self.outbox
        self.outbox.start()

    async def cog_unload(self) -> None:
        await self.outbox.stop()
        self.bot.outbox = None


async def setup(bot: TableBot) -> None:
    await bot.add_cog(Table(bot))
