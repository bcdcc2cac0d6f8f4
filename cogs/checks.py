"""Who may moderate: Manage Server, or the role named in the configuration."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """True for members with Manage Server or the configured moderator role."""
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    role_name = getattr(getattr(interaction.client, "config", None), "moderator_role", "")
    return bool(role_name) and any(r.name == role_name for r in member.roles)


T = TypeVar("T")


def moderator_only() -> Callable[[T], T]:
    """An app-command check; failures reach the tree error handler as CheckFailure."""
    return app_commands.check(is_moderator)
