"""Clash of Cultures through the emulator: a trade, an undo and an event, a battle across a
restart, refusals, the rules help, and the leak scan of every public payload and picture."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import locales
import render
from playground import Emulator, FakeUser
from rules.clash import GAME
from rules.clash.model.state import Trades
from rules.core import Event, Rng
from store import rebuild
from tests.e2e.clash_plan import choices_of, plan, play_steps, press_label
from tests.e2e.table_driver import Table, finished, said, table_bot

pytestmark = pytest.mark.e2e


async def test_a_trade_an_undo_and_an_event(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A gift offered with /move and accepted in the picker, the acceptance taken back with
    /undo and made again, then play on to an event card: its move cannot be taken back."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="clash")
        game = await table.game()
        active = game.pending()[0].seat
        giver, taker = table.user_for(game, active), table.user_for(game, 1 - active)
        giver_handle, taker_handle = game.state.players[active], game.state.players[1 - active]
        kinds = ("wood", "ore", "gold", "ideas")

        def something_to_give(state: Any, events: Sequence[Event]) -> bool:
            held = state.seats[active].resources
            return (
                state.active == active
                and not state.prompts.pending()
                and state.turn_state.trades == Trades()  # no offer made this turn yet
                and any(held[k] for k in kinds)
            )

        await play_steps(table, plan(game.engine, game.state, something_to_give, seed=2))
        game = await table.game()
        kind = next(k for k in kinds if game.state.seats[active].resources[k])
        held = game.state.seats[1 - active].resources[kind]
        offered = await table.move(giver, f"trade @{taker_handle} give {kind}1")
        assert offered.content.startswith("✅"), offered.content
        assert said(table.table_message().content, "event.clash.trade_offered")

        # The partner answers in the picker (a may-act prompt: the game did not wait for it),
        # with one tap: "Accept the offer · @giver gives you ...".
        picker = await finished(await emulator.press(taker, table.table_message(), label="Act"))
        done = await press_label(table, taker, picker, "clash.token.accept")
        assert done.content.startswith("✅"), done.content
        game = await table.game()
        assert game.state.seats[1 - active].resources[kind] == held + 1
        assert said(table.table_message().content, "event.clash.trade_made")

        undone = await finished(await emulator.slash(taker, "undo", channel=table.thread))
        assert said(undone.content, "play.undone"), undone.content
        game = await table.game()
        assert game.state.seats[1 - active].resources[kind] == held
        again = await table.move(taker, f"accept @{giver_handle}")
        assert again.content.startswith("✅"), again.content

        def drew_an_event(state: Any, events: Sequence[Event]) -> bool:
            return any(e.kind == "clash.event_card" for e in events)

        game = await table.game()
        steps = plan(game.engine, game.state, drew_an_event, seed=3)
        await play_steps(table, steps)
        assert said(table.table_message().content, "event.clash.event_card")
        drawer = table.user_for(await table.game(), steps[-1][0])
        refused = await finished(await emulator.slash(drawer, "undo", channel=table.thread))
        assert said(refused.content, "error.undo_revealed"), refused.content
        assert await bot.service.verify(table.game_id)


async def test_rules_in_a_clash_thread_find_every_card_by_its_id(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """/rules in a Clash thread explains Clash; a card is found by its id in any case and its
    help says whether its text is a stand-in; Hungarian readers get Hungarian."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="clash")
        alice, bob = players[0], players[1]
        answer = await finished(await emulator.slash(alice, "rules", channel=table.thread))
        assert answer.content.startswith("**Clash of Cultures: "), answer.content
        topics = await emulator.autocomplete(
            alice, "rules", focused="topic", channel=table.thread, topic="a01"
        )
        assert [t["value"] for t in topics] == ["card.A01"], topics
        card = await finished(
            await emulator.slash(alice, "rules", channel=table.thread, topic="card.A01")
        )
        assert said(card.content, "rules.clash.card.A01"), card.content
        assert "stand-in" in card.content
        hungarian = await finished(
            await emulator.slash(bob, "rules", channel=table.thread, topic="advance.farming")
        )
        assert said(hungarian.content, "rules.clash.advance.farming")
        assert locales.t("hu", "clash.advance.farming") in hungarian.content


async def test_no_hand_or_objective_reaches_a_public_message_or_image(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Three players play on, one gives a card in a trade and everyone looks at their hand:
    no private event, no card that was only ever in a hand (by its id or its name, in either
    language) is in any public payload, and every public picture is a public view's."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:3])
        await table.open(game="clash")
        game = await table.game()
        active = game.pending()[0].seat
        card = game.state.seats[active].actions[0]
        partner = game.state.players[(active + 1) % 3]
        gift = await table.move(table.user_for(game, active), f"trade @{partner} give {card}")
        assert gift.content.startswith("✅"), gift.content
        rng = Rng(9)
        for _ in range(45):
            game = await table.game()
            if game.outcome() is not None:
                break
            seat = game.pending()[0].seat
            answer = await table.move(
                table.user_for(game, seat), await table.pick_action(game, seat, rng)
            )
            assert answer.content.startswith("✅"), answer.content
        for user in players[:3]:
            await finished(await emulator.press(user, table.table_message(), label="My hand"))
            await finished(await emulator.slash(user, "hand", channel=table.thread))

        game = await table.game()
        seats = await bot.store.seats(table.game_id)
        rows = await bot.store.actions(table.game_id)
        states = [rebuild(game.row, seats, rows[:n]) for n in range(len(rows) + 1)]
        views = [game.engine.view(state, None) for state in states]
        shown = {s for view in views for s in re.findall(r'"([^"]*)"', json.dumps(view))}
        held = {c for state in states for p in state.seats for c in (*p.actions, *p.objectives)}
        secret = held - shown
        assert card in held and secret, "no card stayed hidden to look for"
        names = {locales.t(lang, f"clash.hand_card.{c}") for c in secret for lang in ("en", "hu")}
        history = await bot.service.history(table.game_id)
        private = {
            locales.event_text(lang, e.kind, dict(e.params))
            for _, events in history
            for e in events
            if e.visible_to is not None
            for lang in ("en", "hu")
        }
        assert private, "the game produced no private events to look for"
        ids = re.compile(r"\b(" + "|".join(sorted(secret)) + r")\b", re.IGNORECASE)
        public = emulator.public_requests()
        for request in public:
            body = request.text()
            for text in (*names, *private):
                assert text not in body, f"{text!r} leaked in {request}"
            assert not ids.search(body), f"{ids.search(body)} leaked in {request}"
        allowed = {render.table_png(view, lang="en") for view in views}
        images = [f.data for r in public for f in r.files if f.data.startswith(b"\x89PNG")]
        assert images and all(image in allowed for image in images)


async def test_clash_bad_input_is_refused_kindly_and_changes_nothing(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Unknown words, a space off the board, units one does not have, a city not one's own, a
    card not in hand, an extra word, the wrong player, a stale button, a bad lobby option: each
    an ephemeral refusal in the player's language that names the problem, and nothing moves."""
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="clash")
        game = await table.game()
        seq, active = game.seq, game.pending()[0].seat
        mover, other = table.user_for(game, active), table.user_for(game, 1 - active)
        partner = game.state.players[1 - active]
        home = next(c for c in game.state.seats[active].cities)
        own = home.hex
        from rules.clash.board.hexes import label

        cases = {
            "frobnicate": "error.clash.unknown_action",
            f"move {label(own).lower()} h9 settler": "error.clash.off_board",
            "advance nonsense": "error.clash.unknown_advance",
            "activate e5 collect": "error.clash.not_your_city",
            f"trade @{partner} give a40": "error.clash.trade_card_not_held",
            "end now": "error.clash.too_many_tokens",
        }
        for action, key in cases.items():
            answer = await table.move(mover, action)
            assert answer.ephemeral_to == mover.id and answer.content.startswith("⚠️"), answer
            assert said(answer.content, key), (action, answer.content)
            assert "_" not in answer.content.split("`")[0], answer.content  # no raw codes
        hungarian = await table.move(other, "advance storage")
        assert hungarian.ephemeral_to == other.id and said(hungarian.content, "error.not_your_turn")
        assert locales.t("hu", "error.not_your_turn") in hungarian.content

        picker = await finished(await emulator.press(mover, table.table_message(), label="Act"))
        ended = await table.move(mover, "end")
        assert ended.content.startswith("✅"), ended.content
        stale = await finished(await emulator.press(mover, picker, picker.buttons[0]["custom_id"]))
        assert said(stale.content, "error.stale"), stale.content
        assert (await table.game()).seq == seq + 1

        bad = await finished(
            await emulator.slash(
                mover, "game new", options={"game": "clash", "seats": 2, "options": "deal=draft"}
            )
        )
        assert bad.ephemeral_to == mover.id and bad.content.startswith("⚠️"), bad.content


async def test_a_battle_waits_for_the_defender_across_a_restart(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """A battle reaches the defender's combat-card decision: the defender is mentioned, the
    bot restarts in the middle of it, and the defender answers with the old post's Act."""
    db = tmp_path / "bot.sqlite3"

    def defender_decides(state: Any, events: Sequence[Event]) -> bool:
        return any(
            p.kind == "combat_card" and p.turn is not None and p.seat != p.turn
            for p in GAME.pending(state)
        )

    async with table_bot(emulator, db) as bot:
        table = Table(emulator, bot, players[:2])
        await table.open(game="clash")
        game = await table.game()
        await play_steps(table, plan(game.engine, game.state, defender_decides, seed=8))
        game = await table.game()
        prompt = game.pending()[0]
        defender = table.user_for(game, prompt.seat)
        assert prompt.kind == "combat_card" and prompt.seat != prompt.turn
        assert game.state.battle is not None
        # The defender is mentioned (in the table post or a mention of the nested decision)
        # with an Act button to answer it.
        public = [m for m in emulator.messages(table.thread) if not m.ephemeral]
        old = public[-1]
        assert defender.mention in old.content, old.content
        assert any(b.get("label") == "Act" for b in old.buttons), old.buttons
        seq = game.seq
    async with table_bot(emulator, db) as bot:
        table.bot = bot
        assert (await table.game()).seq == seq
        picker = await finished(await emulator.press(defender, old, label="Act"))
        assert picker.ephemeral_to == defender.id and choices_of(defender, picker)
        answer = await press_label(table, defender, picker, "clash.choice.no_combat_card")
        assert answer.content.startswith("✅"), answer.content
        game = await table.game()
        assert game.seq == seq + 1
        assert not any(p.kind == "combat_card" and p.seat == prompt.seat for p in game.pending())
        assert await bot.service.verify(table.game_id)
