"""Opt-in CPU profiles of the benchmark's processes: set ``TABLEHOST_BENCH_PROFILE`` to a
folder and ``python -m bench processes`` writes there a cProfile of the bot's main thread
(``bot-PID.prof``: its event loop, the whole run with the games' setup) and of its own main
thread during the play (``bench-PID.prof``: the emulator and the players). Read them with
``python -m pstats FILE``.

The clock is the thread's CPU time, not the wall clock: a coroutine waiting for the database
or for Discord costs nothing, and what other threads and processes do (SQLite's thread, the
render worker) is not counted. Profiling slows the profiled thread about twofold, so the run's
moves per second mean nothing; the shares are what it is for.
"""

from __future__ import annotations

import contextlib
import cProfile
import os
import time
from collections.abc import Iterator
from pathlib import Path

#: The environment variable naming the folder the profiles go to (unset: none are taken).
ENV = "TABLEHOST_BENCH_PROFILE"


@contextlib.contextmanager
def profiled(name: str) -> Iterator[None]:
    """Profile this thread's CPU inside the block into ``<folder>/<name>-<pid>.prof`` when
    :data:`ENV` names a folder; otherwise do nothing."""
    folder = os.environ.get(ENV, "")
    if not folder:
        yield
        return
    profile = cProfile.Profile(time.thread_time)
    profile.enable()
    try:
        yield
    finally:
        profile.disable()
        Path(folder).mkdir(parents=True, exist_ok=True)
        profile.dump_stats(Path(folder) / f"{name}-{os.getpid()}.prof")
