"""The picker flows: a step with one choice is taken for the player, the confirmation of a
move comes in the picker's own message with the next step of the turn, and Undo takes the
move back there."""

from __future__ import annotations

from pathlib import Path

import pytest

import locales
from playground import Emulator, FakeUser
from rules.core import Rng
from tests.e2e.table_driver import Table, finished, sent, submitted, table_bot

pytestmark = pytest.mark.e2e


async def test_a_turn_flows_in_one_message_and_undo_takes_a_move_back(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open()
        game = await table.game()
        user = table.user_for(game, game.pending()[0].seat)
        lang = locales.normalize(user.locale)

        def t(key: str) -> str:
            return locales.t(lang, key)

        picker = await finished(await emulator.press(user, table.table_message(), label="Act"))
        # "Play a card" was the only first step: taken, shown as text, and no Back to it.
        assert t("civ.action.play") in picker.content
        assert t("button.back") not in [b.get("label") for b in picker.buttons]
        r = await emulator.press(user, picker, picker.buttons[0]["custom_id"])
        step = await finished(r)
        if not submitted(step):  # the card needs no more: Done sends it
            r = await emulator.press(user, step, label=t("button.done"))
            step = await finished(r)
        answer = await sent(r, step)
        # The confirmation and the turn's next step (effects) in the same message, with Undo.
        assert answer.id == picker.id
        assert answer.content.startswith("✅")
        assert t("play.pick_next") in answer.content
        labels = [b.get("label") for b in answer.buttons]
        assert t("button.undo") in labels and len(labels) > 1
        played = await table.game()
        assert played.seq == game.seq + 1
        # Undo: the move is taken back and the picker of the first step is offered again.
        undone = await finished(await emulator.press(user, answer, label=t("button.undo")))
        assert undone.content.startswith("↩️"), undone.content
        back = await table.game()
        assert back.engine.to_json(back.state) == game.engine.to_json(game.state)
        assert undone.buttons and t("button.undo") not in [b.get("label") for b in undone.buttons]
        # /move confirms with the next step too.
        action = await table.pick_action(back, back.pending()[0].seat, Rng(1))
        moved = await table.move(user, action)
        assert moved.content.startswith("✅") and moved.buttons
        # The next step offered there is current: pressing it is not refused as out of date.
        step_id = next(b["custom_id"] for b in moved.buttons if b.get("label") != t("button.undo"))
        r = await emulator.press(user, moved, step_id)
        onwards = await finished(r)
        assert not onwards.content.startswith("⌛"), onwards.content
        if submitted(onwards):
            await sent(r, onwards)


async def test_a_move_that_shows_nothing_can_be_undone_from_its_confirmation(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A Stone Age placement shows nothing hidden: its confirmation offers Undo."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="stoneage")
        game = await table.game()
        user = table.user_for(game, game.pending()[0].seat)
        undo = locales.t(locales.normalize(user.locale), "button.undo")
        placed = await table.move(user, "place hunting 1")
        assert placed.content.startswith("✅") and undo in [b.get("label") for b in placed.buttons]


async def test_the_picker_says_what_each_choice_does(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Explanations in place: Stone Age's locations, more of them explained than a phone
    screen holds as lines under buttons, are a select menu with each location's /rules help
    under it, in the player's language; the message above it stays short."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="stoneage")
        game = await table.game()
        user = table.user_for(game, game.pending()[0].seat)
        lang = locales.normalize(user.locale)
        picker = await finished(await emulator.press(user, table.table_message(), label="Act"))
        hunting = locales.t(lang, "stoneage.location.hunting")
        about = locales.t(lang, "rules.stoneage.location.hunting")
        (menu,) = picker.selects
        option = next(o for o in menu["options"] if o["label"].startswith(hunting))
        assert option["description"].rstrip("…") in about
        assert "ℹ️" not in picker.content
        assert len(picker.content) <= 2000
