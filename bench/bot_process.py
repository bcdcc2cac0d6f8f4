"""The production bot as a process of its own, pointed at an emulator: the benchmark of
processes (``bench.processes``) and the end-to-end kill and two-process tests run it.

``python -m bench.bot_process URL TOKEN STORE [--shards COUNT IDS] [--render-workers N]
[--lease SECONDS] [--reminder SECONDS] [--limits USER SERVER]``: the emulator's root URL and
token, the store (an
SQLite file or a PostgreSQL URL), the shards in all and the ones this process runs (``IDS``
comma-separated; all of them by default), its render worker processes (default 1, as in
production; 0 draws in a thread, so a SIGKILL leaves no worker behind), and for a test of
several processes a short process lease and reminder delay, and the interactions a user and a
server may start per 10 seconds (``limits.per_user``, ``limits.per_server``; production's by
default, ``0 0`` for a benchmark or a test playing at machine speed). It runs as ``bot.py`` runs the
bot (``run_bot`` until SIGTERM), without the replay animation of a finished game (seconds of
drawing that no benchmark move waits for). With ``TABLEHOST_BENCH_PROFILE`` set it writes a
CPU profile of its event loop there (``bench.profiling``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from datetime import timedelta
from typing import Any

from bench.profiling import profiled
from bot import run_bot, until_stopped
from host.config import Config
from playground.patch import point_discord_at
from store.connect import is_postgres_url


def config(args: argparse.Namespace) -> Config:
    """The bot's settings from the command line."""
    where: str = args.store
    postgres = is_postgres_url(where)
    settings: dict[str, Any] = {}
    if args.shards:
        count, ids = args.shards
        settings.update(shard_count=int(count), shard_ids=tuple(int(i) for i in ids.split(",")))
    if args.lease is not None:
        settings["process_lease"] = timedelta(seconds=args.lease)
    if args.reminder is not None:
        settings["reminder_delay"] = timedelta(seconds=args.reminder)
    if args.limits:
        settings.update(user_rate=args.limits[0], server_rate=args.limits[1])
    return Config(
        db_url=where if postgres else "",
        db_path=Config.db_path if postgres else where,
        render_workers=args.render_workers,
        replay_on_result=False,
        log_level="WARNING",
        **settings,
    )


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.bot_process")
    parser.add_argument("url")
    parser.add_argument("token")
    parser.add_argument("store")
    parser.add_argument("--shards", nargs=2, metavar=("COUNT", "IDS"))
    parser.add_argument("--render-workers", type=int, default=1)
    parser.add_argument("--lease", type=float)
    parser.add_argument("--reminder", type=float)
    parser.add_argument("--limits", nargs=2, type=int, metavar=("USER", "SERVER"))
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    point_discord_at(args.url)
    with profiled("bot"):
        asyncio.run(until_stopped(run_bot(config(args), args.token, guild_ready_timeout=0.05)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
