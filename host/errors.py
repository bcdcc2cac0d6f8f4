"""One error path: domain errors carry a locale key and reach the user as an ephemeral sentence."""

from __future__ import annotations

from typing import Any


class UserError(Exception):
    """Something the user asked for cannot be done; ``code`` names ``error.<code>`` in locales."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
