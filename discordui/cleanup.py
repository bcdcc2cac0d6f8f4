"""Closing what nobody uses: lobbies nobody starts and games nobody plays.

Both get a warning first (``[timers] cleanup_warning`` before the end). A game's idle clock
is re-armed by every move, resignation or resume (:mod:`host.planner`), which cancels the
warning and the end; notes only restamp them. A lobby is closed
``[timers] lobby_cleanup`` after it was opened unless it started. Warnings and ends of games
are notes in the game's log; lobbies have no log, so only their message tells.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import locales
from discordui.lobbies import refresh_lobby
from discordui.reminders import active_seats, once, post_in_thread
from host import text
from host.bots import is_bot
from host.errors import UserError
from host.planner import IDLE_END, LOBBY_END, current_game
from host.prefs import duration_text
from host.rows import NewTimer, TimerRow
from host.service import Loaded
from host.timing import format_duration

if TYPE_CHECKING:
    from discordui.client import TableBot

log = logging.getLogger(__name__)


class Cleanup:
    """Handlers of the idle-game and lobby timers."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    async def _idle_game(self, timer: TimerRow) -> Loaded | None:
        """The game if nobody has done anything since the timer was set, else None."""
        return await current_game(self.bot, timer, paused_too=True)

    async def idle_warning(self, timer: TimerRow) -> None:
        game = await self._idle_game(timer)
        if game is None:
            return
        bot = self.bot
        warning = bot.config.cleanup_warning
        try:
            noted = await bot.service.note(
                game.row.id, None, f"idle_warning {format_duration(warning)}", expected_seq=game.seq
            )
        except UserError:
            return  # someone moved in the meantime
        await bot.timers.add(
            NewTimer(game.row.id, IDLE_END, bot.clock.now() + warning, seq=noted.seq)
        )
        lang = await bot.public_lang(game.row.guild_id)
        players = [
            f"<@{u}>"
            for s in await active_seats(bot, game)
            if (u := game.user_of(s)) and not is_bot(u)
        ]
        content = "⚠️ " + locales.t(
            lang,
            "timers.idle_warning",
            who=players,
            game=text.game_title(lang, game.row.game, game.row.id),
            left=duration_text(lang, warning),
        )
        await post_in_thread(bot, game, content)

    async def idle_end(self, timer: TimerRow) -> None:
        game = await self._idle_game(timer)
        if game is None:
            return
        bot = self.bot
        try:
            await bot.service.note(
                game.row.id, None, "idle_end", status="ended", expected_seq=game.seq
            )
        except UserError:
            return
        lang = await bot.public_lang(game.row.guild_id)
        idle = bot.config.game_cleanup or bot.config.cleanup_warning
        content = "🧹 " + locales.t(
            lang,
            "timers.idle_end",
            game=text.game_title(lang, game.row.game, game.row.id),
            idle=duration_text(lang, idle),
        )
        await post_in_thread(bot, game, content)
        await bot.announce(game.row.id)

    async def lobby_warning(self, timer: TimerRow) -> None:
        bot = self.bot
        row = await bot.store.get_game(timer.game_id)
        if row is None or row.status != "lobby":
            return
        warning = bot.config.cleanup_warning
        await bot.timers.add(NewTimer(row.id, LOBBY_END, bot.clock.now() + warning))
        lang = await bot.public_lang(row.guild_id)
        content = "⚠️ " + locales.t(
            lang,
            "timers.lobby_warning",
            who=f"<@{row.created_by}>",
            game=text.game_title(lang, row.game, row.id),
            left=duration_text(lang, warning),
        )
        channel = bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        await channel.send(content, **once())

    async def lobby_end(self, timer: TimerRow) -> None:
        bot = self.bot
        # Under the game's lock: a start (which takes it too) cannot slip in between.
        async with bot.service.lock(timer.game_id):
            row = await bot.store.get_game(timer.game_id)
            if row is None or row.status != "lobby":
                return
            await bot.store.update_game(row.id, status="cancelled")
        await refresh_lobby(bot, await bot.service.load(row.id), None)
        lang = await bot.public_lang(row.guild_id)
        age = bot.config.lobby_cleanup or bot.config.cleanup_warning
        content = "🧹 " + locales.t(
            lang,
            "timers.lobby_end",
            game=text.game_title(lang, row.game, row.id),
            age=duration_text(lang, age),
        )
        channel = bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        await channel.send(content, **once())
