"""Start the bot: read config.toml and the environment, open the store, load the cogs, run.

With no Discord token configured it starts the playground instead: a local Discord emulator
with a web page where you can play every seat yourself.

    python bot.py [--config config.toml] [--db PATH] [--port 8765] [--sync]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import signal
import sys
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any

from discordui.client import TableBot
from host.config import Config, ConfigError, load_config, validate
from store import DatabaseRefused, SqliteStore
from store.connect import is_postgres_url, open_store

log = logging.getLogger("tablehost")


async def run_bot(
    config: Config, token: str, store: SqliteStore | None = None, **client_options: Any
) -> None:
    """Run the bot until it is closed; a store opened here is closed afterwards whatever
    happens (one given is the caller's).

    Raises:
        DatabaseRefused: the database file is not one of ours (opened here unless given).
    """
    opened = store is None
    if store is None:
        store = await open_store(config.store_location)
    try:
        async with TableBot(config, store, **client_options) as bot:
            await bot.start(token)
    finally:
        if opened:
            await store.close()


async def run_playground(config: Config) -> None:
    """The emulator and its page on loopback, and the real bot connected to it."""
    from playground import serve

    # Opened first: a refused file stops us before the page is offered.
    store = await open_store(config.store_location)

    async def start_bot(url: str, token: str) -> None:
        await run_bot(config, token, store, guild_ready_timeout=0.05)

    try:
        await serve(
            start_bot,
            host=config.playground_host,
            port=config.playground_port,
            rate_limit_time_scale=config.playground_rate_limit_time_scale,
        )
    finally:
        await store.close()


async def until_stopped(main: Coroutine[Any, Any, None]) -> None:
    """Run ``main``; SIGTERM (a service manager stopping us) cancels it so everything closes."""
    task = asyncio.ensure_future(main)
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        loop.add_signal_handler(signal.SIGTERM, task.cancel)
    with contextlib.suppress(asyncio.CancelledError):
        await task


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--config", default="config.toml", help="settings file (default: config.toml)"
    )
    parser.add_argument(
        "--db", help="SQLite database file or postgresql:// URL (overrides the config)"
    )
    parser.add_argument("--port", type=int, help="playground port (overrides the config)")
    parser.add_argument(
        "--sync",
        action="store_true",
        help="sync the slash commands even if they did not change since the last sync",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    overrides: dict[str, object] = {}
    if args.db is not None and is_postgres_url(args.db):
        overrides["db_url"] = args.db
    elif args.db is not None:
        overrides.update(db_path=args.db, db_url="")
    if args.port is not None:
        overrides["playground_port"] = args.port
    try:
        config = load_config(args.config)
        # The command line is checked like the file (a --port out of range, an empty --db).
        config = validate(dataclasses.replace(config, **overrides))  # type: ignore[arg-type]
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(config.log_level)))
    try:
        if config.token:
            asyncio.run(until_stopped(run_bot(config, config.token, force_sync=args.sync)))
        else:
            print(
                "No Discord token configured (set DISCORD_TOKEN, or token in the [discord]\n"
                "section of config.toml; see config.example.toml). Starting the playground:\n"
                "a local Discord emulator where you can play in your browser.",
                flush=True,
            )
            playground_db = Path(config.db_path).with_name("playground.sqlite3")
            # The playground's games are throw-away: always a file of their own, never the
            # configured PostgreSQL database.
            playground_config = dataclasses.replace(config, db_path=str(playground_db), db_url="")
            asyncio.run(until_stopped(run_playground(playground_config)))
    except DatabaseRefused as exc:
        print(f"Database error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
