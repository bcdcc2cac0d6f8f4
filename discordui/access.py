"""Which games an interaction may reach, and who may join and follow them.

**Server scoping.** Every game number a user types and every game id in a custom id is looked
up with :func:`game_here`: a game of another server is answered exactly like an unknown
number (``unknown_game``), so whether it exists does not leak, and moderator rights count only
inside the game's own server (:func:`discordui.checks.moderates`).

A spectator (anyone without a seat) sees what every public post shows: ``/board`` and ``/log``
are made from public views and events, and ``/hand`` refuses. An invite-only game narrows who
that is: only its creator and invited users may take a seat, its thread is a private thread
holding the players and the invited, ``/board``, ``/log`` and ``/game export`` refuse anyone
else, and ``/game list`` and the game autocompletes leave it out for them (moderators of its
server excepted).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from discordui.checks import moderates
from discordui.threads import ARCHIVE_AFTER_MINUTES, in_thread
from host.errors import UserError
from host.lobbies import Actor
from host.rows import GameRow
from host.service import Loaded
from host.set_aside import GameSetAside

if TYPE_CHECKING:
    from discordui.client import TableBot


async def game_here(bot: TableBot, interaction: discord.Interaction[Any], game_id: int) -> Loaded:
    """The game ``game_id`` if it belongs to the interaction's server; raises
    UserError(unknown_game) otherwise, the same answer as for a number no game has."""
    try:
        game = await bot.service.load(game_id)
    except GameSetAside as exc:
        # Only the game's own server learns that it is set aside.
        if exc.entry.guild_id is None or exc.entry.guild_id != interaction.guild_id:
            raise UserError("unknown_game", game=game_id) from None
        raise
    if interaction.guild_id is None or game.row.guild_id != interaction.guild_id:
        raise UserError("unknown_game", game=game_id)
    return game


async def may_follow(bot: TableBot, row: GameRow, interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may see this game at all (:meth:`host.lobbies.Lobbies.may_follow`);
    never a game of another server."""
    if row.guild_id != interaction.guild_id:
        return False
    actor = Actor(interaction.user.id, moderates(interaction, row.guild_id))
    return await bot.lobbies.may_follow(row, actor)


async def followed(
    bot: TableBot,
    rows: Iterable[GameRow],
    interaction: discord.Interaction[Any],
    *,
    limit: int | None = None,
) -> list[GameRow]:
    """The rows the user may see (:func:`may_follow`), in the given order; at most ``limit``
    (an autocomplete shows 25, and need not check the rest)."""
    found: list[GameRow] = []
    for row in rows:
        if limit is not None and len(found) >= limit:
            break
        if await may_follow(bot, row, interaction):
            found.append(row)
    return found


async def check_may_follow(
    bot: TableBot, game: Loaded, interaction: discord.Interaction[Any]
) -> None:
    """Raises UserError(invite_only_game) when the user may not read this game's table, log
    or transcript."""
    if not await may_follow(bot, game.row, interaction):
        raise UserError("invite_only_game", game=game.row.id)


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
