"""Replay a game from its action log, and compare the replay with the stored snapshot.

The log is the source of truth: a game is its engine, handles in seat order, options, seed and
the actions applied. :func:`rebuild` turns that back into a state; :func:`check` tells whether
every started game's snapshot still equals its replay (``python -m store check``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules import get_game
from rules.core import Event, Game, IllegalAction, act
from store.base import GAME_STATUSES, ActionRow, BadRow, GameRow, SeatRow
from store.protocols import Store

__all__ = [
    "EngineLookup",
    "Mismatch",
    "ReplayError",
    "check",
    "check_game",
    "first_difference",
    "rebuild",
    "replay",
    "restore_point",
    "standing",
    "taken_back",
]

#: Finds the engine for a game name (``rules.get_game`` unless a test injects another).
EngineLookup = Callable[[str], Game[Any]]


class ReplayError(Exception):
    """The log does not replay: the action at ``seq`` (0 = setup) was refused or crashed.

    The message names the error code or exception type only, never the state, so it is safe
    to print; the original exception is chained.
    """

    def __init__(self, game_id: int, seq: int, reason: str) -> None:
        super().__init__(f"game {game_id} seq {seq}: {reason}")
        self.game_id = game_id
        self.seq = seq
        self.reason = reason


@dataclass(frozen=True)
class Mismatch:
    """A started game whose stored snapshot is not what its log replays to.

    ``key`` is the first differing path in the snapshot (``seats.1.hand``), or ``<snapshot>``
    (missing, unreadable or older than a move), ``<log>`` (an entry cannot be read back),
    ``<engine>`` (unknown game) or ``<replay>`` (the log does not replay); ``seq`` is the
    stored snapshot's seq, if any.
    """

    game_id: int
    seq: int | None
    key: str
    reason: str

    def __str__(self) -> str:
        return f"mismatch at {self.key}: {self.reason}"


def _setup(
    game: GameRow, seats: Sequence[SeatRow], engine: Game[Any] | None
) -> tuple[Game[Any], Any]:
    if game.seed is None:
        raise ReplayError(game.id, 0, "the game has not started")
    engine = engine if engine is not None else get_game(game.game)
    handles = [s.handle for s in sorted(seats, key=lambda s: s.seat)]
    try:
        return engine, engine.setup(handles, game.options, game.seed)
    except Exception as exc:
        raise ReplayError(game.id, 0, f"setup failed: {_describe(exc)}") from exc


def restore_point(action: ActionRow) -> int | None:
    """The seq whose state a note brings back, or None for any other entry.

    ``undo N`` (a player taking back entries N and later) returns the game to the state after
    N - 1; ``rollback S`` (a moderator) to the state after S. Both are notes, so the log only
    ever grows: what was taken back stays readable and the replay still equals the snapshot.

    >>> restore_point(ActionRow(1, 7, None, 5, "note", "undo 4", ""))
    3
    >>> restore_point(ActionRow(1, 7, None, 5, "note", "rollback 2", ""))
    2
    >>> restore_point(ActionRow(1, 7, None, 5, "note", "pause", "")) is None
    True
    """
    if action.kind != "note":
        return None
    verb, _, arg = action.text.partition(" ")
    if verb not in ("undo", "rollback") or not arg.strip().isdigit():
        return None
    return int(arg) - 1 if verb == "undo" else int(arg)


def standing(actions: Sequence[ActionRow]) -> list[int]:
    """The seqs of the moves and resignations that stand (not taken back), in log order."""
    # A linked list per seq (last seq, rest) keeps every earlier standing list in O(1).
    Node = tuple[int, Any] | None
    at: dict[int, Node] = {0: None}
    node: Node = None
    for action in actions:
        target = restore_point(action)
        if target is not None:
            node = at.get(target)
        elif action.kind != "note":
            node = (action.seq, node)
        at[action.seq] = node
    seqs = []
    while node is not None:
        seqs.append(node[0])
        node = node[1]
    return seqs[::-1]


def taken_back(actions: Sequence[ActionRow]) -> frozenset[int]:
    """The seqs of the moves and resignations a later undo or rollback took back."""
    stand = set(standing(actions))
    return frozenset(a.seq for a in actions if a.kind != "note" and a.seq not in stand)


def replay(
    game: GameRow,
    seats: Sequence[SeatRow],
    actions: Sequence[ActionRow],
    *,
    engine: Game[Any] | None = None,
) -> Iterator[tuple[ActionRow, Any, list[Event]]]:
    """Each log entry with the state after it and the events it caused.

    ``move`` goes through ``rules.core.act``, ``resign`` through ``engine.resign``, a note
    ``undo N`` / ``rollback S`` brings back an earlier state (:func:`restore_point`), and any
    other ``note`` changes nothing (no events).

    Raises:
        ReplayError: the game has not started, an action is refused by the engine, or an undo
            names a seq that is not before it.
    """
    engine, state = _setup(game, seats, engine)
    # States are never changed in place (``apply`` returns a new one), so keeping them is safe.
    states: dict[int, Any] = {0: state}
    for action in actions:
        events: list[Event] = []
        target = restore_point(action)
        if target is not None:
            if target not in states:
                raise ReplayError(game.id, action.seq, f"{action.text}: no such earlier entry")
            state = states[target]
        elif action.kind != "note":
            if action.seat is None:
                raise ReplayError(game.id, action.seq, f"{action.kind} without a seat")
            try:
                if action.kind == "move":
                    state, events = act(engine, state, action.seat, action.text)
                elif action.kind == "resign":
                    state, events = engine.resign(state, action.seat)
                else:
                    raise ValueError(f"unknown action kind {action.kind!r}")
            except Exception as exc:
                reason = f"{action.kind}: {_describe(exc)}"
                raise ReplayError(game.id, action.seq, reason) from exc
        states[action.seq] = state
        yield action, state, events


def rebuild(
    game: GameRow,
    seats: Sequence[SeatRow],
    actions: Sequence[ActionRow],
    *,
    engine: Game[Any] | None = None,
) -> Any:
    """The state ``actions`` lead to from the game's setup (pass a prefix to stop early).

    Raises:
        ReplayError: the game has not started, or an action is refused by the engine.
    """
    engine, state = _setup(game, seats, engine)
    for step in replay(game, seats, actions, engine=engine):
        state = step[1]
    return state


async def check_game(
    store: Store, game: GameRow, *, engines: EngineLookup = get_game
) -> Mismatch | None:
    """None when ``game``'s stored snapshot equals the replay of its log."""
    try:
        stored = await store.snapshot(game.id)
    except BadRow as exc:
        return Mismatch(game.id, None, "<snapshot>", f"unreadable ({exc})")
    if stored is None:
        return Mismatch(game.id, None, "<snapshot>", "no snapshot stored")
    snap_seq, snap = stored
    try:
        actions = await store.actions(game.id)
    except BadRow as exc:
        return Mismatch(game.id, snap_seq, "<log>", f"unreadable ({exc})")
    late = next((a for a in actions if a.seq > snap_seq and a.kind != "note"), None)
    if late is not None:
        reason = f"older than the {late.kind} at seq {late.seq}"
        return Mismatch(game.id, snap_seq, "<snapshot>", reason)
    try:
        engine = engines(game.game)
    except KeyError:
        return Mismatch(game.id, snap_seq, "<engine>", f"unknown game {game.game!r}")
    try:
        state = rebuild(game, await store.seats(game.id), actions, engine=engine)
    except ReplayError as exc:
        return Mismatch(game.id, snap_seq, "<replay>", f"seq {exc.seq}: {exc.reason}")
    replayed = engine.to_json(state)
    try:
        read = engine.to_json(engine.from_json(snap))
    except Exception as exc:
        reason = f"unreadable ({type(exc).__name__})"
        return Mismatch(game.id, snap_seq, "<snapshot>", reason)
    if snap.get("version") != replayed.get("version"):
        # Written by an older version (the next move writes the current one): compared as
        # the engine reads it now, upgraded.
        snap = read
    else:
        # Written before a field of the same version existed (a rules option added since):
        # the field is compared as the engine reads it, its default; the rest as stored.
        snap = with_defaults(_plain(snap), _plain(read))
    diff = first_difference(_plain(replayed), _plain(snap))
    return None if diff is None else Mismatch(game.id, snap_seq, diff[0], diff[1])


async def check(store: Store, *, engines: EngineLookup = get_game) -> list[Mismatch]:
    """Every started game whose snapshot differs from its replay, in game id order."""
    mismatches = []
    for game in await store.games_with_status(GAME_STATUSES):
        if game.seed is None:
            continue
        mismatch = await check_game(store, game, engines=engines)
        if mismatch is not None:
            mismatches.append(mismatch)
    return mismatches


def with_defaults(stored: Any, read: Any) -> Any:
    """``stored`` with each key it lacks taken from ``read`` (the same snapshot as the engine
    reads it), at any depth; what it holds stays as it is, keys ``read`` lacks included.

    >>> with_defaults({"a": 1, "b": {"c": 2}}, {"a": 9, "b": {"c": 2, "d": 0}, "e": None})
    {'a': 1, 'b': {'c': 2, 'd': 0}, 'e': None}
    """
    if isinstance(stored, dict) and isinstance(read, dict):
        out = {k: with_defaults(v, read[k]) if k in read else v for k, v in stored.items()}
        return {**out, **{k: v for k, v in read.items() if k not in stored}}
    if isinstance(stored, list) and isinstance(read, list) and len(stored) == len(read):
        return [with_defaults(s, r) for s, r in zip(stored, read, strict=True)]
    return stored


def first_difference(replayed: Any, stored: Any, path: str = "") -> tuple[str, str] | None:
    """The first path (``seats.1.hand``) where two JSON values differ, and how; None if equal.

    Reasons name only what differs (presence, length, value), never the values, so that a
    check report cannot reveal a hidden hand.
    """
    here = path or "<root>"
    if isinstance(replayed, dict) and isinstance(stored, dict):
        for key in [*replayed, *(k for k in stored if k not in replayed)]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in stored:
                return sub, "missing in the snapshot"
            if key not in replayed:
                return sub, "missing in the replay"
            found = first_difference(replayed[key], stored[key], sub)
            if found is not None:
                return found
        return None
    if isinstance(replayed, list) and isinstance(stored, list):
        for i, (a, b) in enumerate(zip(replayed, stored, strict=False)):
            found = first_difference(a, b, f"{path}.{i}" if path else str(i))
            if found is not None:
                return found
        if len(replayed) != len(stored):
            return here, f"length {len(replayed)} in the replay, {len(stored)} in the snapshot"
        return None
    # type() as well: JSON keeps 1, 1.0 and true apart even though Python's == does not.
    if type(replayed) is not type(stored) or replayed != stored:
        return here, "value differs"
    return None


def _plain(value: Any) -> Any:
    """The value as it reads back from JSON (tuples become lists, int keys strings)."""
    return json.loads(json.dumps(value))


def _describe(exc: Exception) -> str:
    if isinstance(exc, IllegalAction):
        return f"refused ({exc.code})"
    return type(exc).__name__
