"""The table post's text and picture: header, recent events, who must act (or the result).

Made from the public view and public events only; ``discordui.publish`` posts them in the
game's thread and ``/board`` shows them privately.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import locales
from host import text
from host.bots import seat_name
from host.service import Loaded
from rules.views import View

if TYPE_CHECKING:
    from discordui.client import TableBot


def mention_of(game: Loaded) -> Any:
    """A function seat -> ``<@user>`` (``🤖 handle`` for a bot seat; else the handle)."""

    def mention(seat: int) -> str:
        return seat_name(game.user_of(seat), game.handles[seat])

    return mention


#: How many of the view's recent events a table post tells.
RECENT_LINES = 6


def table_content(
    lang: str,
    game: Loaded,
    view: View,
    answered: frozenset[int] = frozenset(),
    standing: Sequence[str] = (),
) -> str:
    """Header, recent events, then who must act now (or the result). The seats in
    ``answered`` have standing answers the host applies at once (``host.standing``): named,
    never mentioned; ``standing`` says which recent moves were such answers."""
    mention = mention_of(game)
    lines = [f"**{text.game_title(lang, game.row.game, game.row.id)}**"]
    lines += [f"• {line}" for line in text.recent_lines(lang, view, RECENT_LINES)]
    lines += [f"🔁 {line}" for line in standing]
    outcome = game.outcome()
    if outcome is not None:
        lines.append("")
        lines.append("🏁 " + locales.t(lang, "play.game_over"))
        lines += text.outcome_lines(lang, game.row.game, outcome, game.handles, mention)
    elif game.row.status == "paused":
        lines.append("⏸️ " + locales.t(lang, "play.paused"))
    elif game.row.status == "ended":
        lines.append("🛑 " + locales.t(lang, "play.ended"))
    else:
        # An offer names its seat without a mention: it must not notify anyone.
        lines += [
            ("🔁 " if p.seat in answered else "➡️ " if p.must else "💬 ")
            + text.prompt_line(
                lang,
                game.row.game,
                p,
                mention(p.seat) if p.must and p.seat not in answered else game.handles[p.seat],
            )
            for p in game.pending()
        ]
    return "\n".join(lines)[:2000]


#: Discord's limit on an attachment's description, the alt text read out in its place.
ALT_TEXT_MAX = 1024


async def table_file(bot: TableBot, view: View, lang: str, key: str | None = None) -> discord.File:
    """The public table image (rendered off the event loop: it takes tens of milliseconds),
    described by its alt text for whoever cannot see it; ``key``: the view's
    ``host.rendering.picture_key``, if the caller has it."""
    png = await bot.renderer.table(view, lang, key)
    alt = text.clip(bot.renderer.table_alt(view, lang), ALT_TEXT_MAX)
    return discord.File(io.BytesIO(png), filename="table.png", description=alt)
