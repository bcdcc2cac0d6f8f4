"""The emulator is exactly as strict as Discord's API documentation: each rule refuses what
Discord refuses, with Discord's code and field path, and accepts what Discord accepts.

docs/playground.md names the section of Discord's documentation behind each rule. REST rules
are checked with plain HTTP requests carrying the bot's token, as discord.py would send them;
interaction rules with the demo bot.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from playground_demo_bot import DemoBot

from playground import Emulator, FakeUser

Json = dict[str, Any]


class Api:
    """The bot's side of the REST API, by hand."""

    def __init__(self, emulator: Emulator, session: aiohttp.ClientSession) -> None:
        self.emu, self.session = emulator, session

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """(status, JSON body or None)."""
        headers = {"Authorization": f"Bot {self.emu.token}"}
        async with self.session.request(
            method, self.emu.api_url + path, json=body, headers=headers
        ) as response:
            data = await response.json() if response.content_type == "application/json" else None
            return response.status, data

    def webhook(self, token: str, tail: str = "") -> str:
        """The interaction webhook's path (``tail``: ``/messages/@original`` and the like)."""
        return f"/webhooks/{self.emu.application_id}/{token}{tail}"


@pytest.fixture
async def api(emulator: Emulator) -> AsyncIterator[Api]:
    async with aiohttp.ClientSession() as session:
        yield Api(emulator, session)


def field_errors(data: Json, path: str) -> list[Json]:
    """The ``_errors`` Discord nests at a dotted ``path`` of an error body ([] if none)."""
    node: Any = data.get("errors") or {}
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return []
        node = node[part]
    return list(node.get("_errors") or []) if isinstance(node, dict) else []


# -- the emulator clock: deadlines and token lifetimes ---------------------------------


async def test_the_deadline_counts_the_emulator_clock_until_the_callback_arrives(
    emulator: Emulator, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    """The clock moved on while the answer was on its way: 2 s plus 0.4 s of network is in
    time, 3 s plus 0.4 s is late (404 10062), though less than a second really passed."""
    emulator.slow_down("POST", r"/callback$", 0.4)
    in_time = await emulator.slash(players["alice"], "game hand")
    await emulator.advance(2.0)
    await in_time.done()
    assert in_time.error is None and in_time.elapsed_ms is not None
    assert in_time.elapsed_ms >= 2400

    late = await emulator.slash(players["alice"], "game hand")
    await emulator.advance(3.0)
    await late.done()
    assert late.callback_type is None
    assert [r.status for r in emulator.requests("POST", f"/interactions/{late.id}/")] == [404]
    assert late.error is not None and late.error.startswith("deadline missed")
    emulator.expect_violation("deadline missed")


async def test_an_interaction_token_lives_fifteen_minutes_on_the_emulator_clock(
    emulator: Emulator, api: Api, bot: DemoBot, players: dict[str, FakeUser]
) -> None:
    r = await (await emulator.slash(players["alice"], "game hand")).done()
    original = api.webhook(r.token, "/messages/@original")
    await emulator.advance(15 * 60 - 5)
    status, _ = await api.call("PATCH", original, {"content": "still mine"})
    assert status == 200
    await emulator.advance(10)
    for method, path, body in (
        ("PATCH", original, {"content": "too late"}),
        ("GET", original, None),
        ("POST", api.webhook(r.token), {"content": "a followup"}),
    ):
        status, data = await api.call(method, path, body)
        assert (status, data["code"]) == (401, 50027), (method, path)
    assert r.message.content == "still mine"
