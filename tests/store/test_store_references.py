"""``python -m store check`` reports every row a hand edit left pointing at nothing: each test
edits a database the store filled (``store_testkit.fill``) with SQL, as an operator would, and
looks for the line naming it. On SQLite and, with TABLEHOST_TEST_PG_URL, on PostgreSQL; an edit
that a constraint refuses on PostgreSQL (a foreign key, a CHECK) is made on SQLite only, where
a hand can turn them off."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import BACKENDS
from pg_testkit import pg_schema
from store_testkit import Filled, counting_engines, fill

from store import SqliteStore
from store.__main__ import main
from store.connect import open_store
from store.references import _Survey, broken_references


@pytest.fixture(scope="module")
def filled_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Filled]:
    """One filled SQLite file for the module; each test works on a copy."""
    path = tmp_path_factory.mktemp("filled") / "filled.sqlite3"

    async def write() -> Filled:
        store = await SqliteStore.open(path)
        try:
            return await fill(store)
        finally:
            await store.close()

    return path, asyncio.run(write())


@dataclass
class Kit:
    """A filled store, and a hand to edit its rows."""

    backend: str
    store: SqliteStore
    ids: Filled
    path: Path | None

    async def edit(self, sql: str, *params: Any, unguarded: bool = False) -> None:
        """Run ``sql``. ``unguarded``: the edit breaks a constraint of the schema, which a
        hand can turn off on SQLite only (PostgreSQL always enforces them: skipped there)."""
        if self.path is None:
            if unguarded:
                pytest.skip("PostgreSQL enforces this constraint: no hand can write the row")
            async with self.store._transaction() as db:
                await db.execute(sql, params)
            return
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            # A hand in the sqlite3 shell: foreign keys are off unless asked for.
            db.execute(f"PRAGMA ignore_check_constraints = {int(unguarded)}")
            db.execute(sql, params)
        finally:
            db.close()

    async def broken(self) -> list[str]:
        return [str(b) for b in await broken_references(self.store, engines=counting_engines)]


@pytest.fixture(params=BACKENDS)
async def kit(
    request: pytest.FixtureRequest, filled_file: tuple[Path, Filled], tmp_path: Path
) -> AsyncIterator[Kit]:
    if request.param == "sqlite":
        path = tmp_path / "db.sqlite3"
        shutil.copy(filled_file[0], path)
        store = await SqliteStore.open(path)
        yield Kit("sqlite", store, filled_file[1], path)
        await store.close()
        return
    async with pg_schema() as url:
        store = await open_store(url)
        ids = await fill(store)
        yield Kit("postgres", store, ids, None)
        await store.close()


async def test_a_filled_database_has_no_broken_reference(kit: Kit) -> None:
    assert await kit.broken() == []


def test_check_prints_each_broken_reference_and_exits_1(
    filled_file: tuple[Path, Filled], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 2-player game with a seat 7: its replay is fine (the handles keep their order), the
    references are not. Named under the games' lines, exit status 1."""
    path = tmp_path / "db.sqlite3"
    shutil.copy(filled_file[0], path)
    paused = filled_file[1].paused
    with sqlite3.connect(path) as db:
        db.execute("UPDATE seats SET seat = 7 WHERE game_id = ? AND seat = 1", (paused,))
    db.close()
    assert main(["check", str(path)], engines=counting_engines) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3:] == [
        f"game {paused}: log entry 1 (move) is for seat 1, which it lacks",
        f"game {paused}: seat 7 is outside 0..1 (2 players)",
        "2 broken reference(s)",
    ]


# Seats ----------------------------------------------------------------------------------------


async def test_a_seat_outside_the_players(kit: Kit) -> None:
    await kit.edit("UPDATE seats SET seat = 7 WHERE game_id = ? AND seat = 1", kit.ids.paused)
    assert f"game {kit.ids.paused}: seat 7 is outside 0..1 (2 players)" in await kit.broken()


async def test_a_gap_in_a_lobbys_seats(kit: Kit) -> None:
    await kit.edit("UPDATE seats SET seat = 2 WHERE game_id = ? AND seat = 1", kit.ids.lobby)
    assert await kit.broken() == [f"game {kit.ids.lobby}: seat 2 is outside 0..1 (2 seat(s))"]


async def test_seats_that_are_not_the_players_of_the_game(kit: Kit) -> None:
    """A running game of three whose third seat was deleted."""
    await kit.edit("DELETE FROM seats WHERE game_id = ? AND seat = 2", kit.ids.running)
    assert f"game {kit.ids.running}: 2 seat(s), but its game holds 3 players" in (
        await kit.broken()
    )


async def test_a_lobby_with_more_seats_than_it_wants(kit: Kit) -> None:
    await kit.edit("UPDATE games SET seats_wanted = 1 WHERE id = ?", kit.ids.lobby)
    assert await kit.broken() == [f"game {kit.ids.lobby}: 2 seats taken of the 1 it wants"]


async def test_a_seat_whose_decisions_date_from_a_later_seq(kit: Kit) -> None:
    await kit.edit("UPDATE seats SET since = 50 WHERE game_id = ? AND seat = 0", kit.ids.running)
    assert await kit.broken() == [
        f"game {kit.ids.running}: seat 0 dates its decisions from seq 50, past the game's seq 4"
    ]


def survey(games: dict[int, dict[str, Any]], **tables: list[dict[str, Any]]) -> list[str]:
    """The checks on rows given as they are (what no constraint of ours lets a hand write, but
    a database restored from elsewhere may hold)."""
    by_game: dict[str, dict[int, list[Any]]] = {}
    for table in (
        "seats",
        "actions",
        "snapshots",
        "timers",
        "deadlines",
        "vacations",
        "game_settings",
        "invites",
        "results",
        "picker_paths",
    ):
        grouped: dict[int, list[Any]] = {}
        for row in tables.get(table, []):
            grouped.setdefault(row["game_id"], []).append(row)
        by_game[table] = grouped
    found = _Survey(games, by_game, [], {}, counting_engines)
    checks = (found.games(), found.seats(), found.log(), found.orphans())
    return [str(b) for check in checks for b in check]


GAME = {
    "id": 1,
    "guild_id": 10,
    "game": "counting",
    "status": "running",
    "seed": 3,
    "seq": 2,
    "seats_wanted": 2,
    "thread_id": None,
    "lobby_message_id": None,
    "table_message_id": None,
    "announce": None,
    "ping": None,
}


def seat(number: int, user: int) -> dict[str, Any]:
    return {"game_id": 1, "seat": number, "user_id": user, "since": 0}


def move(seq: int, number: int, user: int) -> dict[str, Any]:
    return {"game_id": 1, "seq": seq, "seat": number, "user_id": user, "kind": "move"}


def test_a_seat_held_twice() -> None:
    """The primary key (game_id, seat) keeps this out of our databases."""
    rows = [seat(0, 1), seat(0, 2)]
    assert survey({1: GAME}, seats=rows, actions=[move(1, 0, 1), move(2, 0, 1)]) == [
        "game 1: seat 0 is there 2 times"
    ]


def test_a_log_entry_written_twice() -> None:
    """UNIQUE (game_id, seq) keeps this out of our databases."""
    rows = [move(1, 0, 1), move(2, 1, 2), move(2, 1, 2)]
    assert survey({1: GAME}, seats=[seat(0, 1), seat(1, 2)], actions=rows) == [
        "game 1: log entry 2 is there 2 times"
    ]


# The log --------------------------------------------------------------------------------------


async def test_a_log_entry_for_a_seat_the_game_lacks(kit: Kit) -> None:
    await kit.edit("UPDATE actions SET seat = 5 WHERE game_id = ? AND seq = 1", kit.ids.running)
    assert f"game {kit.ids.running}: log entry 1 (move) is for seat 5, which it lacks" in (
        await kit.broken()
    )


async def test_a_move_without_a_seat(kit: Kit) -> None:
    await kit.edit("UPDATE actions SET seat = NULL WHERE game_id = ? AND seq = 2", kit.ids.running)
    assert await kit.broken() == [f"game {kit.ids.running}: log entry 2 (move) has no seat"]


async def test_a_move_by_the_player_of_another_seat(kit: Kit) -> None:
    """Seat 1 of the running game is user 2's; its first move now says user 3 (seat 2)."""
    await kit.edit("UPDATE actions SET user_id = 3 WHERE game_id = ? AND seq = 1", kit.ids.running)
    assert await kit.broken() == [
        f"game {kit.ids.running}: log entry 1 (a move of seat 1) is by the player of seat 2"
    ]


async def test_a_gap_in_the_log(kit: Kit) -> None:
    await kit.edit("DELETE FROM actions WHERE game_id = ? AND seq IN (2, 3)", kit.ids.running)
    assert await kit.broken() == [f"game {kit.ids.running}: the log has no entry 2-3"]


async def test_a_log_entry_past_the_game(kit: Kit) -> None:
    await kit.edit(
        "INSERT INTO actions (game_id, seq, seat, user_id, kind, text, created_at) "
        "VALUES (?, 9, NULL, NULL, 'note', 'pause', 'then')",
        kit.ids.running,
    )
    assert await kit.broken() == [f"game {kit.ids.running}: log entry 9 is past the game's seq 4"]


async def test_a_log_entry_of_an_unknown_kind(kit: Kit) -> None:
    await kit.edit(
        "UPDATE actions SET kind = 'cheat' WHERE game_id = ? AND seq = 4",
        kit.ids.running,
        unguarded=True,
    )
    assert await kit.broken() == [
        f"game {kit.ids.running}: log entry 4 is of an unknown kind 'cheat'"
    ]


async def test_a_log_in_a_game_that_never_started(kit: Kit) -> None:
    await kit.edit(
        "INSERT INTO actions (game_id, seq, seat, user_id, kind, text, created_at) "
        "VALUES (?, 1, 0, 1, 'move', 'add 1', 'then')",
        kit.ids.lobby,
    )
    assert await kit.broken() == [f"game {kit.ids.lobby}: 1 log entries, but it never started"]


# Snapshots, timers, picker paths, deadlines ---------------------------------------------------


async def test_a_snapshot_past_the_log(kit: Kit) -> None:
    await kit.edit("UPDATE snapshots SET seq = 9 WHERE game_id = ?", kit.ids.running)
    assert await kit.broken() == [
        f"game {kit.ids.running}: its snapshot is of seq 9, past the log (seq 4)"
    ]


async def test_a_snapshot_of_a_lobby(kit: Kit) -> None:
    await kit.edit(
        "INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, 0, '{}', 'then')",
        kit.ids.lobby,
    )
    assert await kit.broken() == [f"game {kit.ids.lobby}: it has a snapshot but never started"]


async def test_a_timer_for_a_seat_the_game_lacks(kit: Kit) -> None:
    await kit.edit("UPDATE timers SET seat = 6 WHERE kind = 'reminder'")
    [line] = await kit.broken()
    assert line.startswith(f"game {kit.ids.running}: timer ")
    assert line.endswith(" (reminder) is for seat 6, which it lacks")


async def test_a_timer_of_a_later_seq(kit: Kit) -> None:
    await kit.edit("UPDATE timers SET seq = 99 WHERE kind = 'deadline'")
    [line] = await kit.broken()
    assert line.endswith(" (deadline) belongs to seq 99, past the game's seq 4")


async def test_a_picker_path_of_a_later_seq(kit: Kit) -> None:
    await kit.edit("UPDATE picker_paths SET seq = 7 WHERE page = 1")
    [line] = await kit.broken()
    assert line.startswith(f"game {kit.ids.running}: picker path ")
    assert line.endswith(" belongs to seq 7, past the game's seq 4")


async def test_an_unknown_deadline_policy(kit: Kit) -> None:
    await kit.edit("UPDATE deadlines SET policy = 'explode' WHERE game_id = ?", kit.ids.running)
    assert await kit.broken() == [
        f"game {kit.ids.running}: its deadline policy 'explode' is none of remind, drop, end, vote"
    ]


@pytest.mark.parametrize(
    ("table", "game"),
    [
        ("seats", "lobby"),
        ("actions", "running"),
        ("snapshots", "paused"),
        ("timers", "running"),
        ("deadlines", "running"),
        ("vacations", "running"),
        ("game_settings", "running"),
        ("invites", "lobby"),
        ("results", "finished"),
        ("picker_paths", "running"),
    ],
)
async def test_rows_of_a_game_that_does_not_exist(kit: Kit, table: str, game: str) -> None:
    """A game's rows moved to a game id nobody has: foreign keys refuse it, unless off."""
    await kit.edit(
        f"UPDATE {table} SET game_id = 99 WHERE game_id = ?",
        getattr(kit.ids, game),
        unguarded=True,
    )
    assert any(
        line.startswith("game 99: ")
        and line.endswith(" row(s), but there is no such game")
        and f" {table} row" in line
        for line in await kit.broken()
    )


async def test_a_row_whose_game_is_not_a_number(kit: Kit) -> None:
    """SQLite keeps text in an INTEGER column that cannot take it as a number."""
    await kit.edit("UPDATE timers SET game_id = 'x' WHERE kind = 'reminder'", unguarded=True)
    assert await kit.broken() == ["timers: 1 row(s) of game 'x', which is not a game id"]


# Games ----------------------------------------------------------------------------------------


async def test_an_unknown_status(kit: Kit) -> None:
    await kit.edit(
        "UPDATE games SET status = 'sleeping' WHERE id = ?", kit.ids.paused, unguarded=True
    )
    assert await kit.broken() == [
        f"game {kit.ids.paused}: status 'sleeping' is none of lobby, running, paused, "
        "finished, cancelled, ended"
    ]


async def test_a_running_game_that_never_started(kit: Kit) -> None:
    await kit.edit("UPDATE games SET status = 'running' WHERE id = ?", kit.ids.cancelled)
    assert await kit.broken() == [
        f"game {kit.ids.cancelled}: it is running but never started (it has no seed)"
    ]


async def test_a_lobby_with_a_seed(kit: Kit) -> None:
    await kit.edit("UPDATE games SET seed = 5 WHERE id = ?", kit.ids.lobby)
    assert await kit.broken() == [
        f"game {kit.ids.lobby}: it is a lobby but has a seed (it started)"
    ]


async def test_a_lobby_of_an_unknown_game(kit: Kit) -> None:
    """A started game's engine is named by its replay; a lobby's by this check."""
    await kit.edit("UPDATE games SET game = 'nosuchgame' WHERE id = ?", kit.ids.lobby)
    assert await kit.broken() == [
        f"game {kit.ids.lobby}: game 'nosuchgame' is unknown to this version"
    ]


@pytest.mark.parametrize(
    ("column", "value", "reason"),
    [
        ("thread_id", 77, "it has a thread (77) but never started"),
        ("table_message_id", 78, "it has a table post (78) but never started"),
        ("announce", 1, "it has an announcement pending but never started"),
    ],
)
async def test_what_only_a_started_game_has_on_a_lobby(
    kit: Kit, column: str, value: int, reason: str
) -> None:
    await kit.edit(f"UPDATE games SET {column} = ? WHERE id = ?", value, kit.ids.lobby)
    assert await kit.broken() == [f"game {kit.ids.lobby}: {reason}"]


@pytest.mark.parametrize(
    ("column", "name", "base"),
    [
        ("thread_id", "thread", 1000),
        ("lobby_message_id", "lobby post", 1000),
        ("table_message_id", "table post", 2000),
    ],
)
async def test_a_discord_id_of_two_games(kit: Kit, column: str, name: str, base: int) -> None:
    """The paused game is given the running game's thread (or post; ``fill`` numbers them
    from ``base``): commands typed there would reach only one of them."""
    running, paused = kit.ids.running, kit.ids.paused
    await kit.edit(f"UPDATE games SET {column} = ? WHERE id = ?", base + running, paused)
    assert await kit.broken() == [
        f"game {paused}: its {name} {base + running} is also game {running}'s"
    ]


async def test_a_pending_mention_of_a_seat_the_game_lacks(kit: Kit) -> None:
    await kit.edit("UPDATE games SET ping = '[1, 5]' WHERE id = ?", kit.ids.running)
    assert await kit.broken() == [
        f"game {kit.ids.running}: its pending announcement mentions seat 5, which it lacks"
    ]


# Results and ratings --------------------------------------------------------------------------


async def test_results_of_a_game_that_is_not_finished(kit: Kit) -> None:
    await kit.edit("UPDATE games SET status = 'ended' WHERE id = ?", kit.ids.finished)
    assert await kit.broken() == [f"game {kit.ids.finished}: results are stored but it is ended"]


async def test_a_result_for_a_seat_the_game_lacks(kit: Kit) -> None:
    await kit.edit("UPDATE results SET seat = 4 WHERE user_id = 5")
    assert await kit.broken() == [
        f"game {kit.ids.finished}: the result of user 5 is for seat 4, which it lacks"
    ]


async def test_a_result_naming_another_player(kit: Kit) -> None:
    """User 5's result (seat 1, the winner) given to user 6, who does not play: user 5's
    rating counts a game no result stands for, and user 6 has a result but no rating."""
    await kit.edit("UPDATE results SET user_id = 6 WHERE user_id = 5")
    assert await kit.broken() == [
        f"game {kit.ids.finished}: the result for seat 1 names user 6, not its player",
        "ratings: user 5 in 'counting' on server 10 counts 1 rated game(s), 1 won, but 0 rated "
        "result(s), 0 won, are stored",
        "ratings: user 6 in 'counting' on server 10 has rated results but no rating",
    ]


async def test_a_result_of_another_server(kit: Kit) -> None:
    await kit.edit("UPDATE results SET guild_id = 11 WHERE user_id = 4")
    lines = await kit.broken()
    assert (
        f"game {kit.ids.finished}: the result of user 4 is of 'counting' on server 11, not of "
        "this game"
    ) in lines


async def test_a_rating_that_counts_a_game_no_longer_there(kit: Kit) -> None:
    await kit.edit("UPDATE ratings SET games = 2 WHERE user_id = 4")
    assert await kit.broken() == [
        "ratings: user 4 in 'counting' on server 10 counts 2 rated game(s), 0 won, but 1 rated "
        "result(s), 0 won, are stored"
    ]


async def test_a_rating_of_an_unknown_game(kit: Kit) -> None:
    await kit.edit(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, updated_at) "
        "VALUES (10, 'nosuchgame', 4, 25.0, 8.0, 0, 0, 'then')"
    )
    assert await kit.broken() == [
        "ratings: user 4 in 'nosuchgame' on server 10: a game unknown to this version"
    ]
