"""Moderation: pause/resume, end, kick or replace a seat (or hand it to the bot), check a game,
server language.

Allowed for members with Manage Server or the configured moderator role. Every act is written
to the game's log as a note (or, for a kick, as the seat's resignation).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import locales
from cogs.play import my_games_autocomplete, resolve_game
from discordui.access import add_to_thread, game_here
from discordui.autoplay import bot_plays
from discordui.checks import moderator_only
from discordui.client import TableBot
from discordui.i18n import user_lang
from discordui.lobbies import POLICY_CHOICES, deadline_line, parse_deadline, refresh_lobby
from discordui.publish import announce, publish_result
from discordui.replies import reply
from discordui.restores import publish_restore
from host.errors import UserError
from host.planner import Planner
from host.rows import BadRow
from host.service import RUNNING, Loaded
from host.set_aside import GameSetAside, SetAsideGame
from host.set_aside import report as set_aside_report
from host.timing import OFF_WORDS


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Mod(commands.GroupCog, group_name="mod"):
    """Repair and manage games."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        super().__init__()

    async def _running(self, interaction: discord.Interaction[Any], game: int | None) -> int:
        game_id = await resolve_game(interaction, game)
        loaded = await game_here(self.bot, interaction, game_id)
        if loaded.row.status not in RUNNING:
            raise UserError("game_not_running")
        return game_id

    async def _player_seat(
        self, interaction: discord.Interaction[Any], game: int | None, player: discord.Member
    ) -> tuple[int, Loaded, int]:
        """The running game meant, and the seat ``player`` holds in it (or a refusal)."""
        game_id = await self._running(interaction, game)
        loaded = await self.bot.service.load(game_id)
        seat = loaded.seat_of(player.id)
        if seat is None:
            raise UserError("not_a_player_other", player=player.mention)
        return game_id, loaded, seat

    async def _done(self, interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
        await reply(interaction, "🛡️ " + locales.t(user_lang(interaction), key, **params))

    @app_commands.command(name="pause")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @moderator_only()
    async def pause(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Pause a game: nobody can move until it is resumed."""
        game_id = await self._running(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.service.note(
            game_id, interaction.user.id, "pause", status="paused", announce=True
        )
        await announce(self.bot, game_id)
        await self._done(interaction, "mod.done.pause", game=game_id)

    @app_commands.command(name="resume")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @moderator_only()
    async def resume(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Resume a paused game."""
        game_id = await self._running(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.service.note(
            game_id, interaction.user.id, "resume", status="running", announce=True
        )
        await announce(self.bot, game_id)
        await self._done(interaction, "mod.done.resume", game=game_id)

    @app_commands.command(name="end")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @moderator_only()
    async def end(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """End a game now, without a result."""
        game_id = await self._running(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        loaded = await self.bot.service.note(game_id, interaction.user.id, "end", status="ended")
        if loaded.row.thread_id is not None:
            lang = await self.bot.public_lang(loaded.row.guild_id)
            channel = self.bot.get_partial_messageable(loaded.row.thread_id)
            await channel.send("🛑 " + locales.t(lang, "mod.ended", who=interaction.user.mention))
        await announce(self.bot, game_id)
        await self._done(interaction, "mod.done.end", game=game_id)

    @app_commands.command(name="kick")
    @app_commands.describe(player="The player to remove", game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @moderator_only()
    async def kick(
        self, interaction: discord.Interaction[Any], player: discord.Member, game: int | None = None
    ) -> None:
        """Remove a player from a running game (their seat resigns)."""
        game_id, loaded, seat = await self._player_seat(interaction, game, player)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.service.note(game_id, interaction.user.id, f"kick @{loaded.handles[seat]}")
        result = await self.bot.service.resign(game_id, seat, interaction.user.id)
        await publish_result(self.bot, result)
        await self._done(interaction, "mod.done.kick", player=player.mention)

    @app_commands.command(name="replace")
    @app_commands.describe(
        player="The player leaving", substitute="Who takes the seat", game="Game number"
    )
    @app_commands.autocomplete(game=my_games_autocomplete)
    @moderator_only()
    async def replace(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member,
        substitute: discord.Member,
        game: int | None = None,
    ) -> None:
        """Give a player's seat to someone else; the game goes on unchanged."""
        game_id, loaded, seat = await self._player_seat(interaction, game, player)
        if loaded.seat_of(substitute.id) is not None:
            raise UserError("already_playing", player=substitute.mention)
        await interaction.response.defer(ephemeral=True, thinking=True)
        replaced = await self.bot.moderation.replace(
            loaded, seat, substitute.id, interaction.user.id, substitute.mention
        )
        if replaced.invited:
            # Invited like any player, so the private thread lets them in.
            await add_to_thread(self.bot, loaded.row, substitute.id)
        await announce(self.bot, game_id)
        await self._done(
            interaction, "mod.done.replace", player=player.mention, substitute=substitute.mention
        )

    @app_commands.command(name="botseat")
    @app_commands.describe(player="The player leaving", game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @moderator_only()
    async def botseat(
        self, interaction: discord.Interaction[Any], player: discord.Member, game: int | None = None
    ) -> None:
        """Give a player's seat to the bot, which plays it from now on."""
        game_id, loaded, seat = await self._player_seat(interaction, game, player)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.moderation.hand_to_bot(
            loaded, seat, interaction.user.id, f"botseat @{loaded.handles[seat]}"
        )
        bot_plays(self.bot, game_id)
        await announce(self.bot, game_id)
        await self._done(interaction, "mod.done.botseat", player=player.mention)

    @app_commands.command(name="deadline")
    @app_commands.describe(
        turn='Time for each turn, e.g. 12h, 2d or 30m; "off" for no deadline',
        policy="What happens when a turn's time runs out",
        game="Game number",
    )
    @app_commands.choices(policy=POLICY_CHOICES)
    @app_commands.autocomplete(game=my_games_autocomplete)
    @moderator_only()
    async def deadline(
        self,
        interaction: discord.Interaction[Any],
        turn: str,
        policy: str | None = None,
        game: int | None = None,
    ) -> None:
        """Set a game's turn deadline and what happens when it passes (also in a lobby)."""
        game_id = await resolve_game(interaction, game)
        loaded = await game_here(self.bot, interaction, game_id)
        lang = user_lang(interaction)
        off = turn.strip().lower() in OFF_WORDS
        seconds = None if off else parse_deadline(turn)
        if loaded.row.status != "lobby":
            await interaction.response.defer(ephemeral=True, thinking=True)
        rule = await self.bot.moderation.set_deadline(
            loaded, interaction.user.id, seconds, policy, self.bot.config.deadline_policy
        )
        if loaded.row.status == "lobby":
            await refresh_lobby(self.bot, loaded, None)
        else:
            await Planner(self.bot).replan_deadlines(game_id)
        shown = deadline_line(lang, rule) if rule else locales.t(lang, "mod.no_deadline")
        await self._done(interaction, "mod.done.deadline", game=game_id, deadline=shown)

    @app_commands.command(name="rollback")
    @app_commands.describe(to="Log entry (#) whose state the game returns to", game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @moderator_only()
    async def rollback(
        self,
        interaction: discord.Interaction[Any],
        to: app_commands.Range[int, 0],
        game: int | None = None,
    ) -> None:
        """Return a game to an earlier point of its log; later moves are taken back."""
        game_id = await self._running(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        restored = await self.bot.service.rollback(game_id, interaction.user.id, to)
        await publish_restore(
            self.bot, restored, "mod.rolled_back", who=interaction.user.mention, seq=to
        )
        await self._done(interaction, "mod.done.rollback", game=game_id, seq=to)

    @app_commands.command(name="check")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @moderator_only()
    async def check(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Replay a game from its log and compare with the saved state."""
        # Also lists the server's set-aside games (host.set_aside), even with no game meant.
        assert interaction.guild_id is not None
        lang = user_lang(interaction)
        lines: list[str] = []
        try:
            game_id: int | None = await resolve_game(interaction, game)
        except GameSetAside as exc:
            if exc.entry.guild_id != interaction.guild_id:
                raise UserError("unknown_game", game=exc.entry.game_id) from None
            game_id = exc.entry.game_id
        except (UserError, BadRow):
            if not self._set_aside(interaction.guild_id):
                raise
            game_id = None
        if game_id is not None:
            try:
                key = "mod.check_ok" if await self.bot.service.verify(game_id) else "mod.check_bad"
            except GameSetAside:
                key = "mod.check_set_aside"
            lines.append(locales.t(lang, key, game=game_id))
        lines += set_aside_report(lang, self._set_aside(interaction.guild_id))
        await reply(interaction, "🛡️ " + "\n".join(lines))

    def _set_aside(self, guild_id: int) -> list[SetAsideGame]:
        return self.bot.moderation.set_aside_in(guild_id)

    @app_commands.command(name="language")
    @app_commands.describe(language="Language of the bot's public posts in this server")
    @app_commands.choices(
        language=[
            app_commands.Choice(name=n, value=v) for v, n in (("en", "English"), ("hu", "Magyar"))
        ]
    )
    @moderator_only()
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        """Choose the language of public posts (each user's private replies follow their client)."""
        assert interaction.guild_id is not None
        await self.bot.moderation.set_language(interaction.guild_id, language)
        await self._done(interaction, "mod.done.language", language=language)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(Mod(bot))
