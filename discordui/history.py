"""``/log``: a game's history in sentences, a page at a time, oldest first, with Previous and
Next buttons (``h:<game>:<page>``) that page through it in the same private message.

Each reader sees what they may: the game is replayed and its events filtered for their seat
(spectators see public events only); an entry a later undo or rollback took back is struck
through. The log opens at its latest page.
"""

from __future__ import annotations

import re
from typing import Any

import discord

import locales
from discordui.access import check_may_follow, game_here
from discordui.actions import bot_of
from discordui.i18n import user_lang
from discordui.items import ID, GameItem
from host import text
from host.prefs import duration_text
from host.rows import ActionRow, taken_back
from host.standing import note_parts
from host.timing import OFF_WORDS, parse_duration
from rules.core import Event

#: Page numbers in a custom id (the command takes at most 1000).
PAGE = "[0-9]{1,4}"
#: The label key a ``standing`` note names (``clash.standing.keep_cities``).
STANDING_LABEL = re.compile(r"[a-z]+\.standing\.[a-z_]{1,20}")


def note_params(lang: str, verb: str, arg: str) -> tuple[str, dict[str, Any]]:
    """The message key and parameters of a log note ``<verb> <arg>``: the durations it holds
    (``vacation 3d``, ``deadline_set 30m end``) in ``lang``, a replacement's two players apart.

    >>> note_params("en", "deadline_set", "30m end")
    ('mod.note.deadline_set', {'arg': '30m end', 'turn': '30 minutes', 'policy': 'end'})
    >>> note_params("hu", "replace", "@bob → <@5>")
    ('mod.note.replace', {'arg': '@bob → <@5>', 'player': '@bob', 'substitute': '<@5>'})
    >>> note_params("en", "standing", "@ann clash.standing.keep_cities")[1]["answer"]
    'Keep my cities'
    """
    params: dict[str, Any] = {"arg": arg}
    if verb in ("idle_warning", "vacation"):
        params["arg"] = _duration(lang, arg)
    elif verb == "replace":
        player, _, substitute = arg.partition(" → ")
        params.update(player=player, substitute=substitute or "?")
    elif verb == "standing":
        player, label = note_parts(arg)
        answer = locales.t(lang, label) if STANDING_LABEL.fullmatch(label) else label
        params.update(player=player, answer=answer)
    elif verb == "deadline_set":
        if arg.strip().lower() in OFF_WORDS:
            return "mod.note.deadline_off", params
        length, _, policy = arg.partition(" ")
        params.update(turn=_duration(lang, length), policy=policy)
    return f"mod.note.{verb}", params


def _duration(lang: str, written: str) -> str:
    """A stored ``1d12h`` as ``1 day 12 hours`` in ``lang`` (as written if it is not one)."""
    try:
        return duration_text(lang, parse_duration(written))
    except ValueError:
        return written


def history_lines(
    lang: str, row: ActionRow, events: list[Event], seat: int | None, *, undone: bool = False
) -> list[str]:
    """One log entry as the reader (``seat``, None = spectator) may read it; an entry a later
    undo or rollback took back (``undone``) is struck through and marked so."""
    if row.kind == "note":
        verb, _, arg = row.text.partition(" ")
        who = f"<@{row.user_id}>" if row.user_id else "?"
        key, params = note_params(lang, verb, arg)
        return [f"`#{row.seq}` 🛡️ " + locales.t(lang, key, who=who, **params)]
    lines = text.event_lines(lang, events, seat)
    if undone:
        mark = locales.t(lang, "play.taken_back")
        return [f"`#{row.seq}` ~~{line}~~ ({mark})" for line in lines]
    return [f"`#{row.seq}` {line}" for line in lines]


async def log_page(
    interaction: discord.Interaction[Any], game_id: int, page: int | None
) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` (1 = the oldest entries; None = the latest page) of the game's log as the
    user may read it, and its Previous/Next buttons (none for a log of one page)."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    loaded = await game_here(bot, interaction, game_id)
    await check_may_follow(bot, loaded, interaction)
    seat = loaded.seat_of(interaction.user.id)
    steps = await bot.service.history(game_id)
    undone = taken_back([row for row, _ in steps])
    entries = [
        line
        for row, events in steps
        for line in history_lines(lang, row, events, seat, undone=row.seq in undone)
    ]
    size = bot.config.log_page_size
    pages = max(1, -(-len(entries) // size))
    page = pages if page is None else min(max(page, 1), pages)
    chunk = entries[(page - 1) * size : page * size]
    header = locales.t(
        lang,
        "play.log_header",
        title=text.game_title(lang, loaded.row.game, game_id),
        page=page,
        pages=pages,
    )
    body = "\n".join(chunk) or locales.t(lang, "play.log_empty")
    if pages == 1:
        return f"**{header}**\n{body}"[:2000], None
    view = discord.ui.View(timeout=None)
    # A page off either end is a disabled button (pressed anyway, it shows the end): the two
    # custom ids always differ, as Discord requires.
    for key, target in (("button.previous", page - 1), ("button.next", page + 1)):
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=locales.t(lang, key),
            style=discord.ButtonStyle.secondary,
            disabled=not 1 <= target <= pages,
        )
        view.add_item(LogButton(game_id, target, button))
    return f"**{header}**\n{body}"[:2000], view


class LogButton(GameItem[discord.ui.Button[Any]], template=rf"h:(?P<game>{ID}):(?P<page>{PAGE})"):
    """Previous / Next under a page of ``/log``: the same message shows the other page."""

    def __init__(self, game_id: int, page: int, item: discord.ui.Button[Any] | None = None) -> None:
        item = item or discord.ui.Button(label=str(page))
        item.custom_id = f"h:{game_id}:{page}"
        super().__init__(item)
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LogButton:
        return cls(int(match["game"]), int(match["page"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        content, view = await log_page(interaction, self.game_id, self.page)
        await interaction.edit_original_response(content=content, view=view)
