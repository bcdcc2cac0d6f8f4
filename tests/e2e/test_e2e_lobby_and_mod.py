"""Lobbies, moderation, history, help and localisation through the emulator."""

from __future__ import annotations

from pathlib import Path

import pytest

import locales
from playground import Emulator, EmulatorError, FakeUser, Message
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


async def test_lobby_join_leave_options_cancel_and_list(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """The lobby message follows joins, leaves and option changes; only the creator cancels."""
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3"):
        values = {"game": "civ", "seats": 3, "options": ""}
        lobby = await finished(await emulator.slash(alice, "game new", options=values))
        game_id = lobby.components[0]["components"][0]["custom_id"].split(":")[1]
        await finished(await emulator.press(bob, lobby, label="Join"))
        await finished(await emulator.press(carol, lobby, label="Join"))
        assert "(3/3)" in emulator.message(lobby.id).text
        again = await finished(await emulator.press(bob, lobby, label="Join"))
        assert again.ephemeral_to == bob.id
        # Bob's client is Hungarian.
        assert again.content == "⚠️ " + locales.t("hu", "error.already_joined")
        await finished(await emulator.press(carol, lobby, label="Leave"))
        text = emulator.message(lobby.id).text
        assert "(2/3)" in text and "carol" not in text

        menus = emulator.message(lobby.id).selects
        deal = next(s for s in menus if s["custom_id"].endswith(":deal"))
        refused = await finished(await emulator.select(bob, lobby, deal["custom_id"], ["draft"]))
        assert refused.ephemeral_to == bob.id
        await finished(await emulator.select(alice, lobby, deal["custom_id"], ["draft"]))
        assert "Draft" in emulator.message(lobby.id).text

        listed = await finished(await emulator.slash(bob, "game list"))
        assert f"#{game_id}" in listed.content and listed.ephemeral_to == bob.id

        not_creator = await finished(await emulator.press(bob, lobby, label="Cancel"))
        assert not_creator.ephemeral_to == bob.id
        await finished(await emulator.press(alice, lobby, label="Cancel"))
        assert not emulator.message(lobby.id).buttons
        late = await finished(await emulator.slash(carol, "game join", game=int(game_id)))
        assert late.ephemeral_to == carol.id and late.content.startswith("⚠️")


async def test_moderators_pause_resume_replace_kick_and_end(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Every moderation act works for Manage Server, is refused to others and is logged."""
    alice, bob, carol, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob, carol])
        await table.open()
        thread = table.thread
        with pytest.raises(EmulatorError):  # Discord hides /mod from members without the right
            await emulator.slash(alice, "mod pause", channel=thread)

        await finished(await emulator.slash(dave, "mod pause", channel=thread))
        assert (await table.game()).row.status == "paused"
        game = await table.game()
        mover = table.user_for(game, game.pending()[0].seat)
        paused = await table.move(mover, "end")
        assert paused.content.startswith("⚠️") and said(paused.content, "error.game_paused")
        await finished(await emulator.slash(dave, "mod resume", channel=thread))
        assert (await table.game()).row.status == "running"

        erin = emulator.add_user("Erin")
        await finished(
            await emulator.slash(dave, "mod replace", channel=thread, player=carol, substitute=erin)
        )
        game = await table.game()
        assert game.seat_of(erin.id) is not None and game.seat_of(carol.id) is None
        table.users = [alice, bob, erin]

        await finished(await emulator.slash(dave, "mod kick", channel=thread, player=erin))
        game = await table.game()
        assert game.engine.view(game.state, None)["seats"][game.seat_of(erin.id)]["resigned"]
        assert await bot.service.verify(table.game_id)

        check = await finished(await emulator.slash(dave, "mod check", channel=thread))
        assert "exactly the saved state" in check.content

        log = await finished(await emulator.slash(alice, "log", channel=thread))
        notes = ("paused the game", "resumed the game", "replaced @carol", "removed @carol")
        for fragment in notes:
            assert fragment in log.content, log.content

        await finished(await emulator.slash(dave, "mod end", channel=thread))
        assert (await table.game()).row.status == "ended"
        after = await table.move(alice, "end")
        assert after.content.startswith("⚠️")


async def test_log_shows_each_reader_only_what_they_may_see(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """In a draft, /log tells a player their own kept cards, and a spectator nobody's."""
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open(options="deal=draft")
        for step in range(4):  # both players keep twice: packets are passed, privately
            game = await table.game()
            seat = game.pending()[0].seat
            user = table.user_for(game, seat)
            await table.move(user, await table.pick_action(game, seat, Rng(step)))
        mine = await finished(await emulator.slash(alice, "log", channel=table.thread))
        spectator = await finished(await emulator.slash(carol, "log", channel=table.thread))
        assert mine.content != spectator.content
        kept = [line for line in mine.content.splitlines() if line not in spectator.content]
        assert kept, "the reader's private line must be missing for a spectator"


async def test_rules_help_and_hungarian_command_texts(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """/rules answers per effect in the reader's language; commands carry Hungarian texts."""
    alice, bob = players[0], players[1]
    async with table_bot(emulator, tmp_path / "bot.sqlite3"):
        topics = await emulator.autocomplete(alice, "rules", focused="topic", topic="att")
        assert any(t["value"] == "effect.attack" for t in topics)
        en = await finished(await emulator.slash(alice, "rules", game="civ", topic="effect.attack"))
        hu = await finished(await emulator.slash(bob, "rules", game="civ", topic="effect.attack"))
        assert en.content != hu.content and "Támadás" in hu.content
        unknown = await finished(await emulator.slash(alice, "rules", topic="nonsense"))
        assert unknown.content.startswith("⚠️")
        move = next(c for c in emulator.global_commands if c["name"] == "move")
        assert move["description_localizations"]["hu"] == locales.t("hu", "cmd.move.description")
        action = next(o for o in move["options"] if o["name"] == "action")
        assert action["description_localizations"]["hu"] == locales.t("hu", "cmd.move.param.action")


async def test_resign_asks_first_then_ends_a_two_player_game(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """/resign needs a confirming press; then the other player wins and the thread says so."""
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open()
        outsider = await finished(await emulator.slash(carol, "resign", channel=table.thread))
        assert outsider.content.startswith("⚠️")
        ask = await finished(await emulator.slash(alice, "resign", channel=table.thread))
        assert ask.ephemeral_to == alice.id and (await table.game()).outcome() is None
        r = await emulator.press(alice, ask, ask.buttons[0]["custom_id"])
        await r.wait_for_messages(2, timeout=10)
        outcome = (await table.game()).outcome()
        assert outcome is not None and outcome.reason == "resigned"
        assert outcome.winners == ((await table.game()).seat_of(bob.id),)
        last = table.table_message()
        assert "The game is over" in last.content and f"<@{bob.id}>" in last.content


async def test_lobby_names_a_player_once_when_the_handle_reads_the_same(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Alice's handle is her display name: her mention alone; Ödön's differs: both (issue 15)."""
    alice = players[0]
    odon = emulator.add_user("Ödön")
    async with table_bot(emulator, tmp_path / "bot.sqlite3"):
        values = {"game": "civ", "seats": 2, "options": ""}
        lobby = await finished(await emulator.slash(alice, "game new", options=values))
        assert f"<@{alice.id}>" in emulator.message(lobby.id).text
        await finished(await emulator.press(odon, lobby, label="Join"))
        lines = emulator.message(lobby.id).text.splitlines()
        assert f"<@{alice.id}>" in lines and "`@alice`" not in "\n".join(lines)
        assert f"<@{odon.id}> (`@odon`)" in lines


async def test_a_member_past_the_open_lobby_cap_is_refused_until_one_starts_or_is_cancelled(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """``bot.max_open_lobbies`` per member and server: one lobby too many is refused in the
    member's language, naming their open lobbies and /game cancel, and nothing is stored or
    posted; cancelling or starting one makes room; others and moderators are not held back."""
    alice, bob, carol, dave = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3", max_open_lobbies=2) as bot:

        async def new(user: FakeUser) -> Message:
            values = {"game": "civ", "seats": 2, "options": ""}
            return await finished(await emulator.slash(user, "game new", options=values))

        def game_of(lobby: Message) -> int:
            return int(str(lobby.buttons[0]["custom_id"]).split(":")[1])

        def public_posts() -> int:
            return sum(not m.ephemeral for m in emulator.messages(emulator.games_channel_id))

        first, second = game_of(await new(alice)), game_of(await new(alice))
        stored, posted = await bot.store.list_games(emulator.guild_id), public_posts()
        refused = await new(alice)
        assert refused.ephemeral_to == alice.id and not refused.buttons
        games = [f"#{first}", f"#{second}"]
        assert refused.content == "⚠️ " + locales.t(
            "en", "error.too_many_lobbies", count=2, max=2, games=games
        )
        assert "/game cancel" in refused.content
        assert await bot.store.list_games(emulator.guild_id) == stored
        assert public_posts() == posted

        # Bob's client is Hungarian: his refusal is too.
        bobs = [game_of(await new(bob)), game_of(await new(bob))]
        hungarian = await new(bob)
        assert hungarian.content == "⚠️ " + locales.t(
            "hu", "error.too_many_lobbies", count=2, max=2, games=[f"#{g}" for g in bobs]
        )
        assert (await new(carol)).buttons  # the cap is each member's own
        for _ in range(3):  # moderators are not limited
            assert (await new(dave)).buttons

        cancelled = await finished(await emulator.slash(alice, "game cancel", game=first))
        assert cancelled.content.startswith("✅"), cancelled.content
        third = game_of(await new(alice))
        assert (await new(alice)).content.startswith("⚠️")

        await finished(await emulator.slash(carol, "game join", game=second))
        started = await finished(await emulator.slash(alice, "game start", game=second))
        assert started.content.startswith("✅"), started.content
        assert game_of(await new(alice)) > third
        assert (await new(alice)).content.startswith("⚠️")
