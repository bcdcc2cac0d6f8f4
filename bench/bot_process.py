"""The production bot as a process of its own, pointed at an emulator (``bench.processes``).

``python -m bench.bot_process URL TOKEN STORE SHARD_COUNT SHARD_IDS [RENDER_WORKERS]``: the
emulator's root URL and token, the store (an SQLite file or a PostgreSQL URL), the shards in
all and the ones this process runs (``SHARD_IDS`` comma-separated), and its render worker
processes (default 1, as in production). It runs as ``bot.py`` runs the bot (``run_bot``
until SIGTERM), without the replay animation of a finished game (seconds of drawing that no
benchmark move waits for).

tests/e2e/bot_process.py is the tests' runner of the same kind, for kill tests: it draws in
a thread, so a SIGKILL leaves no worker behind.
"""

from __future__ import annotations

import asyncio
import logging
import sys

from bot import run_bot, until_stopped
from host.config import Config
from playground.patch import point_discord_at
from store.connect import is_postgres_url


def config(where: str, shard_count: int, shard_ids: tuple[int, ...], render_workers: int) -> Config:
    """The bot's settings: the store at ``where`` and the shards it runs."""
    postgres = is_postgres_url(where)
    return Config(
        db_url=where if postgres else "",
        db_path=Config.db_path if postgres else where,
        shard_count=shard_count,
        shard_ids=shard_ids,
        render_workers=render_workers,
        replay_on_result=False,
        log_level="WARNING",
    )


def main(argv: list[str]) -> int:
    url, token, where, count, ids, *rest = argv
    shard_ids = tuple(int(i) for i in ids.split(","))
    settings = config(where, int(count), shard_ids, int(rest[0]) if rest else 1)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    point_discord_at(url)
    asyncio.run(until_stopped(run_bot(settings, token, guild_ready_timeout=0.05)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
