"""Tell the emulator which code of a bot running in this process made each request.

With ``trace_requests()`` active, every HTTP request discord.py sends carries two headers
the emulator reads (``rest.INTERACTION_HEADER`` and ``rest.ORIGIN_HEADER``):

- the interaction whose handler made it. discord.py builds the ``Interaction`` in its
  gateway task and starts the handler's task right after, so a context variable set when
  the interaction is built is inherited by the handler and everything it awaits. The
  emulator uses it to catch handlers that call Discord before acknowledging;
- the first line of the bot's own code on the call stack (``cogs/publish.py:98 post_table``),
  so a request that breaks Discord's limits names the code that sent it.

Only for tests: it patches discord.py and aiohttp in this process until it is undone.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import discord

from playground.rest import INTERACTION_HEADER, ORIGIN_HEADER

_handling: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "emulator_interaction", default=None
)
_ROOT = Path(__file__).resolve().parents[1]
# Folders of the project that are not the bot's code: the emulator and the environment.
_NOT_THE_BOT = ("playground", ".venv")


@functools.lru_cache(maxsize=4096)
def _bot_file(filename: str) -> str | None:
    """The project-relative path of a file of the bot's code, or None."""
    with contextlib.suppress(ValueError, OSError):
        relative = Path(filename).resolve().relative_to(_ROOT)
        if relative.parts and relative.parts[0] not in _NOT_THE_BOT:
            return str(relative)
    return None


def origin() -> str:
    """``path:line function`` of the innermost frame in the bot's code, or ""."""
    frame: Any = sys._getframe(1)
    while frame is not None:
        path = _bot_file(frame.f_code.co_filename)
        if path is not None:
            return f"{path}:{frame.f_lineno} {frame.f_code.co_name}"
        frame = frame.f_back
    return ""


@contextlib.contextmanager
def trace_requests() -> Iterator[None]:
    """Patch discord.py and aiohttp so requests name their interaction and origin."""
    original_request = aiohttp.ClientSession._request
    original_from_data = discord.Interaction._from_data

    async def request(self: aiohttp.ClientSession, method: str, url: Any, **kwargs: Any) -> Any:
        headers = dict(kwargs.pop("headers", None) or {})
        handling = _handling.get()
        if handling is not None:
            headers[INTERACTION_HEADER] = str(handling)
        headers[ORIGIN_HEADER] = origin()
        return await original_request(self, method, url, headers=headers, **kwargs)

    def from_data(self: discord.Interaction[Any], data: Any) -> None:
        original_from_data(self, data)
        _handling.set(self.id)

    aiohttp.ClientSession._request = request  # type: ignore[method-assign,assignment]
    discord.Interaction._from_data = from_data  # type: ignore[method-assign]
    try:
        yield
    finally:
        aiohttp.ClientSession._request = original_request  # type: ignore[method-assign]
        discord.Interaction._from_data = original_from_data  # type: ignore[method-assign]
