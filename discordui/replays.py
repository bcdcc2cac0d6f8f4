"""The animated replay of a finished game as a Discord file (``/game replay`` and the result
post); the frames and the picture are :mod:`host.replay`'s.

The result post goes out at once with the last picture; its replay follows in a background
task that adds it to the post when drawn (:func:`attach_replay_later`), so neither the result
nor the last move's confirmation waits seconds for it. A task still drawing when the bot
stops is cancelled (the result post then simply has no replay; ``/game replay`` draws it).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from host.replay import Progress, replay_picture, turn_views
from host.service import Loaded

if TYPE_CHECKING:
    from discordui.client import TableBot

log = logging.getLogger(__name__)

#: The largest replay attached: below an unboosted server's 10 MiB upload limit, with room for
#: the table picture that goes with it in the result post.
ATTACH_LIMIT = 8 * 1024 * 1024


async def replay_bytes(
    bot: TableBot, game: Loaded, lang: str, progress: Progress | None = None
) -> tuple[bytes, str]:
    """The replay of ``game`` (over: UserError otherwise) and its file extension."""
    actions = await bot.store.actions(game.row.id)
    # Replaying a whole log is CPU work: off the event loop, like the drawing.
    views = await asyncio.to_thread(turn_views, game.engine, game.row, game.seats, actions)
    return await replay_picture(bot.renderer, views, lang, progress)


def attach_replay_later(bot: TableBot, post: discord.Message, game: Loaded, lang: str) -> None:
    """Draw ``game``'s replay in the background and add it to the result ``post``."""
    task = asyncio.create_task(_attach(bot, post, game, lang), name=f"replay-{game.row.id}")
    bot.background.add(task)
    task.add_done_callback(bot.background.discard)


async def _attach(bot: TableBot, post: discord.Message, game: Loaded, lang: str) -> None:
    file = await replay_file(bot, game, lang)
    if file is None:
        return
    try:
        await post.edit(attachments=[*post.attachments, file])
    except discord.HTTPException as exc:
        log.warning("could not add the replay to the result of game %s: %s", game.row.id, exc)


async def replay_file(bot: TableBot, game: Loaded, lang: str) -> discord.File | None:
    """The replay for the result post, or None when it cannot be made or is too large to
    attach (the post goes out without it; ``/game replay`` says why)."""
    try:
        data, ext = await replay_bytes(bot, game, lang)
    except Exception:  # a replay is a bonus: the result post must go out regardless
        log.exception("could not draw the replay of game %s", game.row.id)
        return None
    if len(data) > ATTACH_LIMIT:
        log.info("the replay of game %s is %d bytes: not attached", game.row.id, len(data))
        return None
    return discord.File(io.BytesIO(data), filename=f"{game.row.game}-{game.row.id}.{ext}")
