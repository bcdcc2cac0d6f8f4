"""/undo and /mod rollback through the emulator: allowed, refused, announced, checked."""

from __future__ import annotations

from pathlib import Path

import pytest

import locales
from playground import Emulator, FakeUser
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


def _first(game: object, seat: int, *prefix: str) -> str:
    """The first complete action after ``prefix`` that the engine offers ``seat``."""
    parts = list(prefix)
    while True:
        options = game.engine.choices(game.state, seat, parts)  # type: ignore[attr-defined]
        choice = options[0]
        parts.append(choice.token)
        if choice.complete:
            return " ".join(parts)


async def test_civ_undo_allowed_then_refused_and_rollback(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    alice, bob, _, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open("civ")
        game = await table.game()
        seat = game.pending()[0].seat
        first, other = table.user_for(game, seat), table.user_for(game, 1 - seat)
        before = game.engine.to_json(game.state)
        nothing = await finished(await emulator.slash(first, "undo", channel=table.thread))
        assert said(nothing.content, "error.nothing_to_undo")

        played = await table.move(first, _first(game, seat, "play"))
        assert played.content.startswith("✅"), played.content
        undone = await finished(await emulator.slash(first, "undo", channel=table.thread))
        assert said(undone.content, "play.undone")
        game = await table.game()
        assert game.engine.to_json(game.state) == before  # the hand is back
        assert first.mention in table.table_message().text  # the new table asks them again
        public = [m.text for m in emulator.messages(table.thread) if not m.ephemeral]
        assert any(first.mention in t and "↩️" in t for t in public)

        await table.move(first, _first(game, seat, "play"))
        await table.move(first, "end")  # draws: something hidden was shown
        refused = await finished(await emulator.slash(first, "undo", channel=table.thread))
        assert said(refused.content, "error.undo_revealed")

        game = await table.game()
        await table.move(other, _first(game, 1 - seat, "play"))
        refused = await finished(await emulator.slash(first, "undo", channel=table.thread))
        assert said(refused.content, "error.undo_other_acted")

        log = await finished(await emulator.slash(first, "log", channel=table.thread))
        assert "~~" in log.content and said(log.content, "mod.note.undo")

        game = await table.game()
        end_seq = game.seq - 1
        done = await finished(
            await emulator.slash(dave, "mod rollback", channel=table.thread, to=end_seq)
        )
        assert done.content.startswith("🛡️")
        game = await table.game()
        assert [p.seat for p in game.pending()] == [1 - seat]
        post = [m.text for m in emulator.messages(table.thread) if not m.ephemeral]
        notice = next(t for t in post if f"#{end_seq}" in t and "↩️" in t)
        assert alice.mention in notice and bob.mention in notice
        checked = await finished(await emulator.slash(dave, "mod check", channel=table.thread))
        assert said(checked.content, "mod.check_ok")
        bad = await finished(
            await emulator.slash(dave, "mod rollback", channel=table.thread, to=999)
        )
        assert bad.content == "⚠️ " + locales.t("en", "error.bad_rollback", seq=999, last=game.seq)


async def test_stoneage_placement_can_be_taken_back(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    alice, bob, _, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open("stoneage")
        game = await table.game()
        seat = game.pending()[0].seat
        user = table.user_for(game, seat)
        before = game.engine.to_json(game.state)
        await table.move(user, _first(game, seat))
        undone = await finished(await emulator.slash(user, "undo", channel=table.thread))
        assert said(undone.content, "play.undone")
        game = await table.game()
        assert game.engine.to_json(game.state) == before
        assert [p.seat for p in game.pending()] == [seat]
        checked = await finished(await emulator.slash(dave, "mod check", channel=table.thread))
        assert said(checked.content, "mod.check_ok")
