"""Discord behaviours the emulator reproduces as strictly as Discord: emoji, archived threads,
rate limits, permissions, where interactions come from, latency, the members list.

REST rules are checked with plain HTTP requests carrying the bot's token (what discord.py
would send); interaction rules with the demo bot.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from playground_demo_bot import DemoBot

from playground import Emulator, FakeUser, running_bot
from playground.ratelimits import Limit
from playground.state import (
    ADD_REACTIONS,
    ATTACH_FILES,
    BOT_PERMISSIONS,
    CREATE_PUBLIC_THREADS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    NONCE_WINDOW,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
)
from playground.validation import emoji_problem, is_valid_emoji, message_problems

Json = dict[str, Any]


class Api:
    """The bot's side of the REST API, by hand."""

    def __init__(self, emulator: Emulator, session: aiohttp.ClientSession) -> None:
        self.emu, self.session = emulator, session

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any, Any]:
        """(status, JSON body or None, headers)."""
        headers = {"Authorization": f"Bot {self.emu.token}"}
        async with self.session.request(
            method, self.emu.api_url + path, json=body, headers=headers
        ) as response:
            data = await response.json() if response.content_type == "application/json" else None
            return response.status, data, response.headers

    async def post(self, channel_id: int, content: str = "hi", **extra: Any) -> tuple[int, Any]:
        status, data, _ = await self.call(
            "POST", f"/channels/{channel_id}/messages", {"content": content, **extra}
        )
        return status, data

    async def thread(self, channel_id: int, name: str = "t", **extra: Any) -> tuple[int, Any]:
        body = {"name": name, "type": 11, "auto_archive_duration": 10080, **extra}
        status, data, _ = await self.call("POST", f"/channels/{channel_id}/threads", body)
        return status, data


@pytest.fixture
async def api(emulator: Emulator) -> AsyncIterator[Api]:
    async with aiohttp.ClientSession() as session:
        yield Api(emulator, session)


# -- nonces -----------------------------------------------------------------------------


async def test_an_enforced_nonce_posts_once(emulator: Emulator, api: Api) -> None:
    """Discord's ``enforce_nonce``: the author's message with the same nonce (from the last
    few minutes) is returned and nothing new is posted; without it, each request posts."""
    channel = emulator.games_channel_id
    first = await api.post(channel, "once", nonce="t7.0", enforce_nonce=True)
    again = await api.post(channel, "once", nonce="t7.0", enforce_nonce=True)
    assert first[0] == again[0] == 200 and first[1]["id"] == again[1]["id"]
    other = await api.post(channel, "once", nonce="t7.1", enforce_nonce=True)
    loose = [await api.post(channel, "loose", nonce="n1") for _ in range(2)]
    posted = [m.content for m in emulator.messages(channel)]
    assert posted.count("once") == 2 and posted.count("loose") == 2
    assert other[1]["id"] != first[1]["id"]
    assert [s for s, _ in loose] == [200, 200]
    assert len(emulator.state.nonce_requests["t7.0"]) == 2


async def test_an_enforced_nonce_posts_again_after_the_window(emulator: Emulator, api: Api) -> None:
    """Discord looks back "the past few minutes" only: past them the same nonce posts anew."""
    channel = emulator.games_channel_id
    first = await api.post(channel, "once", nonce="t8.0", enforce_nonce=True)
    await emulator.advance(NONCE_WINDOW + 1)
    second = await api.post(channel, "once", nonce="t8.0", enforce_nonce=True)
    assert first[1]["id"] != second[1]["id"]
    assert [m.content for m in emulator.messages(channel)].count("once") == 2


async def test_a_nonce_is_at_most_25_characters(emulator: Emulator, api: Api) -> None:
    status, data = await api.post(emulator.games_channel_id, nonce="x" * 26, enforce_nonce=True)
    assert (status, data["code"]) == (400, 50035) and "nonce" in data["errors"]
    emulator.expect_violation("nonce")
    status, _ = await api.post(emulator.games_channel_id, nonce="x" * 25, enforce_nonce=True)
    assert status == 200


# -- emoji ------------------------------------------------------------------------------


@pytest.mark.parametrize("good", ["▶️", "🗺️", "🃏", "🎴", "✅", "🇭🇺"])
def test_unicode_emoji_are_accepted(good: str) -> None:
    assert is_valid_emoji(good)
    assert emoji_problem({"name": good}) is None


@pytest.mark.parametrize("bad", ["🂠", "a", "", "▶️▶️", ":joy:"])
def test_what_is_not_an_emoji_is_refused(bad: str) -> None:
    """U+1F0A0 (a playing card back) is a symbol, not an emoji: Discord refuses it."""
    assert not is_valid_emoji(bad)
    assert emoji_problem({"name": bad}) is not None


def test_custom_emoji_need_a_snowflake_id() -> None:
    assert emoji_problem({"id": "123456789012345678", "name": "meeple"}) is None
    assert emoji_problem({"id": "meeple", "name": "meeple"}) is not None


def test_an_attachment_description_is_at_most_1024_characters() -> None:
    """Discord's attachment object: "description for the file (max 1024 characters)"."""
    for length, refused in ((1024, False), (1025, True)):
        body = {"content": "x", "attachments": [{"id": 0, "description": "a" * length}]}
        problems = message_problems(body, file_count=1, creating=True)
        assert ("attachments.0.description" in problems) is refused, problems


def test_invalid_emoji_in_a_button_or_option_is_reported_at_its_field() -> None:
    button = {"type": 2, "style": 2, "label": "Hand", "custom_id": "h", "emoji": {"name": "🂠"}}
    select = {
        "type": 3,
        "custom_id": "s",
        "options": [{"label": "x", "value": "x", "emoji": {"name": "x"}}],
    }
    problems = message_problems(
        {"components": [{"type": 1, "components": [button]}, {"type": 1, "components": [select]}]},
        file_count=0,
        creating=True,
    )
    assert problems["components.0.components.0.emoji.name"].startswith(
        "BUTTON_COMPONENT_INVALID_EMOJI"
    )
    assert "components.1.components.0.options.0.emoji.name" in problems


async def test_a_message_with_an_invalid_emoji_gets_50035(emulator: Emulator, api: Api) -> None:
    button = {"type": 2, "style": 2, "label": "Hand", "custom_id": "h", "emoji": {"name": "🂠"}}
    status, data = await api.post(
        emulator.games_channel_id, components=[{"type": 1, "components": [button]}]
    )
    assert (status, data["code"]) == (400, 50035)
    leaf = data["errors"]["components"]["0"]["components"]["0"]["emoji"]["name"]["_errors"][0]
    assert leaf["code"] == "BUTTON_COMPONENT_INVALID_EMOJI"
    emulator.expect_violation("BUTTON_COMPONENT_INVALID_EMOJI")


async def test_reactions_take_unicode_or_custom_emoji(emulator: Emulator, api: Api) -> None:
    _, message = await api.post(emulator.games_channel_id)
    base = f"/channels/{emulator.games_channel_id}/messages/{message['id']}/reactions"
    status, data, _ = await api.call("PUT", f"{base}/%E2%9C%85/@me")
    assert (status, data["code"]) == (403, 50013)  # the README asks for no Add Reactions
    emulator.set_bot_permissions(BOT_PERMISSIONS | ADD_REACTIONS)
    emulator.rate_limits.enabled = False  # one reaction per 0.25 s is not what this is about
    assert (await api.call("PUT", f"{base}/%E2%9C%85/@me"))[0] == 204  # ✅
    assert (await api.call("PUT", f"{base}/meeple:123456789012345678/@me"))[0] == 204
    status, data, _ = await api.call("PUT", f"{base}/%F0%9F%82%A0/@me")  # 🂠
    assert (status, data["code"]) == (400, 10014)


# -- threads and archiving --------------------------------------------------------------


async def test_threads_take_only_discords_archive_durations(emulator: Emulator, api: Api) -> None:
    status, data = await api.thread(emulator.games_channel_id, auto_archive_duration=100)
    assert (status, data["code"]) == (400, 50035)
    assert "auto_archive_duration" in data["errors"]
    status, _ = await api.thread(emulator.games_channel_id)
    assert status == 200
    emulator.expect_violation("auto_archive_duration")


async def test_an_idle_thread_archives_and_a_new_message_reopens_it(
    emulator: Emulator, api: Api
) -> None:
    _, thread = await api.thread(emulator.games_channel_id, auto_archive_duration=60)
    thread_id = int(thread["id"])
    _, message = await api.post(thread_id, "first")
    assert await emulator.advance(59 * 60) == []
    assert [t.id for t in await emulator.advance(61)] == [thread_id]
    assert emulator.channel(thread_id).archived

    # Refused in an archived thread: edits, reactions, adding members.
    edit = await api.call(
        "PATCH", f"/channels/{thread_id}/messages/{message['id']}", {"content": "x"}
    )
    assert (edit[0], edit[1]["code"]) == (400, 50083)
    alice = emulator.add_user("alice")
    add = await api.call("PUT", f"/channels/{thread_id}/thread-members/{alice.id}")
    assert (add[0], add[1]["code"]) == (400, 50083)

    # A message from the bot unarchives it; so does unarchiving it by hand.
    assert (await api.post(thread_id, "back"))[0] == 200
    assert not emulator.channel(thread_id).archived
    await emulator.advance(3600)
    status, data, _ = await api.call("PATCH", f"/channels/{thread_id}", {"archived": False})
    assert status == 200 and data["thread_metadata"]["archived"] is False


async def test_a_locked_thread_refuses_messages(emulator: Emulator, api: Api) -> None:
    _, thread = await api.thread(emulator.games_channel_id)
    await emulator.archive(int(thread["id"]), locked=True)
    status, data = await api.post(int(thread["id"]))
    assert (status, data["code"]) == (400, 160005)
    status, data, _ = await api.call("PATCH", f"/channels/{thread['id']}", {"archived": False})
    assert (status, data["code"]) == (403, 50013)  # unlocking needs Manage Threads


async def test_commands_are_not_offered_in_an_archived_thread(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser], api: Api
) -> None:
    _, thread = await api.thread(emulator.games_channel_id)
    await emulator.archive(int(thread["id"]))
    with pytest.raises(Exception, match="archived"):
        await emulator.slash(players["alice"], "game hand", channel=int(thread["id"]))


@pytest.mark.parametrize("kind", ["voice", "forum"])
async def test_no_thread_can_start_in_voice_chats_or_forums(
    emulator: Emulator, api: Api, kind: str
) -> None:
    channel = emulator.add_channel(f"a-{kind}", kind)
    status, data = await api.thread(channel.id)
    assert (status, data["code"]) == (400, 50024)


async def test_no_thread_can_start_inside_a_thread(emulator: Emulator, api: Api) -> None:
    _, thread = await api.thread(emulator.games_channel_id)
    status, data = await api.thread(int(thread["id"]))
    assert (status, data["code"]) == (400, 50024)


async def test_an_announcement_channel_makes_announcement_threads(
    emulator: Emulator, api: Api
) -> None:
    news = emulator.add_channel("news", "announcement")
    _, message = await api.post(news.id)
    status, data, _ = await api.call(
        "POST",
        f"/channels/{news.id}/messages/{message['id']}/threads",
        {"name": "t", "auto_archive_duration": 1440},
    )
    assert status == 200 and data["type"] == 10
    status, data = await api.thread(news.id, type=12)
    assert status == 400


# -- permissions ------------------------------------------------------------------------


def test_the_bot_has_exactly_the_readme_permissions() -> None:
    """What the README asks a server owner for: nothing to manage threads or messages."""
    assert BOT_PERMISSIONS & VIEW_CHANNEL and BOT_PERMISSIONS & READ_MESSAGE_HISTORY
    assert not BOT_PERMISSIONS & (MANAGE_MESSAGES | MANAGE_THREADS)


async def test_a_missing_permission_is_403_50013(emulator: Emulator, api: Api) -> None:
    games = emulator.games_channel_id
    emulator.set_bot_permissions(BOT_PERMISSIONS & ~SEND_MESSAGES, channel=games)
    status, data = await api.post(games)
    assert (status, data["code"]) == (403, 50013)
    assert (await api.post(emulator.general_channel_id))[0] == 200  # other channels unchanged

    emulator.set_bot_permissions(BOT_PERMISSIONS & ~CREATE_PUBLIC_THREADS, channel=games)
    status, data = await api.thread(games)
    assert (status, data["code"]) == (403, 50013)


async def test_files_need_attach_files(emulator: Emulator, api: Api) -> None:
    games = emulator.games_channel_id
    emulator.set_bot_permissions(BOT_PERMISSIONS & ~ATTACH_FILES, channel=games)
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"content": "x", "attachments": [{"id": 0}]}')
    form.add_field("files[0]", b"\x89PNG\r\n\x1a\nxx", filename="t.png")
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with api.session.post(
        f"{emulator.api_url}/channels/{games}/messages", data=form, headers=headers
    ) as response:
        assert response.status == 403
        assert (await response.json())["code"] == 50013


async def test_without_view_channel_the_channel_is_out_of_reach(
    emulator: Emulator, api: Api
) -> None:
    games = emulator.games_channel_id
    emulator.set_bot_permissions(BOT_PERMISSIONS & ~VIEW_CHANNEL, channel=games)
    status, data = await api.post(games)
    assert (status, data["code"]) == (403, 50001)


async def test_without_read_message_history_the_history_is_empty(
    emulator: Emulator, api: Api
) -> None:
    games = emulator.games_channel_id
    await api.post(games)
    emulator.set_bot_permissions(BOT_PERMISSIONS & ~READ_MESSAGE_HISTORY, channel=games)
    status, data, _ = await api.call("GET", f"/channels/{games}/messages")
    assert (status, data) == (200, [])


async def test_dms_closed_is_403_50007(emulator: Emulator, api: Api) -> None:
    alice = emulator.add_user("alice")
    emulator.close_dms(alice)
    _, dm, _ = await api.call("POST", "/users/@me/channels", {"recipient_id": str(alice.id)})
    status, data = await api.post(int(dm["id"]))
    assert (status, data["code"]) == (403, 50007)


# -- rate limits ------------------------------------------------------------------------


async def test_the_sixth_message_in_five_seconds_is_429(emulator: Emulator, api: Api) -> None:
    """Discord's default: 5 messages per 5 s in one channel, with its headers."""
    emulator.rate_limits.time_scale = 1.0  # the suite's fixture shortens windows
    games = emulator.games_channel_id
    answers = [await api.call("POST", f"/channels/{games}/messages", {"content": "x"})]
    for _ in range(5):
        answers.append(await api.call("POST", f"/channels/{games}/messages", {"content": "x"}))
    statuses = [a[0] for a in answers]
    assert statuses == [200] * 5 + [429]
    first, last = answers[0][2], answers[-1]
    assert first["X-RateLimit-Limit"] == "5" and first["X-RateLimit-Remaining"] == "4"
    assert float(first["X-RateLimit-Reset-After"]) <= 5.0 and first["X-RateLimit-Bucket"]
    assert first["Via"]  # discord.py retries a 429 only when it is there
    assert last[1]["retry_after"] > 0 and last[1]["global"] is False
    assert int(last[2]["Retry-After"]) >= 1 and last[2]["X-RateLimit-Scope"] == "user"
    # Another channel is another bucket.
    assert (await api.post(emulator.general_channel_id))[0] == 200


async def test_the_global_limit_counts_every_route(emulator: Emulator, api: Api) -> None:
    emulator.rate_limits.global_limit = Limit(3, 10.0)
    emulator.rate_limits.time_scale = 1.0
    statuses = [(await api.call("GET", "/users/@me"))[0] for _ in range(4)]
    assert statuses == [200, 200, 200, 429]


async def test_interaction_endpoints_are_outside_the_global_limit(
    emulator: Emulator, api: Api, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """Interaction endpoints "are not bound to the application's Global Rate Limit": with the
    global limit spent, a deferred answer's followup still arrives, while a plain REST call
    is refused."""
    emulator.rate_limits.time_scale = 1.0
    emulator.rate_limits.set_global(Limit(1, 60.0))
    await api.call("GET", "/users/@me")  # the one request of the window
    assert (await api.call("GET", "/users/@me"))[0] == 429
    r = await emulator.slash(players["alice"], "game hand")
    await r.done()
    hook = f"/webhooks/{emulator.application_id}/{r.token}"
    edited = await api.call("PATCH", f"{hook}/messages/@original", {"content": "edited"})
    followup = await api.call("POST", f"{hook}?wait=true", {"content": "more"})
    assert (edited[0], followup[0]) == (200, 200)
    assert (await api.call("GET", "/users/@me"))[0] == 429  # still spent for the rest


async def test_discord_py_waits_out_the_limit_and_loses_nothing(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """Eight messages at once into one channel with a real (1 s) window all arrive."""
    emulator.rate_limits.time_scale = 1.0
    emulator.rate_limits.set_limit("POST", "/channels/{cid}/messages", Limit(5, 1.0))
    channel = bot.get_channel(emulator.games_channel_id)
    assert channel is not None
    started = time.monotonic()
    await asyncio.gather(*(channel.send(f"m{i}") for i in range(8)))  # type: ignore[union-attr]
    assert time.monotonic() - started >= 0.9
    sent = sorted(m.content for m in emulator.messages(emulator.games_channel_id))
    assert sent == [f"m{i}" for i in range(8)]


# -- where interactions come from -------------------------------------------------------


async def test_a_dm_interaction_has_a_user_and_no_guild(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    dm = emulator.open_dm(players["alice"])
    r = await emulator.slash(players["alice"], "game hand", channel=dm)
    await r.done()
    assert r.message.channel_id == dm.id
    assert r.message.content == "hand of alice"


async def test_server_only_commands_are_not_offered_in_dms(
    emulator: Emulator, players: dict[str, FakeUser]
) -> None:
    async with running_bot(DemoBot(), emulator) as demo:
        demo.tree.get_command("game").guild_only = True  # type: ignore[union-attr]
        await demo.tree.sync()
        dm = emulator.open_dm(players["alice"])
        with pytest.raises(Exception, match="not offered in DMs"):
            await emulator.slash(players["alice"], "game hand", channel=dm)
        # A client that sends it anyway still reaches the bot.
        r = await emulator.slash(players["alice"], "game hand", channel=dm, offered=False)
        assert (await r.done()).error is None


@pytest.mark.parametrize("kind", ["announcement", "voice"])
async def test_commands_work_in_other_channel_types(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser], kind: str
) -> None:
    channel = emulator.add_channel(f"c-{kind}", kind)
    r = await emulator.slash(players["alice"], "game hand", channel=channel)
    assert (await r.done()).error is None


async def test_commands_work_in_a_forum_post(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    forum = emulator.add_channel("lfg", "forum")
    post = await emulator.add_forum_post(forum, players["alice"], "Looking for a game")
    r = await emulator.slash(players["alice"], "game hand", channel=post)
    assert (await r.done()).error is None


# -- acknowledging first, and latency --------------------------------------------------


async def test_calling_discord_before_acknowledging_is_a_violation(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    r = await emulator.slash(players["alice"], "game late")
    await r.done()
    assert r.error is not None and "before acknowledging" in r.error
    assert "playground_demo_bot.py" in r.error  # it names the code that did it
    emulator.expect_violation("before acknowledging")


async def test_with_latency_a_call_before_the_answer_misses_the_deadline(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """The same handler under a slow network: its answer comes after Discord's 3 s."""
    emulator.slow_down("POST", r"/channels/\d+/messages$", 3.2)
    r = await emulator.slash(players["alice"], "game late")
    await r.done(timeout=10)
    assert any("deadline missed" in e for e in r.errors)
    emulator.expect_violation("before acknowledging")
    emulator.expect_violation("deadline missed")


async def test_latency_delays_every_call(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    emulator.latency = (0.3, 0.3)
    r = await emulator.slash(players["alice"], "game hand")
    await r.done()
    assert r.elapsed_ms is not None and r.elapsed_ms >= 300
    assert r.error is None


# -- the members list ------------------------------------------------------------------


async def test_guild_create_lists_only_the_bot(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """Without the privileged members intent Discord sends the bot alone."""
    guild = bot.get_guild(emulator.guild_id)
    assert guild is not None
    assert [m.id for m in guild.members] == [emulator.bot_user.id]
    assert guild.member_count == len(players) + 1
    assert guild.get_member(players["alice"].id) is None


async def test_listing_members_needs_the_privileged_intent(emulator: Emulator, api: Api) -> None:
    status, data, _ = await api.call("GET", f"/guilds/{emulator.guild_id}/members")
    assert (status, data["code"]) == (403, 50001)


# -- the gateway ----------------------------------------------------------------------


async def test_heartbeats_are_acknowledged_like_over_a_network(
    emulator: Emulator, players: dict[str, FakeUser]
) -> None:
    """An instant acknowledgement made discord.py measure its latency from the previous
    heartbeat ("Can't keep up, websocket is 41 s behind" with Discord's interval); acknowledged
    a round trip later, the latency it measures is the round trip."""
    emulator.gateway.heartbeat_interval_ms = 300
    async with running_bot(DemoBot(), emulator) as demo:
        seen = []
        for _ in range(25):  # the first heartbeat and several from the heartbeat thread
            await asyncio.sleep(0.1)
            seen.append(demo.latency)
        assert all(latency < 0.2 for latency in seen), seen
        assert seen[-1] > 0.03
