"""A finished game told again as an animated picture, one frame per turn (``/game replay``,
the result post). No Discord here.

The frames are the public table pictures of the states the game went through, taken where a
turn ends (whose turn it is changes, :func:`rules.core.turn_owners`) and at the end; moves
taken back by an undo or a rollback are left out, as in the export. Only games that are over
are replayed (:func:`check_replayable`): the frames are public pictures, but a running game's
replay would only repeat its thread. Drawing is the renderer's (threads or worker processes);
the frames are put together by :func:`render.replay.animate`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from host.export import check_over
from host.rendering import Renderer
from render.replay import animate
from rules.core import Game, turn_owners
from rules.views import View
from store import ActionRow, GameRow, SeatRow, standing
from store.rebuild import replay as replay_log

T = TypeVar("T")

#: At most this many frames: a long game keeps its last turns' pace by skipping evenly.
MAX_FRAMES = 60

#: Told as each frame is drawn: (frames drawn, frames in all).
Progress = Callable[[int, int], Awaitable[None]]


def check_replayable(row: GameRow) -> None:
    """Refuse a game that is not over: UserError(replay_running / replay_not_started)."""
    check_over(row, "replay")


def turn_views(
    engine: Game[Any, View], game: GameRow, seats: Sequence[SeatRow], actions: Sequence[ActionRow]
) -> list[View]:
    """The public views of the game's start, of each state where a turn ended, and of its end."""
    check_replayable(game)
    stand = set(standing(actions))
    kept = [a for a in actions if a.kind != "note" and a.seq in stand]
    views: list[View] = []
    state: Any = None
    owners: frozenset[int] | None = None
    for _, state, _ in replay_log(game, seats, kept, engine=engine):
        now = turn_owners(engine.pending(state))
        if owners is not None and now != owners:
            views.append(engine.view(state, None))
        owners = now
    if state is None:
        return []
    final = engine.view(state, None)
    if not views or views[-1] != final:
        views.append(final)
    return _spread(views, MAX_FRAMES)


def _spread(views: list[T], most: int) -> list[T]:
    """At most ``most`` of ``views``, evenly spread, the last one always kept.

    >>> _spread(list(range(10)), 4)
    [0, 3, 6, 9]
    >>> _spread([1, 2], 4)
    [1, 2]
    """
    if len(views) <= most:
        return views
    step = (len(views) - 1) / (most - 1)
    return [views[round(k * step)] for k in range(most)]


async def replay_picture(
    renderer: Renderer,
    views: Sequence[View],
    lang: str,
    progress: Progress | None = None,
) -> tuple[bytes, str]:
    """The animated picture of ``views`` and its file extension (``webp``)."""
    frames: list[bytes] = []
    for k, view in enumerate(views, start=1):
        frames.append(await renderer.table(view, lang))
        if progress is not None:
            await progress(k, len(views))
    return await renderer.call_slow(animate, frames)
