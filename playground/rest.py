"""The REST half of the emulator: the routes a discord.py bot calls, under ``/api/v10``.

Every request is parsed once (JSON, or multipart with ``payload_json`` and ``files[N]``) and
recorded. Responses carry the exact ``Content-Type: application/json`` (discord.py compares
it with ``==``). Nothing answers 5xx, because discord.py retries those with sleeps of
seconds; unknown routes and emulator bugs answer 4xx with an explanation instead.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from playground import payloads
from playground.interactions import InteractionResult
from playground.models import Channel, FakeUser, Message, RecordedFile, RecordedRequest
from playground.state import EmulatorError, State
from playground.validation import commands_problems, message_problems

Json = dict[str, Any]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

API_PREFIX = "/api/v10"
_log = logging.getLogger(__name__)
# The parsed body: a JSON object ({} otherwise), the raw JSON value, and the uploaded files.
BODY: web.RequestKey[Json] = web.RequestKey("body", dict)
JSON: web.RequestKey[Any] = web.RequestKey("json", object)
FILES: web.RequestKey[list[RecordedFile]] = web.RequestKey("files", list)
RECORD: web.RequestKey[RecordedRequest] = web.RequestKey("record", RecordedRequest)
# Interaction callbacks and webhooks authenticate with the token in the URL, not a header.
_TOKEN_IN_URL = re.compile(r"^/(interactions|webhooks)/")


@dataclass
class Fault:
    """A canned failure for the next request matching ``method`` and ``path`` (a regex)."""

    method: str
    path: re.Pattern[str]
    status: int
    body: Json
    headers: dict[str, str]


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON response whose Content-Type has no charset parameter."""
    return web.Response(
        status=status, body=json.dumps(data).encode(), content_type="application/json"
    )


def reply(status: int, data: Json | None) -> web.Response:
    """(status, body) as a response; no body means 204."""
    if data is None:
        return web.Response(status=204)
    return json_response(data, status)


def not_found(message: str, code: int) -> web.Response:
    """A Discord-style 404."""
    return json_response(payloads.error(message, code), 404)


class RestApi:
    """Route handlers over the shared state."""

    def __init__(
        self,
        state: State,
        *,
        token: str,
        gateway_url: Callable[[], str],
        interactions: dict[str, InteractionResult],
    ) -> None:
        self.state = state
        self.token = token
        self.gateway_url = gateway_url
        self.interactions = interactions
        self.recorded: list[RecordedRequest] = []
        self.errors: list[str] = []
        self.faults: list[Fault] = []

    # -- plumbing -----------------------------------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Parse and record API requests, apply faults, and keep every failure 4xx JSON."""
        if not request.path.startswith(API_PREFIX + "/"):
            return await handler(request)
        path = request.path.removeprefix(API_PREFIX)
        body, files = await _parse_body(request)
        record = RecordedRequest(
            method=request.method,
            path=path,
            query=dict(request.query),
            json=body,
            files=files,
            authorized=request.headers.get("Authorization") == f"Bot {self.token}",
        )
        self.recorded.append(record)
        request[RECORD] = record
        request[BODY] = body if isinstance(body, dict) else {}
        request[JSON] = body
        request[FILES] = files
        response = await self._answer(request, handler, record, path)
        record.status = response.status
        self.state.changed()
        return response

    async def _answer(
        self, request: web.Request, handler: Handler, record: RecordedRequest, path: str
    ) -> web.StreamResponse:
        if not record.authorized and not _TOKEN_IN_URL.match(path):
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        for fault in self.faults:
            if fault.method == request.method and fault.path.search(path):
                self.faults.remove(fault)
                return web.Response(
                    status=fault.status,
                    body=json.dumps(fault.body).encode(),
                    content_type="application/json",
                    headers=fault.headers,
                )
        try:
            return await handler(request)
        except (web.HTTPNotFound, web.HTTPMethodNotAllowed):
            return not_found(f"emulator: no route for {request.method} {path}", 0)
        except EmulatorError as exc:
            return json_response(payloads.error(str(exc), 50035), 400)
        except Exception as exc:
            # An emulator bug: 400 (a 5xx would make discord.py retry for seconds).
            _log.exception("emulator route %s %s failed", request.method, path)
            self.errors.append(f"{request.method} {path}: {exc!r}")
            return json_response(payloads.error(f"emulator error: {exc!r}", 0), 400)

    def routes(self) -> list[web.RouteDef]:
        """Every API route plus the attachment files."""
        api = API_PREFIX
        return [
            web.get(f"{api}/users/@me", self.get_me),
            web.get(f"{api}/users/{{user_id}}", self.get_user),
            web.post(f"{api}/users/@me/channels", self.open_dm),
            web.get(f"{api}/oauth2/applications/@me", self.get_application),
            web.get(f"{api}/gateway", self.get_gateway),
            web.get(f"{api}/gateway/bot", self.get_gateway_bot),
            web.get(f"{api}/applications/{{app}}/commands", self.get_commands),
            web.put(f"{api}/applications/{{app}}/commands", self.put_commands),
            web.get(f"{api}/applications/{{app}}/guilds/{{guild}}/commands", self.get_commands),
            web.put(f"{api}/applications/{{app}}/guilds/{{guild}}/commands", self.put_commands),
            web.post(f"{api}/interactions/{{iid}}/{{token}}/callback", self.callback),
            web.post(f"{api}/webhooks/{{app}}/{{token}}", self.followup),
            web.route(
                "*", f"{api}/webhooks/{{app}}/{{token}}/messages/{{mid}}", self.webhook_message
            ),
            web.get(f"{api}/channels/{{cid}}", self.get_channel),
            web.get(f"{api}/channels/{{cid}}/messages", self.history),
            web.post(f"{api}/channels/{{cid}}/messages", self.send_message),
            web.get(f"{api}/channels/{{cid}}/messages/{{mid}}", self.get_message),
            web.patch(f"{api}/channels/{{cid}}/messages/{{mid}}", self.edit_message),
            web.delete(f"{api}/channels/{{cid}}/messages/{{mid}}", self.delete_message),
            web.post(f"{api}/channels/{{cid}}/threads", self.start_thread),
            web.post(f"{api}/channels/{{cid}}/messages/{{mid}}/threads", self.start_thread),
            web.put(f"{api}/channels/{{cid}}/thread-members/{{uid}}", self.thread_member),
            web.delete(f"{api}/channels/{{cid}}/thread-members/{{uid}}", self.thread_member),
            web.post(f"{api}/channels/{{cid}}/typing", self.typing),
            web.get(f"{api}/guilds/{{guild}}", self.get_guild),
            web.get(f"{api}/guilds/{{guild}}/channels", self.get_guild_channels),
            web.get(f"{api}/guilds/{{guild}}/threads/active", self.get_active_threads),
            web.get(f"{api}/guilds/{{guild}}/roles", self.get_roles),
            web.get(f"{api}/guilds/{{guild}}/members", self.get_members),
            web.get(f"{api}/guilds/{{guild}}/members/{{uid}}", self.get_member),
            web.get("/attachments/{cid}/{aid}/{filename}", self.get_attachment),
            web.route("*", f"{api}/{{tail:.*}}", self.no_route),
        ]

    async def no_route(self, request: web.Request) -> web.Response:
        """The catch-all: say exactly which route is missing."""
        path = request.path.removeprefix(API_PREFIX)
        return not_found(f"emulator: no route for {request.method} {path}", 0)

    # -- users, application, gateway ---------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        """The bot user (``static_login``)."""
        return json_response({**self.state.bot.payload(), "verified": True, "mfa_enabled": False})

    async def get_user(self, request: web.Request) -> web.Response:
        """Any known user."""
        user = self._user(request.match_info["user_id"])
        if user is None:
            return not_found("Unknown User", 10013)
        return json_response(user.payload())

    async def open_dm(self, request: web.Request) -> web.Response:
        """``User.create_dm``: the DM channel with a user."""
        user = self._user(str(request[BODY].get("recipient_id")))
        if user is None or user.bot:
            return not_found("Unknown User", 10013)
        return json_response(self.state.channel_payload(self.state.open_dm(user)))

    async def get_application(self, request: web.Request) -> web.Response:
        """``application_info``, read during login."""
        state = self.state
        return json_response(
            payloads.application(
                id=state.application_id, name=state.bot.name, owner=state.owner.payload()
            )
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        """The gateway URL (discord.py never asks; other clients do)."""
        return json_response({"url": self.gateway_url()})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        """What AutoShardedClient asks before connecting."""
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response({"url": self.gateway_url(), "shards": 1, "session_start_limit": limit})

    # -- commands -----------------------------------------------------------------------

    async def get_commands(self, request: web.Request) -> web.Response:
        """The synced global or guild commands."""
        refusal = self._app_refusal(request)
        if refusal is not None:
            return refusal
        guild = "guild" in request.match_info
        return json_response(self.state.guild_commands if guild else self.state.global_commands)

    async def put_commands(self, request: web.Request) -> web.Response:
        """``tree.sync()``: a bulk overwrite, validated as Discord does."""
        refusal = self._app_refusal(request)
        if refusal is not None:
            return refusal
        commands = request[JSON]
        if not isinstance(commands, list):
            return json_response(payloads.error("Invalid Form Body", 50035), 400)
        problems = commands_problems(commands)
        if problems:
            return json_response(payloads.error("Invalid Form Body", 50035, problems), 400)
        stored = self.state.sync_commands(commands, guild="guild" in request.match_info)
        return json_response(stored)

    def _app_refusal(self, request: web.Request) -> web.Response | None:
        if request.match_info["app"] != str(self.state.application_id):
            return not_found("Unknown Application", 10002)
        guild = request.match_info.get("guild")
        if guild is not None and guild != str(self.state.guild_id):
            return json_response(payloads.error("Missing Access", 50001), 403)
        return None

    # -- interactions and webhooks ------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        """The initial interaction response."""
        result = self.interactions.get(request.match_info["token"])
        if result is None or str(result.id) != request.match_info["iid"]:
            return not_found("Unknown interaction", 10062)
        files = request[FILES]
        status, data = await result.callback(request[BODY], files)
        if status == 200 and data is not None:
            resource = data["resource"]
            shown = resource.get("message")
            # Autocomplete choices, modals and silent acknowledgements reach only the user.
            if resource["type"] in (6, 8, 9) or (shown is not None and shown["flags"] & 64):
                request[RECORD].ephemeral_to = result.user.id
        return reply(status, data)

    async def followup(self, request: web.Request) -> web.Response:
        """A followup message through the interaction webhook."""
        result = self._webhook(request)
        if result is None:
            return not_found("Unknown Webhook", 10015)
        files = request[FILES]
        status, data = await result.followup(request[BODY], files)
        _note_audience(request, result, data)
        if status == 200 and request.query.get("wait") not in ("1", "true", "True"):
            return web.Response(status=204)
        return reply(status, data)

    async def webhook_message(self, request: web.Request) -> web.Response:
        """GET/PATCH/DELETE of the original response or a followup."""
        if request.method not in ("GET", "PATCH", "DELETE"):
            return await self.no_route(request)
        result = self._webhook(request)
        if result is None:
            return not_found("Unknown Webhook", 10015)
        files = request[FILES]
        mid = request.match_info["mid"]
        status, data = await result.webhook_message(request.method, mid, request[BODY], files)
        _note_audience(request, result, data)
        return reply(status, data)

    def _webhook(self, request: web.Request) -> InteractionResult | None:
        if request.match_info["app"] != str(self.state.application_id):
            return None
        return self.interactions.get(request.match_info["token"])

    # -- channels and messages ----------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        """A channel, thread or DM."""
        channel = self._channel(request)
        if channel is None:
            return not_found("Unknown Channel", 10003)
        return json_response(self.state.channel_payload(channel))

    async def history(self, request: web.Request) -> web.Response:
        """``channel.history()``: public messages, newest first, with before/after/limit."""
        channel = self._channel(request)
        if channel is None:
            return not_found("Unknown Channel", 10003)
        before = int(request.query.get("before", 2**63))
        after = int(request.query.get("after", 0))
        limit = min(int(request.query.get("limit", 50)), 100)
        found = [
            m
            for m in reversed(self.state.messages.values())
            if m.channel_id == channel.id
            and not m.deleted
            and m.ephemeral_to is None
            and after < m.id < before
        ]
        if "after" in request.query and "before" not in request.query:
            found = found[-limit:]  # the oldest ones after the cursor
        return json_response([self.state.message_payload(m) for m in found[:limit]])

    async def send_message(self, request: web.Request) -> web.Response:
        """``channel.send``; announces MESSAGE_CREATE."""
        channel = self._channel(request)
        if channel is None:
            return not_found("Unknown Channel", 10003)
        body, files = request[BODY], request[FILES]
        problems = message_problems(body, file_count=len(files), creating=True)
        if problems:
            return json_response(payloads.error("Invalid Form Body", 50035, problems), 400)
        if channel.archived or channel.locked:
            return json_response(payloads.error("Thread is locked", 160005), 400)
        message = await self.state.create_message(channel, self.state.bot, body, files)
        return json_response(self.state.message_payload(message))

    async def get_message(self, request: web.Request) -> web.Response:
        """One public message of a channel."""
        message = self._message(request)
        if message is None:
            return not_found("Unknown Message", 10008)
        return json_response(self.state.message_payload(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        """``message.edit`` on one of the bot's messages; announces MESSAGE_UPDATE."""
        message = self._message(request)
        if message is None:
            return not_found("Unknown Message", 10008)
        if message.author.id != self.state.bot.id:
            return json_response(
                payloads.error("Cannot edit a message authored by another user", 50005), 403
            )
        body, files = request[BODY], request[FILES]
        problems = message_problems(body, file_count=len(files), creating=False)
        if problems:
            return json_response(payloads.error("Invalid Form Body", 50035, problems), 400)
        await self.state.edit_message(message, body, files)
        return json_response(self.state.message_payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        """``message.delete``; announces MESSAGE_DELETE."""
        message = self._message(request)
        if message is None:
            return not_found("Unknown Message", 10008)
        await self.state.delete_message(message)
        return web.Response(status=204)

    async def start_thread(self, request: web.Request) -> web.Response:
        """``create_thread`` with or without a starter message; announces THREAD_CREATE."""
        parent = self._channel(request)
        if parent is None or parent.type != payloads.GUILD_TEXT:
            return not_found("Unknown Channel", 10003)
        body = request[BODY]
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            problems = {"name": "Must be between 1 and 100 in length."}
            return json_response(payloads.error("Invalid Form Body", 50035, problems), 400)
        starter = None
        if "mid" in request.match_info:
            starter = self._message(request)
            if starter is None:
                return not_found("Unknown Message", 10008)
            if starter.thread_id is not None:
                return json_response(
                    payloads.error("A thread has already been created for this message", 160004),
                    400,
                )
        # Without a starter message the API defaults to a private thread.
        kind = (
            payloads.PUBLIC_THREAD if starter else int(body.get("type") or payloads.PRIVATE_THREAD)
        )
        if kind not in payloads.THREAD_TYPES:
            return json_response(payloads.error("Invalid thread type", 50035), 400)
        thread = await self.state.create_thread(
            parent,
            name=name,
            type=kind,
            owner=self.state.bot,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            from_message=starter,
        )
        return json_response(thread.payload())

    async def thread_member(self, request: web.Request) -> web.Response:
        """``thread.add_user`` / ``remove_user`` (and ``@me`` for join/leave)."""
        thread = self._channel(request)
        if thread is None or not thread.is_thread:
            return not_found("Unknown Channel", 10003)
        uid = request.match_info["uid"]
        user = self.state.bot if uid == "@me" else self._user(uid)
        if user is None:
            return not_found("Unknown Member", 10007)
        if request.method == "PUT":
            thread.member_ids.add(user.id)
        else:
            thread.member_ids.discard(user.id)
        return web.Response(status=204)

    async def typing(self, request: web.Request) -> web.Response:
        """The typing indicator (accepted and ignored)."""
        if self._channel(request) is None:
            return not_found("Unknown Channel", 10003)
        return web.Response(status=204)

    # -- guild --------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        """``fetch_guild``."""
        if request.match_info["guild"] != str(self.state.guild_id):
            return not_found("Unknown Guild", 10004)
        data = self.state.guild_create_payload()
        return json_response({**data, "approximate_member_count": data["member_count"]})

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        """``fetch_channels``: the text channels."""
        if request.match_info["guild"] != str(self.state.guild_id):
            return not_found("Unknown Guild", 10004)
        channels = self.state.guild_create_payload()["channels"]
        return json_response(channels)

    async def get_active_threads(self, request: web.Request) -> web.Response:
        """``active_threads``."""
        if request.match_info["guild"] != str(self.state.guild_id):
            return not_found("Unknown Guild", 10004)
        threads = self.state.guild_create_payload()["threads"]
        return json_response({"threads": threads, "members": []})

    async def get_roles(self, request: web.Request) -> web.Response:
        """``fetch_roles``."""
        if request.match_info["guild"] != str(self.state.guild_id):
            return not_found("Unknown Guild", 10004)
        return json_response(self.state.roles_payload())

    async def get_members(self, request: web.Request) -> web.Response:
        """``fetch_members`` (one page, ordered by id, honouring ``after`` and ``limit``)."""
        if request.match_info["guild"] != str(self.state.guild_id):
            return not_found("Unknown Guild", 10004)
        after = int(request.query.get("after", 0))
        limit = int(request.query.get("limit", 1))
        users = sorted((u for u in self.state.users.values() if u.id > after), key=lambda u: u.id)
        return json_response([self.state.member_payload(u) for u in users[:limit]])

    async def get_member(self, request: web.Request) -> web.Response:
        """``fetch_member``."""
        if request.match_info["guild"] != str(self.state.guild_id):
            return not_found("Unknown Guild", 10004)
        user = self._user(request.match_info["uid"])
        if user is None:
            return not_found("Unknown Member", 10007)
        return json_response(self.state.member_payload(user))

    async def get_attachment(self, request: web.Request) -> web.Response:
        """The bytes behind an attachment URL (``Attachment.read()``, the playground page)."""
        aid = request.match_info["aid"]
        found = self.state.attachment(int(aid)) if aid.isdigit() else None
        if found is None:
            raise web.HTTPNotFound()
        return web.Response(body=found.data, headers={"Content-Type": found.content_type})

    # -- lookups ------------------------------------------------------------------------

    def _user(self, user_id: str) -> FakeUser | None:
        return self.state.users.get(int(user_id)) if user_id.isdigit() else None

    def _channel(self, request: web.Request) -> Channel | None:
        cid = request.match_info["cid"]
        return self.state.channels.get(int(cid)) if cid.isdigit() else None

    def _message(self, request: web.Request) -> Message | None:
        """A live public message of the channel in the URL (ephemeral ones are not reachable)."""
        channel = self._channel(request)
        mid = request.match_info["mid"]
        if channel is None or not mid.isdigit():
            return None
        message = self.state.messages.get(int(mid))
        if message is None or message.deleted or message.channel_id != channel.id:
            return None
        return None if message.ephemeral_to is not None else message


def _note_audience(request: web.Request, result: InteractionResult, message: Json | None) -> None:
    """Mark the request private when the message it produced is ephemeral."""
    if message is not None and int(message.get("flags") or 0) & 64:
        request[RECORD].ephemeral_to = result.user.id


async def _parse_body(request: web.Request) -> tuple[Any, list[RecordedFile]]:
    """The JSON body (``payload_json`` for multipart) and the uploaded files."""
    files: list[RecordedFile] = []
    if request.content_type.startswith("multipart/"):
        body: Any = None
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                body = json.loads(await part.text())
            elif part.filename is not None:
                data = bytes(await part.read(decode=True))
                files.append(RecordedFile(part.name or "", part.filename, data))
        return body, files
    if not request.body_exists:
        return None, files
    raw = await request.read()
    if not raw:
        return None, files
    try:
        return json.loads(raw), files
    except ValueError:
        return raw.decode("utf-8", "replace"), files
