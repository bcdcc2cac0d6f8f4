"""The play flow shared by /move, the action picker and the buttons: choose, submit, publish."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord

import locales
from discordui.access import check_may_follow, game_here
from discordui.client import TableBot
from discordui.i18n import user_lang
from discordui.replies import reply, send_error
from discordui.tables import table_content, table_file
from host import text
from host.errors import UserError
from host.service import Loaded
from rules.core import Choice, IllegalAction

#: Longest custom id Discord accepts.
CUSTOM_ID_MAX = 100
#: Buttons in a picker before it switches to a select menu (4 rows of 5; the 5th row navigates).
MAX_BUTTONS = 20


def bot_of(interaction: discord.Interaction[Any]) -> TableBot:
    """The bot, typed."""
    client = interaction.client
    assert isinstance(client, TableBot)
    return client


@dataclass
class Picker:
    """What the action picker shows for one seat at one partial action."""

    game: Loaded
    seat: int
    path: list[str]
    choices: list[Choice]
    complete: bool  # path is itself a complete action (offer "Done")


def picker_for(game: Loaded, user_id: int, path: list[str]) -> Picker:
    """The choices after ``path`` for the seat ``user_id`` plays.

    Raises UserError when the user has no seat or nothing to decide now.
    """
    if game.row.status == "paused":
        raise UserError("game_paused")
    if game.state is None or game.row.status != "running":
        raise UserError("game_not_running")
    seat = game.seat_of(user_id)
    if seat is None:
        raise UserError("not_a_player")
    if all(p.seat != seat for p in game.pending()):
        raise UserError("not_your_turn")
    options = game.engine.choices(game.state, seat, path)
    complete = False
    if path:
        parent = game.engine.choices(game.state, seat, path[:-1])
        last = next((c for c in parent if c.token == path[-1]), None)
        if last is None:
            raise UserError("stale")
        complete = last.complete
    return Picker(game, seat, path, options, complete)


def picker_content(lang: str, picker: Picker) -> str:
    """The prompt and the action built so far."""
    game = picker.game
    prompts = [p for p in game.pending() if p.seat == picker.seat]
    lines = [text.prompt_line(lang, game.row.game, p, locales.t(lang, "play.you")) for p in prompts]
    if picker.path:
        label = text.action_label(lang, game.engine, game.state, picker.seat, picker.path)
        lines.append(locales.t(lang, "play.building", action=label))
    lines.append(locales.t(lang, "play.pick_next" if picker.choices else "play.pick_done"))
    return "\n".join(lines)


async def submit(
    interaction: discord.Interaction[Any],
    game_id: int,
    action: str,
    *,
    expected_seq: int | None = None,
) -> None:
    """Apply ``action`` for the interacting user, answer them privately, then post publicly.

    The interaction must already be deferred or answered (rendering is slow).
    """
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    label = await _label_now(interaction, game_id, lang, action.split())
    try:
        result = await bot.service.act(
            game_id, interaction.user.id, action, expected_seq=expected_seq
        )
    except IllegalAction as exc:
        game = await bot.service.load(game_id)
        await send_error(interaction, exc, game=game.row.game)
        return
    except UserError as exc:
        await send_error(interaction, exc)
        return
    # Public post first: once the player sees the confirmation, the table is up to date.
    await bot.announce(result.game.row.id)
    lines = ["✅ " + locales.t(lang, "play.done", action=label)]
    lines += text.private_lines(lang, result.events, result.seat)
    await reply(interaction, "\n".join(lines)[:2000])


async def _label_now(
    interaction: discord.Interaction[Any], game_id: int, lang: str, parts: list[str]
) -> str:
    """The readable action, labelled against the state it is about to be applied to (and the
    game checked to be this server's before anything is applied)."""
    game = await game_here(bot_of(interaction), interaction, game_id)
    seat = game.seat_of(interaction.user.id)
    if seat is None or game.state is None:
        return " ".join(parts)
    return text.action_label(lang, game.engine, game.state, seat, parts)


async def send_hand(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The user's private view: hand as text and image (ephemeral)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    game = await game_here(bot, interaction, game_id)
    seat = game.seat_of(interaction.user.id)
    if seat is None:
        raise UserError("not_a_player")
    if game.state is None:
        raise UserError("game_not_running")
    view = game.engine.view(game.state, seat)
    png = await bot.renderer.hand(view, lang)
    # Each game names its own cards: "<game>.hand" gets the view's hand tokens as ``cards``.
    hand = view.get("hand", [])
    content = locales.t(lang, f"{game.row.game}.hand", count=len(hand), cards=hand)
    await reply(interaction, content, file=discord.File(io.BytesIO(png), filename="hand.png"))


async def send_board(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The current public table, privately (so the thread does not fill with copies)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    game = await game_here(bot, interaction, game_id)
    await check_may_follow(bot, game, interaction)
    if game.state is None:
        raise UserError("game_not_running")
    view = game.engine.view(game.state, None)
    await reply(
        interaction, table_content(lang, game, view), file=await table_file(bot, view, lang)
    )
