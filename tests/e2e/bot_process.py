"""The production bot as a process of its own, pointed at an emulator (for kill tests).

``python tests/e2e/bot_process.py URL TOKEN DB``: the emulator's root URL and token, and the
SQLite file. Pictures are drawn in a thread (no worker processes to clean up after a kill).
"""

from __future__ import annotations

import asyncio
import logging
import sys

from discordui.client import TableBot
from host.config import Config
from playground.patch import point_discord_at
from store import SqliteStore


async def main(url: str, token: str, db: str) -> None:
    point_discord_at(url)
    store = await SqliteStore.open(db)
    bot = TableBot(Config(db_path=db, render_workers=0), store, guild_ready_timeout=0.05)
    async with bot:
        await bot.start(token)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    asyncio.run(main(*sys.argv[1:4]))
