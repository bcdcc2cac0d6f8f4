"""The real bot killed with SIGKILL leaves no process behind: ``bot.py`` (the playground, as the
README runs it) posts a first table picture, so its render worker and multiprocessing's
resource tracker run; after ``kill -9`` of the bot both are gone within seconds."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests import processes
from tests.processes import alive, cmdline

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
]


async def _json(http: aiohttp.ClientSession, method: str, url: str, **kw: Any) -> Any:
    async with http.request(method, url, **kw) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def _first_table_post(url: str) -> None:
    """Open a CIV game on the playground and wait for its first table picture."""
    async with aiohttp.ClientSession() as http:
        for _ in range(200):
            state = await _json(http, "GET", f"{url}/_pg/state")
            if state["connected"] and state["commands"]:
                break
            await asyncio.sleep(0.1)
        users = {u["name"]: u["id"] for u in state["users"]}
        alice, bob, games = users["alice"], users["bob"], state["channel"]

        async def interact(kind: str, **body: Any) -> None:
            answer = await _json(http, "POST", f"{url}/_pg/{kind}", json=body)
            assert answer["answered"] and not answer["error"], answer

        async def messages(channel: str) -> list[Any]:
            query = {"user": alice, "channel": channel}
            found: list[Any] = (await _json(http, "GET", f"{url}/_pg/state", params=query))[
                "messages"
            ]
            return found

        options = {"game": "civ", "seats": 2}
        await interact("slash", user=alice, channel=games, command="game new", options=options)
        for _ in range(100):
            lobbies = [m for m in await messages(games) if m["components"]]
            if lobbies:
                break
            await asyncio.sleep(0.1)
        ids = {
            b["label"]: b["custom_id"]
            for row in lobbies[-1]["components"]
            for b in row["components"]
            if b.get("type") == 2
        }
        await interact("press", user=bob, message=lobbies[-1]["id"], custom_id=ids["Join"])
        await interact("press", user=alice, message=lobbies[-1]["id"], custom_id=ids["Start"])
        for _ in range(600):
            state = await _json(http, "GET", f"{url}/_pg/state", params={"user": alice})
            for thread in (c["id"] for c in state["channels"] if c["parent_id"] == games):
                posts = [m for m in await messages(thread) if not m["ephemeral"]]
                if any(m["attachments"] and m["attachments"][0]["image"] for m in posts):
                    return
            await asyncio.sleep(0.1)
        pytest.fail("no table picture was posted")


async def test_killed_bot_leaves_no_render_worker(tmp_path: Path) -> None:
    """kill -9 of bot.py after a table picture: none of its child processes is left."""
    config = tmp_path / "playground.toml"
    config.write_text(
        "[playground]\nrate_limit_time_scale = 0.1\n\n[render]\nworkers = 1\n"
        "\n[limits]\nper_user = 0\nper_server = 0\n",
        encoding="utf-8",
    )
    printed = tmp_path / "bot.out"
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    with printed.open("wb") as out:
        command = [sys.executable, "bot.py", "--config", str(config), "--port", "0"]
        command += ["--db", str(tmp_path / "data" / "bot.sqlite3")]
        bot = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    children: list[int] = []
    try:
        for _ in range(200):
            found = re.search(r"Playground: (\S+)", printed.read_text(encoding="utf-8"))
            if found or bot.poll() is not None:
                break
            await asyncio.sleep(0.1)
        assert found, f"bot.py did not start:\n{printed.read_text(encoding='utf-8')}"
        await _first_table_post(found.group(1).rstrip("/"))
        children = processes.children(bot.pid)
        commands = [cmdline(pid) for pid in children]
        assert any("spawn_main" in c for c in commands), commands  # the render worker runs
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(10)
        deadline = time.monotonic() + 5
        while any(alive(pid) for pid in children) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        left = {pid: cmdline(pid) for pid in children if alive(pid)}
        assert left == {}, f"left behind after kill -9 of bot.py: {left}"
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait(10)
        for pid in children:  # only the bot's own children, should the fix ever regress
            if alive(pid) and "multiprocessing" in cmdline(pid):
                os.kill(pid, signal.SIGKILL)
