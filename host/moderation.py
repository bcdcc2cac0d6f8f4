"""Moderators' repairs as a host service: each act's writes and the note that records it in
the game's log are one transaction, so a crash leaves all of an act or none of it.

Who is a moderator is Discord's to say (``discordui.checks``); the commands (``cogs.mod``)
check it before they call here. Kicking, ending, rolling back and handing a seat to the bot
are the game service's (they run the engine); what is here writes rows beside the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from host.errors import UserError
from host.lobbies import Lobbies
from host.service import OPEN, GameService, Loaded
from host.set_aside import SetAsideGame
from host.timing import format_duration, stored_duration
from store import DeadlineRow


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

    def set_aside_in(self, guild_id: int) -> list[SetAsideGame]:
        """The server's games that cannot be loaded (met by this process or by the store)."""
        return self.service.set_aside.of_guild(guild_id, self.store.set_aside())

    async def set_language(self, guild_id: int, language: str) -> None:
        """The language of the server's public posts."""
        await self.store.set_guild_setting(guild_id, "language", language)
