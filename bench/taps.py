"""Taps per move on a phone: ``python -m bench.taps GAME [--games N] [--seed S]``.

Plays whole two-player games through the emulator with buttons and menus only, as a player on
a phone does: "Act" on the table post, then the picker's buttons (random legal choices, never
Back or Undo) until the move is sent; when the confirmation already shows the next step of the
turn (and nobody acted since), the player goes on there instead of pressing "Act" again. Every
press and every menu choice is a tap. Prints one JSON line: moves, taps, taps per move, and
how many moves needed the table post's "Act" (docs/phone-play.md has the numbers).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from discordui.client import TableBot
from host.config import Config
from playground import Emulator, FakeUser, InteractionResult, Message, restore_discord, running_bot
from rules.core import Rng
from store import SqliteStore

TIMEOUT = 20.0
#: Labels a player does not press to make a move (both languages' users play here in English).
SKIPPED = ("Back", "Undo", "Previous", "Next")


async def _answer(result: InteractionResult) -> Message:
    await result.done(TIMEOUT)
    if result.error:
        raise RuntimeError(f"{result!r}: {result.error}")
    return (await result.wait_for_messages(1, timeout=TIMEOUT))[-1]


async def _settled(result: InteractionResult, message: Message) -> Message:
    """After "Sending ...": the confirmation, in the same message or (in older versions of
    the bot) as a message of its own."""
    end = time.monotonic() + TIMEOUT
    while message.content.startswith("⏳") and len(result.messages) < 2:
        if time.monotonic() > end:
            raise TimeoutError(f"{result!r}: no confirmation")
        await asyncio.sleep(0.01)
    return result.messages[-1] if len(result.messages) >= 2 else message


def _picker(message: Message) -> bool:
    """Whether a private message offers a next step (anything but Undo)."""
    return bool(message.selects) or any(b.get("label") not in SKIPPED for b in message.buttons)


async def _move(
    emu: Emulator, user: FakeUser, picker: Message, rng: Rng, taps: list[int]
) -> Message:
    """Tap through ``picker`` until the move is sent; the confirmation."""
    while True:
        if picker.selects:
            menu = picker.selects[0]
            value = menu["options"][rng.randrange(len(menu["options"]))]["value"]
            result = await emu.select(user, picker, menu["custom_id"], [value])
        else:
            buttons = [b for b in picker.buttons if b.get("label") not in SKIPPED]
            done = [b for b in buttons if b.get("label") == "Done"]
            options = done if done and rng.randrange(2) else buttons
            pick = options[rng.randrange(len(options))]
            result = await emu.press(user, picker, pick["custom_id"])
        taps[0] += 1
        answer = await _answer(result)
        if answer.content.startswith("⏳"):
            return await _settled(result, answer)
        if answer.content.startswith(("⚠️", "⌛")):
            raise RuntimeError(f"refused: {answer.content}")
        picker = answer


async def measure(game: str, games: int, seed: int) -> dict[str, Any]:
    emu = Emulator(deadline=3.0, rate_limits=False)
    await emu.start()
    emu.point_discord_here()
    taps, moves, acts = [0], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "taps.sqlite3"
        store = await SqliteStore.open(db)
        try:
            bot = TableBot(
                Config(db_path=str(db), render_workers=0), store, guild_ready_timeout=0.05
            )
            async with running_bot(bot, emu):
                for n in range(games):
                    users = [emu.add_user(f"P{n}a"), emu.add_user(f"P{n}b")]
                    values = {"game": game, "seats": 2, "options": ""}
                    lobby = await _answer(await emu.slash(users[0], "game new", options=values))
                    game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
                    await _answer(await emu.press(users[1], lobby, label="Join"))
                    await _answer(await emu.press(users[0], lobby, label="Start"))
                    thread = next(t for t in emu.threads if t.name.endswith(f"#{game_id}"))
                    rng = Rng(seed + n)
                    # A confirmation that shows the next step, and the game's seq it was for:
                    # once anyone else acted, its buttons are out of date (Act again).
                    flowing: dict[int, tuple[Message, int]] = {}
                    while (loaded := await bot.service.load(game_id)).outcome() is None:
                        seat = next(p.seat for p in loaded.pending() if p.must)
                        user = next(u for u in users if u.id == loaded.user_of(seat))
                        kept = flowing.pop(user.id, None)
                        picker = kept[0] if kept and kept[1] == loaded.seq else None
                        if picker is None or not _picker(picker):
                            posts = [
                                m
                                for m in emu.messages(thread)
                                if not m.ephemeral
                                and any(b.get("label") == "Act" for b in m.buttons)
                            ]
                            picker = await _answer(await emu.press(user, posts[-1], label="Act"))
                            taps[0] += 1
                            acts += 1
                        confirmation = await _move(emu, user, picker, rng, taps)
                        moves += 1
                        seq = (await bot.service.load(game_id)).seq
                        flowing[user.id] = (confirmation, seq)
        finally:
            await store.close()
            restore_discord()
            await emu.stop()
    return {
        "game": game,
        "games": games,
        "moves": moves,
        "taps": taps[0],
        "taps_per_move": round(taps[0] / max(moves, 1), 2),
        "act_presses": acts,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.taps", description=__doc__)
    parser.add_argument("game", help="civ, stoneage or clash")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.game, args.games, args.seed))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
