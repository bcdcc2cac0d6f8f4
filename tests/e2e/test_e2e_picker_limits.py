"""No silent limits: a game with 60 choices at one step and moves of over 100 characters
(``tests.e2e.long_game``), played through the picker's pages and through /move suggestions.

Every choice is on some page of the select menu; a step whose custom id would pass 100
characters is kept in the store and still leads where its label says; a suggestion too long
for an autocomplete value comes as a reference that /move expands, never cut. A kept step or
reference is refused once the game has moved on, and for anyone else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from playground import Emulator, FakeUser, Message
from tests.e2e.long_game import FIRST, LAST, NAME, WORDS, long_word, register
from tests.e2e.table_driver import Table, finished, said, sent, submitted, table_bot

pytestmark = pytest.mark.e2e

NORTH1, SOUTH2 = long_word(1, "north"), long_word(2, "south")


async def _start(table: Table, alice: FakeUser, bob: FakeUser) -> None:
    """A long-moves game of alice (first to move) and bob, its table posted in its thread."""
    bot, emu = table.bot, table.emu
    row = await bot.store.create_game(
        guild_id=emu.guild_id,
        channel_id=emu.games_channel_id,
        game=NAME,
        options={},
        seats_wanted=2,
        created_by=alice.id,
    )
    for user, handle in ((alice, "alice"), (bob, "bob")):
        await bot.store.join(row.id, user.id, handle)
    await bot.service.start(row.id, alice.id, moderator=False)
    await bot.announce(row.id)
    table.game_id = row.id


def _button(message: Message, label: str) -> dict:
    found = [b for b in message.buttons if b.get("label") == label]
    assert len(found) == 1, (label, message.buttons)
    return found[0]


def _option(message: Message, label: str) -> str:
    (menu,) = message.selects
    return next(o["value"] for o in menu["options"] if o["label"] == label)


async def test_every_choice_is_reachable_and_a_long_move_is_sent(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    register(monkeypatch)
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3", render_workers=0) as bot:
        table = Table(emulator, bot, [alice, bob])
        await _start(table, alice, bob)
        picker = await finished(await emulator.press(alice, table.table_message(), label="Act"))

        # 60 options, 25 a page: Next to the end, each option on exactly one page.
        seen: list[str] = []
        while True:
            (menu,) = picker.selects
            assert len(menu["options"]) <= 25
            seen += [o["value"] for o in menu["options"]]
            following = _button(picker, "Next")
            if following.get("disabled"):
                break
            picker = await finished(await emulator.press(alice, picker, following["custom_id"]))
        assert seen == list(FIRST)
        assert _button(picker, "Previous").get("disabled") is not True
        picker = await finished(await emulator.press(alice, picker, label="Previous"))
        assert "page 2 of 3" in picker.selects[0]["placeholder"]
        picker = await finished(
            await emulator.select(alice, picker, picker.selects[0]["custom_id"], ["o50"])
        )

        # Two long words: the second one's buttons already pass 100 characters (kept ids).
        picker = await finished(await emulator.press(alice, picker, label=f"Word {NORTH1}"))
        second = _button(picker, f"Word {SOUTH2}")
        assert second["custom_id"].startswith(f"p:{table.game_id}:")
        picker = await finished(await emulator.press(alice, picker, second["custom_id"]))

        # The endings: a menu of kept values, with kept Previous/Next; the last is on page 2.
        (menu,) = picker.selects
        assert menu["custom_id"] == f"q:{table.game_id}:{(await table.game()).seq}"
        assert [o["label"] for o in menu["options"]] == [f"Ending {t}" for t in LAST[:25]]
        following = _button(picker, "Next")
        assert following["custom_id"].startswith("p:")
        picker = await finished(await emulator.press(alice, picker, following["custom_id"]))
        assert [o["label"] for o in picker.selects[0]["options"]] == [
            f"Ending {t}" for t in LAST[25:]
        ]
        r = await emulator.select(
            alice, picker, picker.selects[0]["custom_id"], [_option(picker, "Ending e30")]
        )
        answer = await finished(r)
        assert submitted(answer)  # "Sending ...": the move is complete
        done = await sent(r, answer)
        assert done.content.startswith("✅"), done.content

        move = f"o50 {NORTH1} {SOUTH2} e30"
        assert len(move) > 100
        log = await bot.store.actions(table.game_id)
        assert [a.text for a in log if a.kind == "move"] == [move]


async def test_long_suggestions_come_as_references_and_outdated_steps_are_refused(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    register(monkeypatch)
    alice, bob = players[:2]
    async with table_bot(emulator, tmp_path / "bot.sqlite3", render_workers=0) as bot:
        table = Table(emulator, bot, [alice, bob])
        await _start(table, alice, bob)
        await table.move(alice, f"o01 {NORTH1} {SOUTH2} e01")

        # Bob opens the picker as far as a kept step, then moves with /move instead.
        picker = await finished(await emulator.press(bob, table.table_message(), label="Act"))
        picker = await finished(
            await emulator.select(bob, picker, picker.selects[0]["custom_id"], ["o07"])
        )
        picker = await finished(await emulator.press(bob, picker, label=f"Word {NORTH1}"))
        outdated = _button(picker, f"Word {SOUTH2}")["custom_id"]
        assert outdated.startswith("p:")

        async def suggest(user: FakeUser, typed: str) -> list[dict]:
            return await emulator.autocomplete(
                user, "move", focused="action", channel=table.thread, action=typed
            )

        # Up to the first long word the values are the actions; then references, never cut.
        (first,) = await suggest(bob, f"o07 {NORTH1[:5]}")
        assert first["value"] == f"o07 {NORTH1}"
        # A name too long for Discord keeps its start: its own label, which tells the
        # suggestions apart, before the labels of what was typed.
        words = await suggest(bob, f"o07 {NORTH1} ")
        assert [s["name"].split(" – ")[0] for s in words] == [
            f"Word {long_word(2, w)}" for w in WORDS
        ]
        assert all(len(s["name"]) <= 100 for s in words)
        # Typing on asks again: the engine's choices come from the cache, labelled once.
        computed = bot.choices.computed
        assert await suggest(bob, f"o07 {NORTH1} ") == words
        assert bot.choices.computed == computed
        reference = next(s["value"] for s in words if f"Word {SOUTH2}" in s["name"])
        assert reference.startswith("#") and all(len(s["value"]) <= 100 for s in words)
        endings = await suggest(bob, f"{reference} ")
        assert len(endings) == 25 and all(s["value"].startswith("#") for s in endings)
        assert [s["name"].split(" – ")[0] for s in endings] == [f"Ending {t}" for t in LAST[:25]]
        last = await suggest(bob, f"{reference} e3")
        assert [s["name"].split(" – ")[0] for s in last] == ["Ending e30"]

        # The reference is bob's: alice cannot use it (nothing is applied).
        seq = (await table.game()).seq
        refused = await table.move(alice, last[0]["value"])
        assert said(refused.content, "error.stale_suggestion"), refused.content
        assert (await table.game()).seq == seq

        done = await table.move(bob, last[0]["value"])
        assert done.content.startswith("✅"), done.content
        log = await bot.store.actions(table.game_id)
        assert log[-1].text == f"o07 {NORTH1} {SOUTH2} e30"

        # The game moved on: the reference and the kept button are out of date.
        again = await table.move(bob, last[0]["value"])
        assert said(again.content, "error.stale_suggestion"), again.content
        stale = await finished(await emulator.press(bob, picker, outdated))
        assert said(stale.content, "error.stale") and not stale.components
        assert len(await bot.store.actions(table.game_id)) == len(log)
