"""Under load the player's answer comes first: "too fast" at once, a confirmation that does not
wait behind a held table post, and a confirmation Discord refused sent again."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

import locales
from discordui.client import TableBot
from host.service import Loaded
from playground import Emulator, FakeUser, InteractionResult
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, said, table_bot
from tests.e2e.test_e2e_kill import table_seq

pytestmark = pytest.mark.e2e


async def test_too_fast_is_answered_at_once_and_changes_nothing(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Past ``limits.per_user`` a command is answered with how long to wait, in the user's
    language, without deferring and without touching the game; other users go on."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3", user_rate=4, rate_window=60) as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()  # alice: /game new and Start; bob: Join (3 of alice's 4)
        before = await table.game()
        burst = await asyncio.gather(
            *(emulator.slash(bob, "move", channel=table.thread, action="zz") for _ in range(6))
        )
        answers = [await finished(r) for r in burst]
        refused = [
            r for r, m in zip(burst, answers, strict=True) if said(m.content, "error.too_fast")
        ]
        assert len(refused) == 3  # bob had used 1 of his 4 on Join
        for r in refused:
            assert r.callback_type == 4  # answered in the first response, nothing deferred
            wait = int(re.findall(r"\d+", r.message.content)[0])
            assert 1 <= wait <= 15  # a token every 15 s, less what has passed since Join
            # Bob's client is Hungarian.
            assert r.message.content == "⏳ " + locales.t("hu", "error.too_fast", seconds=wait)
        after = await table.game()
        assert after.seq == before.seq
        # Alice has one interaction left; a moderator's command is someone else's bucket.
        mover = table.user_for(after, after.pending()[0].seat)
        action = await table.pick_action(after, after.pending()[0].seat, Rng(1))
        if mover is alice:
            assert (await table.move(alice, action)).content.startswith("✅")
        assert bot.throttle.refused == 3


async def first_move(
    emulator: Emulator, bot: TableBot, users: list[FakeUser], rng: Rng
) -> tuple[Table, Loaded, FakeUser, str]:
    """A started CIV game, whoever must act first and a legal action for them."""
    table = Table(emulator, bot, users)
    await table.open()
    game = await table.game()
    seat = game.pending()[0].seat
    return table, game, table.user_for(game, seat), await table.pick_action(game, seat, rng)


async def move_answered_after(
    emulator: Emulator, status: int, mover: FakeUser, table: Table, action: str
) -> InteractionResult:
    """``/move`` whose first confirming edit Discord answers with ``status``; once answered."""
    emulator.fail_next("PATCH", r"/webhooks/\d+/[^/]+/messages/@original$", status=status)
    r = await emulator.slash(mover, "move", channel=table.thread, action=action)
    await r.done()
    await r.wait_for_messages(1, timeout=15)
    return r


async def test_the_answer_does_not_wait_behind_a_held_table_post(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """When Discord holds the thread's posts back (a rate limit, a slow moment), the player's
    confirmation goes first and the table post follows when Discord takes it."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table, game, mover, action = await first_move(emulator, bot, [alice, bob], Rng(2))
        thread = table.thread.id
        for method in ("POST", "PATCH"):  # every post and edit in the thread takes 5 s
            emulator.slow_down(method, f"/channels/{thread}/messages", 5.0)
        loop = asyncio.get_running_loop()
        started = loop.time()
        answer = await table.move(mover, action)
        took = loop.time() - started
        assert answer.content.startswith("✅") and took < 4.0, took
        assert table_seq(emulator, thread) == game.seq  # the table post still waits
        while table_seq(emulator, thread) != game.seq + 1:
            assert loop.time() - started < 20, "the table post never came"
            await asyncio.sleep(0.1)


async def test_a_confirmation_discord_refused_is_sent_again(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """The move is applied; the edit that confirms it gets a 429 without ``Via`` (as from
    Discord's Cloudflare layer; discord.py raises it at once instead of retrying): the bot
    sends it again and the player reads the confirmation."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table, game, mover, action = await first_move(emulator, bot, [alice, bob], Rng(3))
        r = await move_answered_after(emulator, 429, mover, table, action)
        assert r.messages[-1].content.startswith("✅")
        assert (await table.game()).seq == game.seq + 1
        failed = [q for q in emulator.requests("PATCH") if q.status == 429]
        assert len(failed) == 1


async def test_an_answer_that_fails_for_good_does_not_deny_the_move(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Discord refuses the confirmation for good (a 400): the apology says the move was
    made, never that the game is unchanged."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table, game, mover, action = await first_move(emulator, bot, [alice, bob], Rng(4))
        r = await move_answered_after(emulator, 400, mover, table, action)
        assert said(r.messages[-1].content, "error.internal_after_move")
        assert (await table.game()).seq == game.seq + 1
