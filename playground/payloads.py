"""Builders of the JSON objects the emulator sends, shaped the way discord.py 2.7 reads them.

This is the one module that tracks which keys discord.py reads with ``data[...]`` (a missing
one raises ``KeyError`` inside the gateway reader and kills the whole client, not just one
handler). When discord.py is upgraded, the contract test in ``tests/playground`` is what
notices drift here.

Snowflakes are JSON strings; timestamps are ISO 8601 with a UTC offset.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Json = dict[str, Any]

API_VERSION = 10
DISCORD_EPOCH_MS = 1_420_070_400_000
HEARTBEAT_INTERVAL_MS = 41_250
# What an unboosted guild allows per attachment; discord.py reads it as a required key.
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

# Channel types.
GUILD_TEXT = 0
DM = 1
GUILD_VOICE = 2
GUILD_ANNOUNCEMENT = 5
ANNOUNCEMENT_THREAD = 10
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
GUILD_FORUM = 15
THREAD_TYPES = frozenset({ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD})
#: Guild channels that are not threads, by the name ``Emulator.add_channel`` takes.
CHANNEL_KINDS = {
    "text": GUILD_TEXT,
    "announcement": GUILD_ANNOUNCEMENT,
    "voice": GUILD_VOICE,
    "forum": GUILD_FORUM,
}
#: The values Discord accepts for a thread's ``auto_archive_duration`` (minutes).
AUTO_ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)

# Interaction contexts.
CONTEXT_GUILD = 0
CONTEXT_BOT_DM = 1

# Message flags.
SUPPRESS_EMBEDS = 1 << 2
HAS_THREAD = 1 << 5
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_VOICE_MESSAGE = 1 << 13
IS_COMPONENTS_V2 = 1 << 15


def snowflake_time(snowflake: int) -> dt.datetime:
    """The creation time encoded in a snowflake."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)


def iso(moment: dt.datetime | None) -> str | None:
    """An ISO 8601 timestamp, or None."""
    return None if moment is None else moment.isoformat()


def user(*, id: int, name: str, bot: bool = False) -> Json:
    """A user object (``username``, ``discriminator`` and ``avatar`` are required)."""
    return {
        "id": str(id),
        "username": name,
        "discriminator": "0",
        "global_name": None if bot else name,
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


def application(*, id: int, name: str, owner: Json) -> Json:
    """The GET /oauth2/applications/@me body; ``interactions_endpoint_url`` must stay null."""
    return {
        "id": str(id),
        "name": name,
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": owner,
        "verify_key": "0" * 64,
        "flags": 0,
        "team": None,
        "interactions_endpoint_url": None,
        "rpc_origins": [],
        "tags": [],
    }


def role(*, id: int, name: str, permissions: int, position: int, colour: int = 0) -> Json:
    """A guild role."""
    return {
        "id": str(id),
        "name": name,
        "permissions": str(permissions),
        "position": position,
        "color": colour,
        "colors": {"primary_color": colour, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "icon": None,
        "unicode_emoji": None,
        "flags": 0,
    }


def member(
    *,
    user: Json | None,
    role_ids: Iterable[int],
    joined_at: dt.datetime,
    permissions: int | None = None,
) -> Json:
    """A guild member (``roles`` and ``flags`` are required; resolved data omits ``user``)."""
    data: Json = {
        "roles": [str(r) for r in role_ids],
        "joined_at": iso(joined_at),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "nick": None,
        "avatar": None,
        "communication_disabled_until": None,
    }
    if user is not None:
        data["user"] = user
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def guild_channel(
    *,
    id: int,
    guild_id: int,
    name: str,
    position: int,
    type: int = GUILD_TEXT,
    overwrites: Sequence[Json] = (),
) -> Json:
    """A guild channel that is not a thread: text, announcement, voice or forum.

    ``name`` and ``position`` are required; a voice channel also needs ``bitrate`` and
    ``user_limit``, a forum its tags.
    """
    data: Json = {
        "id": str(id),
        "type": type,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "permission_overwrites": list(overwrites),
        "parent_id": None,
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }
    if type == GUILD_VOICE:
        data.update(bitrate=64000, user_limit=0, rtc_region=None)
    elif type == GUILD_FORUM:
        data.update(available_tags=[], default_reaction_emoji=None, flags=0)
    return data


def member_overwrite(*, user_id: int, allow: int, deny: int) -> Json:
    """A channel permission overwrite for one member (type 1)."""
    return {"id": str(user_id), "type": 1, "allow": str(allow), "deny": str(deny)}


def thread_channel(
    *,
    id: int,
    type: int,
    guild_id: int,
    parent_id: int,
    owner_id: int,
    name: str,
    message_count: int,
    member_count: int,
    archived: bool,
    locked: bool,
    auto_archive_duration: int,
    created_at: dt.datetime,
    archived_at: dt.datetime,
    invitable: bool = True,
    rate_limit_per_user: int = 0,
) -> Json:
    """A thread (``thread_metadata``, ``message_count`` and ``member_count`` are required)."""
    return {
        "id": str(id),
        "type": type,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": rate_limit_per_user,
        "message_count": message_count,
        "total_message_sent": message_count,
        "member_count": member_count,
        "flags": 0,
        "thread_metadata": {
            "archived": archived,
            "auto_archive_duration": auto_archive_duration,
            "archive_timestamp": iso(archived_at),
            "locked": locked,
            "invitable": invitable,
            "create_timestamp": iso(created_at),
        },
    }


def dm_channel(*, id: int, recipient: Json) -> Json:
    """A direct-message channel with one recipient."""
    return {"id": str(id), "type": DM, "recipients": [recipient], "last_message_id": None}


def guild_create(
    *,
    id: int,
    name: str,
    owner_id: int,
    roles: Sequence[Json],
    channels: Sequence[Json],
    threads: Sequence[Json],
    members: Sequence[Json],
    member_count: int,
) -> Json:
    """The GUILD_CREATE dispatch (without the members intent, ``members`` is the bot alone)."""
    return {
        "id": str(id),
        "name": name,
        "icon": None,
        "owner_id": str(owner_id),
        "preferred_locale": "en-US",
        "features": [],
        "roles": list(roles),
        "emojis": [],
        "stickers": [],
        "channels": list(channels),
        "threads": list(threads),
        "members": list(members),
        "member_count": member_count,
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "large": False,
        "unavailable": False,
        "joined_at": iso(dt.datetime.now(dt.UTC)),
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "system_channel_id": None,
    }


def ready(
    *,
    user: Json,
    guild_ids: Iterable[int],
    session_id: str,
    resume_gateway_url: str,
    application_id: int,
    shard: Sequence[int] | None,
) -> Json:
    """The READY dispatch; guilds arrive unavailable and are filled by GUILD_CREATE."""
    data: Json = {
        "v": API_VERSION,
        "user": user,
        "guilds": [{"id": str(g), "unavailable": True} for g in guild_ids],
        "session_id": session_id,
        "resume_gateway_url": resume_gateway_url,
        "application": {"id": str(application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
    }
    if shard is not None:
        # AutoShardedClient's parse_ready indexes data['shard'][0].
        data["shard"] = list(shard)
    return data


def attachment(
    *,
    id: int,
    filename: str,
    size: int,
    url: str,
    content_type: str | None,
    description: str | None,
    width: int | None,
    height: int | None,
) -> Json:
    """An attachment (``size``, ``url``, ``proxy_url`` and ``filename`` are required)."""
    return {
        "id": str(id),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
        "description": description,
        "width": width,
        "height": height,
        "flags": 0,
    }


def message(
    *,
    id: int,
    type: int,
    channel_id: int,
    guild_id: int | None,
    author: Json,
    content: str,
    embeds: Sequence[Json],
    components: Sequence[Json],
    attachments: Sequence[Json],
    flags: int,
    edited_at: dt.datetime | None,
    webhook_id: int | None,
    application_id: int | None,
    reference: Json | None,
    thread: Json | None,
) -> Json:
    """A message (``id``, ``type`` and ``content`` are required; content may be empty)."""
    data: Json = {
        "id": str(id),
        "type": type,
        "channel_id": str(channel_id),
        "author": author,
        "content": content,
        "embeds": list(embeds),
        "components": list(components),
        "attachments": list(attachments),
        "flags": flags,
        "timestamp": iso(snowflake_time(id)),
        "edited_timestamp": iso(edited_at),
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
    }
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    if webhook_id is not None:
        data["webhook_id"] = str(webhook_id)
    if application_id is not None:
        data["application_id"] = str(application_id)
    if reference is not None:
        data["message_reference"] = reference
    if thread is not None:
        data["thread"] = thread
    return data


def interaction(
    *,
    id: int,
    type: int,
    token: str,
    application_id: int,
    guild_id: int | None,
    channel: Json,
    member: Json | None,
    user: Json,
    data: Json,
    app_permissions: int,
    locale: str,
    message: Json | None,
) -> Json:
    """INTERACTION_CREATE. ``attachment_size_limit`` became required in 2.x: keep it.

    In a server it carries ``member`` (with the user inside); in a DM with the bot it has no
    ``guild_id`` and carries ``user`` instead, with context 1 (BOT_DM).
    """
    payload: Json = {
        "id": str(id),
        "type": type,
        "token": token,
        "version": 1,
        "application_id": str(application_id),
        "channel": channel,
        "channel_id": channel["id"],
        "data": data,
        "app_permissions": str(app_permissions),
        "locale": locale,
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if guild_id is not None:
        payload.update(
            guild_id=str(guild_id),
            guild={"id": str(guild_id), "locale": "en-US", "features": []},
            member=member,
            guild_locale="en-US",
            authorizing_integration_owners={"0": str(guild_id)},
            context=CONTEXT_GUILD,
        )
    else:
        payload.update(user=user, authorizing_integration_owners={"0": "0"}, context=CONTEXT_BOT_DM)
    if message is not None:
        payload["message"] = message
    return payload


def callback_response(
    *,
    interaction_id: int,
    interaction_type: int,
    callback_type: int,
    message: Json | None,
    loading: bool,
    ephemeral: bool,
) -> Json:
    """The ``?with_response=1`` body; an empty body or a 204 breaks ``send_message``."""
    body: Json = {
        "interaction": {
            "id": str(interaction_id),
            "type": interaction_type,
            "response_message_id": None if message is None else message["id"],
            "response_message_loading": loading,
            "response_message_ephemeral": ephemeral,
        },
        "resource": {"type": callback_type},
    }
    if message is not None:
        body["resource"]["message"] = message
    return body


def error(message: str, code: int, errors: Mapping[str, str] | None = None) -> Json:
    """An error body; ``errors`` maps a dotted field path to a sentence.

    Discord nests the path (``{"embeds": {"0": {"title": {"_errors": [...]}}}}``) and gives
    each problem a code; a sentence written ``"CODE: text"`` carries its own code.
    """
    body: Json = {"message": message, "code": code}
    if errors:
        nested: Json = {}
        for path, text in errors.items():
            node = nested
            for part in (p for p in path.split(".") if p):
                node = node.setdefault(part, {})
            found = re.match(r"^([A-Z][A-Z_]+): (.*)$", text, re.S)
            problem = (
                {"code": found[1], "message": found[2]}
                if found
                else {"code": "INVALID_FORM_BODY", "message": text}
            )
            node.setdefault("_errors", []).append(problem)
        body["errors"] = nested
    return body
