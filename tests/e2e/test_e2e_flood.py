"""A flood answered: 600 simultaneous ``/move`` in one thread while another server plays.

The real bot runs as a process of its own against the emulator with Discord's real rate-limit
windows (the suite's other tests shorten them tenfold). Every interaction of the flood must get
its first response within Discord's 3 seconds, every move the flood applied must be confirmed
to the player who made it, and the players of the other server must be answered as usual
meanwhile (docs/real-server.md, "Under a flood").
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from playground import Emulator, FakeUser, InteractionResult
from playground.patience import patience
from store import SqliteStore
from tests.e2e.table_driver import connected, said
from tests.e2e.test_e2e_kill import legal_action, sqlite_store, stored

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
FLOOD = 600


@asynccontextmanager
async def bot_process(emu: Emulator, db: Path) -> AsyncIterator[asyncio.subprocess.Process]:
    """The production bot in a process of its own (one render worker, as in production)."""
    before = set(emu.gateway.sessions)
    proc = await asyncio.create_subprocess_exec(
        *[sys.executable, "-m", "bench.bot_process", emu.url, emu.token, str(db)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        await connected(emu, proc, before)
        yield proc
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(proc.wait(), patience(20))
            except TimeoutError:
                proc.send_signal(signal.SIGKILL)
        await proc.wait()


async def first_answer(result: InteractionResult, timeout: float = 60.0) -> str:
    """The text the user finally sees (after a deferral, the edit that fills it)."""
    await result.done(timeout)
    await result.wait_for_messages(1, timeout=timeout)
    return result.messages[-1].content


async def open_game(emu: Emulator, creator: FakeUser, other: FakeUser, channel: int) -> None:
    values = {"game": "civ", "seats": 2, "options": ""}
    await first_answer(await emu.slash(creator, "game new", channel=channel, options=values))
    lobby = emu.message(max(m.id for m in emu.messages(channel) if m.buttons))
    await first_answer(await emu.press(other, lobby, label="Join"))
    await first_answer(await emu.press(creator, lobby, label="Start"))


async def play_along(
    emu: Emulator, store: SqliteStore, game_id: int, users: dict[int, FakeUser], moves: int
) -> list[float]:
    """Ordinary play in one game: ``moves`` legal moves one after another; how long each
    took from the command to the confirmation the player reads."""
    rng = random.Random(7)
    took = []
    loop = asyncio.get_running_loop()
    for _ in range(moves):
        game = (await stored(store))[game_id]
        picked = legal_action(game, rng)
        assert picked is not None
        seat, action = picked
        user_id = next(s.user_id for s in await store.seats(game_id) if s.seat == seat)
        started = loop.time()
        r = await emu.slash(users[user_id], "move", channel=game["thread_id"], action=action)
        text = await first_answer(r)
        took.append(loop.time() - started)
        assert text.startswith("✅"), text
        assert r.elapsed_ms is not None and r.elapsed_ms < 3000
    return took


async def test_a_flood_of_moves_is_answered_and_the_other_server_plays_on(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    emu = emulator
    emu.rate_limits.time_scale = 1.0  # Discord's own windows
    alice, bob, carol, _ = players
    crowd = [emu.add_user(f"Fan{i}") for i in range(30)]
    other = emu.add_guild("Elsewhere", owner="olga")
    hall = emu.add_channel("tables", guild=other)
    peter = emu.add_user("Peter", guild=other)
    olga = emu.user("olga")
    users = {u.id: u for u in [*players, *crowd, olga, peter]}
    db = tmp_path / "bot.sqlite3"
    async with sqlite_store(db) as store, bot_process(emu, db):
        await open_game(emu, alice, bob, emu.games_channel_id)
        await open_game(emu, olga, peter, hall.id)
        games = await stored(store)
        flooded, calm = sorted(games)
        thread = games[flooded]["thread_id"]
        seq_before = games[flooded]["seq"]

        # The flood: the players and a spectator, nonsense and the one legal move at once.
        picked = legal_action(games[flooded], random.Random(1))
        assert picked is not None
        seat, legal = picked
        mover = next(s.user_id for s in await store.seats(flooded) if s.seat == seat)
        senders = [alice, bob, carol, *crowd]

        def one(i: int) -> Awaitable[InteractionResult]:
            sender = senders[i % len(senders)]
            if i % 50 == 0:
                return emu.slash(users[mover], "move", channel=thread, action=legal)
            if i % 5 == 1:  # a picture to draw: work that would queue behind itself
                return emu.slash(sender, "board", channel=thread)
            return emu.slash(sender, "move", channel=thread, action="zz")

        flood = [one(i) for i in range(FLOOD)]
        calm_play = asyncio.ensure_future(play_along(emu, store, calm, users, 6))
        try:
            results = await asyncio.gather(*flood)
            # First every first response (one event each), then the answers one by one: 600
            # waiters woken by every change would slow the emulator's own clock-keeping.
            await asyncio.gather(*(r.done(60) for r in results))
            texts = [await first_answer(r) for r in results]
            took = await calm_play
        finally:
            calm_play.cancel()

        # Every interaction had its first response within Discord's 3 seconds, and an answer.
        late = [r for r in results if r.errors or r.elapsed_ms is None or r.elapsed_ms >= 3000]
        assert not late, f"{len(late)} answered late, e.g. {late[:3]}"
        # Every move the flood applied was confirmed, to the player who made it.
        applied = (await stored(store))[flooded]["seq"] - seq_before
        confirmed = [r for r, t in zip(results, texts, strict=True) if t.startswith("✅")]
        assert applied >= 1 and len(confirmed) == applied, (applied, len(confirmed))
        assert all(r.user.id == mover for r in confirmed)
        # What was beyond the limits was refused at once, in the first response.
        too_fast = [r for r, t in zip(results, texts, strict=True) if said(t, "error.too_fast")]
        assert len(too_fast) > FLOOD // 2 and all(r.callback_type == 4 for r in too_fast)
        # The other server played on as usual.
        assert max(took) < 5.0, took
