"""A tiny demo bot covering every wire path the emulator must get right.

The bot is an ordinary discord.py ``commands.Bot``: a command group with a subcommand
group, typed options, autocomplete, a DynamicItem button, a persistent select, a modal, a
deferred PNG followup, threads, a DM and a moderator-only command.
"""

from __future__ import annotations

import io
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

COLOURS = [("Red", "red"), ("Green", "green"), ("Blue", "blue")]
ACTIONS = ["play", "pass", "plunder", "trade"]
HU = {"Play a game": "Játssz egy játékot", "new": "uj"}


def png_bytes(width: int = 8, height: int = 4) -> bytes:
    """A small PNG of known size."""
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"demo:join:(?P<table>[0-9]+)"
):
    """A button whose custom_id carries the table number, so it survives restarts."""

    def __init__(self, table: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Join", style=discord.ButtonStyle.primary, custom_id=f"demo:join:{table}"
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        interaction.client.events.append(("join", self.table, interaction.user.id))
        await interaction.response.send_message(
            f"{interaction.user.name} joined table {self.table}", ephemeral=True
        )


class TableView(discord.ui.View):
    """The table message's components: an optional Join button and a colour select."""

    def __init__(self, table: int | None = None) -> None:
        super().__init__(timeout=None)
        if table is not None:
            self.add_item(JoinButton(table))

    @discord.ui.select(
        custom_id="demo:pick",
        placeholder="Pick colours",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=label, value=value) for label, value in COLOURS],
    )
    async def pick(
        self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.edit_message(content=f"picked {', '.join(select.values)}")


class RenameModal(discord.ui.Modal, title="Rename the table"):
    new_name: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="New name", custom_id="demo:name", max_length=20
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"renamed to {self.new_name.value}")


class HungarianTranslator(app_commands.Translator):
    """Just enough translation to see localizations reach the synced commands."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: Any
    ) -> str | None:
        return HU.get(string.message) if locale is discord.Locale.hungarian else None


game = app_commands.Group(name="game", description=app_commands.locale_str("Play a game"))
admin = app_commands.Group(name="admin", description="Moderator tools", parent=game)


@game.command(name=app_commands.locale_str("new"), description="Open a table")
async def game_new(
    interaction: discord.Interaction[Any],
    game: Literal["civ", "stone"],
    seats: app_commands.Range[int, 2, 4],
) -> None:
    table = interaction.client.next_table()
    embed = discord.Embed(
        title=f"Table {table}: {game}", description=f"{seats} seats", colour=0x2ECC71
    )
    embed.set_image(url="attachment://board.png")
    await interaction.response.send_message(
        embed=embed,
        file=discord.File(io.BytesIO(png_bytes()), "board.png"),
        view=TableView(table),
    )
    message = await interaction.original_response()
    thread = await message.create_thread(name=f"table-{table}")
    await thread.send(f"Table {table} is open")


@game.command(name="board", description="Show the board (slow)")
async def game_board(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.defer(thinking=True)
    await interaction.followup.send(
        "the board", file=discord.File(io.BytesIO(png_bytes()), "b.png")
    )


@game.command(name="hand", description="Show your hand")
async def game_hand(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message(f"hand of {interaction.user.name}", ephemeral=True)


@game.command(name="whoami", description="Where you are and what you may do there")
async def game_whoami(interaction: discord.Interaction[Any]) -> None:
    member = interaction.user
    assert isinstance(member, discord.Member)
    rights = member.guild_permissions
    await interaction.response.send_message(
        f"{member.name} in {interaction.guild_id}: manage_guild={rights.manage_guild} "
        f"roles={sorted(r.id for r in member.roles)} bot={interaction.app_permissions.value}",
        ephemeral=True,
    )


@game.command(name="invite", description="Invite a player")
async def game_invite(
    interaction: discord.Interaction[Any],
    who: discord.Member,
    where: discord.TextChannel,
    public: bool = False,
) -> None:
    await interaction.response.send_message(
        f"{who.display_name} invited to #{where.name}", ephemeral=not public
    )


@game.command(name="rename", description="Rename the table")
async def game_rename(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_modal(RenameModal())


@game.command(name="private", description="Open a private thread")
async def game_private(interaction: discord.Interaction[Any]) -> None:
    assert isinstance(interaction.channel, discord.TextChannel)
    await interaction.response.defer(ephemeral=True, thinking=True)
    thread = await interaction.channel.create_thread(
        name="secret", type=discord.ChannelType.private_thread
    )
    await thread.add_user(interaction.user)
    await thread.send("just us")
    await interaction.edit_original_response(content="opened")


@game.command(name="dm", description="Send yourself a DM")
async def game_dm(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.defer(ephemeral=True)
    await interaction.user.send("psst")
    await interaction.edit_original_response(content="sent")


@game.command(name="late", description="Post in the channel before answering (a bad handler)")
async def game_late(interaction: discord.Interaction[Any]) -> None:
    assert isinstance(interaction.channel, discord.abc.Messageable)
    await interaction.channel.send("posted before the answer")
    await interaction.response.send_message("answered", ephemeral=True)


@game.command(name="shout", description="Send a message that is too long")
async def game_shout(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("A" * 2001)


@admin.command(name="reset", description="Reset a table")
async def admin_reset(interaction: discord.Interaction[Any], table: int) -> None:
    await interaction.response.send_message(f"reset {table}", ephemeral=True)


@app_commands.command(name="move", description="Make a move")
async def move(interaction: discord.Interaction[Any], game: str, action: str) -> None:
    await interaction.response.send_message(f"{action} in {game}", ephemeral=True)


@move.autocomplete("action")
async def move_action(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    game_name = interaction.namespace.game
    return [
        app_commands.Choice(name=f"{a} ({game_name})", value=a)
        for a in ACTIONS
        if a.startswith(current)
    ]


@app_commands.command(name="settings", description="Server settings")
@app_commands.default_permissions(manage_guild=True)
async def settings(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("settings", ephemeral=True)


class DemoBot(commands.Bot):
    """The demo bot; ``errors`` collects app command errors, ``events`` component presses.

    With a ``guild_id`` it also copies its commands to that guild and syncs them there.
    """

    def __init__(self, guild_id: int | None = None) -> None:
        super().__init__(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
        )
        self.guild_id = guild_id
        self.errors: list[app_commands.AppCommandError] = []
        self.events: list[tuple[str, int, int]] = []
        self._tables = 0
        self.tree.error(self._on_tree_error)

    def next_table(self) -> int:
        self._tables += 1
        return self._tables

    async def setup_hook(self) -> None:
        await self.tree.set_translator(HungarianTranslator())
        for command in (game, move, settings):
            self.tree.add_command(command)
        self.add_dynamic_items(JoinButton)
        self.add_view(TableView())
        await self.tree.sync()
        if self.guild_id is not None:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def _on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        self.errors.append(error)
