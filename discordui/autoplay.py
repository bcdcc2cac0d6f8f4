"""The bot playing its seats: it answers its prompts by itself, shortly after they appear.

After every recorded change (:meth:`host.service.GameService.on_change`) a game whose prompts
include a bot seat (:func:`host.bots.is_bot`) gets a task, outside the game's lock, that waits
:attr:`BotSeats.delay` seconds and then moves for the prompted bot seats one action at a time
through :meth:`GameService.act` (the bot's negative user id, ``expected_seq`` of the state it
chose on) and publishes each move like a player's. One task per game: a change while it runs
only marks the game to be looked at again. A move refused as ``stale`` is chosen again on the
new state; a move that fails otherwise is logged and retried after growing pauses
(:attr:`BotSeats.retry_delays`), then left until the next change or restart, so nothing spins.
At start every running game with a prompted bot seat is resumed.

The delays are real time, not the bot's clock: they only keep the bot from answering within
the same instant, and game time (deadlines, reminders) never applies to bot seats.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from discord.ext import commands

from host import standing
from host.bots import choose_action, is_bot, move_rng
from host.errors import UserError
from host.service import ActResult, Change, Loaded
from host.set_aside import GameSetAside
from rules.core import IllegalAction, deciding
from rules.engine import HasStanding

if TYPE_CHECKING:
    from discordui.client import TableBot

log = logging.getLogger(__name__)

#: Seconds between a prompt reaching a bot seat and the bot's move (tests make it shorter).
MOVE_DELAY = 0.5


def bot_seats_prompted(game: Loaded) -> list[int]:
    """The bot seats the game waits for, in seat order (none unless the game is running; a
    bot leaves the offers it may take up alone)."""
    if game.row.status != "running" or game.state is None or game.outcome() is not None:
        return []
    return sorted(s for s in deciding(game.pending()) if is_bot(game.user_of(s)))


class BotSeats(commands.Cog):
    """Plays the bot seats of every game."""

    def __init__(
        self,
        bot: TableBot,
        *,
        delay: float | None = None,
        retry_delays: Sequence[float] = (5.0, 30.0, 120.0, 600.0),
    ) -> None:
        self.bot = bot
        #: Seconds between a prompt reaching a bot seat and the bot's move.
        self.delay = MOVE_DELAY if delay is None else delay
        #: Pauses before retrying after a failed move; after the last one the game waits for
        #: its next change (or a restart).
        self.retry_delays = tuple(retry_delays)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()

    async def changed(self, change: Change) -> None:
        """The change hook: a game that now asks a bot seat, or a player whose standing
        answer fits their prompt, gets its task."""
        game = change.game
        if change.kind == "undo" and isinstance(game.engine, HasStanding):
            # A standing answer taken back is switched off first: its player wants to decide.
            await standing.turn_off_undone(self.bot.store, game.row.id)
        if bot_seats_prompted(game) or await self._standing_due(game) is not None:
            self.schedule(game.row.id)

    async def _standing_due(self, game: Loaded) -> standing.Due | None:
        if game.state is None or not isinstance(game.engine, HasStanding):
            return None
        return standing.due(game, await self.bot.store.game_settings(game.row.id))

    def schedule(self, game_id: int) -> None:
        """Look at ``game_id`` soon and move for its prompted bot seats (idempotent)."""
        self._dirty.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"bot-{game_id}")

    async def resume(self) -> int:
        """At start: schedule every running game of the servers this process serves where a
        bot seat is asked; returns how many. A game that cannot be loaded is skipped (it is
        set aside)."""
        count = 0
        for row in await self.bot.store.games_with_status(("running",)):
            if not self.bot.serves(row.guild_id):
                continue
            try:
                game = await self.bot.service.load(row.id)
            except GameSetAside:
                continue
            if bot_seats_prompted(game) or await self._standing_due(game) is not None:
                self.schedule(row.id)
                count += 1
        return count

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until no bot task is running (for tests and for a clean shutdown)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while any(not t.done() for t in self._tasks.values()):
            if loop.time() > end:
                raise TimeoutError("bot seats still busy")
            await asyncio.sleep(0.01)

    async def cog_unload(self) -> None:
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    async def _run(self, game_id: int) -> None:
        failures = 0
        try:
            while True:
                pause = self.delay if failures == 0 else self.retry_delays[failures - 1]
                await asyncio.sleep(pause)
                # Cleared before reading the game: a change from now on means "look again".
                self._dirty.discard(game_id)
                try:
                    moved = await self.move_once(game_id)
                except Exception:
                    failures += 1
                    log.exception("bot move in game %s failed (attempt %s)", game_id, failures)
                    if failures > len(self.retry_delays):
                        log.error("bot seats of game %s wait for the next change", game_id)
                        return
                    continue
                failures = 0
                if not moved and game_id not in self._dirty:
                    return
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]

    async def move_once(self, game_id: int) -> bool:
        """One action for the first prompted bot seat; False when none is asked (or the game
        cannot take moves now). A move refused as stale counts as done: the next round looks
        at the new state."""
        service = self.bot.service
        game = await service.load(game_id)
        answer = await self._standing_due(game)
        if answer is not None:
            return await self._answer_standing(game, answer)
        seats = bot_seats_prompted(game)
        if not seats:
            return False
        seat = seats[0]
        user_id = game.user_of(seat)
        assert user_id is not None
        action = choose_action(
            game.engine, game.state, seat, move_rng(game.row.seed, game.seq, seat)
        )
        if action is None:
            raise RuntimeError(f"no action for bot seat {seat} of game {game_id}")
        try:
            result = await service.act(game_id, user_id, action, expected_seq=game.seq)
        except UserError as exc:
            if exc.code == "stale":
                return True
            log.info("bot move in game %s refused: %s", game_id, exc.code)
            return False
        try:
            await self.bot.announce(result.game.row.id)
        except Exception:
            # The move is recorded; a failed post must not make the bot play it again.
            log.exception("posting the bot's move in game %s failed", game_id)
        return True

    async def _answer_standing(self, game: Loaded, due: standing.Due) -> bool:
        """Apply a player's standing answer as their own move (a note before it says so);
        True when it was applied or someone moved first."""
        game_id = game.row.id
        try:
            await apply_standing(self.bot, game, due)
        except UserError as exc:
            if exc.code == "stale":
                return True
            log.info("standing answer in game %s refused: %s", game_id, exc.code)
            return False
        except IllegalAction as exc:
            log.error("standing answer %s in game %s refused: %s", due.standing, game_id, exc)
            return False
        return True


async def apply_standing(bot: TableBot, game: Loaded, due: standing.Due) -> ActResult:
    """Record ``due`` as its player's move, chosen on ``game`` as it is (the note
    ``standing @<handle> <label>`` first), and announce it. Raises what
    :meth:`GameService.act` raises."""
    result = await bot.service.act(
        game.row.id,
        due.user_id,
        due.standing.action,
        expected_seq=game.seq,
        note=due.note(game.handles[due.seat]),
        by_host=True,
    )
    try:
        await bot.announce(result.game.row.id)
    except Exception:
        log.exception("posting a standing answer in game %s failed", game.row.id)
    return result


def bot_seats_of(bot: TableBot) -> BotSeats | None:
    """The loaded :class:`BotSeats` cog, if any."""
    cog = bot.get_cog("BotSeats")
    return cog if isinstance(cog, BotSeats) else None


def bot_plays(bot: TableBot, game_id: int) -> None:
    """Ask the bot to look at a game where it was just given a seat."""
    players = bot_seats_of(bot)
    if players is not None:
        players.schedule(game_id)


async def play_turn_for(bot: TableBot, game_id: int, seat: int, *, limit: int = 100) -> int:
    """Play a human seat's waiting decisions with the bot's choices until the prompt leaves
    that seat (a skipped turn: the seat stays with its player). Returns the moves made."""
    made = 0
    while made < limit:
        game = await bot.service.load(game_id)
        user_id = game.user_of(seat)
        if (
            user_id is None
            or game.outcome() is not None
            or all(p.seat != seat for p in game.pending())
        ):
            break
        rng = move_rng(game.row.seed, game.seq, seat)
        action = choose_action(game.engine, game.state, seat, rng)
        if action is None:
            break
        try:
            result = await bot.service.act(game_id, user_id, action, expected_seq=game.seq)
        except UserError as exc:
            if exc.code == "stale":
                continue
            log.info("skipping a turn in game %s stopped: %s", game_id, exc.code)
            break
        made += 1
        await bot.announce(result.game.row.id)
    return made


async def start_bot_seats(bot: TableBot) -> BotSeats:
    """Add the :class:`BotSeats` cog, hook it to every change and resume waiting bot prompts.

    Called from an extension's setup (``cogs.deadlines``); this module is not an extension
    itself, so that every importer sees the same :class:`BotSeats` class.
    """
    players = BotSeats(bot)
    bot.service.on_change(players.changed)
    await bot.add_cog(players)
    await players.resume()
    return players
