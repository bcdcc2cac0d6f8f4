"""A game's settings outside the engine's options: the image policy and invite-only.

The rules engine checks only its own ``OptionSpec`` options, which live in the game row and
its snapshot; these belong to the Discord layer and are kept per game by the store
(``Store.game_settings``). An absent key means the default.
"""

from __future__ import annotations

from typing import Any

import locales
from store import Store

#: ``every``: a fresh table picture after every action; ``turn``: only when the prompt moves.
IMAGE_POLICIES = ("every", "turn")
DEFAULT_IMAGE_POLICY = "every"

IMAGES = "images"
INVITE_ONLY = "invite_only"


async def image_policy(store: Store, game_id: int) -> str:
    """The game's image policy (``every`` unless set otherwise)."""
    chosen = (await store.game_settings(game_id)).get(IMAGES)
    return chosen if chosen in IMAGE_POLICIES else DEFAULT_IMAGE_POLICY


async def is_invite_only(store: Store, game_id: int) -> bool:
    """Whether only invited users may join (and follow) the game."""
    return bool((await store.game_settings(game_id)).get(INVITE_ONLY, False))


def settings_lines(lang: str, settings: dict[str, Any], invited: list[int]) -> list[str]:
    """Lines for the lobby message: the image policy, and who is invited to a private game.

    >>> settings_lines("en", {"images": "turn"}, [])
    ['Table pictures: when a turn ends']
    """
    policy = settings.get(IMAGES, DEFAULT_IMAGE_POLICY)
    lines = [locales.t(lang, "lobby.images", policy=policy)]
    if settings.get(INVITE_ONLY):
        people = [f"<@{user_id}>" for user_id in invited] or ["–"]
        lines.append(locales.t(lang, "lobby.invite_only", invited=people))
    return lines
