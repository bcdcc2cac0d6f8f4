"""Reminders: a player who has not acted after their delay is mentioned once more.

The reminder goes to the game's thread, or as a direct message to players who asked for that
in ``/settings`` (falling back to the thread when Discord refuses the DM, e.g. because the user
blocks DMs from server members); a DM also tells what the others did since the player's last
move (``host.since``), which a public post cannot. During the player's quiet hours or vacation
it is postponed to their end. It is only sent while the same prompt is still waiting
(:func:`host.planner.current_game`).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord

import locales
from host import text
from host.bots import is_bot
from host.planner import REMINDER, current_game
from host.prefs import Prefs, load_prefs
from host.rows import NewTimer, TimerRow
from host.service import Loaded
from host.since import since_last_move
from host.timers import post_nonce

if TYPE_CHECKING:
    from discordui.client import TableBot

log = logging.getLogger(__name__)


def asked_text(lang: str, game: Loaded, seat: int) -> str:
    """What ``seat`` is asked to do now (``your turn: play a card``), from the engine's prompts."""
    return "; ".join(
        locales.t(lang, f"prompt.{game.row.game}.{p.kind}", **dict(p.params))
        for p in game.pending()
        if p.seat == seat
    )


def once() -> dict[str, Any]:
    """``send`` keywords for a message a timer handler posts: its nonce, so that a handler run
    again after its process died does not post it twice (:func:`host.timers.post_nonce`);
    none outside a handler."""
    nonce = post_nonce()
    return {} if nonce is None else {"nonce": nonce}


async def post_in_thread(bot: TableBot, game: Loaded, content: str) -> None:
    """A public message in the game's thread (nothing when it has none); posted once, even
    when a timer's handler runs again (:func:`once`)."""
    if game.row.thread_id is not None:
        channel = bot.get_partial_messageable(game.row.thread_id)
        await channel.send(content[:2000], **once())


async def active_seats(bot: TableBot, game: Loaded) -> list[int]:
    """Seats that have not resigned (read from the log: the same for every game)."""
    resigned = {a.seat for a in await bot.store.actions(game.row.id) if a.kind == "resign"}
    return [s.seat for s in game.seats if s.seat not in resigned]


async def send_dm(bot: TableBot, user_id: int, content: str) -> bool:
    """A direct message; False when Discord refuses it (blocked DMs, unknown user)."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(content[:2000], **once())
    except discord.HTTPException as exc:
        log.info("DM to %s failed (%s): reminding in the thread instead", user_id, exc.status)
        return False
    return True


class Reminders:
    """The handler of :data:`host.planner.REMINDER` timers."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    async def fire(self, timer: TimerRow) -> None:
        bot = self.bot
        game = await current_game(bot, timer)
        if game is None or timer.seat is None:
            return
        user = game.user_of(timer.seat)
        if user is None or is_bot(user):
            return
        prefs = await load_prefs(bot.store, user, bot.config.reminder_delay)
        later = await self.postponed_until(game, user, prefs)
        if later is not None:
            await bot.timers.add(
                NewTimer(game.row.id, REMINDER, later, seat=timer.seat, seq=game.seq)
            )
            return
        await self.send(game, timer.seat, user, prefs)

    async def postponed_until(self, game: Loaded, user_id: int, prefs: Prefs) -> datetime | None:
        """The end of the player's vacation or quiet hours, if either is on now."""
        now = self.bot.clock.now()
        later = prefs.quiet_until(now)
        away = await self.bot.store.vacation(game.row.id, user_id)
        if away is not None and away.until > now:
            later = max(later, away.until) if later is not None else away.until
            # The vacation may end inside the quiet hours: wait for those too.
            later = prefs.quiet_until(later) or later
        return later

    async def send(self, game: Loaded, seat: int, user_id: int, prefs: Prefs) -> None:
        bot = self.bot
        public = await bot.public_lang(game.row.guild_id)
        if prefs.dm:
            lang = prefs.language or public
            content = "⏰ " + locales.t(
                lang,
                "timers.reminder_dm",
                game=text.game_title(lang, game.row.game, game.row.id),
                what=asked_text(lang, game, seat),
                where=f"<#{game.row.thread_id or game.row.channel_id}>",
            )
            # A DM is private and in the player's language: what happened meanwhile fits.
            since = await since_last_move(bot.service, game, seat, lang)
            if since:
                content = text.clip(f"{content}\n\n{since}")
            if await send_dm(bot, user_id, content):
                return
        content = "⏰ " + locales.t(
            public,
            "timers.reminder",
            who=f"<@{user_id}>",
            game=text.game_title(public, game.row.game, game.row.id),
            what=asked_text(public, game, seat),
        )
        await post_in_thread(bot, game, content)
