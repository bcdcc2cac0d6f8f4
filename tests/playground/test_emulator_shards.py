"""The gateway speaks sharding as Discord does: ``GET /gateway/bot`` recommends a shard count,
each IDENTIFY names ``[shard_id, shard_count]`` and gets exactly its guilds
(``(guild_id >> 22) % shard_count``), events go only to the shard of their guild (DMs to
shard 0), and a bad shard or too few shards close the socket with Discord's codes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import aiohttp
import discord
import pytest

from playground import Emulator, Guild, running_bot
from playground.gateway import INVALID_SHARD, SHARDING_REQUIRED


def on_shard(guild_id: int, count: int) -> int:
    return (guild_id >> 22) % count


async def _until(condition: Callable[[], object], timeout: float = 3.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, "condition not met in time"
        await asyncio.sleep(0.01)


@pytest.fixture
def guilds(emulator: Emulator) -> list[Guild]:
    """A guild on each of two shards besides the emulator's own."""
    return [
        emulator.add_guild("Even", owner="evan", shard=(0, 2)),
        emulator.add_guild("Odd", owner="olga", shard=(1, 2)),
    ]


def test_a_guild_can_be_put_on_a_shard(emulator: Emulator, guilds: list[Guild]) -> None:
    assert [on_shard(g.id, 2) for g in guilds] == [0, 1]
    assert guilds[0].id < guilds[1].id  # ids still grow


async def test_gateway_bot_recommends_the_shard_count(emulator: Emulator) -> None:
    emulator.gateway.shards = 3
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with (
        aiohttp.ClientSession(headers=headers) as http,
        http.get(f"{emulator.url}/api/v10/gateway/bot") as r,
    ):
        body = await r.json()
    assert body["shards"] == 3 and body["url"].startswith("ws://")


async def test_each_shard_gets_its_own_guilds_and_their_events(
    emulator: Emulator, guilds: list[Guild]
) -> None:
    """Two clients, one per shard, as two bot processes would run: each sees only the
    guilds of its shard, and a message in a guild reaches only the client of its shard."""
    emulator.gateway.shards = 2
    seen: dict[int, list[int]] = {0: [], 1: []}
    clients = []
    for shard_id in (0, 1):
        client = discord.AutoShardedClient(
            intents=discord.Intents.default(),
            shard_ids=[shard_id],
            shard_count=2,
            guild_ready_timeout=0.05,
        )

        async def on_message(message: discord.Message, shard_id: int = shard_id) -> None:
            if message.guild is not None:
                seen[shard_id].append(message.guild.id)

        client.event(on_message)
        clients.append(client)
    async with running_bot(clients[0], emulator), running_bot(clients[1], emulator):
        everyone = [emulator.guild_id, *(g.id for g in guilds)]
        for shard_id, client in enumerate(clients):
            mine = {g for g in everyone if on_shard(g, 2) == shard_id}
            assert {g.id for g in client.guilds} == mine
        identified = [p["d"]["shard"] for p in emulator.gateway_received if p["op"] == 2]
        assert sorted(identified) == [[0, 2], [1, 2]]
        for guild in guilds:
            channel = emulator.add_channel("talk", guild=guild)
            await emulator.post_message(emulator.state.users[guild.owner_id], channel, "hello")
        await _until(lambda: len(seen[0]) + len(seen[1]) >= 2)
        await asyncio.sleep(0.1)  # nothing else arrives
        assert seen == {0: [guilds[0].id], 1: [guilds[1].id]}


async def identify(emulator: Emulator, shard: object) -> int | None:
    """IDENTIFY with ``shard`` on a raw socket; the close code (None: READY came)."""
    async with aiohttp.ClientSession() as http, http.ws_connect(emulator.gateway_url) as ws:
        await ws.receive_json()  # HELLO
        d = {"token": emulator.token, "intents": 1, "properties": {}}
        if shard is not None:
            d["shard"] = shard
        await ws.send_str(json.dumps({"op": 2, "d": d}))
        frame = await ws.receive()
        if frame.type == aiohttp.WSMsgType.TEXT:
            assert json.loads(frame.data)["t"] == "READY"
            return None
        return ws.close_code


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [0], "0,1", [True, 2]])
async def test_an_invalid_shard_is_closed_with_4010(emulator: Emulator, shard: object) -> None:
    assert await identify(emulator, shard) == INVALID_SHARD


async def test_too_few_shards_are_closed_with_4011(emulator: Emulator) -> None:
    emulator.gateway.required = 2
    assert await identify(emulator, None) == SHARDING_REQUIRED
    assert await identify(emulator, [0, 1]) == SHARDING_REQUIRED
    assert await identify(emulator, [1, 2]) is None
