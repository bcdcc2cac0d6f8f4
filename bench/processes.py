"""Moves confirmed per second with the bot in one process or two:
``python -m bench processes [--games N] [--moves M] [--pg-url URL] [--no-write]``.

The emulator runs here; the production bot runs as separate processes
(``bench.bot_process``) on SQLite in one process, on PostgreSQL in one process, and on
PostgreSQL in two processes of one shard each. The world is the same in all three: two
servers whose ids put one on each of two shards (``(guild_id >> 22) % 2``), the games shared
out between them. One process runs one shard holding both servers (Discord asks for more
shards only past 2500 servers); two processes run shards 0 and 1 of two.

Every game's two players move as soon as their previous move is confirmed, all games at
once, through ``/move``. A move counts as confirmed when the bot's private answer says it
was recorded ("✅": sent after the store committed it and the public table post went out);
its latency is from sending the command to that answer. Anything else (a refusal, a timeout)
is counted as unconfirmed and ends that game's play. The moves are chosen from a copy of
each game kept here (its stored start, then the confirmed moves applied by the same engine),
so the benchmark adds no database reads while it measures.

The CPU per confirmed move is the bot processes' and their render workers', split between
their event loops, their other threads and the workers (from /proc, per thread); this
process's own (the emulator and the players) is given beside it. ``TABLEHOST_BENCH_PROFILE``
names a folder for CPU profiles of both sides (``bench.profiling``).

PostgreSQL needs a server: ``--pg-url``, else ``TABLEHOST_TEST_PG_URL`` or
``TABLEHOST_DB_URL``; each run makes a schema of its own there and drops it afterwards.
Without one its rows are skipped and docs/performance.md is left as it is.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.profiling import profiled
from bench.report import heading, write_block
from playground import Channel, Emulator, FakeUser, InteractionResult, Message
from rules import get_game
from rules.core import Game, Rng, act
from rules.selfplay import random_action
from store.connect import open_store

ROOT = Path(__file__).resolve().parent.parent
#: Give up waiting for one answer after this long (a stuck bot is a failed benchmark).
TIMEOUT = 30.0
#: Servers in the world, one on each shard of two.
SHARDS = 2


@dataclass(frozen=True)
class Setup:
    """One row of the benchmark: a backend and how many bot processes share the shards."""

    key: str
    label: str
    postgres: bool
    processes: int


SETUPS = (
    Setup("sqlite_1", "SQLite, 1 process", postgres=False, processes=1),
    Setup("postgres_1", "PostgreSQL, 1 process", postgres=True, processes=1),
    Setup("postgres_2", "PostgreSQL, 2 processes (shards 0 and 1 of 2)", True, processes=2),
)

#: The measures of each setup: key suffix, label, unit.
MEASURES = (
    ("moves_per_s", "moves confirmed per second", ""),
    ("p50_ms", "move to confirmation p50", "ms"),
    ("p95_ms", "move to confirmation p95", "ms"),
    ("p99_ms", "move to confirmation p99", "ms"),
    ("cpu_ms_per_move", "CPU per confirmed move (bots and their render workers)", "ms"),
    ("cpu_loop_ms", "… of it the bots' event loops", "ms"),
    ("cpu_threads_ms", "… the bots' other threads (SQLite's)", "ms"),
    ("cpu_render_ms", "… the render workers", "ms"),
    ("cpu_emulator_ms", "CPU per confirmed move of the emulator (not counted above)", "ms"),
    ("cpu_players_ms", "… and of the players choosing moves (not counted above)", "ms"),
    ("confirmed", "moves confirmed", ""),
    ("unconfirmed", "moves not confirmed", ""),
    ("load", "machine load (1-minute average), play began → ended", ""),
)


@dataclass
class _Game:
    """A started game as the players see it, with the copy of its state they choose from."""

    game_id: int
    thread: Channel
    users: dict[int, FakeUser]
    engine: Game[Any]
    state: Any
    rng: Rng


@dataclass
class _Tally:
    latencies_ms: list[float] = field(default_factory=list)
    unconfirmed: list[str] = field(default_factory=list)
    #: CPU seconds the players spent choosing their moves and applying the confirmed ones.
    players_s: float = 0.0


def pg_server_url(given: str | None = None) -> str:
    """The PostgreSQL server to measure on ('' for none)."""
    return (
        given
        or os.environ.get("TABLEHOST_TEST_PG_URL", "")
        or os.environ.get("TABLEHOST_DB_URL", "")
    )


@contextlib.asynccontextmanager
async def _database(setup: Setup, pg_url: str, tmp: Path) -> AsyncIterator[str]:
    """A fresh, empty database for one setup: an SQLite file, or a schema of its own."""
    if not setup.postgres:
        yield str(tmp / f"{setup.key}.sqlite3")
        return
    import asyncpg

    name = f"bench_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        try:
            yield f"{pg_url}{'&' if '?' in pg_url else '?'}search_path={name}"
        finally:
            await admin.execute(f"DROP SCHEMA {name} CASCADE")
    finally:
        await admin.close()


async def _answer(result: InteractionResult) -> Message:
    await result.done(TIMEOUT)
    if result.error:
        raise RuntimeError(f"{result!r}: {result.error}")
    return (await result.wait_for_messages(1, timeout=TIMEOUT))[-1]


@contextlib.asynccontextmanager
async def _bots(
    emu: Emulator, where: str, processes: int, render_workers: int, logs: Path
) -> AsyncIterator[list[int]]:
    """``processes`` bot processes sharing the shards, yielded once every shard is
    connected (their process ids); stopped with SIGTERM (as a service manager stops them)
    afterwards."""
    count = 1 if processes == 1 else SHARDS
    emu.gateway.shards = count
    started: list[tuple[asyncio.subprocess.Process, Path]] = []
    try:
        for index in range(processes):
            shards = ",".join(str(s) for s in range(count) if s % processes == index)
            log = logs / f"bot-{index}.log"
            with log.open("wb") as err:
                proc = await asyncio.create_subprocess_exec(
                    *[sys.executable, "-m", "bench.bot_process", emu.url, emu.token, where],
                    *["--shards", str(count), shards, "--render-workers", str(render_workers)],
                    *["--limits", "0", "0"],  # a benchmark of throughput, not of the limits
                    cwd=ROOT,
                    env={**os.environ, "PYTHONPATH": str(ROOT)},
                    stdout=asyncio.subprocess.DEVNULL,
                    stderr=err,
                )
            started.append((proc, log))
        await _connected(emu, count, started)
        yield [proc.pid for proc, _ in started]
    finally:
        for proc, _ in started:
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
        for proc, _ in started:
            try:
                await asyncio.wait_for(proc.wait(), 15)
            except TimeoutError:
                proc.kill()
                await proc.wait()


async def _connected(
    emu: Emulator, count: int, started: list[tuple[asyncio.subprocess.Process, Path]]
) -> None:
    """Wait until each of the ``count`` shards has an open gateway session."""
    end = time.monotonic() + 60
    while True:
        open_shards = {
            tuple(s.shard) if s.shard else (0, 1)
            for s in emu.gateway.sessions.values()
            if s.ws is not None and not s.ws.closed
        }
        if open_shards >= {(shard, count) for shard in range(count)}:
            break
        for proc, log in started:
            if proc.returncode is not None:
                tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
                raise RuntimeError(f"a bot process exited ({proc.returncode}):\n{tail}")
        if time.monotonic() > end:
            raise RuntimeError(f"the bot processes did not connect (open: {open_shards})")
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # READY and GUILD_CREATE handled


async def _open_game(
    emu: Emulator, game: str, channel: Channel, users: list[FakeUser]
) -> tuple[int, Channel]:
    """A started game and its thread (setup is not measured)."""
    values = {"game": game, "seats": len(users), "options": ""}
    lobby = await _answer(await emu.slash(users[0], "game new", channel=channel, options=values))
    game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
    for user in users[1:]:
        await _answer(await emu.press(user, lobby, label="Join"))
    await _answer(await emu.press(users[0], lobby, label="Start"))
    thread = next(t for t in emu.threads if t.name.endswith(f"#{game_id}"))
    return game_id, thread


async def _play(emu: Emulator, table: _Game, moves: int, tally: _Tally) -> None:
    for _ in range(moves):
        engine = table.engine
        if engine.outcome(table.state) is not None:
            return
        thinking = time.thread_time()
        seat = next(p.seat for p in engine.pending(table.state) if p.must)
        action = random_action(engine, table.state, seat, table.rng, greedy=True)
        tally.players_s += time.thread_time() - thinking
        user = table.users[seat]
        started = time.perf_counter()
        try:
            answer = await _answer(
                await emu.slash(user, "move", channel=table.thread, action=action)
            )
        except (RuntimeError, TimeoutError) as exc:
            tally.unconfirmed.append(f"game {table.game_id}: {exc}")
            return
        if not answer.content.startswith("✅"):
            tally.unconfirmed.append(f"game {table.game_id}: {answer.content[:200]}")
            return
        tally.latencies_ms.append((time.perf_counter() - started) * 1000)
        thinking = time.thread_time()
        table.state, _ = act(engine, table.state, seat, action)
        tally.players_s += time.thread_time() - thinking


async def measure_setup(
    setup: Setup,
    *,
    game: str,
    games: int,
    moves: int,
    seed: int,
    pg_url: str = "",
    render_workers: int = 1,
) -> dict[str, Any]:
    """One setup's figures: moves confirmed per second over the whole play (every game
    moving at once) and the latency of each confirmed move."""
    # Discord's rate limits off: with them the benchmark measures Discord's pacing of the
    # posts (docs/performance.md), not the bot.
    emu = Emulator(deadline=3.0, rate_limits=False)
    await emu.start()
    try:
        guilds = [
            emu.add_guild(f"Shard {k}", owner=f"owner{k}", shard=(k, SHARDS)) for k in range(SHARDS)
        ]
        channels = [emu.add_channel("games", guild=g) for g in guilds]
        pairs = [
            [emu.add_user(f"P{n}{side}", guild=guilds[n % SHARDS]) for side in "ab"]
            for n in range(games)
        ]
        with tempfile.TemporaryDirectory() as tmp:
            async with (
                _database(setup, pg_url, Path(tmp)) as where,
                _bots(emu, where, setup.processes, render_workers, Path(tmp)) as pids,
            ):
                limit = asyncio.Semaphore(8)

                async def opened(n: int) -> tuple[int, Channel]:
                    async with limit:
                        return await _open_game(emu, game, channels[n % SHARDS], pairs[n])

                started = await asyncio.gather(*(opened(n) for n in range(games)))
                tables = await _copies(where, started, pairs, seed)
                tally = _Tally()
                load = [os.getloadavg()[0]]
                cpu = _cpu(pids)
                begun = time.perf_counter()
                with profiled("bench"):
                    await asyncio.gather(*(_play(emu, t, moves, tally) for t in tables))
                elapsed = time.perf_counter() - begun
                used = _cpu(pids)
                load.append(os.getloadavg()[0])
        if emu.errors:
            raise RuntimeError(f"emulator routes failed: {emu.errors[:3]}")
    finally:
        await emu.stop()
    figures = _figures(tally, elapsed)
    if cpu is not None and used is not None and tally.latencies_ms:
        figures.update(_cpu_figures(used - cpu, tally))
    figures["load"] = " → ".join(f"{x:.1f}" for x in load)
    return figures


@dataclass(frozen=True)
class _Cpu:
    """CPU seconds (user and system) used so far, by where they went."""

    #: The bot processes' main threads: their event loops (discord.py, the bot's own code).
    loop: float
    #: Their other threads: SQLite's connection thread, the default executor's.
    threads: float
    #: Their children: the render workers (and multiprocessing's resource tracker).
    render: float
    #: This process: the emulator and the players.
    here: float

    def __sub__(self, other: _Cpu) -> _Cpu:
        return _Cpu(
            self.loop - other.loop,
            self.threads - other.threads,
            self.render - other.render,
            self.here - other.here,
        )

    @property
    def bots(self) -> float:
        """The bot processes and their render workers."""
        return self.loop + self.threads + self.render


def _cpu(roots: Sequence[int]) -> _Cpu | None:
    """The CPU used so far by the processes ``roots`` (split between their main threads and
    the others), their children, and this process, read from /proc; None where there is no
    /proc."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    main = threads = render = 0
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ticks, parent = _ticks(entry / "stat")
            if int(entry.name) in roots:
                loop, _ = _ticks(entry / "task" / entry.name / "stat")
                main += loop
                threads += ticks - loop
            elif parent in roots:
                render += ticks
        except OSError:
            continue  # exited meanwhile
    tick = os.sysconf("SC_CLK_TCK")
    return _Cpu(main / tick, threads / tick, render / tick, time.process_time())


def _ticks(stat: Path) -> tuple[int, int]:
    """A process's or thread's CPU clock ticks (user and system) and its parent's id."""
    # After the command's closing parenthesis: state, ppid, ..., utime, stime.
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12]), int(fields[1])


async def _copies(
    where: str, started: Sequence[tuple[int, Channel]], pairs: list[list[FakeUser]], seed: int
) -> list[_Game]:
    """Each game's stored start and seats, read once before the play is timed."""
    store = await open_store(where)
    try:
        tables = []
        for n, (game_id, thread) in enumerate(started):
            row = await store.get_game(game_id)
            snapshot = await store.snapshot(game_id)
            assert row is not None and snapshot is not None, game_id
            engine = get_game(row.game)
            by_id = {u.id: u for u in pairs[n]}
            users = {s.seat: by_id[s.user_id] for s in await store.seats(game_id)}
            state = engine.from_json(snapshot[1])
            tables.append(_Game(game_id, thread, users, engine, state, Rng(seed + n)))
        return tables
    finally:
        await store.close()


def _cpu_figures(cpu: _Cpu, tally: _Tally) -> dict[str, float]:
    """Milliseconds of CPU per confirmed move: the bots in all, then where it went."""
    per_move = {
        "cpu_ms_per_move": cpu.bots,
        "cpu_loop_ms": cpu.loop,
        "cpu_threads_ms": cpu.threads,
        "cpu_render_ms": cpu.render,
        "cpu_emulator_ms": cpu.here - tally.players_s,
        "cpu_players_ms": tally.players_s,
    }
    return {k: round(1000 * v / len(tally.latencies_ms), 1) for k, v in per_move.items()}


def _figures(tally: _Tally, elapsed: float) -> dict[str, Any]:
    ms = tally.latencies_ms
    cuts = statistics.quantiles(ms, n=100) if len(ms) > 1 else ms * 99
    return {
        "moves_per_s": round(len(ms) / elapsed, 1),
        "p50_ms": round(statistics.median(ms), 1) if ms else None,
        "p95_ms": round(cuts[94], 1) if ms else None,
        "p99_ms": round(cuts[98], 1) if ms else None,
        "confirmed": len(ms),
        "unconfirmed": len(tally.unconfirmed),
        "unconfirmed_examples": tally.unconfirmed[:3],
    }


async def _server_settings(pg_url: str) -> str:
    """What the PostgreSQL server's durability is set to (it decides what a commit costs)."""
    import asyncpg

    conn = await asyncpg.connect(pg_url)
    try:
        version = await conn.fetchval("SHOW server_version")
        fsync = await conn.fetchval("SHOW fsync")
        return f"PostgreSQL {version.split()[0]}, fsync {fsync}"
    finally:
        await conn.close()


async def measure(
    *,
    game: str,
    games: int,
    moves: int,
    seed: int,
    pg_url: str,
    render_workers: int = 1,
    setups: Sequence[Setup] = SETUPS,
) -> dict[str, Any]:
    """Every setup in turn (the PostgreSQL ones only with a server); flat keys for the
    report: ``<setup>_<measure>``."""
    result: dict[str, Any] = {"game": "processes", "games": games, "moves": moves}
    for setup in setups:
        if setup.postgres and not pg_url:
            continue
        figures = await measure_setup(
            setup,
            game=game,
            games=games,
            moves=moves,
            seed=seed,
            pg_url=pg_url,
            render_workers=render_workers,
        )
        result.update({f"{setup.key}_{k}": v for k, v in figures.items()})
    if pg_url:
        result["postgres_server"] = await _server_settings(pg_url)
    return result


def block(result: dict[str, Any], command: str) -> str:
    """The generated Markdown: one column per setup, side by side."""
    server = result.get("postgres_server", "none")
    note = (
        f" ({result['games']} concurrent games, half on each shard's server, {result['moves']}"
        f" moves each; database server: {server})"
    )
    lines = heading("processes", command, note)
    lines.append("| measure | " + " | ".join(s.label for s in SETUPS) + " |")
    lines.append("|---|" + "---:|" * len(SETUPS))
    for key, label, unit in MEASURES:
        cells = []
        for setup in SETUPS:
            value = result.get(f"{setup.key}_{key}")
            cells.append("not measured" if value is None else f"{value} {unit}".strip())
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("<!-- /bench:processes -->")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench processes", description=__doc__)
    parser.add_argument("--game", default="civ", help="game played (default civ)")
    parser.add_argument("--games", type=int, default=40, help="concurrent games (default 40)")
    parser.add_argument("--moves", type=int, default=20, help="moves per game (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--render-workers", type=int, default=1, help="render workers per bot process (default 1)"
    )
    parser.add_argument(
        "--pg-url",
        help="PostgreSQL server (default: TABLEHOST_TEST_PG_URL, else TABLEHOST_DB_URL)",
    )
    parser.add_argument("--no-write", action="store_true", help="do not update docs/performance.md")
    args = parser.parse_args(argv)
    pg_url = pg_server_url(args.pg_url)
    if not pg_url:
        print(
            "No PostgreSQL server (--pg-url, TABLEHOST_TEST_PG_URL or TABLEHOST_DB_URL):"
            " measuring SQLite only, docs/performance.md left as it is.",
            file=sys.stderr,
        )
    result = asyncio.run(
        measure(
            game=args.game,
            games=args.games,
            moves=args.moves,
            seed=args.seed,
            pg_url=pg_url,
            render_workers=args.render_workers,
        )
    )
    print(json.dumps(result), flush=True)
    if pg_url and not args.no_write:
        command = f"python -m bench processes --games {args.games} --moves {args.moves}"
        write_block(ROOT / "docs" / "performance.md", "processes", block(result, command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
