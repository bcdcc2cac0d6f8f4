"""After an undo or a rollback: the table posts that show a move taken back are marked, the
thread is told (addressed to the other players), then the table post is brought up to date (a new
post, which mentions whoever must act now)."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING, Any

import discord

import locales
from discordui.tables import RECENT_LINES, mention_of
from discordui.threads import in_thread
from host import text
from host.bots import is_bot
from host.rows import restore_point
from host.service import Loaded
from host.takeback import TakenBack, shown_seqs, table_posts, taken_back_posts

if TYPE_CHECKING:
    from discordui.client import TableBot

log = logging.getLogger(__name__)


async def publish_restore(bot: TableBot, game: Loaded, key: str, **params: Any) -> None:
    """After an undo or rollback: mark the posts that show a move taken back, say so in the
    thread (addressed to the other players), then post the table anew, which mentions whoever
    must act now."""
    thread_id = game.row.thread_id
    if thread_id is None:
        return
    lang = await bot.public_lang(game.row.guild_id)
    await mark_taken_back(bot, game, lang)
    line = restore_line(lang, game, key, **params)
    await bot.get_partial_messageable(thread_id).send(line[: text.MESSAGE_LIMIT])
    await bot.announce(game.row.id)


def restore_line(lang: str, game: Loaded, key: str, **params: Any) -> str:
    """The thread's line after an undo or rollback: its sentence (``key``), addressed to the
    players it concerns (every player but ``who`` did it; a bot seat needs no telling).

    The addressed players are mentioned, so that whoever was asked to act learns it is no
    longer so."""
    mention = mention_of(game)
    others = [
        mention(s.seat)
        for s in game.seats
        if not is_bot(s.user_id) and mention(s.seat) != params.get("who")
    ]
    line = locales.t(lang, key, **params)
    if others:
        line = locales.t(lang, "play.addressed", seats=others, line=line)
    return "↩️ " + line


async def mark_taken_back(bot: TableBot, game: Loaded, lang: str) -> None:
    """Edit each remembered table post that shows a move the restore just took back: those
    moves struck through, and instead of who had to act, that the game goes on below (the
    picture stays). A post Discord refuses to edit is only logged."""
    thread_id = game.row.thread_id
    actions = await bot.store.actions(game.row.id)
    target = restore_point(actions[-1]) if actions else None
    if thread_id is None or target is None:
        return
    posts = shown_seqs(await table_posts(bot.store, game.row.id), actions[-1].seq)
    posts = [(message, shown) for message, shown in posts if shown > target]
    if not posts:
        return
    marked = await asyncio.to_thread(
        taken_back_posts, game.engine, game.row, game.seats, actions, posts
    )
    channel = bot.get_partial_messageable(thread_id)
    for post in marked:
        message = channel.get_partial_message(post.message_id)
        edit = functools.partial(
            message.edit, content=taken_back_content(lang, game, post), view=None
        )
        try:
            await in_thread(bot, thread_id, edit)
        except discord.HTTPException as exc:
            log.info(
                "could not mark message %s of game %s as taken back: %s",
                post.message_id,
                game.row.id,
                exc,
            )


def taken_back_content(lang: str, game: Loaded, post: TakenBack) -> str:
    """A table post's text as it was, the lines of the moves taken back struck through, and
    a last line saying so instead of who had to act."""
    view = game.engine.view(post.state, None)
    lines = [f"**{text.game_title(lang, game.row.game, game.row.id)}**"]
    told = list(zip(text.recent_lines(lang, view), post.struck, strict=True))[-RECENT_LINES:]
    lines += [f"• ~~{line}~~" if struck else f"• {line}" for line, struck in told]
    lines.append("↩️ " + locales.t(lang, "play.taken_back_post"))
    return "\n".join(lines)[: text.MESSAGE_LIMIT]
