"""Buttons and menus that survive restarts (``discord.ui.DynamicItem``).

Every custom id carries what its callback needs, so nothing lives in memory:

- ``t:<game>:<seq>:<act|hand|board>`` on the public table message;
- ``c:<game>:<seq>:<tokens>`` one step of the private action picker (``!`` at the end submits);
- ``s:<game>:<seq>:<tokens>`` the same as a select menu, the token being the chosen value;
- ``l:<game>:<join|leave|addbot|start|cancel>`` and ``o:<game>:<option>`` on a lobby message;
- ``r:<game>:<seq>`` confirms a resignation.

A ``seq`` older than the game's current one means the message is outdated: the press is
answered and never applied.
"""

from __future__ import annotations

import re
from typing import Any

import discord

import locales
from discordui.access import game_here
from discordui.actions import (
    CUSTOM_ID_MAX,
    MAX_BUTTONS,
    Picker,
    bot_of,
    picker_content,
    picker_for,
    send_board,
    send_hand,
    submit,
)
from discordui.i18n import user_lang
from discordui.items import ID, GameItem, selected_value
from discordui.replies import reply, send_error
from host import text
from host.bots import seat_name
from host.errors import UserError
from host.service import Loaded

SUBMIT = "!"


def table_view(lang: str, game: Loaded) -> discord.ui.View:
    """Act / My hand / Table buttons under a public table post."""
    view = discord.ui.View(timeout=None)
    for what, emoji, style in (
        ("act", "▶️", discord.ButtonStyle.primary),
        ("hand", "🃏", discord.ButtonStyle.secondary),
        ("board", "🗺️", discord.ButtonStyle.secondary),
    ):
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=locales.t(lang, f"button.{what}"), emoji=emoji, style=style
        )
        view.add_item(TableButton(game.row.id, game.seq, what, button))
    return view


class TableButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"t:(?P<game>{ID}):(?P<seq>{ID}):(?P<what>act|hand|board)",
):
    """Public buttons: open the picker, show my hand, show the table."""

    def __init__(
        self, game_id: int, seq: int, what: str, item: discord.ui.Button[Any] | None = None
    ) -> None:
        item = item or discord.ui.Button(label=what)
        item.custom_id = f"t:{game_id}:{seq}:{what}"
        super().__init__(item)
        self.game_id, self.seq, self.what = game_id, seq, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(int(match["game"]), int(match["seq"]), match["what"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        if self.what == "hand":
            await send_hand(interaction, self.game_id)
        elif self.what == "board":
            await send_board(interaction, self.game_id)
        else:
            await open_picker(interaction, self.game_id)


async def open_picker(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Answer with the first step of the action picker for this user."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    game = await game_here(bot, interaction, game_id)
    try:
        picker = picker_for(game, interaction.user.id, [])
    except UserError as exc:
        if exc.code == "not_your_turn":
            mention = [
                seat_name(game.user_of(p.seat), game.handles[p.seat]) for p in game.pending()
            ]
            await reply(
                interaction, "ℹ️ " + locales.t(lang, "error.not_your_turn_wait", waiting=mention)
            )
            return
        raise
    await interaction.response.send_message(
        picker_content(lang, picker), view=picker_view(lang, picker), ephemeral=True
    )


def picker_view(lang: str, picker: Picker) -> discord.ui.View:
    """Choice buttons (or one select menu when there are many), then Done/Back."""
    view = discord.ui.View(timeout=None)
    game_id, seq = picker.game.row.id, picker.game.seq
    path = " ".join(picker.path)
    prefix = f"{path} " if path else ""
    usable = [
        c
        for c in picker.choices
        if len(f"c:{game_id}:{seq}:{prefix}{c.token} {SUBMIT}") <= CUSTOM_ID_MAX
    ]
    if len(usable) <= MAX_BUTTONS:
        for choice in usable:
            button: discord.ui.Button[Any] = discord.ui.Button(
                label=text.choice_label(lang, choice)[:80],
                style=discord.ButtonStyle.primary
                if choice.complete and not choice.more
                else discord.ButtonStyle.secondary,
            )
            view.add_item(ChoiceButton(game_id, seq, f"{prefix}{choice.token}", button))
    else:
        menu: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=locales.t(lang, "play.pick_next"),
            options=[
                discord.SelectOption(label=text.choice_label(lang, c)[:100], value=c.token)
                for c in usable[:25]
            ],
        )
        view.add_item(ChoiceSelect(game_id, seq, path, menu))
    if picker.complete and picker.choices:
        done: discord.ui.Button[Any] = discord.ui.Button(
            label=locales.t(lang, "button.done"), style=discord.ButtonStyle.success, row=4
        )
        view.add_item(ChoiceButton(game_id, seq, f"{path} {SUBMIT}", done))
    if picker.path:
        back: discord.ui.Button[Any] = discord.ui.Button(
            label=locales.t(lang, "button.back"), style=discord.ButtonStyle.danger, row=4
        )
        view.add_item(ChoiceButton(game_id, seq, " ".join(picker.path[:-1]), back))
    return view


async def _step(
    interaction: discord.Interaction[Any], game_id: int, seq: int, parts: list[str]
) -> None:
    """Advance the picker to ``parts``: submit when complete, else show the next choices."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    game = await game_here(bot, interaction, game_id)
    if seq != game.seq:
        await interaction.response.edit_message(
            content="⌛ " + locales.t(lang, "error.stale"), view=None
        )
        return
    force = bool(parts) and parts[-1] == SUBMIT
    if force:
        parts = parts[:-1]
    try:
        picker = picker_for(game, interaction.user.id, parts)
    except UserError as exc:
        await send_error(interaction, exc)
        return
    if picker.complete and (force or not picker.choices):
        label = text.action_label(lang, game.engine, game.state, picker.seat, parts)
        await interaction.response.edit_message(
            content="⏳ " + locales.t(lang, "play.submitting", action=label), view=None
        )
        await submit(interaction, game_id, " ".join(parts), expected_seq=seq)
        return
    await interaction.response.edit_message(
        content=picker_content(lang, picker), view=picker_view(lang, picker)
    )


class ChoiceButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"c:(?P<game>{ID}):(?P<seq>{ID}):(?P<path>[^:]*)",
):
    """One step of the private action picker."""

    def __init__(
        self, game_id: int, seq: int, path: str, item: discord.ui.Button[Any] | None = None
    ) -> None:
        item = item or discord.ui.Button(label="…")
        item.custom_id = f"c:{game_id}:{seq}:{path}"
        super().__init__(item)
        self.game_id, self.seq, self.path = game_id, seq, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        return cls(int(match["game"]), int(match["seq"]), match["path"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        await _step(interaction, self.game_id, self.seq, self.path.split())


class ChoiceSelect(
    GameItem[discord.ui.Select[Any]],
    template=rf"s:(?P<game>{ID}):(?P<seq>{ID}):(?P<path>[^:]*)",
):
    """The picker step as a select menu (when there are too many choices for buttons)."""

    def __init__(
        self, game_id: int, seq: int, path: str, item: discord.ui.Select[Any] | None = None
    ) -> None:
        item = item or discord.ui.Select(options=[discord.SelectOption(label="…")])
        item.custom_id = f"s:{game_id}:{seq}:{path}"
        super().__init__(item)
        self.game_id, self.seq, self.path = game_id, seq, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["seq"]), match["path"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        chosen = selected_value(interaction)
        await _step(interaction, self.game_id, self.seq, [*self.path.split(), chosen])


def resign_view(lang: str, game_id: int, seq: int) -> discord.ui.View:
    """The confirmation button under ``/resign``'s question."""
    view = discord.ui.View(timeout=None)
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=locales.t(lang, "button.resign"), style=discord.ButtonStyle.danger
    )
    view.add_item(ResignButton(game_id, seq, button))
    return view


class ResignButton(GameItem[discord.ui.Button[Any]], template=rf"r:(?P<game>{ID}):(?P<seq>{ID})"):
    """Confirms ``/resign``."""

    def __init__(self, game_id: int, seq: int, item: discord.ui.Button[Any] | None = None) -> None:
        item = item or discord.ui.Button(label="resign")
        item.custom_id = f"r:{game_id}:{seq}"
        super().__init__(item)
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignButton:
        return cls(int(match["game"]), int(match["seq"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        game = await game_here(bot, interaction, self.game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            await send_error(interaction, UserError("not_a_player"))
            return
        if game.seq != self.seq:
            # Asked before the game moved on: the player confirms again on the game as it is.
            await interaction.response.edit_message(
                content="⌛ " + locales.t(lang, "error.stale"), view=None
            )
            return
        await interaction.response.edit_message(
            content="⏳ " + locales.t(lang, "play.resigning"), view=None
        )
        try:
            result = await bot.service.resign(
                self.game_id, seat, interaction.user.id, expected_seq=self.seq
            )
        except UserError as exc:
            await send_error(interaction, exc)
            return
        await bot.announce(result.game.row.id)
        await reply(interaction, "🏳️ " + locales.t(lang, "play.resigned"))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TableButton,
    ChoiceButton,
    ChoiceSelect,
    ResignButton,
)
