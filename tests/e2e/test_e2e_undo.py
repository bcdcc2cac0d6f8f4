"""/undo and /mod rollback through the emulator: allowed, refused, announced, checked."""

from __future__ import annotations

from pathlib import Path

import pytest

import locales
from host import text
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


async def test_posts_that_showed_a_move_taken_back_are_marked(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """The table post that told a move, and every later one, strike it through once it is
    taken back and say that the game goes on below, without buttons; the new post no longer
    tells it. A rollback over several turns marks each post it concerns."""
    alice, bob, _, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open("civ")
        game = await table.game()
        seat = game.pending()[0].seat
        first = table.user_for(game, seat)
        action = _first(game, seat, "play")
        await table.move(first, action)
        post = table.table_message()
        game = await table.game()
        told = text.recent_lines("en", game.engine.view(game.state, None))[-1]
        assert told in post.text and post.components  # "@alice played Science."

        await finished(await emulator.slash(first, "undo", channel=table.thread))
        other = table.user_for(game, 1 - seat)
        public = [m.text for m in emulator.messages(table.thread) if not m.ephemeral]
        assert f"↩️ {other.mention}: {first.mention} took back their last move." in public
        assert f"~~{told}~~" in post.text, post.text
        assert said(post.text, "play.taken_back_post") and not post.components
        assert first.mention not in post.text.splitlines()[-1]
        newest = table.table_message()
        assert newest.id != post.id and told not in newest.text and newest.components

        # Turns of both players, then a moderator takes them all back.
        posts = {newest.id}
        for _ in range(4):
            game = await table.game()
            prompt = game.pending()[0]
            user = table.user_for(game, prompt.seat)
            heads = [c.token for c in game.engine.choices(game.state, prompt.seat, [])]
            action = "end" if "end" in heads else _first(game, prompt.seat)
            answer = await table.move(user, action)
            assert answer.content.startswith("✅"), answer.content
            posts.add(table.table_message().id)
        assert len(posts) >= 3  # the turns passed: posts of their own
        await finished(await emulator.slash(dave, "mod rollback", channel=table.thread, to=0))
        marked = [m for m in emulator.messages(table.thread) if m.id in posts and "~~" in m.text]
        assert len(marked) == len(posts), [
            m.text for m in emulator.messages(table.thread) if m.id in posts
        ]
        assert all(said(m.text, "play.taken_back_post") and not m.components for m in marked)
        assert "~~" not in table.table_message().text
