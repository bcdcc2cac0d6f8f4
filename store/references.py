"""Rows that refer to what is not there: what ``python -m store check`` reports besides
snapshots that differ from their replay.

The store never writes such rows, but a hand editing the database can (and SQLite enforces no
foreign key outside the bot's own connection): a seat 7 in a game of two, a log with a gap, a
timer of a game that was deleted, a lobby with a thread. Each is one :class:`Broken`, a line
for the operator. Only what the rows say is compared, never a hidden value (a hand, a
snapshot's content), so a report can be shown to anyone.

The queries are plain SELECTs run through the store's connection, so the check is the same on
SQLite and PostgreSQL. What the schema's own constraints keep out is checked again too: SQLite
lets a hand turn foreign keys and CHECK constraints off, and a value of the wrong type (text
where a number belongs) is reported rather than tripped over.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rules import get_game
from store.base import ACTION_KINDS, DEADLINE_POLICIES, GAME_STATUSES, BadRow
from store.rebuild import EngineLookup
from store.sqlite import SqliteStore

__all__ = ["Broken", "broken_references"]


@dataclass(frozen=True)
class Broken:
    """One broken reference: the game it concerns (None when it is not one game's, as a
    rating), the table of the row at fault, and what is wrong (one line)."""

    game_id: int | None
    table: str
    reason: str

    def __str__(self) -> str:
        where = self.table if self.game_id is None else f"game {self.game_id}"
        return f"{where}: {self.reason}"


async def broken_references(
    store: SqliteStore, *, engines: EngineLookup = get_game
) -> list[Broken]:
    """Every broken reference in the database, by game (then the others)."""
    survey = await _Survey.read(store, engines)
    found = [
        *survey.orphans(),
        *survey.games(),
        *survey.seats(),
        *survey.log(),
        *survey.snapshots(),
        *survey.timers(),
        *survey.picker_paths(),
        *survey.deadlines(),
        *survey.results(),
        *survey.ratings(),
    ]
    return sorted(found, key=lambda b: (b.game_id is None, b.game_id or 0, b.table, b.reason))


#: A row as the backend returns it (``sqlite3.Row``, ``asyncpg.Record``): by column name.
Row = Any


def _int(value: Any) -> int | None:
    """An integer column's value, or None when a hand put something else there."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _spans(numbers: Iterable[int]) -> str:
    """``[3, 4, 5, 8]`` as ``3-5, 8``.

    >>> _spans([8, 3, 4, 5])
    '3-5, 8'
    """
    spans: list[list[int]] = []
    for n in sorted(numbers):
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


@dataclass
class _Survey:
    """The rows the checks compare, read once."""

    game_rows: dict[int, Row]
    by_game: dict[str, dict[int, list[Row]]]
    ratings_rows: list[Row]
    #: The players each started game's state holds, where its engine could tell.
    players: dict[int, int]
    engines: EngineLookup

    @classmethod
    async def read(cls, store: SqliteStore, engines: EngineLookup) -> _Survey:
        games = {
            row["id"]: row
            for row in await store._read(
                "SELECT id, guild_id, game, status, seed, seq, seats_wanted, thread_id, "
                "lobby_message_id, table_message_id, announce, ping FROM games"
            )
        }
        # Every table whose rows belong to a game (its game_id).
        queries = {
            "seats": "SELECT game_id, seat, user_id, since FROM seats",
            "actions": "SELECT game_id, seq, seat, user_id, kind FROM actions",
            "snapshots": "SELECT game_id, seq FROM snapshots",
            "timers": "SELECT id, game_id, kind, seat, seq FROM timers",
            "deadlines": "SELECT game_id, policy FROM deadlines",
            "vacations": "SELECT game_id FROM vacations",
            "game_settings": "SELECT game_id FROM game_settings",
            "invites": "SELECT game_id FROM invites",
            "results": "SELECT game_id, user_id, guild_id, game, seat, won, rated FROM results",
            "picker_paths": "SELECT id, game_id, seq FROM picker_paths",
        }
        by_game: dict[str, dict[int, list[Row]]] = {}
        for table, sql in queries.items():
            grouped: dict[int, list[Row]] = defaultdict(list)
            for row in await store._read(sql):
                grouped[row["game_id"]].append(row)
            by_game[table] = grouped
        ratings = list(
            await store._read("SELECT guild_id, game, user_id, games, wins FROM ratings")
        )
        survey = cls(games, by_game, ratings, {}, engines)
        for game_id, game in games.items():
            if game["seed"] is not None:
                count = await survey._players(store, game)
                if count is not None:
                    survey.players[game_id] = count
        return survey

    async def _players(self, store: SqliteStore, game: Row) -> int | None:
        """How many players the game's stored state holds (its view's ``players``); None
        when that cannot be told (an unknown game, no readable snapshot)."""
        try:
            engine = self.engines(game["game"])
            stored = await store.snapshot(game["id"])
        except (KeyError, BadRow):
            return None
        if stored is None:
            return None
        try:
            players = engine.view(engine.from_json(stored[1]), None).get("players")
        except Exception:  # an engine on a damaged snapshot: check_game reports why
            return None
        return len(players) if isinstance(players, list) else None

    def _of(self, table: str, game_id: int) -> list[Row]:
        return self.by_game[table].get(game_id, [])

    def _seat_numbers(self, game_id: int) -> set[int]:
        return {s for r in self._of("seats", game_id) if (s := _int(r["seat"])) is not None}

    # The checks, one table each --------------------------------------------------------------

    def orphans(self) -> Iterable[Broken]:
        """Rows of a game that is not there: they mean nothing without it."""
        for table, grouped in self.by_game.items():
            for game_id, rows in grouped.items():
                number = _int(game_id)
                if number is None:
                    reason = f"{len(rows)} row(s) of game {game_id!r}, which is not a game id"
                    yield Broken(None, table, reason)
                elif number not in self.game_rows:
                    reason = f"{len(rows)} {table} row(s), but there is no such game"
                    yield Broken(number, table, reason)

    def games(self) -> Iterable[Broken]:
        shared: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
        for game_id, game in sorted(self.game_rows.items()):
            yield from (Broken(game_id, "games", r) for r in self._game(game))
            for column in _DISCORD_IDS:
                if game[column] is not None:
                    shared[column][game[column]].append(game_id)
        for column, owners in shared.items():
            for discord_id, ids in owners.items():
                for game_id in ids[1:]:
                    reason = f"its {_DISCORD_IDS[column]} {discord_id} is also game {ids[0]}'s"
                    yield Broken(game_id, "games", reason)

    def _game(self, game: Row) -> Iterable[str]:
        status = game["status"]
        if status not in GAME_STATUSES:
            yield f"status {status!r} is none of {', '.join(GAME_STATUSES)}"
        elif status not in ("lobby", "cancelled") and not _started(game):
            yield f"it is {status} but never started (it has no seed)"
        elif status == "lobby" and _started(game):
            yield "it is a lobby but has a seed (it started)"
        if not _started(game):
            # A started game's engine is looked up by its replay (check_game).
            try:
                self.engines(game["game"])
            except KeyError:
                yield f"game {game['game']!r} is unknown to this version"
            for column in ("thread_id", "table_message_id"):
                if game[column] is not None:
                    yield f"it has a {_DISCORD_IDS[column]} ({game[column]}) but never started"
            if game["announce"] is not None:
                yield "it has an announcement pending but never started"
        seats = self._seat_numbers(game["id"])
        for seat in _pinged(game["ping"]):
            if seat not in seats:
                yield f"its pending announcement mentions seat {seat}, which it lacks"

    def seats(self) -> Iterable[Broken]:
        for game_id, game in sorted(self.game_rows.items()):
            yield from (Broken(game_id, "seats", r) for r in self._seats(game))

    def _seats(self, game: Row) -> Iterable[str]:
        rows = self._of("seats", game["id"])
        players = self.players.get(game["id"])
        if players is not None and players != len(rows):
            yield f"{len(rows)} seat(s), but its game holds {players} players"
        count = len(rows) if players is None else players
        what = f"{count} seat(s)" if players is None else f"{count} players"
        wanted = _int(game["seats_wanted"])
        if not _started(game) and wanted is not None and len(rows) > wanted:
            yield f"{len(rows)} seats taken of the {wanted} it wants"
        for seat, times in sorted(Counter(r["seat"] for r in rows).items(), key=_by_first):
            number = _int(seat)
            if number is None or not 0 <= number < count:
                yield f"seat {seat!r} is outside 0..{count - 1} ({what})"
            if times > 1:
                yield f"seat {seat!r} is there {times} times"
        last = _int(game["seq"])
        for row in rows:
            since = _int(row["since"])
            if since is not None and last is not None and since > last:
                yield (
                    f"seat {row['seat']!r} dates its decisions from seq {since}, past the "
                    f"game's seq {last}"
                )

    def log(self) -> Iterable[Broken]:
        for game_id, game in sorted(self.game_rows.items()):
            yield from (Broken(game_id, "actions", r) for r in self._log(game))

    def _log(self, game: Row) -> Iterable[str]:
        rows = sorted(self._of("actions", game["id"]), key=lambda r: _order(r["seq"]))
        if not _started(game):
            if rows:
                yield f"{len(rows)} log entries, but it never started"
            return
        yield from _sequence(_int(game["seq"]), [r["seq"] for r in rows])
        holders = {_int(r["seat"]): _int(r["user_id"]) for r in self._of("seats", game["id"])}
        seat_of = {user: seat for seat, user in holders.items() if user is not None}
        for row in rows:
            seq, kind, seat = row["seq"], row["kind"], row["seat"]
            if kind not in ACTION_KINDS:
                yield f"log entry {seq} is of an unknown kind {kind!r}"
            if seat is None:
                if kind in ("move", "resign"):
                    yield f"log entry {seq} ({kind}) has no seat"
                continue
            if _int(seat) is None or seat not in holders:
                yield f"log entry {seq} ({kind}) is for seat {seat!r}, which it lacks"
                continue
            # A move's player may have left the seat since (a replacement, the bot taking it
            # over), so only a move by the player of another seat is certainly wrong.
            author = _int(row["user_id"])
            other = seat_of.get(author) if author is not None else None
            if kind == "move" and other is not None and other != seat:
                yield f"log entry {seq} (a move of seat {seat}) is by the player of seat {other}"

    def snapshots(self) -> Iterable[Broken]:
        for game_id, game in sorted(self.game_rows.items()):
            for row in self._of("snapshots", game_id):
                if not _started(game):
                    yield Broken(game_id, "snapshots", "it has a snapshot but never started")
                elif _past(row["seq"], game):
                    reason = (
                        f"its snapshot is of seq {row['seq']}, past the log (seq {game['seq']})"
                    )
                    yield Broken(game_id, "snapshots", reason)

    def timers(self) -> Iterable[Broken]:
        for game_id, game in sorted(self.game_rows.items()):
            seats = self._seat_numbers(game_id)
            for row in self._of("timers", game_id):
                name = f"timer {row['id']} ({row['kind']})"
                if row["seat"] is not None and row["seat"] not in seats:
                    reason = f"{name} is for seat {row['seat']!r}, which it lacks"
                    yield Broken(game_id, "timers", reason)
                if _past(row["seq"], game):
                    reason = (
                        f"{name} belongs to seq {row['seq']}, past the game's seq {game['seq']}"
                    )
                    yield Broken(game_id, "timers", reason)

    def picker_paths(self) -> Iterable[Broken]:
        for game_id, game in sorted(self.game_rows.items()):
            for row in self._of("picker_paths", game_id):
                if _past(row["seq"], game):
                    reason = (
                        f"picker path {row['id']} belongs to seq {row['seq']}, past the game's "
                        f"seq {game['seq']}"
                    )
                    yield Broken(game_id, "picker_paths", reason)

    def deadlines(self) -> Iterable[Broken]:
        for game_id in sorted(self.game_rows):
            for row in self._of("deadlines", game_id):
                if row["policy"] not in DEADLINE_POLICIES:
                    reason = (
                        f"its deadline policy {row['policy']!r} is none of "
                        f"{', '.join(DEADLINE_POLICIES)}"
                    )
                    yield Broken(game_id, "deadlines", reason)

    def results(self) -> Iterable[Broken]:
        for game_id, game in sorted(self.game_rows.items()):
            yield from (Broken(game_id, "results", r) for r in self._results(game))

    def _results(self, game: Row) -> Iterable[str]:
        rows = self._of("results", game["id"])
        if rows and game["status"] != "finished":
            yield f"results are stored but it is {game['status']}"
        holders = {_int(r["seat"]): r["user_id"] for r in self._of("seats", game["id"])}
        for row in rows:
            user, seat = row["user_id"], row["seat"]
            if _int(seat) is None or seat not in holders:
                yield f"the result of user {user} is for seat {seat!r}, which it lacks"
            elif holders[seat] != user:
                yield f"the result for seat {seat} names user {user}, not its player"
            if (row["guild_id"], row["game"]) != (game["guild_id"], game["game"]):
                yield (
                    f"the result of user {user} is of {row['game']!r} on server "
                    f"{row['guild_id']}, not of this game"
                )

    def ratings(self) -> Iterable[Broken]:
        """A rating counts the rated results of its player, game and server (both are written
        in one transaction when a game finishes), so every game it counted is still there."""
        counted: Counter[tuple[Any, ...]] = Counter()
        won: Counter[tuple[Any, ...]] = Counter()
        for rows in self.by_game["results"].values():
            for row in rows:
                if row["rated"]:
                    key = (row["guild_id"], row["game"], row["user_id"])
                    counted[key] += 1
                    won[key] += bool(row["won"])
        rated = set()
        for row in self.ratings_rows:
            key = (row["guild_id"], row["game"], row["user_id"])
            rated.add(key)
            who = f"user {row['user_id']} in {row['game']!r} on server {row['guild_id']}"
            try:
                self.engines(row["game"])
            except KeyError:
                yield Broken(None, "ratings", f"{who}: a game unknown to this version")
            if (row["games"], row["wins"]) != (counted[key], won[key]):
                yield Broken(
                    None,
                    "ratings",
                    f"{who} counts {row['games']} rated game(s), {row['wins']} won, but "
                    f"{counted[key]} rated result(s), {won[key]} won, are stored",
                )
        for guild_id, game, user_id in sorted(counted.keys() - rated, key=str):
            reason = (
                f"user {user_id} in {game!r} on server {guild_id} has rated results but no rating"
            )
            yield Broken(None, "ratings", reason)


#: The Discord ids a game keeps, and what they are called in a report. Each is one game's.
_DISCORD_IDS = {
    "thread_id": "thread",
    "lobby_message_id": "lobby post",
    "table_message_id": "table post",
}


def _started(game: Row) -> bool:
    """Started games have a seed (``store.start`` sets it; nothing clears it)."""
    return game["seed"] is not None


def _past(seq: Any, game: Row) -> bool:
    """Whether a row's ``seq`` lies beyond the game's: from a future the log never had."""
    mine, last = _int(seq), _int(game["seq"])
    return mine is not None and last is not None and mine > last


def _sequence(last: int | None, seqs: Sequence[Any]) -> Iterable[str]:
    """The log's seqs must be 1, 2... up to the game's seq, each once."""
    counts = Counter(seqs)
    for seq, times in sorted(counts.items(), key=_by_first):
        if times > 1:
            yield f"log entry {seq!r} is there {times} times"
        number = _int(seq)
        if last is not None and (number is None or not 1 <= number <= last):
            yield f"log entry {seq!r} is past the game's seq {last}"
    if last is not None:
        missing = set(range(1, last + 1)) - set(counts)
        if missing:
            yield f"the log has no entry {_spans(missing)}"


def _order(value: Any) -> tuple[int, Any]:
    """A sort key for a column's values, numbers first (a hand may have put text there)."""
    number = _int(value)
    return (0, number) if number is not None else (1, str(value))


def _by_first(item: tuple[Any, Any]) -> tuple[int, Any]:
    return _order(item[0])


def _pinged(text: Any) -> list[int]:
    """The seats ``games.ping`` names (what the store reads of it: a JSON list of seats)."""
    if not isinstance(text, str):
        return []
    try:
        seats = json.loads(text)
    except ValueError:
        return []
    return [s for s in seats if _int(s) is not None] if isinstance(seats, list) else []
