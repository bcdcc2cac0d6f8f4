"""Every interaction is answered once and applied at most once: simultaneous joins, stale
confirmations, interactions delivered twice, forged custom ids, and inputs too long or too
large to repeat back or to store."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import locales
from playground import Emulator, FakeUser
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


async def test_simultaneous_joins_fill_the_lobby_and_it_starts(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Two players pressing Join at the same moment both get a seat, the lobby message says
    so, and Start works (the seat cache once kept the rows from before the second join)."""
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        for _ in range(8):
            values = {"game": "civ", "seats": 3, "options": ""}
            lobby = await finished(await emulator.slash(alice, "game new", options=values))
            game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
            joins = await asyncio.gather(
                emulator.press(bob, lobby, label="Join"),
                emulator.press(carol, lobby, label="Join"),
            )
            for r in joins:
                await finished(r)
            assert len(await bot.store.seats(game_id)) == 3
            assert "(3/3)" in emulator.message(lobby.id).text
            await finished(await emulator.press(alice, lobby, label="Start"))
            assert (await bot.service.load(game_id)).row.status == "running"


async def test_a_resignation_asked_before_a_move_is_not_carried_out(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """The Resign button carries the sequence it was asked at; pressed after the game moved
    on it is refused, and the player can ask again."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        game = await table.game()
        asker = alice if game.seat_of(alice.id) != game.pending()[0].seat else bob
        ask = await finished(await emulator.slash(asker, "resign", channel=table.thread))
        mover = table.user_for(game, game.pending()[0].seat)
        await table.move(mover, await table.pick_action(game, game.pending()[0].seat, Rng(3)))
        moved = (await table.game()).seq
        assert moved > game.seq
        late = await finished(await emulator.press(asker, ask, ask.buttons[0]["custom_id"]))
        assert said(late.content, "error.stale")
        after = await table.game()
        assert after.outcome() is None and after.seq == moved


async def test_cancel_under_the_resignation_question_dismisses_it(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Cancel (Bob's client is Hungarian: "Mégse") removes the buttons and resigns nobody."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        before = await table.game()
        for user, lang in ((alice, "en"), (bob, "hu")):
            ask = await finished(await emulator.slash(user, "resign", channel=table.thread))
            labels = [b.get("label") for b in ask.buttons]
            assert labels == [locales.t(lang, "button.resign"), locales.t(lang, "button.dismiss")]
            await finished(await emulator.press(user, ask, label=locales.t(lang, "button.dismiss")))
            dismissed = emulator.message(ask.id)
            assert dismissed.content == locales.t(lang, "play.resign_cancelled")
            assert not dismissed.buttons
        assert locales.t("hu", "button.dismiss") == "Mégse"
        after = await table.game()
        assert after.outcome() is None and after.seq == before.seq


async def test_a_command_and_a_press_delivered_twice_are_handled_once(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """The gateway may deliver an interaction again; the second delivery changes nothing and
    is not answered (answering it would fail with 40060)."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        for _ in range(3):
            game = await table.game()
            seat = game.pending()[0].seat
            action = await table.pick_action(game, seat, Rng(game.seq))
            r = await emulator.slash(
                table.user_for(game, seat), "move", channel=table.thread, action=action
            )
            await finished(r)
            answers = len(r.messages)
            await emulator.redeliver(r)
            await asyncio.sleep(0.2)
            assert (await table.game()).seq == game.seq + 1
            assert len(r.messages) == answers and r.errors == []

        game = await table.game()
        press = await emulator.press(
            table.user_for(game, game.pending()[0].seat), table.table_message(), label="Act"
        )
        await finished(press)
        await emulator.redeliver(press)
        await asyncio.sleep(0.2)
        assert len(press.messages) == 1 and press.errors == []


async def test_forged_custom_ids_are_answered_and_change_nothing(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A press whose custom id is no button of ours, names a game that does not exist, or has
    a number too large for any game gets the "out of date" answer."""
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        seq = (await table.game()).seq
        message = table.table_message()
        for custom_id in (
            "t:" + "9" * 40 + ":0:act",
            f"t:{table.game_id + 1000}:0:act",
            "r:" + "1" * 19 + ":0",
            "nonsense",
            f"c:{table.game_id}:{seq}:" + "x" * 80,
            f"c:{table.game_id}:{seq}:2:x",
            f"p:{table.game_id}:{seq}:999999",
            f"v:{table.game_id}:{seq}:99:drop",
        ):
            r = await emulator.press(alice, message, custom_id, forged=True)
            answer = await finished(r)
            assert answer.ephemeral_to == alice.id
            assert said(answer.content, "error.stale"), (custom_id, answer.content)
        assert (await table.game()).seq == seq


async def test_durations_beyond_their_maximum_are_refused_and_nothing_is_stored(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A deadline or reminder longer than its documented maximum is refused in plain words
    (it once stored a timer that overflowed and kept the bot from starting)."""
    alice, _, _, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        values = {"game": "civ", "seats": 2, "options": "", "deadline": "999999999d"}
        r = await emulator.slash(alice, "game new", options=values)
        refused = await finished(r)
        expected = locales.t("en", "error.duration_too_long", value="999999999d", maximum="90d")
        assert refused.content == "⚠️ " + expected
        assert await bot.store.list_games(emulator.guild_id) == []

        for text in ("1000000000d", "31d", "٣h"):
            r = await emulator.slash(alice, "settings", reminder=text)
            answer = await finished(r)
            assert answer.content.startswith("⚠️") and text in answer.content
        assert "reminder" not in await bot.store.user_settings(alice.id)

        table = Table(emulator, bot, players[:2])
        await table.open()
        r = await emulator.slash(dave, "mod deadline", channel=table.thread, turn="1000000000d")
        assert said((await finished(r)).content, "error.duration_too_long")
        assert await bot.store.deadline(table.game_id) is None


@pytest.mark.parametrize(
    ("command", "option"),
    [
        ("move", "action"),
        ("rules", "topic"),
        ("settings", "quiet"),
        ("settings", "timezone"),
        ("game new", "options"),
    ],
)
async def test_long_inputs_are_answered_within_discords_limits(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, command: str, option: str
) -> None:
    """A refusal repeats a long input shortened, so the answer stays under 2,000 characters
    (a longer one is refused by Discord and the user is left with "thinking...")."""
    alice, bob = players[:2]
    long = "x" * 2500
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        game = await table.game()
        user = table.user_for(game, game.pending()[0].seat)
        values: dict[str, object] = {option: long}
        if command == "game new":
            values.update(game="civ", seats=2)
        where = table.channel if command == "game new" else table.thread
        r = await emulator.slash(user, command, channel=where, options=values)
        answer = await finished(r)
        assert answer.ephemeral_to == user.id
        assert answer.content.startswith("⚠️") and len(answer.content) <= 2000
        assert long not in answer.content


async def test_simultaneous_starts_and_a_late_join_start_one_game_with_one_thread(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Start pressed twice at once (and a Join arriving with it) starts the game once, with
    one thread and one table post; the other presses are told why not."""
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        for _ in range(4):
            values = {"game": "civ", "seats": 3, "options": ""}
            lobby = await finished(await emulator.slash(alice, "game new", options=values))
            game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
            await finished(await emulator.press(bob, lobby, label="Join"))
            threads_before = len(emulator.threads)
            presses = await asyncio.gather(
                emulator.press(alice, lobby, label="Start"),
                emulator.press(alice, lobby, label="Start"),
                emulator.press(carol, lobby, label="Join"),
            )
            answers = [await finished(r) for r in presses]
            game = await bot.service.load(game_id)
            assert game.row.status == "running"
            assert len(emulator.threads) == threads_before + 1
            assert sum(a.content.startswith("✅") for a in answers[:2]) == 1
            # Carol's Join either came first (she plays) or was told the lobby had started.
            seated = game.seat_of(carol.id) is not None
            assert seated or said(answers[2].content, "error.not_in_lobby")
            assert len(game.seats) == (3 if seated else 2)
            posts = [m for m in emulator.messages(game.row.thread_id) if not m.ephemeral]
            assert len(posts) == 1
