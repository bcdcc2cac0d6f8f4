"""The proving ground (``synthetic.proving``) played end to end through the emulator.

It guards what every future game needs of the Discord layer: a step of 300 choices, moves
longer than a custom id, decisions nested inside a turn (the table post is edited and the one
who decides next is mentioned), an offer another player accepts out of turn (never a mention),
simultaneous prompts that keep each other's pickers, and deadlines that follow turns.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

import locales
from host.clock import FakeClock
from host.planner import DEADLINE, Planner
from playground import Emulator, FakeUser, InteractionResult, Message
from synthetic.proving import NAME, PLOTS
from tests.e2e.table_driver import Table, finished, sent, submitted, table_bot
from tests.e2e.test_e2e_async_reminders import clocked_bot, later
from tests.proving import register

pytestmark = pytest.mark.e2e

STALE = locales.t("en", "error.stale")


async def _start(table: Table, handles: list[str], **options: object) -> None:
    """A proving game of ``table.users`` (seated in that order), its table posted."""
    bot, emu = table.bot, table.emu
    row = await bot.store.create_game(
        guild_id=emu.guild_id,
        channel_id=emu.games_channel_id,
        game=NAME,
        options=dict(options),
        seats_wanted=len(table.users),
        created_by=table.users[0].id,
    )
    for user, handle in zip(table.users, handles, strict=True):
        await bot.store.join(row.id, user.id, handle)
    await bot.service.start(row.id, table.users[0].id, moderator=False)
    await bot.announce(row.id)
    table.game_id = row.id


def _public(emulator: Emulator, table: Table) -> list[Message]:
    return [m for m in emulator.messages(table.thread) if not m.ephemeral]


def _button(message: Message, label: str) -> dict[str, object]:
    found = [b for b in message.buttons if b.get("label") == label]
    assert len(found) == 1, (label, message.buttons)
    return found[0]


async def _sent(result: InteractionResult) -> Message:
    """The private answer to a press that submitted the move: "Sending ...", then the
    confirmation in the same message."""
    step = await finished(result)
    assert submitted(step) and STALE not in step.content, step.content
    answer = await sent(result, step)
    assert answer.content.startswith("✅"), answer.content
    return answer


async def _press(emulator: Emulator, user: FakeUser, message: Message, label: str) -> Message:
    step = await finished(await emulator.press(user, message, label=label))
    assert STALE not in step.content, step.content
    return step


async def test_the_proving_ground_end_to_end(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One round for three through buttons, menus and /move: an accepted offer, a 300-choice
    claim, a nested defence with its mentions, a 104-character decree, simultaneous bids."""
    register(monkeypatch)
    ann, bob, cid = players[:3]
    async with table_bot(emulator, tmp_path / "bot.sqlite3", render_workers=0) as bot:
        table = Table(emulator, bot, [ann, bob, cid])
        await _start(table, ["ann", "bob", "cid"], rounds=1)
        first_post = table.table_message()
        assert f"<@{ann.id}>" in first_post.content

        # The offer: an edit of the table post, bob and cid named but not mentioned.
        picker = await finished(await emulator.press(ann, first_post, label="Act"))
        # The decree, four moves of two long words, is a menu of them above the buttons.
        assert [m["placeholder"] for m in picker.selects] == ["Issue a decree …"]
        assert [b["label"] for b in picker.buttons][:2] == ["Claim a plot", "Offer a trade"]
        await _sent(await emulator.press(ann, picker, label="Offer a trade"))
        assert len(_public(emulator, table)) == 1
        post = table.table_message()
        assert post.id == first_post.id
        assert "bob may" in post.content and f"<@{bob.id}>" not in post.content

        # Bob accepts during ann's turn; ann still decides.
        picker = await finished(await emulator.press(bob, post, label="Act"))
        await _sent(await emulator.press(bob, picker, label="Accept @ann's trade"))
        game = await table.game()
        assert [(p.seat, p.kind) for p in game.pending()] == [(0, "turn")]
        assert game.state.seats[0].score == 1 and game.state.seats[1].score == 1

        # The claim: 300 plots, 25 a page of the menu, every one reachable.
        picker = await _press(emulator, ann, post, "Act")
        picker = await _press(emulator, ann, picker, "Claim a plot")
        seen: list[str] = []
        while True:
            (menu,) = picker.selects
            seen += [o["value"] for o in menu["options"]]
            following = _button(picker, "Next")
            if following.get("disabled"):
                break
            picker = await _press(emulator, ann, picker, "Next")
        assert seen == list(PLOTS) and "page 12 of 12" in picker.selects[0]["placeholder"]
        while "page 1 of" not in picker.selects[0]["placeholder"]:
            picker = await _press(emulator, ann, picker, "Previous")
        r = await emulator.select(ann, picker, picker.selects[0]["custom_id"], ["p005"])
        picker = await finished(r)
        if submitted(picker):
            await sent(r, picker)
        else:  # a complete claim still offers Done
            await _sent(await emulator.press(ann, picker, label="Done"))

        # The defence is bob's, within ann's turn: the post is edited and bob is mentioned in
        # a message of his own, with an Act button.
        game = await table.game()
        assert [(p.seat, p.kind, p.turn) for p in game.pending() if p.must] == [(1, "defend", 0)]
        posts = [m for m in _public(emulator, table) if m.attachments]
        assert [m.id for m in posts] == [first_post.id]
        ping = _public(emulator, table)[-1]
        assert ping.content.startswith("🔔") and f"<@{bob.id}>" in ping.content
        assert f"<@{ann.id}>" not in ping.content
        picker = await finished(await emulator.press(bob, ping, label="Act"))
        await _sent(await emulator.press(bob, picker, label="Defend p005"))
        ping = _public(emulator, table)[-1]
        assert ping.content.startswith("🔔") and f"<@{ann.id}>" in ping.content
        picker = await _press(emulator, ann, ping, "Act")
        await _sent(await emulator.press(ann, picker, label="Withdraw from p005"))

        # The turn passed: a new table post mentions bob.
        posts = [m for m in _public(emulator, table) if m.attachments]
        assert len(posts) == 2 and f"<@{bob.id}>" in posts[-1].content
        pings = [m for m in _public(emulator, table) if m.content.startswith("🔔")]
        assert len(pings) == 2

        # Bob's decree: 104 characters, chosen whole from the decree's menu (its two words, 97
        # characters, are the option's value; a longer one would be kept behind a short id).
        picker = await _press(emulator, bob, posts[-1], "Act")
        (menu,) = picker.selects
        assert menu["custom_id"].startswith("s:") and len(menu["options"][0]["value"]) > 90
        await _sent(
            await emulator.select(bob, picker, menu["custom_id"], [menu["options"][0]["value"]])
        )
        game = await table.game()
        assert game.state.seats[1].score == 3

        # Cid claims an unguarded plot with /move.
        answer = await table.move(cid, "claim p299")
        assert answer.content.startswith("✅"), answer.content

        # The bids: everyone at once; ann bidding leaves bob's open picker working.
        game = await table.game()
        assert sorted(p.seat for p in game.pending()) == [0, 1, 2]
        post = table.table_message()
        pickers = {u.id: await _press(emulator, u, post, "Act") for u in (ann, bob)}
        for user, amount in ((ann, "3"), (bob, "1")):
            # "bid" is the only first step: the picker takes it and offers the amounts.
            picker = pickers[user.id]
            assert "Bid 0" in [b["label"] for b in picker.buttons], picker.buttons
            r = await emulator.press(user, picker, label=f"Bid {amount}")
            step = await finished(r)
            if submitted(step):
                await sent(r, step)
            else:
                await _sent(await emulator.press(user, step, label="Done"))
        # No bid is public before all three are in.
        hidden = [m.content for m in _public(emulator, table)]
        assert not any("bid 3" in c.lower() or "bid 1" in c.lower() for c in hidden)
        answer = await table.move(cid, "bid 0")
        assert answer.content.startswith("✅"), answer.content
        game = await table.game()
        assert game.outcome() is not None and game.row.status == "finished"
        assert "The game is over" in table.table_message().content
        assert await bot.service.verify(table.game_id)


async def test_a_turn_deadline_waits_while_another_seat_decides(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's turn has 10 hours. After 4 she claims a guarded plot: bob's defence gets its own
    10 hours and ann's deadline is held with 6 left; when the decision comes back to her
    8 hours later it runs on with those 6, not a fresh 10. Once the turn passes nothing is
    held."""
    register(monkeypatch)
    ann, bob = players[:2]
    clock = FakeClock()
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        table = Table(emulator, bot, [ann, bob])
        await _start(table, ["ann", "bob"])
        await bot.store.set_deadline(table.game_id, 10 * 3600, "remind")
        await Planner(bot).replan_deadlines(table.game_id)

        async def deadlines() -> dict[int, timedelta]:
            now = bot.clock.now()
            timers = await bot.store.pending_timers(table.game_id)
            return {
                t.seat: t.due_at - now for t in timers if t.kind == DEADLINE and t.seat is not None
            }

        async def held() -> list[int | None]:
            return [s.held for s in await bot.store.seats(table.game_id)]

        assert await deadlines() == {0: timedelta(hours=10)}
        await later(bot, clock, hours=4)
        assert (await table.move(ann, "claim p005")).content.startswith("✅")
        assert await deadlines() == {1: timedelta(hours=10)}
        assert await held() == [6 * 3600, None]
        await later(bot, clock, hours=8)
        assert (await table.move(bob, "defend")).content.startswith("✅")
        assert await deadlines() == {0: timedelta(hours=6)}
        assert await held() == [None, None]
        # Nothing ran out meanwhile: no reminder of a passed deadline.
        assert emulator.find_message(contains="has run out", channel=table.thread) is None
        assert (await table.move(ann, "withdraw")).content.startswith("✅")
        assert await deadlines() == {1: timedelta(hours=10)}
        assert await held() == [None, None]
