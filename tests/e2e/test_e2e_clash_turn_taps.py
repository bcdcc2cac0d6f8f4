"""A Clash turn in the private picker, as light as a phone wants it (issue "Async-first",
item 5): a step with one unit to move costs no tap of its own, a city's activation is one
choice in a menu, "End the turn" with actions left asks once, and after the last action the
picker says that nothing more waits and who is next, offering a trade only behind a button."""

from __future__ import annotations

from pathlib import Path

import pytest

import locales
from playground import Emulator, FakeUser, Message
from tests.e2e.table_driver import Table, finished, sent, submitted, table_bot

pytestmark = pytest.mark.e2e


def _labels(message: Message) -> list[str]:
    return [str(b.get("label")) for b in message.buttons]


async def _press(table: Table, user: FakeUser, picker: Message, label: str) -> Message:
    """Press the button whose label starts with ``label``; the next step or the confirmation."""
    button = next((b for b in picker.buttons if str(b.get("label")).startswith(label)), None)
    assert button is not None, (label, _labels(picker))
    result = await table.emu.press(user, picker, button["custom_id"])
    answer = await finished(result)
    return await sent(result, answer) if submitted(answer) else answer


async def test_a_turn_flows_and_ends_as_a_phone_player_expects(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="clash")
        game = await table.game()
        seat = game.pending()[0].seat
        user = table.user_for(game, seat)
        other = table.user_for(game, 1 - seat)
        lang = locales.normalize(user.locale)

        def t(key: str, **params: object) -> str:
            return locales.t(lang, key, **params)

        picker = await finished(await emulator.press(user, table.table_message(), label="Act"))

        # "End the turn" with three actions left: asked once; Back keeps the turn.
        question = await _press(table, user, picker, t("clash.choice.end_early", count=3))
        assert question.content.startswith("⚠️"), question.content
        assert t("clash.ask.end_early", count=3) in question.content
        assert (await table.game()).seq == game.seq  # nothing sent
        picker = await _press(table, user, question, t("button.back"))
        assert t("clash.token.move") in _labels(picker)

        # Move: the only settler goes with its destination, in one tap; the Move action ends
        # by itself (nothing else can move).
        picker = await _press(table, user, picker, t("clash.token.move"))
        walk = next(x for x in _labels(picker) if x.endswith(f" · {t('clash.unit.settler')}"))
        assert walk.startswith(t("clash.choice.to.walk", space="")[:2]), _labels(picker)
        done = await _press(table, user, picker, walk)
        assert done.content.startswith("✅"), done.content
        assert t("clash.token.done") not in _labels(done)

        # The last two actions, each one choice in the Activate City menu (the only city's
        # "Collect · Food from D2" and the like); then the picker says the turn is over, and
        # who is next.
        for _ in range(2):
            (menu,) = [
                m for m in done.selects if m["placeholder"].startswith(t("clash.token.activate"))
            ]
            value = menu["options"][0]["value"]
            result = await emulator.select(user, done, menu["custom_id"], [value])
            done = await sent(result, await finished(result))
            assert done.content.startswith("✅"), done.content
        assert t("play.nothing_waits", waiting=[f"<@{other.id}>"]) in done.content
        # Trading is offered, not opened: one button, which leads to the offer's first step.
        assert t("clash.token.trade") in _labels(done)
        wizard = await _press(table, user, done, t("clash.token.trade"))
        assert t("clash.token.trade") in wizard.content  # "So far: Offer a trade ..."
        game = await table.game()
        assert game.state.active == 1 - seat
