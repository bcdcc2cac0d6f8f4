"""Which timers a game should have, kept in step with its prompts (no Discord calls here).

After every recorded change (:class:`host.service.Change`, under the game's lock) the planner
replaces the game's timers in one store transaction:

- a seat the game stops waiting for loses its reminder and deadline;
- a seat the game starts waiting for gets a reminder (after its player's delay) and, if the
  game has one, a deadline, both counted from the end of the player's vacation;
- the seat that acted and is still asked (a turn of several actions) gets a fresh reminder
  but keeps its deadline: the deadline is for the whole turn;
- deadlines follow turns (``Prompt.turn``), not prompts: while a turn waits on another seat's
  nested decision (a defender answering an attack), the turn owner's deadline is *held* with
  the time it had left (``SeatRow.held``) and runs on from there when the decision comes back
  to it, while the other seat has a deadline for its decision; a held deadline is dropped when
  the turn passes;
- a player's move, resignation or a start re-arms the idle-game warning;
- every remaining timer is stamped with the game's new seq, so a handler that finds another
  seq knows the game moved on without it (:func:`current_game`).

Timer kinds: :data:`REMINDER`, :data:`DEADLINE` (per seat), :data:`IDLE_WARNING`,
:data:`IDLE_END` (games nobody plays), :data:`LOBBY_WARNING`, :data:`LOBBY_END` (lobbies
nobody starts).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from host.bots import is_bot
from host.context import Host
from host.prefs import load_prefs
from host.service import Change, Loaded
from host.set_aside import GameSetAside
from host.timing import stored_duration
from rules.core import deciding, turn_owners
from store import GameRow, NewTimer, TimerMatch, TimerRow

REMINDER = "reminder"
DEADLINE = "deadline"
IDLE_WARNING = "idle_warning"
IDLE_END = "idle_end"
LOBBY_WARNING = "lobby_warning"
LOBBY_END = "lobby_end"

#: Timers about one seat's prompt.
SEAT_KINDS = (REMINDER, DEADLINE)
#: Timers that end when a player does something.
IDLE_KINDS = (IDLE_WARNING, IDLE_END, LOBBY_WARNING, LOBBY_END)


def prompted(game: Loaded) -> frozenset[int]:
    """The seats the game waits for now (none unless the game is running): an offer a seat
    may take up (``Prompt.must`` false) gets no reminder and no deadline."""
    if game.row.status != "running" or game.outcome() is not None:
        return frozenset()
    return deciding(game.pending())


def turns(game: Loaded) -> frozenset[int]:
    """Whose turn it is now (none unless the game is running)."""
    if game.row.status != "running" or game.outcome() is not None:
        return frozenset()
    return turn_owners(game.pending())


def is_current(game: Loaded, timer: TimerRow, *, paused_too: bool = False) -> bool:
    """The timer belongs to the game as it is: same seq, running (or paused, if that is
    allowed), and its seat, if any, still asked to act."""
    statuses = ("running", "paused") if paused_too else ("running",)
    if game.row.status not in statuses or game.seq != timer.seq or game.outcome() is not None:
        return False
    return timer.seat is None or timer.seat in prompted(game)


async def current_game(bot: Host, timer: TimerRow, *, paused_too: bool = False) -> Loaded | None:
    """The game, if the due ``timer`` still belongs to it as it is now (:func:`is_current`).

    The row is read again under the game's lock, the lock the planner works under: a change
    and its re-planning are seen together, so a timer that the change cancelled is gone and
    one it kept carries the new seq, even if the dispatcher claimed it meanwhile.
    """
    async with bot.service.lock(timer.game_id):
        fresh = await bot.store.get_timer(timer.id)
        if fresh is None:
            return None
        # From the database: another process may have moved the game on (docs/scaling.md).
        game = await bot.service.load(timer.game_id, fresh=True)
    return game if is_current(game, fresh, paused_too=paused_too) else None


class Planner:
    """Schedules and cancels the timers of games as they change."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def changed(self, change: Change) -> None:
        """The :data:`host.service.ChangeHook`: bring the game's timers in step."""
        game = change.game
        row = game.row
        timers = self.bot.timers
        if row.status not in ("running", "paused") or game.outcome() is not None:
            await timers.replace(row.id, cancel=[TimerMatch()])
            return
        now = self.bot.clock.now()
        asked = prompted(game)
        was_running = change.before_status == "running"
        before = change.before if was_running else frozenset()
        # A turn that goes on through the change (a seat's held deadline belongs to it).
        ongoing = turns(game) & change.turns_before if was_running else frozenset()
        held = {s.seat: s.held for s in game.seats if s.held is not None}
        hold: dict[int, int | None] = {s: None for s in held if s not in ongoing}
        cancel: list[TimerMatch] = []
        add: list[NewTimer] = []
        waiting = sorted((before - asked) & ongoing)
        if waiting:
            hold |= await self.hold(game, waiting, now)
        for seat in sorted(before - asked):
            cancel += [TimerMatch(kind, seat) for kind in SEAT_KINDS]
        if change.actor is not None and change.actor in asked & before:
            cancel.append(TimerMatch(REMINDER, change.actor))
            add += await self.reminder(game, change.actor, now)
        for seat in sorted(asked - before):
            add += await self.reminder(game, seat, now)
            left = held.get(seat) if seat in ongoing else None
            add += await self.deadline(game, seat, now, left=left)
            if left is not None:
                hold[seat] = None
        resumed = change.before_status == "paused" and row.status == "running"
        if change.by_player or resumed:
            cancel += [TimerMatch(kind) for kind in IDLE_KINDS]
            add += self.idle_warning(row, now)
        await timers.replace(row.id, cancel=cancel, add=add, seq=row.seq, hold=hold or None)

    async def hold(self, game: Loaded, seats: list[int], now: datetime) -> dict[int, int | None]:
        """The seconds each of ``seats`` has left on its deadline, held while its turn waits
        on another seat (the time of a vacation is not counted: it starts again after it)."""
        found = {
            t.seat: t.due_at
            for t in await self.bot.store.pending_timers(game.row.id)
            if t.kind == DEADLINE and t.seat in seats
        }
        hold: dict[int, int | None] = {}
        for seat, due in found.items():
            assert seat is not None
            user = game.user_of(seat)
            start = now if user is None else await self.clock_start(game.row.id, user, now)
            hold[seat] = max(0, int((due - start).total_seconds()))
        return hold

    async def reminder(self, game: Loaded, seat: int, now: datetime) -> list[NewTimer]:
        """The reminder for a newly asked seat (none when its player turned them off, or for
        a bot seat: the bot answers by itself)."""
        user = game.user_of(seat)
        if user is None or is_bot(user):
            return []
        prefs = await load_prefs(self.bot.store, user, self.bot.config.reminder_delay)
        if prefs.reminder is None:
            return []
        start = await self.clock_start(game.row.id, user, now)
        return [NewTimer(game.row.id, REMINDER, start + prefs.reminder, seat=seat, seq=game.seq)]

    async def deadline(
        self, game: Loaded, seat: int, now: datetime, *, left: int | None = None
    ) -> list[NewTimer]:
        """The deadline of a newly asked seat, if the game has deadlines (never for a bot
        seat): the whole turn's, or the ``left`` seconds of a held one."""
        rule = await self.bot.store.deadline(game.row.id)
        user = game.user_of(seat)
        if rule is None or user is None or is_bot(user):
            return []
        start = await self.clock_start(game.row.id, user, now)
        whole = stored_duration(rule.turn_seconds, "deadline")
        due = start + (whole if left is None else min(timedelta(seconds=left), whole))
        return [NewTimer(game.row.id, DEADLINE, due, seat=seat, seq=game.seq)]

    async def clock_start(self, game_id: int, user_id: int, now: datetime) -> datetime:
        """When a player's clock starts: now, or the end of their vacation in this game."""
        away = await self.bot.store.vacation(game_id, user_id)
        return max(now, away.until) if away is not None else now

    def idle_warning(self, row: GameRow, now: datetime) -> list[NewTimer]:
        """The warning before a game nobody plays is ended (none when cleanup is off)."""
        idle = self.bot.config.game_cleanup
        if idle is None:
            return []
        due = now + max(idle - self.bot.config.cleanup_warning, timedelta(0))
        return [NewTimer(row.id, IDLE_WARNING, due, seq=row.seq)]

    async def schedule_lobby(self, row: GameRow) -> None:
        """The warning before a lobby nobody starts is closed (none when cleanup is off)."""
        age = self.bot.config.lobby_cleanup
        if age is None:
            return
        due = self.bot.clock.now() + max(age - self.bot.config.cleanup_warning, timedelta(0))
        await self.bot.timers.add(NewTimer(row.id, LOBBY_WARNING, due))

    async def replan_deadlines(self, game_id: int) -> None:
        """After a deadline change: every asked seat's deadline starts again from now, and
        no deadline is held any more (a waiting turn gets the new one when it resumes)."""
        service = self.bot.service
        async with service.lock(game_id):
            game = await service.load(game_id)
            now = self.bot.clock.now()
            add: list[NewTimer] = []
            for seat in sorted(prompted(game)):
                add += await self.deadline(game, seat, now)
            hold: dict[int, int | None] = {s.seat: None for s in game.seats if s.held is not None}
            await self.bot.timers.replace(
                game_id, cancel=[TimerMatch(DEADLINE)], add=add, seq=game.seq, hold=hold or None
            )

    async def reconcile(self) -> None:
        """At start: give timers to games that have none (they were made before timers
        existed, or the bot stopped between recording a move and planning its timers).

        A running game always has an idle-game timer while cleanup is on, so a game without
        one was never planned and is planned as if it had just started. Reminders are not
        added otherwise: one may already have been sent, and none is ever sent twice. Missing
        deadlines are always added. A game that cannot be loaded is set aside and skipped.
        """
        for row in await self.bot.store.games_with_status(("lobby", "running", "paused")):
            if not self.bot.presence.shards.serves(row.guild_id):
                continue  # the process serving that server reconciles it
            try:
                await self._reconcile(row)
            except GameSetAside:
                continue  # logged when it was set aside; /mod check lists it

    async def _reconcile(self, row: GameRow) -> None:
        store = self.bot.store
        pending = await store.pending_timers(row.id)
        kinds = {(t.kind, t.seat) for t in pending}
        if row.status == "lobby":
            await self.bot.service.load(row.id)  # sets aside a lobby of an unknown game
            if not any(kind in (LOBBY_WARNING, LOBBY_END) for kind, _ in kinds):
                await self.schedule_lobby(row)
            return
        async with self.bot.service.lock(row.id):
            game = await self.bot.service.load(row.id)
            if self.bot.config.game_cleanup is not None and not any(
                kind in (IDLE_WARNING, IDLE_END) for kind, _ in kinds
            ):
                status = game.row.status
                await self.changed(Change(game, frozenset(), status, None, "start"))
                return
            now = self.bot.clock.now()
            add: list[NewTimer] = []
            for seat in sorted(prompted(game)):
                if (DEADLINE, seat) not in kinds:
                    add += await self.deadline(game, seat, now)
            if add:
                await self.bot.timers.replace(row.id, add=add)
