"""A move that was applied is confirmed to its player, even when Discord cannot take the answer
at first.

The move is saved before it is confirmed, so a failed answer loses nothing of the game; but the
player would be left on "thinking..." and could believe the move failed. An answer Discord
refuses for a passing reason (a rate limit longer than discord.py waits, a server error, the
network) is sent again in the background, waiting longer each time, for as long as the
interaction's token lasts (15 minutes).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord

from discordui.client import TableBot

log = logging.getLogger(__name__)

#: Seconds before the first retry, doubled after each failure up to the longest.
FIRST_RETRY, LONGEST_RETRY = 1.0, 60.0


def passing(exc: BaseException) -> bool:
    """Whether Discord refused for a reason that may be gone in a moment."""
    if isinstance(exc, discord.RateLimited | discord.DiscordServerError):
        return True
    if isinstance(exc, discord.HTTPException):
        return exc.status == 429
    return isinstance(exc, aiohttp.ClientError | TimeoutError)


async def confirm(
    bot: TableBot,
    interaction: discord.Interaction[Any],
    send: Callable[[], Awaitable[None]],
    *,
    first_retry: float = FIRST_RETRY,
) -> None:
    """Send an answer with ``send``; if Discord cannot take it now, keep trying in the
    background while the interaction's token is valid. Other failures are raised."""
    try:
        await send()
        return
    except Exception as exc:
        if not passing(exc):
            raise
        log.warning("answer to interaction %s failed (%s); retrying", interaction.id, exc)
    task = asyncio.create_task(_retry(interaction, send, first_retry))
    bot.background.add(task)
    task.add_done_callback(bot.background.discard)


async def _retry(
    interaction: discord.Interaction[Any],
    send: Callable[[], Awaitable[None]],
    wait: float,
) -> None:
    while True:
        await asyncio.sleep(wait)
        if interaction.is_expired():
            log.warning("answer to interaction %s not delivered: its token expired", interaction.id)
            return
        try:
            await send()
        except Exception as exc:
            if not passing(exc):
                log.warning("answer to interaction %s not delivered: %s", interaction.id, exc)
                return
            wait = min(LONGEST_RETRY, wait * 2)
            continue
        log.info("answer to interaction %s delivered on a retry", interaction.id)
        return
