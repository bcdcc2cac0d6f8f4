"""Lobbies as a host service: who may open, join, leave, add a bot, cancel, change an option
or invite, and the writes of each act, in one transaction.

The Discord layer (``discordui.lobbies``, ``cogs.lobby``) says who acts (:class:`Actor`: the
user, and whether they moderate the game's server, which only Discord knows) and draws what
comes back; it writes nothing itself. Starting a game is the game service's
(:meth:`host.service.GameService.start`): it runs the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from host.bots import BOT_HANDLE, is_bot, next_bot_id
from host.errors import UserError
from host.game_settings import IMAGES, INVITE_ONLY, is_invite_only
from host.service import OPEN, GameService, Loaded
from store import DeadlineRow, GameRow, StoreError


@dataclass(frozen=True, slots=True)
class Actor:
    """Who acts: a Discord user, and whether they moderate the server of the game acted on."""

    user_id: int
    moderator: bool = False

    def manages(self, row: GameRow) -> bool:
        """The creator of a game and the server's moderators manage its lobby."""
        return self.moderator or self.user_id == row.created_by


@dataclass(frozen=True, slots=True)
class NewLobby:
    """What ``/game new`` asks for, checked by the caller against the engine and Discord."""

    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    seats: int
    handle: str
    #: Seconds per turn and the policy when it passes; None for no deadline.
    deadline: tuple[int, str] | None = None
    images: str | None = None
    invite_only: bool = False


@dataclass(frozen=True, slots=True)
class LobbyFacts:
    """What a lobby post shows beside the game row: deadline, settings, the invited."""

    deadline: DeadlineRow | None
    settings: dict[str, Any]
    invited: list[int]


@contextmanager
def _refused() -> Iterator[None]:
    """A store's refusal inside, raised as the player reads it (the same code and params)."""
    try:
        yield
    except StoreError as exc:
        raise UserError(exc.code, **exc.params) from None


class Lobbies:
    """The lobby acts of one bot, on its game service's store."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    async def open(self, new: NewLobby, creator: Actor, *, max_open: int | None) -> GameRow:
        """Store a new lobby with its creator seated, its deadline and settings, in one
        transaction. ``max_open`` caps the creator's open lobbies in the server (None: a
        moderator, who opens lobbies for events and closes anyone's)."""
        store = self.store
        try:
            async with store.atomic():
                row = await store.create_game(
                    guild_id=new.guild_id,
                    channel_id=new.channel_id,
                    game=new.game,
                    options=new.options,
                    seats_wanted=new.seats,
                    created_by=creator.user_id,
                    max_open=max_open,
                )
                await store.join(row.id, creator.user_id, new.handle)
                if new.deadline is not None:
                    await store.set_deadline(row.id, *new.deadline)
                # Kept beside the engine's options, which the engine alone checks.
                if new.images is not None:
                    await store.set_game_setting(row.id, IMAGES, new.images)
                if new.invite_only:
                    await store.set_game_setting(row.id, INVITE_ONLY, True)
        except StoreError as exc:
            if exc.code != "too_many_lobbies":
                raise
            games = [f"#{g}" for g in exc.params["games"]]
            raise UserError(exc.code, **{**exc.params, "games": games}) from None
        return row

    async def facts(self, game_id: int) -> LobbyFacts:
        return LobbyFacts(
            await self.store.deadline(game_id),
            await self.store.game_settings(game_id),
            await self.store.invited(game_id),
        )

    async def open_games(self, guild_id: int) -> list[GameRow]:
        """The server's lobbies and running or paused games."""
        return await self.store.list_games(guild_id, OPEN)

    async def players(self, game_id: int) -> int:
        """How many seats of the game are taken."""
        return len(await self.store.seats(game_id))

    async def invite_only_of(self, guild_id: int, creator: int) -> list[int]:
        """The server's open invite-only games that ``creator`` made."""
        rows = await self.open_games(guild_id)
        return [r.id for r in rows if r.created_by == creator and await self.invite_only(r.id)]

    # -- who may take part -----------------------------------------------------------------

    async def invite_only(self, game_id: int) -> bool:
        """Whether only invited users may join (and follow) the game."""
        return await is_invite_only(self.store, game_id)

    async def may_take_part(self, game: Loaded, user_id: int) -> bool:
        """Whether ``user_id`` may take a seat (everyone, unless the game is invite-only)."""
        if not await self.invite_only(game.row.id):
            return True
        if user_id == game.row.created_by or game.seat_of(user_id) is not None:
            return True
        return user_id in await self.store.invited(game.row.id)

    async def may_follow(self, row: GameRow, actor: Actor) -> bool:
        """Whether the user may see the game at all: any game, unless it is invite-only and
        they are none of its players, its creator, the invited, or a moderator of its server
        (the caller checked that the game is of the actor's server)."""
        if actor.moderator or not await self.invite_only(row.id):
            return True
        if actor.user_id == row.created_by:
            return True
        if any(s.user_id == actor.user_id for s in await self.store.seats(row.id)):
            return True
        return actor.user_id in await self.store.invited(row.id)

    async def thread_members(self, game: Loaded) -> list[int]:
        """Everyone an invite-only game's thread holds: creator, human players, the invited."""
        people = [game.row.created_by, *(s.user_id for s in game.seats)]
        people += await self.store.invited(game.row.id)
        return list(dict.fromkeys(p for p in people if not is_bot(p)))

    # -- the acts --------------------------------------------------------------------------

    async def join(self, game: Loaded, user_id: int, handle: str) -> None:
        if not await self.may_take_part(game, user_id):
            raise UserError("not_invited", game=game.row.id)
        with _refused():
            await self.store.join(game.row.id, user_id, handle)

    async def leave(self, game: Loaded, user_id: int) -> None:
        with _refused():
            await self.store.leave(game.row.id, user_id)

    async def add_bot(self, game: Loaded, actor: Actor) -> None:
        """Seat a bot player (the creator or a moderator)."""
        if not actor.manages(game.row):
            raise UserError("only_creator_bots")
        with _refused():
            await self.store.join(
                game.row.id, next_bot_id(s.user_id for s in game.seats), BOT_HANDLE
            )

    async def cancel(self, game: Loaded, actor: Actor) -> None:
        """Close an open lobby (the creator or a moderator)."""
        if not actor.manages(game.row):
            raise UserError("only_creator_cancels")
        if game.row.status != "lobby":
            raise UserError("not_in_lobby")
        with _refused():
            await self.store.update_game(game.row.id, status="cancelled")

    async def set_options(self, game: Loaded, actor: Actor, options: dict[str, Any]) -> None:
        """Store the lobby's engine options (checked by the caller against the engine's
        option specs; the creator or a moderator)."""
        if game.row.status != "lobby":
            raise UserError("not_in_lobby")
        if not actor.manages(game.row):
            raise UserError("only_creator_options")
        with _refused():
            await self.store.update_game(game.row.id, options=options)

    async def invite(self, game: Loaded, actor: Actor, user_id: int) -> None:
        """Let ``user_id`` join or follow an invite-only game (the creator or a moderator)."""
        if game.row.status not in OPEN:
            raise UserError("game_not_running")
        if not actor.manages(game.row):
            raise UserError("only_creator_invites")
        if not await self.invite_only(game.row.id):
            raise UserError("not_invite_only", game=game.row.id)
        await self.store.invite(game.row.id, user_id, actor.user_id)

    # -- the lobby post --------------------------------------------------------------------

    async def post_is(self, game_id: int, message_id: int | None) -> GameRow:
        """Store which message is the lobby's post (None: it was deleted)."""
        return await self.store.update_game(game_id, lobby_message_id=message_id)

    async def post_of(self, game_id: int) -> int | None:
        """The stored id of the lobby's post, read afresh."""
        row = await self.store.get_game(game_id)
        return None if row is None else row.lobby_message_id
