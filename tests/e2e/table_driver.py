"""Drive the real bot through the emulator the way players do: slash commands and buttons."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import locales
from discordui.client import TableBot
from host.config import Config
from playground import Emulator, FakeUser, InteractionResult, Message, running_bot
from playground.patience import patience
from rules.core import Rng
from rules.selfplay import random_action
from tests.e2e.stores import opened

#: Tests play at machine speed: the limits of interactions per user and server
#: (host.throttle) are off unless a test sets them.
MACHINE_SPEED: dict[str, Any] = {"user_rate": 0, "server_rate": 0}


@contextlib.asynccontextmanager
async def table_bot(emulator: Emulator, db: Path, **config: Any) -> AsyncIterator[TableBot]:
    """The production bot on the database ``db`` names (an SQLite file, or a PostgreSQL
    schema when the run has a server: tests/e2e/stores.py), connected to ``emulator``. The
    result post's replay is drawn only where a test asks for it (``replay_on_result=True``):
    it costs seconds per finished game. The limits of interactions are off
    (:data:`MACHINE_SPEED`) unless the test sets them."""
    settings = {"replay_on_result": False, **MACHINE_SPEED, **config}
    async with opened(db) as (store, stored):
        bot = TableBot(Config(**stored, **settings), store, guild_ready_timeout=0.05)
        async with running_bot(bot, emulator):
            yield bot


async def connected(
    emu: Emulator,
    proc: asyncio.subprocess.Process,
    before: set[str],
    *,
    shard: list[int] | None = None,
) -> None:
    """Wait until the bot process ``proc`` holds a gateway session opened after ``before``
    (on ``shard``, if given), then a moment for READY and GUILD_CREATE to be handled."""
    loop = asyncio.get_running_loop()
    end = loop.time() + patience(30)
    while not any(
        s.ws is not None and not s.ws.closed and (shard is None or s.shard == shard)
        for sid, s in emu.gateway.sessions.items()
        if sid not in before
    ):
        assert proc.returncode is None, "the bot process exited"
        assert loop.time() < end, "the bot process did not connect"
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)


async def finished(result: InteractionResult, *, timeout: float = 10.0) -> Message:
    """The bot's last answer to an interaction (after a defer: the followup)."""
    await result.done(timeout)
    assert result.error is None, result.error
    if result.deferred or result.callback_type == 7:
        messages = await result.wait_for_messages(1, timeout=timeout)
    else:
        messages = result.messages
    return messages[-1]


async def sent(result: InteractionResult, message: Message, *, timeout: float = 10.0) -> Message:
    """A picker step that sent the move: its message says "Sending ..." until the move is
    recorded and published, then becomes the confirmation (or the refusal), with the next
    step of the picker when the player still has a decision."""
    await result.wait_until(lambda: not message.content.startswith("⏳"), timeout=timeout)
    return message


def submitted(message: Message) -> bool:
    """Whether a picker step answered "Sending ...": the move is complete and on its way."""
    return message.content.startswith("⏳")


def said(content: str, key: str) -> bool:
    """Whether ``content`` contains the text of ``key`` in some language (players differ):
    its longest stretch between two placeholders, which must say something."""
    for lang in locales.SUPPORTED:
        found = locales.message(lang, key)
        assert found is not None, f"{lang}: no text {key!r}"
        for template in [found] if isinstance(found, str) else found.values():
            stretch = max(re.split(r"\{[^}]*\}", template), key=len).strip()
            assert len(stretch) >= 4, f"{lang}: {key!r} has no words of its own to look for"
            if stretch in content:
                return True
    return False


class Table:
    """One game seen from the players' side."""

    def __init__(self, emu: Emulator, bot: TableBot, users: list[FakeUser]) -> None:
        self.emu, self.bot, self.users = emu, bot, users
        self.game_id = 0
        self.channel = emu.channel(emu.games_channel_id)

    async def open(self, game: str = "civ", options: str = "", seats: int | None = None) -> None:
        """Alice opens a lobby, everyone joins with the button, Alice starts."""
        creator = self.users[0]
        values = {"game": game, "seats": seats or len(self.users), "options": options}
        r = await self.emu.slash(creator, "game new", channel=self.channel, options=values)
        lobby = await finished(r)
        self.game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
        for user in self.users[1:]:
            await finished(await self.emu.press(user, lobby, label="Join"))
        await finished(await self.emu.press(creator, lobby, label="Start"))

    async def game(self) -> Any:
        """The game as the bot holds it (for choosing moves in tests, never for asserting)."""
        return await self.bot.service.load(self.game_id)

    def user_for(self, game: Any, seat: int) -> FakeUser:
        user_id = game.user_of(seat)
        return next(u for u in self.users if u.id == user_id)

    @property
    def thread(self) -> Any:
        return next(t for t in self.emu.threads if t.parent_id == self.channel.id)

    def table_message(self) -> Message:
        """The newest table post in the game's thread (a mention of a nested decision or a
        reminder may come after it)."""
        public = [m for m in self.emu.messages(self.thread) if not m.ephemeral]
        posts = [m for m in public if any(a.filename == "table.png" for a in m.attachments)]
        return posts[-1]

    async def move(self, user: FakeUser, action: str) -> Message:
        """``/move action`` and the bot's private answer."""
        r = await self.emu.slash(user, "move", channel=self.thread, action=action)
        return await finished(r)

    async def pick_action(self, game: Any, seat: int, rng: Rng) -> str:
        """A legal action for ``seat``, chosen by the engine's biased self-play player."""
        return random_action(game.engine, game.state, seat, rng, greedy=True)

    async def play_with_buttons(self, user: FakeUser, rng: Rng) -> Message:
        """One action through the table message: Act, then picker buttons until submitted."""
        r = await self.emu.press(user, self.table_message(), label="Act")
        picker = await finished(r)
        while True:
            buttons = [b for b in picker.buttons if b.get("label") not in ("Back", "Undo")]
            selects = picker.selects
            if selects:
                menu = selects[0]
                value = menu["options"][rng.randrange(len(menu["options"]))]["value"]
                r = await self.emu.select(user, picker, menu["custom_id"], [value])
            else:
                done = [b for b in buttons if b.get("label") == "Done"]
                options = done if done and rng.randrange(2) else buttons
                pick = options[rng.randrange(len(options))]
                r = await self.emu.press(user, picker, pick["custom_id"])
            answer = await finished(r)
            if submitted(answer):
                # The picker became "Sending ..."; the confirmation replaces it.
                return await sent(r, answer)
            picker = answer

    async def play_to_end(self, rng: Rng, *, buttons_every: int = 4, limit: int = 600) -> int:
        """Play until the game is over; every ``buttons_every``-th action uses the buttons."""
        for count in range(limit):
            game = await self.game()
            if game.outcome() is not None:
                return count
            prompt = game.pending()[0]
            user = self.user_for(game, prompt.seat)
            if buttons_every and count % buttons_every == 0:
                await self.play_with_buttons(user, rng)
            else:
                answer = await self.move(user, await self.pick_action(game, prompt.seat, rng))
                assert answer.content.startswith("✅"), answer.content
        raise AssertionError(f"no result after {limit} actions")
