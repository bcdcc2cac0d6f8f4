"""Whole Stone Age games through the emulator, and the refusals specific to Stone Age."""

from __future__ import annotations

from pathlib import Path

import pytest

from playground import Emulator, FakeUser
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("count", [2, 4])
async def test_stone_age_game_from_lobby_to_result(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, count: int
) -> None:
    """2 and 4 players open, join, start and finish; the last post has the winner and scores."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:count])
        await table.open(game="stoneage")
        first = table.table_message()
        assert first.attachments and first.attachments[0].filename == "table.png"
        actions = await table.play_to_end(Rng(count), buttons_every=7, limit=2000)
        assert actions > 50
        last = table.table_message()
        assert "The game is over" in last.content and "Winner" in last.content
        game = await table.game()
        assert game.row.status == "finished"
        assert await bot.service.verify(table.game_id)


async def test_stone_age_refusals_change_nothing(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A full location, a second group, paying with food, a tool used twice: refused kindly."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="stoneage")
        game = await table.game()
        first = table.user_for(game, game.pending()[0].seat)
        second = next(u for u in players[:2] if u is not first)

        async def refused(user: FakeUser, action: str, *keys: str) -> None:
            seq = (await table.game()).seq
            answer = await table.move(user, action)
            assert answer.ephemeral_to == user.id and answer.content.startswith("⚠️"), answer
            assert any(said(answer.content, key) for key in keys), answer.content
            assert (await table.game()).seq == seq

        async def accepted(user: FakeUser, action: str) -> None:
            answer = await table.move(user, action)
            assert answer.content.startswith("✅"), answer.content

        await accepted(first, "place hunting 1")
        await accepted(second, "place toolmaker")
        await refused(first, "place hunting 1", "error.stoneage.already_there")
        await refused(first, "place toolmaker", "error.stoneage.location_full")
        await accepted(first, "place card 1")
        await refused(second, "place card 1", "error.stoneage.location_full")
        await accepted(second, "place forest 1")
        # Play on (legal moves of the self-play player) until someone must pay, then until
        # someone holding a tool chooses tools after a roll.
        rng = Rng(4)
        for wanted in (("pay_card", "pay_building"), ("tools",)):
            for _ in range(400):
                game = await table.game()
                prompt = game.pending()[0]
                user = table.user_for(game, prompt.seat)
                offered = game.engine.choices(game.state, prompt.seat, [])
                if prompt.kind in wanted and not (
                    prompt.kind == "tools"
                    and len(game.engine.choices(game.state, prompt.seat, ["tools"])) < 2
                ):
                    break
                await accepted(user, await table.pick_action(game, prompt.seat, rng))
            else:
                pytest.fail(f"no {wanted} prompt came up")
            if prompt.kind == "tools":
                # A tool chosen once more than the player has tiles of that value.
                first = next(
                    c.token
                    for c in game.engine.choices(game.state, prompt.seat, ["tools"])
                    if c.token != "none"
                )
                chosen = ["tools", first]
                while first in [
                    c.token for c in game.engine.choices(game.state, prompt.seat, chosen)
                ]:
                    chosen.append(first)
                # A tile counts as used once chosen; a one-use card is gone once chosen.
                used = ("error.stoneage.tool_used", "error.stoneage.no_such_tool")
                await refused(user, " ".join([*chosen, first]), *used)
            else:
                assert "buy" in [c.token for c in offered]
                await refused(user, "buy food", "error.stoneage.cannot_pay_with_food")
            await accepted(user, await table.pick_action(game, prompt.seat, rng))


async def test_rules_in_a_stone_age_thread_are_stone_ages(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """/rules with no game chosen, in a game's thread, explains that game; its topics too."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="stoneage")
        alice = players[0]
        answer = await finished(await emulator.slash(alice, "rules", channel=table.thread))
        assert answer.content.startswith("**Stone Age: Overview**"), answer.content
        bob = players[1]  # a Hungarian client: the title is Hungarian too
        hungarian = await finished(await emulator.slash(bob, "rules", channel=table.thread))
        assert hungarian.content.startswith("**Stone Age – A kőkorszak: Áttekintés**"), (
            hungarian.content
        )
        topics = await emulator.autocomplete(alice, "rules", focused="topic", channel=table.thread)
        assert topics and all(not t["value"].startswith("effect.") for t in topics)
        elsewhere = await finished(await emulator.slash(alice, "rules", channel=table.channel))
        assert not elsewhere.content.startswith("**Stone Age"), elsewhere.content
