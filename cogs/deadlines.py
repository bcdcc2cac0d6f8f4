"""Turn deadlines, their policies, the players' vote, and ``/vacation``.

A game may have a turn deadline (``/game new deadline:12h policy:vote``, changed by
moderators with ``/mod deadline``). When a seat's deadline passes while the same prompt is
still waiting, the game's policy decides:

- ``remind``: mention the player again; the deadline starts over.
- ``drop``: the seat resigns through the engine, as with ``/mod kick``.
- ``end``: the game ends without a result, as with ``/mod end``.
- ``vote``: the other active players get a public message with one button per choice
  (:data:`VOTE_CHOICES`: drop, skip the turn (the bot plays it once), hand the seat to the
  bot, end, keep waiting); a majority of
  them decides, and the deadline starts over meanwhile. Bot seats neither vote nor have
  deadlines.

Each of these is a note in the game's log. ``/vacation days:N`` pauses a player's clock in a
game: their pending reminder and deadline move back by N days (at most the configured number
of days per game in total).

This extension also wires the timers up: it registers the planner as the game service's change
hook and the handlers of every timer kind; and it starts the bot seats (:mod:`discordui.autoplay`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import locales
from cogs.play import my_games_autocomplete, resolve_game
from discordui.access import game_here
from discordui.actions import bot_of
from discordui.autoplay import bot_plays, play_turn_for, start_bot_seats
from discordui.cleanup import Cleanup
from discordui.client import TableBot
from discordui.i18n import user_lang
from discordui.items import ID, GameItem
from discordui.publish import announce, publish_result
from discordui.reminders import Reminders, active_seats, asked_text, once, post_in_thread
from discordui.replies import reply, send_error
from host import text
from host.bots import is_bot, seat_name
from host.errors import UserError
from host.planner import (
    DEADLINE,
    IDLE_END,
    IDLE_WARNING,
    LOBBY_END,
    LOBBY_WARNING,
    REMINDER,
    Planner,
    current_game,
)
from host.prefs import duration_text
from host.rows import DeadlineRow, NewTimer, TimerRow
from host.service import RUNNING, Loaded
from host.timing import stored_duration
from host.vacations import VacationUsedUp, take_vacation

#: What the other players may choose when a deadline passes under the ``vote`` policy, in
#: button order: drop the seat, hand it to the bot, end the game, keep waiting. A new choice
#: is one more entry here and one more branch in :func:`carry_out`.
VOTE_CHOICES: tuple[str, ...] = ("drop", "skip", "bot", "end", "wait")

_STYLES = {
    "drop": discord.ButtonStyle.danger,
    "skip": discord.ButtonStyle.primary,
    "bot": discord.ButtonStyle.primary,
    "end": discord.ButtonStyle.secondary,
    "wait": discord.ButtonStyle.success,
}


def decide(votes: Mapping[int, str], voters: int) -> str | None:
    """The choice a strict majority of ``voters`` made; ``wait`` once everyone voted without a
    majority; None while undecided.

    >>> decide({1: "drop"}, 1)
    'drop'
    >>> decide({1: "drop", 2: "end"}, 3) is None
    True
    >>> decide({1: "drop", 2: "end"}, 2)
    'wait'
    """
    for choice, count in Counter(votes.values()).most_common():
        if 2 * count > voters:
            return choice
    return "wait" if len(votes) >= voters else None


async def voters_for(bot: TableBot, game: Loaded, late: int) -> set[int]:
    """The users who vote about the late seat: every other seat still in the game, except
    the bot's."""
    return {
        user
        for seat in await active_seats(bot, game)
        if seat != late and (user := game.user_of(seat)) is not None and not is_bot(user)
    }


def vote_view(lang: str, game_id: int, seq: int, seat: int) -> discord.ui.View:
    """One button per choice; the custom ids carry everything the vote needs."""
    view = discord.ui.View(timeout=None)
    for choice in VOTE_CHOICES:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=locales.t(lang, f"button.vote_{choice}"), style=_STYLES[choice]
        )
        view.add_item(VoteButton(game_id, seq, seat, choice, button))
    return view


class VoteButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"v:(?P<game>{ID}):(?P<seq>{ID}):(?P<seat>[0-9]{{1,2}}):(?P<choice>[a-z]+)",
):
    """A vote about a seat whose deadline passed; outdated once the game's seq moved on."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        seat: int,
        choice: str,
        item: discord.ui.Button[Any] | None = None,
    ) -> None:
        item = item or discord.ui.Button(label=choice)
        item.custom_id = f"v:{game_id}:{seq}:{seat}:{choice}"
        super().__init__(item)
        self.game_id, self.seq, self.seat, self.choice = game_id, seq, seat, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> VoteButton:
        return cls(int(match["game"]), int(match["seq"]), int(match["seat"]), match["choice"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(bot, interaction, self.game_id)
        public = await bot.public_lang(game.row.guild_id)
        opening = (interaction.message.content if interaction.message else "").split("\n")[0]
        if game.seq != self.seq or game.row.status != "running" or self.choice not in VOTE_CHOICES:
            over = locales.t(public, "timers.vote_over")
            await interaction.response.edit_message(content=f"{opening}\n{over}", view=None)
            return
        voters = await voters_for(bot, game, self.seat)
        if interaction.user.id not in voters:
            await send_error(interaction, UserError("not_a_voter"))
            return
        poll = f"{self.game_id}:{self.seq}:{self.seat}"
        cast = await bot.store.cast_vote(poll, interaction.user.id, self.choice)
        votes = {voter: choice for voter, choice in cast.items() if voter in voters}
        decided = decide(votes, len(voters))
        if decided is None:
            tally = ", ".join(
                f"{locales.t(public, f'button.vote_{choice}')}: {count}"
                for choice, count in sorted(Counter(votes.values()).items())
            )
            line = locales.t(public, "timers.vote_tally", tally=tally, count=len(voters))
            await interaction.response.edit_message(content=f"{opening}\n{line}")
            return
        who = _mention(game, self.seat)
        result = locales.t(public, f"timers.vote_result.{decided}", who=who)
        await interaction.response.edit_message(content=f"{opening}\n🗳️ {result}", view=None)
        try:
            await carry_out(bot, game, self.seat, decided)
        except UserError:
            return  # another press decided first, or the late player moved meanwhile


async def carry_out(bot: TableBot, game: Loaded, seat: int, choice: str) -> None:
    """Do what the vote decided, noted in the game's log first."""
    handle = game.handles[seat]
    ends = choice == "end"
    if choice == "bot":
        await bot.moderation.hand_to_bot(
            game, seat, None, f"vote_bot @{handle}", expected_seq=game.seq
        )
        bot_plays(bot, game.row.id)
        await announce(bot, game.row.id)
        return
    noted = await bot.service.note(
        game.row.id,
        None,
        f"vote_{choice} @{handle}",
        status="ended" if ends else None,
        expected_seq=game.seq,
    )
    if choice == "drop":
        result = await bot.service.resign(game.row.id, seat, None, expected_seq=noted.seq)
        await publish_result(bot, result)
    elif choice == "skip":
        await play_turn_for(bot, noted.row.id, seat)
    elif ends:
        await announce(bot, game.row.id)


def _mention(game: Loaded, seat: int) -> str:
    return seat_name(game.user_of(seat), game.handles[seat])


class DeadlinePassed:
    """The handler of :data:`host.planner.DEADLINE` timers: apply the game's policy."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    async def fire(self, timer: TimerRow) -> None:
        game = await current_game(self.bot, timer)
        rule = await self.bot.store.deadline(timer.game_id)
        if game is None or timer.seat is None or rule is None or is_bot(game.user_of(timer.seat)):
            return
        seat = timer.seat
        voters = await voters_for(self.bot, game, seat)
        policy = rule.policy
        if policy == "vote" and not voters:
            policy = "remind"
        try:
            await self.apply(game, seat, rule, policy, voters)
        except UserError:
            return  # the game moved on between the check and the note: nothing is late

    async def apply(
        self, game: Loaded, seat: int, rule: DeadlineRow, policy: str, voters: set[int]
    ) -> None:
        bot = self.bot
        service = bot.service
        game_id = game.row.id
        handle = game.handles[seat]
        lang = await bot.public_lang(game.row.guild_id)
        title = text.game_title(lang, game.row.game, game_id)
        who = _mention(game, seat)
        if policy == "drop":
            noted = await service.note(game_id, None, f"drop @{handle}", expected_seq=game.seq)
            result = await service.resign(game_id, seat, None, expected_seq=noted.seq)
            await post_in_thread(
                bot, game, "🚪 " + locales.t(lang, "timers.dropped", who=who, game=title)
            )
            await publish_result(bot, result)
            return
        if policy == "end":
            await service.note(
                game_id, None, f"expired @{handle}", status="ended", expected_seq=game.seq
            )
            await post_in_thread(
                bot, game, "🛑 " + locales.t(lang, "timers.expired", who=who, game=title)
            )
            await announce(bot, game_id)
            return
        noted = await service.note(game_id, None, f"deadline @{handle}", expected_seq=game.seq)
        # The deadline starts over: after "keep waiting", or while nobody votes.
        due = bot.clock.now() + stored_duration(rule.turn_seconds, "deadline")
        await bot.timers.add(NewTimer(game_id, DEADLINE, due, seat=seat, seq=noted.seq))
        if policy == "vote":
            content = "⏰ " + locales.t(
                lang,
                "timers.vote_open",
                who=who,
                game=title,
                voters=[f"<@{u}>" for u in sorted(voters)],
                count=len(voters),
            )
            channel_id = game.row.thread_id
            if channel_id is not None:
                channel = bot.get_partial_messageable(channel_id)
                view = vote_view(lang, game_id, noted.seq, seat)
                await channel.send(content[:2000], view=view, **once())
            return
        content = "⏰ " + locales.t(
            lang, "timers.deadline_remind", who=who, game=title, what=asked_text(lang, game, seat)
        )
        await post_in_thread(bot, game, content)


class Deadlines(commands.Cog):
    """``/vacation``; the deadline and vote machinery of every game."""

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(name="vacation")
    @app_commands.describe(days="How many days", game="Game number")
    @app_commands.autocomplete(game=my_games_autocomplete)
    @app_commands.guild_only()
    async def vacation(
        self,
        interaction: discord.Interaction[Any],
        days: app_commands.Range[int, 1, 365],
        game: int | None = None,
    ) -> None:
        """Pause your clock in a game: your reminders and deadlines move back by that many days."""
        bot = self.bot
        lang = user_lang(interaction)
        game_id = await resolve_game(interaction, game)
        loaded = await game_here(bot, interaction, game_id)
        seat = loaded.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("not_a_player")
        if loaded.row.status not in RUNNING:
            raise UserError("game_not_running")
        await interaction.response.defer(ephemeral=True, thinking=True)
        allowance = timedelta(days=bot.config.vacation_days)
        try:
            away = await take_vacation(
                bot.service, loaded, interaction.user.id, seat, days, allowance, bot.clock.now()
            )
        except VacationUsedUp as exc:
            raise UserError("vacation_used_up", left=duration_text(lang, exc.left)) from None
        until = f"<t:{int(away.until.timestamp())}:f>"
        public = await bot.public_lang(loaded.row.guild_id)
        await post_in_thread(
            bot,
            loaded,
            "🏖️ "
            + locales.t(
                public,
                "timers.vacation",
                who=interaction.user.mention,
                until=until,
                days=duration_text(public, timedelta(days=days)),
            ),
        )
        left = allowance - timedelta(seconds=away.used_seconds)
        await reply(
            interaction,
            "🏖️ "
            + locales.t(
                lang,
                "timers.vacation_done",
                game=game_id,
                until=until,
                left=duration_text(lang, left),
            ),
        )


async def setup(bot: TableBot) -> None:
    planner = Planner(bot)
    reminders = Reminders(bot)
    passed = DeadlinePassed(bot)
    cleanup = Cleanup(bot)
    bot.service.on_change(planner.changed)
    bot.timers.register(REMINDER, reminders.fire)
    bot.timers.register(DEADLINE, passed.fire)
    bot.timers.register(IDLE_WARNING, cleanup.idle_warning)
    bot.timers.register(IDLE_END, cleanup.idle_end)
    bot.timers.register(LOBBY_WARNING, cleanup.lobby_warning)
    bot.timers.register(LOBBY_END, cleanup.lobby_end)
    bot.add_dynamic_items(VoteButton)
    await bot.add_cog(Deadlines(bot))
    await planner.reconcile()
    await start_bot_seats(bot)
