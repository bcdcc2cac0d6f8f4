"""Turn ``"game new", {"seats": 2}`` into the ``data`` of a slash or autocomplete interaction.

The synced command definitions drive everything: the subcommand path, the option types
(values are coerced, so the playground can send strings), and the checks Discord's client
makes before a user can send a command (required options, choices, ranges, channel types).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from playground.models import Attachment, Channel, FakeUser
from playground.state import EmulatorError, State

Json = dict[str, Any]

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}
# Discord's integer options are limited to what a double holds exactly.
_MAX_SAFE_INTEGER = 2**53


@dataclass
class Resolved:
    """The ``resolved`` block: full objects for the ids that options and selects carry, as
    seen in the guild ``guild_id`` the interaction comes from (None: a DM)."""

    guild_id: int | None = None
    users: dict[str, Json] = field(default_factory=dict)
    members: dict[str, Json] = field(default_factory=dict)
    roles: dict[str, Json] = field(default_factory=dict)
    channels: dict[str, Json] = field(default_factory=dict)
    attachments: dict[str, Json] = field(default_factory=dict)

    def payload(self) -> Json:
        """Only the non-empty sections, as Discord sends them."""
        sections = {
            "users": self.users,
            "members": self.members,
            "roles": self.roles,
            "channels": self.channels,
            "attachments": self.attachments,
        }
        return {name: body for name, body in sections.items() if body}

    def add_user(self, state: State, user: FakeUser) -> str:
        """Resolve a user (and, for a member of the guild, their member object, which has no
        ``user`` key here)."""
        self.users[str(user.id)] = user.payload()
        if self.guild_id is not None and state.is_member(user, self.guild_id):
            self.members[str(user.id)] = state.member_payload(
                user, guild=self.guild_id, with_user=False, with_permissions=True
            )
        return str(user.id)

    def add_channel(self, state: State, channel: Channel) -> str:
        """Resolve a guild channel or thread, with the invoking user's permissions."""
        if channel.guild_id is None or channel.guild_id != (self.guild_id or state.guild_id):
            raise EmulatorError("only this guild's channels and threads can be picked")
        self.channels[str(channel.id)] = {
            **channel.payload(),
            "permissions": str(state.permissions(state.bot, guild=channel.guild_id)),
        }
        return str(channel.id)

    def add_role(self, state: State, role_id: int) -> str:
        """Resolve one of the guild's roles."""
        for role in state.roles_payload(self.guild_id):
            if role["id"] == str(role_id):
                self.roles[str(role_id)] = role
                return str(role_id)
        raise EmulatorError(f"no role with id {role_id}")


@dataclass(frozen=True)
class CommandCall:
    """A resolved command path: the top-level command and the interaction ``data``."""

    command: Json
    data: Json


def build_call(
    state: State,
    path: str,
    values: Mapping[str, Any],
    *,
    focused: str | None = None,
    dm: bool = False,
    guild: int | None = None,
) -> CommandCall:
    """The interaction data for ``/path`` with these option values, sent in the guild
    ``guild`` (default: the first; ignored in a DM).

    With ``focused`` set this is an autocomplete request: the focused option is sent as the
    partial string typed so far, and required options may still be missing.
    """
    words = path.strip().lstrip("/").split()
    if not words:
        raise EmulatorError("empty command path")
    where = None if dm else guild or state.guild_id
    command = state.command(words[0], dm=dm, guild=where)
    definitions: list[Json] = list(command.get("options") or [])
    chain: list[Json] = []
    for word in words[1:]:
        found = next(
            (
                o
                for o in definitions
                if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if found is None:
            names = [
                o["name"] for o in definitions if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ]
            raise EmulatorError(f"/{' '.join(words)}: no subcommand {word!r} (has {names})")
        chain.append(found)
        definitions = list(found.get("options") or [])
    subcommands = [o["name"] for o in definitions if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subcommands:
        raise EmulatorError(f"/{' '.join(words)} needs a subcommand: {subcommands}")

    resolved = Resolved(guild_id=where)
    options = _build_options(state, definitions, values, resolved, focused=focused)
    for parent in reversed(chain):
        options = [{"name": parent["name"], "type": parent["type"], "options": options}]
    data: Json = {"id": command["id"], "name": command["name"], "type": 1, "options": options}
    if resolved.payload():
        data["resolved"] = resolved.payload()
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    return CommandCall(command, data)


def resolve_value(state: State, option_type: int, value: Any, resolved: Resolved) -> str:
    """The id string for a user, channel, role or mentionable value, recording it as resolved."""
    if option_type == USER:
        return resolved.add_user(state, state.user(value))
    if option_type == CHANNEL:
        channel = value if isinstance(value, Channel) else state.channel(value)
        return resolved.add_channel(state, channel)
    if option_type == ROLE:
        return resolved.add_role(state, int(value))
    if option_type == MENTIONABLE:
        try:
            return resolved.add_user(state, state.user(value))
        except EmulatorError:
            return resolved.add_role(state, int(value))
    raise EmulatorError(f"option type {option_type} has no resolved objects")


def _build_options(
    state: State,
    definitions: list[Json],
    values: Mapping[str, Any],
    resolved: Resolved,
    *,
    focused: str | None,
) -> list[Json]:
    known = {o["name"]: o for o in definitions}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise EmulatorError(f"unknown option(s) {unknown}; the command takes {sorted(known)}")
    if focused is None:
        missing = [n for n, o in known.items() if o.get("required") and values.get(n) is None]
        if missing:
            raise EmulatorError(f"missing required option(s) {missing}")
    else:
        definition = known.get(focused)
        if definition is None or not definition.get("autocomplete"):
            raise EmulatorError(f"option {focused!r} does not autocomplete")

    options = []
    for definition in definitions:
        name = definition["name"]
        value = values.get(name)
        if name == focused:
            options.append(
                {"name": name, "type": definition["type"], "value": _text(value), "focused": True}
            )
        elif value is not None:
            options.append(
                {
                    "name": name,
                    "type": definition["type"],
                    "value": _coerce(state, definition, value, resolved),
                }
            )
    return options


def _coerce(state: State, definition: Json, value: Any, resolved: Resolved) -> Any:
    kind = definition["type"]
    name = definition["name"]
    if kind == STRING:
        coerced: Any = _text(value)
        length = len(coerced)
        if length < definition.get("min_length", 0) or length > definition.get("max_length", 6000):
            raise EmulatorError(f"option {name!r}: length {length} is out of range")
    elif kind in (INTEGER, NUMBER):
        coerced = _number(name, value, integer=kind == INTEGER)
        low = definition.get("min_value", -_MAX_SAFE_INTEGER)
        high = definition.get("max_value", _MAX_SAFE_INTEGER)
        if not low <= coerced <= high:
            raise EmulatorError(f"option {name!r}: {coerced} is not within {low}..{high}")
    elif kind == BOOLEAN:
        coerced = _boolean(name, value)
    elif kind == ATTACHMENT:
        coerced = _attachment(state, name, value, resolved)
    elif kind in (USER, CHANNEL, ROLE, MENTIONABLE):
        coerced = resolve_value(state, kind, value, resolved)
        if kind == CHANNEL:
            allowed = definition.get("channel_types")
            channel_type = state.channel(coerced).type
            if allowed and channel_type not in allowed:
                raise EmulatorError(
                    f"option {name!r}: channel type {channel_type} not in {allowed}"
                )
    else:
        raise EmulatorError(f"option {name!r}: unsupported option type {kind}")
    choices = definition.get("choices")
    if choices and coerced not in [c["value"] for c in choices]:
        raise EmulatorError(
            f"option {name!r}: {coerced!r} is not one of {[c['value'] for c in choices]}"
        )
    return coerced


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, FakeUser):
        return str(value.id)
    return str(value)


def _number(name: str, value: Any, *, integer: bool) -> int | float:
    if isinstance(value, bool):
        raise EmulatorError(f"option {name!r}: expected a number, got {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise EmulatorError(f"option {name!r}: expected a number, got {value!r}") from None
    if not integer:
        return number
    if not number.is_integer():
        raise EmulatorError(f"option {name!r}: expected an integer, got {value!r}")
    return int(number)


def _boolean(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise EmulatorError(f"option {name!r}: expected true or false, got {value!r}")


def _attachment(state: State, name: str, value: Any, resolved: Resolved) -> str:
    """An uploaded file given as ``(filename, bytes)``."""
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], bytes)):
        raise EmulatorError(f"option {name!r}: give an attachment as (filename, bytes)")
    filename, data = value
    attachment_id = state.next_id()
    upload = Attachment(
        id=attachment_id,
        filename=str(filename),
        data=data,
        url=f"{state.base_url}/attachments/0/{attachment_id}/{filename}",
    )
    state.uploads[attachment_id] = upload
    resolved.attachments[str(attachment_id)] = upload.payload()
    return str(attachment_id)
