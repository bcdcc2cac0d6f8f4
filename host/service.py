"""The application layer between Discord and the engines: load, act, record. No Discord here.

Every change to a game goes through :class:`GameService`, which holds one lock per game (two
presses of the same button in one process queue up; the second then finds the state moved on)
and writes the action and its snapshot in one transaction before anyone is answered. States
are cached by game id together with the sequence number they belong to.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from host.errors import UserError
from host.set_aside import SetAsideGame, SetAsideGames
from rules import get_game
from rules.core import (
    Event,
    Game,
    Outcome,
    Prompt,
    act,
    deciding,
    join,
    reveals,
    tokens,
    turn_owners,
)
from rules.views import View
from store import (
    ActionRow,
    BadRow,
    CachedStore,
    GameRow,
    SeatRow,
    SeqConflict,
    Store,
    StoreError,
    check_game,
    rebuild,
    replay,
    standing,
)

RUNNING = ("running", "paused")
OPEN = ("lobby", "running", "paused")
#: The largest id a game can have (SQLite integers are 64-bit; larger ones are not games).
MAX_GAME_ID = 2**63 - 1

log = logging.getLogger(__name__)


def new_seed() -> int:
    """A fresh random seed for a game being started (tests replace this function, never
    ``secrets`` itself, which discord.py draws message nonces from)."""
    return secrets.randbits(63)


@dataclass
class Loaded:
    """A game as stored: its row, seats, engine and current state (None before start)."""

    row: GameRow
    seats: list[SeatRow]
    engine: Game[Any, View]
    state: Any = None

    @property
    def seq(self) -> int:
        return self.row.seq

    @property
    def handles(self) -> list[str]:
        return [s.handle for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` plays, if any."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int | None:
        """The Discord user playing ``seat``."""
        return next((s.user_id for s in self.seats if s.seat == seat), None)

    def pending(self) -> list[Prompt]:
        return [] if self.state is None else self.engine.pending(self.state)

    def since_of(self, seat: int) -> int:
        """The seq from which ``seat``'s decisions are what they are now: what its pickers
        carry and are checked against (a change elsewhere does not make them stale)."""
        return next((s.since for s in self.seats if s.seat == seat), self.seq)

    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.engine.outcome(self.state)


@dataclass
class ActResult:
    """What an accepted action did: the game after it and what happened."""

    game: Loaded
    action: str
    seat: int
    events: list[Event]
    before: list[Prompt]
    after: list[Prompt] = field(default_factory=list)
    #: The move showed something hidden (``rules.core.reveals``): it cannot be taken back.
    revealed: bool = True

    @property
    def finished(self) -> bool:
        return self.game.outcome() is not None


@dataclass(frozen=True)
class Change:
    """What a recorded change did to a game, for the hooks (timers) that follow prompts.

    ``game`` is the game after the change; ``before`` the seats the game waited for before it
    (:func:`rules.core.deciding`; empty for a start) and ``before_status`` the status then;
    ``actor`` the seat that moved or resigned (None for a start or a note); ``kind`` is
    ``start``, ``move``, ``resign`` or ``note``, ``undo`` or ``rollback``; ``turns_before``
    whose turn it was (:func:`rules.core.turn_owners`).
    """

    game: Loaded
    before: frozenset[int]
    before_status: str
    actor: int | None
    kind: str
    turns_before: frozenset[int] = frozenset()

    @classmethod
    def after(
        cls, game: Loaded, before: Sequence[Prompt], status: str, actor: int | None, kind: str
    ) -> Change:
        """The change to ``game`` from the prompts ``before`` it and the status then."""
        return cls(game, deciding(before), status, actor, kind, turn_owners(before))

    @property
    def by_player(self) -> bool:
        """A player did something (a start, move or resignation), as opposed to a note."""
        return self.kind != "note"


#: Called under the game's lock after every recorded change, so that what it schedules or
#: cancels is in place before anything else can touch the game.
ChangeHook = Callable[[Change], Awaitable[None]]


def cached_store(store: Store) -> Store:
    """The store as one process serves it: the rows read on every press kept in memory
    (:class:`store.CachedStore`)."""
    return CachedStore(store)


class GameService:
    """Loads games, applies actions and records them. One instance per bot."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._states: dict[int, tuple[int, Any]] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._hooks: list[ChangeHook] = []
        #: Games that cannot be loaded (host.set_aside): refused, skipped at start-up.
        self.set_aside = SetAsideGames()
        #: The events of the latest log entries of recently played games (:meth:`events_of`).
        self.told = ToldEvents()

    def on_change(self, hook: ChangeHook) -> None:
        """Call ``hook`` after every start, move, resignation and note (see :class:`Change`)."""
        self._hooks.append(hook)

    async def _changed(self, change: Change) -> None:
        # A failing hook must not turn a recorded move into an error for the player.
        for hook in self._hooks:
            try:
                await hook(change)
            except Exception:
                log.exception("change hook failed for game %s", change.game.row.id)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock serialising changes to one game."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def load(
        self, game_id: int, *, at_least: int | None = None, fresh: bool = False
    ) -> Loaded:
        """The game with its current state; raises UserError(unknown_game), or
        :class:`host.set_aside.GameSetAside` for a game that cannot be loaded.

        ``fresh`` reads it from the database, not from what this process remembers;
        ``at_least`` does so when what it remembers is older than that seq (the caller saw a
        newer one: another process wrote it).
        """
        if fresh:
            self.store.forget_game(game_id)
        loaded = await self._load(game_id)
        if at_least is not None and loaded.seq < at_least:
            self.store.forget_game(game_id)
            loaded = await self._load(game_id)
        if self.set_aside:
            self.set_aside.discard(game_id)  # it loads: repaired since it was set aside
        return loaded

    async def _load(self, game_id: int) -> Loaded:
        if not 0 < game_id <= MAX_GAME_ID:
            raise UserError("unknown_game", game=game_id)
        try:
            row = await self.store.get_game(game_id)
        except BadRow as exc:
            entry = SetAsideGame(game_id, exc.row.guild_id, "row_unreadable")
            raise self.set_aside.add(entry, None) from None
        if row is None:
            raise UserError("unknown_game", game=game_id)
        try:
            engine = get_game(row.game)
        except KeyError:
            entry = SetAsideGame(game_id, row.guild_id, "unknown_game", str(row.game))
            raise self.set_aside.add(entry, f"unknown game {row.game!r}") from None
        loaded = Loaded(row, await self.store.seats(game_id), engine)
        if row.status in ("lobby", "cancelled"):
            return loaded
        cached = self._states.get(game_id)
        if cached is not None and cached[0] == row.seq:
            loaded.state = cached[1]
            return loaded
        try:
            snap = await self.store.snapshot(game_id)
        except BadRow:
            entry = SetAsideGame(game_id, row.guild_id, "snapshot_unreadable")
            raise self.set_aside.add(entry, None) from None
        if snap is None:
            return loaded
        try:
            # What every answer about the game asks first: a snapshot the engine reads but
            # cannot answer this about would fail each of them instead.
            loaded.state = engine.from_json(snap[1])
            engine.pending(loaded.state)
            engine.outcome(loaded.state)
        except Exception as exc:
            entry = SetAsideGame(game_id, row.guild_id, "snapshot_invalid")
            why = f"the {row.game} engine cannot read its snapshot ({type(exc).__name__})"
            raise self.set_aside.add(entry, why) from None
        self._states[game_id] = (snap[0], loaded.state)
        return loaded

    async def start(self, game_id: int, user_id: int, *, moderator: bool) -> Loaded:
        """Start a lobby: seats in join order, a fresh random seed; the engine checks options."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.row.status != "lobby":
                raise UserError("not_in_lobby")
            if user_id != game.row.created_by and not moderator:
                raise UserError("only_creator_starts")
            count = len(game.seats)
            if count < game.engine.min_players:
                raise UserError("not_enough_players", count=count, need=game.engine.min_players)
            seed = new_seed()
            state = game.engine.setup(game.handles, game.row.options, seed)
            row = await self.store.start(
                game_id,
                seed=seed,
                order=[s.user_id for s in game.seats],
                snapshot=game.engine.to_json(state),
            )
            self._states[game_id] = (row.seq, state)
            started = Loaded(row, await self.store.seats(game_id), game.engine, state)
            await self._changed(Change(started, frozenset(), "lobby", None, "start"))
            return started

    async def act(
        self,
        game_id: int,
        user_id: int,
        action: str,
        *,
        expected_seq: int | None = None,
        expected_since: int | None = None,
        note: str | None = None,
        by_host: bool = False,
    ) -> ActResult:
        """Apply ``action`` for the seat ``user_id`` plays and record it.

        ``expected_seq`` is the game's seq the action was chosen at (a bot seat's move);
        ``expected_since`` the seat's :meth:`Loaded.since_of` (a player's picker): the action
        is refused as ``stale`` once the game, or that seat's decisions, moved on. ``note``
        (the bot's own, as :meth:`note` writes it) goes into the log just before the move,
        under the same lock, and only when the move is accepted: a standing answer
        (:mod:`host.standing`). ``by_host``: the host made the move for the player (a
        standing answer), who was not told of the decision: if the seat is still asked, it
        is mentioned now.

        Raises:
            UserError: not a player, game not running, or outdated (``stale``).
            IllegalAction: the engine refused the action (nothing is recorded).
        """
        async with self.lock(game_id):
            newest = max(expected_seq or 0, expected_since or 0)
            game = await self.load(game_id, at_least=newest or None)
            seat = self._playing_seat(game, user_id)
            if expected_seq is not None and expected_seq != game.seq:
                raise UserError("stale")
            if expected_since is not None and expected_since != game.since_of(seat):
                raise UserError("stale")
            text = join(tokens(action))
            before, status = game.pending(), game.row.status
            old_state = game.state
            state, events = act(game.engine, old_state, seat, text)
            if note is not None:
                await self._note_before(game, note)
            await self._record(game, state, seat, user_id, "move", text, tell=by_host)
            self.told.remember(game_id, game.seq, events)
            await self._changed(Change.after(game, before, status, seat, "move"))
            revealed = reveals(game.engine, old_state, state, events)
            return ActResult(game, text, seat, events, before, game.pending(), revealed)

    async def resign(
        self, game_id: int, seat: int, user_id: int | None, *, expected_seq: int | None = None
    ) -> ActResult:
        """``seat`` leaves the game (by their own choice, a moderator's kick or a deadline)."""
        async with self.lock(game_id):
            game = await self.load(game_id, at_least=expected_seq)
            if game.row.status not in RUNNING or game.state is None:
                raise UserError("game_not_running")
            if game.outcome() is not None:
                raise UserError("game_over")
            if expected_seq is not None and expected_seq != game.seq:
                raise UserError("stale")
            before, status = game.pending(), game.row.status
            state, events = game.engine.resign(game.state, seat)
            await self._record(game, state, seat, user_id, "resign", "resign")
            self.told.remember(game_id, game.seq, events)
            await self._changed(Change.after(game, before, status, seat, "resign"))
            return ActResult(game, "resign", seat, events, before, game.pending())

    async def note(
        self,
        game_id: int,
        user_id: int | None,
        text: str,
        *,
        status: str | None = None,
        expected_seq: int | None = None,
        announce: bool | None = None,
        together: Callable[[], Awaitable[None]] | None = None,
    ) -> Loaded:
        """Write a note (pause, kick, replace, a passed deadline...) into the game's log.

        ``user_id`` is None for the bot's own notes; with ``expected_seq`` the note is refused
        (``stale``) when the game has moved on since. ``announce`` records that the table post
        must follow (True: a new post, False: an edit), as ``Store.record`` describes.
        ``together`` makes the other writes of the act the note records (a seat given to
        someone else): in the note's transaction, before it, so all are kept or none.
        """
        if status == "ended" and announce is None:
            announce = False  # the table post loses its buttons, the lobby message says so
        async with self.lock(game_id):
            game = await self.load(game_id, at_least=expected_seq)
            if expected_seq is not None and expected_seq != game.seq:
                raise UserError("stale")
            before, old_status = game.pending(), game.row.status
            async with self.store.atomic():
                if together is not None:
                    await together()
                seq = await self.store.record(
                    game_id,
                    expected_seq=game.seq,
                    seat=None,
                    user_id=user_id,
                    kind="note",
                    text=text,
                    snapshot=None,
                    status=status,
                    announce=announce,
                )
            if game.state is not None:
                self._states[game_id] = (seq, game.state)
            noted = await self.load(game_id)
            await self._changed(Change.after(noted, before, old_status, None, "note"))
            return noted

    async def undo(self, game_id: int, user_id: int) -> Loaded:
        """Take back the player's last move, written as the note ``undo <seq>``.

        Refused (UserError) with ``nothing_to_undo``, ``undo_other_acted`` (the last move that
        stands is someone else's, or a resignation) or ``undo_revealed`` (the move showed
        something hidden: a draw, a roll, a hand; see :func:`rules.core.reveals`).
        """
        async with self.lock(game_id):
            game = await self.load(game_id)
            seat = self._playing_seat(game, user_id)
            rows = await self.store.actions(game_id)
            stand = standing(rows)
            if not stand:
                raise UserError("nothing_to_undo")
            last = next(r for r in rows if r.seq == stand[-1])
            if last.kind != "move" or last.seat != seat or last.user_id != user_id:
                raise UserError("undo_other_acted")

            def check_move() -> tuple[Any, bool]:
                # Replaying up to the move gives the state before it and what it did.
                upto = [r for r in rows if r.seq <= last.seq]
                before = rebuild(game.row, game.seats, upto[:-1], engine=game.engine)
                after, events = act(game.engine, before, seat, last.text)
                return before, reveals(game.engine, before, after, events)

            before, revealed = await asyncio.to_thread(check_move)
            if revealed:
                raise UserError("undo_revealed")
            return await self._restore(game, user_id, f"undo {last.seq}", before, "undo")

    async def rollback(self, game_id: int, user_id: int, to_seq: int) -> Loaded:
        """A moderator returns the game to its state after entry ``to_seq`` (note
        ``rollback <seq>``); everything after it is taken back. Raises ``bad_rollback``."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.row.status not in RUNNING or game.state is None:
                raise UserError("game_not_running")
            if not 0 <= to_seq < game.seq:
                raise UserError("bad_rollback", seq=to_seq, last=game.seq)
            rows = await self.store.actions(game_id)
            upto = [r for r in rows if r.seq <= to_seq]
            state = await asyncio.to_thread(rebuild, game.row, game.seats, upto, engine=game.engine)
            return await self._restore(game, user_id, f"rollback {to_seq}", state, "rollback")

    async def _restore(
        self, game: Loaded, user_id: int, text: str, state: Any, kind: str
    ) -> Loaded:
        """Record an undo or rollback note with the state it brings back, then tell the hooks."""
        before, old_status = game.pending(), game.row.status
        try:
            seq = await self.store.record(
                game.row.id,
                expected_seq=game.seq,
                seat=None,
                user_id=user_id,
                kind="note",
                text=text,
                snapshot=game.engine.to_json(state),
                announce=True,
                renew=[s.seat for s in game.seats],
            )
        except SeqConflict as exc:
            self._states.pop(game.row.id, None)
            raise UserError("stale") from exc
        self._states[game.row.id] = (seq, state)
        restored = await self.load(game.row.id)
        await self._changed(Change.after(restored, before, old_status, None, kind))
        return restored

    async def history(self, game_id: int) -> list[tuple[ActionRow, list[Event]]]:
        """Every log entry with the events it caused, by replaying the game from its seed.

        The store keeps action texts only; replaying gives each reader exactly the events they
        may see (a drafted card or a returned hand stays private) in their own language.
        """
        game = await self.load(game_id)
        rows = await self.store.actions(game_id)
        if game.row.seed is None:
            return [(row, []) for row in rows]

        def events_of_each() -> list[tuple[ActionRow, list[Event]]]:
            steps = replay(game.row, game.seats, rows, engine=game.engine)
            return [(row, events) for row, _, events in steps]

        return await asyncio.to_thread(events_of_each)

    async def events_of(
        self, game_id: int, rows: Sequence[ActionRow]
    ) -> list[tuple[ActionRow, list[Event]]]:
        """``rows`` (log entries of the game) each with the events it caused: as remembered
        when this process recorded them (an entry never changes once written), else from a
        replay of the whole log (:meth:`history`), which is remembered in turn."""
        found = self.told.recall(game_id, [row.seq for row in rows])
        if found is None:
            by_seq = {row.seq: events for row, events in await self.history(game_id)}
            found = [tuple(by_seq.get(row.seq, ())) for row in rows]
            latest = slice(-ToldEvents.PER_GAME, None)
            for row, events in zip(rows[latest], found[latest], strict=True):
                self.told.remember(game_id, row.seq, events)
        return [(row, list(events)) for row, events in zip(rows, found, strict=True)]

    async def verify(self, game_id: int) -> bool:
        """True when replaying the game's log gives exactly its stored snapshot."""
        game = await self.load(game_id)
        return await check_game(self.store, game.row) is None

    async def games_of(self, guild_id: int, user_id: int, statuses: Sequence[str]) -> list[GameRow]:
        """Games in ``guild_id`` with one of ``statuses`` where ``user_id`` holds a seat."""
        return await self.store.games_of_user(guild_id, user_id, statuses)

    async def game_in_channel(self, guild_id: int, channel_id: int) -> GameRow | None:
        """The game whose thread is ``channel_id``, if any."""
        row = await self.store.game_by_thread(channel_id)
        return row if row is not None and row.guild_id == guild_id else None

    def _playing_seat(self, game: Loaded, user_id: int) -> int:
        if game.row.status == "paused":
            raise UserError("game_paused")
        if game.row.status != "running" or game.state is None:
            raise UserError("game_not_running")
        seat = game.seat_of(user_id)
        if seat is None:
            raise UserError("not_a_player")
        return seat

    async def _note_before(self, game: Loaded, text: str) -> None:
        """Record the bot's note ``text`` before a move that follows at once (the caller holds
        the game's lock); ``game`` is brought to the note's seq."""
        try:
            seq = await self.store.record(
                game.row.id,
                expected_seq=game.seq,
                seat=None,
                user_id=None,
                kind="note",
                text=text,
                snapshot=None,
            )
        except SeqConflict as exc:
            self._states.pop(game.row.id, None)
            raise UserError("stale") from exc
        if game.state is not None:
            self._states[game.row.id] = (seq, game.state)
        refreshed = await self.store.get_game(game.row.id)
        assert refreshed is not None
        game.row = refreshed

    async def _record(
        self,
        game: Loaded,
        state: Any,
        seat: int,
        user_id: int | None,
        kind: str,
        text: str,
        *,
        tell: bool = False,
    ) -> None:
        finished = game.engine.outcome(state) is not None
        before, after = game.pending(), game.engine.pending(state)
        # A new table post (which mentions them) when the turn passes, else an edit, with a
        # mention of its own for whoever a nested decision now waits for; a game without turn
        # owners passes the turn whenever other seats must decide. ``tell``: the seat that
        # moved is mentioned too if still asked (it did not see the decision answered).
        moved = turn_owners(before) != turn_owners(after)
        told = deciding(before) - {seat} if tell else deciding(before)
        ping = () if moved or finished else deciding(after) - told
        renew = renewed(before, after, seat, len(game.seats))
        try:
            seq = await self.store.record(
                game.row.id,
                expected_seq=game.seq,
                seat=seat,
                user_id=user_id,
                kind=kind,
                text=text,
                snapshot=game.engine.to_json(state),
                status="finished" if finished else None,
                announce=moved or finished,
                renew=renew,
                ping=ping,
            )
        except SeqConflict as exc:
            self._states.pop(game.row.id, None)
            raise UserError("stale") from exc
        except StoreError as exc:
            raise UserError(exc.code, **exc.params) from exc
        self._states[game.row.id] = (seq, state)
        refreshed = await self.store.get_game(game.row.id)
        assert refreshed is not None
        game.row = refreshed
        # The seats' since moved with the move, as the store now has it.
        game.seats = [replace(s, since=seq) if s.seat in renew else s for s in game.seats]
        game.state = state


class ToldEvents:
    """The events of the latest moves and resignations of recently played games, by game and
    seq: what :meth:`GameService.events_of` answers from without replaying a game. Bounded:
    :attr:`PER_GAME` entries of each of the :attr:`GAMES` games played last."""

    PER_GAME = 200
    GAMES = 500

    def __init__(self) -> None:
        self._games: OrderedDict[int, dict[int, tuple[Event, ...]]] = OrderedDict()

    def remember(self, game_id: int, seq: int, events: Sequence[Event]) -> None:
        """Keep the events of the game's entry ``seq``."""
        kept = self._games.pop(game_id, None) or {}
        kept[seq] = tuple(events)
        if len(kept) > self.PER_GAME:
            for old in sorted(kept)[: len(kept) - self.PER_GAME]:
                del kept[old]
        self._games[game_id] = kept
        while len(self._games) > self.GAMES:
            self._games.popitem(last=False)

    def recall(self, game_id: int, seqs: Sequence[int]) -> list[tuple[Event, ...]] | None:
        """The events of each of ``seqs``, or None unless every one of them is kept."""
        kept = self._games.get(game_id, {})
        if not all(seq in kept for seq in seqs):
            return None
        return [kept[seq] for seq in seqs]


def renewed(before: list[Prompt], after: list[Prompt], actor: int, seats: int) -> list[int]:
    """The seats whose open pickers an action makes stale: the one that acted, and every seat
    whose decisions it changed (asked, no longer asked, asked something else). Another seat's
    answer to a simultaneous prompt leaves a seat's own decision, and its pickers, alone.

    >>> from rules.core import Prompt
    >>> renewed([Prompt(0, "bid"), Prompt(1, "bid")], [Prompt(1, "bid")], 0, 2)
    [0]
    >>> renewed([Prompt(0, "turn")], [Prompt(1, "defend", turn=0)], 0, 3)
    [0, 1]
    """

    def asked(prompts: list[Prompt], seat: int) -> list[tuple[Any, ...]]:
        return sorted(
            (p.key, p.kind, json.dumps(dict(p.params), sort_keys=True), p.must, p.turn)
            for p in prompts
            if p.seat == seat
        )

    return [s for s in range(seats) if s == actor or asked(before, s) != asked(after, s)]
