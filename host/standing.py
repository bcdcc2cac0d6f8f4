"""Standing answers: decisions a player answers in advance (docs/async-play.md).

An engine with the hook :class:`rules.engine.HasStanding` offers, for some of its prompts,
answers with a safe default (Clash: keep my size-1 cities). A player switches one on for one
game (the picker's "Always" button) and off again (``/settings`` in the game's thread); it is
kept in the game's settings (``Store.game_settings``) under :data:`SETTING`, as
``{"<user id>": ["keep_cities", ...]}``: per game and player, so a substitute who takes the seat
over starts with none. When a prompt with an answer the seat's player switched on waits, the
host applies it (``discordui.autoplay``) as that player's own move, with a note
``standing @<handle> <label key>`` just before it in the log.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from host.bots import is_bot
from host.service import Loaded
from rules.core import Prompt, Standing
from rules.engine import HasStanding
from store import ActionRow, Store

#: The game setting holding every player's standing answers.
SETTING = "standing"
#: A key as engines name it (and as custom ids carry it).
KEY = re.compile(r"[a-z_]{1,20}")
#: The log note's verb.
NOTE = "standing"

_locks: dict[int, asyncio.Lock] = {}


@dataclass(frozen=True)
class Due:
    """A standing answer to apply now: ``standing`` for ``seat``, played by ``user_id``."""

    seat: int
    user_id: int
    prompt: Prompt
    standing: Standing

    def note(self, handle: str) -> str:
        """The log note written just before the move."""
        return f"{NOTE} @{handle} {self.standing.label}"


def keys_on(settings: Mapping[str, Any], user_id: int) -> list[str]:
    """The keys ``user_id`` switched on, from a game's settings (malformed entries ignored).

    >>> keys_on({"standing": {"5": ["keep_cities", 3]}}, 5)
    ['keep_cities']
    """
    table = settings.get(SETTING)
    if not isinstance(table, dict):
        return []
    keys = table.get(str(user_id))
    if not isinstance(keys, list):
        return []
    return [k for k in keys if isinstance(k, str) and KEY.fullmatch(k)]


async def switched_on(store: Store, game_id: int, user_id: int) -> list[str]:
    """The standing answers ``user_id`` switched on in the game, in the order they were."""
    return keys_on(await store.game_settings(game_id), user_id)


async def switch(store: Store, game_id: int, user_id: int, key: str, *, on: bool) -> list[str]:
    """Switch ``key`` on or off for ``user_id`` in the game; returns the keys on now."""
    if not KEY.fullmatch(key):
        raise ValueError(f"not a standing answer key: {key!r}")
    lock = _locks.setdefault(game_id, asyncio.Lock())
    async with lock:
        settings = await store.game_settings(game_id)
        raw = settings.get(SETTING)
        table: dict[str, Any] = dict(raw) if isinstance(raw, dict) else {}
        keys = [k for k in keys_on(settings, user_id) if k != key]
        if on:
            keys.append(key)
        if keys:
            table[str(user_id)] = keys
        else:
            table.pop(str(user_id), None)
        await store.set_game_setting(game_id, SETTING, table or None)
        return keys


def catalogue(game: Loaded) -> dict[str, str]:
    """Every standing answer the game may offer: key -> label key (none for a game without
    the hook)."""
    if not isinstance(game.engine, HasStanding):
        return {}
    return dict(game.engine.standing_keys())


def offered(game: Loaded, seat: int) -> list[tuple[Prompt, Standing]]:
    """The standing answers the seat's waiting prompts offer (each key once)."""
    if game.state is None or not isinstance(game.engine, HasStanding):
        return []
    found: dict[str, tuple[Prompt, Standing]] = {}
    for prompt in game.pending():
        if prompt.seat != seat:
            continue
        for answer in game.engine.standing_answers(game.state, prompt):
            found.setdefault(answer.key, (prompt, answer))
    return list(found.values())


def due(game: Loaded, settings: Mapping[str, Any]) -> Due | None:
    """The first standing answer to apply now: a human seat (in seat order) whose waiting
    prompt has an answer its player switched on; None when there is none (or the game is not
    running)."""
    if game.row.status != "running" or game.state is None or game.outcome() is not None:
        return None
    if not isinstance(game.engine, HasStanding) or not isinstance(settings.get(SETTING), dict):
        return None
    for seat in sorted({p.seat for p in game.pending()}):
        user_id = game.user_of(seat)
        if user_id is None or is_bot(user_id):
            continue
        on = keys_on(settings, user_id)
        if not on:
            continue
        for prompt, answer in offered(game, seat):
            if answer.key in on:
                return Due(seat, user_id, prompt, answer)
    return None


def answered_for(game: Loaded, settings: Mapping[str, Any]) -> frozenset[int]:
    """The human seats the game asks only decisions their players answered in advance (every
    one of their ``must`` prompts has a standing answer switched on): the host answers for
    them at once, so the table post names them without a mention and nobody pings them."""
    if game.state is None or not isinstance(game.engine, HasStanding):
        return frozenset()
    if not isinstance(settings.get(SETTING), dict):
        return frozenset()
    found = set()
    for seat in {p.seat for p in game.pending() if p.must}:
        user_id = game.user_of(seat)
        if user_id is None or is_bot(user_id):
            continue
        on = keys_on(settings, user_id)
        musts = [p for p in game.pending() if p.must and p.seat == seat]
        if on and all(
            any(a.key in on for a in game.engine.standing_answers(game.state, p)) for p in musts
        ):
            found.add(seat)
    return frozenset(found)


def note_parts(arg: str) -> tuple[str, str]:
    """The player and the label key of a ``standing`` note's argument.

    >>> note_parts("@ann clash.standing.keep_cities")
    ('@ann', 'clash.standing.keep_cities')
    """
    player, _, label = arg.partition(" ")
    return player, label


def undone(rows: list[ActionRow]) -> tuple[int, str] | None:
    """The player and key of the standing answer the log's last entry took back (an ``undo``
    of the move a ``standing`` note introduced), else None.

    >>> rows = [
    ...     ActionRow(1, 1, None, None, "note", "standing @ann clash.standing.keep_cities", ""),
    ...     ActionRow(1, 2, 0, 5, "move", "pass", ""),
    ...     ActionRow(1, 3, None, 5, "note", "undo 2", ""),
    ... ]
    >>> undone(rows)
    (5, 'keep_cities')
    >>> undone(rows[:2]) is None
    True
    """
    if not rows or rows[-1].kind != "note":
        return None
    verb, _, arg = rows[-1].text.partition(" ")
    if verb != "undo" or not arg.isdigit():
        return None
    seq = int(arg)
    by_seq = {r.seq: r for r in rows}
    move, note = by_seq.get(seq), by_seq.get(seq - 1)
    if move is None or note is None or move.kind != "move" or move.user_id is None:
        return None
    noted, _, rest = note.text.partition(" ")
    if note.kind != "note" or noted != NOTE:
        return None
    key = note_parts(rest)[1].rpartition(".")[2]
    return (move.user_id, key) if KEY.fullmatch(key) else None


async def turn_off_undone(store: Store, game_id: int) -> str | None:
    """After an undo: a standing answer it took back is switched off for its player (who took
    it back to decide for themselves; else the host would answer again at once). Returns the
    key switched off, if any."""
    found = undone(await store.actions(game_id))
    if found is None:
        return None
    user_id, key = found
    if key not in await switched_on(store, game_id, user_id):
        return None
    await switch(store, game_id, user_id, key, on=False)
    return key
