"""The REST half of the emulator: the routes a discord.py bot calls, under ``/api/v10``.

Every request is parsed once (JSON, or multipart with ``payload_json`` and ``files[N]``) and
recorded. Responses carry the exact ``Content-Type: application/json`` (discord.py compares
it with ``==``). Nothing answers 5xx, because discord.py retries those with sleeps of
seconds; unknown routes and emulator bugs answer 4xx with an explanation instead.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import random
import re
import urllib.parse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, hdrs, web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

from playground import payloads
from playground.interactions import InteractionResult
from playground.models import (
    Channel,
    FakeUser,
    Guild,
    IgnoredField,
    Message,
    RecordedFile,
    RecordedRequest,
)
from playground.ratelimits import RateLimiter
from playground.state import (
    ADD_REACTIONS,
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    EmulatorError,
    State,
    permission_names,
)
from playground.validation import (
    CREATE_MESSAGE_FLAGS,
    commands_problems,
    is_valid_emoji,
    message_problems,
    thread_problems,
)

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
#: Headers a traced bot adds (``playground.tracing``): the interaction whose handler made
#: the request, and the line of the bot's code that made it.
INTERACTION_HEADER = "X-Emulator-Interaction"
ORIGIN_HEADER = "X-Emulator-Origin"


def refusal(status: int, code: int, message: str) -> web.Response:
    """A Discord error answer (403 Missing Permissions and the like)."""
    return json_response(payloads.error(message, code), status)


def missing_permissions(lacking: int) -> web.Response:
    """403 code 50013, naming what is missing (Discord's text says only the code)."""
    names = ", ".join(permission_names(lacking))
    return refusal(403, 50013, f"Missing Permissions ({names})")


MISSING_ACCESS = (403, 50001, "Missing Access")
ARCHIVED = (400, 50083, "Thread is archived")
LOCKED = (400, 160005, "Thread is locked")
WRONG_CHANNEL_TYPE = (400, 50024, "Cannot execute action on this channel type")


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
        #: The shard count ``GET /gateway/bot`` recommends (the gateway's).
        self.shards: Callable[[], int] = lambda: 1
        self.interactions = interactions
        self.recorded: list[RecordedRequest] = []
        self.errors: list[str] = []
        self.faults: list[Fault] = []
        #: Fields Discord documents for other cases only: accepted and unused, but noted.
        self.ignored: list[IgnoredField] = []
        self.limiter = RateLimiter()
        #: Seconds every REST call waits before it is handled: (low, high), drawn per call.
        self.latency: tuple[float, float] = (0.0, 0.0)
        #: Extra wait for requests whose "METHOD path" matches a regex (slow routes).
        self.slow_routes: list[tuple[re.Pattern[str], float]] = []
        self._random = random.Random(0)

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
            origin=request.headers.get(ORIGIN_HEADER, ""),
        )
        self.recorded.append(record)
        request[RECORD] = record
        request[BODY] = body if isinstance(body, dict) else {}
        request[JSON] = body
        request[FILES] = files
        self._check_acknowledged(request, record)
        await self._travel(request.method, path)
        # Deadlines count to the arrival: the modelled network time is spent by now.
        record.arrived_at = self.state.clock()
        response = await self._answer(request, handler, record, path)
        record.status = response.status
        self.state.changed()
        return response

    async def _travel(self, method: str, path: str) -> None:
        """The network's share: the configured latency, plus any slow route's extra."""
        low, high = self.latency
        wait = self._random.uniform(low, high) if high > 0 else 0.0
        line = f"{method} {path}"
        wait += sum(extra for pattern, extra in self.slow_routes if pattern.search(line))
        if wait > 0:
            await asyncio.sleep(wait)

    def _check_acknowledged(self, request: web.Request, record: RecordedRequest) -> None:
        """A handler must answer its interaction before it calls Discord for anything else.

        Discord gives 3 s for the first answer, and every call before it spends some of them
        (50-300 ms each on a good day). A traced bot names the interaction whose handler
        makes a request; such a request while that interaction is unanswered is a violation.
        """
        if _TOKEN_IN_URL.match(record.path):
            return
        handling = request.headers.get(INTERACTION_HEADER)
        if not handling:
            return
        for result in self.interactions.values():
            if str(result.id) == handling and result.awaiting_answer:
                where = f" (from {record.origin})" if record.origin else ""
                result.errors.append(
                    f"called Discord before acknowledging: {record.method} {record.path}{where}"
                )
                return

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
        verdict = self.limiter.check(request.method, _template(request), dict(request.match_info))
        if verdict.limited:
            body = {
                "message": "You are being rate limited.",
                "retry_after": round(verdict.retry_after, 3),
                "global": verdict.is_global,
            }
            return web.Response(
                status=429,
                body=json.dumps(body).encode(),
                content_type="application/json",
                headers=verdict.headers,
            )
        response = await self._handle(request, handler, path)
        response.headers.update(verdict.headers)
        return response

    async def _handle(
        self, request: web.Request, handler: Handler, path: str
    ) -> web.StreamResponse:
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
            web.patch(f"{api}/channels/{{cid}}", self.modify_channel),
            web.put(
                f"{api}/channels/{{cid}}/messages/{{mid}}/reactions/{{emoji}}/@me",
                self.add_reaction,
            ),
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
        body = {"url": self.gateway_url(), "shards": self.shards(), "session_start_limit": limit}
        return json_response(body)

    # -- commands -----------------------------------------------------------------------

    async def get_commands(self, request: web.Request) -> web.Response:
        """The synced global or guild commands."""
        refusal = self._app_refusal(request)
        if refusal is not None:
            return refusal
        guild = request.match_info.get("guild")
        if guild is None:
            return json_response(self.state.global_commands)
        return json_response(self.state.commands_by_guild.get(int(guild), []))

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
        guild = request.match_info.get("guild")
        stored = self.state.sync_commands(commands, guild=None if guild is None else int(guild))
        return json_response(stored)

    def _app_refusal(self, request: web.Request) -> web.Response | None:
        if request.match_info["app"] != str(self.state.application_id):
            return not_found("Unknown Application", 10002)
        guild = request.match_info.get("guild")
        if guild is not None and self._guild(request) is None:
            return json_response(payloads.error("Missing Access", 50001), 403)
        return None

    # -- interactions and webhooks ------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        """The initial interaction response."""
        result = self.interactions.get(request.match_info["token"])
        if result is None or str(result.id) != request.match_info["iid"]:
            return not_found("Unknown interaction", 10062)
        files = request[FILES]
        status, data = await result.callback(request[BODY], files, at=request[RECORD].arrived_at)
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
        status, data = await result.followup(request[BODY], files, at=request[RECORD].arrived_at)
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
        status, data = await result.webhook_message(
            request.method, mid, request[BODY], files, at=request[RECORD].arrived_at
        )
        _note_audience(request, result, data)
        return reply(status, data)

    def _webhook(self, request: web.Request) -> InteractionResult | None:
        if request.match_info["app"] != str(self.state.application_id):
            return None
        return self.interactions.get(request.match_info["token"])

    # -- channels and messages ----------------------------------------------------------

    def _reachable(self, request: web.Request) -> Channel | web.Response:
        """The channel in the URL, or the answer Discord gives when the bot cannot reach it."""
        channel = self._channel(request)
        if channel is None:
            return not_found("Unknown Channel", 10003)
        if not self.state.can_view(self.state.bot, channel):
            return refusal(*MISSING_ACCESS)
        return channel

    def _reachable_message(self, request: web.Request) -> tuple[Channel, Message] | web.Response:
        """The channel and the public message in the URL, or Discord's refusal."""
        channel = self._reachable(request)
        if isinstance(channel, web.Response):
            return channel
        message = self._message(request)
        if message is None:
            return not_found("Unknown Message", 10008)
        return channel, message

    async def get_channel(self, request: web.Request) -> web.Response:
        """A channel, thread or DM."""
        channel = self._reachable(request)
        if isinstance(channel, web.Response):
            return channel
        return json_response(self.state.channel_payload(channel))

    async def modify_channel(self, request: web.Request) -> web.Response:
        """``PATCH /channels/{id}``: for a thread, archive, unarchive, lock, rename.

        Unarchiving an unlocked thread needs only Send Messages (in Threads); archiving,
        locking or other changes need Manage Threads unless the bot owns the thread. Other
        channels need Manage Channels, which the bot is never asked to have.
        """
        channel = self._reachable(request)
        if isinstance(channel, web.Response):
            return channel
        body = request[BODY]
        state = self.state
        if not channel.is_thread:
            lacking = state.missing(channel, MANAGE_CHANNELS)
            return missing_permissions(lacking) if lacking else refusal(*WRONG_CHANNEL_TYPE)
        changes: dict[str, Any] = {
            k: body[k]
            for k in (
                "archived",
                "locked",
                "name",
                "auto_archive_duration",
                "invitable",
                "rate_limit_per_user",
            )
            if k in body
        }
        self._note_invitable(request, channel.type)
        if channel.type != payloads.PRIVATE_THREAD:
            changes.pop("invitable", None)
        only_unarchive = set(changes) == {"archived"} and changes["archived"] is False
        if only_unarchive:
            if channel.locked:
                lacking = state.missing(channel, MANAGE_THREADS)
                if lacking:
                    return missing_permissions(lacking)
            lacking = state.missing(channel, SEND_MESSAGES_IN_THREADS)
        elif channel.owner_id == state.bot.id and not {"locked", "invitable"} & set(changes):
            lacking = 0
        else:
            lacking = state.missing(channel, MANAGE_THREADS)
        if lacking:
            return missing_permissions(lacking)
        problems = thread_problems(changes, creating=False)
        if problems:
            return json_response(payloads.error("Invalid Form Body", 50035, problems), 400)
        if channel.archived and not only_unarchive and changes.get("archived") is not False:
            return refusal(*ARCHIVED)
        if changes.get("rate_limit_per_user", 0) is None:
            changes["rate_limit_per_user"] = 0  # null turns slowmode off
        for key in ("name", "auto_archive_duration", "invitable", "locked", "rate_limit_per_user"):
            if key in changes:
                setattr(channel, key, changes[key])
        if "archived" in changes:
            await state.set_archived(channel, bool(changes["archived"]))
        else:
            state.changed()
            await state.dispatch("THREAD_UPDATE", channel.payload())
        return json_response(state.channel_payload(channel))

    async def history(self, request: web.Request) -> web.Response:
        """``channel.history()``: public messages, newest first, with before/after/limit.

        Without Read Message History Discord answers with no messages at all.
        """
        channel = self._reachable(request)
        if isinstance(channel, web.Response):
            return channel
        if self.state.missing(channel, READ_MESSAGE_HISTORY):
            return json_response([])
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
        """``channel.send``; announces MESSAGE_CREATE.

        Needs Send Messages (Send Messages in Threads in a thread), Attach Files for files,
        Embed Links for embeds and Read Message History for a reply. A message in an archived
        thread unarchives it, unless the thread is locked.
        """
        channel = self._reachable(request)
        if isinstance(channel, web.Response):
            return channel
        body, files = request[BODY], request[FILES]
        state = self.state
        if channel.type == payloads.GUILD_FORUM:
            return refusal(400, 50008, "Cannot send messages in a non-text channel")
        if channel.type == payloads.DM and channel.recipient_id in state.dms_closed:
            return refusal(403, 50007, "Cannot send messages to this user")
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if files:
            needed |= ATTACH_FILES
        if body.get("embeds"):
            needed |= EMBED_LINKS
        if body.get("message_reference"):
            needed |= READ_MESSAGE_HISTORY
        lacking = state.missing(channel, needed)
        if lacking:
            return missing_permissions(lacking)
        problems = message_problems(
            body, file_count=len(files), creating=True, flags_allowed=CREATE_MESSAGE_FLAGS
        )
        if problems:
            return json_response(payloads.error("Invalid Form Body", 50035, problems), 400)
        if channel.locked:
            return refusal(*LOCKED)
        if body.get("enforce_nonce") and body.get("nonce") is not None:
            # As Discord: the same author's message with this nonce from the last few
            # minutes is returned, and nothing new is posted.
            state.nonce_requests.setdefault(str(body["nonce"]), []).append(state.now())
            earlier = state.message_with_nonce(state.bot.id, str(body["nonce"]))
            if earlier is not None:
                return json_response(state.message_payload(earlier))
        if channel.archived:
            await state.set_archived(channel, False)
        message = await state.create_message(channel, state.bot, body, files)
        return json_response(state.message_payload(message))

    async def get_message(self, request: web.Request) -> web.Response:
        """One public message of a channel (needs Read Message History)."""
        channel = self._reachable(request)
        if isinstance(channel, web.Response):
            return channel
        lacking = self.state.missing(channel, READ_MESSAGE_HISTORY)
        if lacking:
            return missing_permissions(lacking)
        message = self._message(request)
        if message is None:
            return not_found("Unknown Message", 10008)
        return json_response(self.state.message_payload(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        """``message.edit`` on one of the bot's messages; announces MESSAGE_UPDATE.

        Refused in an archived thread (code 50083): only a new message unarchives one.
        """
        found = self._reachable_message(request)
        if isinstance(found, web.Response):
            return found
        channel, message = found
        if message.author.id != self.state.bot.id:
            return json_response(
                payloads.error("Cannot edit a message authored by another user", 50005), 403
            )
        body, files = request[BODY], request[FILES]
        lacking = self.state.missing(channel, ATTACH_FILES if files else 0)
        if lacking:
            return missing_permissions(lacking)
        # Flags the author may not change are ignored here, not refused (state.edit_message).
        problems = message_problems(
            body, file_count=len(files), creating=False, current=message.editable()
        )
        if problems:
            return json_response(payloads.error("Invalid Form Body", 50035, problems), 400)
        if channel.locked:
            return refusal(*LOCKED)
        if channel.archived:
            return refusal(*ARCHIVED)
        await self.state.edit_message(message, body, files)
        return json_response(self.state.message_payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        """``message.delete`` of the bot's own message; announces MESSAGE_DELETE."""
        found = self._reachable_message(request)
        if isinstance(found, web.Response):
            return found
        channel, message = found
        if message.author.id != self.state.bot.id:
            lacking = self.state.missing(channel, MANAGE_MESSAGES)
            if lacking:
                return missing_permissions(lacking)
        if channel.archived:
            return refusal(*ARCHIVED)
        await self.state.delete_message(message)
        return web.Response(status=204)

    async def add_reaction(self, request: web.Request) -> web.Response:
        """``message.add_reaction``: a Unicode emoji, or ``name:id`` of a custom one.

        Anything else is code 10014 Unknown Emoji. Needs Read Message History, and Add
        Reactions to be the first to react with an emoji.
        """
        found = self._reachable_message(request)
        if isinstance(found, web.Response):
            return found
        channel, message = found
        emoji = urllib.parse.unquote(request.match_info["emoji"])
        name, _, custom_id = emoji.partition(":")
        if not (custom_id.isdigit() and name) and not is_valid_emoji(emoji):
            return refusal(400, 10014, "Unknown Emoji")
        needed = READ_MESSAGE_HISTORY | (0 if emoji in message.reactions else ADD_REACTIONS)
        lacking = self.state.missing(channel, needed)
        if lacking:
            return missing_permissions(lacking)
        if channel.archived:
            return refusal(*ARCHIVED)
        message.reactions.setdefault(emoji, set()).add(self.state.bot.id)
        self.state.changed()
        return web.Response(status=204)

    async def start_thread(self, request: web.Request) -> web.Response:
        """``create_thread`` with or without a starter message; announces THREAD_CREATE.

        From a message: a public thread in a text channel, an announcement thread in an
        announcement channel. Without one: public or private (the default) in a text
        channel. Anywhere else (voice chat, forum, thread, DM) it is code 50024.
        """
        parent = self._reachable(request)
        if isinstance(parent, web.Response):
            return parent
        body = request[BODY]
        starter = None
        if "mid" in request.match_info:
            starter = self._message(request)
            if starter is None:
                return not_found("Unknown Message", 10008)
        kinds = {
            (payloads.GUILD_TEXT, True): {payloads.PUBLIC_THREAD},
            (payloads.GUILD_ANNOUNCEMENT, True): {payloads.ANNOUNCEMENT_THREAD},
            (payloads.GUILD_TEXT, False): {payloads.PUBLIC_THREAD, payloads.PRIVATE_THREAD},
            (payloads.GUILD_ANNOUNCEMENT, False): {payloads.ANNOUNCEMENT_THREAD},
        }.get((parent.type, starter is not None))
        if kinds is None:
            return refusal(*WRONG_CHANNEL_TYPE)
        problems = thread_problems(body, creating=True, typed=starter is None)
        if problems:
            return json_response(payloads.error("Invalid Form Body", 50035, problems), 400)
        if starter is not None:
            kind = next(iter(kinds))
        else:
            # Without a starter message the API defaults to a private thread (a type of 0,
            # a text channel's, is no thread type: thread_problems refused it).
            requested = body.get("type")
            kind = payloads.PRIVATE_THREAD if requested is None else int(requested)
            if parent.type == payloads.GUILD_ANNOUNCEMENT and requested is None:
                kind = payloads.ANNOUNCEMENT_THREAD
            if kind not in kinds:
                return json_response(
                    payloads.error(
                        "Invalid Form Body", 50035, {"type": "Invalid thread type for the channel."}
                    ),
                    400,
                )
        needed = (
            CREATE_PRIVATE_THREADS if kind == payloads.PRIVATE_THREAD else (CREATE_PUBLIC_THREADS)
        )
        if starter is not None:
            needed |= READ_MESSAGE_HISTORY
        lacking = self.state.missing(parent, needed)
        if lacking:
            return missing_permissions(lacking)
        if starter is not None and starter.thread_id is not None:
            return json_response(
                payloads.error("A thread has already been created for this message", 160004),
                400,
            )
        thread = await self.state.create_thread(
            parent,
            name=str(body["name"]),
            type=kind,
            owner=self.state.bot,
            auto_archive_duration=int(body.get("auto_archive_duration") or 4320),
            from_message=starter,
            invitable=bool(body.get("invitable", True)),
            rate_limit_per_user=int(body.get("rate_limit_per_user") or 0),
        )
        self._note_invitable(request, kind)
        return json_response(thread.payload())

    def _note_invitable(self, request: web.Request, kind: int) -> None:
        """``invitable`` is documented for private threads only: on another thread Discord
        does not refuse it, and it means nothing there."""
        if "invitable" in request[BODY] and kind != payloads.PRIVATE_THREAD:
            self.ignored.append(
                IgnoredField(request[RECORD], "invitable", "documented for private threads only")
            )

    async def thread_member(self, request: web.Request) -> web.Response:
        """``thread.add_user`` / ``remove_user`` (and ``@me`` for join/leave).

        Adding needs Send Messages in Threads and an unarchived thread; to a private thread
        that is not ``invitable`` only its owner or Manage Threads may add. Removing someone
        else needs Manage Threads, or owning the private thread.
        """
        thread = self._reachable(request)
        if isinstance(thread, web.Response):
            return thread
        if not thread.is_thread:
            return refusal(*WRONG_CHANNEL_TYPE)
        uid = request.match_info["uid"]
        state = self.state
        user = state.bot if uid == "@me" else self._user(uid)
        # Only a member of the thread's server can be added to it.
        if user is None or thread.guild_id is None or not state.is_member(user, thread.guild_id):
            return not_found("Unknown Member", 10007)
        if thread.archived:
            return refusal(*ARCHIVED)
        if thread.locked:
            return refusal(*LOCKED)
        owner = thread.owner_id == state.bot.id
        if request.method == "PUT":
            needed = SEND_MESSAGES_IN_THREADS
            if thread.type == payloads.PRIVATE_THREAD and not thread.invitable and not owner:
                needed |= MANAGE_THREADS
            lacking = state.missing(thread, needed)
            if lacking:
                return missing_permissions(lacking)
            thread.member_ids.add(user.id)
        else:
            if user.id != state.bot.id and not (owner and thread.type == payloads.PRIVATE_THREAD):
                lacking = state.missing(thread, MANAGE_THREADS)
                if lacking:
                    return missing_permissions(lacking)
            thread.member_ids.discard(user.id)
        state.changed()
        return web.Response(status=204)

    async def typing(self, request: web.Request) -> web.Response:
        """The typing indicator (accepted and ignored; needs Send Messages)."""
        channel = self._reachable(request)
        if isinstance(channel, web.Response):
            return channel
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        lacking = self.state.missing(channel, needed)
        return missing_permissions(lacking) if lacking else web.Response(status=204)

    # -- guild --------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        """``fetch_guild``."""
        guild = self._guild(request)
        if guild is None:
            return not_found("Unknown Guild", 10004)
        data = self.state.guild_create_payload(guild)
        return json_response({**data, "approximate_member_count": data["member_count"]})

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        """``fetch_channels``: the text channels."""
        guild = self._guild(request)
        if guild is None:
            return not_found("Unknown Guild", 10004)
        channels = self.state.guild_create_payload(guild)["channels"]
        return json_response(channels)

    async def get_active_threads(self, request: web.Request) -> web.Response:
        """``active_threads``."""
        guild = self._guild(request)
        if guild is None:
            return not_found("Unknown Guild", 10004)
        threads = self.state.guild_create_payload(guild)["threads"]
        return json_response({"threads": threads, "members": []})

    async def get_roles(self, request: web.Request) -> web.Response:
        """``fetch_roles``."""
        guild = self._guild(request)
        if guild is None:
            return not_found("Unknown Guild", 10004)
        return json_response(self.state.roles_payload(guild))

    async def get_members(self, request: web.Request) -> web.Response:
        """``fetch_members`` (one page, ordered by id, honouring ``after`` and ``limit``).

        Discord refuses it to an application without the privileged members intent.
        """
        guild = self._guild(request)
        if guild is None:
            return not_found("Unknown Guild", 10004)
        if not self.state.privileged_intents & 1 << 1:
            return refusal(*MISSING_ACCESS)
        after = int(request.query.get("after", 0))
        limit = int(request.query.get("limit", 1))
        users = sorted(
            (u for u in self.state.users.values() if u.id > after and u.id in guild.members),
            key=lambda u: u.id,
        )
        return json_response([self.state.member_payload(u, guild=guild) for u in users[:limit]])

    async def get_member(self, request: web.Request) -> web.Response:
        """``fetch_member``."""
        guild = self._guild(request)
        if guild is None:
            return not_found("Unknown Guild", 10004)
        user = self._user(request.match_info["uid"])
        if user is None or user.id not in guild.members:
            return not_found("Unknown Member", 10007)
        return json_response(self.state.member_payload(user, guild=guild))

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

    def _guild(self, request: web.Request) -> Guild | None:
        """The guild in the URL, if the bot is in it."""
        gid = request.match_info["guild"]
        return self.state.guilds.get(int(gid)) if gid.isdigit() else None

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


def _is_multipart(content_type: str) -> bool:
    """Whether a Content-Type header is a multipart one. Read from the header itself: the
    request's parsed ``content_type`` goes through the email package's header parser, and a
    multipart header's boundary is new on every request, so its cache never helps."""
    return content_type.partition(";")[0].strip().lower().startswith("multipart/")


@functools.lru_cache(maxsize=64)
def _disposition(header: str | None) -> tuple[str | None, str | None]:
    """A part's name and file name, as aiohttp's ``BodyPartReader.name`` and ``.filename``
    read them from its Content-Disposition header. Kept: the same few headers come with
    every upload, and aiohttp's parser builds a regular expression on each call."""
    _, params = parse_content_disposition(header)
    return (
        content_disposition_filename(params, "name"),
        content_disposition_filename(params, "filename"),
    )


def _template(request: web.Request) -> str:
    """The matched route's path template without the API prefix (``/channels/{cid}``)."""
    resource = request.match_info.route.resource
    canonical = resource.canonical if resource is not None else request.path
    return canonical.removeprefix(API_PREFIX)


def _note_audience(request: web.Request, result: InteractionResult, message: Json | None) -> None:
    """Mark the request private when the message it produced is ephemeral."""
    if message is not None and int(message.get("flags") or 0) & 64:
        request[RECORD].ephemeral_to = result.user.id


async def _parse_body(request: web.Request) -> tuple[Any, list[RecordedFile]]:
    """The JSON body (``payload_json`` for multipart) and the uploaded files."""
    files: list[RecordedFile] = []
    if _is_multipart(request.headers.get(hdrs.CONTENT_TYPE, "")):
        body: Any = None
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            name, filename = _disposition(part.headers.get(hdrs.CONTENT_DISPOSITION))
            if name == "payload_json":
                body = json.loads(await part.text())
            elif filename is not None:
                data = bytes(await part.read(decode=True))
                files.append(RecordedFile(name or "", filename, data))
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
