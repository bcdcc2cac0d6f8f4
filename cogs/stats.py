"""Ratings, statistics, export and replay: ``/leaderboard``, ``/stats``, ``/game export`` and
``/game replay``.

Finished games are rated by :class:`host.ratings.Rater`, a change hook of the game service;
``/game export`` and ``/game replay`` join the ``/game`` group of the lobby cog and build
their files with :mod:`host.export` and :mod:`host.replay`.
"""

from __future__ import annotations

import contextlib
import io
import time
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import locales
import rules
from discordui.access import check_may_follow, followed, game_here
from discordui.actions import bot_of
from discordui.client import TableBot
from discordui.i18n import game_choices, user_lang
from discordui.replays import replay_bytes
from discordui.replies import reply
from discordui.suggestions import always_answers
from host import text
from host.errors import UserError
from host.export import EXPORTABLE, check_exportable, transcript, transcript_bytes
from host.ratings import Rater
from host.replay import check_replayable
from host.rows import PlayerStats, RatingRow
from host.service import Loaded

#: Places shown by /leaderboard.
LEADERBOARD_SIZE = 15
GAME_CHOICES = game_choices()


def rating_text(lang: str, rating: float) -> str:
    """A rating with one decimal, in the language's number format."""
    return locales.format_number(lang, round(rating, 1))


def leaderboard_content(lang: str, game: str, rows: list[RatingRow]) -> str:
    """The title, then one line per place (mentions, which the reply does not ping)."""
    name = text.game_name(lang, game)
    if not rows:
        return locales.t(lang, "stats.leaderboard_empty", game=name)
    lines = [f"**{locales.t(lang, 'stats.leaderboard_title', game=name)}**"]
    lines += [
        locales.t(
            lang,
            "stats.leaderboard_line",
            place=place,
            player=f"<@{row.user_id}>",
            rating=rating_text(lang, row.conservative),
            games=row.games,
            wins=row.wins,
        )
        for place, row in enumerate(rows, start=1)
    ]
    lines.append(f"-# {locales.t(lang, 'stats.leaderboard_footer')}")
    return "\n".join(lines)[:2000]


def stats_content(
    lang: str, user_id: int, game: str | None, stats: PlayerStats, rating: RatingRow | None
) -> str:
    """A player's record: games, wins, average score, move time, and the game's rating."""
    which = text.game_name(lang, game) if game else locales.t(lang, "stats.all_games")
    lines = [f"**{locales.t(lang, 'stats.title', player=f'<@{user_id}>', game=which)}**"]
    lines.append(locales.t(lang, "stats.games", count=stats.games))
    lines.append(locales.t(lang, "stats.wins", count=stats.wins))
    if stats.average_score is not None:
        score = locales.format_number(lang, round(stats.average_score, 1))
        lines.append(locales.t(lang, "stats.average_score", score=score))
    if stats.average_move_seconds is None:
        lines.append(locales.t(lang, "stats.move_time_none"))
    else:
        took = locales.format_duration(lang, timedelta(seconds=stats.average_move_seconds))
        lines.append(locales.t(lang, "stats.move_time", time=took, count=stats.timed_moves))
    if game is not None:
        if rating is None:
            lines.append(locales.t(lang, "stats.not_rated"))
        else:
            lines.append(
                locales.t(
                    lang,
                    "stats.rating",
                    rating=rating_text(lang, rating.conservative),
                    mu=rating_text(lang, rating.mu),
                    sigma=rating_text(lang, rating.sigma),
                    count=rating.games,
                )
            )
    return "\n".join(lines)[:2000]


@always_answers
async def finished_games_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[int]]:
    """Games of this server that are over and the user may see, newest first."""
    if interaction.guild_id is None:
        return []
    lang = user_lang(interaction)
    bot = bot_of(interaction)
    rows = await bot.store.list_games(interaction.guild_id, EXPORTABLE)
    typed = [r for r in reversed(rows) if current.strip() in str(r.id)]
    return [
        app_commands.Choice(name=text.game_title(lang, r.game, r.id)[:100], value=r.id)
        for r in await followed(bot, typed, interaction, limit=25)
    ]


def export_command() -> app_commands.Command[Any, ..., None]:
    """``/game export``, made for each bot (a command belongs to one parent group)."""

    @app_commands.command(name="export")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=finished_games_autocomplete)
    async def export(interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Download a finished game as a transcript file (python -m rules replay FILE)."""
        await export_game(interaction, game)

    return export


async def _finished_game(interaction: discord.Interaction[Any], game: int | None) -> Loaded:
    """The game named (or the one of this thread), if the user may follow it."""
    bot = bot_of(interaction)
    guild_id = interaction.guild_id
    if guild_id is None:
        raise UserError("guild_only")
    game_id = game
    if game_id is None and interaction.channel_id is not None:
        here = await bot.service.game_in_channel(guild_id, interaction.channel_id)
        game_id = here.id if here is not None else None
    if game_id is None:
        raise UserError("export_which_game")
    loaded = await game_here(bot, interaction, game_id)
    # Its files are as private as the game's thread (an invite-only game's are not public).
    await check_may_follow(bot, loaded, interaction)
    return loaded


async def export_game(interaction: discord.Interaction[Any], game: int | None) -> None:
    """Send the transcript of a game that is over, privately; refuse a running game."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    loaded = await _finished_game(interaction, game)
    game_id = loaded.row.id
    check_exportable(loaded.row)  # before anything is read: a running game's log stays put
    await interaction.response.defer(ephemeral=True, thinking=True)
    data = transcript(loaded.row, loaded.seats, await bot.store.actions(game_id), loaded.outcome())
    name = f"{loaded.row.game}-{game_id}.json"
    file = discord.File(io.BytesIO(transcript_bytes(data)), filename=name)
    title = text.game_title(lang, loaded.row.game, game_id)
    await reply(interaction, locales.t(lang, "stats.exported", game=title, file=name), file=file)


def replay_command() -> app_commands.Command[Any, ..., None]:
    """``/game replay``, made for each bot (a command belongs to one parent group)."""

    @app_commands.command(name="replay")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=finished_games_autocomplete)
    async def replay(interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Watch a finished game again as an animated picture, one frame per turn."""
        await replay_game(interaction, game)

    return replay


#: Seconds between two progress edits of the "drawing" message (Discord rate-limits edits).
PROGRESS_EVERY = 2.0


async def replay_game(interaction: discord.Interaction[Any], game: int | None) -> None:
    """Draw the replay of a game that is over and send it privately, saying how far the
    drawing is while it lasts."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    loaded = await _finished_game(interaction, game)
    check_replayable(loaded.row)
    title = text.game_title(lang, loaded.row.game, loaded.row.id)
    await interaction.response.send_message(
        locales.t(lang, "stats.replay_starting", game=title), ephemeral=True
    )
    shown = time.monotonic()

    async def progress(done: int, total: int) -> None:
        nonlocal shown
        now = time.monotonic()
        if done < total and now - shown < PROGRESS_EVERY:
            return
        shown = now
        content = locales.t(lang, "stats.replay_drawing", game=title, done=done, total=total)
        # Progress is a courtesy: the picture follows even if an edit is refused.
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(content=content)

    data, ext = await replay_bytes(bot, loaded, lang, progress)
    if len(data) > interaction.filesize_limit:
        size = locales.format_number(lang, round(len(data) / 2**20, 1))
        await interaction.edit_original_response(
            content=locales.t(lang, "stats.replay_too_large", game=title, size=size)
        )
        return
    name = f"{loaded.row.game}-{loaded.row.id}.{ext}"
    file = discord.File(io.BytesIO(data), filename=name)
    await interaction.edit_original_response(
        content=locales.t(lang, "stats.replay_ready", game=title), attachments=[file]
    )


class Stats(commands.Cog):
    """/leaderboard and /stats."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str | None = None
    ) -> None:
        """The best rated players of a game on this server."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserError("guild_only")
        name = game or rules.GAME_NAMES[0]
        # Public: the ratings are the server's shared record; nobody is pinged by it.
        await interaction.response.defer(thinking=True)
        rows = await self.bot.store.leaderboard(guild_id, name, LEADERBOARD_SIZE)
        lang = await self.bot.public_lang(guild_id)
        await reply(
            interaction,
            leaderboard_content(lang, name, rows),
            ephemeral=False,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="stats")
    @app_commands.describe(player="Whose statistics (default: yours)", game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        """Games, wins, average score, time to move and rating of a player."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserError("guild_only")
        user_id = player.id if player is not None else interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.bot.store.player_stats(guild_id, user_id, game)
        rating = None
        if game is not None:
            rating = (await self.bot.store.ratings(guild_id, game, [user_id])).get(user_id)
        content = stats_content(user_lang(interaction), user_id, game, record, rating)
        await reply(interaction, content, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: TableBot) -> None:
    rater = Rater(bot.store)
    bot.service.on_change(rater.changed)
    await bot.add_cog(Stats(bot))
    # /game export belongs with the other /game commands, which the lobby cog defines.
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("cogs.stats needs cogs.lobby (the /game group) loaded first")
    group.add_command(export_command())
    group.add_command(replay_command())


async def teardown(bot: TableBot) -> None:
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        group.remove_command("export")
        group.remove_command("replay")
