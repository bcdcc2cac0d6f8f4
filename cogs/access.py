"""Who may join and follow a game: everyone, or for an invite-only game the invited only.

A spectator (anyone without a seat) sees what every public post shows: ``/board`` and ``/log``
are made from public views and events, and ``/hand`` refuses. An invite-only game narrows who
that is: only its creator and invited users may take a seat, its thread is a private thread
holding the players and the invited, and ``/board`` and ``/log`` refuse anyone else (moderators
excepted, as Discord lets them see private threads anyway).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from cogs.bots import is_bot
from cogs.checks import is_moderator
from cogs.errors import UserError
from cogs.game_settings import is_invite_only
from cogs.service import Loaded
from cogs.threads import ARCHIVE_AFTER_MINUTES, in_thread
from store import GameRow

if TYPE_CHECKING:
    from cogs.client import TableBot


async def may_take_part(bot: TableBot, game: Loaded, user_id: int) -> bool:
    """Whether ``user_id`` may join or follow ``game`` (everyone, unless it is invite-only)."""
    if not await is_invite_only(bot.store, game.row.id):
        return True
    if user_id == game.row.created_by or game.seat_of(user_id) is not None:
        return True
    return user_id in await bot.store.invited(game.row.id)


async def check_may_join(bot: TableBot, game: Loaded, user_id: int) -> None:
    """Raises UserError(not_invited) for a join the game's invitations do not allow."""
    if not await may_take_part(bot, game, user_id):
        raise UserError("not_invited", game=game.row.id)


async def check_may_follow(
    bot: TableBot, game: Loaded, interaction: discord.Interaction[Any]
) -> None:
    """Raises UserError(invite_only_game) when the user may not read this game's table or log."""
    if is_moderator(interaction):
        return
    if not await may_take_part(bot, game, interaction.user.id):
        raise UserError("invite_only_game", game=game.row.id)


async def thread_members(bot: TableBot, game: Loaded) -> list[int]:
    """Everyone an invite-only game's thread holds: creator, human players, the invited."""
    people = [game.row.created_by, *(s.user_id for s in game.seats)]
    people += await bot.store.invited(game.row.id)
    return list(dict.fromkeys(p for p in people if not is_bot(p)))


async def open_private_thread(
    bot: TableBot, row: GameRow, name: str, members: Iterable[int]
) -> discord.Thread:
    """A private thread under the lobby's channel with ``members`` added (no one else sees it)."""
    parent = await bot.fetch_channel(row.channel_id)
    assert isinstance(parent, discord.TextChannel)
    thread = await parent.create_thread(
        name=name,
        type=discord.ChannelType.private_thread,
        invitable=False,
        auto_archive_duration=ARCHIVE_AFTER_MINUTES,
    )
    for user_id in members:
        await thread.add_user(discord.Object(user_id))
    return thread


async def add_to_thread(bot: TableBot, row: GameRow, user_id: int) -> None:
    """Let ``user_id`` read a running invite-only game's private thread."""
    if row.thread_id is None:
        return
    thread = bot.get_channel(row.thread_id) or await bot.fetch_channel(row.thread_id)
    assert isinstance(thread, discord.Thread)
    await in_thread(bot, thread.id, lambda: thread.add_user(discord.Object(user_id)))
