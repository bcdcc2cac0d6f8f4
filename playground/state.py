"""The emulated world: the guilds the bot is in (one unless a test adds more), their channels,
users, messages and the bot's commands.

Every mutation bumps ``version`` and wakes waiters, and public changes are handed to the
``dispatch`` hook (the gateway) as the events Discord would send.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from playground import payloads
from playground.models import Attachment, Channel, FakeUser, Guild, Message, RecordedFile

Json = dict[str, Any]
DispatchHook = Callable[[str, Json], Awaitable[None]]

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

#: How far back Discord looks for a message with the same nonce ("the past few minutes").
NONCE_WINDOW = 5 * 60

MANAGE_CHANNELS = 1 << 4
EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | ADD_REACTIONS
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
#: Exactly what the README asks a server owner to grant the bot (docs/real-server.md).
BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | SEND_MESSAGES_IN_THREADS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
)
MODERATOR_PERMISSIONS = MANAGE_GUILD
#: Every permission bit: what Discord computes for a server's owner and for Administrator.
ALL_PERMISSIONS = (1 << 53) - 1
PERMISSION_NAMES = {
    ADMINISTRATOR: "Administrator",
    MANAGE_CHANNELS: "Manage Channels",
    MANAGE_GUILD: "Manage Server",
    ADD_REACTIONS: "Add Reactions",
    VIEW_CHANNEL: "View Channel",
    SEND_MESSAGES: "Send Messages",
    MANAGE_MESSAGES: "Manage Messages",
    EMBED_LINKS: "Embed Links",
    ATTACH_FILES: "Attach Files",
    READ_MESSAGE_HISTORY: "Read Message History",
    USE_APPLICATION_COMMANDS: "Use Application Commands",
    MANAGE_THREADS: "Manage Threads",
    CREATE_PUBLIC_THREADS: "Create Public Threads",
    CREATE_PRIVATE_THREADS: "Create Private Threads",
    SEND_MESSAGES_IN_THREADS: "Send Messages in Threads",
}


def permission_names(bits: int) -> list[str]:
    """The names of the permissions set in ``bits``."""
    return [name for bit, name in PERMISSION_NAMES.items() if bits & bit]


# Embed fields whose ``attachment://name`` URLs Discord rewrites to the uploaded file's URL.
_EMBED_URL_FIELDS = (("image", "url"), ("thumbnail", "url"), ("author", "icon_url"))
_EMBED_FOOTER_URL = ("footer", "icon_url")


class EmulatorError(Exception):
    """The test driver asked for something Discord's client would not let a user do."""


class Snowflakes:
    """Unique, increasing snowflakes whose timestamps are the current time."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now = (int(time.time() * 1000) - payloads.DISCORD_EPOCH_MS) << 22
        self._last = max(now, self._last + 1)
        return self._last

    def on_shard(self, shard_id: int, count: int) -> int:
        """The next snowflake of a guild on shard ``shard_id`` of ``count``
        (``(id >> 22) % count``): its timestamp moves up to ``count - 1`` ms ahead."""
        ms = self() >> 22
        ms += (shard_id - ms) % count
        self._last = max(ms << 22, self._last + 1)
        return self._last


class State:
    """The emulated guilds and everything in them.

    The first guild (``guild_id``) is the one every call defaults to; ``add_guild`` adds more.
    """

    def __init__(self, *, guild_name: str, bot_name: str) -> None:
        self.next_id = Snowflakes()
        self.base_url = ""
        self.dispatch: DispatchHook = _no_dispatch
        self.version = 0
        self._changed = asyncio.Event()
        #: What :meth:`wait_for` waits on: each waiter's future and its condition.
        self._watchers: dict[asyncio.Future[None], Callable[[], bool]] = {}
        self._checking = False
        #: Seconds ``Emulator.advance`` added to the emulator clock (thread archiving,
        #: interaction deadlines and token lifetimes).
        self.clock_offset = 0.0
        #: Users who closed their DMs: the bot's messages to them get 403 code 50007.
        self.dms_closed: set[int] = set()
        #: The privileged intents the application may use (GUILD_MEMBERS 1 << 1 and so on);
        #: none unless a test enables them in the "developer portal".
        self.privileged_intents = 0

        self.application_id = self.next_id()
        self.bot = FakeUser(self.application_id, bot_name, bot=True)
        self.owner = FakeUser(self.next_id(), "owner")
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        first = self.add_guild(guild_name, self.owner.id)
        self.guild_id = first.id
        self.guild_name = first.name
        self.bot_role_id = first.bot_role_id
        self.moderator_role_id = first.moderator_role_id
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        #: How many times each nonce was asked to be posted with ``enforce_nonce``, and when
        #: first (emulator time): a repeat is deduplicated, as Discord does, but tests see it.
        self.nonce_requests: dict[str, list[float]] = {}
        #: (author id, nonce) -> the newest message created with it: what
        #: :meth:`message_with_nonce` looks up instead of scanning every recent message.
        self._by_nonce: dict[tuple[int, str], Message] = {}
        # Files users attached to command options (they belong to no message).
        self.uploads: dict[int, Attachment] = {}
        self.global_commands: list[Json] = []
        #: Guild id -> the commands synced to that guild.
        self.commands_by_guild: dict[int, list[Json]] = {}
        self._command_versions = itertools.count(1)

    # -- change notification ------------------------------------------------------------

    def changed(self) -> None:
        """Record that something changed and wake everyone waiting for a change."""
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()
        if self._watchers and not self._checking:
            # Looked at once the code that changed things has run on (as a woken waiter
            # would), however many changes it makes meanwhile.
            self._checking = True
            asyncio.get_running_loop().call_soon(self._check_watchers)

    def _check_watchers(self) -> None:
        self._checking = False
        for future, condition in list(self._watchers.items()):
            if future.done():
                continue
            try:
                if condition():
                    future.set_result(None)
            except Exception as exc:  # the waiter's to see, as if it had looked itself
                future.set_exception(exc)

    async def wait_for(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Wait until ``condition()`` holds, looked at after each change; False if ``timeout``
        passed first. Many waiters cost one look each per change, not a task each."""
        if condition():
            return True
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._watchers[future] = condition
        try:
            async with asyncio.timeout(timeout):
                await future
        except TimeoutError:
            return False
        finally:
            del self._watchers[future]
        return True

    async def wait_changed(self, timeout: float) -> bool:
        """Wait for the next change; False if ``timeout`` passed first."""
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True

    # -- guilds, users and permissions --------------------------------------------------

    def add_guild(self, name: str, owner_id: int, *, shard: tuple[int, int] | None = None) -> Guild:
        """A guild the bot is in (with its own roles), owned by ``owner_id``; ``shard``
        (``(shard_id, shard_count)``) gives it an id on that shard."""
        guild = Guild(
            id=self.next_id() if shard is None else self.next_id.on_shard(*shard),
            name=name,
            owner_id=owner_id,
            bot_role_id=self.next_id(),
            moderator_role_id=self.next_id(),
            bot_permissions=BOT_PERMISSIONS,
            members={self.bot.id: dt.datetime.now(dt.UTC)},
        )
        self.guilds[guild.id] = guild
        if owner_id in self.users:
            guild.members[owner_id] = dt.datetime.now(dt.UTC)
        self.changed()
        return guild

    def guild(self, ref: Guild | int | None = None) -> Guild:
        """A guild by object or id; the first guild for None."""
        guild_id = self.guild_id if ref is None else ref.id if isinstance(ref, Guild) else ref
        try:
            return self.guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise EmulatorError(f"no guild with id {guild_id}") from None

    @property
    def bot_permissions(self) -> int:
        """The bot's server-wide permissions (its role) in the first guild."""
        return self.guild().bot_permissions

    @bot_permissions.setter
    def bot_permissions(self, bits: int) -> None:
        self.guild().bot_permissions = bits

    def add_user(
        self, name: str, *, manage_guild: bool, locale: str, guild: Guild | int | None = None
    ) -> FakeUser:
        """Add a human member to a guild (the first one by default)."""
        if any(u.name == name for u in self.users.values()):
            raise EmulatorError(f"a user named {name!r} already exists")
        new = FakeUser(self.next_id(), name, manage_guild=manage_guild, locale=locale)
        self.users[new.id] = new
        self.join_guild(new, guild, moderator=manage_guild)
        return new

    def join_guild(self, user: FakeUser, guild: Guild | int | None, *, moderator: bool) -> Guild:
        """Make ``user`` a member of ``guild`` (with the Moderator role if ``moderator``)."""
        target = self.guild(guild)
        if user.id in target.members:
            raise EmulatorError(f"{user.name} is already a member of {target.name}")
        target.members[user.id] = dt.datetime.now(dt.UTC)
        if moderator:
            target.moderators.add(user.id)
        self.changed()
        return target

    def is_member(self, user: FakeUser, guild: Guild | int | None = None) -> bool:
        """Whether ``user`` is a member of the guild (the first one by default)."""
        return user.id in self.guild(guild).members

    def guild_of(self, channel: Channel | None, guild: Guild | int | None = None) -> Guild:
        """The guild a channel belongs to; ``guild`` (default: the first) for None or a DM."""
        if channel is not None and channel.guild_id is not None:
            return self.guild(channel.guild_id)
        return self.guild(guild)

    def user(self, ref: FakeUser | int | str) -> FakeUser:
        """A user by object, id or name."""
        if isinstance(ref, FakeUser):
            return self.users[ref.id]
        if isinstance(ref, str) and not ref.isdigit():
            for candidate in self.users.values():
                if candidate.name == ref:
                    return candidate
            raise EmulatorError(f"no user named {ref!r}")
        try:
            return self.users[int(ref)]
        except KeyError:
            raise EmulatorError(f"no user with id {ref}") from None

    def role_ids(self, user: FakeUser, guild: Guild | int | None = None) -> list[int]:
        """The roles a member holds beyond @everyone in a guild (the first one by default)."""
        target = self.guild(guild)
        if user.bot:
            return [target.bot_role_id]
        return [target.moderator_role_id] if user.id in target.moderators else []

    def now(self) -> float:
        """The emulator clock: wall-clock seconds plus what ``Emulator.advance`` added."""
        return time.time() + self.clock_offset

    def clock(self) -> float:
        """The emulator clock for durations: monotonic seconds plus what ``advance`` added.

        Interaction deadlines and token lifetimes are measured on it, so a test can move
        past them without waiting, and a wall-clock jump cannot.
        """
        return time.monotonic() + self.clock_offset

    def permissions(
        self, user: FakeUser, channel: Channel | None = None, *, guild: Guild | int | None = None
    ) -> int:
        """The member's permissions in ``channel`` (with the bot's overwrite) or server-wide in
        ``guild`` (default: the first), computed in the channel's own guild.

        A thread has its parent's permissions; only the bot has channel overwrites here. The
        owner has every permission; someone who is not a member has none. In a DM (no guild)
        a human has what members of the first guild have.
        """
        target = self.guild_of(channel, guild)
        in_dm = channel is not None and channel.guild_id is None
        if not user.bot:
            if user.id == target.owner_id:
                return ALL_PERMISSIONS
            if not in_dm and user.id not in target.members:
                return 0
            moderator = user.id in target.moderators
            return EVERYONE_PERMISSIONS | (MODERATOR_PERMISSIONS if moderator else 0)
        granted = target.bot_permissions
        where = channel
        if where is not None and where.is_thread and where.parent_id in self.channels:
            where = self.channels[where.parent_id]
        if where is not None and where.guild_id is not None:
            granted = (granted & ~where.bot_deny) | where.bot_allow
        if granted & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return granted

    def missing(self, channel: Channel, needed: int) -> int:
        """The bits of ``needed`` the bot lacks in ``channel`` (0: it has them all)."""
        if channel.guild_id is None:
            return 0
        return needed & ~self.permissions(self.bot, channel)

    def roles_payload(self, guild: Guild | int | None = None) -> list[Json]:
        """@everyone (whose id is the guild's), the bot's role and the moderator role."""
        target = self.guild(guild)
        return [
            payloads.role(
                id=target.id,
                name="@everyone",
                permissions=EVERYONE_PERMISSIONS,
                position=0,
            ),
            payloads.role(
                id=target.moderator_role_id,
                name="Moderator",
                permissions=MODERATOR_PERMISSIONS,
                position=1,
                colour=0x3498DB,
            ),
            payloads.role(
                id=target.bot_role_id,
                name=self.bot.name,
                permissions=target.bot_permissions,
                position=2,
            ),
        ]

    def member_payload(
        self,
        user: FakeUser,
        *,
        guild: Guild | int | None = None,
        with_user: bool = True,
        with_permissions: bool = False,
    ) -> Json:
        """The member object of a user in a guild (the first one by default)."""
        target = self.guild(guild)
        if user.id not in target.members:
            raise EmulatorError(f"{user.name} is not a member of {target.name}")
        return payloads.member(
            user=user.payload() if with_user else None,
            role_ids=self.role_ids(user, target),
            joined_at=target.members[user.id],
            permissions=self.permissions(user, guild=target) if with_permissions else None,
        )

    # -- channels -----------------------------------------------------------------------

    def add_channel(
        self, name: str, type: int = payloads.GUILD_TEXT, *, guild: Guild | int | None = None
    ) -> Channel:
        """Add a guild channel that is not a thread (text, announcement, voice, forum)."""
        target = self.guild(guild)
        position = sum(
            1 for c in self.channels.values() if c.type == type and c.guild_id == target.id
        )
        channel = Channel(self.next_id(), type, name, target.id, position=position)
        self.channels[channel.id] = channel
        self.changed()
        return channel

    def channel(self, channel_id: int | str) -> Channel:
        """A channel by id; EmulatorError when unknown."""
        try:
            return self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise EmulatorError(f"no channel with id {channel_id}") from None

    def channel_payload(self, channel: Channel) -> Json:
        """The channel object, with the recipient filled in for DMs."""
        recipient = None
        if channel.recipient_id is not None:
            recipient = self.users[channel.recipient_id].payload()
        return channel.payload(recipient, bot_id=self.bot.id)

    def can_view(self, user: FakeUser, channel: Channel) -> bool:
        """DMs are seen by their recipient, a guild's channels by its members only, private
        threads by their members.

        The bot sees a channel only with View Channel there, and a private thread only as a
        member (or with Manage Threads).
        """
        if channel.type == payloads.DM:
            return user.bot or channel.recipient_id == user.id
        if channel.guild_id is not None and not self.is_member(user, channel.guild_id):
            return False
        if user.bot and not self.permissions(user, channel) & VIEW_CHANNEL:
            return False
        if channel.type == payloads.PRIVATE_THREAD:
            manages = user.bot and self.permissions(user, channel) & MANAGE_THREADS
            return user.id in channel.member_ids or bool(manages)
        return True

    async def create_thread(
        self,
        parent: Channel,
        *,
        name: str,
        type: int,
        owner: FakeUser,
        auto_archive_duration: int,
        from_message: Message | None = None,
        invitable: bool = True,
        rate_limit_per_user: int = 0,
    ) -> Channel:
        """Create a thread; one started from a message shares the message's id, as on Discord."""
        thread_id = from_message.id if from_message is not None else self.next_id()
        thread = Channel(
            thread_id,
            type,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            member_ids={owner.id},
            auto_archive_duration=auto_archive_duration,
            invitable=invitable,
            rate_limit_per_user=rate_limit_per_user,
            last_activity=self.now(),
        )
        self.channels[thread.id] = thread
        if from_message is not None:
            from_message.thread_id = thread.id
            from_message.flags |= payloads.HAS_THREAD
        self.changed()
        await self.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    async def set_archived(self, thread: Channel, archived: bool) -> None:
        """Archive or unarchive a thread and announce it (THREAD_UPDATE)."""
        if thread.archived == archived:
            return
        thread.archived = archived
        thread.archived_at = self.now()
        if not archived:
            thread.last_activity = self.now()
        self.changed()
        await self.dispatch("THREAD_UPDATE", thread.payload())

    async def archive_idle_threads(self) -> list[Channel]:
        """Archive every thread idle for its ``auto_archive_duration``; returns them."""
        now = self.now()
        idle = [
            c
            for c in self.channels.values()
            if c.is_thread
            and not c.archived
            and now - c.last_activity >= c.auto_archive_duration * 60
        ]
        for thread in idle:
            await self.set_archived(thread, True)
        return idle

    def open_dm(self, user: FakeUser) -> Channel:
        """The DM channel between the bot and a user, created on first use."""
        for channel in self.channels.values():
            if channel.type == payloads.DM and channel.recipient_id == user.id:
                return channel
        channel = Channel(self.next_id(), payloads.DM, user.name, None, recipient_id=user.id)
        self.channels[channel.id] = channel
        self.changed()
        return channel

    # -- messages -----------------------------------------------------------------------

    def message(self, message_id: int | str) -> Message:
        """A live (not deleted) message by id; EmulatorError when unknown."""
        try:
            found = self.messages[int(message_id)]
        except (KeyError, ValueError):
            raise EmulatorError(f"no message with id {message_id}") from None
        if found.deleted:
            raise EmulatorError(f"message {message_id} was deleted")
        return found

    def message_payload(self, message: Message) -> Json:
        """The message object as the bot receives it."""
        thread = None
        if message.thread_id is not None and message.thread_id in self.channels:
            thread = self.channels[message.thread_id].payload()
        reference = None
        if message.reference_id is not None:
            reference = {
                "message_id": str(message.reference_id),
                "channel_id": str(message.channel_id),
            }
        return payloads.message(
            id=message.id,
            type=message.type,
            channel_id=message.channel_id,
            guild_id=message.guild_id,
            author=message.author.payload(),
            content=message.content,
            embeds=message.embeds,
            components=message.components,
            attachments=[a.payload() for a in message.attachments],
            flags=message.flags,
            edited_at=message.edited_at,
            webhook_id=message.webhook_id,
            application_id=self.application_id if message.webhook_id else None,
            reference=reference,
            thread=thread,
        )

    def message_with_nonce(self, author_id: int, nonce: str) -> Message | None:
        """The author's message created with ``nonce`` within :data:`NONCE_WINDOW`, if any."""
        message = self._by_nonce.get((author_id, nonce))
        # The newest one with the nonce: when it is too old, so is any before it.
        if message is None or message.created_at.timestamp() < self.now() - NONCE_WINDOW:
            return None
        return message

    async def create_message(
        self,
        channel: Channel,
        author: FakeUser,
        body: Json,
        files: Sequence[RecordedFile] = (),
        *,
        type: int = 0,
        ephemeral_to: int | None = None,
        interaction_id: int | None = None,
        webhook_id: int | None = None,
        loading: bool = False,
    ) -> Message:
        """Store a new message and announce it (MESSAGE_CREATE) unless it is ephemeral."""
        flags = int(body.get("flags") or 0) & ~(payloads.EPHEMERAL | payloads.LOADING)
        if ephemeral_to is not None:
            flags |= payloads.EPHEMERAL
        if loading:
            flags |= payloads.LOADING
        reference = body.get("message_reference") or {}
        message = Message(
            id=self.next_id(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            type=19 if reference and type == 0 else type,
            flags=flags,
            ephemeral_to=ephemeral_to,
            interaction_id=interaction_id,
            webhook_id=webhook_id,
            reference_id=int(reference["message_id"]) if reference.get("message_id") else None,
        )
        self._fill(message, body, files, replace_attachments=True)
        if body.get("nonce") is not None:
            message.nonce = str(body["nonce"])
            self._by_nonce[(author.id, message.nonce)] = message
        self.messages[message.id] = message
        channel.message_count += 1
        channel.last_activity = self.now()
        self.changed()
        if ephemeral_to is None:
            await self.dispatch("MESSAGE_CREATE", self._event_payload(message))
        return message

    async def edit_message(
        self, message: Message, body: Json, files: Sequence[RecordedFile] = ()
    ) -> Message:
        """Apply an edit (only the keys present change); filling a placeholder ends loading."""
        filling = message.loading
        self._fill(message, body, files, replace_attachments="attachments" in body)
        if "flags" in body and body["flags"] is not None:
            # An edit sets or clears SUPPRESS_EMBEDS and may only set IS_COMPONENTS_V2; the
            # other bits stay as they are (Discord ignores changes to them).
            asked = int(body["flags"])
            message.flags = (message.flags & ~payloads.SUPPRESS_EMBEDS) | (
                asked & (payloads.SUPPRESS_EMBEDS | payloads.IS_COMPONENTS_V2)
            )
        message.flags &= ~payloads.LOADING
        if not filling:  # a filled "thinking" placeholder does not show as edited
            message.edited_at = dt.datetime.now(dt.UTC)
        self.changed()
        if message.ephemeral_to is None:
            await self.dispatch("MESSAGE_UPDATE", self._event_payload(message))
        return message

    async def delete_message(self, message: Message) -> None:
        """Mark a message deleted and announce it (MESSAGE_DELETE) unless it is ephemeral."""
        message.deleted = True
        self.changed()
        if message.ephemeral_to is None:
            event: Json = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                event["guild_id"] = str(message.guild_id)
            await self.dispatch("MESSAGE_DELETE", event)

    def _event_payload(self, message: Message) -> Json:
        payload = self.message_payload(message)
        if message.guild_id is not None:
            payload["member"] = self.member_payload(
                message.author, guild=message.guild_id, with_user=False
            )
        return payload

    def _fill(
        self,
        message: Message,
        body: Json,
        files: Sequence[RecordedFile],
        *,
        replace_attachments: bool,
    ) -> None:
        if "content" in body:
            message.content = body["content"] or ""
        if "components" in body:
            message.components = list(body["components"] or [])
        uploaded = {_file_index(f.field): f for f in files}
        described = {str(a.get("id")): a for a in body.get("attachments") or []}
        if replace_attachments:
            # The ``attachments`` list names the old files to keep (by their snowflake) and
            # describes the new ones (by their upload index).
            message.attachments = [a for a in message.attachments if str(a.id) in described]
        for index, upload in sorted(uploaded.items()):
            meta = described.get(str(index), {})
            attachment_id = self.next_id()
            filename = meta.get("filename") or upload.filename
            message.attachments.append(
                Attachment(
                    id=attachment_id,
                    filename=filename,
                    data=upload.data,
                    url=f"{self.base_url}/attachments/{message.channel_id}/{attachment_id}/{filename}",
                    description=meta.get("description"),
                )
            )
        if "embeds" in body:
            message.embeds = [self._resolve_embed(e, message) for e in body["embeds"] or []]

    def _resolve_embed(self, embed: Json, message: Message) -> Json:
        resolved = {"type": "rich", **embed}
        for section, key in (*_EMBED_URL_FIELDS, _EMBED_FOOTER_URL):
            part = resolved.get(section)
            if not isinstance(part, dict):
                continue
            url = part.get(key)
            if isinstance(url, str) and url.startswith("attachment://"):
                name = url.removeprefix("attachment://")
                for attachment in message.attachments:
                    if attachment.filename == name:
                        resolved[section] = {
                            **part,
                            key: attachment.url,
                            "proxy_url": attachment.url,
                        }
        return resolved

    def attachment(self, attachment_id: int) -> Attachment | None:
        """An attachment of any live message or command option, by id."""
        if attachment_id in self.uploads:
            return self.uploads[attachment_id]
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id:
                    return attachment
        return None

    def visible_messages(self, user: FakeUser, channel_id: int) -> list[Message]:
        """Live messages of a channel that this user sees: public ones and their own ephemeral."""
        channel = self.channel(channel_id)
        if not self.can_view(user, channel):
            return []
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel.id and not m.deleted and m.ephemeral_to in (None, user.id)
        ]

    # -- commands -----------------------------------------------------------------------

    @property
    def guild_commands(self) -> list[Json]:
        """The commands synced to the first guild."""
        return self.commands_by_guild.get(self.guild_id, [])

    def sync_commands(self, commands: list[Json], *, guild: int | None) -> list[Json]:
        """Store a bulk overwrite (global, or to the guild ``guild``), adding the fields
        Discord adds; returns what was stored."""
        current = self.global_commands if guild is None else self.commands_by_guild.get(guild, [])
        # Names are unique per type: a chat command and a user command may share one.
        existing = {(c["name"], c.get("type", 1)): c for c in current}
        stored = []
        for command in commands:
            previous = existing.get((command["name"], command.get("type", 1)))
            entry: Json = {
                "type": 1,
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                **command,
                "id": previous["id"] if previous else str(self.next_id()),
                "application_id": str(self.application_id),
                "version": str(next(self._command_versions)),
            }
            # discord.py sends the permission bits as an int; Discord answers with a string.
            if entry["default_member_permissions"] is not None:
                entry["default_member_permissions"] = str(entry["default_member_permissions"])
            if guild is not None:
                entry["guild_id"] = str(guild)
            stored.append(entry)
        if guild is not None:
            self.commands_by_guild[guild] = stored
        else:
            self.global_commands = stored
        self.changed()
        return stored

    def command(self, name: str, *, dm: bool = False, guild: int | None = None) -> Json:
        """A chat-input command by name: the copy synced to the guild ``guild`` (default: the
        first) if there is one, else the global one.

        In a DM only global commands exist.
        """
        local = [] if dm else self.commands_by_guild.get(guild or self.guild_id, [])
        for command in (*local, *self.global_commands):
            if command["name"] == name and command.get("type", 1) == 1:
                return command
        known = sorted({c["name"] for c in (*local, *self.global_commands)})
        raise EmulatorError(f"no synced command /{name}; synced: {known}")

    def chat_commands(self, guild: int | None = None) -> list[Json]:
        """Every chat-input command a user would see in a guild (default: the first), its
        own copies shadowing global ones."""
        seen: dict[str, Json] = {}
        for command in (
            *self.commands_by_guild.get(guild or self.guild_id, []),
            *self.global_commands,
        ):
            if command.get("type", 1) == 1:
                seen.setdefault(command["name"], command)
        return sorted(seen.values(), key=lambda c: str(c["name"]))

    def can_use(self, user: FakeUser, command: Json, guild: Guild | int | None = None) -> bool:
        """Whether the command's ``default_member_permissions`` let this user see it in a
        guild (default: the first)."""
        required = command.get("default_member_permissions")
        if required is None:
            return True
        granted = self.permissions(user, guild=guild)
        if granted & ADMINISTRATOR:
            return True
        return int(required) != 0 and granted & int(required) == int(required)

    # -- gateway snapshot ---------------------------------------------------------------

    def guild_create_payload(self, guild: Guild | int | None = None) -> Json:
        """The GUILD_CREATE of one guild (default: the first) a newly identified session
        receives."""
        target = self.guild(guild)
        mine = [c for c in self.channels.values() if c.guild_id == target.id]
        channels = [c for c in mine if not c.is_thread]
        threads = [c for c in mine if c.is_thread and not c.archived and self.can_view(self.bot, c)]
        # Without the privileged GUILD_MEMBERS intent Discord lists only the bot itself
        # (and members in voice, of whom there are none here).
        return payloads.guild_create(
            id=target.id,
            name=target.name,
            owner_id=target.owner_id,
            roles=self.roles_payload(target),
            channels=[self.channel_payload(c) for c in channels],
            threads=[t.payload() for t in threads],
            members=[self.member_payload(self.bot, guild=target)],
            member_count=len(target.members),
        )


def new_token() -> str:
    """An unguessable interaction token."""
    return secrets.token_urlsafe(48)


def _file_index(field_name: str) -> int:
    # discord.py names file parts ``files[N]``; N is what ``attachments[].id`` refers to.
    inside = field_name.partition("[")[2].rstrip("]")
    return int(inside) if inside.isdigit() else 0


async def _no_dispatch(event: str, data: Json) -> None:
    """The hook used until a gateway is attached."""
