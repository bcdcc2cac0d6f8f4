"""The Discord API emulator: REST + gateway on loopback, and the API tests drive it with.

    emu = Emulator(deadline=3.0)
    await emu.start()
    emu.point_discord_here()           # before the bot's Client is created
    alice = emu.add_user("alice")
    ... start the bot with emu.token ...
    r = await emu.slash(alice, "game new", channel=emu.games_channel_id, seats=2)
    await r.done()
    r.messages[0].attachments[0].is_png

Every wait is bounded by a timeout. One emulator per process at a time (see ``patch``).
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any

from aiohttp import web

from playground import contract, payloads
from playground.commands import Resolved, build_call, resolve_value
from playground.gateway import Gateway
from playground.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionResult,
)
from playground.models import (
    Channel,
    FakeUser,
    Guild,
    IgnoredField,
    Message,
    RecordedRequest,
)
from playground.patch import is_loopback
from playground.patience import patience
from playground.ratelimits import RateLimiter
from playground.rest import Fault, RestApi
from playground.state import EmulatorError, State, new_token

Json = dict[str, Any]
UserRef = FakeUser | int | str
ChannelRef = Channel | int | str
GuildRef = Guild | int
MessageRef = Message | int | str
MessagePredicate = Callable[[Message], bool]

_SELECT_RESOLVED_TYPE = {5: 6, 6: 8, 7: 9, 8: 7}  # select component type -> option type
_MAX_UPLOAD = 64 * 1024 * 1024


class Emulator:
    """A fake guild (#general, #games), a bot application, and fake human users; more guilds
    with ``add_guild``."""

    def __init__(
        self,
        *,
        deadline: float | None = 3.0,
        host: str = "127.0.0.1",
        port: int = 0,
        guild_name: str = "Playground",
        bot_name: str = "Tablehost",
        latency: tuple[float, float] = (0.0, 0.0),
        rate_limits: bool = True,
        rate_limit_time_scale: float = 1.0,
    ) -> None:
        if not is_loopback(host):
            raise ValueError(f"the emulator binds loopback only, not {host!r}")
        self.deadline = deadline
        self.host = host
        self.port = port
        self.token = "emulator." + secrets.token_urlsafe(24)
        self.state = State(guild_name=guild_name, bot_name=bot_name)
        self.interactions: dict[str, InteractionResult] = {}
        self.gateway = Gateway(self.state, token=self.token, url=lambda: self.gateway_url)
        self.rest = RestApi(
            self.state,
            token=self.token,
            gateway_url=lambda: self.gateway_url,
            interactions=self.interactions,
        )
        self.rest.shards = lambda: self.gateway.shards
        self.rest.latency = latency
        self.rest.limiter.enabled = rate_limits
        self.rest.limiter.time_scale = rate_limit_time_scale
        self.state.dispatch = self.gateway.dispatch
        self.app = web.Application(middlewares=[self.rest.middleware], client_max_size=_MAX_UPLOAD)
        self.app.add_routes([web.get("/gateway", self.gateway.handle), *self.rest.routes()])
        self.general_channel_id = self.state.add_channel("general").id
        self.games_channel_id = self.state.add_channel("games").id
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._expected: list[str] = []

    # -- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on ``host:port`` (port 0 picks a free one; ``self.port`` becomes it)."""
        runner = web.AppRunner(self.app, shutdown_timeout=1.0, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, self.host, self.port).start()
        self._runner = runner
        self.port = int(runner.addresses[0][1])
        self.state.base_url = self.url

    async def stop(self) -> None:
        """Close the gateway sockets and the server."""
        await self.gateway.close()
        self.state.changed()
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def url(self) -> str:
        """The root URL, e.g. ``http://127.0.0.1:8765``."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def api_url(self) -> str:
        """Where discord.py's ``Route.BASE`` must point."""
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The websocket gateway URL."""
        return self.url.replace("http://", "ws://", 1) + "/gateway"

    def point_discord_here(self) -> None:
        """Point discord.py (process-wide) at this emulator; see ``patch.point_discord_at``."""
        from playground.patch import point_discord_at

        point_discord_at(self.url)

    async def wait_for_bot(self, timeout: float = 5.0) -> None:
        """Wait until a bot session is identified and connected to the gateway."""
        await self._wait_until(lambda: self.gateway.connected, timeout, "no bot connected")

    # -- the world ----------------------------------------------------------------------

    @property
    def guild_id(self) -> int:
        """The fake guild's id."""
        return self.state.guild_id

    @property
    def application_id(self) -> int:
        """The bot application's id (also the bot user's id)."""
        return self.state.application_id

    @property
    def bot_user(self) -> FakeUser:
        """The bot's user."""
        return self.state.bot

    @property
    def moderator_role_id(self) -> int:
        """The role held by users added with ``manage_guild=True``."""
        return self.state.moderator_role_id

    @property
    def guilds(self) -> list[Guild]:
        """Every guild the bot is in, the first one first."""
        return list(self.state.guilds.values())

    def guild(self, ref: GuildRef | None = None) -> Guild:
        """A guild by object or id (the first one for None)."""
        return self.state.guild(ref)

    def add_guild(
        self,
        name: str,
        *,
        owner: str,
        locale: str = "en-US",
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """Another server the bot is in, with its own roles and a new user ``owner`` who owns
        it (every permission there). Add its channels with ``add_channel(..., guild=)`` and
        its members with ``add_user(..., guild=)`` or ``join_guild``. ``shard``
        (``(shard_id, shard_count)``) puts it on that shard of the gateway.

        Announced with GUILD_CREATE if a bot is connected, as when a bot is added to a server.
        """
        if any(u.name == owner for u in self.state.users.values()):
            raise EmulatorError(f"a user named {owner!r} already exists")
        owner_user = FakeUser(self.state.next_id(), owner, locale=locale)
        self.state.users[owner_user.id] = owner_user
        guild = self.state.add_guild(name, owner_user.id, shard=shard)
        if self.gateway.sessions:
            payload = self.state.guild_create_payload(guild)
            self._spawn(self.gateway.dispatch("GUILD_CREATE", payload))
        return guild

    def add_user(
        self,
        name: str,
        *,
        manage_guild: bool = False,
        locale: str = "en-US",
        guild: GuildRef | None = None,
    ) -> FakeUser:
        """Add a human member of a guild (the first by default); ``manage_guild`` gives them
        that guild's Moderator role (Manage Server)."""
        user = self.state.add_user(name, manage_guild=manage_guild, locale=locale, guild=guild)
        self._member_added(user, self.state.guild(guild))
        return user

    def join_guild(self, user: UserRef, guild: GuildRef, *, manage_guild: bool = False) -> None:
        """An existing user joins another guild too (with its Moderator role if asked)."""
        member = self.user(user)
        self._member_added(member, self.state.join_guild(member, guild, moderator=manage_guild))

    def _member_added(self, user: FakeUser, guild: Guild) -> None:
        if self.gateway.sessions:
            event = {**self.state.member_payload(user, guild=guild), "guild_id": str(guild.id)}
            self._spawn(self.gateway.dispatch("GUILD_MEMBER_ADD", event))

    @property
    def users(self) -> list[FakeUser]:
        """The human users, in the order they were added."""
        return [u for u in self.state.users.values() if not u.bot]

    def user(self, ref: UserRef) -> FakeUser:
        """A user by object, id or name."""
        return self.state.user(ref)

    def add_channel(
        self, name: str, kind: str = "text", *, guild: GuildRef | None = None
    ) -> Channel:
        """Add a channel to a guild (the first by default): ``text``, ``announcement``,
        ``voice`` (its text chat takes commands) or ``forum`` (announced with CHANNEL_CREATE
        if a bot is connected)."""
        try:
            channel_type = payloads.CHANNEL_KINDS[kind]
        except KeyError:
            kinds = sorted(payloads.CHANNEL_KINDS)
            raise EmulatorError(f"no channel kind {kind!r}: {kinds}") from None
        channel = self.state.add_channel(name, channel_type, guild=guild)
        if self.gateway.sessions:
            payload = self.state.channel_payload(channel)
            self._spawn(self.gateway.dispatch("CHANNEL_CREATE", payload))
        return channel

    async def add_forum_post(self, forum: ChannelRef, user: UserRef, name: str) -> Channel:
        """A user opens a post (a public thread) in a forum channel."""
        parent = self.channel(forum)
        if parent.type != payloads.GUILD_FORUM:
            raise EmulatorError(f"#{parent.name} is not a forum")
        return await self.state.create_thread(
            parent,
            name=name,
            type=payloads.PUBLIC_THREAD,
            owner=self.user(user),
            auto_archive_duration=4320,
        )

    def open_dm(self, user: UserRef) -> Channel:
        """The user's DM channel with the bot (created if needed), to run commands in."""
        return self.state.open_dm(self.user(user))

    def close_dms(self, user: UserRef) -> None:
        """The user allows no DMs from server members: the bot's DMs get code 50007."""
        self.state.dms_closed.add(self.user(user).id)

    # -- Discord's behaviour, configurable per test -------------------------------------

    def set_bot_permissions(
        self,
        permissions: int,
        channel: ChannelRef | None = None,
        *,
        guild: GuildRef | None = None,
    ) -> None:
        """The bot's permissions server-wide (its role in ``guild``, default the first), or
        its overwrite in one channel.

        By default the bot has exactly what the README asks for (``state.BOT_PERMISSIONS``).
        """
        if channel is None:
            self.state.guild(guild).bot_permissions = permissions
        else:
            target = self.channel(channel)
            role = self.state.guild_of(target).bot_permissions
            target.bot_allow = permissions & ~role
            target.bot_deny = role & ~permissions
        self.state.changed()

    async def advance(self, seconds: float) -> list[Channel]:
        """Move the emulator clock on: threads idle for their auto-archive time archive, and
        interactions age (the 3-second deadline, the 15-minute token).

        Returns the threads archived (each announced with THREAD_UPDATE).
        """
        self.state.clock_offset += seconds
        return await self.state.archive_idle_threads()

    async def archive(self, thread: ChannelRef, *, locked: bool = False) -> None:
        """Archive (and optionally lock) a thread now, as a moderator or Discord would."""
        target = self.channel(thread)
        if not target.is_thread:
            raise EmulatorError(f"#{target.name} is not a thread")
        target.locked = locked
        await self.state.set_archived(target, True)

    @property
    def latency(self) -> tuple[float, float]:
        """Seconds each REST call waits before it is handled, drawn from (low, high)."""
        return self.rest.latency

    @latency.setter
    def latency(self, value: tuple[float, float]) -> None:
        self.rest.latency = value

    def slow_down(self, method: str, path: str, seconds: float) -> None:
        """Every ``method`` request whose path matches the regex ``path`` waits longer."""
        self.rest.slow_routes.append((re.compile(f"^{method} .*{path}"), seconds))

    @property
    def rate_limits(self) -> RateLimiter:
        """The per-route and global limits (``set_limit``, ``enabled``, ``refused``)."""
        return self.rest.limiter

    @property
    def channels(self) -> list[Channel]:
        """Every channel: text channels, threads and DMs."""
        return list(self.state.channels.values())

    @property
    def threads(self) -> list[Channel]:
        """The threads, in creation order."""
        return [c for c in self.state.channels.values() if c.is_thread]

    def channel(self, ref: ChannelRef) -> Channel:
        """A channel by object or id."""
        return self.state.channel(ref.id if isinstance(ref, Channel) else ref)

    def dm_channel(self, user: UserRef) -> Channel | None:
        """The bot's DM channel with a user, if the bot opened one."""
        target = self.user(user)
        for channel in self.state.channels.values():
            if channel.type == payloads.DM and channel.recipient_id == target.id:
                return channel
        return None

    @property
    def commands(self) -> list[Json]:
        """The synced chat commands a user sees in the first guild (its copies shadow global
        ones)."""
        return self.state.chat_commands()

    @property
    def global_commands(self) -> list[Json]:
        """The last global sync, as stored (full option trees)."""
        return self.state.global_commands

    @property
    def guild_commands(self) -> list[Json]:
        """The last sync to the first guild, as stored."""
        return self.state.guild_commands

    # -- messages -----------------------------------------------------------------------

    def messages(self, channel: ChannelRef | None = None) -> list[Message]:
        """Live messages (ephemeral ones too) of one channel, or of all, oldest first."""
        wanted = None if channel is None else self.channel(channel).id
        return [
            m
            for m in self.state.messages.values()
            if not m.deleted and (wanted is None or m.channel_id == wanted)
        ]

    def visible_messages(self, user: UserRef, channel: ChannelRef) -> list[Message]:
        """What this user sees in a channel: public messages and their own ephemeral ones."""
        return self.state.visible_messages(self.user(user), self.channel(channel).id)

    def message(self, ref: MessageRef) -> Message:
        """A live message by object or id (its current, edited state)."""
        return self.state.message(ref.id if isinstance(ref, Message) else ref)

    def find_message(
        self,
        predicate: MessagePredicate | None = None,
        *,
        channel: ChannelRef | None = None,
        contains: str | None = None,
        custom_id: str | None = None,
        label: str | None = None,
    ) -> Message | None:
        """The most recent live message matching every given condition, or None.

        ``contains`` searches ``Message.text`` (content and embeds); ``custom_id`` and
        ``label`` look for a component.
        """
        for message in reversed(self.messages(channel)):
            if contains is not None and contains not in message.text:
                continue
            if (custom_id, label) != (None, None) and message.find_component(
                custom_id, label=label
            ) is None:
                continue
            if predicate is not None and not predicate(message):
                continue
            return message
        return None

    async def wait_for_message(
        self,
        predicate: MessagePredicate | None = None,
        *,
        channel: ChannelRef | None = None,
        contains: str | None = None,
        custom_id: str | None = None,
        label: str | None = None,
        timeout: float = 5.0,
    ) -> Message:
        """Wait until ``find_message`` with these conditions finds something (existing or new)."""
        found: list[Message] = []

        def check() -> bool:
            message = self.find_message(
                predicate, channel=channel, contains=contains, custom_id=custom_id, label=label
            )
            found[:] = [] if message is None else [message]
            return bool(found)

        await self._wait_until(check, timeout, "no matching message")
        return found[0]

    async def post_message(self, user: UserRef, channel: ChannelRef, content: str) -> Message:
        """A user writes a message (MESSAGE_CREATE reaches bots with the messages intent)."""
        author = self.user(user)
        target = self.channel(channel)
        if not self.state.can_view(author, target):
            raise EmulatorError(f"{author.name} cannot see channel {target.name}")
        return await self.state.create_message(target, author, {"content": content})

    # -- interactions -------------------------------------------------------------------

    async def slash(
        self,
        user: UserRef,
        command: str,
        *,
        channel: ChannelRef | None = None,
        options: Mapping[str, Any] | None = None,
        offered: bool = True,
        **values: Any,
    ) -> InteractionResult:
        """Run ``/command`` (``"game new"`` for a subcommand) as ``user``; returns at once.

        ``channel`` may be any channel, thread or DM (``open_dm``). With ``offered=False``
        the command is sent even where Discord's client would not offer it (a DM for a
        server-only command, an archived thread), as an outdated or modified client might.

        Option values come as keywords or in ``options`` (for names that are not Python
        identifiers, or that clash with ``channel``). Users may be FakeUser or ids, channels
        Channel or ids, attachments ``(filename, bytes)``. Strings are coerced to the option
        type. Raises EmulatorError for what Discord's client would refuse (unknown or missing
        options, a value outside the choices or range, a command the user lacks rights for).
        """
        invoker = self.user(user)
        where = self._where(invoker, channel)
        call = build_call(
            self.state,
            command,
            {**(options or {}), **values},
            dm=where.is_dm,
            guild=where.guild_id,
        )
        if offered:
            self._check_offered(invoker, where, call.command)
        return await self._inject(
            APPLICATION_COMMAND, invoker, where, call.data, label=f"/{command}"
        )

    def _check_offered(self, user: FakeUser, where: Channel, command: Json) -> None:
        """What Discord's client checks before it lets a user send a command."""
        name = command["name"]
        if where.is_dm:
            contexts = command.get("contexts")
            if command.get("guild_id") is not None:
                raise EmulatorError(f"/{name} is a server command: DMs do not offer it")
            if (contexts is not None and 1 not in contexts) or command.get(
                "dm_permission"
            ) is False:
                raise EmulatorError(f"/{name} is not offered in DMs (contexts {contexts})")
            return
        if where.archived:
            raise EmulatorError(f"#{where.name} is archived: Discord offers no commands there")
        if not self.state.can_use(user, command, where.guild_id):
            raise EmulatorError(
                f"{user.name} cannot use /{name}: it needs permissions "
                f"{command.get('default_member_permissions')}"
            )

    async def autocomplete(
        self,
        user: UserRef,
        command: str,
        *,
        focused: str,
        channel: ChannelRef | None = None,
        options: Mapping[str, Any] | None = None,
        timeout: float = 5.0,
        **values: Any,
    ) -> list[Json]:
        """Type into option ``focused`` of ``/command`` and return the bot's choices.

        The focused option's value is the partial text typed so far (default empty).
        """
        invoker = self.user(user)
        where = self._where(invoker, channel)
        given = {**(options or {}), **values}
        given.setdefault(focused, "")
        call = build_call(
            self.state, command, given, focused=focused, dm=where.is_dm, guild=where.guild_id
        )
        result = await self._inject(
            AUTOCOMPLETE,
            invoker,
            where,
            call.data,
            label=f"/{command} {focused}",
        )
        await result.done(timeout)
        if result.error is not None:
            raise EmulatorError(f"autocomplete of {result.label} failed: {result.error}")
        return result.choices or []

    async def press(
        self,
        user: UserRef,
        message: MessageRef,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        forged: bool = False,
    ) -> InteractionResult:
        """Press a button, found by ``custom_id`` and/or ``label``, on a message.

        ``forged=True`` sends ``custom_id`` as given whether or not the message has such a
        button, as a modified client can: the bot must answer it like any other press.
        """
        invoker = self.user(user)
        target = self._visible_message(invoker, message)
        if forged:
            if custom_id is None:
                raise EmulatorError("a forged press needs a custom_id")
            return await self._inject(
                MESSAGE_COMPONENT,
                invoker,
                self.channel(target.channel_id),
                {"custom_id": custom_id, "component_type": 2},
                label=custom_id,
                message=target,
            )
        button = target.find_component(custom_id, label=label)
        if button is None or button.get("type") != 2:
            labels = [(b.get("label"), b.get("custom_id")) for b in target.buttons]
            raise EmulatorError(f"no button {custom_id or label!r} on the message; has {labels}")
        if button.get("disabled"):
            raise EmulatorError(f"button {button.get('label')!r} is disabled")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._inject(
            MESSAGE_COMPONENT,
            invoker,
            self.channel(target.channel_id),
            data,
            label=str(button["custom_id"]),
            message=target,
        )

    async def select(
        self, user: UserRef, message: MessageRef, custom_id: str, values: Sequence[Any]
    ) -> InteractionResult:
        """Pick ``values`` in a select menu (string, user, role, mentionable or channel)."""
        invoker = self.user(user)
        target = self._visible_message(invoker, message)
        menu = target.find_component(custom_id)
        if menu is None or menu not in target.selects:
            raise EmulatorError(f"no select menu {custom_id!r} on the message")
        if menu.get("disabled"):
            raise EmulatorError(f"select menu {custom_id!r} is disabled")
        low, high = int(menu.get("min_values", 1)), int(menu.get("max_values", 1))
        if not low <= len(values) <= high:
            raise EmulatorError(
                f"select {custom_id!r} takes {low}..{high} values, got {len(values)}"
            )
        data: Json = {"custom_id": custom_id, "component_type": menu["type"]}
        if menu["type"] == 3:
            allowed = [o["value"] for o in menu.get("options") or []]
            chosen = [str(v) for v in values]
            if any(v not in allowed for v in chosen):
                raise EmulatorError(f"select {custom_id!r} offers {allowed}, got {chosen}")
            data["values"] = chosen
        else:
            resolved = Resolved(guild_id=target.guild_id)
            option_type = _SELECT_RESOLVED_TYPE[menu["type"]]
            data["values"] = [resolve_value(self.state, option_type, v, resolved) for v in values]
            data["resolved"] = resolved.payload()
        return await self._inject(
            MESSAGE_COMPONENT,
            invoker,
            self.channel(target.channel_id),
            data,
            label=custom_id,
            message=target,
        )

    async def submit_modal(
        self, user: UserRef, opened: InteractionResult, values: Mapping[str, Any]
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in answer to ``opened``.

        ``values`` maps each input's custom_id to its text (a list for selects in a modal).
        """
        invoker = self.user(user)
        if opened.modal is None:
            raise EmulatorError(f"{opened!r} did not open a modal")
        if invoker.id != opened.user.id:
            raise EmulatorError("only the user who opened a modal can submit it")
        remaining = dict(values)
        components = [_modal_answer(c, remaining) for c in opened.modal.get("components") or []]
        if remaining:
            raise EmulatorError(f"the modal has no inputs {sorted(remaining)}")
        data = {"custom_id": opened.modal["custom_id"], "components": components}
        source = None
        if opened.source_message_id is not None:
            source = self.state.messages.get(opened.source_message_id)
        return await self._inject(
            MODAL_SUBMIT,
            invoker,
            self.channel(opened.channel_id),
            data,
            label=str(opened.modal["custom_id"]),
            message=source,
        )

    def interaction(self, interaction_id: int | str) -> InteractionResult:
        """An injected interaction by id."""
        for result in self.interactions.values():
            if str(result.id) == str(interaction_id):
                return result
        raise EmulatorError(f"no interaction with id {interaction_id}")

    # -- recording and faults -----------------------------------------------------------

    @property
    def recorded(self) -> list[RecordedRequest]:
        """Every REST request the bot made, with parsed JSON and uploaded file bytes."""
        return self.rest.recorded

    def requests(self, method: str | None = None, path: str | None = None) -> list[RecordedRequest]:
        """Recorded requests filtered by method and a regex searched in the path."""
        return [
            r
            for r in self.rest.recorded
            if (method is None or r.method == method) and (path is None or re.search(path, r.path))
        ]

    def public_requests(self) -> list[RecordedRequest]:
        """Recorded requests whose content was not limited to one user (for leak scans)."""
        return [r for r in self.rest.recorded if r.public]

    @property
    def errors(self) -> list[str]:
        """Exceptions inside emulator routes (emulator bugs); a healthy run has none."""
        return self.rest.errors

    def violations(self) -> list[str]:
        """Every Discord rule the bot broke so far, one line each, expected ones left out.

        The requests checked against Discord's limits (``playground.contract``), and every
        interaction's errors: answered late or twice, an invalid body, Discord called before
        acknowledging, a deprecated way of answering.
        """
        found = contract.violations(self.rest.recorded)
        for result in self.interactions.values():
            found += [f"{result.label} by {result.user.name}: {e}" for e in result.errors]
        return [v for v in found if not any(e in v for e in self._expected)]

    @property
    def ignored(self) -> list[IgnoredField]:
        """Fields the bot sent where Discord documents no meaning for them (``invitable`` on a
        public thread): Discord accepts such a request, so they are no violation, but a test
        can assert the bot sends none."""
        return self.rest.ignored

    def expect_violation(self, text: str) -> None:
        """A test that breaks a rule on purpose: violations containing ``text`` are fine."""
        self._expected.append(text)

    @property
    def gateway_received(self) -> list[Json]:
        """Every gateway payload the bot sent (heartbeats, IDENTIFY, RESUME...)."""
        return self.gateway.received

    def fail_next(
        self,
        method: str,
        path: str,
        *,
        status: int = 400,
        code: int = 0,
        message: str = "emulator: injected failure",
        retry_after: float | None = None,
    ) -> None:
        """Make the next ``method`` request whose path matches the regex ``path`` fail.

        With ``retry_after`` the failure is a retryable 429 (it carries ``Via``, which
        discord.py requires before it sleeps and retries).
        """
        body: Json = payloads.error(message, code)
        headers: dict[str, str] = {}
        if retry_after is not None:
            status = 429
            body = {**body, "retry_after": retry_after, "global": False}
            headers = {"Via": "1.1 google", "Retry-After": str(retry_after)}
        self.rest.faults.append(Fault(method, re.compile(path), status, body, headers))

    async def request_reconnect(self, timeout: float = 5.0) -> None:
        """Send op 7 RECONNECT and wait until every connected session has resumed."""
        asked = await self.gateway.reconnect()
        if not asked:
            raise EmulatorError("no connected bot to reconnect")

        def resumed() -> bool:
            return all(s.resumes > before and s.ws is not None for s, before in asked)

        await self._wait_until(resumed, timeout, "the bot did not resume")

    # -- internals ----------------------------------------------------------------------

    async def _inject(
        self,
        kind: int,
        user: FakeUser,
        channel: Channel,
        data: Json,
        *,
        label: str,
        message: Message | None = None,
    ) -> InteractionResult:
        if not self.gateway.sessions:
            raise EmulatorError("no bot is connected to the gateway")
        state = self.state
        result = InteractionResult(
            state,
            id=state.next_id(),
            token=new_token(),
            kind=kind,
            user=user,
            channel_id=channel.id,
            label=label,
            deadline=self.deadline,
            source_message_id=None if message is None else message.id,
        )
        self.interactions[result.token] = result
        # An interaction carries the server of the channel it comes from and the invoking
        # member as that server knows them (roles and permissions there).
        guild_id = channel.guild_id
        channel_payload = {
            **state.channel_payload(channel),
            "permissions": str(state.permissions(user, channel)),
        }
        member = None
        if guild_id is not None:
            member = state.member_payload(user, guild=guild_id, with_permissions=True)
        payload = payloads.interaction(
            id=result.id,
            type=kind,
            token=result.token,
            application_id=state.application_id,
            guild_id=guild_id,
            channel=channel_payload,
            member=member,
            user=user.payload(),
            data=data,
            app_permissions=state.permissions(state.bot, channel) if guild_id is not None else 0,
            locale=user.locale,
            message=None if message is None else state.message_payload(message),
        )
        result.payload = payload
        result.mark_dispatched()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        state.changed()
        return result

    async def redeliver(self, result: InteractionResult) -> None:
        """Dispatch an interaction's INTERACTION_CREATE again, as the gateway may after a
        resumed session: the bot must not handle it twice (a second answer is 40060)."""
        if result.payload is None:
            raise EmulatorError(f"interaction {result.id} was never dispatched")
        await self.gateway.dispatch("INTERACTION_CREATE", result.payload)

    def _where(self, user: FakeUser, channel: ChannelRef | None) -> Channel:
        where = self.channel(self.games_channel_id if channel is None else channel)
        if not self.state.can_view(user, where):
            raise EmulatorError(f"{user.name} cannot see channel {where.name}")
        return where

    def _visible_message(self, user: FakeUser, ref: MessageRef) -> Message:
        message = self.message(ref)
        if not self.state.can_view(user, self.channel(message.channel_id)):
            raise EmulatorError(f"{user.name} cannot see the channel of that message")
        if message.ephemeral_to not in (None, user.id):
            raise EmulatorError(f"{user.name} cannot see that ephemeral message")
        if message.loading:
            raise EmulatorError("that message is still a loading placeholder")
        return message

    async def _wait_until(self, condition: Callable[[], bool], timeout: float, what: str) -> None:
        timeout = patience(timeout)  # seconds of an idle machine
        if not await self.state.wait_for(condition, timeout):
            raise TimeoutError(f"{what} within {timeout} s")

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _modal_answer(component: Json, values: dict[str, Any]) -> Json:
    """The submitted form of one modal component (rows, labels, text inputs, selects)."""
    kind = component.get("type")
    if kind == 1:
        return {
            "type": 1,
            "components": [_modal_answer(c, values) for c in component["components"]],
        }
    if kind == 18:
        return {"type": 18, "component": _modal_answer(component["component"], values)}
    custom_id = component.get("custom_id")
    if custom_id is None:
        return {"type": kind}
    value = values.pop(custom_id, None)
    if kind == 4:
        text = str(value if value is not None else component.get("value") or "")
        if component.get("required", True) and not text:
            raise EmulatorError(f"modal input {custom_id!r} is required")
        low, high = component.get("min_length", 0), component.get("max_length", 4000)
        if text and not low <= len(text) <= high:
            raise EmulatorError(f"modal input {custom_id!r} takes {low}..{high} characters")
        return {"type": 4, "custom_id": custom_id, "value": text}
    chosen = [str(v) for v in (value or [])]
    return {"type": kind, "custom_id": custom_id, "values": chosen}
