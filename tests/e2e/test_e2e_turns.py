"""Turns, not prompts: simultaneous decisions keep each other's pickers working."""

from __future__ import annotations

from pathlib import Path

import pytest

import locales
from playground import Emulator, FakeUser, Message
from tests.e2e.table_driver import Table, finished, sent, submitted, table_bot

pytestmark = pytest.mark.e2e


async def test_answering_a_simultaneous_prompt_leaves_the_others_pickers(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """In CIV's draft everyone keeps a card at once: Alice keeping hers does not make the
    picker Bob opened before stale, and he keeps his with it; a second picker Alice opened is."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:3])
        await table.open(options="deal=draft")
        alice, bob = players[0], players[1]
        game = await table.game()
        assert {p.kind for p in game.pending()} == {"draft_keep"}
        pickers = {}
        for user in (alice, bob):
            pickers[user.id] = await finished(
                await emulator.press(user, table.table_message(), label="Act")
            )
        # Alice opens a second picker too (a second press of Act).
        spare = await finished(await emulator.press(alice, table.table_message(), label="Act"))
        stale = locales.t("en", "error.stale")

        async def through(user: FakeUser, picker: Message) -> Message:
            """Press the first choice, then Done (or the first choice) until submitted; the
            answer that follows."""
            button = picker.buttons[0]
            while True:
                r = await emulator.press(user, picker, button["custom_id"])
                picker = await finished(r)
                assert stale not in picker.content, picker.content
                if submitted(picker):
                    return await sent(r, picker)
                done = [b for b in picker.buttons if b.get("label") == "Done"]
                button = (done or picker.buttons)[0]

        # Alice keeps her first card with the picker she opened.
        assert (await through(alice, pickers[alice.id])).content.startswith("✅")
        after = await table.game()
        assert after.seq > game.seq and bob.id in [after.user_of(p.seat) for p in after.pending()]
        # Bob's picker from before her answer still leads to a move.
        assert (await through(bob, pickers[bob.id])).content.startswith("✅")
        assert (await table.game()).seq == after.seq + 1
        # Alice's spare picker is out of date: she has acted since.
        again = await finished(await emulator.press(alice, spare, spare.buttons[0]["custom_id"]))
        assert stale in again.content
