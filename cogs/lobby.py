"""Lobbies: create a game, join, leave, choose options, start (one thread per game), cancel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import locales
import rules
from discordui.access import (
    add_to_thread,
    followed,
    game_here,
)
from discordui.actions import bot_of
from discordui.checks import is_game_channel, is_moderator, missing_for_game, moderates
from discordui.client import TableBot
from discordui.i18n import game_choices, user_lang
from discordui.lobbies import (
    IMAGE_CHOICES,
    POLICY_CHOICES,
    lobby_action,
    lobby_message,
    parse_deadline,
    parse_options,
    refresh_lobby,
)
from discordui.replies import reply
from discordui.suggestions import always_answers
from host import text
from host.errors import UserError
from host.lobbies import Actor, NewLobby
from host.names import handle_for
from host.planner import Planner
from host.rows import GameRow

GAME_CHOICES = game_choices()


def _list_name(lang: str, row: GameRow) -> str:
    status = locales.t(lang, f"lobby.status.{row.status}")
    return f"{text.game_title(lang, row.game, row.id)} · {status}"


@always_answers
async def lobby_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[int]]:
    """Open lobbies and running games of this server the user may see, newest first."""
    bot = bot_of(interaction)
    if interaction.guild_id is None:
        return []
    rows = await bot.lobbies.open_games(interaction.guild_id)
    lang = user_lang(interaction)
    typed = [r for r in sorted(rows, key=lambda r: -r.id) if current.strip() in str(r.id)]
    return [
        app_commands.Choice(name=_list_name(lang, r)[:100], value=r.id)
        for r in await followed(bot, typed, interaction, limit=25)
    ]


class Lobby(commands.GroupCog, group_name="game"):
    """Create and fill games."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new")
    @app_commands.describe(
        game="Which game",
        seats="How many players",
        options="Options, e.g. deal=draft teams=true",
        deadline="Time for each turn, e.g. 12h or 2d (none if left out)",
        policy="What happens when a turn's time runs out",
        images="When the table picture is redrawn: after every action or when a turn ends",
        invite_only="Only people the creator invites may join and follow the game",
    )
    @app_commands.choices(game=GAME_CHOICES, policy=POLICY_CHOICES, images=IMAGE_CHOICES)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        seats: app_commands.Range[int, 1, 8],
        options: str = "",
        deadline: str | None = None,
        policy: str | None = None,
        images: str | None = None,
        invite_only: bool = False,
    ) -> None:
        """Open a lobby for a new game in this channel."""
        # Refused before anything is stored: a lobby here could never get its thread.
        if not is_game_channel(interaction):
            raise UserError("channel_not_text")
        missing = missing_for_game(interaction, private=invite_only)
        if missing:
            lang = user_lang(interaction)
            names = [locales.t(lang, f"permission.{p}") for p in missing]
            raise UserError("bot_missing_permissions", permissions=names, count=len(names))
        engine = rules.get_game(game)
        if not engine.min_players <= seats <= engine.max_players:
            raise UserError("bad_seat_count", min=engine.min_players, max=engine.max_players)
        chosen = parse_options(engine.options, options, user_lang(interaction))
        turn = parse_deadline(deadline) if deadline else None
        assert interaction.guild_id is not None and interaction.channel_id is not None
        # Moderators open lobbies for others (events, tournaments) and may close anyone's:
        # the cap is there against one member filling the channel, not against them.
        cap = None if is_moderator(interaction) else self.bot.config.max_open_lobbies
        # Held until the answer's id is stored: meanwhile this lobby's missing id is not a
        # post lost by a crash, for discordui.lobbies.lobby_post to look for or make.
        new = NewLobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            game=game,
            options=chosen,
            seats=seats,
            handle=handle_for(interaction.user.display_name),
            deadline=None if turn is None else (turn, policy or self.bot.config.deadline_policy),
            images=images,
            invite_only=invite_only,
        )
        async with self.bot.lobby_posting(interaction.channel_id):
            row = await self.bot.lobbies.open(new, Actor(interaction.user.id), max_open=cap)
            self.bot.display_names[interaction.user.id] = interaction.user.display_name
            embed, view = await lobby_message(self.bot, await self.bot.service.load(row.id))
            assert view is not None  # a new game is an open lobby
            # The lobby post is this answer; should the bot stop before its id is stored, the
            # lobby's next event (or the next start) finds it in the channel.
            answer = await interaction.response.send_message(embed=embed, view=view)
            message_id = answer.message_id or (await interaction.original_response()).id
            await self.bot.lobbies.post_is(row.id, message_id)
        await Planner(self.bot).schedule_lobby(row)

    @app_commands.command(name="invite")
    @app_commands.describe(user="Who may join or follow the game", game="Game number")
    @app_commands.autocomplete(game=lobby_autocomplete)
    @app_commands.guild_only()
    async def invite(
        self, interaction: discord.Interaction[Any], user: discord.Member, game: int | None = None
    ) -> None:
        """Invite someone to an invite-only game (creator or moderator)."""
        game_id = await self._invitable_game(interaction, game)
        loaded = await game_here(self.bot, interaction, game_id)
        actor = Actor(interaction.user.id, moderates(interaction, loaded.row.guild_id))
        await self.bot.lobbies.invite(loaded, actor, user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if loaded.row.status == "lobby":
            await refresh_lobby(self.bot, loaded, None)
        else:
            # Invited without a seat: a spectator, who may read the private thread from now on.
            await add_to_thread(self.bot, loaded.row, user.id)
        lang = user_lang(interaction)
        done = locales.t(lang, "lobby.done.invite", user=user.mention, game=game_id)
        await reply(interaction, "✅ " + done)

    async def _invitable_game(self, interaction: discord.Interaction[Any], game: int | None) -> int:
        """The given game, this thread's game, or the one open invite-only game the user made."""
        if game is not None:
            return game
        assert interaction.guild_id is not None
        if interaction.channel_id is not None:
            here = await self.bot.service.game_in_channel(
                interaction.guild_id, interaction.channel_id
            )
            if here is not None:
                return here.id
        mine = await self.bot.lobbies.invite_only_of(interaction.guild_id, interaction.user.id)
        if len(mine) == 1:
            return mine[0]
        raise UserError("which_game", count=len(mine))

    @app_commands.command(name="join")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=lobby_autocomplete)
    async def join(self, interaction: discord.Interaction[Any], game: int) -> None:
        """Take a seat in a lobby."""
        await lobby_action(interaction, game, "join")

    @app_commands.command(name="leave")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=lobby_autocomplete)
    async def leave(self, interaction: discord.Interaction[Any], game: int) -> None:
        """Give up your seat in a lobby."""
        await lobby_action(interaction, game, "leave")

    @app_commands.command(name="addbot")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=lobby_autocomplete)
    async def addbot(self, interaction: discord.Interaction[Any], game: int) -> None:
        """Give a seat of a lobby to the bot (creator or moderator)."""
        await lobby_action(interaction, game, "addbot")

    @app_commands.command(name="start")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=lobby_autocomplete)
    async def start(self, interaction: discord.Interaction[Any], game: int) -> None:
        """Start a lobby with the players who joined (creator or moderator)."""
        await lobby_action(interaction, game, "start")

    @app_commands.command(name="cancel")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=lobby_autocomplete)
    async def cancel(self, interaction: discord.Interaction[Any], game: int) -> None:
        """Close a lobby that has not started (creator or moderator)."""
        await lobby_action(interaction, game, "cancel")

    @app_commands.command(name="list")
    @app_commands.guild_only()
    async def list_games(self, interaction: discord.Interaction[Any]) -> None:
        """The lobbies and games of this server."""
        lang = user_lang(interaction)
        assert interaction.guild_id is not None
        rows = await followed(
            self.bot, await self.bot.lobbies.open_games(interaction.guild_id), interaction
        )
        lines = []
        for r in sorted(rows, key=lambda r: r.id):
            where = f"<#{r.thread_id}>" if r.thread_id else f"<#{r.channel_id}>"
            lines.append(
                locales.t(
                    lang,
                    "lobby.list_line",
                    title=text.game_title(lang, r.game, r.id),
                    status=locales.t(lang, f"lobby.status.{r.status}"),
                    players=await self.bot.lobbies.players(r.id),
                    seats=r.seats_wanted,
                    where=where,
                )
            )
        await reply(interaction, "\n".join(lines) if lines else locales.t(lang, "lobby.none"))


async def setup(bot: TableBot) -> None:
    await bot.add_cog(Lobby(bot))
