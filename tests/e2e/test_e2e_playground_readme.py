"""The README's run command without a token: bot.py starts the playground, and a whole game
can be played there through the page's own endpoints, choosing moves from autocomplete."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import aiohttp
import pytest

pytestmark = pytest.mark.e2e


async def _json(session: aiohttp.ClientSession, method: str, url: str, **kw: Any) -> Any:
    async with session.request(method, url, **kw) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def test_readme_run_command_leads_to_a_playable_game(
    playground_url: tuple[str, str],
) -> None:
    """No token: a clear message, the page, and a complete 2-player game played on it."""
    url, printed = playground_url
    assert "No Discord token configured" in printed
    rng = random.Random(3)
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{url}/") as page:
            assert page.status == 200 and "<html" in (await page.text()).lower()
        for _ in range(100):
            state = await _json(http, "GET", f"{url}/_pg/state")
            if state["connected"] and state["commands"]:
                break
            await asyncio.sleep(0.1)
        users = {u["name"]: u["id"] for u in state["users"]}
        alice, bob = users["alice"], users["bob"]

        async def interact(kind: str, **body: Any) -> None:
            answer = await _json(http, "POST", f"{url}/_pg/{kind}", json=body)
            assert answer["answered"] and not answer["error"], answer

        async def messages(user: str, channel: str) -> list[Any]:
            query = {"user": user, "channel": channel}
            found: list[Any] = (await _json(http, "GET", f"{url}/_pg/state", params=query))[
                "messages"
            ]
            return found

        games = state["channel"]
        await interact(
            "slash",
            user=alice,
            channel=games,
            command="game new",
            options={"game": "civ", "seats": 2},
        )
        await asyncio.sleep(0.3)
        lobby = [m for m in await messages(alice, games) if m["components"]][-1]
        ids = {
            b["label"]: b["custom_id"]
            for row in lobby["components"]
            for b in row["components"]
            if b.get("type") == 2
        }
        await interact("press", user=bob, message=lobby["id"], custom_id=ids["Join"])
        await interact("press", user=alice, message=lobby["id"], custom_id=ids["Start"])
        for _ in range(50):
            state = await _json(http, "GET", f"{url}/_pg/state", params={"user": alice})
            threads = [c for c in state["channels"] if c["parent_id"] == games]
            if threads:
                break
            await asyncio.sleep(0.1)
        thread = threads[0]["id"]

        for _ in range(100):  # the first table post (the render worker is starting)
            if any(not m["ephemeral"] for m in await messages(alice, thread)):
                break
            await asyncio.sleep(0.1)
        for _ in range(1000):
            public = [m for m in await messages(alice, thread) if not m["ephemeral"]]
            table = public[-1]
            if "The game is over" in table["content"]:
                break
            assert table["attachments"] and table["attachments"][0]["image"]
            mover = re.search(r"➡️ <@(\d+)>", table["content"])
            assert mover is not None, table["content"]
            who = mover.group(1)
            typed = ""
            while True:
                suggestions = (
                    await _json(
                        http,
                        "POST",
                        f"{url}/_pg/autocomplete",
                        json={
                            "user": who,
                            "channel": thread,
                            "command": "move",
                            "focused": "action",
                            "options": {"action": typed},
                        },
                    )
                )["choices"]
                assert suggestions, f"no suggestions after {typed!r}"
                pick = rng.choice(suggestions)
                if pick["name"].endswith(f"… ({pick['value']})"):
                    typed = pick["value"] + " "
                    continue
                break
            seen = {m["id"] for m in await messages(who, thread)}
            await interact(
                "slash", user=who, channel=thread, command="move", options={"action": pick["value"]}
            )
            for _ in range(200):  # the private confirmation comes after the public post
                mine = [m for m in await messages(who, thread) if m["id"] not in seen]
                if any(m["ephemeral"] and not m["loading"] for m in mine):
                    break
                await asyncio.sleep(0.05)
            answer = next(m for m in mine if m["ephemeral"] and not m["loading"])
            assert answer["content"].startswith("✅"), answer["content"]
        else:
            pytest.fail("the game did not end")
        assert "Winner" in table["content"]
