"""Public posts in a game's thread: the table image, what happened, and who must act.

While the same seats stay prompted (a player playing a card and then using effects), the
current table message is edited in place; when the prompt moves to someone else a new message
is posted, which is what pings them. Only public views and public events are used here.

A game's image policy (``cogs.game_settings``) decides whether such an edit redraws the picture:
``every`` does, ``turn`` updates the text only, so a new picture comes with each new post.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord

import locales
from cogs import text
from cogs.bots import seat_name
from cogs.game_settings import image_policy
from cogs.service import ActResult, Loaded
from cogs.threads import in_thread

if TYPE_CHECKING:
    from cogs.client import TableBot

log = logging.getLogger(__name__)


def mention_of(game: Loaded) -> Any:
    """A function seat -> ``<@user>`` (``🤖 handle`` for a bot seat; else the handle)."""

    def mention(seat: int) -> str:
        return seat_name(game.user_of(seat), game.handles[seat])

    return mention


def table_content(lang: str, game: Loaded, view: dict[str, Any]) -> str:
    """Header, recent events, then who must act now (or the result)."""
    mention = mention_of(game)
    lines = [f"**{text.game_title(lang, game.row.game, game.row.id)}**"]
    lines += [f"• {line}" for line in text.recent_lines(lang, view)[-6:]]
    outcome = game.outcome()
    if outcome is not None:
        lines.append("")
        lines.append("🏁 " + locales.t(lang, "play.game_over"))
        lines += text.outcome_lines(lang, game.row.game, outcome, game.handles, mention)
    elif game.row.status == "paused":
        lines.append("⏸️ " + locales.t(lang, "play.paused"))
    else:
        lines += [
            "➡️ " + text.prompt_line(lang, game.row.game, p, mention(p.seat)) for p in game.pending()
        ]
    return "\n".join(lines)[:2000]


async def table_file(bot: TableBot, view: dict[str, Any], lang: str) -> discord.File:
    """The public table image (rendered off the event loop: it takes tens of milliseconds)."""
    png = await bot.renderer.table(view, lang)
    return discord.File(io.BytesIO(png), filename="table.png")


async def post_table(
    bot: TableBot, game: Loaded, *, new_message: bool, redraw: bool = True
) -> None:
    """Post (or edit) the table message in the game's thread.

    An edit without ``redraw`` changes the text and buttons but keeps the picture; a new
    message always has a fresh picture.
    """
    from cogs.components import table_view

    thread_id = game.row.thread_id
    if thread_id is None or game.state is None:
        return
    lang = await bot.public_lang(game.row.guild_id)
    view = game.engine.view(game.state, None)
    content = table_content(lang, game, view)
    buttons = None if game.outcome() is not None else table_view(lang, game)
    channel = bot.get_partial_messageable(thread_id)
    old = game.row.table_message_id
    if not new_message and old is not None:
        try:
            current = channel.get_partial_message(old)
            files = [await table_file(bot, view, lang)] if redraw else None

            async def edit() -> None:
                if files is not None:
                    for file in files:
                        file.reset()
                    await current.edit(content=content, attachments=files, view=buttons)
                else:
                    await current.edit(content=content, view=buttons)

            await in_thread(bot, thread_id, edit)
            return
        except discord.HTTPException:
            log.warning("could not edit table message %s of game %s", old, game.row.id)
    kwargs: dict[str, Any] = {"content": content, "file": await table_file(bot, view, lang)}
    if buttons is not None:
        kwargs["view"] = buttons
    try:
        message = await channel.send(**kwargs)
    except discord.HTTPException as exc:
        # The game is saved whatever Discord says (a permission removed, a locked thread);
        # the next post brings the table up to date, and /board shows it meanwhile.
        log.warning(
            "could not post the table of game %s in thread %s: %s", game.row.id, thread_id, exc
        )
        return
    await bot.store.update_game(game.row.id, table_message_id=message.id)


async def publish_result(bot: TableBot, result: ActResult) -> None:
    """After an accepted action: a new message when the prompt moved, else an edit."""
    before = {p.seat for p in result.before}
    after = {p.seat for p in result.after}
    moved = before != after or result.finished
    redraw = moved or await image_policy(bot.store, result.game.row.id) == "every"
    await post_table(bot, result.game, new_message=moved, redraw=redraw)


async def publish_restore(bot: TableBot, game: Loaded, key: str, **params: Any) -> None:
    """After an undo or rollback: say so in the thread (naming every seat), then post the
    table anew, which mentions whoever must act now."""
    thread_id = game.row.thread_id
    if thread_id is None:
        return
    lang = await bot.public_lang(game.row.guild_id)
    mention = mention_of(game)
    seats = ", ".join(mention(s.seat) for s in game.seats)
    line = "↩️ " + locales.t(lang, key, seats=seats, **params)
    await bot.get_partial_messageable(thread_id).send(line[:2000])
    await post_table(bot, game, new_message=True)
