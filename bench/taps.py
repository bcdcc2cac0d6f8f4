"""Taps per move on a phone: ``python -m bench.taps GAME [--games N] [--seed S] [--turns R]``.

Plays whole two-player games through the emulator with buttons and menus only, as a player on
a phone does: "Act" on the table post, then the picker's buttons (random legal choices, never
Back or Undo) until the move is sent; when the confirmation already shows the next step of the
turn (and nobody acted since), the player goes on there instead of pressing "Act" again. Every
press and every menu choice is a tap. Prints one JSON line: moves, taps, taps per move, and
how many moves needed the table post's "Act" (docs/phone-play.md has the numbers).

With ``--turns R`` it measures typical turns instead: for the first R rounds of each game the
heuristic player (``greedy_choice``, as self-play and ``bench pace``) decides each move, and the
player taps the shortest way to it: Act (unless the confirmation already shows the next step),
then at each step the button or menu option that goes furthest along the move (Done when it is
whole), and the button that confirms a question (``Choice.ask``). A *turn* is the taps of one
seat from its first tap until another seat must act; they are reported by the kind of decision
that began them (``turn`` for a Clash turn of three actions), with the actions they made.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from discordui.client import TableBot
from discordui.paths import Route
from host.config import Config
from host.service import Loaded
from playground import (
    Channel,
    Emulator,
    FakeUser,
    InteractionResult,
    Message,
    restore_discord,
    running_bot,
)
from rules.core import Rng
from rules.engine import HasGreedy, HasGreedyStop
from rules.selfplay import random_action
from store import SqliteStore, Store

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
        # A refusal has no buttons; a question (``Choice.ask``) has the choice again and Back.
        if answer.content.startswith("⌛") or not _picker(answer):
            raise RuntimeError(f"refused: {answer.content}")
        picker = answer


@contextlib.asynccontextmanager
async def _bench_bot() -> AsyncIterator[tuple[Emulator, TableBot, SqliteStore]]:
    """The bot on a fresh database, connected to an emulator, for one run."""
    emu = Emulator(deadline=3.0, rate_limits=False)
    await emu.start()
    emu.point_discord_here()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "taps.sqlite3"
        store = await SqliteStore.open(db)
        try:
            bot = TableBot(
                # No flood limits: the bench taps faster than any thumb.
                Config(db_path=str(db), render_workers=0, user_rate=0, server_rate=0),
                store,
                guild_ready_timeout=0.05,
            )
            async with running_bot(bot, emu):
                yield emu, bot, store
        finally:
            await store.close()
            restore_discord()
            await emu.stop()


async def _new_game(emu: Emulator, game: str, prefix: str) -> tuple[list[FakeUser], int, Channel]:
    """Two new users open, join and start a two-player ``game``: the users, its id, its
    thread."""
    users = [emu.add_user(f"{prefix}a"), emu.add_user(f"{prefix}b")]
    values = {"game": game, "seats": 2, "options": ""}
    lobby = await _answer(await emu.slash(users[0], "game new", options=values))
    game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
    await _answer(await emu.press(users[1], lobby, label="Join"))
    await _answer(await emu.press(users[0], lobby, label="Start"))
    thread = next(t for t in emu.threads if t.name.endswith(f"#{game_id}"))
    return users, game_id, thread


async def _act(emu: Emulator, thread: Channel, user: FakeUser) -> Message:
    """ "Act" on the newest table post: the picker's first step."""
    posts = [
        m
        for m in emu.messages(thread)
        if not m.ephemeral and any(b.get("label") == "Act" for b in m.buttons)
    ]
    return await _answer(await emu.press(user, posts[-1], label="Act"))


async def measure(game: str, games: int, seed: int) -> dict[str, Any]:
    taps, moves, acts = [0], 0, 0
    async with _bench_bot() as (emu, bot, _):
        for n in range(games):
            users, game_id, thread = await _new_game(emu, game, f"P{n}")
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
                    picker = await _act(emu, thread, user)
                    taps[0] += 1
                    acts += 1
                confirmation = await _move(emu, user, picker, rng, taps)
                moves += 1
                seq = (await bot.service.load(game_id)).seq
                flowing[user.id] = (confirmation, seq)
    return {
        "game": game,
        "games": games,
        "moves": moves,
        "taps": taps[0],
        "taps_per_move": round(taps[0] / max(moves, 1), 2),
        "act_presses": acts,
    }


async def _route(store: Store, custom_id: str, value: str | None = None) -> Route | None:
    """Where a picker component leads (None: not a step of the move, such as "Always")."""
    kind, _, rest = custom_id.partition(":")
    fields = rest.split(":")
    if kind == "c":
        return Route.of(fields[-1])
    if kind == "s" and value is not None:
        return Route.of(f"{fields[-1]} {value}")
    kept = fields[-1] if kind == "p" else value if kind == "q" else None
    if kept is None:
        return None
    row = await store.stored_path(int(kept))
    return None if row is None else Route.of(row.path, row.page)


async def _toward(
    emu: Emulator, store: Store, user: FakeUser, picker: Message, target: tuple[str, ...]
) -> tuple[Message, int]:
    """Tap the shortest way to ``target`` from ``picker``; the confirmation and the taps."""
    taps = 0
    while True:
        best: tuple[int, Any] | None = None
        for button in picker.buttons:
            route = await _route(store, button.get("custom_id", ""))
            if route is None or route.page or target[: len(route.parts)] != route.parts:
                continue
            # Done (or a question's confirmation) only once the move is whole.
            if route.submit and route.parts != target:
                continue
            reach = len(route.parts) + (1 if route.submit else 0)
            if best is None or reach > best[0]:
                best = (reach, ("press", button["custom_id"]))
        for menu in picker.selects:
            for option in menu["options"]:
                route = await _route(store, menu["custom_id"], option["value"])
                if route is None or target[: len(route.parts)] != route.parts:
                    continue
                if route.submit and route.parts != target:
                    continue  # sends a move the target goes on from
                reach = len(route.parts) + (1 if route.submit else 0)
                if best is None or reach > best[0]:
                    best = (reach, ("select", menu["custom_id"], option["value"]))
        if best is None:
            raise RuntimeError(f"no way to {' '.join(target)} from {picker.content!r}")
        how = best[1]
        if how[0] == "press":
            result = await emu.press(user, picker, how[1])
        else:
            result = await emu.select(user, picker, how[1], [how[2]])
        taps += 1
        answer = await _answer(result)

        if answer.content.startswith("⏳"):
            return await _settled(result, answer), taps
        # A refusal has no buttons; a question (``Choice.ask``) has the choice again.
        if answer.content.startswith("⌛") or not (answer.buttons or answer.selects):
            raise RuntimeError(f"refused: {answer.content}")
        picker = answer


async def measure_turns(game: str, games: int, seed: int, rounds: int) -> dict[str, Any]:
    """Typical turns (module docstring): taps and actions by the kind that began them."""
    turns: dict[str, list[tuple[int, int]]] = {}
    actions: dict[str, list[int]] = {}  # taps of each move by its first token (Act apart)
    async with _bench_bot() as (emu, bot, store):
        for n in range(games):
            users, game_id, thread = await _new_game(emu, game, f"T{n}")
            rng = Rng(seed + n)
            flowing: dict[int, tuple[Message, int]] = {}
            current: tuple[int, str, list[int]] | None = None  # seat, kind, [taps, moves]
            while True:
                loaded = await bot.service.load(game_id)
                if loaded.outcome() is not None or _round(loaded) > rounds:
                    break
                prompt = next(p for p in loaded.pending() if p.must)
                seat = prompt.seat
                if current is None or current[0] != seat:
                    if current is not None:
                        turns.setdefault(current[1], []).append((current[2][0], current[2][1]))
                    current = (seat, prompt.kind, [0, 0])
                user = next(u for u in users if u.id == loaded.user_of(seat))
                target = _typical(loaded, seat, rng)
                kept = flowing.pop(user.id, None)
                picker = kept[0] if kept and kept[1] == loaded.seq else None
                if picker is None or not _picker(picker):
                    picker = await _act(emu, thread, user)
                    current[2][0] += 1
                confirmation, taps = await _toward(emu, store, user, picker, target)
                actions.setdefault(target[0], []).append(taps)
                current[2][0] += taps
                current[2][1] += 1
                flowing[user.id] = (confirmation, (await bot.service.load(game_id)).seq)
            if current is not None:
                turns.setdefault(current[1], []).append((current[2][0], current[2][1]))
    return {
        "game": game,
        "games": games,
        "rounds": rounds,
        "by_kind": {
            kind: {
                "turns": len(found),
                "taps_per_turn": round(sum(t for t, _ in found) / len(found), 2),
                "moves_per_turn": round(sum(m for _, m in found) / len(found), 2),
                "taps_min": min(t for t, _ in found),
                "taps_max": max(t for t, _ in found),
            }
            for kind, found in sorted(turns.items(), key=lambda kv: -len(kv[1]))
        },
        "taps_per_move_by_action": {
            head: round(sum(found) / len(found), 2)
            for head, found in sorted(actions.items(), key=lambda kv: -len(kv[1]))
            if len(found) >= 5
        },
    }


def _typical(game: Loaded, seat: int, rng: Rng) -> tuple[str, ...]:
    """The heuristic player's next move, walked as self-play walks it, but never a trade
    offer (which it makes now and then: a typical turn is made of actions, and an offer's
    taps are the offer's)."""
    engine = game.engine
    if not isinstance(engine, HasGreedy):
        return tuple(random_action(engine, game.state, seat, rng).split())
    prefix: list[str] = []
    while True:
        options = engine.choices(game.state, seat, prefix)
        if not prefix:
            options = [o for o in options if o.token != "trade"] or options
        choice = options[engine.greedy_choice(game.state, seat, prefix, options, rng)]
        prefix.append(choice.token)
        if choice.complete and not (choice.more and _goes_on(engine, game, seat, prefix, rng)):
            return tuple(prefix)


def _goes_on(engine: Any, game: Loaded, seat: int, prefix: list[str], rng: Rng) -> bool:
    if isinstance(engine, HasGreedyStop):
        return not engine.greedy_stop(game.state, seat, prefix, rng)
    return bool(rng.randrange(2))


def _round(game: Loaded) -> int:
    """The game's round (Clash's ``round``; games without rounds count one)."""
    return int(getattr(game.state, "round", 1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.taps", description=__doc__)
    parser.add_argument("game", help="civ, stoneage or clash")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--turns", type=int, default=0, metavar="R", help="typical turns of the first R rounds"
    )
    args = parser.parse_args(argv)
    if args.turns:
        found = asyncio.run(measure_turns(args.game, args.games, args.seed, args.turns))
    else:
        found = asyncio.run(measure(args.game, args.games, args.seed))
    print(json.dumps(found), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
