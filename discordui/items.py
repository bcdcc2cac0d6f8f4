"""The base of every button and menu: answered once, and always answered.

Every component is a ``discord.ui.DynamicItem`` whose custom id carries what its callback
needs (see discordui/components.py). discord.py logs and drops an exception raised in a
dynamic item's callback, which leaves the user's client spinning until "This interaction
failed"; :class:`GameItem` turns refusals into the user's message and anything else into an
apology.
A custom id that no item takes (an old format, or forged by a modified client) is answered by
:func:`answer_unknown`.
"""

from __future__ import annotations

import logging
from typing import Any, TypeVar

import discord

import locales
from discordui.client import TableBot, admitted
from discordui.i18n import user_lang
from discordui.replies import internal_error, reply, send_error
from host.errors import UserError
from rules.core import IllegalAction

log = logging.getLogger(__name__)

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])

#: Game ids and sequence numbers in custom ids: ASCII digits, at most what SQLite stores.
ID = r"[0-9]{1,18}"


class GameItem(discord.ui.DynamicItem[ItemT], template=r"(?!)"):
    """Subclasses give their own ``template`` and implement :meth:`run`."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        client = interaction.client
        if not isinstance(client, TableBot):
            return True
        return client.deliveries.first(interaction.id) and await admitted(client, interaction)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.run(interaction)
        except (UserError, IllegalAction) as exc:
            await send_error(interaction, exc)
        except Exception:
            log.exception("component %s failed", self.custom_id)
            await apologise(interaction)

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        """What the press does."""
        raise NotImplementedError


def selected_value(interaction: discord.Interaction[Any]) -> str:
    """The first value chosen in a select menu ("" if none)."""
    data: Any = interaction.data or {}
    values = data.get("values") or []
    return str(values[0]) if values else ""


async def apologise(interaction: discord.Interaction[Any]) -> None:
    """The "something went wrong" answer, unless the failure was in answering itself."""
    try:
        await reply(interaction, internal_error(interaction))
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


async def answer_unknown(bot: TableBot, interaction: discord.Interaction[Any]) -> None:
    """Answer a component press that no item of ours handles (called for every interaction)."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    ours = any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in bot.items)
    # discord.py only calls an item whose custom id is on the message pressed.
    if ours and _on_message(interaction.message, custom_id):
        return
    if not bot.deliveries.first(interaction.id):
        return
    log.info("unknown custom id %.100r", custom_id)
    await reply(interaction, "⌛ " + locales.t(user_lang(interaction), "error.stale"))


def _on_message(message: discord.Message | None, custom_id: str) -> bool:
    """Whether ``message`` has a component with ``custom_id``."""
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False
