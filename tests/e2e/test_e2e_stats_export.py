"""Ratings, statistics and export through the emulator: a finished game is rated, shows on
/leaderboard and /stats, and exports a transcript that replays to its stored state; a running
game's export is refused to everyone."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import locales
from host.replay import turn_views
from playground import Emulator, FakeUser, Message
from rules import transcript
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


async def play_until_both_moved(table: Table, rng: Rng) -> None:
    """Moves of the self-play player until each seat has answered the other at least once."""
    movers: list[int] = []
    while len(movers) < 3 or len(set(movers[1:])) < 2:
        game = await table.game()
        seat = game.pending()[0].seat
        user = table.user_for(game, seat)
        answer = await table.move(user, await table.pick_action(game, seat, rng))
        assert answer.content.startswith("✅"), answer.content
        if not movers or movers[-1] != seat:
            movers.append(seat)


async def resign(emulator: Emulator, table: Table, user: FakeUser) -> None:
    ask = await finished(await emulator.slash(user, "resign", channel=table.thread))
    r = await emulator.press(user, ask, ask.buttons[0]["custom_id"])
    await r.wait_for_messages(2, timeout=10)


def animated_frames(data: bytes) -> int:
    """The frames of an animated GIF or WebP."""
    with Image.open(io.BytesIO(data)) as picture:
        assert picture.format in ("GIF", "WEBP")
        return int(getattr(picture, "n_frames", 1))


async def wait_for_result_post(emulator: Emulator, table: Table) -> Message:
    """The result post in the channel the game was opened in, once its replay (drawn after
    it was posted) was added."""
    for _ in range(600):
        posts = [m for m in emulator.messages(table.channel) if m.content.startswith("🏁")]
        if posts and len(posts[-1].attachments) == 2:
            return posts[-1]
        await asyncio.sleep(0.05)
    raise AssertionError("no result post with its replay")


async def test_finished_game_is_rated_shown_and_exported(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3", replay_on_result=True) as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        await play_until_both_moved(table, Rng(3))
        await resign(emulator, table, alice)
        game = await table.game()
        assert game.row.status == "finished" and game.outcome() is not None
        views = turn_views(game.engine, game.row, game.seats, await bot.store.actions(game.row.id))
        assert len(views) >= 3  # the start, a turn of each player, the end

        # The result post in the game's channel: the last picture and the replay.
        post = await wait_for_result_post(emulator, table)
        table_png, replay = post.attachments
        assert table_png.filename == "table.png"
        assert replay.filename.startswith(f"civ-{table.game_id}.")
        assert animated_frames(replay.data) == len(views)

        # /leaderboard: public, Bob (the winner) above Alice, nobody pinged.
        channel = table.channel
        r = await emulator.slash(carol, "leaderboard", channel=channel, game="civ")
        board = await finished(r)
        assert not board.ephemeral
        assert board.content.index(f"<@{bob.id}>") < board.content.index(f"<@{alice.id}>")
        assert locales.t("en", "stats.leaderboard_title", game="CIV: Carta Impera Victoria") in (
            board.content
        )
        default = await finished(await emulator.slash(carol, "leaderboard", channel=channel))
        assert board.content == default.content  # the default game is CIV, which now has ratings
        stone = await finished(
            await emulator.slash(carol, "leaderboard", channel=channel, game="stoneage")
        )
        assert said(stone.content, "stats.leaderboard_empty")

        # /stats of each player, asked by someone else, privately.
        r = await emulator.slash(carol, "stats", channel=channel, player=bob, game="civ")
        theirs = await finished(r)
        assert theirs.ephemeral_to == carol.id
        assert locales.t("en", "stats.games", count=1) in theirs.content
        assert locales.t("en", "stats.wins", count=1) in theirs.content
        assert "Average time to move" in theirs.content and "no moves" not in theirs.content
        assert "Rating:" in theirs.content
        r = await emulator.slash(carol, "stats", channel=channel, player=alice)
        mine = await finished(r)
        assert locales.t("en", "stats.wins", count=0) in mine.content
        assert locales.t("en", "stats.all_games") in mine.content
        r = await emulator.slash(carol, "stats", channel=channel, game="civ")
        nobody = await finished(r)
        assert locales.t("en", "stats.games", count=0) in nobody.content
        assert locales.t("en", "stats.not_rated") in nobody.content

        # /game export by a spectator: a transcript that replays to the stored state.
        r = await emulator.slash(carol, "game export", channel=channel, game=table.game_id)
        answer = await finished(r)
        assert answer.ephemeral_to == carol.id
        (file,) = answer.attachments
        assert file.filename == f"civ-{table.game_id}.json"
        data = json.loads(file.data)
        assert data["players"] == game.handles and data["seed"] == game.row.seed
        assert data["steps"][-1] == {"player": game.handles[game.seat_of(alice.id)], "resign": True}
        moves = [a for a in await bot.store.actions(table.game_id) if a.kind != "note"]
        assert len(data["steps"]) == len(moves)
        replayed = transcript.replay(data)
        assert replayed.all_matched and replayed.mismatches() == []
        snapshot = await bot.store.snapshot(table.game_id)
        assert snapshot is not None
        assert replayed.game.to_json(replayed.state) == snapshot[1]

        # /game replay by a spectator: the same replay, privately, after a progress line.
        r = await emulator.slash(carol, "game replay", channel=channel, game=table.game_id)
        answer = await finished(r)
        assert said(answer.content, "stats.replay_starting"), answer.content
        await r.wait_until(lambda: bool(r.message.attachments), timeout=60)
        answer = r.message
        assert answer.ephemeral_to == carol.id
        assert said(answer.content, "stats.replay_ready"), answer.content
        (again,) = answer.attachments
        assert again.filename == replay.filename and again.data == replay.data
        # It said how far the drawing was while it lasted (the first answer, then edits).
        drawing = locales.t("en", "stats.replay_starting", game="x").split("x")[0]
        said_so = [q for q in emulator.requests() if drawing in q.text()]
        assert said_so and all(q.ephemeral_to == carol.id for q in said_so)

        # The same file through the command line.
        path = tmp_path / file.filename
        path.write_bytes(file.data)
        cli = subprocess.run(
            [sys.executable, "-m", "rules", "replay", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert cli.returncode == 0, cli.stderr
        final = json.loads(cli.stdout.splitlines()[-1])["final"]
        assert final["outcome"] == game.outcome().to_json()


async def test_running_game_export_is_refused_to_everyone(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Players, spectators and moderators alike: a running game's seed stays in the bot."""
    alice, bob, carol, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        for user in (alice, carol, dave):
            r = await emulator.slash(user, "game export", channel=table.thread)
            answer = await finished(r)
            assert answer.ephemeral_to == user.id and answer.content.startswith("⚠️")
            assert said(answer.content, "error.export_running"), answer.content
            assert not answer.attachments and "seed" not in answer.content
        # A lobby has nothing to export; without a number outside a thread: which game?
        r = await emulator.slash(alice, "game new", channel=table.channel, game="civ", seats=2)
        lobby = await finished(r)
        lobby_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
        r = await emulator.slash(alice, "game export", channel=table.channel, game=lobby_id)
        assert said((await finished(r)).content, "error.export_not_started")
        r = await emulator.slash(alice, "game export", channel=table.channel)
        assert said((await finished(r)).content, "error.export_which_game")
        assert await bot.store.results_of_game(table.game_id) == []
