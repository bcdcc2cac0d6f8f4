"""The promises around play: deadlines, no leaks, restarts, double clicks, refusals."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import locales
import render
from playground import Emulator, FakeUser
from rules.core import Rng
from store import rebuild
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


async def test_four_player_team_game_to_the_end(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A 4-player team game reaches the game-over post, which names two winners."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players)
        await table.open(options="teams=true deal=draft")
        game = await table.game()
        assert game.row.options["teams"] is True and game.row.options["deal"] == "draft"
        await table.play_to_end(Rng(11), buttons_every=5)
        last = table.table_message()
        assert "Winners:" in last.content
        outcome = (await table.game()).outcome()
        assert outcome is not None and len(outcome.winners) == 2
        assert sorted(outcome.winners) in ([0, 2], [1, 3])


async def test_nothing_hidden_reaches_a_public_message_or_image(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Public posts carry no private event, and every public image is a public view's picture."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:3])
        await table.open(options="deal=draft")
        for _ in range(40):
            game = await table.game()
            if game.outcome() is not None:
                break
            prompt = game.pending()[0]
            user = table.user_for(game, prompt.seat)
            await table.move(
                user, await table.pick_action(game, prompt.seat, Rng(len(game.row.options) + _))
            )
        for user in players[:3]:
            await finished(await emulator.press(user, table.table_message(), label="My hand"))
        game = await table.game()
        history = await bot.service.history(table.game_id)
        secrets = {
            locales.event_text(lang, e.kind, dict(e.params))
            for _, events in history
            for e in events
            if e.visible_to is not None
            for lang in locales.SUPPORTED
        }
        assert secrets, "the game produced no private events to look for"
        public = emulator.public_requests()
        assert public
        for request in public:
            body = request.text()
            for secret in secrets:
                assert secret not in body, f"{secret!r} leaked in {request.method} {request.path}"
        # Every public picture is exactly the picture of some public view of this game.
        seats = await bot.store.seats(table.game_id)
        rows = await bot.store.actions(table.game_id)
        allowed = set()
        for n in range(len(rows) + 1):
            state = rebuild(game.row, seats, rows[:n])
            allowed.add(render.table_png(game.engine.view(state, None), lang="en"))
        images = [f.data for r in public for f in r.files if f.data.startswith(b"\x89PNG")]
        assert images
        for image in images:
            assert image in allowed


async def test_every_interaction_is_answered_within_a_tight_deadline(
    players: list[FakeUser], tmp_path: Path
) -> None:
    """With a 0.5 s deadline every command and button is still acknowledged in time."""
    from playground import restore_discord

    emu = Emulator(deadline=0.5)
    await emu.start()
    emu.point_discord_here()
    alice, bob = emu.add_user("Alice"), emu.add_user("Bob")
    try:
        async with table_bot(emu, tmp_path / "bot.sqlite3") as bot:
            table = Table(emu, bot, [alice, bob])
            await table.open()
            for _ in range(6):
                game = await table.game()
                seat = game.pending()[0].seat
                user = table.user_for(game, seat)
                await table.play_with_buttons(user, Rng(3))
                await finished(await emu.press(user, table.table_message(), label="Table"))
                await finished(await emu.slash(user, "hand", channel=table.thread))
            late = [r for r in emu.interactions.values() if r.error]
            assert late == []
    finally:
        restore_discord()
        await emu.stop()


async def test_restart_mid_game_keeps_the_game_and_old_buttons_work(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """After a restart on the same database the old table message's buttons still work."""
    db = tmp_path / "bot.sqlite3"
    async with table_bot(emulator, db) as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        for i in range(5):
            game = await table.game()
            seat = game.pending()[0].seat
            await table.move(
                table.user_for(game, seat), await table.pick_action(game, seat, Rng(i))
            )
        seq_before = (await table.game()).seq
        old_message = table.table_message()
    async with table_bot(emulator, db) as bot:
        table.bot = bot
        game = await table.game()
        assert game.seq == seq_before
        user = table.user_for(game, game.pending()[0].seat)
        picker = await finished(await emulator.press(user, old_message, label="Act"))
        assert picker.ephemeral_to == user.id and picker.buttons
        await table.play_with_buttons(user, Rng(1))
        assert (await table.game()).seq == seq_before + 1
        assert await bot.service.verify(table.game_id)


async def test_two_presses_of_the_same_button_apply_once(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Two simultaneous presses of one complete-action button: exactly one move is made."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        game = await table.game()
        user = table.user_for(game, game.pending()[0].seat)
        picker = await finished(await emulator.press(user, table.table_message(), label="Act"))
        # "Play a card" is the only first step: the picker takes it and shows the domains,
        # each of whose buttons completes the action.
        assert all(b["custom_id"].split(":")[3].startswith("play ") for b in picker.buttons[:1])
        button = picker.buttons[0]
        seq = game.seq
        first, second = await asyncio.gather(
            emulator.press(user, picker, button["custom_id"]),
            emulator.press(user, picker, button["custom_id"]),
        )
        await first.done()
        await second.done()

        def bodies() -> list[str]:
            return [
                r.text()
                for r in emulator.requests()
                if any(f"/{i.id}/" in r.path or i.token in r.path for i in (first, second))
            ]

        # The move's answer may be an edit after a deferral: wait for it, then a moment more
        # for a second (wrong) one to show.
        await first.wait_until(lambda: any("✅" in b for b in bodies()))
        await asyncio.sleep(0.3)
        game = await table.game()
        assert game.seq == seq + 1
        # Both presses answer in the picker's message: one sends the move, one is refused.
        assert sum("✅" in b for b in bodies()) == 1, bodies()
        assert any(said(b, "error.stale") for b in bodies()), bodies()


async def test_bad_input_is_refused_kindly_and_changes_nothing(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Illegal move, wrong seat, stale button, bad option, unknown game: an ephemeral refusal."""
    alice, bob = players[0], players[1]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        game = await table.game()
        seq = game.seq
        mover = table.user_for(game, game.pending()[0].seat)
        other = bob if mover is alice else alice

        illegal = await table.move(mover, "play nonsense")
        assert illegal.ephemeral_to == mover.id and illegal.content.startswith("⚠️")
        wrong_seat = await table.move(other, "end")
        assert wrong_seat.ephemeral_to == other.id and said(
            wrong_seat.content, "error.not_your_turn"
        )
        act_other = await finished(await emulator.press(other, table.table_message(), label="Act"))
        assert act_other.ephemeral_to == other.id and not act_other.buttons

        picker = await finished(await emulator.press(mover, table.table_message(), label="Act"))
        await table.move(
            mover, await table.pick_action(await table.game(), game.pending()[0].seat, Rng(2))
        )
        stale = await finished(await emulator.press(mover, picker, picker.buttons[0]["custom_id"]))
        assert said(stale.content, "error.stale")
        seq_after_one_move = (await table.game()).seq
        assert seq_after_one_move == seq + 1

        bad_option = await finished(
            await emulator.slash(
                alice, "game new", options={"game": "civ", "seats": 2, "options": "deal=poker"}
            )
        )
        assert bad_option.ephemeral_to == alice.id and "deal" in bad_option.content
        unknown = await finished(await emulator.slash(alice, "game join", game=999))
        assert unknown.ephemeral_to == alice.id and "#999" in unknown.content
        hungarian = await table.move(bob, "play nonsense")
        assert hungarian.ephemeral_to == bob.id and hungarian.content.startswith("⚠️")
        assert hungarian.content != illegal.content  # Bob's client is Hungarian
        assert (await table.game()).seq == seq_after_one_move
