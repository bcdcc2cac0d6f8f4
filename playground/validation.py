"""The limits Discord enforces on messages and command syncs, so the bot meets them here first.

Each checker returns ``{dotted.path: problem}``; empty means valid. The paths follow
Discord's error bodies (``embeds.0.title``), which discord.py prints in ``HTTPException``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import emoji as emoji_data
import regex

from playground.payloads import (
    ATTACHMENT_SIZE_LIMIT,
    AUTO_ARCHIVE_DURATIONS,
    EPHEMERAL,
    IS_COMPONENTS_V2,
    IS_VOICE_MESSAGE,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
)

Json = dict[str, Any]
Problems = dict[str, str]

# The message flags a request may set (the rest are Discord's to set).
_FLAG_NAMES = {
    SUPPRESS_EMBEDS: "SUPPRESS_EMBEDS",
    EPHEMERAL: "EPHEMERAL",
    SUPPRESS_NOTIFICATIONS: "SUPPRESS_NOTIFICATIONS",
    IS_VOICE_MESSAGE: "IS_VOICE_MESSAGE",
    IS_COMPONENTS_V2: "IS_COMPONENTS_V2",
}
#: What each route lets a request set, from each route's parameter table: Create Message,
#: an interaction callback's message (and its deferral), Create Followup Message (Execute
#: Webhook plus EPHEMERAL), Edit Webhook Message. An edit of a channel message is not here:
#: Discord ignores the flags it cannot change there instead of refusing them.
CREATE_MESSAGE_FLAGS = (
    SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2
)
CALLBACK_MESSAGE_FLAGS = CREATE_MESSAGE_FLAGS | EPHEMERAL
DEFERRED_CALLBACK_FLAGS = EPHEMERAL
FOLLOWUP_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2 | EPHEMERAL
EDIT_MESSAGE_FLAGS = SUPPRESS_EMBEDS | IS_COMPONENTS_V2
#: What a components-v2 message may not carry: its text lives in components.
_LEGACY_FIELDS = ("content", "embeds", "sticker_ids", "poll")
_MENTION_TYPES = ("everyone", "roles", "users")
MAX_ALLOWED_MENTION_IDS = 100
BUTTON_STYLES = (1, 2, 3, 4, 5, 6)
LINK_BUTTON, PREMIUM_BUTTON = 5, 6
MAX_BUTTON_URL = 512
#: A channel's or thread's slowmode, in seconds.
MAX_RATE_LIMIT_PER_USER = 21600
#: The thread types a thread can be started as (announcement, public, private).
THREAD_TYPES = (10, 11, 12)
#: A modal's label (a Label component's, or a text input's own deprecated one).
MAX_MODAL_LABEL = 45
MAX_COMMANDS = 100
# The locales Discord accepts in name_localizations and description_localizations.
LOCALES = frozenset(
    {
        *("id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt"),
        *("hu", "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el"),
        *("bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"),
    }
)
# Chat-input command and option names, exactly Discord's pattern: letters, numbers and the
# whole Devanagari and Thai scripts (their vowel signs are marks, which \w leaves out), with
# the lowercase form of any letter that has one. Context-menu names are free text.
_CHAT_NAME = regex.compile(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
MAX_NAME = 32
CHAT_INPUT = 1
MAX_COMMAND_CHARACTERS = 8000
MAX_CHOICE_VALUE = 100
MAX_STRING_LENGTH = 6000
# Option types whose choices carry a string, an integer or a number.
_STRING, _INTEGER, _NUMBER = 3, 4, 10
#: The largest magnitude of an integer option (what a double holds exactly).
MAX_SAFE_INTEGER = 2**53
_SELECT_TYPES = (3, 5, 6, 7, 8)
#: What one file may carry: an unboosted server's ``attachment_size_limit``.
MAX_FILE_BYTES = ATTACHMENT_SIZE_LIMIT
MAX_REQUEST_BYTES = 25 * 1024 * 1024
MAX_FILES = 10
#: An attachment's description (alt text), in characters.
MAX_ATTACHMENT_DESCRIPTION = 1024


def is_valid_emoji(text: str) -> bool:
    """Whether ``text`` is exactly one Unicode emoji, as Discord requires of an emoji name.

    The emoji package tracks the Unicode emoji list; U+1F0A0 (a playing card back) is a
    symbol, not an emoji, and Discord refuses it.
    """
    return bool(text) and emoji_data.is_emoji(text)


def emoji_problem(value: Any) -> str | None:
    """What is wrong with a component's partial emoji object, or None.

    A custom emoji is ``{"id", "name"}`` with a snowflake id; otherwise the name must be a
    Unicode emoji. Discord's answer is ``BUTTON_COMPONENT_INVALID_EMOJI``.
    """
    if not isinstance(value, Mapping):
        return "BUTTON_COMPONENT_INVALID_EMOJI: The emoji must be an object."
    custom = value.get("id")
    if custom is not None:
        return (
            None
            if str(custom).isdigit()
            else ("BUTTON_COMPONENT_INVALID_EMOJI: A custom emoji's id must be a snowflake.")
        )
    name = str(value.get("name") or "")
    if not is_valid_emoji(name):
        return f"BUTTON_COMPONENT_INVALID_EMOJI: Invalid emoji {name!r}."
    return None


def files_problems(sizes: Sequence[int], limit: int = MAX_FILE_BYTES) -> Problems:
    """Too many files, one too large, or a request too large in all."""
    problems: Problems = {}
    if len(sizes) > MAX_FILES:
        problems["files"] = f"Must be {MAX_FILES} or fewer files (got {len(sizes)})."
    for index, size in enumerate(sizes):
        if size > limit:
            problems[f"files.{index}"] = f"File of {size} bytes exceeds the {limit} byte limit."
    if sum(sizes) > MAX_REQUEST_BYTES:
        problems["files"] = f"Request exceeds {MAX_REQUEST_BYTES} bytes."
    return problems


def thread_problems(body: Mapping[str, Any], *, creating: bool, typed: bool = False) -> Problems:
    """A thread's name (1-100), ``auto_archive_duration`` (60, 1440, 4320 or 10080) and
    ``rate_limit_per_user`` (0-21600 seconds, or null); with ``typed`` (a thread started
    without a message) its ``type``: 10, 11 or 12, or left out for the private default."""
    problems: Problems = {}
    if creating or "name" in body:
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            problems["name"] = "Must be between 1 and 100 in length."
    duration = body.get("auto_archive_duration")
    if duration is not None and duration not in AUTO_ARCHIVE_DURATIONS:
        problems["auto_archive_duration"] = (
            f"Value must be one of {AUTO_ARCHIVE_DURATIONS} (got {duration!r})."
        )
    slowmode = body.get("rate_limit_per_user")
    if slowmode is not None:
        if not isinstance(slowmode, int) or isinstance(slowmode, bool):
            problems["rate_limit_per_user"] = "NUMBER_TYPE_COERCE: Value is not int."
        elif slowmode < 0:
            problems["rate_limit_per_user"] = (
                "NUMBER_TYPE_MIN: int value should be greater than or equal to 0."
            )
        elif slowmode > MAX_RATE_LIMIT_PER_USER:
            problems["rate_limit_per_user"] = (
                "NUMBER_TYPE_MAX: int value should be less than or equal to "
                f"{MAX_RATE_LIMIT_PER_USER}."
            )
    kind = body.get("type")
    if typed and kind is not None and kind not in THREAD_TYPES:
        problems["type"] = f"BASE_TYPE_CHOICES: Value must be one of {THREAD_TYPES}."
    return problems


def autocomplete_problems(data: Mapping[str, Any]) -> Problems:
    """An autocomplete answer: at most 25 choices, names and string values 1-100 long."""
    problems: Problems = {}
    choices = data.get("choices")
    if not isinstance(choices, list):
        return {"choices": "This field is required"}
    if len(choices) > 25:
        problems["choices"] = f"Must be 25 or fewer in length (got {len(choices)})."
    for index, choice in enumerate(choices):
        names = [str(choice.get("name") or ""), *(choice.get("name_localizations") or {}).values()]
        if any(not 1 <= len(n) <= 100 for n in names):
            problems[f"choices.{index}.name"] = "Must be between 1 and 100 in length."
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            problems[f"choices.{index}.value"] = "Must be 100 or fewer in length."
    return problems


def modal_problems(data: Mapping[str, Any]) -> Problems:
    """A modal: title 1-45, a custom_id, 1-5 top-level components."""
    problems: Problems = {}
    if not 1 <= len(str(data.get("title") or "")) <= 45:
        problems["title"] = "Must be between 1 and 45 in length."
    if not 1 <= len(str(data.get("custom_id") or "")) <= 100:
        problems["custom_id"] = "Must be between 1 and 100 in length."
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        problems["components"] = "Must be between 1 and 5 in length."
    seen: set[str] = set()
    for index, component in enumerate(components):
        _walk_component(component, f"components.{index}", seen, problems)
    return problems


#: The longest nonce a created message may carry.
MAX_NONCE = 25


def message_problems(
    body: Json,
    *,
    file_count: int,
    creating: bool,
    flags_allowed: int | None = None,
    current: Mapping[str, Any] | None = None,
) -> Problems:
    """What Discord would reject in a message create or edit body.

    ``flags_allowed`` are the flags the route lets a request set (None: not checked, as an
    edit of a channel message ignores the others). ``current`` is the edited message's
    ``content``, ``embeds`` and ``flags``: a components-v2 message stays one, and what it
    still holds counts.
    """
    problems: Problems = {}
    content = body.get("content") or ""
    if len(content) > 2000:
        problems["content"] = f"Must be 2000 or fewer in length (got {len(content)})."
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        problems["embeds"] = "Must be 10 or fewer in length."
    total = 0
    for index, embed in enumerate(embeds):
        total += _embed_problems(embed, f"embeds.{index}", problems)
    if total > 6000:
        problems["embeds"] = (
            f"MAX_EMBED_SIZE_EXCEEDED: Embed size exceeds maximum size of 6000 (got {total})."
        )
    for index, attachment in enumerate(body.get("attachments") or []):
        description = attachment.get("description") if isinstance(attachment, dict) else None
        if isinstance(description, str) and len(description) > MAX_ATTACHMENT_DESCRIPTION:
            problems[f"attachments.{index}.description"] = (
                f"Must be {MAX_ATTACHMENT_DESCRIPTION} or fewer in length."
            )
    nonce = body.get("nonce")
    if creating and nonce is not None and len(str(nonce)) > MAX_NONCE:
        problems["nonce"] = f"Must be {MAX_NONCE} or fewer in length."
    components = body.get("components") or []
    flags = int(body.get("flags") or 0)
    if flags_allowed is not None:
        problems |= flags_problems(body, flags_allowed)
    was_v2 = current is not None and int(current.get("flags") or 0) & IS_COMPONENTS_V2
    v2 = bool(flags & IS_COMPONENTS_V2 or was_v2)
    if v2:
        # What the edit leaves in place counts too: it must be reset to null or [].
        after = {**(current or {}), **body}
        for key in _LEGACY_FIELDS:
            if after.get(key):
                problems[key] = f"A message with IS_COMPONENTS_V2 holds only components, not {key}."
    _allowed_mentions_problems(body.get("allowed_mentions"), problems)
    _component_problems(components, v2=v2, problems=problems)
    empty = not (content or embeds or components or file_count or body.get("sticker_ids"))
    if creating and empty and not body.get("poll"):
        problems["content"] = "Cannot send an empty message."
    return problems


def flags_problems(body: Mapping[str, Any], allowed: int) -> Problems:
    """Message flags the route does not let a request set."""
    flags = int(body.get("flags") or 0)
    if not flags & ~allowed:
        return {}
    names = ", ".join(name for bit, name in _FLAG_NAMES.items() if bit & allowed)
    return {"flags": f"Only {names} can be set here (got {flags})."}


def _allowed_mentions_problems(value: Any, problems: Problems) -> None:
    """``parse`` takes users, roles and everyone; naming users (or roles) excludes parsing
    them; at most 100 ids of each. An empty or null list of ids is no conflict."""
    if not isinstance(value, Mapping):
        return
    parse = value.get("parse") or []
    for index, kind in enumerate(parse):
        if kind not in _MENTION_TYPES:
            problems[f"allowed_mentions.parse.{index}"] = (
                f"BASE_TYPE_CHOICES: Value must be one of {_MENTION_TYPES}."
            )
    for key in ("users", "roles"):
        ids = value.get(key) or []
        if len(ids) > MAX_ALLOWED_MENTION_IDS:
            problems[f"allowed_mentions.{key}"] = (
                f"BASE_TYPE_MAX_LENGTH: Must be {MAX_ALLOWED_MENTION_IDS} or fewer in length."
            )
        if ids and key in parse:
            problems["allowed_mentions"] = (
                f'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE: parse:["{key}"] and {key}: '
                "[ids...] are mutually exclusive."
            )


def _embed_problems(embed: Json, path: str, problems: Problems) -> int:
    """One embed's limits; returns its size. Discord trims leading and trailing whitespace
    before it measures, so a field name or value of only whitespace is a missing one."""
    limits = {"title": 256, "description": 4096}
    size = 0
    for key, limit in limits.items():
        text = _trimmed(embed.get(key))
        size += len(text)
        if len(text) > limit:
            problems[f"{path}.{key}"] = f"BASE_TYPE_MAX_LENGTH: Must be {limit} or fewer in length."
    for key, inner, limit in (("footer", "text", 2048), ("author", "name", 256)):
        text = _trimmed((embed.get(key) or {}).get(inner))
        size += len(text)
        if len(text) > limit:
            problems[f"{path}.{key}.{inner}"] = (
                f"BASE_TYPE_MAX_LENGTH: Must be {limit} or fewer in length."
            )
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems[f"{path}.fields"] = "BASE_TYPE_MAX_LENGTH: Must be 25 or fewer in length."
    for index, field in enumerate(fields):
        for key, limit in (("name", 256), ("value", 1024)):
            text = _trimmed(field.get(key))
            size += len(text)
            if not text:
                problems[f"{path}.fields.{index}.{key}"] = (
                    "BASE_TYPE_REQUIRED: This field is required"
                )
            elif len(text) > limit:
                problems[f"{path}.fields.{index}.{key}"] = (
                    f"BASE_TYPE_MAX_LENGTH: Must be {limit} or fewer in length."
                )
    return size


def _trimmed(value: Any) -> str:
    return "" if value is None else str(value).strip()


def _component_problems(components: Sequence[Json], *, v2: bool, problems: Problems) -> None:
    if not v2 and len(components) > 5:
        problems["components"] = "Must be 5 or fewer in length."
    seen: set[str] = set()
    for index, component in enumerate(components):
        path = f"components.{index}"
        if not v2:
            if component.get("type") != 1:
                problems[f"{path}.type"] = "Top-level components must be action rows."
                continue
            children = component.get("components") or []
            selects = [c for c in children if c.get("type") in _SELECT_TYPES]
            if not children or len(children) > 5 or (selects and len(children) > 1):
                problems[f"{path}.components"] = "A row holds 1-5 buttons or exactly one select."
        _walk_component(component, path, seen, problems)


def _walk_component(component: Json, path: str, seen: set[str], problems: Problems) -> None:
    custom_id = component.get("custom_id")
    if custom_id is not None:
        if not 1 <= len(custom_id) <= 100:
            problems[f"{path}.custom_id"] = "Must be between 1 and 100 in length."
        elif custom_id in seen:
            problems[f"{path}.custom_id"] = "Component custom id cannot be duplicated"
        seen.add(custom_id)
    kind = component.get("type")
    if component.get("emoji") is not None:
        problem = emoji_problem(component["emoji"])
        if problem:
            problems[f"{path}.emoji.name"] = problem
    if kind in _SELECT_TYPES and len(str(component.get("placeholder") or "")) > 150:
        problems[f"{path}.placeholder"] = "Must be 150 or fewer in length."
    if kind == 2:
        _button_problems(component, path, problems)
    elif kind == 4 and len(str(component.get("label") or "")) > MAX_MODAL_LABEL:
        problems[f"{path}.label"] = (
            f"BASE_TYPE_MAX_LENGTH: Must be {MAX_MODAL_LABEL} or fewer in length."
        )
    elif kind == 18 and not 1 <= len(str(component.get("label") or "")) <= MAX_MODAL_LABEL:
        problems[f"{path}.label"] = (
            f"BASE_TYPE_BAD_LENGTH: Must be between 1 and {MAX_MODAL_LABEL} in length."
        )
    elif kind == 3:
        options = component.get("options") or []
        if not 1 <= len(options) <= 25:
            problems[f"{path}.options"] = "Must be between 1 and 25 in length."
        values: set[str] = set()
        for index, option in enumerate(options):
            for key in ("label", "value", "description"):
                if len(str(option.get(key) or "")) > 100:
                    problems[f"{path}.options.{index}.{key}"] = "Must be 100 or fewer in length."
            if not option.get("label") or not option.get("value"):
                problems[f"{path}.options.{index}"] = "An option needs a label and a value."
            elif str(option["value"]) in values:
                problems[f"{path}.options.{index}.value"] = (
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED: The specified option value is "
                    "already used"
                )
            values.add(str(option.get("value") or ""))
            if option.get("emoji") is not None:
                problem = emoji_problem(option["emoji"])
                if problem:
                    problems[f"{path}.options.{index}.emoji.name"] = problem
        low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
        if not (0 <= low <= high <= 25 and high <= max(1, len(options))):
            problems[f"{path}.max_values"] = "min_values/max_values must be 0-25 and fit."
    for key in ("components", "component", "accessory"):
        child = component.get(key)
        children = child if isinstance(child, list) else [child] if isinstance(child, dict) else []
        for index, inner in enumerate(children):
            _walk_component(inner, f"{path}.{key}.{index}", seen, problems)


def _button_problems(button: Json, path: str, problems: Problems) -> None:
    """Styles 1-6; which of custom_id, url and sku_id each style needs and refuses; a link's
    url of at most 512 characters; a label or an emoji on every button but a premium one."""
    label = button.get("label")
    if len(str(label or "")) > 80:
        problems[f"{path}.label"] = "BASE_TYPE_MAX_LENGTH: Must be 80 or fewer in length."
    style = button.get("style")
    if style not in BUTTON_STYLES:
        problems[f"{path}.style"] = f"BASE_TYPE_CHOICES: Value must be one of {BUTTON_STYLES}."
        return
    refused: tuple[str, ...]
    if style == LINK_BUTTON:
        needed, refused = "url", ("custom_id", "sku_id")
    elif style == PREMIUM_BUTTON:
        needed, refused = "sku_id", ("custom_id", "label", "url", "emoji")
    else:
        needed, refused = "custom_id", ("url", "sku_id")
    if not button.get(needed):
        problems[f"{path}.{needed}"] = "BASE_TYPE_REQUIRED: This field is required"
    for key in refused:
        if button.get(key) is not None:
            problems[f"{path}.{key}"] = f"A button of style {style} cannot have a {key}."
    url = button.get("url")
    if style == LINK_BUTTON and url and len(str(url)) > MAX_BUTTON_URL:
        problems[f"{path}.url"] = (
            f"BASE_TYPE_MAX_LENGTH: Must be {MAX_BUTTON_URL} or fewer in length."
        )
    if style != PREMIUM_BUTTON and not label and button.get("emoji") is None:
        problems[f"{path}.label"] = "BASE_TYPE_REQUIRED: A button needs a label or an emoji."


def commands_problems(commands: Sequence[Json]) -> Problems:
    """What Discord would reject in a bulk command overwrite."""
    problems: Problems = {}
    if len([c for c in commands if c.get("type", CHAT_INPUT) == CHAT_INPUT]) > MAX_COMMANDS:
        problems["_"] = f"At most {MAX_COMMANDS} chat commands."
    _unique_names(commands, "", problems)
    for index, command in enumerate(commands):
        chat = command.get("type", CHAT_INPUT) == CHAT_INPUT
        size = _command_size(command)
        if size > MAX_COMMAND_CHARACTERS:
            problems[f"{index}"] = (
                f"APPLICATION_COMMAND_TOO_LARGE: Command exceeds maximum size "
                f"({MAX_COMMAND_CHARACTERS}); it has {size}."
            )
        _named_problems(command, str(index), problems, chat=chat, described=chat)
        _options_problems(command.get("options") or [], f"{index}.options", problems, parent=0)
    return problems


def _longest(item: Json, key: str) -> int:
    """The length of a field as the size limit counts it: its longest localization, the
    default included."""
    texts = [item.get(key) or "", *(item.get(f"{key}_localizations") or {}).values()]
    return max(len(str(t or "")) for t in texts)


def _command_size(item: Json) -> int:
    """Names, descriptions and choice names and values of a command and its options,
    counted together, each localized field at its longest localization."""
    size = _longest(item, "name") + _longest(item, "description")
    for choice in item.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value") or ""))
    return size + sum(_command_size(o) for o in item.get("options") or [])


def _named_problems(
    item: Json, path: str, problems: Problems, *, chat: bool, described: bool
) -> None:
    """A name and its localizations (Discord's pattern for chat commands and options, 1-32
    characters of any kind for context-menu commands); descriptions 1-100."""
    names = {"": item.get("name") or "", **(item.get("name_localizations") or {})}
    for locale, name in names.items():
        where = f"{path}.name" + (f"_localizations.{locale}" if locale else "")
        text = str(name or "")
        if locale and locale not in LOCALES:
            problems[where] = f"Invalid locale {locale!r}."
        elif chat and (not _CHAT_NAME.match(text) or text != text.lower()):
            problems[where] = (
                f"APPLICATION_COMMAND_INVALID_NAME: Command name is invalid ({text!r})."
            )
        elif not chat and not 1 <= len(text) <= MAX_NAME:
            problems[where] = f"BASE_TYPE_BAD_LENGTH: Must be between 1 and {MAX_NAME} in length."
    if not described:
        return
    descriptions = {
        "": item.get("description") or "",
        **(item.get("description_localizations") or {}),
    }
    for locale, text in descriptions.items():
        where = f"{path}.description" + (f"_localizations.{locale}" if locale else "")
        if locale and locale not in LOCALES:
            problems[where] = f"Invalid locale {locale!r}."
        elif not 1 <= len(text or "") <= 100:
            problems[where] = f"Must be between 1 and 100 in length (got {len(text or '')})."


def _options_problems(
    options: Sequence[Json], path: str, problems: Problems, *, parent: int
) -> None:
    """Check one option list; ``parent`` is the type of its owner (0 for the command)."""
    if len(options) > 25:
        problems[path] = "Must be 25 or fewer in length."
    _unique_names(options, path, problems)
    _localized_name_clashes(options, path, problems)
    optional_seen = False
    for index, option in enumerate(options):
        where = f"{path}.{index}"
        _named_problems(option, where, problems, chat=True, described=True)
        kind = option.get("type")
        if kind in (1, 2):
            # Only command > group > subcommand or command > subcommand may nest.
            if parent == 1 or (parent == 2 and kind == 2):
                problems[f"{where}.type"] = "Subcommands nest at most group > subcommand."
            inner = option.get("options") or []
            if kind == 2 and any(o.get("type") != 1 for o in inner):
                problems[f"{where}.options"] = "A subcommand group holds only subcommands."
            _options_problems(inner, f"{where}.options", problems, parent=kind)
            continue
        if option.get("required"):
            if optional_seen:
                problems[f"{where}.required"] = "Required options must come before optional ones."
        else:
            optional_seen = True
        if kind == _STRING:
            _string_length_problems(option, where, problems)
        choices = option.get("choices") or []
        if choices and option.get("autocomplete"):
            problems[f"{where}.autocomplete"] = "Autocomplete cannot be used with choices."
        if len(choices) > 25:
            problems[f"{where}.choices"] = "Must be 25 or fewer in length."
        for c_index, choice in enumerate(choices):
            names = [choice.get("name") or "", *(choice.get("name_localizations") or {}).values()]
            if any(not 1 <= len(n or "") <= 100 for n in names):
                problems[f"{where}.choices.{c_index}.name"] = "Must be between 1 and 100 in length."
            problem = _choice_value_problem(kind, choice.get("value"))
            if problem:
                problems[f"{where}.choices.{c_index}.value"] = problem


def _string_length_problems(option: Json, where: str, problems: Problems) -> None:
    """A string option's ``min_length`` is 0-6000 and its ``max_length`` 1-6000."""
    for key, low in (("min_length", 0), ("max_length", 1)):
        value = option.get(key)
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            problems[f"{where}.{key}"] = f"NUMBER_TYPE_COERCE: Value {value!r} is not int."
        elif value < low:
            problems[f"{where}.{key}"] = (
                f"NUMBER_TYPE_MIN: int value should be greater than or equal to {low}."
            )
        elif value > MAX_STRING_LENGTH:
            problems[f"{where}.{key}"] = (
                f"NUMBER_TYPE_MAX: int value should be less than or equal to {MAX_STRING_LENGTH}."
            )


def _choice_value_problem(kind: Any, value: Any) -> str | None:
    """A choice's value is of its option's type: a string of at most 100 characters, an
    integer, or a number (a boolean is neither)."""
    if kind == _STRING:
        if not isinstance(value, str):
            return (
                f"STRING_TYPE_CONVERT: A string option's choice value must be a string ({value!r})."
            )
        if len(value) > MAX_CHOICE_VALUE:
            return f"BASE_TYPE_MAX_LENGTH: Must be {MAX_CHOICE_VALUE} or fewer in length."
        return None
    if kind in (_INTEGER, _NUMBER):
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or (kind == _INTEGER and not float(value).is_integer()):
            wanted = "int" if kind == _INTEGER else "a number"
            return f"NUMBER_TYPE_COERCE: Value {value!r} is not {wanted}."
        if abs(value) > MAX_SAFE_INTEGER:
            return f"NUMBER_TYPE_MAX: Value must be within -2^53 and 2^53 (got {value!r})."
    return None


def _localized_name_clashes(options: Sequence[Json], path: str, problems: Problems) -> None:
    """A localized option name must differ from the other options' default names and from
    their names in the same locale (a localization equal to its own default is ignored)."""
    defaults = [str(o.get("name") or "") for o in options]
    localized = [dict(o.get("name_localizations") or {}) for o in options]
    for index, names in enumerate(localized):
        for locale, name in names.items():
            if name == defaults[index]:
                continue
            others = [
                n
                for j in range(len(options))
                if j != index
                for n in (defaults[j], localized[j].get(locale))
            ]
            if name in others:
                problems[f"{path}.{index}.name_localizations.{locale}"] = (
                    f"The localized name {name!r} is another option's name in {locale}."
                )


def _unique_names(items: Sequence[Json], path: str, problems: Problems) -> None:
    seen: set[tuple[str, int]] = set()
    for index, item in enumerate(items):
        key = (str(item.get("name")), int(item.get("type", 1)) if not path else 0)
        if key in seen:
            problems[f"{path}.{index}.name".lstrip(".")] = "Duplicate name."
        seen.add(key)
