"""Who may moderate: Manage Server, or the role named in the configuration, in the server the
interaction comes from; a game is moderated only from inside its own server (:func:`moderates`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """True for members with Manage Server or the configured moderator role in the server the
    interaction comes from (the only server whose roles Discord sends with it)."""
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    role_name = getattr(getattr(interaction.client, "config", None), "moderator_role", "")
    return bool(role_name) and any(r.name == role_name for r in member.roles)


def moderates(interaction: discord.Interaction[Any], guild_id: int) -> bool:
    """Whether the user moderates the server ``guild_id``: only from inside it, since the
    owner or a moderator of another server has those rights there, not here."""
    return interaction.guild_id == guild_id and is_moderator(interaction)


T = TypeVar("T")


def moderator_only() -> Callable[[T], T]:
    """An app-command check; failures reach the tree error handler as CheckFailure."""
    return app_commands.check(is_moderator)


#: What the bot needs in a channel to host a game there: the lobby message (with its embed),
#: the game's thread started from it, and table pictures posted in that thread.
GAME_CHANNEL_PERMISSIONS = (
    "view_channel",
    "send_messages",
    "embed_links",
    "read_message_history",
    "create_public_threads",
    "send_messages_in_threads",
    "attach_files",
)


def missing_for_game(interaction: discord.Interaction[Any], *, private: bool) -> list[str]:
    """The permissions (``discord.Permissions`` names) the bot lacks in the interaction's
    channel to host a game there; a private (invite-only) game needs Create Private Threads.

    ``app_permissions`` is what Discord says the bot has in that channel, overwrites included.
    """
    granted = interaction.app_permissions
    needed = [*GAME_CHANNEL_PERMISSIONS, *(("create_private_threads",) if private else ())]
    return [name for name in needed if not getattr(granted, name)]


def is_game_channel(interaction: discord.Interaction[Any]) -> bool:
    """Whether games can be opened here: a server's plain text channel, where a thread can be
    started from the lobby message (announcement channels, voice chats, forums, threads and
    DMs cannot hold our game threads)."""
    channel = interaction.channel
    return (
        interaction.guild_id is not None
        and channel is not None
        and getattr(channel, "type", None) is discord.ChannelType.text
    )
