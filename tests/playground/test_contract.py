"""The contract test's checker: each of Discord's limits, found in a recorded request."""

from __future__ import annotations

from typing import Any

import pytest

from playground.contract import problems_of, violations
from playground.models import RecordedFile, RecordedRequest


def _request(method: str, path: str, body: Any, files: int = 0, size: int = 10) -> RecordedRequest:
    uploads = [RecordedFile(f"files[{i}]", f"f{i}.png", b"x" * size) for i in range(files)]
    return RecordedRequest(method, path, {}, body, uploads, True, origin="cogs/x.py:1 f")


def _button(**extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": "go", **extra}


def _rows(*rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": 1, "components": row} for row in rows]


MESSAGE = "/channels/1/messages"
CALLBACK = "/interactions/1/tok/callback"


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (_request("POST", MESSAGE, {"content": "x" * 2001}), "content"),
        (_request("PATCH", MESSAGE + "/2", {"embeds": [{"title": "t" * 257}]}), "embeds.0.title"),
        (
            _request("POST", MESSAGE, {"embeds": [{"description": "d" * 4000}] * 2}),
            "embeds",
        ),
        (
            _request(
                "POST", MESSAGE, {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}
            ),
            "embeds.0.fields.0.value",
        ),
        (_request("POST", MESSAGE, {"components": _rows(*[[_button()]] * 6)}), "components"),
        (
            _request(
                "POST",
                MESSAGE,
                {"components": _rows([_button(custom_id=str(i)) for i in range(6)])},
            ),
            "components.0.components",
        ),
        (
            _request("POST", MESSAGE, {"components": _rows([_button(custom_id="c" * 101)])}),
            "components.0.components.0.custom_id",
        ),
        (
            _request("POST", MESSAGE, {"components": _rows([_button(label="l" * 81)])}),
            "components.0.components.0.label",
        ),
        (
            _request(
                "POST",
                MESSAGE,
                {"components": _rows([_button(emoji={"name": "🂠"})])},
            ),
            "components.0.components.0.emoji.name",
        ),
        (
            _request(
                "POST",
                MESSAGE,
                {
                    "components": _rows(
                        [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                            }
                        ]
                    )
                },
            ),
            "components.0.components.0.options",
        ),
        (
            _request(
                "POST",
                CALLBACK,
                {"type": 8, "data": {"choices": [{"name": "n", "value": "v"}] * 26}},
            ),
            "data.choices",
        ),
        (
            _request(
                "POST",
                CALLBACK,
                {"type": 8, "data": {"choices": [{"name": "n", "value": "v" * 101}]}},
            ),
            "data.choices.0.value",
        ),
        (
            _request("POST", CALLBACK, {"type": 4, "data": {"content": "x" * 2001}}),
            "data.content",
        ),
        (
            _request("POST", "/webhooks/1/tok", {"content": "x" * 2001}),
            "content",
        ),
        (
            _request("PUT", "/applications/1/commands", [{"name": "Game", "description": "d"}]),
            "0.name",
        ),
        (
            _request("PUT", "/applications/1/commands", [{"name": "g" * 33, "description": "d"}]),
            "0.name",
        ),
        (
            _request(
                "PUT", "/applications/1/commands", [{"name": "game", "description": "d" * 101}]
            ),
            "0.description",
        ),
        (
            _request(
                "PUT",
                "/applications/1/commands",
                [
                    {
                        "name": "game",
                        "description": "d",
                        "options": [
                            {"name": f"o{i}", "description": "d", "type": 3} for i in range(26)
                        ],
                    }
                ],
            ),
            "0.options",
        ),
        (
            _request(
                "PUT",
                "/applications/1/commands",
                [{"name": "game", "description": "d", "description_localizations": {"hu-HU": "x"}}],
            ),
            "0.description_localizations.hu-HU",
        ),
        (
            _request(
                "POST", "/channels/1/messages/2/threads", {"name": "t", "auto_archive_duration": 7}
            ),
            "auto_archive_duration",
        ),
        (_request("POST", MESSAGE, {"content": "x"}, files=11), "files"),
        (
            _request("POST", MESSAGE, {"content": "x"}, files=1, size=10 * 1024 * 1024 + 1),
            "files.0",
        ),
    ],
)
def test_each_limit_is_found_at_its_field(request_: RecordedRequest, field: str) -> None:
    assert field in problems_of(request_), problems_of(request_)


def test_a_request_within_the_limits_has_no_problems() -> None:
    body = {"content": "hi", "components": _rows([_button(emoji={"name": "🃏"})])}
    assert problems_of(_request("POST", MESSAGE, body, files=1)) == {}


def test_a_violation_names_the_request_and_the_code_that_sent_it() -> None:
    [line] = violations([_request("POST", MESSAGE, {"content": "x" * 2001})])
    assert line.startswith("POST /channels/1/messages")
    assert "cogs/x.py:1 f" in line and "content" in line
