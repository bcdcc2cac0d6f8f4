"""A second server the bot is in: its own GUILD_CREATE, channels, owner, roles and members,
interactions that carry it, and permissions computed in it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import aiohttp
import discord
import pytest
from playground_demo_bot import DemoBot

from playground import Emulator, EmulatorError, FakeUser, Guild, running_bot
from playground.commands import build_call
from playground.state import BOT_PERMISSIONS, SEND_MESSAGES


@pytest.fixture
def other(emulator: Emulator) -> Guild:
    """A second server owned by olga, with #games and a member, mia."""
    guild = emulator.add_guild("Elsewhere", owner="olga")
    emulator.add_channel("games", guild=guild)
    emulator.add_user("mia", guild=guild)
    return guild


def games_of(emulator: Emulator, guild: Guild) -> int:
    return next(c.id for c in emulator.channels if c.guild_id == guild.id and c.name == "games")


async def _until(condition: Callable[[], object], timeout: float = 2.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, "condition not met in time"
        await asyncio.sleep(0.01)


async def whoami(emulator: Emulator, user: FakeUser, channel: int) -> str:
    r = await emulator.slash(user, "game whoami", channel=channel)
    await r.done()
    assert r.error is None, r.error
    return r.message.content


async def test_each_guild_arrives_with_its_own_channels_and_owner(
    emulator: Emulator, players: dict[str, FakeUser], other: Guild
) -> None:
    async with running_bot(DemoBot(), emulator) as bot:
        ready = next(
            frame["d"]
            for session in emulator.gateway.sessions.values()
            for frame in session.buffer
            if frame["t"] == "READY"
        )
        assert {g["id"] for g in ready["guilds"]} == {str(emulator.guild_id), str(other.id)}
        first, second = bot.get_guild(emulator.guild_id), bot.get_guild(other.id)
        assert first is not None and second is not None
        assert second.owner_id == other.owner_id != first.owner_id
        assert {c.name for c in second.text_channels} == {"games"}
        assert {c.name for c in first.text_channels} == {"general", "games"}
        assert second.member_count == 3  # olga, mia and the bot
        assert first.member_count == len(players) + 1
        assert {r.id for r in second.roles}.isdisjoint({r.id for r in first.roles})


async def test_interactions_carry_the_guild_and_the_member_as_it_knows_them(
    emulator: Emulator, players: dict[str, FakeUser], other: Guild
) -> None:
    """The moderator of the first server is a plain member of the second; the second's
    owner has every permission there and none in the first, where she is no member."""
    dave, olga = players["dave"], emulator.user("olga")
    emulator.join_guild(dave, other)
    async with running_bot(DemoBot(), emulator):
        here, there = emulator.games_channel_id, games_of(emulator, other)
        assert f"in {emulator.guild_id}: manage_guild=True" in await whoami(emulator, dave, here)
        assert f"in {other.id}: manage_guild=False" in await whoami(emulator, dave, there)
        assert f"in {other.id}: manage_guild=True" in await whoami(emulator, olga, there)
        assert str(emulator.moderator_role_id) in await whoami(emulator, dave, here)
        assert str(emulator.moderator_role_id) not in await whoami(emulator, dave, there)
        # /settings needs Manage Server: offered to the owner, not to dave in her server.
        r = await emulator.slash(olga, "settings", channel=there)
        assert (await r.done()).error is None
        with pytest.raises(EmulatorError, match="cannot use /settings"):
            await emulator.slash(dave, "settings", channel=there)
        with pytest.raises(EmulatorError, match="cannot see channel"):
            await emulator.slash(olga, "game hand", channel=here)
        assert emulator.visible_messages(olga, here) == []


async def test_options_resolve_members_of_the_guild_only(
    emulator: Emulator, players: dict[str, FakeUser], other: Guild
) -> None:
    """A user option names a member only for members of the interaction's guild, and a
    channel option takes that guild's channels only."""
    async with running_bot(DemoBot(), emulator):
        there = games_of(emulator, other)
        values = {"who": emulator.user("mia"), "where": there}
        call = build_call(emulator.state, "game invite", values, guild=other.id)
        mia = str(emulator.user("mia").id)
        assert mia in call.data["resolved"]["members"]
        values["who"] = players["alice"]
        call = build_call(emulator.state, "game invite", values, guild=other.id)
        alice = str(players["alice"].id)
        assert alice in call.data["resolved"]["users"]
        assert alice not in call.data["resolved"].get("members", {})
        values["where"] = emulator.games_channel_id
        with pytest.raises(EmulatorError, match="this guild's channels"):
            build_call(emulator.state, "game invite", values, guild=other.id)


async def test_the_bot_has_its_own_role_in_each_guild(
    emulator: Emulator, players: dict[str, FakeUser], other: Guild
) -> None:
    emulator.set_bot_permissions(BOT_PERMISSIONS & ~SEND_MESSAGES, guild=other)
    async with running_bot(DemoBot(), emulator) as bot:
        olga = emulator.user("olga")
        there = games_of(emulator, other)
        assert f"bot={BOT_PERMISSIONS & ~SEND_MESSAGES}" in await whoami(emulator, olga, there)
        here = await whoami(emulator, players["alice"], emulator.games_channel_id)
        assert f"bot={BOT_PERMISSIONS}" in here
        channel = bot.get_channel(there)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.Forbidden) as refused:
            await channel.send("hi")
        assert refused.value.code == 50013


@pytest.fixture
async def http(emulator: Emulator) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        yield session


async def test_rest_answers_per_guild(
    emulator: Emulator, players: dict[str, FakeUser], other: Guild, http: aiohttp.ClientSession
) -> None:
    """Guild routes answer for the guild in the URL; a thread takes members of its guild only;
    commands are synced per guild, and a guild the bot is not in is refused."""
    api, app = emulator.api_url, emulator.application_id
    async with http.get(f"{api}/guilds/{other.id}/channels") as response:
        assert {c["name"] for c in await response.json()} == {"games"}
    mia = emulator.user("mia")
    async with http.get(f"{api}/guilds/{emulator.guild_id}/members/{mia.id}") as response:
        assert (response.status, (await response.json())["code"]) == (404, 10007)
    async with http.get(f"{api}/guilds/{other.id}/members/{mia.id}") as response:
        assert response.status == 200
    body = {"name": "t", "type": 11, "auto_archive_duration": 1440}
    async with http.post(f"{api}/channels/{games_of(emulator, other)}/threads", json=body) as r:
        thread = await r.json()
    alice = players["alice"]
    async with http.put(f"{api}/channels/{thread['id']}/thread-members/{alice.id}") as response:
        assert (response.status, (await response.json())["code"]) == (404, 10007)
    async with http.put(f"{api}/channels/{thread['id']}/thread-members/{mia.id}") as response:
        assert response.status == 204
    command = [{"name": "here", "description": "Only in Elsewhere", "type": 1}]
    async with http.put(f"{api}/applications/{app}/guilds/{other.id}/commands", json=command):
        pass
    assert [c["name"] for c in emulator.state.chat_commands(other.id)] == ["here"]
    assert emulator.guild_commands == []
    async with http.put(f"{api}/applications/{app}/guilds/1/commands", json=command) as response:
        assert (response.status, (await response.json())["code"]) == (403, 50001)


async def test_a_guild_added_while_connected_arrives_with_guild_create(
    emulator: Emulator, players: dict[str, FakeUser]
) -> None:
    async with running_bot(DemoBot(), emulator) as bot:
        late = emulator.add_guild("Late", owner="lena")
        await _until(lambda: bot.get_guild(late.id) is not None)
        guild = bot.get_guild(late.id)
        assert guild is not None and guild.owner_id == late.owner_id
