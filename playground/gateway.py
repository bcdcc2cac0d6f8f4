"""The websocket gateway: HELLO, heartbeats, IDENTIFY -> READY + a GUILD_CREATE per guild, RESUME.

Frames are plain JSON text: discord.py asks for zlib-stream but only decompresses binary
frames, so uncompressed text is always understood. A session outlives its connection until
the client closes normally (1000/1001); events dispatched while it is away are buffered and
replayed on RESUME, as Discord does.

**Sharding**, as Discord does it: ``GET /gateway/bot`` recommends :attr:`Gateway.shards`
shards; an IDENTIFY may carry ``shard: [shard_id, shard_count]``, and that session then gets
the READY, GUILD_CREATE and every other event of exactly the guilds with
``(guild_id >> 22) % shard_count == shard_id``, direct messages only on shard 0. Discord closes
the socket with 4010 (Invalid shard) for a shard id not below the count or a count below 1,
and with 4011 (Sharding required) when a session would hold more guilds than one shard may:
the emulator does so when the IDENTIFY asks for fewer shards than :attr:`Gateway.required`
(1 unless a test raises it), without a shard at all included.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from playground import payloads
from playground.state import State

Json = dict[str, Any]

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT = 0, 1, 2, 6, 7
REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
AUTHENTICATION_FAILED = 4004
INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011
#: Seconds before a heartbeat is acknowledged, a network round trip. discord.py's heartbeat
#: thread records the send time only after the send has completed in the event loop; an
#: acknowledgement on loopback arrives before that, so the client measured its latency from
#: the previous heartbeat ("Can't keep up, websocket is 41 s behind"). Discord's never does.
HEARTBEAT_ACK_DELAY = 0.05

GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
_BUFFERED_EVENTS = 1000


@dataclass
class Session:
    """One identified gateway session."""

    id: str
    intents: int
    shard: list[int] | None
    ws: web.WebSocketResponse | None
    seq: int = 0
    resumes: int = 0
    buffer: deque[Json] = field(default_factory=lambda: deque(maxlen=_BUFFERED_EVENTS))
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def covers(self, guild_id: int | None) -> bool:
        """Whether this session's shard gets the events of ``guild_id`` (None: a DM)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id

    def wants(self, event: str, data: Json) -> bool:
        """Whether the session's shard and intents subscribe to this event."""
        if not self.covers(_guild_of(event, data)):
            return False
        if event.startswith("MESSAGE_"):
            needed = GUILD_MESSAGES if "guild_id" in data else DIRECT_MESSAGES
        elif event.startswith("GUILD_MEMBER_"):
            needed = GUILD_MEMBERS
        elif event.startswith(("THREAD_", "CHANNEL_", "GUILD_")):
            needed = GUILDS
        else:
            return True
        return bool(self.intents & needed)

    async def send(self, event: str, data: Json) -> None:
        """Number, buffer and (if connected) send one dispatch."""
        async with self.lock:
            self.seq += 1
            frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
            self.buffer.append(frame)
            if self.ws is not None and not self.ws.closed:
                await self.ws.send_str(json.dumps(frame))


def _guild_of(event: str, data: Json) -> int | None:
    """The guild an event belongs to (None for a direct message or a user's own event)."""
    raw = data.get("id") if event.startswith("GUILD_") and "guild_id" not in data else None
    raw = data.get("guild_id", raw)
    return None if raw is None else int(raw)


class Gateway:
    """Accepts gateway connections and fans dispatches out to the live sessions."""

    #: The shard count ``GET /gateway/bot`` recommends.
    shards: int = 1
    #: The fewest shards an IDENTIFY may ask for before Discord says "Sharding required".
    required: int = 1

    def __init__(
        self,
        state: State,
        *,
        token: str,
        url: Callable[[], str],
        heartbeat_interval_ms: int = payloads.HEARTBEAT_INTERVAL_MS,
    ) -> None:
        self.state = state
        self.token = token
        self.url = url
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self._acks: set[asyncio.Task[None]] = set()
        self.sessions: dict[str, Session] = {}
        self.received: list[Json] = []
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def connected(self) -> bool:
        """Whether some identified session currently has an open socket."""
        return any(s.ws is not None and not s.ws.closed for s in self.sessions.values())

    async def dispatch(self, event: str, data: Json) -> None:
        """Send an event to every session (connected or resumable) that subscribes to it."""
        for session in list(self.sessions.values()):
            if session.wants(event, data):
                await session.send(event, data)

    async def reconnect(self) -> list[tuple[Session, int]]:
        """Ask every connected session to reconnect (op 7); returns (session, resumes before)."""
        asked = []
        for session in list(self.sessions.values()):
            if session.ws is not None and not session.ws.closed:
                asked.append((session, session.resumes))
                await session.ws.send_str(json.dumps({"op": RECONNECT, "d": None}))
        return asked

    async def close(self) -> None:
        """Close every socket (code 1001, going away)."""
        for ws in list(self._sockets):
            await ws.close(code=1001, message=b"emulator stopping")

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """One websocket connection, from HELLO to close."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: Session | None = None
        try:
            hello = {"heartbeat_interval": self.heartbeat_interval_ms}
            await ws.send_str(json.dumps({"op": HELLO, "d": hello, "s": None, "t": None}))
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                self.received.append(message)
                session = await self._on_message(ws, session, message) or session
        finally:
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                if ws.close_code in (1000, 1001):
                    # A normal close ends the session; anything else may be resumed.
                    self.sessions.pop(session.id, None)
        return ws

    async def _on_message(
        self, ws: web.WebSocketResponse, session: Session | None, message: Json
    ) -> Session | None:
        op, data = message.get("op"), message.get("d") or {}
        if op == HEARTBEAT:
            task = asyncio.get_running_loop().create_task(self._ack(ws))
            self._acks.add(task)
            task.add_done_callback(self._acks.discard)
        elif op == IDENTIFY:
            if data.get("token") != self.token:
                await ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
                return None
            return await self._identify(ws, data)
        elif op == RESUME:
            return await self._resume(ws, data)
        elif op == REQUEST_GUILD_MEMBERS and session is not None:
            await self._members_chunk(session, data)
        return None

    async def _ack(self, ws: web.WebSocketResponse) -> None:
        await asyncio.sleep(HEARTBEAT_ACK_DELAY)
        if not ws.closed:
            with contextlib.suppress(ConnectionError):
                await ws.send_str(json.dumps({"op": HEARTBEAT_ACK}))

    async def _identify(self, ws: web.WebSocketResponse, data: Json) -> Session | None:
        shard = data.get("shard")
        if shard is not None:
            valid = (
                isinstance(shard, list)
                and len(shard) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in shard)
                and shard[1] >= 1
                and 0 <= shard[0] < shard[1]
            )
            if not valid:
                await ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
                return None
        if (1 if shard is None else shard[1]) < self.required:
            await ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
            return None
        session = Session(
            id=secrets.token_hex(16),
            intents=int(data.get("intents", 0)),
            shard=shard,
            ws=ws,
        )
        self.sessions[session.id] = session
        state = self.state
        guilds = [g for g in list(state.guilds.values()) if session.covers(g.id)]
        await session.send(
            "READY",
            payloads.ready(
                user=state.bot.payload(),
                guild_ids=[g.id for g in guilds],
                session_id=session.id,
                resume_gateway_url=self.url(),
                application_id=state.application_id,
                shard=session.shard,
            ),
        )
        for guild in guilds:
            await session.send("GUILD_CREATE", state.guild_create_payload(guild))
        state.changed()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: Json) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.token:
            await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
            return None
        async with session.lock:
            session.ws = ws
            after = int(data.get("seq") or 0)
            for frame in list(session.buffer):
                if frame["s"] > after:
                    await ws.send_str(json.dumps(frame))
        await session.send("RESUMED", {})
        session.resumes += 1
        self.state.changed()
        return session

    async def _members_chunk(self, session: Session, data: Json) -> None:
        guild = self.state.guilds.get(int(data.get("guild_id") or self.state.guild_id))
        if guild is None:
            return
        wanted = {str(u) for u in data.get("user_ids") or []}
        members = [
            self.state.member_payload(u, guild=guild)
            for u in self.state.users.values()
            if u.id in guild.members and (not wanted or str(u.id) in wanted)
        ]
        chunk = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "nonce": data.get("nonce"),
        }
        await session.send("GUILD_MEMBERS_CHUNK", chunk)
