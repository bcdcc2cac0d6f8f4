"""Game threads on Discord: made to stay open as long as Discord allows, reopened when archived.

Discord archives a thread after ``auto_archive_duration`` minutes without a message (a week
at most). A new message from the bot unarchives it by itself, but an edit, a reaction or
adding a member is refused with code 50083 until it is unarchived, which needs no more than
the Send Messages in Threads permission the bot has (``docs/real-server.md``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Final, Literal, TypeVar

import discord

if TYPE_CHECKING:
    from discordui.client import TableBot

#: Minutes of inactivity before Discord archives a game thread: the longest it allows.
ARCHIVE_AFTER_MINUTES: Final[Literal[10080]] = 10080
#: Discord's error code for an operation on an archived thread.
THREAD_ARCHIVED = 50083

T = TypeVar("T")


async def reopen(bot: TableBot, thread_id: int) -> None:
    """Unarchive a thread (the bot is allowed to whenever the thread is not locked)."""
    await bot.http.edit_channel(thread_id, archived=False)


async def open_public_thread(bot: TableBot, channel_id: int, name: str) -> int:
    """A public thread in a text channel without a starter message; returns its id.

    ``TextChannel.create_thread`` always sends ``invitable``, which Discord documents for
    private threads only, so the route is called here with the public thread's fields alone.
    """
    route = discord.http.Route("POST", "/channels/{channel_id}/threads", channel_id=channel_id)
    payload = {
        "name": name,
        "type": discord.ChannelType.public_thread.value,
        "auto_archive_duration": ARCHIVE_AFTER_MINUTES,
    }
    created = await bot.http.request(route, json=payload)
    return int(created["id"])


async def in_thread(bot: TableBot, thread_id: int, call: Callable[[], Awaitable[T]]) -> T:
    """Run ``call`` (an edit, adding a member...); if the thread turns out archived, unarchive
    it and run ``call`` once more."""
    try:
        return await call()
    except discord.HTTPException as exc:
        if exc.code != THREAD_ARCHIVED:
            raise
    await reopen(bot, thread_id)
    return await call()
