"""The contract test: every request a bot sent, checked against Discord's documented limits.

The emulator already refuses what Discord would refuse, but a bot may swallow a refusal
(log it and go on), and a test that does not look at that one answer would still pass.
``violations`` re-checks every recorded request with the same rules (``validation``), so
a test suite can fail on any of them and name the request and the bot's code that sent it
(``RecordedRequest.origin``, from ``playground.tracing``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from playground.models import RecordedRequest
from playground.validation import (
    CALLBACK_MESSAGE_FLAGS,
    CREATE_MESSAGE_FLAGS,
    DEFERRED_CALLBACK_FLAGS,
    EDIT_MESSAGE_FLAGS,
    FOLLOWUP_FLAGS,
    Problems,
    autocomplete_problems,
    commands_problems,
    files_problems,
    flags_problems,
    message_problems,
    modal_problems,
    thread_problems,
)

Json = dict[str, Any]
Checker = Callable[[RecordedRequest, Json], Problems]


def _message(creating: bool, flags_allowed: int | None) -> Checker:
    """A message route; ``flags_allowed`` as in ``message_problems`` (None: not checked)."""

    def check(request: RecordedRequest, body: Json) -> Problems:
        return message_problems(
            body, file_count=len(request.files), creating=creating, flags_allowed=flags_allowed
        )

    return check


def _callback(request: RecordedRequest, body: Json) -> Problems:
    kind, data = body.get("type"), body.get("data") or {}
    if kind in (4, 7):
        found = message_problems(
            data,
            file_count=len(request.files),
            creating=kind == 4,
            flags_allowed=CALLBACK_MESSAGE_FLAGS,
        )
    elif kind == 8:
        found = autocomplete_problems(data)
    elif kind == 9:
        found = modal_problems(data)
    elif kind == 5:
        found = flags_problems(data, DEFERRED_CALLBACK_FLAGS)
    elif kind in (1, 6):
        found = {}
    else:
        found = {"type": f"Unknown callback type {kind!r}."}
    return {f"data.{k}": v for k, v in found.items()}


def _commands(request: RecordedRequest, body: Json) -> Problems:
    commands = request.json
    if not isinstance(commands, list):
        return {"_": "A bulk overwrite is a list of commands."}
    return commands_problems(commands)


def _thread(*, typed: bool) -> Checker:
    """A thread started from a message, or (``typed``) without one."""

    def check(request: RecordedRequest, body: Json) -> Problems:
        return thread_problems(body, creating=True, typed=typed)

    return check


def _channel_edit(request: RecordedRequest, body: Json) -> Problems:
    return thread_problems(body, creating=False) if body else {}


#: (method, path regex) -> what to check. Paths are as recorded (without ``/api/v10``).
RULES: tuple[tuple[str, re.Pattern[str], Checker], ...] = (
    ("POST", re.compile(r"^/channels/\d+/messages$"), _message(True, CREATE_MESSAGE_FLAGS)),
    ("PATCH", re.compile(r"^/channels/\d+/messages/\d+$"), _message(False, None)),
    ("POST", re.compile(r"^/interactions/\d+/[^/]+/callback$"), _callback),
    ("POST", re.compile(r"^/webhooks/\d+/[^/]+$"), _message(True, FOLLOWUP_FLAGS)),
    (
        "PATCH",
        re.compile(r"^/webhooks/\d+/[^/]+/messages/[^/]+$"),
        _message(False, EDIT_MESSAGE_FLAGS),
    ),
    ("PUT", re.compile(r"^/applications/\d+(/guilds/\d+)?/commands$"), _commands),
    ("POST", re.compile(r"^/channels/\d+/threads$"), _thread(typed=True)),
    ("POST", re.compile(r"^/channels/\d+/messages/\d+/threads$"), _thread(typed=False)),
    ("PATCH", re.compile(r"^/channels/\d+$"), _channel_edit),
)


def problems_of(request: RecordedRequest) -> Problems:
    """Everything Discord's limits say against one request (empty: within them)."""
    body = request.json if isinstance(request.json, dict) else {}
    found: Problems = {}
    for method, pattern, check in RULES:
        if request.method == method and pattern.match(request.path):
            found |= check(request, body)
    if request.files:
        found |= files_problems([len(f.data) for f in request.files])
    return found


def violations(recorded: Iterable[RecordedRequest]) -> list[str]:
    """One line per problem: the request, the code that sent it, the field and the rule."""
    lines = []
    for request in recorded:
        for field, problem in problems_of(request).items():
            lines.append(f"{request}: {field}: {problem}")
    return lines
