"""Table posts that show a move an undo or a rollback took back. No Discord here.

Every table post in a game's thread lists the game's recent events and whoever must act then.
When ``/undo`` (or a moderator's ``/mod rollback``) takes moves back, the posts that listed
them would go on telling a move that no longer stands. So the thread's recent table posts are
remembered per game (the game setting :data:`TABLE_POSTS`: each post's message id and the seq
it was posted at) and, after a restore, :func:`taken_back_posts` says which of them show a move
taken back, with the state each showed and which of its recent events those moves caused; the
Discord layer edits them (``discordui.restores``).

A post shows the game as it was up to the next post (an edit keeps a post up to date while
the turn stays with the same seats); the newest one, as it was before the restore. Which
moves it listed is what stood then (:func:`store.standing` of the log up to that seq); those
that do not stand now are the ones taken back, so a second undo, or a rollback over several
turns, marks every remembered post it concerns, each as a whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core import Event, Game
from store import ActionRow, GameRow, SeatRow, Store, replay, standing

#: The game setting holding the recent table posts: ``[[message id, seq posted at], ...]``.
TABLE_POSTS = "table_posts"
#: How many table posts are remembered: an undo reaches the newest one or two, a rollback a
#: few turns; a post older than these is left as it is.
REMEMBERED = 12


@dataclass(frozen=True)
class TakenBack:
    """A table post that shows moves now taken back: the state it showed (``shown``, its
    seq) and, for each event of that state's ``recent``, whether a taken-back move caused it."""

    message_id: int
    shown: int
    state: Any
    struck: tuple[bool, ...]


async def remember_post(store: Store, game_id: int, message_id: int, seq: int) -> None:
    """Note a new table post of the game, posted at ``seq`` (the oldest ones are forgotten)."""
    posts = [p for p in await table_posts(store, game_id) if p[0] != message_id]
    posts.append((message_id, seq))
    await store.set_game_setting(game_id, TABLE_POSTS, [list(p) for p in posts[-REMEMBERED:]])


async def table_posts(store: Store, game_id: int) -> list[tuple[int, int]]:
    """The game's remembered table posts, oldest first: (message id, seq posted at)."""
    stored = (await store.game_settings(game_id)).get(TABLE_POSTS)
    if not isinstance(stored, list):
        return []
    posts = []
    for item in stored:
        if (
            isinstance(item, list)
            and len(item) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in item)
        ):
            posts.append((item[0], item[1]))
    return posts


def shown_seqs(posts: Sequence[tuple[int, int]], restored_at: int) -> list[tuple[int, int]]:
    """Each post with the seq it shows: up to the next post (the entry before the one it was
    posted at), the newest up to the restore (the entry before ``restored_at``).

    >>> shown_seqs([(10, 3), (11, 7)], 9)
    [(10, 6), (11, 8)]
    """
    ends = [seq - 1 for _, seq in posts[1:]] + [restored_at - 1]
    return [(message, end) for (message, _), end in zip(posts, ends, strict=True)]


def taken_back_posts(
    engine: Game[Any, Any],
    row: GameRow,
    seats: Sequence[SeatRow],
    actions: Sequence[ActionRow],
    posts: Sequence[tuple[int, int]],
) -> list[TakenBack]:
    """The posts (message id, seq shown) that show a move the log no longer stands by, each
    with the state it showed and the events of its ``recent`` those moves caused (replays
    the log: call it off the event loop)."""
    now = set(standing(actions))
    wanted = {shown for _, shown in posts}
    states: dict[int, Any] = {}
    events: dict[int, list[Event]] = {}
    for action, state, caused in replay(row, seats, actions, engine=engine):
        events[action.seq] = caused
        if action.seq in wanted:
            states[action.seq] = state
    out = []
    for message_id, shown in posts:
        if shown not in states:
            continue
        stood = standing([a for a in actions if a.seq <= shown])
        if all(seq in now for seq in stood):
            continue
        recent = engine.view(states[shown], None).get("recent", [])
        public = [
            (seq, e.kind) for seq in stood for e in events.get(seq, []) if e.visible_to is None
        ]
        struck = _struck(recent, public, now)
        out.append(TakenBack(message_id, shown, states[shown], struck))
    return out


def _struck(
    recent: Sequence[Any], public: Sequence[tuple[int, str]], now: set[int]
) -> tuple[bool, ...]:
    """For each recent event, whether a move not standing now caused it: the recent events
    are the last public events of the moves that stood (those of the setup before them).
    When they do not line up (an engine keeping its own), nothing is struck."""
    tail = list(public[-len(recent) :]) if recent else []
    older = len(recent) - len(tail)  # the setup's events, before any move
    kinds = [e.get("kind") for e in recent[older:]]
    if kinds != [kind for _, kind in tail]:
        return tuple(False for _ in recent)
    return tuple([False] * older + [seq not in now for seq, _ in tail])
