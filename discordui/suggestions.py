"""Autocomplete callbacks that always answer.

discord.py logs an exception raised in an autocomplete callback and sends nothing, so the
user's client shows "Loading options failed" and nothing says why; a callback wrapped here
answers with no suggestions instead (and the failure is still logged).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar, cast

log = logging.getLogger(__name__)

Suggest = TypeVar("Suggest", bound=Callable[..., Coroutine[Any, Any, list[Any]]])


def always_answers(fn: Suggest) -> Suggest:
    """``fn`` (``(interaction, current) -> choices``) returning [] where it would raise."""

    @functools.wraps(fn)
    async def wrapper(interaction: Any, current: str) -> list[Any]:
        try:
            return await fn(interaction, current)
        except Exception:
            log.exception("autocomplete %s failed for %.100r", fn.__name__, current)
            return []

    return cast(Suggest, wrapper)
