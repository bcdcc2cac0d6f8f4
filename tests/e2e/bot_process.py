"""The production bot as a process of its own, pointed at an emulator (for kill tests).

``python tests/e2e/bot_process.py URL TOKEN STORE [SHARD_COUNT SHARD_IDS [LEASE REMINDER]]``:
the emulator's root URL and token, the store (an SQLite file or a PostgreSQL URL) and, for one
process of several, the shards it runs (``SHARD_IDS`` comma-separated), its process lease and
the reminder delay (seconds). Pictures are drawn in a thread (no worker processes to clean up
after a kill).
"""

from __future__ import annotations

import asyncio
import logging
import sys
from datetime import timedelta
from typing import Any

from discordui.client import TableBot
from host.config import Config
from playground.patch import point_discord_at
from store.connect import is_postgres_url, open_store


async def main(url: str, token: str, where: str, *shards: str) -> None:
    point_discord_at(url)
    store = await open_store(where)
    count = int(shards[0]) if shards else None
    ids = tuple(int(i) for i in shards[1].split(",")) if len(shards) > 1 else None
    settings: dict[str, Any] = {"db_url": where} if is_postgres_url(where) else {"db_path": where}
    if len(shards) > 3:
        settings["process_lease"] = timedelta(seconds=float(shards[2]))
        settings["reminder_delay"] = timedelta(seconds=float(shards[3]))
    config = Config(render_workers=0, shard_count=count, shard_ids=ids, **settings)
    bot = TableBot(config, store, guild_ready_timeout=0.05)
    async with bot:
        await bot.start(token)


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    asyncio.run(main(*sys.argv[1:]))
