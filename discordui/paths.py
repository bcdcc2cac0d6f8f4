"""Paths of tokens of any length, through Discord's 100 characters.

A custom id and an autocomplete value hold at most 100 characters, and an action can be
longer. Nothing legal is dropped for that:

- A picker press leads to a :class:`Route`: the tokens chosen so far, whether to submit them,
  and the page of the choices that follow. It travels in the custom id
  (``c:<game>:<seq>:<path>``, ``c:<game>:<seq>:<page>:<path>`` beyond the first page) when that
  fits and the path has no ``:``; otherwise the store keeps it (``Store.store_paths``) and the
  custom id carries its id (``p:<game>:<seq>:<id>``; see ``discordui.components``).
- A ``/move`` suggestion whose action is longer than 100 characters gets the value
  ``#<id>`` of a kept path. ``/move`` expands it before anything else (and so does the next
  autocomplete, when the player types on after it), so every legal move can be picked from the
  suggestions as well as from the picker, and no value is ever cut.

A kept path belongs to one user and one :func:`stamp` of one game: it is refused (as out of
date) for anyone else or once that user's decisions have moved on, and the store deletes it
when the user's next paths in that game are kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from host.errors import UserError
from host.rows import Store
from host.service import Loaded

#: Longest custom id Discord accepts.
CUSTOM_ID_MAX = 100
#: Longest autocomplete value (and option value of a select menu) Discord accepts.
VALUE_MAX = 100
#: The last token of a path that submits what comes before it (the picker's "Done").
SUBMIT = "!"
#: Most digits of a page number in a ``c:`` custom id (a later page is kept in the store).
PAGE_DIGITS = 6
#: A /move suggestion that stands for a kept path (engines never use ``#`` in tokens).
REFERENCE = re.compile(r"#([0-9]{1,18})")


@dataclass(frozen=True)
class Route:
    """Where a picker press leads: the tokens chosen, whether to submit them, the page."""

    parts: tuple[str, ...]
    submit: bool = False
    page: int = 0

    @property
    def path(self) -> str:
        """The tokens as a custom id carries them (`` !`` at the end to submit)."""
        text = " ".join(self.parts)
        return f"{text} {SUBMIT}" if self.submit else text

    @classmethod
    def of(cls, path: str, page: int = 0) -> Route:
        """The route of a custom id's or a kept row's path."""
        parts = path.split()
        submit = bool(parts) and parts[-1] == SUBMIT
        return cls(tuple(parts[:-1] if submit else parts), submit, page)

    def inline_id(self, game_id: int, seq: int) -> str | None:
        """The ``c:`` custom id of this route, or None when it must be kept in the store."""
        page = f"{self.page}:" if self.page else ""
        custom_id = f"c:{game_id}:{seq}:{page}{self.path}"
        short = len(page) <= PAGE_DIGITS + 1
        return custom_id if short and fits(custom_id, self.path) else None


def fits(custom_id: str, path: str) -> bool:
    """Whether a custom id that ends in ``path`` can carry it: within Discord's length, and no
    ``:`` in the path (the custom id templates split at them)."""
    return ":" not in path and len(custom_id) <= CUSTOM_ID_MAX


def stamp(game: Loaded, user_id: int) -> int:
    """What a user's picker carries in its custom ids and is checked against: the ``since``
    of the seat they play (another seat's answer leaves it alone), else the game's seq."""
    seat = game.seat_of(user_id)
    return game.seq if seat is None else game.since_of(seat)


async def keep(
    store: Store, game: Loaded, user_id: int, routes: Sequence[Route]
) -> dict[Route, int]:
    """Store ``routes`` for ``user_id`` at their :func:`stamp`; the id of each."""
    unique = list(dict.fromkeys(routes))
    ids = await store.store_paths(
        game.row.id, stamp(game, user_id), user_id, [(r.path, r.page) for r in unique]
    )
    return dict(zip(unique, ids, strict=True))


async def kept_route(
    store: Store, game_id: int, seq: int, user_id: int, path_id: str
) -> Route | None:
    """The route kept under ``path_id`` for this user and game at ``seq`` (their stamp),
    else None (an id that was never given out, or was given to someone else or for another
    stamp)."""
    if not path_id.isascii() or not path_id.isdigit() or len(path_id) > 18:
        return None
    row = await store.stored_path(int(path_id))
    if row is None or (row.game_id, row.seq, row.user_id) != (game_id, seq, user_id):
        return None
    return Route.of(row.path, row.page)


async def expand(store: Store, game: Loaded, user_id: int, text: str) -> str:
    """``text`` with a leading ``#<id>`` reference replaced by the action it stands for.

    Raises:
        UserError: ``stale_suggestion`` for a reference that is not this user's for the game
            as it is now.
    """
    stripped = text.lstrip()
    head = stripped.split(maxsplit=1)[0] if stripped else ""
    found = REFERENCE.fullmatch(head)
    if found is None:
        return text
    route = await kept_route(store, game.row.id, stamp(game, user_id), user_id, found[1])
    if route is None:
        raise UserError("stale_suggestion")
    # What follows the reference (the next tokens, a space to ask for them) stays as typed.
    return " ".join(route.parts) + stripped[len(head) :]
