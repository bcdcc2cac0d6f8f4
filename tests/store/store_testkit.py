"""Test kit for the store tests: a tiny counting game engine and games in known shapes.

The counting game stands in for a real engine so that rebuild/check can be tested without
depending on any game package: seats take turns adding 1-3 to a shared total; whoever brings
it to the target wins. The seed picks who starts, so a wrong seed shows up in a replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from rules.core import Choice, Event, Game, IllegalAction, OptionSpec, Outcome, Prompt
from store import GameRow, NewTimer, ProcessRow, RatingRow, ResultRow, SqliteStore, rebuild

State = dict[str, Any]


class CountingGame:
    """A complete ``rules.core.Game`` in a few lines; states are plain dicts."""

    name = "counting"
    min_players = 1
    max_players = 4
    options: tuple[OptionSpec, ...] = (
        OptionSpec("target", 10, (5, 10, 20), "counting.option.target"),
    )

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> State:
        return self.setup_position(players, options, seed, {})

    def setup_position(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        seed: int,
        position: Mapping[str, Any],
    ) -> State:
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction("bad_player_count", count=len(players))
        return {
            "version": 1,
            "players": list(players),
            "target": int(options.get("target", 10)),
            "total": int(position.get("total", 0)),
            "turn": seed % len(players),
            "resigned": [],
        }

    def pending(self, state: State) -> list[Prompt]:
        if self.outcome(state) is not None:
            return []
        return [Prompt(state["turn"], "turn")]

    def choices(self, state: State, seat: int, prefix: Sequence[str]) -> list[Choice]:
        if seat != state["turn"] or self.outcome(state) is not None:
            return []
        if not prefix:
            return [Choice("add", "counting.add", complete=False, more=True)]
        if list(prefix) == ["add"]:
            return [Choice(str(n), "counting.amount") for n in (1, 2, 3)]
        return []

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        words = action.split()
        if len(words) != 2 or words[0] != "add" or words[1] not in ("1", "2", "3"):
            raise IllegalAction("unknown_token", allowed=["add 1", "add 2", "add 3"])
        new = {**state, "total": state["total"] + int(words[1]), "turn": self._next(state, seat)}
        return new, [Event("counting.added", {"seat": seat, "amount": int(words[1])})]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {**state, "seat": seat}

    def outcome(self, state: State) -> Outcome | None:
        alive = [i for i in range(len(state["players"])) if i not in state["resigned"]]
        if state["total"] < state["target"] and len(alive) > 1:
            return None
        winner = (state["turn"] - 1) % len(state["players"]) if len(alive) > 1 else alive[0]
        ranks = tuple(1 if i == winner else 2 for i in range(len(state["players"])))
        return Outcome(ranks, tuple(float(r == 1) for r in ranks), "target")

    def to_json(self, state: State) -> dict[str, Any]:
        return dict(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        if data.get("version") != 1:
            raise ValueError("unknown version")
        return dict(data)

    def check_invariants(self, state: State) -> list[str]:
        return [] if state["total"] >= 0 else ["negative total"]

    def resign(self, state: State, seat: int) -> tuple[State, list[Event]]:
        new = {**state, "resigned": [*state["resigned"], seat]}
        if state["turn"] == seat:
            new["turn"] = self._next(new, seat)
        return new, [Event("counting.resigned", {"seat": seat})]

    @staticmethod
    def _next(state: State, seat: int) -> int:
        n = len(state["players"])
        nxt = (seat + 1) % n
        while nxt in state["resigned"] and nxt != seat:
            nxt = (nxt + 1) % n
        return nxt


COUNTING: Game[State] = CountingGame()


def counting_engines(name: str) -> Game[Any]:
    """An engine lookup that knows only the counting game (KeyError otherwise, like rules)."""
    if name != "counting":
        raise KeyError(name)
    return COUNTING


async def make_lobby(
    store: SqliteStore, *, game: str = "counting", seats_wanted: int = 3, guild_id: int = 10
) -> GameRow:
    """A lobby in guild ``guild_id``, created by user 1."""
    return await store.create_game(
        guild_id=guild_id,
        channel_id=20,
        game=game,
        options={"target": 10},
        seats_wanted=seats_wanted,
        created_by=1,
    )


async def start_counting(
    store: SqliteStore, *, seed: int = 4, users: Sequence[int] = (1, 2)
) -> GameRow:
    """A started counting game with ``users`` seated in that order (handles p<user id>)."""
    lobby = await make_lobby(store, seats_wanted=len(users))
    for user in users:
        await store.join(lobby.id, user, f"p{user}")
    handles = [f"p{user}" for user in users]
    state = COUNTING.setup(handles, lobby.options, seed)
    return await store.start(
        lobby.id, seed=seed, order=list(users), snapshot=COUNTING.to_json(state)
    )


async def play(store: SqliteStore, game_id: int, seat: int, action: str) -> int:
    """Apply ``action`` for ``seat`` to the stored snapshot and record it (``finished`` when it
    ends the game); the new seq."""
    game = await store.get_game(game_id)
    stored = await store.snapshot(game_id)
    assert game is not None and stored is not None
    seats = {s.seat: s for s in await store.seats(game_id)}
    state, _ = COUNTING.apply(COUNTING.from_json(stored[1]), seat, action)
    over = COUNTING.outcome(state) is not None
    return await store.record(
        game_id,
        expected_seq=game.seq,
        seat=seat,
        user_id=seats[seat].user_id,
        kind="move",
        text=action,
        snapshot=COUNTING.to_json(state),
        status="finished" if over else None,
        announce=True,
        renew=[state["turn"]],
    )


@dataclass(frozen=True)
class Filled:
    """The ids of what :func:`fill` made."""

    running: int
    finished: int
    paused: int
    lobby: int
    cancelled: int


async def fill(store: SqliteStore) -> Filled:
    """A database as a server leaves it after a while: a running game with moves, a note, an
    undo, timers, a deadline, a vacation and long picker paths; a finished game with its
    results and ratings; a paused one; a lobby with an invitation; a cancelled lobby; and
    settings of the bot, a guild, a user and a game, a vote and a process."""
    now = datetime.now(UTC)
    running = await start_counting(store, seed=7, users=(1, 2, 3))
    turn = 7 % 3
    for amount in ("1", "2", "1"):
        await play(store, running.id, turn, f"add {amount}")
        turn = (turn + 1) % 3
    # Seat 0's move taken back, as an undo is written: the note with the state it restores.
    game = await store.get_game(running.id) or running
    seats = await store.seats(running.id)
    restored = rebuild(game, seats, (await store.actions(running.id))[:2], engine=COUNTING)
    turn = restored["turn"]
    seq = await store.record(
        running.id,
        expected_seq=game.seq,
        seat=None,
        user_id=1,
        kind="note",
        text="undo 3",
        snapshot=COUNTING.to_json(restored),
        announce=True,
        renew=[0, 1, 2],
    )
    await store.replace_timers(
        running.id,
        add=[
            NewTimer(running.id, "reminder", now + timedelta(hours=8), seat=turn, seq=seq),
            NewTimer(
                running.id,
                "deadline",
                now + timedelta(days=1),
                seat=turn,
                seq=seq,
                payload={"policy": "vote"},
            ),
        ],
        seq=seq,
    )
    await store.set_deadline(running.id, 86400, "vote")
    await store.take_vacation(running.id, 2, seat=1, seconds=3600, allowance=7 * 86400, now=now)
    await store.store_paths(running.id, seq, 1, [("add " + "x" * 120, 0), ("add 1 !", 1)])
    await store.set_game_setting(running.id, "images", "turn")
    await store.cast_vote(f"{running.id}:{seq}:end", 2, "end")

    finished = await start_counting(store, seed=4, users=(4, 5))
    seat = 4 % 2
    while (await store.get_game(finished.id) or finished).status == "running":
        await play(store, finished.id, seat, "add 3")
        seat = 1 - seat
    final = await store.snapshot(finished.id)
    assert final is not None
    outcome = COUNTING.outcome(COUNTING.from_json(final[1]))
    assert outcome is not None
    results = [
        ResultRow(
            finished.id,
            user,
            finished.guild_id,
            "counting",
            s,
            outcome.ranks[s],
            outcome.scores[s],
            outcome.ranks[s] == 1,
            True,
        )
        for s, user in enumerate((4, 5))
    ]
    ratings = [
        RatingRow(r.guild_id, "counting", r.user_id, 25.0 + r.score, 8.0, 1, int(r.won))
        for r in results
    ]
    await store.record_results(results, ratings)

    paused = await start_counting(store, seed=1, users=(6, 1))
    await play(store, paused.id, 1, "add 2")
    await store.record(
        paused.id,
        expected_seq=1,
        seat=None,
        user_id=6,
        kind="note",
        text="pause",
        snapshot=None,
        status="paused",
    )

    # Discord ids as the bot keeps them: a lobby post, then a thread and a table post.
    for game_id in (running.id, finished.id, paused.id):
        await store.update_game(
            game_id,
            lobby_message_id=1000 + game_id,
            thread_id=1000 + game_id,
            table_message_id=2000 + game_id,
        )
    lobby = await make_lobby(store, seats_wanted=3)
    await store.join(lobby.id, 1, "p1")
    await store.join(lobby.id, 7, "p7")
    await store.invite(lobby.id, 8, invited_by=1)
    await store.update_game(lobby.id, lobby_message_id=555)
    cancelled = await make_lobby(store, seats_wanted=2)
    await store.update_game(cancelled.id, status="cancelled")

    await store.set_bot_setting("commands_hash", "abc")
    await store.set_guild_setting(10, "language", "hu")
    await store.set_user_setting(2, "reminder", 3600)
    await store.beat(ProcessRow("p-1", None, None, now, now + timedelta(minutes=1)))
    return Filled(running.id, finished.id, paused.id, lobby.id, cancelled.id)
