"""Answers to interactions: one way to reply, whatever was answered before, and refusals.

Every refusal reaches the user who caused it as an ephemeral sentence in their language, with
what they typed shortened (``host.text.echoed``) and the whole answer kept within Discord's
2,000 characters.
"""

from __future__ import annotations

from typing import Any

import discord

import locales
from discordui.i18n import user_lang
from host.errors import UserError
from host.text import clip, echoed
from rules.core import IllegalAction


async def reply(
    interaction: discord.Interaction[Any], text: str, *, ephemeral: bool = True, **kwargs: Any
) -> None:
    """An answer (ephemeral unless told), whether or not the interaction was already answered
    or deferred.

    After a "thinking" defer the first answer edits the placeholder, which keeps the defer's
    visibility (Discord deprecates filling it with a followup); later answers are followups.
    """
    text = clip(text)
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=ephemeral, **kwargs)
    elif _thinking(interaction):
        edits = {
            k: v for k, v in kwargs.items() if k in ("embed", "embeds", "view", "allowed_mentions")
        }
        if "file" in kwargs:
            edits["attachments"] = [kwargs["file"]]
        elif "files" in kwargs:
            edits["attachments"] = list(kwargs["files"])
        await interaction.edit_original_response(content=text, **edits)
        # Only once it is filled: after a failed edit the placeholder is still there.
        interaction.extras[_FILLED] = True
    else:
        await interaction.followup.send(text, ephemeral=ephemeral, **kwargs)


_FILLED = "tablehost_placeholder_filled"
#: Set on an interaction once its move was applied (``components.submit``).
APPLIED = "tablehost_move_applied"


def internal_error(interaction: discord.Interaction[Any]) -> str:
    """The apology for a failure of ours: a move already applied is not said to be undone."""
    key = "error.internal_after_move" if interaction.extras.get(APPLIED) else "error.internal"
    return locales.t(user_lang(interaction), key)


def _thinking(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction was deferred with a "thinking" placeholder not yet filled."""
    deferred = interaction.response.type is discord.InteractionResponseType.deferred_channel_message
    return deferred and not interaction.extras.get(_FILLED)


def refusal(lang: str, error: UserError | IllegalAction, game: str | None = None) -> str:
    """The sentence of a refusal in ``lang``, with what the user typed shortened; an engine's
    refusal in ``game``'s words."""
    params = echoed(error.params)
    if isinstance(error, IllegalAction):
        text = locales.error_text(lang, error.code, params, game=game)
    else:
        text = locales.t(lang, f"error.{error.code}", **params)
    return "⚠️ " + text


async def send_error(
    interaction: discord.Interaction[Any], error: UserError | IllegalAction, game: str | None = None
) -> None:
    """Explain a refusal to the user who caused it, in their language."""
    await reply(interaction, refusal(user_lang(interaction), error, game))
