"""Bot seats: who they are and how they choose a move (no Discord here).

A seat played by the bot is an ordinary seat whose ``user_id`` is negative (-1, -2, ...,
unique within a game), so no schema change was needed and the log, the store and the engines
treat it like any other seat. Its handle is ``bot``, ``bot2``... when the bot fills a lobby,
or stays the leaving player's handle when the bot takes over a seat.

The bot builds its action token by token from the engine's ``choices``, picking with the
engine's optional ``greedy_choice`` heuristic (uniform otherwise) and a generator seeded by
the game's seed, seq and seat, so the same position always gets the same move.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core import Game, Rng
from rules.selfplay import WalkError, random_action

#: Handle of the first bot in a lobby (the store suffixes ``bot2``, ``bot3``... when taken).
BOT_HANDLE = "bot"


def is_bot(user_id: int | None) -> bool:
    """Whether a seat's user is the bot (bot seats have negative user ids).

    >>> is_bot(-1), is_bot(1234), is_bot(None)
    (True, False, False)
    """
    return user_id is not None and user_id < 0


def next_bot_id(user_ids: Iterable[int]) -> int:
    """A bot user id not used in a game yet: one below the lowest so far.

    >>> next_bot_id([17, 42]), next_bot_id([17, -1, -2])
    (-1, -3)
    """
    return min([0, *user_ids]) - 1


def seat_name(user_id: int | None, handle: str) -> str:
    """How a seat is named in public posts: a mention, or ``🤖 handle`` for the bot.

    >>> seat_name(-1, "bot"), seat_name(5, "alice"), seat_name(None, "carol")
    ('🤖 bot', '<@5>', '@carol')
    """
    if is_bot(user_id):
        return f"🤖 {handle}"
    return f"<@{user_id}>" if user_id is not None else f"@{handle}"


def move_rng(seed: int | None, seq: int, seat: int) -> Rng:
    """The bot's generator for one decision: fixed by the game, its seq and the seat."""
    return Rng(((seed or 0) * 1_000_003 + seq) * 31 + seat)


def choose_action(engine: Game[Any], state: Any, seat: int, rng: Rng) -> str | None:
    """A whole legal action for ``seat`` (the self-play players' walk, greedy where the
    engine has the hook), or None when the engine offers nothing or contradicts itself."""
    try:
        return random_action(engine, state, seat, rng, greedy=True)
    except WalkError:
        return None
