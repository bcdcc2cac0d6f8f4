"""Moderators' repairs as a host service: each act's writes and the note that records it in
the game's log are one transaction, so a crash leaves all of an act or none of it.

Who is a moderator is Discord's to say (``discordui.checks``); the commands (``cogs.mod``)
check it before they call here. Kicking, ending, rolling back and handing a seat to the bot
are the game service's (they run the engine); what is here writes rows beside the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from host.bots import next_bot_id
from host.errors import UserError
from host.game_settings import IMAGES
from host.lobbies import Lobbies
from host.planner import SEAT_KINDS
from host.service import OPEN, GameService, Loaded
from host.set_aside import SetAsideGame
from host.timing import format_duration, stored_duration
from store import DeadlineRow, TimerMatch


@dataclass(frozen=True, slots=True)
class Replaced:
    """A seat given to someone else: the game after the note, and whether the newcomer was
    invited (an invite-only game, whose private thread must let them in)."""

    game: Loaded
    invited: bool


class Moderation:
    """The moderators' acts of one bot."""

    def __init__(self, service: GameService, lobbies: Lobbies) -> None:
        self.service = service
        self.lobbies = lobbies
        self.store = service.store

    async def replace(
        self, game: Loaded, seat: int, substitute: int, moderator: int, mention: str
    ) -> Replaced:
        """Give ``seat`` to ``substitute`` (invited too in an invite-only game), with the note
        ``replace @<handle> → <mention>``; the game goes on unchanged."""
        if game.seat_of(substitute) is not None:
            raise UserError("already_playing", player=mention)
        game_id = game.row.id
        invite = await self.lobbies.invite_only(game_id)

        async def reseat() -> None:
            await self.store.replace_seat(game_id, seat, substitute)
            if invite:
                await self.store.invite(game_id, substitute, moderator)

        noted = await self.service.note(
            game_id,
            moderator,
            f"replace @{game.handles[seat]} → {mention}",
            announce=True,
            together=reseat,
        )
        return Replaced(noted, invite)

    async def hand_to_bot(
        self,
        game: Loaded,
        seat: int,
        by: int | None,
        text: str,
        *,
        expected_seq: int | None = None,
    ) -> Loaded:
        """Give ``seat`` to the bot (its handle stays) with the note ``text`` (``by`` None: the
        bot's own, after a vote): the seat's reminder and deadline go with its player, all in
        one transaction. The caller asks the bot to look at the game."""
        game_id = game.row.id
        bot_id = next_bot_id(s.user_id for s in game.seats)

        async def reseat() -> None:
            await self.store.replace_seat(game_id, seat, bot_id)
            cancel = [TimerMatch(kind, seat) for kind in SEAT_KINDS]
            await self.store.replace_timers(game_id, cancel=cancel)

        return await self.service.note(
            game_id, by, text, announce=True, expected_seq=expected_seq, together=reseat
        )

    async def set_deadline(
        self, game: Loaded, moderator: int, seconds: int | None, policy: str | None, default: str
    ) -> DeadlineRow | None:
        """Set (``seconds`` None: remove) the turn deadline; the policy stays as it was unless
        named (``default`` for a game that had none). A running game's log notes it in the
        same transaction."""
        if game.row.status not in OPEN:
            raise UserError("game_not_running")
        game_id = game.row.id
        current = await self.store.deadline(game_id)
        chosen = policy or (current.policy if current else default)
        if game.row.status == "lobby":
            return await self.store.set_deadline(game_id, seconds, chosen)
        rule: list[DeadlineRow | None] = []

        async def write() -> None:
            rule.append(await self.store.set_deadline(game_id, seconds, chosen))

        setting = "off"
        if seconds is not None:
            setting = f"{format_duration(stored_duration(seconds, 'deadline'))} {chosen}"
        await self.service.note(game_id, moderator, f"deadline_set {setting}", together=write)
        return rule[0]

    async def set_images(self, game: Loaded, moderator: int, policy: str) -> None:
        """When the table picture is drawn again (``host.game_settings.IMAGE_POLICIES``); a
        running game's log notes it in the same transaction."""
        if game.row.status not in OPEN:
            raise UserError("game_not_running")
        game_id = game.row.id

        async def write() -> None:
            await self.store.set_game_setting(game_id, IMAGES, policy)

        if game.row.status == "lobby":
            await write()
        else:
            await self.service.note(game_id, moderator, f"images {policy}", together=write)

    def set_aside_in(self, guild_id: int) -> list[SetAsideGame]:
        """The server's games that cannot be loaded (met by this process or by the store)."""
        return self.service.set_aside.of_guild(guild_id, self.store.set_aside())

    async def set_language(self, guild_id: int, language: str) -> None:
        """The language of the server's public posts."""
        await self.store.set_guild_setting(guild_id, "language", language)
