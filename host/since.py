"""What happened since a player last acted: short sentences for the player asked to act.

When the game asks a player to decide, their private picker opens with what the others did
since that player's last move, one line per move with its results, as that player may read
them (``text.event_lines``, the same sentences ``/log`` shows them: nothing hidden from their
seat appears); a reminder by direct message carries it too. Long gaps keep the latest
:data:`MOVES` lines within :data:`ROOM` characters and say how many earlier moves ``/log``
holds. No Discord here.

**Since when.** The log says it (:func:`window`): the player's last entry at their seat is the
last move or resignation they made there, or an ``undo`` / ``rollback`` note they wrote (they
saw the game then), taken back or not. What follows it and still stands is told, unless the
player made it themselves: other seats' moves and resignations, moves a deadline vote had
the bot play for the player's seat (``vote_skip``), standing answers the host applied for them
(``standing``), and moves the seat's earlier player made
(a substitute learns what their seat did). Moves taken back by an undo or a rollback are not
told: they did not happen. A player who never acted hears everything since the start (the
latest lines of it); the first player of a game, or a player acting twice in a row, hears
nothing. Bot seats never open a picker and are told nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import locales
from host import text
from host.bots import is_bot
from host.service import GameService, Loaded
from rules.core import Event
from store import ActionRow, restore_point, standing

log = logging.getLogger(__name__)

#: Moves told at most; earlier ones are counted ("4 earlier moves: /log").
MOVES = 6
#: Characters the told lines take at most: about 15 lines of a 390 px phone (some 40
#: characters a line), so the picker's buttons stay on the same screen.
ROOM = 600
#: Characters of one move's line at most (a Clash battle tells many results).
LINE = 200
#: Moves of a long gap whose events are looked up (the service remembers more than these);
#: earlier ones are only counted.
LOOKED = 100


@dataclass(frozen=True)
class Summary:
    """The lines to tell (oldest first, the latest moves kept), how many earlier moves were
    left out, and whether the player had acted at all before (else: since the start)."""

    lines: tuple[str, ...] = ()
    more: int = 0
    acted: bool = True

    def __bool__(self) -> bool:
        return bool(self.lines)


def played_for(rows: Sequence[ActionRow], seat: int, handle: str) -> frozenset[int]:
    """The seqs of the moves the bot made for ``seat`` after a deadline vote to skip its turn
    (the note ``vote_skip @handle``, then that seat's moves until any other entry), and the
    standing answers it applied for the seat's player (the note ``standing @handle ...``, then
    that one move: host.standing): the player did not see the game then.

    >>> rows = [ActionRow(1, 1, None, None, "note", "vote_skip @ann", ""),
    ...         ActionRow(1, 2, 0, 5, "move", "x", ""), ActionRow(1, 3, 0, 5, "move", "y", ""),
    ...         ActionRow(1, 4, 1, 6, "move", "z", ""), ActionRow(1, 5, 0, 5, "move", "w", "")]
    >>> sorted(played_for(rows, 0, "ann"))
    [2, 3]
    """
    found: set[int] = set()
    skipping = once = False
    for row in rows:
        if row.kind == "note":
            skipping = row.text == f"vote_skip @{handle}"
            once = row.text.startswith(f"standing @{handle} ")
        elif (skipping or once) and row.kind == "move" and row.seat == seat:
            found.add(row.seq)
            once = False
        else:
            skipping = once = False
    return frozenset(found)


def last_acted(rows: Sequence[ActionRow], seat: int, user_id: int, handle: str) -> int:
    """The seq of the player's last entry at ``seat`` (0: none): a move or resignation they
    made there (not one the bot made for them), or an undo or rollback they wrote."""
    skipped = played_for(rows, seat, handle)
    last = 0
    for row in rows:
        if row.user_id != user_id:
            continue
        own = row.kind in ("move", "resign") and row.seat == seat and row.seq not in skipped
        if own or restore_point(row) is not None:
            last = row.seq
    return last


def window(
    rows: Sequence[ActionRow], seat: int, user_id: int, handle: str
) -> tuple[list[ActionRow], bool]:
    """The entries to tell the player of ``seat`` (``user_id``, ``handle``): the moves and
    resignations that stand after their last entry and that they did not make themselves;
    and whether they had acted at all (else the window starts with the game)."""
    last = last_acted(rows, seat, user_id, handle)
    stand = set(standing(rows))
    skipped = played_for(rows, seat, handle)
    told = [
        row
        for row in rows
        if row.seq > last
        and row.seq in stand
        and (row.seat != seat or row.user_id != user_id or row.seq in skipped)
    ]
    return told, last > 0


def move_line(lang: str, events: Iterable[Event], seat: int) -> str:
    """One move and its results as ``seat`` may read them ("" when nothing of it is theirs to
    read), cut at a word to :data:`LINE` characters."""
    return text.short(" ".join(text.event_lines(lang, events, seat)), LINE)


def summarise(
    lang: str,
    steps: Sequence[tuple[ActionRow, Sequence[Event]]],
    seat: int,
    *,
    acted: bool = True,
    earlier: int = 0,
    moves: int = MOVES,
    room: int = ROOM,
) -> Summary:
    """The lines for the moves of ``steps`` (the window, oldest first, each with its events),
    the latest ``moves`` of them within ``room`` characters, and the count left out (with
    ``earlier`` moves before ``steps`` that were not looked up)."""
    lines = [line for _, events in steps if (line := move_line(lang, events, seat))]
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        if len(kept) == moves or (kept and used + len(line) + 1 > room):
            break
        kept.append(line)
        used += len(line) + 1
    kept.reverse()
    return Summary(tuple(kept), earlier + len(lines) - len(kept), acted)


def summary_text(lang: str, summary: Summary) -> str:
    """The block the picker opens with ("" when there is nothing to tell): a bold header
    (since the player's last move, or since the start), the count of earlier moves left out,
    then a bullet per move (``• @bob played Military.``)."""
    if not summary:
        return ""
    head = "since.header" if summary.acted else "since.header_start"
    lines = [f"🕑 **{locales.t(lang, head)}**"]
    if summary.more:
        lines.append("• " + locales.t(lang, "since.more", count=summary.more))
    lines += [f"• {line}" for line in summary.lines]
    return "\n".join(lines)


async def since_last_move(service: GameService, game: Loaded, seat: int, lang: str) -> str:
    """The block for the player of ``seat`` in ``game`` ("" for a bot seat, a game not
    started, or nothing new): the log read, the events of the window looked up (remembered
    by the service, else replayed) and told from that seat's view.

    Never a reason not to answer the player: a failure (a log that does not replay) is
    logged and the block left out."""
    try:
        return await _since_last_move(service, game, seat, lang)
    except Exception:
        log.exception("game %s: could not tell seat %s what happened", game.row.id, seat)
        return ""


async def _since_last_move(service: GameService, game: Loaded, seat: int, lang: str) -> str:
    user_id = game.user_of(seat)
    if user_id is None or is_bot(user_id) or game.state is None:
        return ""
    rows = await service.store.actions(game.row.id)
    told, acted = window(rows, seat, user_id, game.handles[seat])
    if not told:
        return ""
    earlier = max(0, len(told) - LOOKED)
    steps = await service.events_of(game.row.id, told[earlier:])
    return summary_text(lang, summarise(lang, steps, seat, acted=acted, earlier=earlier))
