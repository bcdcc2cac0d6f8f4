"""Start-up never fails on one bad row: a game that cannot be loaded is set aside, the rest
starts and plays, and /mod check names the set-aside games with the reason."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

import locales
from playground import Emulator, FakeUser
from rules.core import Rng
from tests.e2e.stores import tampered
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


async def test_a_corrupt_snapshot_and_an_unknown_game_are_set_aside(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob, carol, dave = players
    db = tmp_path / "bot.sqlite3"
    async with table_bot(emulator, db) as bot:
        good = Table(emulator, bot, [alice, bob])
        await good.open("civ")
        damaged = Table(emulator, bot, [bob, carol])
        await damaged.open("civ")
        unknown = Table(emulator, bot, [carol, alice])
        await unknown.open("stoneage")
        threads = {}
        for table in (good, damaged, unknown):
            row = await bot.store.get_game(table.game_id)
            assert row is not None
            threads[table.game_id] = row.thread_id
    await tampered(
        db,
        ("UPDATE snapshots SET state = '{\"players\": [' WHERE game_id = ?", (damaged.game_id,)),
        ("UPDATE games SET game = 'chess' WHERE id = ?", (unknown.game_id,)),
        # A damaged timer of the good game, the bot's own settings and a player's settings:
        # each is skipped on its own.
        ("UPDATE timers SET payload = 'x' WHERE game_id = ?", (good.game_id,)),
        ("UPDATE bot_settings SET settings = '{'", ()),
        (
            "INSERT INTO users (user_id, settings, updated_at) VALUES (?, '[', '2030')",
            (carol.id,),
        ),
    )

    with caplog.at_level(logging.WARNING):
        async with table_bot(emulator, db) as bot:
            good.bot = bot
            game = await good.game()
            seat = game.pending()[0].seat
            action = await good.pick_action(game, seat, Rng(1))
            answer = await good.move(good.user_for(game, seat), action)
            assert answer.content.startswith("✅"), answer.content
            assert (await good.game()).seq == game.seq + 1

            thread = next(t for t in emulator.threads if t.id == threads[good.game_id])
            checked = await finished(await emulator.slash(dave, "mod check", channel=thread))
            assert said(checked.content, "mod.check_ok")
            title = locales.t("en", "mod.set_aside.title", count=2)
            assert title in checked.content
            for game_id, reason in (
                (damaged.game_id, "mod.set_aside.snapshot_unreadable"),
                (unknown.game_id, "mod.set_aside.unknown_game"),
            ):
                line = locales.t(
                    "en",
                    "mod.set_aside.line",
                    game=game_id,
                    reason=locales.t("en", reason, name="chess"),
                )
                assert line in checked.content, checked.content

            # The players of a set-aside game are told so, in their own language.
            there = next(t for t in emulator.threads if t.id == threads[unknown.game_id])
            refused = await finished(
                await emulator.slash(carol, "move", channel=there, action="place hunting 1")
            )
            assert refused.content == "⚠️ " + locales.t(
                "en", "error.game_set_aside", game=unknown.game_id
            )
            # /mod check of the set-aside game itself says so instead of failing.
            asked = await finished(
                await emulator.slash(dave, "mod check", channel=there, game=damaged.game_id)
            )
            assert locales.t("en", "mod.check_set_aside", game=damaged.game_id) in asked.content
            # Another server's owner learns nothing, not even that the game is set aside.
            elsewhere = emulator.add_guild("Elsewhere", owner="olga")
            far = emulator.add_channel("games", guild=elsewhere)
            olga = emulator.user("olga")
            peek = await finished(
                await emulator.slash(olga, "board", channel=far, game=damaged.game_id)
            )
            assert peek.content == "⚠️ " + locales.t(
                "en", "error.unknown_game", game=damaged.game_id
            )

    messages = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    for game_id, why in ((damaged.game_id, "state is not JSON"), (unknown.game_id, "'chess'")):
        about = [m for m in messages if f" {game_id}" in m and "set aside" in m and why in m]
        assert len(about) == 1, messages
    assert not [r for r in caplog.records if r.exc_info], "no tracebacks for set-aside rows"
