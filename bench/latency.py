"""Interaction-to-first-response latency with many games played at once through the emulator.

Every game has its own thread and two players; all games move at the same time, as fast as the
bot answers, so the bot is under far more load than a real server's async games put on it.
The first response is what Discord's 3-second deadline applies to: the defer of ``/move``, and
the private action picker opened by a press of "Act" (which needs the game loaded first).

Before each move its player also types it into ``/move`` up to its last token: the suggestions
must come back within Discord's 3 seconds too, and the step with the most choices (300 plots in
the proving ground) is the one that costs most.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from discordui.client import TableBot
from host.config import Config
from playground import Emulator, FakeUser, InteractionResult, Message, restore_discord, running_bot
from rules.core import Rng
from rules.selfplay import random_action
from store import SqliteStore

#: Give up waiting for one answer after this long (a stuck bot is a failed benchmark).
TIMEOUT = 30.0


async def _answer(result: InteractionResult) -> Message:
    await result.done(TIMEOUT)
    if result.error:
        raise RuntimeError(f"{result!r}: {result.error}")
    messages = await result.wait_for_messages(1, timeout=TIMEOUT)
    return messages[-1]


async def _open_game(emu: Emulator, game: str, users: list[FakeUser]) -> tuple[int, Any]:
    """A started 2-player game and its thread (setup is not measured)."""
    values = {"game": game, "seats": len(users), "options": ""}
    lobby = await _answer(await emu.slash(users[0], "game new", options=values))
    game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
    for user in users[1:]:
        await (await emu.press(user, lobby, label="Join")).done(TIMEOUT)
    await _answer(await emu.press(users[0], lobby, label="Start"))
    thread = next(t for t in emu.threads if t.name.endswith(f"#{game_id}"))
    return game_id, thread


async def _play(
    emu: Emulator,
    bot: TableBot,
    game_id: int,
    thread: Any,
    users: list[FakeUser],
    moves: int,
    rng: Rng,
    first_ms: list[float],
    full_ms: list[float],
    suggest_ms: list[tuple[int, float]],
) -> None:
    for _ in range(moves):
        game = await bot.service.load(game_id)
        if game.outcome() is not None:
            return
        seat = next(p.seat for p in game.pending() if p.must)
        user = next(u for u in users if u.id == game.user_of(seat))
        action = random_action(game.engine, game.state, seat, rng, greedy=True)
        # Typed up to the last token: the suggestions are that step's choices.
        prefix = action.split()[:-1]
        typed = " ".join(prefix) + " " if prefix else ""
        offered = len(game.engine.choices(game.state, seat, prefix))
        started = time.perf_counter()
        await emu.autocomplete(user, "move", focused="action", channel=thread, action=typed)
        suggest_ms.append((offered, (time.perf_counter() - started) * 1000))
        if rng.randrange(4) == 0:
            # A press of "Act" on the table post: the bot must load the game to answer it.
            table = [m for m in emu.messages(thread) if not m.ephemeral][-1]
            pressed = await emu.press(user, table, label="Act")
            await _answer(pressed)
            assert pressed.elapsed_ms is not None
            first_ms.append(pressed.elapsed_ms)
        started = time.perf_counter()
        result = await emu.slash(user, "move", channel=thread, action=action)
        await _answer(result)
        full_ms.append((time.perf_counter() - started) * 1000)
        assert result.elapsed_ms is not None
        first_ms.append(result.elapsed_ms)


async def measure_latency(
    game: str, games: int, moves: int, seed: int, *, render_workers: int = 1
) -> dict[str, float]:
    """p50/p95/p99 of interaction -> first response, over ``games`` concurrent games, and of
    /move suggestions (all of them, and those of the step with the most choices)."""
    # Discord's rate limits off: they would measure Discord's pacing of 50 games' posts
    # (50 requests a second in all), not the bot.
    emu = Emulator(deadline=3.0, rate_limits=False)
    await emu.start()
    emu.point_discord_here()
    users = [emu.add_user(f"Player{i}") for i in range(2 * games)]
    first_ms: list[float] = []
    full_ms: list[float] = []
    suggest_ms: list[tuple[int, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        store = await SqliteStore.open(db)
        try:
            # The bot's own limits off too: opening 50 games at once is the bench's set-up,
            # and the server's limit (60 commands in 10 s) would refuse part of it.
            config = Config(
                db_path=str(db), render_workers=render_workers, user_rate=0, server_rate=0
            )
            bot = TableBot(config, store, guild_ready_timeout=0.05)
            async with running_bot(bot, emu):
                tables = []
                for i in range(games):
                    pair = users[2 * i : 2 * i + 2]
                    tables.append((*await _open_game(emu, game, pair), pair))
                await asyncio.gather(
                    *(
                        _play(
                            emu,
                            bot,
                            gid,
                            thread,
                            pair,
                            moves,
                            Rng(seed + n),
                            first_ms,
                            full_ms,
                            suggest_ms,
                        )
                        for n, (gid, thread, pair) in enumerate(tables)
                    )
                )
        finally:
            await store.close()
            restore_discord()
            await emu.stop()
    cuts = statistics.quantiles(first_ms, n=100)
    suggest = statistics.quantiles([ms for _, ms in suggest_ms], n=100)
    largest = max(count for count, _ in suggest_ms)
    at_largest = sorted(ms for count, ms in suggest_ms if count == largest)
    return {
        "suggest_p50_ms": round(statistics.median(ms for _, ms in suggest_ms), 1),
        "suggest_p99_ms": round(suggest[98], 1),
        "largest_step_choices": largest,
        "largest_step_suggest_ms": round(statistics.median(at_largest), 1),
        "largest_step_suggest_max_ms": round(at_largest[-1], 1),
        "p50_ms": round(statistics.median(first_ms), 1),
        "p95_ms": round(cuts[94], 1),
        "p99_ms": round(cuts[98], 1),
        "full_p50_ms": round(statistics.median(full_ms), 1),
        "full_p95_ms": round(statistics.quantiles(full_ms, n=20)[-1], 1),
        "interactions": len(first_ms),
    }
