"""Test kit for the store tests: a tiny counting game engine and games in known shapes.

The counting game stands in for a real engine so that rebuild/check can be tested without
depending on any game package: seats take turns adding 1-3 to a shared total; whoever brings
it to the target wins. The seed picks who starts, so a wrong seed shows up in a replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Choice, Event, Game, IllegalAction, OptionSpec, Outcome, Prompt
from store import GameRow, SqliteStore

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
