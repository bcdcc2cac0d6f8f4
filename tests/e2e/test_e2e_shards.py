"""The bot on chosen shards (``discord.shard_count``, ``discord.shard_ids``): two bots, one per
shard of two, as two processes would run them, each serving the servers of its shard and
nothing else. (Each has its own database here: sharing one needs the cross-process caches and
timers of docs/scaling.md.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from playground import Emulator
from tests.e2e.table_driver import finished, table_bot

pytestmark = pytest.mark.e2e


def on_shard(guild_id: int, count: int) -> int:
    return (guild_id >> 22) % count


async def test_two_bots_on_two_shards_each_serve_their_own_servers(
    emulator: Emulator, tmp_path: Path
) -> None:
    emulator.gateway.shards = 2
    guilds = [
        emulator.add_guild("Even", owner="evan", shard=(0, 2)),
        emulator.add_guild("Odd", owner="olga", shard=(1, 2)),
    ]
    channels = [emulator.add_channel("games", guild=g) for g in guilds]
    async with (
        table_bot(emulator, tmp_path / "even.sqlite3", shard_count=2, shard_ids=(0,)) as even,
        table_bot(emulator, tmp_path / "odd.sqlite3", shard_count=2, shard_ids=(1,)) as odd,
    ):
        bots = (even, odd)
        for shard, bot in enumerate(bots):
            assert bot.shard_ids == [shard] and bot.shard_count == 2
            assert all(on_shard(g.id, 2) == shard for g in bot.guilds)
            assert guilds[shard].id in {g.id for g in bot.guilds}
        identified = [p["d"]["shard"] for p in emulator.gateway_received if p["op"] == 2]
        assert sorted(identified) == [[0, 2], [1, 2]]
        for shard, (guild, channel) in enumerate(zip(guilds, channels, strict=True)):
            owner = emulator.state.users[guild.owner_id]
            lobby = await finished(
                await emulator.slash(owner, "game new", channel=channel, game="civ", seats=2)
            )
            assert lobby.channel_id == channel.id
            # The bot of this server's shard opened it; the other knows nothing of it.
            assert len(await bots[shard].store.list_games(guild.id)) == 1
            assert await bots[1 - shard].store.list_games(guild.id) == []
