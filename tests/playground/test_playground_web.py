"""The playground page's JSON endpoints, over real HTTP, with the demo bot answering."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from playground_demo_bot import DemoBot

from playground import Emulator, FakeUser, restore_discord
from playground.web import install, serve


@pytest.fixture
async def emulator() -> AsyncIterator[Emulator]:
    """An emulator with the playground mounted and the deadline off, as ``serve`` runs it."""
    emu = Emulator(deadline=None)
    install(emu)
    await emu.start()
    emu.point_discord_here()
    try:
        yield emu
    finally:
        restore_discord()
        await asyncio.wait_for(emu.stop(), 5.0)
    assert emu.errors == []


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    """A plain HTTP client, as the browser would be."""
    async with aiohttp.ClientSession() as session:
        yield session


async def _get(http: aiohttp.ClientSession, url: str, **params: str) -> Any:
    async with http.get(url, params=params) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def _post(http: aiohttp.ClientSession, url: str, body: dict[str, Any]) -> Any:
    async with http.post(url, json=body) as response:
        return await response.json()


def _state_url(emulator: Emulator) -> str:
    return f"{emulator.url}/_pg/state"


async def test_page_and_script_are_served(emulator: Emulator, http: aiohttp.ClientSession) -> None:
    """/ is the page; its script and stylesheet are static files."""
    async with http.get(f"{emulator.url}/") as response:
        page = await response.text()
    assert response.status == 200 and 'src="/static/app.js"' in page
    for name in ("app.js", "style.css"):
        async with http.get(f"{emulator.url}/static/{name}") as response:
            assert response.status == 200


async def test_state_shows_users_channels_and_permitted_commands(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser], http: aiohttp.ClientSession
) -> None:
    """Commands are filtered by the user's rights: only the moderator sees /settings."""
    alice = await _get(http, _state_url(emulator), user=str(players["alice"].id))
    dave = await _get(http, _state_url(emulator), user=str(players["dave"].id))
    assert [u["name"] for u in alice["users"]] == ["alice", "bob", "carol", "dave"]
    assert [u["moderator"] for u in alice["users"]] == [False, False, False, True]
    assert [c["name"] for c in alice["channels"]] == ["general", "games"]
    assert alice["connected"] is True and alice["channel"] == str(emulator.games_channel_id)
    assert "settings" not in [c["name"] for c in alice["commands"]]
    assert "settings" in [c["name"] for c in dave["commands"]]


async def test_slash_from_the_page_shows_the_reply(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser], http: aiohttp.ClientSession
) -> None:
    """Form values arrive as strings; the reply with its image appears in the state."""
    alice = str(players["alice"].id)
    body = {
        "user": alice,
        "channel": str(emulator.games_channel_id),
        "command": "game new",
        "options": {"game": "civ", "seats": "3"},
    }
    result = await _post(http, f"{emulator.url}/_pg/slash", body)
    assert result["answered"] and result["callback_type"] == 4 and result["error"] is None
    await emulator.wait_for_message(contains="is open")
    state = await _get(http, _state_url(emulator), user=alice)
    (message,) = state["messages"]
    assert message["embeds"][0]["description"] == "3 seats"
    assert message["embeds"][0]["image"]["url"] == message["attachments"][0]["url"]
    assert message["attachments"][0]["image"] is True
    assert message["thread"]["name"] == "table-1"
    assert [c["name"] for c in state["channels"]] == ["general", "games", "table-1"]


async def test_button_press_answer_is_hidden_from_other_users(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser], http: aiohttp.ClientSession
) -> None:
    """An ephemeral answer is in the presser's state only, marked ephemeral."""
    table = await emulator.slash(players["alice"], "game new", game="civ", seats=2)
    await table.done()
    bob, carol = str(players["bob"].id), str(players["carol"].id)
    body = {"user": bob, "message": str(table.message.id), "custom_id": "demo:join:1"}
    result = await _post(http, f"{emulator.url}/_pg/press", body)
    assert result["answered"] and result["error"] is None
    seen_by_bob = (await _get(http, _state_url(emulator), user=bob))["messages"]
    seen_by_carol = (await _get(http, _state_url(emulator), user=carol))["messages"]
    assert [(m["content"], m["ephemeral"]) for m in seen_by_bob[1:]] == [
        ("bob joined table 1", True)
    ]
    assert len(seen_by_carol) == 1


async def test_select_autocomplete_and_modal_from_the_page(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser], http: aiohttp.ClientSession
) -> None:
    """The page's select, autocomplete and modal endpoints reach the bot."""
    alice = str(players["alice"].id)
    table = await emulator.slash(players["alice"], "game new", game="civ", seats=2)
    await table.done()
    body = {
        "user": alice,
        "message": str(table.message.id),
        "custom_id": "demo:pick",
        "values": ["green"],
    }
    assert (await _post(http, f"{emulator.url}/_pg/select", body))["callback_type"] == 7
    assert emulator.message(table.message).content == "picked green"

    body = {
        "user": alice,
        "command": "move",
        "focused": "action",
        "options": {"game": "x", "action": "pl"},
    }
    suggestions = await _post(http, f"{emulator.url}/_pg/autocomplete", body)
    assert suggestions == {
        "choices": [
            {"name": "play (x)", "value": "play"},
            {"name": "plunder (x)", "value": "plunder"},
        ]
    }

    opened = await _post(
        http, f"{emulator.url}/_pg/slash", {"user": alice, "command": "game rename"}
    )
    assert opened["modal"]["custom_id"]
    body = {"user": alice, "interaction": opened["interaction"], "values": {"demo:name": "Rome"}}
    submitted = await _post(http, f"{emulator.url}/_pg/modal", body)
    assert submitted["callback_type"] == 4
    assert emulator.find_message(contains="renamed to Rome") is not None


async def test_refused_actions_are_400_with_a_reason(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser], http: aiohttp.ClientSession
) -> None:
    """What Discord's client would not allow comes back as an error, not a crash."""
    body = {"user": str(players["alice"].id), "command": "settings"}
    async with http.post(f"{emulator.url}/_pg/slash", json=body) as response:
        assert response.status == 400
        assert "cannot use /settings" in (await response.json())["error"]


async def test_state_long_polls_until_something_changes(
    emulator: Emulator, players: dict[str, FakeUser], http: aiohttp.ClientSession
) -> None:
    """With ``after`` equal to the current version the request waits for the next change."""
    first = await _get(http, _state_url(emulator))
    waiting = asyncio.create_task(_get(http, _state_url(emulator), after=str(first["version"])))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    await emulator.post_message(players["bob"], emulator.games_channel_id, "hello")
    later = await asyncio.wait_for(waiting, 2.0)
    assert later["version"] > first["version"]
    assert [m["content"] for m in later["messages"]] == ["hello"]


async def test_serve_starts_the_bot_and_prints_the_address(
    capsys: pytest.CaptureFixture[str], http: aiohttp.ClientSession
) -> None:
    """serve() points discord.py at itself, starts the bot and serves the page until cancelled."""
    urls: list[str] = []

    async def start_bot(emulator_url: str, token: str) -> None:
        urls.append(emulator_url)
        bot = DemoBot()
        try:
            await bot.start(token)
        finally:
            await bot.close()

    task = asyncio.create_task(serve(start_bot, port=0))
    try:
        state = await _poll_connected(http, urls)
        alice = next(u["id"] for u in state["users"] if u["name"] == "alice")
        result = await _post(http, f"{urls[0]}/_pg/slash", {"user": alice, "command": "game hand"})
        assert result["answered"] and result["error"] is None
        printed = capsys.readouterr().out
        assert re.search(r"^Playground: http://127\.0\.0\.1:\d+/$", printed, re.MULTILINE)
        assert f"Playground: {urls[0]}/" in printed
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 5.0)


async def _poll_connected(http: aiohttp.ClientSession, urls: list[str]) -> Any:
    loop = asyncio.get_running_loop()
    end = loop.time() + 5.0
    while loop.time() < end:
        if urls:
            state = await _get(http, f"{urls[0]}/_pg/state")
            if state["connected"] and state["commands"]:
                return state
        await asyncio.sleep(0.02)
    raise AssertionError("the playground bot never connected")
