"""After an undo or a rollback: say so in the game's thread, naming every seat, then bring
the table post up to date (a new post, which mentions whoever must act now)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import locales
from discordui.tables import mention_of
from host.service import Loaded

if TYPE_CHECKING:
    from discordui.client import TableBot


async def publish_restore(bot: TableBot, game: Loaded, key: str, **params: Any) -> None:
    """After an undo or rollback: say so in the thread (naming every seat), then post the
    table anew, which mentions whoever must act now."""
    thread_id = game.row.thread_id
    if thread_id is None:
        return
    lang = await bot.public_lang(game.row.guild_id)
    mention = mention_of(game)
    seats = [mention(s.seat) for s in game.seats]
    line = "↩️ " + locales.t(lang, key, seats=seats, **params)
    await bot.get_partial_messageable(thread_id).send(line[:2000])
    await bot.announce(game.row.id)
