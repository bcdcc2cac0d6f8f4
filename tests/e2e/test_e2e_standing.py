"""Standing answers through the emulator (docs/async-play.md, "Standing answers"): a Clash
player switches "keep my cities" on from the picker, the next status phase's raze prompt is
answered for them and the log says so; they switch it off with /settings and are asked
again."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import locales
from discordui.autoplay import bot_seats_of
from playground import Emulator, FakeUser, Message
from tests.e2e.clash_plan import lang_of, plan, play_steps, press
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


@pytest.fixture(autouse=True)
def quick_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host answers within milliseconds instead of half a second."""
    monkeypatch.setattr("discordui.autoplay.MOVE_DELAY", 0.001)


def razing(seat: int | None = None) -> Any:
    def wanted(state: Any, events: Sequence[Any]) -> bool:
        from rules.clash import GAME

        return any(
            p.kind == "raze" and (seat is None or p.seat == seat) for p in GAME.pending(state)
        )

    return wanted


def always_label(user: FakeUser) -> str:
    lang = lang_of(user)
    return locales.t(lang, "standing.always", answer=locales.t(lang, "clash.standing.keep_cities"))


async def open_picker(table: Table, user: FakeUser) -> Message:
    return await finished(await table.emu.press(user, table.table_message(), label="Act"))


async def settle(table: Table) -> None:
    players = bot_seats_of(table.bot)
    assert players is not None
    await players.idle()


async def test_keep_my_cities_switched_on_applied_and_switched_off(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="clash")
        game = await table.game()
        await play_steps(table, plan(game.engine, game.state, razing(), seed=1))
        game = await table.game()
        seat = next(p.seat for p in game.pending() if p.kind == "raze")
        user, handle = table.user_for(game, seat), game.handles[seat]

        # The picker offers "Always: Keep my cities"; pressing it answers now and from now on.
        picker = await open_picker(table, user)
        label = always_label(user)
        button = next((b for b in picker.buttons if b.get("label") == label), None)
        assert button is not None, [b.get("label") for b in picker.buttons]
        assert len(button["custom_id"]) <= 100
        done = await press(table, user, picker, button)
        assert done.content.startswith("✅"), done.content
        assert said(done.content, "standing.switched_on"), done.content
        rows = await bot.store.actions(table.game_id)
        note = f"standing @{handle} clash.standing.keep_cities"
        assert (rows[-2].kind, rows[-2].text, rows[-2].user_id) == ("note", note, None)
        assert (rows[-1].kind, rows[-1].user_id, rows[-1].text) == ("move", user.id, "pass")

        # The next raze prompt of this player is answered for them, and the log says so.
        await settle(table)
        game = await table.game()
        steps = plan(game.engine, game.state, razing(seat), seed=2)
        seen = len(emulator.messages(table.thread))
        await play_steps(table, steps)
        await settle(table)
        # Nobody mentioned the player for the decision the host answered.
        for message in emulator.messages(table.thread)[seen:]:
            if not message.ephemeral and user.mention in message.content:
                assert not said(message.content, "prompt.clash.raze"), message.content
        game = await table.game()
        assert not any(p.kind == "raze" and p.seat == seat for p in game.pending())
        rows = await bot.store.actions(table.game_id)
        notes = [r for r in rows if r.kind == "note" and r.text.startswith(f"standing @{handle}")]
        assert len(notes) == 2
        answered = next(r for r in rows if r.seq == notes[-1].seq + 1)
        assert (answered.user_id, answered.seat, answered.text) == (user.id, seat, "pass")
        log = await finished(await emulator.slash(user, "log", channel=table.thread))
        assert said(log.content, "mod.note.standing"), log.content
        assert said(log.content, "event.clash.kept_cities"), log.content
        post = table.table_message().content
        assert said(post, "event.clash.kept_cities") and said(post, "mod.note.standing"), post
        assert f"🔁 @{handle}" in post, post

        # /settings in the game's thread lists it with a button that switches it off.
        shown = await finished(await emulator.slash(user, "settings", channel=table.thread))
        lang = lang_of(user)
        answer = locales.t(lang, "clash.standing.keep_cities")
        off = locales.t(lang, "standing.off", answer=answer)
        assert said(shown.content, "standing.title"), shown.content
        always = [
            locales.t(lang, "standing.always", answer=locales.t(lang, f"clash.standing.{k}"))
            for k in ("keep_cities", "first_self", "refuse_offers")
        ]
        assert [b.get("label") for b in shown.buttons] == [off, *always[1:]]
        turned = await finished(await emulator.press(user, shown, label=off))
        assert said(turned.content, "standing.turned_off"), turned.content
        assert said(turned.content, "standing.none"), turned.content
        assert [b.get("label") for b in turned.buttons] == always

        # The next raze prompt waits for the player again, with the "Always" button.
        game = await table.game()
        steps = plan(game.engine, game.state, razing(seat), seed=3)
        await play_steps(table, steps)
        await settle(table)
        game = await table.game()
        assert any(p.kind == "raze" and p.seat == seat for p in game.pending())
        picker = await open_picker(table, user)
        assert label in [b.get("label") for b in picker.buttons]

        # "Always" again, then Undo under its confirmation: the answer is taken back and
        # switched off, and the prompt waits for the player.
        button = next(b for b in picker.buttons if b.get("label") == label)
        done = await press(table, user, picker, button)
        assert done.content.startswith("✅"), done.content
        undone = await finished(
            await emulator.press(user, done, label=locales.t(lang, "button.undo"))
        )
        assert said(undone.content, "play.undone"), undone.content
        assert said(undone.content, "standing.turned_off"), undone.content
        await settle(table)
        game = await table.game()
        assert any(p.kind == "raze" and p.seat == seat for p in game.pending())
        shown = await finished(await emulator.slash(user, "settings", channel=table.thread))
        assert said(shown.content, "standing.none"), shown.content
        assert [b.get("label") for b in shown.buttons] == always

        # Switched on again from /settings: the decision already waiting is answered.
        always_here = next(b for b in shown.buttons if b.get("label") == label)
        switched = await finished(await emulator.press(user, shown, always_here["custom_id"]))
        assert said(switched.content, "standing.switched_on"), switched.content
        await settle(table)
        game = await table.game()
        assert not any(p.kind == "raze" and p.seat == seat for p in game.pending())
        rows = await bot.store.actions(table.game_id)
        assert (rows[-2].text, rows[-1].user_id, rows[-1].text) == (note, user.id, "pass")
