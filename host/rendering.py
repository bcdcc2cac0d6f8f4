"""Rendering off the event loop: in worker processes when configured, else in a thread.

A table picture takes tens of milliseconds of CPU, most of it holding Python's GIL; in a thread
it still slows every other interaction the bot is answering. Worker processes take that work to
another core. Views are plain JSON and pictures plain bytes, so both cross processes cheaply.

A worker exits as soon as the bot process is gone, however it died (``kill -9`` included), and
multiprocessing's resource tracker follows once no process holds its pipe: see
docs/rendering.md ("Worker processes").
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

import render
from rules.views import SeatView, View

T = TypeVar("T")

#: Table pictures kept after drawing, the newest (about 2 MB): a result post, ``/board`` or the
#: Table button soon after a table post shows the same table, and gets the same bytes.
KEPT_PICTURES = 16


def picture_key(view: View, lang: str) -> str:
    """What a table picture shows: its public view and its language."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(f"{lang}\n{text}".encode(), digest_size=16).hexdigest()


class Renderer:
    """Renders table and hand pictures; ``workers`` = 0 renders in a thread of this process."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool: Executor | None = None
        #: One more worker for long jobs (a replay's animation takes seconds), so that they
        #: never hold up the table pictures queued behind them.
        self._slow: Executor | None = None
        self._kept: OrderedDict[str, bytes] = OrderedDict()

    def _executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            self._pool = _pool(self.workers)
        return self._pool

    async def table(self, view: View, lang: str, key: str | None = None) -> bytes:
        """The public table picture of ``view``: one of the last :data:`KEPT_PICTURES` drawn
        if it shows the same (drawing one holds a worker for tens of milliseconds). ``key``:
        its :func:`picture_key`, when the caller has it already."""
        key = key or picture_key(view, lang)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        png = await self._run(_table, view, lang)
        self._kept[key] = png
        while len(self._kept) > KEPT_PICTURES:
            self._kept.popitem(last=False)
        return png

    def table_alt(self, view: View, lang: str) -> str:
        """The text that stands in for the table picture (a few lines: made here, at once)."""
        return render.table_alt(view, lang=lang)

    async def hand(self, view: SeatView, lang: str) -> bytes:
        """The private hand picture of a seat's ``view``."""
        return await self._run(_hand, view, lang)

    async def call_slow(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` off the event loop, in the worker for long jobs (``fn`` must be a
        module-level function, so that a worker process can run it)."""
        if self.workers <= 0:
            return await asyncio.to_thread(fn, *args)
        if self._slow is None:
            self._slow = _pool(1)
        return await asyncio.get_running_loop().run_in_executor(self._slow, fn, *args)

    async def _run(self, fn: Any, view: View, lang: str) -> bytes:
        executor = self._executor()
        if executor is None:
            return await asyncio.to_thread(fn, view, lang)
        loop = asyncio.get_running_loop()
        result: bytes = await loop.run_in_executor(executor, fn, view, lang)
        return result

    def close(self) -> None:
        """Stop the worker processes (if any were started)."""
        for pool in (self._pool, self._slow):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._slow = None


def _pool(workers: int) -> Executor:
    # "spawn": a fresh interpreter, never a fork of a process that runs threads.
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_watch_parent)


def _table(view: View, lang: str) -> bytes:
    return render.table_png(view, lang=lang)


def _hand(view: SeatView, lang: str) -> bytes:
    return render.hand_png(view, lang=lang)


def _watch_parent() -> None:
    """Worker initializer: exit when the bot process dies.

    A worker never notices on its own: it waits on its task queue, whose pipe it holds both
    ends of, so a killed bot would leave it (and the resource tracker, whose pipe it holds too)
    running for ever. A daemon thread waits on the parent's sentinel instead: the read end of a
    pipe whose only write end is in the bot, readable exactly when the bot is gone, with no
    polling and no signal (``PR_SET_PDEATHSIG`` fires when the parent *thread* exits).
    """
    threading.Thread(target=_exit_with_parent, name="exit-with-parent", daemon=True).start()


def _exit_with_parent() -> None:
    parent = multiprocessing.parent_process()
    if parent is None:  # the initializer only ever runs in a worker; nothing to watch here
        return
    parent.join()
    # os._exit: sys.exit in a thread would only end this thread.
    os._exit(0)
