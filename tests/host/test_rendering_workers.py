"""Render workers die with the bot: a process with a ``Renderer(workers=1)`` is killed with
SIGKILL, and within seconds neither its render worker nor multiprocessing's resource tracker
is left (they used to live on, about 100 MB per kill)."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.processes import alive, cmdline

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads processes from /proc"
)

#: Renders a table twice (a second apart, so a worker that exits on its own would show), prints
#: its child processes after each picture, then waits to be killed.
SCRIPT = """
import asyncio, json, os, time
from host.rendering import Renderer
from rules import get_game

def children():
    me = str(os.getpid())
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            if stat.rsplit(")", 1)[1].split()[1] == me:
                out.append(int(entry))
    return out

async def main():
    game = get_game("civ")
    view = game.view(game.setup(["ann", "bob"], {}, 1), None)
    renderer = Renderer(workers=1)
    for lang in ("en", "hu"):  # two pictures: the same one twice would be drawn once
        png = await renderer.table(view, lang)
        print(json.dumps({"png": png[:4].hex(), "children": children()}), flush=True)
        time.sleep(1)
    time.sleep(600)

asyncio.run(main())
"""


def _read_line(proc: subprocess.Popen[bytes], timeout: float) -> str:
    """One line of the child's output, read unbuffered so select sees what is left."""
    assert proc.stdout is not None
    fd, line, deadline = proc.stdout.fileno(), b"", time.monotonic() + timeout
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, f"the renderer printed nothing in time (so far {line!r})"
        byte = os.read(fd, 1)
        assert byte, f"the renderer exited early ({proc.poll()})"
        line += byte
    return line.decode()


def test_render_worker_and_resource_tracker_die_with_a_killed_parent() -> None:
    """SIGKILL of the parent: the worker and the resource tracker are gone within 5 s."""
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # the tracker's note about the semaphores it unlinked
        bufsize=0,
    )
    children: list[int] = []
    try:
        first = json.loads(_read_line(proc, 60))
        second = json.loads(_read_line(proc, 30))
        assert first["png"] == second["png"] == b"\x89PNG".hex()
        children = first["children"]
        # While the parent lives, the worker stays (it is not restarted between pictures).
        assert second["children"] == children and all(alive(pid) for pid in children)
        kinds = sorted(
            "tracker" if "resource_tracker" in cmdline(pid) else "worker" for pid in children
        )
        # With "spawn" the pool's queue locks start a resource tracker too: both must go.
        assert kinds == ["tracker", "worker"], [cmdline(pid) for pid in children]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        deadline = time.monotonic() + 5
        while any(alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = {pid: cmdline(pid) for pid in children if alive(pid)}
        assert left == {}, f"left behind after kill -9: {left}"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        for pid in children:  # only our own grandchildren, should the fix ever regress
            if alive(pid) and "multiprocessing" in cmdline(pid):
                os.kill(pid, signal.SIGKILL)
        if proc.stdout is not None:
            proc.stdout.close()
