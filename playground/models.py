"""The emulator's own records: users, channels, messages, attachments and recorded requests.

Ids are ints here (as in discord.py) and become strings only in payloads.
"""

from __future__ import annotations

import datetime as dt
import json
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from playground import payloads

Json = dict[str, Any]

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Component types whose children hold more components (rows, sections, containers, labels).
_CONTAINER_KEYS = ("components", "component", "accessory")


@dataclass(frozen=True)
class FakeUser:
    """A human (or the bot) in the emulated guild."""

    id: int
    name: str
    bot: bool = False
    manage_guild: bool = False
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        """The mention syntax, ``<@id>``."""
        return f"<@{self.id}>"

    def payload(self) -> Json:
        """The user object."""
        return payloads.user(id=self.id, name=self.name, bot=self.bot)


@dataclass
class Guild:
    """A server the bot is in: its owner, roles, the bot's permissions there and its members.

    ``members`` maps each member's id (the bot's too) to when they joined; ``moderators``
    are the members holding its Moderator role (Manage Server). The owner has every
    permission there, as on Discord, whatever their roles.
    """

    id: int
    name: str
    owner_id: int
    bot_role_id: int
    moderator_role_id: int
    bot_permissions: int
    members: dict[int, dt.datetime] = field(default_factory=dict)
    moderators: set[int] = field(default_factory=set)


@dataclass
class Channel:
    """A guild channel (text, announcement, voice, forum), a thread (10-12) or a DM (1).

    ``last_activity`` is the emulator clock's time of the thread's last message (or of its
    creation or unarchiving): a thread idle for ``auto_archive_duration`` minutes archives.
    ``bot_allow`` and ``bot_deny`` are the bot's permission overwrite in this channel.
    """

    id: int
    type: int
    name: str
    guild_id: int | None
    position: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    recipient_id: int | None = None
    member_ids: set[int] = field(default_factory=set)
    message_count: int = 0
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    #: Slowmode in seconds (bots are exempt; kept so the thread object reports it).
    rate_limit_per_user: int = 0
    last_activity: float = 0.0
    archived_at: float = 0.0
    bot_allow: int = 0
    bot_deny: int = 0

    @property
    def is_thread(self) -> bool:
        """Whether this is a thread (public, private or in an announcement channel)."""
        return self.type in payloads.THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        """Whether this is a direct-message channel."""
        return self.type == payloads.DM

    @property
    def created_at(self) -> dt.datetime:
        """When the channel was created (from its snowflake)."""
        return payloads.snowflake_time(self.id)

    def payload(self, recipient: Json | None = None, *, bot_id: int | None = None) -> Json:
        """The channel object; a DM needs its recipient's user object."""
        if self.type == payloads.DM:
            assert recipient is not None, "a DM payload needs its recipient"
            return payloads.dm_channel(id=self.id, recipient=recipient)
        assert self.guild_id is not None
        if self.is_thread:
            assert self.parent_id is not None and self.owner_id is not None
            return payloads.thread_channel(
                id=self.id,
                type=self.type,
                guild_id=self.guild_id,
                parent_id=self.parent_id,
                owner_id=self.owner_id,
                name=self.name,
                message_count=self.message_count,
                member_count=len(self.member_ids),
                archived=self.archived,
                locked=self.locked,
                auto_archive_duration=self.auto_archive_duration,
                created_at=self.created_at,
                archived_at=dt.datetime.fromtimestamp(
                    self.archived_at or self.created_at.timestamp(), tz=dt.UTC
                ),
                invitable=self.invitable,
                rate_limit_per_user=self.rate_limit_per_user,
            )
        overwrites = []
        if self.bot_allow or self.bot_deny:
            assert bot_id is not None, "a channel with a bot overwrite needs the bot's id"
            overwrites.append(
                payloads.member_overwrite(user_id=bot_id, allow=self.bot_allow, deny=self.bot_deny)
            )
        return payloads.guild_channel(
            id=self.id,
            guild_id=self.guild_id,
            name=self.name,
            position=self.position,
            type=self.type,
            overwrites=overwrites,
        )


@dataclass(frozen=True)
class Attachment:
    """A file the bot (or a user) uploaded, served back on a loopback URL."""

    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None

    @property
    def is_png(self) -> bool:
        """Whether the bytes start with the PNG signature (uploads all claim octet-stream)."""
        return self.data.startswith(_PNG_SIGNATURE)

    @property
    def content_type(self) -> str:
        """The type sniffed from the bytes, the way Discord's CDN labels it."""
        if self.is_png:
            return "image/png"
        if self.data.startswith(b"\xff\xd8\xff"):
            return "image/jpeg"
        if self.data.startswith((b"GIF87a", b"GIF89a")):
            return "image/gif"
        if self.data[:4] == b"RIFF" and self.data[8:12] == b"WEBP":
            return "image/webp"
        try:
            self.data.decode("utf-8")
        except UnicodeDecodeError:
            return "application/octet-stream"
        return "text/plain; charset=utf-8"

    @property
    def dimensions(self) -> tuple[int, int] | None:
        """Width and height of a PNG (read from its header), else None."""
        if not self.is_png or len(self.data) < 24:
            return None
        width, height = struct.unpack(">II", self.data[16:24])
        return width, height

    def payload(self) -> Json:
        """The attachment object."""
        size = self.dimensions
        return payloads.attachment(
            id=self.id,
            filename=self.filename,
            size=len(self.data),
            url=self.url,
            content_type=self.content_type,
            description=self.description,
            width=None if size is None else size[0],
            height=None if size is None else size[1],
        )


@dataclass
class Message:
    """A message as the emulator stores it; edits update it in place.

    ``ephemeral_to`` is the id of the only user who can see the message (flag 64), or None.
    ``loading`` marks a deferred "thinking" placeholder not yet filled by a followup or edit.
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    type: int = 0
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    ephemeral_to: int | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    reference_id: int | None = None
    thread_id: int | None = None
    edited_at: dt.datetime | None = None
    deleted: bool = False
    #: The nonce it was created with (``enforce_nonce``: Discord does not post it twice).
    nonce: str | None = None
    #: Emoji (a Unicode emoji or ``name:id``) -> ids of the users who reacted with it.
    reactions: dict[str, set[int]] = field(default_factory=dict)

    @property
    def created_at(self) -> dt.datetime:
        """When the message was created (from its snowflake)."""
        return payloads.snowflake_time(self.id)

    @property
    def ephemeral(self) -> bool:
        """Whether only ``ephemeral_to`` can see it."""
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        """Whether this is an unfilled "thinking" placeholder."""
        return bool(self.flags & payloads.LOADING)

    def editable(self) -> Json:
        """What an edit builds on: the content, embeds and flags as they stand."""
        return {"content": self.content, "embeds": self.embeds, "flags": self.flags}

    def iter_components(self) -> Iterator[Json]:
        """Every component, depth first: rows, then the buttons and selects inside them."""
        stack = list(reversed(self.components))
        while stack:
            component = stack.pop()
            yield component
            children: list[Json] = []
            for key in _CONTAINER_KEYS:
                value = component.get(key)
                if isinstance(value, list):
                    children.extend(value)
                elif isinstance(value, dict):
                    children.append(value)
            stack.extend(reversed(children))

    @property
    def buttons(self) -> list[Json]:
        """The buttons (component type 2), in reading order."""
        return [c for c in self.iter_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[Json]:
        """The select menus (component types 3 and 5-8), in reading order."""
        return [c for c in self.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def find_component(
        self, custom_id: str | None = None, *, label: str | None = None
    ) -> Json | None:
        """The first interactive component with this custom_id and/or label, or None."""
        for component in self.iter_components():
            if "custom_id" not in component:
                continue
            if custom_id is not None and component["custom_id"] != custom_id:
                continue
            if label is not None and component.get("label") != label:
                continue
            return component
        return None

    @property
    def text(self) -> str:
        """Content plus every embed's title, description, fields and footer, for assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for embed_field in embed.get("fields") or []:
                parts += [embed_field.get("name") or "", embed_field.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)


@dataclass(frozen=True)
class RecordedFile:
    """One uploaded file part of a multipart request."""

    field: str
    filename: str
    data: bytes


@dataclass
class RecordedRequest:
    """A REST request the bot made, with its parsed body (``payload_json`` for multipart).

    ``ephemeral_to`` is set when what the request sent reached one user only (an ephemeral
    message, autocomplete choices, a modal); everything else counts as public.
    """

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[RecordedFile]
    authorized: bool
    status: int = 0
    ephemeral_to: int | None = None
    #: ``file:line function`` of the bot's code that sent it (from a traced bot), or "".
    origin: str = ""
    #: When it reached the emulator, after the modelled network time (``State.clock``).
    arrived_at: float = 0.0

    @property
    def public(self) -> bool:
        """Whether what this request sent may have been seen by anyone in the channel."""
        return self.ephemeral_to is None

    def text(self) -> str:
        """The body as JSON text plus the uploaded file names, for scanning."""
        names = " ".join(f.filename for f in self.files)
        return f"{self.path} {json.dumps(self.json, ensure_ascii=False)} {names}"

    def __str__(self) -> str:
        where = f" from {self.origin}" if self.origin else ""
        return f"{self.method} {self.path} -> {self.status}{where}"


@dataclass(frozen=True)
class IgnoredField:
    """A field a request sent where Discord's documentation gives it no meaning: Discord
    takes the request and leaves the field unused, and so does the emulator, noting it."""

    request: RecordedRequest
    field: str
    why: str

    def __str__(self) -> str:
        return f"{self.request}: {self.field}: {self.why}"
