"""Server scoping: a game is reached only from its own server, moderated only by that server's
moderators, and an invite-only game is invisible to whoever may not follow it.

The world: the first server (alice, bob, carol, dave its moderator, erin) and a second server
the bot is also in, "Elsewhere", owned by olga, of which alice and bob are members too.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import locales
from discordui.client import TableBot
from host.clock import FakeClock
from host.config import MAX_OPEN_LOBBIES
from playground import Emulator, FakeUser, Guild, Message
from rules.core import Rng
from tests.e2e.table_driver import Table, finished
from tests.e2e.test_e2e_async_reminders import clocked_bot

pytestmark = pytest.mark.e2e


@dataclass
class World:
    """Both servers, their people, and the bot."""

    emu: Emulator
    bot: TableBot
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    dave: FakeUser
    erin: FakeUser
    olga: FakeUser
    elsewhere: Guild
    #: The second server's #games.
    there: int

    async def open(
        self,
        creator: FakeUser,
        joiners: list[FakeUser],
        *,
        invited: tuple[FakeUser, ...] = (),
        start: bool = True,
        **extra: Any,
    ) -> tuple[int, Message]:
        """A game in the first server's #games: invite-only when ``invited`` is given (the
        joiners are invited too); started unless ``start`` is False."""
        emu = self.emu
        options = {"game": "civ", "seats": 1 + len(joiners), "options": "", **extra}
        if invited:
            options["invite_only"] = True
        lobby = await finished(await emu.slash(creator, "game new", options=options))
        game_id = int(lobby.components[0]["components"][0]["custom_id"].split(":")[1])
        for guest in (*joiners, *invited) if invited else ():
            answer = await finished(
                await emu.slash(creator, "game invite", options={"user": guest, "game": game_id})
            )
            assert answer.content.startswith("✅"), answer.content
        for user in joiners:
            await finished(await emu.press(user, lobby, label="Join"))
        if start:
            await finished(await emu.press(creator, lobby, label="Start"))
        return game_id, lobby

    async def fingerprint(self, game_id: int) -> tuple[Any, ...]:
        """Everything a refused action must leave alone."""
        store = self.bot.store
        row = await store.get_game(game_id)
        assert row is not None
        return (
            row.status,
            row.seq,
            dict(row.options),
            tuple(await store.seats(game_id)),
            tuple(await store.invited(game_id)),
            tuple(sorted((await store.game_settings(game_id)).items())),
            await store.deadline(game_id),
        )

    async def legal_move(self, game_id: int) -> tuple[FakeUser, str]:
        """Whoever must act in a running game, and a legal action of theirs."""
        people = [self.alice, self.bob, self.carol, self.dave, self.erin]
        table = Table(self.emu, self.bot, people)
        table.game_id = game_id
        game = await table.game()
        seat = game.pending()[0].seat
        return table.user_for(game, seat), await table.pick_action(game, seat, Rng(0))


@contextlib.asynccontextmanager
async def two_servers(
    emulator: Emulator, tmp_path: Path, *, hungarian: tuple[str, ...] = ()
) -> AsyncIterator[World]:
    """The world above with the bot running on a fake clock (timers fire only when told);
    the users named in ``hungarian`` have a Hungarian client."""
    users = {
        name: emulator.add_user(
            name, manage_guild=name == "dave", locale="hu" if name in hungarian else "en-US"
        )
        for name in ("alice", "bob", "carol", "dave", "erin")
    }
    elsewhere = emulator.add_guild("Elsewhere", owner="olga")
    there = emulator.add_channel("games", guild=elsewhere).id
    for name in ("alice", "bob"):
        emulator.join_guild(users[name], elsewhere)
    # The access matrix opens one of alice's lobbies for every action it allows there, and
    # leaves them open: the cap on open lobbies is not what these worlds test.
    async with clocked_bot(
        emulator, tmp_path / "bot.sqlite3", FakeClock(), max_open_lobbies=MAX_OPEN_LOBBIES
    ) as bot:
        yield World(
            emulator, bot, **users, olga=emulator.user("olga"), elsewhere=elsewhere, there=there
        )


def unknown(game_id: int, lang: str = "en") -> str:
    """The answer to a game number this server has no game for."""
    return "⚠️ " + locales.t(lang, "error.unknown_game", game=game_id)


async def test_another_servers_owner_cannot_read_an_invite_only_game(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Olga owns "Elsewhere" (every permission there): /board and /log of the first server's
    invite-only game, by number, answer as for a number with no game at all."""
    async with two_servers(emulator, tmp_path) as w:
        game_id, _ = await w.open(w.alice, [w.bob], invited=(w.erin,))
        for command in ("board", "log"):
            answer = await finished(
                await emulator.slash(w.olga, command, channel=w.there, game=game_id)
            )
            assert answer.content == unknown(game_id), (command, answer.content)
            assert answer.ephemeral_to == w.olga.id and not answer.attachments
            nothing = await finished(
                await emulator.slash(w.olga, command, channel=w.there, game=game_id + 100)
            )
            assert nothing.content == unknown(game_id + 100)
        # Inside its own server a moderator still reads it.
        board = await finished(await emulator.slash(w.dave, "board", game=game_id))
        assert board.attachments


async def test_a_move_is_accepted_only_from_the_games_server(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The players are members of both servers: a legal /move typed in Elsewhere is refused
    and changes nothing; Elsewhere's autocomplete offers no game of the first server."""
    async with two_servers(emulator, tmp_path) as w:
        game_id, _ = await w.open(w.alice, [w.bob])
        mover, action = await w.legal_move(game_id)
        before = await w.fingerprint(game_id)
        moved = await finished(
            await emulator.slash(mover, "move", channel=w.there, action=action, game=game_id)
        )
        assert moved.content == unknown(game_id), moved.content
        choices = await emulator.autocomplete(mover, "move", focused="game", channel=w.there)
        assert choices == []
        assert await w.fingerprint(game_id) == before
        # The same move in the game's own server is accepted.
        here = await finished(await emulator.slash(mover, "move", action=action, game=game_id))
        assert here.content.startswith("✅"), here.content


async def test_another_servers_owner_cannot_moderate_a_game(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Olga's /mod check and /mod pause of the first server's game, typed in Elsewhere where
    she has every right, answer "no such game" and change nothing."""
    async with two_servers(emulator, tmp_path) as w:
        game_id, _ = await w.open(w.alice, [w.bob])
        before = await w.fingerprint(game_id)
        for command in ("mod check", "mod pause"):
            answer = await finished(
                await emulator.slash(w.olga, command, channel=w.there, game=game_id)
            )
            assert answer.content == unknown(game_id), (command, answer.content)
        assert await w.fingerprint(game_id) == before


async def test_a_moderator_of_the_games_server_has_no_rights_from_another(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Dave moderates the first server; in Elsewhere he is a plain member, and Discord does not
    offer him /mod there. Sent anyway, it is refused before any game is looked up."""
    async with two_servers(emulator, tmp_path) as w:
        emulator.join_guild(w.dave, w.elsewhere)
        game_id, _ = await w.open(w.alice, [w.bob])
        before = await w.fingerprint(game_id)
        answer = await finished(
            await emulator.slash(w.dave, "mod end", channel=w.there, game=game_id, offered=False)
        )
        assert answer.content.endswith(locales.t("en", "error.not_moderator"))
        assert await w.fingerprint(game_id) == before


async def test_an_ended_invite_only_game_is_exported_only_to_those_who_followed_it(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The transcript (seed included) of an ended invite-only game goes to its players, the
    invited and moderators; carol, who was not invited, is refused; olga gets "no such game"."""
    async with two_servers(emulator, tmp_path) as w:
        game_id, _ = await w.open(w.alice, [w.bob], invited=(w.erin,))
        await finished(await emulator.slash(w.dave, "mod end", game=game_id))
        refused = await finished(await emulator.slash(w.carol, "game export", game=game_id))
        expected = "⚠️ " + locales.t("en", "error.invite_only_game", game=game_id)
        assert refused.content == expected and not refused.attachments
        assert refused.ephemeral_to == w.carol.id
        outside = await finished(
            await emulator.slash(w.olga, "game export", channel=w.there, game=game_id)
        )
        assert outside.content == unknown(game_id) and not outside.attachments
        for reader in (w.alice, w.erin, w.dave):
            exported = await finished(await emulator.slash(reader, "game export", game=game_id))
            assert exported.attachments, (reader.name, exported.content)
        offered = await emulator.autocomplete(w.carol, "game export", focused="game")
        assert game_id not in {c["value"] for c in offered}
        offered = await emulator.autocomplete(w.erin, "game export", focused="game")
        assert game_id in {c["value"] for c in offered}


async def test_invite_only_games_are_left_out_of_lists_and_autocompletes(
    emulator: Emulator, tmp_path: Path
) -> None:
    """/game list, the /move and /game join autocompletes show carol the open game only; the
    invited, the players and the moderator see the invite-only lobby and game too."""
    async with two_servers(emulator, tmp_path) as w:
        open_game, _ = await w.open(w.alice, [w.bob])
        private, _ = await w.open(w.alice, [w.bob], invited=(w.erin,))
        lobby, _ = await w.open(w.alice, [], invited=(w.erin, w.bob), start=False, seats=2)

        async def seen(user: FakeUser, channel: int | None = None) -> dict[str, set[int]]:
            listed = await finished(await emulator.slash(user, "game list", channel=channel))
            found = {
                "list": {
                    g for g in (open_game, private, lobby) if re.search(rf"#{g}(?!\d)", listed.text)
                }
            }
            for command in ("move", "game join"):
                choices = await emulator.autocomplete(
                    user, command, focused="game", channel=channel
                )
                found[command] = {int(c["value"]) for c in choices}
            return found

        assert await seen(w.carol) == {
            "list": {open_game},
            "move": {open_game},
            "game join": {open_game},
        }
        everything = {
            "list": {open_game, private, lobby},
            "move": {open_game, private},
            "game join": {open_game, private, lobby},
        }
        for user in (w.erin, w.bob, w.dave):
            assert await seen(user) == everything, user.name
        assert await seen(w.olga, w.there) == {"list": set(), "move": set(), "game join": set()}
