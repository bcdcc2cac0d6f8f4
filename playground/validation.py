"""The limits Discord enforces on messages and command syncs, so the bot meets them here first.

Each checker returns ``{dotted.path: problem}``; empty means valid. The paths follow
Discord's error bodies (``embeds.0.title``), which discord.py prints in ``HTTPException``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

Json = dict[str, Any]
Problems = dict[str, str]

IS_COMPONENTS_V2 = 1 << 15
MAX_COMMANDS = 100
# The locales Discord accepts in name_localizations and description_localizations.
LOCALES = frozenset(
    {
        *("id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt"),
        *("hu", "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el"),
        *("bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"),
    }
)
_COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
_SELECT_TYPES = (3, 5, 6, 7, 8)


def message_problems(body: Json, *, file_count: int, creating: bool) -> Problems:
    """What Discord would reject in a message create or edit body."""
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
        problems["embeds"] = f"Embed size exceeds maximum size of 6000 (got {total})."
    components = body.get("components") or []
    flags = int(body.get("flags") or 0)
    _component_problems(components, v2=bool(flags & IS_COMPONENTS_V2), problems=problems)
    empty = not (content or embeds or components or file_count or body.get("sticker_ids"))
    if creating and empty and not body.get("poll"):
        problems["content"] = "Cannot send an empty message."
    return problems


def _embed_problems(embed: Json, path: str, problems: Problems) -> int:
    limits = {"title": 256, "description": 4096}
    size = 0
    for key, limit in limits.items():
        text = embed.get(key) or ""
        size += len(text)
        if len(text) > limit:
            problems[f"{path}.{key}"] = f"Must be {limit} or fewer in length."
    for key, inner, limit in (("footer", "text", 2048), ("author", "name", 256)):
        text = (embed.get(key) or {}).get(inner) or ""
        size += len(text)
        if len(text) > limit:
            problems[f"{path}.{key}.{inner}"] = f"Must be {limit} or fewer in length."
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems[f"{path}.fields"] = "Must be 25 or fewer in length."
    for index, field in enumerate(fields):
        for key, limit in (("name", 256), ("value", 1024)):
            text = str(field.get(key) or "")
            size += len(text)
            if not text:
                problems[f"{path}.fields.{index}.{key}"] = "This field is required"
            elif len(text) > limit:
                problems[f"{path}.fields.{index}.{key}"] = f"Must be {limit} or fewer in length."
    return size


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
    if kind == 2:
        if len(component.get("label") or "") > 80:
            problems[f"{path}.label"] = "Must be 80 or fewer in length."
        has_url = component.get("style") == 5
        if has_url != (custom_id is None):
            problems[f"{path}"] = "Link buttons need a url and no custom_id; others a custom_id."
    elif kind == 3:
        options = component.get("options") or []
        if not 1 <= len(options) <= 25:
            problems[f"{path}.options"] = "Must be between 1 and 25 in length."
        for index, option in enumerate(options):
            for key in ("label", "value", "description"):
                if len(str(option.get(key) or "")) > 100:
                    problems[f"{path}.options.{index}.{key}"] = "Must be 100 or fewer in length."
    for key in ("components", "component", "accessory"):
        child = component.get(key)
        children = child if isinstance(child, list) else [child] if isinstance(child, dict) else []
        for index, inner in enumerate(children):
            _walk_component(inner, f"{path}.{key}.{index}", seen, problems)


def commands_problems(commands: Sequence[Json]) -> Problems:
    """What Discord would reject in a bulk command overwrite."""
    problems: Problems = {}
    if len([c for c in commands if c.get("type", 1) == 1]) > MAX_COMMANDS:
        problems["_"] = f"At most {MAX_COMMANDS} chat commands."
    _unique_names(commands, "", problems)
    for index, command in enumerate(commands):
        chat = command.get("type", 1) == 1
        _named_problems(command, str(index), problems, described=chat)
        _options_problems(command.get("options") or [], f"{index}.options", problems, parent=0)
    return problems


def _named_problems(item: Json, path: str, problems: Problems, *, described: bool) -> None:
    names = {"": item.get("name") or "", **(item.get("name_localizations") or {})}
    for locale, name in names.items():
        where = f"{path}.name" + (f"_localizations.{locale}" if locale else "")
        if locale and locale not in LOCALES:
            problems[where] = f"Invalid locale {locale!r}."
        elif not _COMMAND_NAME.match(name) or name != name.lower():
            problems[where] = f"Invalid command name {name!r}."
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
        elif not 1 <= len(text) <= 100:
            problems[where] = f"Must be between 1 and 100 in length (got {len(text)})."


def _options_problems(
    options: Sequence[Json], path: str, problems: Problems, *, parent: int
) -> None:
    """Check one option list; ``parent`` is the type of its owner (0 for the command)."""
    if len(options) > 25:
        problems[path] = "Must be 25 or fewer in length."
    _unique_names(options, path, problems)
    optional_seen = False
    for index, option in enumerate(options):
        where = f"{path}.{index}"
        _named_problems(option, where, problems, described=True)
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
        choices = option.get("choices") or []
        if choices and option.get("autocomplete"):
            problems[f"{where}.autocomplete"] = "Autocomplete cannot be used with choices."
        if len(choices) > 25:
            problems[f"{where}.choices"] = "Must be 25 or fewer in length."
        for c_index, choice in enumerate(choices):
            names = [choice.get("name") or "", *(choice.get("name_localizations") or {}).values()]
            if any(not 1 <= len(n) <= 100 for n in names):
                problems[f"{where}.choices.{c_index}.name"] = "Must be between 1 and 100 in length."


def _unique_names(items: Sequence[Json], path: str, problems: Problems) -> None:
    seen: set[tuple[str, int]] = set()
    for index, item in enumerate(items):
        key = (str(item.get("name")), int(item.get("type", 1)) if not path else 0)
        if key in seen:
            problems[f"{path}.{index}.name".lstrip(".")] = "Duplicate name."
        seen.add(key)
