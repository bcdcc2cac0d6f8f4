"""The contract: a real discord.py bot against the emulator, asserted on the wire.

If discord.py changes what it sends or requires, these tests are the ones that notice.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable

import aiohttp
import discord
import pytest
from playground_demo_bot import DemoBot, png_bytes

from playground import Emulator, EmulatorError, FakeUser, running_bot

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _options(command: dict, *path: str) -> list[dict]:
    """The option list at a subcommand path of a synced command."""
    options = command["options"]
    for name in path:
        options = next(o for o in options if o["name"] == name)["options"]
    return options


async def test_login_then_sync_then_identify(emulator: Emulator, bot: DemoBot) -> None:
    """Login reads the user and application, syncs global then guild commands, identifies."""
    app, guild = emulator.application_id, emulator.guild_id
    assert [f"{r.method} {r.path}" for r in emulator.recorded[:4]] == [
        "GET /users/@me",
        "GET /oauth2/applications/@me",
        f"PUT /applications/{app}/commands",
        f"PUT /applications/{app}/guilds/{guild}/commands",
    ]
    assert all(r.authorized for r in emulator.recorded[:4])
    identify = next(p for p in emulator.gateway_received if p["op"] == 2)
    assert identify["d"]["token"] == emulator.token
    assert identify["d"]["intents"] == discord.Intents.default().value
    assert bot.get_guild(guild) is not None
    assert bot.get_channel(emulator.games_channel_id).name == "games"
    assert emulator.errors == []


async def test_synced_commands_keep_the_full_option_tree(emulator: Emulator, bot: DemoBot) -> None:
    """Subcommand groups, choices, ranges, autocomplete flags and localizations are stored."""
    game = next(c for c in emulator.guild_commands if c["name"] == "game")
    assert game["description_localizations"] == {"hu": "Játssz egy játékot"}
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"] == {"hu": "uj"}
    kind, seats = _options(game, "new")
    assert [c["value"] for c in kind["choices"]] == ["civ", "stone"]
    assert (seats["min_value"], seats["max_value"]) == (2, 4)
    assert _options(game, "admin", "reset")[0]["name"] == "table"
    move = next(c for c in emulator.global_commands if c["name"] == "move")
    assert [o.get("autocomplete", False) for o in move["options"]] == [False, True]
    settings = next(c for c in emulator.commands if c["name"] == "settings")
    assert settings["default_member_permissions"] == str(1 << 5)


async def test_slash_subcommand_replies_with_png_embed_and_components(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """/game new answers with multipart: an embed showing the PNG, a button and a select."""
    r = await emulator.slash(players["alice"], "game new", game="civ", seats=2)
    await r.done()
    assert r.error is None and r.callback_type == 4 and r.elapsed_ms is not None
    callback = emulator.requests("POST", "/callback$")[-1]
    assert callback.query == {"with_response": "1"}
    assert callback.json["data"]["attachments"] == [{"id": 0, "filename": "board.png"}]
    assert callback.files[0].data.startswith(PNG_SIGNATURE)
    message = r.message
    assert message.channel_id == emulator.games_channel_id and message.ephemeral_to is None
    assert message.attachments[0].is_png and message.attachments[0].dimensions == (8, 4)
    assert message.embeds[0]["image"]["url"] == message.attachments[0].url
    assert message.find_component(label="Join")["custom_id"] == "demo:join:1"
    assert [s["custom_id"] for s in message.selects] == ["demo:pick"]
    async with aiohttp.ClientSession() as session, session.get(message.attachments[0].url) as got:
        assert await got.read() == message.attachments[0].data


async def test_thread_from_the_reply_and_a_message_in_it(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """The bot starts a thread on its reply (THREAD_CREATE reaches its cache) and posts in it."""
    r = await emulator.slash(players["alice"], "game new", game="stone", seats=3)
    welcome = await emulator.wait_for_message(contains="is open")
    (thread,) = emulator.threads
    assert (thread.id, thread.type, thread.parent_id) == (r.message.id, 11, r.message.channel_id)
    assert welcome.channel_id == thread.id and thread.name == "table-1"
    assert r.message.thread_id == thread.id
    assert isinstance(bot.get_channel(thread.id), discord.Thread)
    assert emulator.requests("GET", "/messages/@original$")


async def test_autocomplete_returns_the_bots_choices(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """The focused option's partial text and the other options reach the autocomplete."""
    choices = await emulator.autocomplete(
        players["bob"], "move", focused="action", action="p", game="civ"
    )
    assert choices == [
        {"name": "play (civ)", "value": "play"},
        {"name": "pass (civ)", "value": "pass"},
        {"name": "plunder (civ)", "value": "plunder"},
    ]
    assert emulator.requests("POST", "/callback$")[-1].json["type"] == 8


async def test_dynamic_button_press_answers_ephemerally(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """A press reaches the DynamicItem; its ephemeral answer is visible to the presser only."""
    table = await emulator.slash(players["alice"], "game new", game="civ", seats=2)
    await table.done()
    r = await emulator.press(players["bob"], table.message, label="Join")
    await r.done()
    assert bot.events == [("join", 1, players["bob"].id)]
    answer = r.message
    assert answer.flags & 64 and answer.ephemeral_to == players["bob"].id
    assert answer in emulator.visible_messages(players["bob"], emulator.games_channel_id)
    assert answer not in emulator.visible_messages(players["alice"], emulator.games_channel_id)


async def test_select_updates_the_message_in_place(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """A select (component type 3) answered with type 7 edits the stored message."""
    table = await emulator.slash(players["alice"], "game new", game="civ", seats=2)
    await table.done()
    r = await emulator.select(players["alice"], table.message, "demo:pick", ["red", "blue"])
    await r.done()
    assert r.callback_type == 7
    assert emulator.message(table.message.id).content == "picked red, blue"
    assert emulator.message(table.message.id).find_component(label="Join") is not None
    with pytest.raises(EmulatorError):
        await emulator.select(players["alice"], table.message, "demo:pick", ["purple"])


async def test_defer_then_png_followup_fills_the_placeholder(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """defer(thinking=True) sends type 5; the followup with a PNG becomes the response.

    Discord documents this as deprecated, so the emulator counts it as a violation.
    """
    emulator.expect_violation("deprecated: the first followup filled")
    r = await emulator.slash(players["carol"], "game board")
    (message,) = await r.wait_for_messages(1)
    assert r.deferred and r.callback_type == 5
    assert message.content == "the board" and message.attachments[0].is_png
    assert not message.loading and message.interaction_id == r.id
    assert len(emulator.messages(emulator.games_channel_id)) == 1


async def test_ephemeral_flags_and_typed_options(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """Member and channel options arrive resolved; flags 64 marks the answer ephemeral."""
    hidden = await emulator.slash(
        players["alice"], "game invite", who=players["bob"], where=emulator.general_channel_id
    )
    public = await emulator.slash(
        players["alice"], "game invite", who="bob", where=emulator.general_channel_id, public="true"
    )
    await hidden.done()
    await public.done()
    assert hidden.message.content == "bob invited to #general"
    assert hidden.message.ephemeral_to == players["alice"].id
    assert public.message.ephemeral_to is None


async def test_driver_refuses_what_discord_would(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """Out-of-range values, unknown options and missing rights never reach the bot."""
    alice, dave = players["alice"], players["dave"]
    for bad in ({"game": "chess", "seats": 2}, {"game": "civ", "seats": 9}, {"game": "civ"}):
        with pytest.raises(EmulatorError):
            await emulator.slash(alice, "game new", **bad)
    with pytest.raises(EmulatorError, match="cannot use /settings"):
        await emulator.slash(alice, "settings")
    r = await emulator.slash(dave, "settings")
    assert (await r.done()).message.content == "settings"


async def test_missed_deadline_gives_the_bot_10062(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """With deadline 0 every callback is late: the bot sees NotFound 10062, as in production."""
    emulator.expect_violation("deadline missed")
    emulator.deadline = 0
    r = await emulator.slash(players["alice"], "game hand")
    await r.done()
    assert r.error is not None and r.error.startswith("deadline missed")
    assert r.messages == []
    await _until(lambda: bot.errors)
    original = bot.errors[0].__cause__ or getattr(bot.errors[0], "original", None)
    assert isinstance(original, discord.NotFound) and original.code == 10062


async def test_second_callback_gets_40060(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """Answering an interaction twice is refused with 400 code 40060."""
    emulator.expect_violation("second callback")
    r = await emulator.slash(players["alice"], "game hand")
    await r.done()
    url = f"{emulator.api_url}/interactions/{r.id}/{r.token}/callback"
    async with aiohttp.ClientSession() as session:
        body = {"type": 4, "data": {"content": "again"}}
        async with session.post(url, json=body) as response:
            assert response.status == 400
            assert (await response.json())["code"] == 40060
    assert "second callback" in r.errors[-1]


async def test_modal_open_and_submit(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """A modal (callback 9) is stored; submitting it reaches on_submit with the value."""
    r = await emulator.slash(players["alice"], "game rename")
    await r.done()
    assert r.callback_type == 9 and r.modal is not None
    submitted = await emulator.submit_modal(players["alice"], r, {"demo:name": "Rome"})
    assert (await submitted.done()).message.content == "renamed to Rome"
    with pytest.raises(EmulatorError):
        await emulator.submit_modal(players["alice"], r, {"demo:name": "x" * 21})


async def test_invalid_message_is_rejected_like_discord(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """Content over 2000 characters gets 400 code 50035 naming the field."""
    emulator.expect_violation("content")
    r = await emulator.slash(players["alice"], "game shout")
    await r.done()
    assert r.error is not None and "data.content" in r.error
    await _until(lambda: bot.errors)
    original = bot.errors[0].__cause__
    assert isinstance(original, discord.HTTPException) and original.code == 50035


async def test_private_thread_and_dm_visibility(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """A private thread is seen by its members only; a DM by its recipient only."""
    alice, bob = players["alice"], players["bob"]
    await (await emulator.slash(alice, "game private")).done()
    await emulator.wait_for_message(contains="just us")
    (thread,) = emulator.threads
    assert thread.type == 12 and alice.id in thread.member_ids
    assert [m.content for m in emulator.visible_messages(alice, thread)] == ["just us"]
    assert emulator.visible_messages(bob, thread) == []
    r = await emulator.slash(alice, "game dm")
    await r.wait_for_messages(1)
    dm = emulator.dm_channel(alice)
    assert dm is not None
    assert [m.content for m in emulator.visible_messages(alice, dm)] == ["psst"]
    assert emulator.visible_messages(bob, dm) == []


async def test_restarted_bot_still_routes_old_buttons(
    emulator: Emulator, players: dict[str, FakeUser], make_bot: Callable[[], DemoBot]
) -> None:
    """After a restart, a DynamicItem button on an old message reaches the new process."""
    async with running_bot(make_bot(), emulator):
        table = await emulator.slash(players["alice"], "game new", game="civ", seats=2)
        await emulator.wait_for_message(contains="is open")
    async with running_bot(make_bot(), emulator) as second:
        r = await emulator.press(players["bob"], table.message, "demo:join:1")
        await r.done()
        assert second.events == [("join", 1, players["bob"].id)]
        assert r.message.content == "bob joined table 1"
        assert isinstance(second.get_channel(emulator.threads[0].id), discord.Thread)


async def test_reconnect_resumes_the_session(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """Op 7 makes the client RESUME with its session; commands work afterwards."""
    await emulator.request_reconnect()
    resume = next(p for p in emulator.gateway_received if p["op"] == 6)
    identify = next(p for p in emulator.gateway_received if p["op"] == 2)
    assert resume["d"]["token"] == identify["d"]["token"]
    assert resume["d"]["seq"] >= 2
    r = await emulator.slash(players["alice"], "game hand")
    assert (await r.done()).error is None


async def test_retryable_429_is_slept_through(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """An injected 429 with Via and retry_after is retried by discord.py."""
    emulator.fail_next("POST", r"/channels/\d+/messages$", retry_after=0.01)
    channel = bot.get_channel(emulator.general_channel_id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("hello")
    statuses = [r.status for r in emulator.requests("POST", r"/channels/\d+/messages$")]
    assert statuses == [429, 200]
    assert emulator.message(sent.id).content == "hello"


async def test_unknown_route_is_a_404_json(emulator: Emulator) -> None:
    """A route the emulator lacks answers 404 JSON (never 5xx, which discord.py retries)."""
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with (
        aiohttp.ClientSession(headers=headers) as session,
        session.put(f"{emulator.api_url}/channels/1/pins/2") as response,
    ):
        assert response.status == 404
        assert response.headers["Content-Type"] == "application/json"
        body = json.loads(await response.text())
    assert body == {"message": "emulator: no route for PUT /channels/1/pins/2", "code": 0}


async def _until(condition: Callable[[], object], timeout: float = 2.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, "condition not met in time"
        await asyncio.sleep(0.01)


async def test_recorded_requests_tell_public_from_private(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """Ephemeral answers are marked private, so leak scans look at public requests only."""
    alice, bob = players["alice"], players["bob"]
    await (await emulator.slash(alice, "game hand")).done()
    invite = await emulator.slash(
        alice, "game invite", who=bob, where=emulator.general_channel_id, public=True
    )
    await invite.done()
    await emulator.autocomplete(bob, "move", focused="action", game="secret-game")
    public = " ".join(r.text() for r in emulator.public_requests())
    assert "hand of alice" not in public and "secret-game" not in public
    assert "bob invited to #general" in public
    assert [r.ephemeral_to for r in emulator.recorded if not r.public] == [alice.id, bob.id]


async def test_users_and_channels_added_while_connected_reach_the_cache(
    emulator: Emulator, bot: DemoBot
) -> None:
    """CHANNEL_CREATE reaches the bot; GUILD_MEMBER_ADD only with the members intent."""
    channel = emulator.add_channel("lobby")
    emulator.add_user("erin")
    await _until(lambda: bot.get_channel(channel.id) is not None)
    assert bot.get_channel(channel.id).name == "lobby"
    assert not bot.intents.members
    sent = {frame["t"] for s in emulator.gateway.sessions.values() for frame in s.buffer}
    assert "CHANNEL_CREATE" in sent and "GUILD_MEMBER_ADD" not in sent


async def test_running_bot_reraises_a_crash(emulator: Emulator) -> None:
    """A bot that dies during start-up fails the test with its own exception, promptly."""

    class CrashingBot(DemoBot):
        async def setup_hook(self) -> None:
            raise RuntimeError("boom in setup_hook")

    with pytest.raises(RuntimeError, match="boom in setup_hook"):
        async with running_bot(CrashingBot(), emulator, ready_timeout=2.0):
            pass


async def test_fetch_edit_and_delete_through_the_client(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """The REST reads and writes a bot makes parse in discord.py and update the emulator."""
    channel = await bot.fetch_channel(emulator.games_channel_id)
    assert isinstance(channel, discord.TextChannel) and channel.name == "games"
    png = discord.File(io.BytesIO(png_bytes()), "p.png")
    sent = await channel.send("first", file=png)
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == "first" and await fetched.attachments[0].read() == png_bytes()
    await fetched.edit(content="second", attachments=[])
    stored = emulator.message(sent.id)
    assert (stored.content, stored.attachments, stored.edited_at is not None) == (
        "second",
        [],
        True,
    )
    assert [m.id async for m in channel.history(limit=5)] == [sent.id]
    guild = await bot.fetch_guild(emulator.guild_id)
    member = await guild.fetch_member(players["dave"].id)
    assert member.guild_permissions.manage_guild and member.name == "dave"
    assert (await bot.fetch_user(players["bob"].id)).name == "bob"
    await fetched.delete()
    assert emulator.messages(emulator.games_channel_id) == []
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(sent.id)


async def test_auto_sharded_client_asks_for_the_gateway(emulator: Emulator) -> None:
    """AutoShardedClient calls GET /gateway/bot and identifies as shard [0, 1]."""
    client = discord.AutoShardedClient(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    async with running_bot(client, emulator):
        assert emulator.requests("GET", "^/gateway/bot$")
        identify = next(p for p in emulator.gateway_received if p["op"] == 2)
        assert identify["d"]["shard"] == [0, 1]
        assert client.get_guild(emulator.guild_id) is not None
