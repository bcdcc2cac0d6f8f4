"""The playground: the emulator plus a web page to use a real bot as fake users.

``serve(start_bot)`` starts the emulator (deadline off) with four users (alice, bob, carol,
and dave, a moderator with Manage Server), points discord.py at it, starts the bot and
serves the page at ``/``. The page talks to the JSON endpoints under ``/_pg/``:

    GET  /_pg/state?user=ID&channel=ID&after=VERSION   (long poll: waits for a change)
    POST /_pg/slash         {"user", "channel", "command", "options"}
    POST /_pg/autocomplete  {"user", "channel", "command", "focused", "options"}
    POST /_pg/press         {"user", "message", "custom_id"}
    POST /_pg/select        {"user", "message", "custom_id", "values"}
    POST /_pg/modal         {"user", "interaction", "values"}
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

from aiohttp import web

from playground import payloads
from playground.emulator import Emulator
from playground.interactions import InteractionResult
from playground.models import Channel, FakeUser, Message
from playground.patch import restore_discord
from playground.state import EmulatorError

Json = dict[str, Any]
StartBot = Callable[[str, str], Coroutine[Any, Any, object]]

DEFAULT_USERS = (("alice", False), ("bob", False), ("carol", False), ("dave", True))
STATIC = Path(__file__).with_name("static")
# How long a POST waits for the bot's callback before telling the page "not answered yet".
ANSWER_WAIT_S = 10.0
LONG_POLL_S = 25.0


async def serve(
    start_bot: StartBot,
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    rate_limit_time_scale: float = 1.0,
) -> None:
    """Run the playground until cancelled.

    ``start_bot(emulator_url, token)`` must start the real bot with ``token``; serve() has
    already pointed discord.py at the emulator (``point_discord_at(emulator_url)``) before
    calling it, so the bot needs no emulator code. It may return once the bot is started
    or keep running (e.g. ``await bot.start(token)``); it is cancelled on shutdown. An
    exception it raises ends serve().
    """
    emulator = Emulator(
        deadline=None, host=host, port=port, rate_limit_time_scale=rate_limit_time_scale
    )
    install(emulator)
    for name, moderator in DEFAULT_USERS:
        emulator.add_user(name, manage_guild=moderator)
    await emulator.start()
    emulator.point_discord_here()
    bot: asyncio.Task[object] = asyncio.create_task(
        start_bot(emulator.url, emulator.token), name="playground bot"
    )
    print(f"Playground: {emulator.url}/", flush=True)
    try:
        await bot
        await asyncio.Event().wait()  # keep serving until cancelled
    finally:
        bot.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await bot
        await emulator.stop()
        restore_discord()


def install(emulator: Emulator) -> None:
    """Mount the page and the ``/_pg/`` endpoints on the emulator's app (before ``start``)."""
    page = PlaygroundApi(emulator)
    emulator.app.add_routes(
        [
            web.get("/", page.index),
            web.static("/static", STATIC),
            web.get("/_pg/state", page.state),
            web.post("/_pg/slash", page.slash),
            web.post("/_pg/autocomplete", page.autocomplete),
            web.post("/_pg/press", page.press),
            web.post("/_pg/select", page.select),
            web.post("/_pg/modal", page.modal),
        ]
    )


class PlaygroundApi:
    """The page's JSON endpoints; every user action goes through the test driver API."""

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator

    async def index(self, request: web.Request) -> web.FileResponse:
        """The page itself."""
        return web.FileResponse(STATIC / "index.html")

    async def state(self, request: web.Request) -> web.Response:
        """Everything the page shows for one user and channel; long-polls with ``after``."""
        emulator = self.emulator
        after = request.query.get("after")
        if after is not None and after == str(emulator.state.version):
            await emulator.state.wait_changed(LONG_POLL_S)
        try:
            default_user = emulator.users[0].id if emulator.users else ""
            user = emulator.user(request.query.get("user") or default_user)
            channels = [c for c in emulator.channels if emulator.state.can_view(user, c)]
            channel_id = request.query.get("channel") or emulator.games_channel_id
            channel = emulator.channel(channel_id)
            if not emulator.state.can_view(user, channel):
                channel = emulator.channel(emulator.games_channel_id)
        except EmulatorError as exc:
            return web.json_response({"error": str(exc)}, status=400)
        messages = emulator.visible_messages(user, channel)
        return web.json_response(
            {
                "version": emulator.state.version,
                "connected": emulator.gateway.connected,
                "bot": {"id": str(emulator.bot_user.id), "name": emulator.bot_user.name},
                "users": [_user(u) for u in emulator.users],
                "roles": [
                    {"id": r["id"], "name": r["name"]} for r in emulator.state.roles_payload()
                ],
                "user": str(user.id),
                "channel": str(channel.id),
                "channels": [self._channel(c) for c in channels],
                "commands": [c for c in emulator.commands if emulator.state.can_use(user, c)],
                "messages": [self._message(m) for m in messages],
            }
        )

    async def slash(self, request: web.Request) -> web.Response:
        """Run a command as the chosen user."""
        body = await _body(request)
        options = {k: _option_value(v) for k, v in (body.get("options") or {}).items()}
        return await self._interact(
            self.emulator.slash(
                body.get("user", ""),
                str(body.get("command", "")),
                channel=body.get("channel"),
                options=options,
            )
        )

    async def autocomplete(self, request: web.Request) -> web.Response:
        """Ask the bot for suggestions for the focused option."""
        body = await _body(request)
        options = {k: _option_value(v) for k, v in (body.get("options") or {}).items()}
        try:
            choices = await self.emulator.autocomplete(
                body.get("user", ""),
                str(body.get("command", "")),
                focused=str(body.get("focused", "")),
                channel=body.get("channel"),
                options=options,
            )
        except (EmulatorError, TimeoutError) as exc:
            return web.json_response({"choices": [], "error": str(exc)})
        return web.json_response({"choices": choices})

    async def press(self, request: web.Request) -> web.Response:
        """Press a button as the chosen user."""
        body = await _body(request)
        return await self._interact(
            self.emulator.press(
                body.get("user", ""), body.get("message", ""), body.get("custom_id")
            )
        )

    async def select(self, request: web.Request) -> web.Response:
        """Choose values in a select menu as the chosen user."""
        body = await _body(request)
        return await self._interact(
            self.emulator.select(
                body.get("user", ""),
                body.get("message", ""),
                str(body.get("custom_id", "")),
                list(body.get("values") or []),
            )
        )

    async def modal(self, request: web.Request) -> web.Response:
        """Submit the modal the bot opened."""
        body = await _body(request)
        try:
            opened = self.emulator.interaction(body.get("interaction", ""))
        except EmulatorError as exc:
            return web.json_response({"error": str(exc)}, status=400)
        return await self._interact(
            self.emulator.submit_modal(body.get("user", ""), opened, body.get("values") or {})
        )

    async def _interact(self, started: Awaitable[InteractionResult]) -> web.Response:
        """Inject, wait a bounded time for the callback, and report what happened."""
        try:
            result = await started
        except EmulatorError as exc:
            return web.json_response({"error": str(exc)}, status=400)
        answered = True
        try:
            await result.done(ANSWER_WAIT_S)
        except TimeoutError:
            answered = False
        return web.json_response(
            {
                "interaction": str(result.id),
                "answered": answered,
                "callback_type": result.callback_type,
                "elapsed_ms": result.elapsed_ms,
                "error": result.error,
                "modal": result.modal,
            }
        )

    def _channel(self, channel: Channel) -> Json:
        if channel.type == payloads.DM:
            name = f"DM with {self.emulator.bot_user.name}"
        else:
            name = channel.name
        return {
            "id": str(channel.id),
            "name": name,
            "type": channel.type,
            "parent_id": None if channel.parent_id is None else str(channel.parent_id),
        }

    def _message(self, message: Message) -> Json:
        thread_name = None
        if message.thread_id is not None:
            thread_name = self.emulator.channel(message.thread_id).name
        return {
            "id": str(message.id),
            "author": {"name": message.author.name, "bot": message.author.bot},
            "time": message.created_at.isoformat(),
            "content": message.content,
            "embeds": message.embeds,
            "components": message.components,
            "components_v2": bool(message.flags & (1 << 15)),
            "attachments": [
                {
                    "url": a.url,
                    "filename": a.filename,
                    "content_type": a.content_type,
                    "image": a.content_type.startswith("image/"),
                    "description": a.description,
                }
                for a in message.attachments
            ],
            "ephemeral": message.ephemeral,
            "loading": message.loading,
            "edited": message.edited_at is not None,
            "thread": None
            if message.thread_id is None
            else {"id": str(message.thread_id), "name": thread_name},
            "reference_id": None if message.reference_id is None else str(message.reference_id),
        }


def _user(user: FakeUser) -> Json:
    return {
        "id": str(user.id),
        "name": user.name,
        "moderator": user.manage_guild,
        "locale": user.locale,
    }


def _option_value(value: Any) -> Any:
    """Form values as the driver takes them; files come as ``{"filename", "base64"}``."""
    if isinstance(value, dict) and "base64" in value:
        return str(value.get("filename") or "upload"), base64.b64decode(value["base64"])
    return value


async def _body(request: web.Request) -> Json:
    try:
        body = await request.json()
    except json.JSONDecodeError:
        raise web.HTTPBadRequest(text="expected a JSON body") from None
    if not isinstance(body, dict):
        raise web.HTTPBadRequest(text="expected a JSON object")
    return body
