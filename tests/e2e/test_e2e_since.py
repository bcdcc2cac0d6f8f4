"""'Since your last move' through the emulator: the player asked to act opens the picker and
reads what the others did since their last move, in their own language, and nothing the
game hides from their seat (another seat's drawn cards, its hand).

Moves are the self-play player's, made with ``/move`` by each member; what the picker must
say is worked out from the game's log replayed from its seed (``GameService.history``), not
from what the bot remembered while playing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import locales
from discordui.autoplay import bot_seats_of
from host.clock import FakeClock
from playground import Emulator, FakeUser, Message
from rules.core import Event, Rng, act, deciding
from rules.selfplay import random_action
from tests.e2e.clash_plan import lang_of
from tests.e2e.table_driver import Table, finished, table_bot
from tests.e2e.test_e2e_async_reminders import clocked_bot, later
from tests.e2e.test_e2e_bot_seats import open_with_bot

pytestmark = pytest.mark.e2e

#: Lines the picker tells at most (host.since.MOVES).
TOLD = 6


@dataclass
class Gap:
    """The viewer's seat, the seq of their last move, and what the others did since."""

    seat: int
    last: int = 0
    others: int = 0
    hidden: int = 0  # events of those moves the viewer may not read


async def open_picker(table: Table, user: FakeUser) -> Message:
    """``user`` presses Act on the newest table post; the private picker."""
    return await finished(await table.emu.press(user, table.table_message(), label="Act"))


def header(lang: str) -> str:
    return f"🕑 **{locales.t(lang, 'since.header')}**"


async def play_until_asked(
    table: Table, viewer: FakeUser, rng: Rng, *, others: int, hidden: bool, limit: int = 600
) -> Gap:
    """Play with ``/move`` until ``viewer`` has moved, then at least ``others`` moves of
    other members followed (with something hidden from the viewer among them, if ``hidden``),
    and the game asks the viewer to decide again."""
    game = await table.game()
    gap = Gap(game.seat_of(viewer.id))
    for _ in range(limit):
        game = await table.game()
        assert game.outcome() is None, "the game ended before the moment wanted"
        asked = deciding(game.pending())
        ready = gap.last and gap.others >= others and (gap.hidden or not hidden)
        if ready and gap.seat in asked:
            return gap
        seats = sorted(asked) or [p.seat for p in game.pending()]
        seat = next((s for s in seats if s != gap.seat), seats[0])
        action = random_action(game.engine, game.state, seat, rng, greedy=True)
        _, events = act(game.engine, game.state, seat, action)
        answer = await table.move(table.user_for(game, seat), action)
        assert answer.content.startswith("✅"), (action, answer.content)
        if seat == gap.seat:
            gap.last, gap.others, gap.hidden = (await table.game()).seq, 0, 0
        else:
            gap.others += 1
            gap.hidden += sum(not e.is_visible(gap.seat) for e in events)
    raise AssertionError(f"the viewer was not asked again within {limit} moves")


async def check_told(
    table: Table, viewer: FakeUser, gap: Gap, content: str, *, lang: str | None = None
) -> None:
    """``content`` opens with the others' moves since the viewer's last one (the latest
    :data:`TOLD` of them, each by its first sentence as the viewer reads it, in ``lang``:
    the viewer's own by default) and has no sentence of an event hidden from the viewer's
    seat, in any language."""
    lang = lang or lang_of(viewer)
    assert content.startswith(header(lang) + "\n"), content
    block = content.split("\n\n", 1)[0]
    steps = await table.bot.service.history(table.game_id)
    told = [
        events
        for row, events in steps
        if row.seq > gap.last and row.kind != "note" and row.seat != gap.seat
    ]
    firsts = [
        locales.event_text(lang, e.kind, dict(e.params))
        for events in told
        for e in events[:1]
        if e.is_visible(gap.seat)
    ]
    assert len(told) == gap.others and firsts
    for sentence in firsts[-TOLD:]:
        assert sentence[:60] in block, (sentence, block)
    if len(firsts) > TOLD:
        assert "`/log`" in block, block
    for _, events in steps:
        for e in events:
            if not e.is_visible(gap.seat):
                for each in locales.SUPPORTED:
                    assert locales.event_text(each, e.kind, dict(e.params)) not in content


def cards_of(event: Event) -> set[str]:
    """The card ids an event names (``card``, ``cards``)."""
    found: set[str] = set()
    for name in ("card", "cards"):
        value = event.params.get(name)
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, list):
            found |= {v for v in value if isinstance(v, str)}
    return found


def first_action(game: Any, seat: int, *prefix: str) -> str:
    """The first complete action after ``prefix`` that the engine offers ``seat``."""
    parts = list(prefix)
    while True:
        choice = game.engine.choices(game.state, seat, parts)[0]
        parts.append(choice.token)
        if choice.complete:
            return " ".join(parts)


async def test_civ_bob_reads_what_happened_in_hungarian(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Three players. The first player is told nothing (nothing happened yet), nor while
    their turn goes on; Bob (Hungarian) is later told the others' plays and public draws,
    never which cards they drew."""
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob, carol])
        await table.open("civ")
        game = await table.game()
        first = table.user_for(game, game.pending()[0].seat)
        picker = await open_picker(table, first)
        assert "🕑" not in picker.content, picker.content
        seat = game.seat_of(first.id)
        played = await table.move(first, first_action(game, seat, "play"))
        assert played.content.startswith("✅"), played.content
        assert seat in deciding((await table.game()).pending())  # the effects step
        again = await open_picker(table, first)  # their own turn goes on: nothing new
        assert "🕑" not in again.content, again.content

        gap = await play_until_asked(table, bob, Rng(2), others=4, hidden=True)
        content = (await open_picker(table, bob)).content
        await check_told(table, bob, gap, content)
        assert content.startswith("🕑 **Az utolsó lépésed óta**"), content


async def test_stoneage_alice_reads_the_placements_since_her_last(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob, carol])
        await table.open("stoneage")
        gap = await play_until_asked(table, alice, Rng(3), others=3, hidden=False)
        content = (await open_picker(table, alice)).content
        await check_told(table, alice, gap, content)


async def test_clash_carol_is_told_the_draws_but_not_the_cards(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Three players of Clash: Carol is asked again after the others drew cards she may not
    see; her picker tells their moves, and no card id another seat drew or holds appears."""
    alice, bob, carol, _ = players
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob, carol])
        await table.open("clash")
        gap = await play_until_asked(table, carol, Rng(4), others=3, hidden=True, limit=1500)
        content = (await open_picker(table, carol)).content
        await check_told(table, carol, gap, content)
        game = await table.game()
        steps = await bot.service.history(table.game_id)
        events = [e for _, each in steps for e in each]
        secret = set().union(*(cards_of(e) for e in events if not e.is_visible(gap.seat)))
        for seat in range(len(game.handles)):
            if seat != gap.seat:
                secret |= set(game.engine.view(game.state, seat).get("hand", []))
        # A card Carol was shown (her own, one played openly) may be named to her.
        secret -= set().union(*(cards_of(e) for e in events if e.is_visible(gap.seat)))
        assert secret, "nothing was hidden from Carol: the test shows nothing"
        for card in secret:
            assert not re.search(rf"\b{re.escape(card)}\b", content), (card, content)


async def test_a_reminder_by_dm_tells_what_happened_too(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Bob takes reminders by DM: an hour after Alice's turn passed to him, the DM names
    what she played and her public draw, not the cards she drew; the thread's reminder of a
    player without DMs stays a bare mention."""
    alice, bob = players[0], players[1]
    clock = FakeClock()
    async with clocked_bot(emulator, tmp_path / "bot.sqlite3", clock) as bot:
        await finished(await emulator.slash(bob, "settings", dm=True, reminder="1h"))
        await finished(await emulator.slash(alice, "settings", reminder="1h"))
        table = Table(emulator, bot, [alice, bob])
        await table.open("civ")
        game = await table.game()
        if game.seat_of(alice.id) not in deciding(game.pending()):
            # Bob starts: his turn, then Alice's is reminded in the thread, bare.
            gap = await play_until_asked(table, alice, Rng(6), others=1, hidden=False)
            await later(bot, clock, hours=1)
            (post,) = [m for m in emulator.messages(table.thread) if m.content.startswith("⏰")]
            assert "🕑" not in post.content, post.content
        gap = await play_until_asked(table, bob, Rng(7), others=2, hidden=True)
        await later(bot, clock, hours=1)
        dm = emulator.dm_channel(bob)
        assert dm is not None
        direct = emulator.messages(dm)[-1]
        assert direct.content.startswith("⏰"), direct.content
        # A DM is in the player's /settings language, else the server's (English here).
        block = direct.content.split("\n\n", 1)[1]
        await check_told(table, bob, gap, block, lang="en")


async def test_a_move_taken_back_is_not_told(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path
) -> None:
    """Bob plays a card, takes it back with /undo and plays another: Alice, asked next, is
    told the card that stands, not the one taken back."""
    alice, bob = players[0], players[1]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice, bob])
        await table.open("civ")
        game = await table.game()
        if game.seat_of(bob.id) in deciding(game.pending()):
            await play_until_asked(table, alice, Rng(9), others=0, hidden=False)
        await play_until_asked(table, bob, Rng(9), others=1, hidden=False)
        game = await table.game()
        seat = game.seat_of(bob.id)
        plays = [c.token for c in game.engine.choices(game.state, seat, ["play"])]
        assert len(set(plays)) > 1, plays
        taken_back, kept = plays[0], plays[-1]
        await table.move(bob, f"play {taken_back}")
        undone = await finished(await emulator.slash(bob, "undo", channel=table.thread))
        assert undone.content.startswith("↩️"), undone.content
        await table.move(bob, f"play {kept}")
        answer = await table.move(bob, "end")
        assert answer.content.startswith("✅"), answer.content
        content = (await open_picker(table, alice)).content
        block = content.split("\n\n", 1)[0]
        name = {d: locales.t("en", f"civ.domain.{d}") for d in (taken_back, kept)}
        assert f"@bob played {name[kept]}." in block, block
        assert f"@bob played {name[taken_back]}." not in block, block


async def test_the_bot_seats_moves_are_told(
    emulator: Emulator, players: list[FakeUser], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice plays Stone Age against the bot: asked again, she is told the bot's placements."""
    monkeypatch.setattr("discordui.autoplay.MOVE_DELAY", 0.001)
    alice = players[0]
    async with table_bot(emulator, tmp_path / "bot.sqlite3") as bot:
        table = Table(emulator, bot, [alice])
        await open_with_bot(table, game="stoneage")
        robot = bot_seats_of(bot)
        assert robot is not None
        rng, last = Rng(10), 0
        for _ in range(60):
            await robot.idle()
            game = await table.game()
            seat = game.seat_of(alice.id)
            if last and game.seq > last and seat in deciding(game.pending()):
                break  # the bot moved since Alice's last move, and she is asked again
            answer = await table.move(alice, await table.pick_action(game, seat, rng))
            assert answer.content.startswith("✅"), answer.content
            rows = await bot.store.actions(table.game_id)
            last = max(r.seq for r in rows if r.seat == seat)
        else:
            raise AssertionError("the bot never moved between two moves of Alice")
        content = (await open_picker(table, alice)).content
        block = content.split("\n\n", 1)[0]
        assert block.startswith(header("en")) and "@bot" in block, block
