"""Bot seats end to end: a lobby filled with the bot, a human against the bot to the end, a
late player replaced by the bot after a vote, /mod botseat, restarts, and failing bot moves."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from discordui.autoplay import BotSeats, bot_seats_of
from host.bots import is_bot
from host.clock import FakeClock
from host.errors import UserError
from host.service import ActResult
from playground import Emulator, FakeUser, Message
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, table_bot
from tests.e2e.test_e2e_async_deadlines import eventually, open_with, vote_message
from tests.e2e.test_e2e_async_reminders import clocked_bot, later, mover

pytestmark = pytest.mark.e2e


@pytest.fixture(autouse=True)
def quick_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot answers within milliseconds instead of half a second."""
    monkeypatch.setattr("discordui.autoplay.MOVE_DELAY", 0.001)


def seats_of(bot: Any) -> BotSeats:
    players = bot_seats_of(bot)
    assert players is not None
    return players


async def open_with_bot(table: Table, *, game: str = "civ") -> Message:
    """The first user opens a 2-seat lobby, presses Add bot, and starts."""
    creator = table.users[0]
    values = {"game": game, "seats": 2, "options": ""}
    r = await table.emu.slash(creator, "game new", channel=table.channel, options=values)
    lobby = await finished(r)
    table.game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
    await finished(await table.emu.press(creator, lobby, label="Add bot"))
    await finished(await table.emu.press(creator, lobby, label="Start"))
    return lobby


async def human_plays_to_end(
    table: Table, human: FakeUser, *, until: Callable[[Any], bool] | None = None, limit: int = 800
) -> int:
    """``human`` answers every prompt with /move until the game is over (or ``until(game)``);
    the bot answers its own prompts by itself in between. Returns the human's move count."""
    players = seats_of(table.bot)
    rng = Rng(7)
    for count in range(limit):
        await players.idle()
        game = await table.game()
        if game.outcome() is not None or (until is not None and until(game)):
            return count
        prompts = game.pending()
        assert all(game.user_of(p.seat) == human.id for p in prompts), "a bot prompt waits"
        prompt = prompts[0]
        answer = await table.move(human, await table.pick_action(game, prompt.seat, rng))
        assert answer.content.startswith("✅"), answer.content
    raise AssertionError(f"no result after {limit} moves")


async def whole_log(emulator: Emulator, user: FakeUser, table: Table) -> str:
    """Every page of /log as ``user`` reads it."""
    pages: list[str] = []
    total = 1
    while len(pages) < total:
        r = await emulator.slash(user, "log", channel=table.thread, page=len(pages) + 1)
        content = (await finished(r)).content
        found = re.search(r"page \d+ of (\d+)", content)
        assert found is not None, content
        total = int(found[1])
        pages.append(content)
    return "\n".join(pages)  # page 1 is the oldest


def bot_moves(actions: list[Any]) -> list[Any]:
    return [a for a in actions if a.kind == "move" and is_bot(a.user_id)]


async def test_a_lobby_filled_by_the_bot_and_a_civ_game_against_it(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Only the creator (or a moderator) adds a bot; the bot seat plays by itself to the end,
    its moves are in the log like anyone's, and it never gets a reminder or a deadline."""
    alice, bob = players[0], players[1]
    async with table_bot(emulator, tmp_path / "bot.sqlite3", render_workers=0) as bot:
        table = Table(emulator, bot, [alice])
        values = {"game": "civ", "seats": 2, "options": ""}
        r = await emulator.slash(alice, "game new", channel=table.channel, options=values)
        lobby = await finished(r)
        table.game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
        refused = await finished(await emulator.press(bob, lobby, label="Add bot"))
        assert refused.content.startswith("⚠️") and refused.ephemeral_to == bob.id
        await finished(await emulator.press(alice, lobby, label="Add bot"))
        shown = json.dumps(emulator.message(lobby.id).embeds, ensure_ascii=False)
        assert "🤖 bot" in shown
        full = await finished(await emulator.press(alice, lobby, label="Add bot"))
        assert full.content.startswith("⚠️"), "the lobby is full"
        await finished(await emulator.press(alice, lobby, label="Start"))

        game = await table.game()
        bot_seat = next(s.seat for s in game.seats if is_bot(s.user_id))
        assert game.handles[bot_seat] == "bot"
        moves = await human_plays_to_end(table, alice)
        assert moves > 5
        game = await table.game()
        assert game.row.status == "finished"
        actions = await bot.store.actions(table.game_id)
        assert len(bot_moves(actions)) > 5
        assert all(a.seat == bot_seat for a in bot_moves(actions))
        assert await bot.service.verify(table.game_id)
        public = [m.content for m in emulator.messages(table.thread) if not m.ephemeral]
        assert any("🤖 bot" in c for c in public), "the bot's prompts name it"
        assert not any("<@-" in c for c in public), "a bot seat is never mentioned"
        history = await whole_log(emulator, alice, table)
        assert re.search(r"`#\d+` @bot ", history), "the bot's moves are in the log"


async def test_two_bots_and_a_player_in_stone_age(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """/game addbot twice: both bots answer their prompts, also when several seats are asked
    at once (feeding ends every round), through two whole rounds."""
    alice = players[0]
    async with table_bot(emulator, tmp_path / "bot.sqlite3", render_workers=0) as bot:
        table = Table(emulator, bot, [alice])
        values = {"game": "stoneage", "seats": 3, "options": ""}
        r = await emulator.slash(alice, "game new", channel=table.channel, options=values)
        lobby = await finished(r)
        table.game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
        for _ in range(2):
            answer = await finished(
                await emulator.slash(
                    alice, "game addbot", channel=table.channel, game=table.game_id
                )
            )
            assert answer.content.startswith("✅")
        seats = await bot.store.seats(table.game_id)
        assert [s.user_id for s in seats[1:]] == [-1, -2]
        assert [s.handle for s in seats[1:]] == ["bot", "bot2"]
        await finished(await emulator.press(alice, lobby, label="Start"))

        def third_round(game: Any) -> bool:
            return bool(game.engine.view(game.state, None)["round"] >= 3)

        await human_plays_to_end(table, alice, until=third_round)
        game = await table.game()
        assert game.row.status == "running" and third_round(game)
        movers = {a.user_id for a in await bot.store.actions(table.game_id) if a.kind == "move"}
        assert movers == {alice.id, -1, -2}
        assert await bot.service.verify(table.game_id)


async def test_vote_replaces_the_late_player_and_the_bot_finishes_the_game(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Deadline with policy vote: the other player votes "Replace with a bot"; the bot takes
    the seat (handle kept) and plays it until the game ends."""
    clock = FakeClock()
    alice, carol = players[0], players[2]
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, [alice, carol])
        await open_with(table, deadline="1m", policy="vote")
        late, seat = await mover(table)
        other = next(u for u in table.users if u != late)
        handle = (await table.game()).handles[seat]
        await later(bot, clock, minutes=1)
        vote = vote_message(emulator, table.thread)
        assert "let the bot play" in vote.content
        await finished(await emulator.press(other, vote, label="Replace with a bot"))
        assert "to the bot" in emulator.message(vote.id).content

        async def replaced() -> bool:
            return is_bot((await table.game()).user_of(seat))

        await eventually(replaced)
        refused = await table.move(late, "end")
        assert refused.content.startswith("⚠️"), "the late player no longer holds the seat"
        await human_plays_to_end(table, other)
        game = await table.game()
        assert game.row.status == "finished" and game.handles[seat] == handle
        assert bot_moves(await bot.store.actions(table.game_id))
        history = await whole_log(emulator, other, table)
        assert f"The players voted to hand the seat of @{handle} to the bot." in history
        assert await bot.service.verify(table.game_id)
        assert await bot.store.pending_timers(table.game_id) == []


async def test_vote_skips_the_late_turn_and_the_seat_stays_with_its_player(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Deadline with policy vote: "Skip this turn" has the bot play the late player's turn once;
    the prompt moves on and the seat still belongs to the late player."""
    clock = FakeClock()
    alice, carol = players[0], players[2]
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, [alice, carol])
        await open_with(table, deadline="1m", policy="vote")
        late, seat = await mover(table)
        other = next(u for u in table.users if u != late)
        before = (await table.game()).seq
        await later(bot, clock, minutes=1)
        vote = vote_message(emulator, table.thread)
        assert "skip their turn" in vote.content
        await finished(await emulator.press(other, vote, label="Skip this turn"))

        async def moved_on() -> bool:
            return all(p.seat != seat for p in (await table.game()).pending())

        await eventually(moved_on)
        game = await table.game()
        assert game.user_of(seat) == late.id, "the seat stays with its player"
        rows = await bot.store.actions(table.game_id, after=before)
        handle = game.handles[seat]
        assert [r.text for r in rows if r.kind == "note"] == [
            f"deadline @{handle}",
            f"vote_skip @{handle}",
        ]
        moves = [r for r in rows if r.kind == "move"]
        assert moves and all(r.seat == seat for r in moves)
        assert await bot.service.verify(table.game_id)


async def test_mod_botseat_hands_a_seat_to_the_bot(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A moderator gives Carol's seat to the bot; Alice plays on against it."""
    alice, carol, dave = players[0], players[2], players[3]
    async with table_bot(emulator, tmp_path / "bot.sqlite3", render_workers=0) as bot:
        table = Table(emulator, bot, [alice, carol])
        await table.open()
        seat = (await table.game()).seat_of(carol.id)
        assert seat is not None
        done = await finished(
            await emulator.slash(dave, "mod botseat", channel=table.thread, player=carol)
        )
        assert done.content.startswith("🛡️") and carol.mention in done.content
        await seats_of(bot).idle()
        game = await table.game()
        assert is_bot(game.user_of(seat)) and game.seat_of(carol.id) is None
        assert all(p.seat != seat for p in game.pending()), "the bot answered its prompt"
        assert not any(t.seat == seat for t in await bot.store.pending_timers(table.game_id))
        await human_plays_to_end(table, alice)
        history = await whole_log(emulator, alice, table)
        assert f"handed the seat of @{game.handles[seat]} to the bot" in history
        assert await bot.service.verify(table.game_id)


async def test_a_pending_bot_prompt_is_played_after_a_restart(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot stops while its seat is asked (its move was still waiting); once started again
    it plays that prompt by itself."""
    alice = players[0]
    db = tmp_path / "bot.sqlite3"
    monkeypatch.setattr("discordui.autoplay.MOVE_DELAY", 3600.0)  # never moves in the first run
    async with table_bot(emulator, db, render_workers=0) as bot:
        table = Table(emulator, bot, [alice])
        await open_with_bot(table)
        rng = Rng(3)
        while True:
            game = await table.game()
            [prompt] = game.pending()
            if is_bot(game.user_of(prompt.seat)):
                break
            answer = await table.move(alice, await table.pick_action(game, prompt.seat, rng))
            assert answer.content.startswith("✅"), answer.content
        stopped_at = game.seq
    monkeypatch.setattr("discordui.autoplay.MOVE_DELAY", 0.001)
    async with table_bot(emulator, db, render_workers=0) as bot:
        table.bot = bot

        async def bot_moved() -> bool:
            game = await table.game()
            return game.seq > stopped_at and not any(
                is_bot(game.user_of(p.seat)) for p in game.pending()
            )

        await eventually(bot_moved)
        assert bot_moves(await bot.store.actions(table.game_id))
        assert await bot.service.verify(table.game_id)


async def test_stale_and_failing_bot_moves_are_retried(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot move refused as stale is chosen again on the new state; a move that crashes is
    logged and retried after a pause; the game goes on either way."""
    alice = players[0]
    async with table_bot(emulator, tmp_path / "bot.sqlite3", render_workers=0) as bot:
        players_cog = seats_of(bot)
        players_cog.retry_delays = (0.01, 0.01)
        real_act = bot.service.act
        trouble = ["stale", "crash"]
        calls: list[str] = []

        async def flaky_act(game_id: int, user_id: int, action: str, **kw: Any) -> ActResult:
            if is_bot(user_id) and trouble:
                what = trouble.pop(0)
                calls.append(what)
                if what == "stale":
                    raise UserError("stale")
                raise RuntimeError("a bot move crashed")
            calls.append("ok")
            return await real_act(game_id, user_id, action, **kw)

        monkeypatch.setattr(bot.service, "act", flaky_act)
        table = Table(emulator, bot, [alice])
        await open_with_bot(table)
        rng = Rng(5)
        for _ in range(40):
            await players_cog.idle()
            if calls.count("ok") >= 3 and "ok" in calls[calls.index("crash") :]:
                break
            game = await table.game()
            [prompt] = game.pending()
            assert not is_bot(game.user_of(prompt.seat))
            answer = await table.move(alice, await table.pick_action(game, prompt.seat, rng))
            assert answer.content.startswith("✅"), answer.content
        assert calls[:2] == ["stale", "crash"]
        assert bot_moves(await bot.store.actions(table.game_id))
