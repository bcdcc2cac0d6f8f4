"""Migration 0011: Clash games started before there were rules editions name the first one in
their options (docs/architecture.md, "Rules editions"); lobbies and other games are left alone."""

from __future__ import annotations

import json
import sqlite3

from store.sqlite import load_migrations

ROWS = [
    ("clash", "{}", "finished"),
    ("clash", "{}", "running"),
    ("clash", "{}", "lobby"),
    ("clash", "{}", "cancelled"),
    ("civ", "{}", "finished"),
]


def test_started_clash_games_are_given_the_first_edition() -> None:
    migrations = load_migrations()
    edition = next(m for m in migrations if m.name == "0011_clash_edition.sql")
    db = sqlite3.connect(":memory:")
    for migration in migrations:
        if migration.version < edition.version:
            db.executescript(migration.sql)
    for game, options, status in ROWS:
        db.execute(
            "INSERT INTO games (guild_id, channel_id, game, options, seats_wanted, status, "
            "created_by, created_at, updated_at) VALUES (1, 1, ?, ?, 2, ?, 1, 't', 't')",
            (game, options, status),
        )
    db.executescript(edition.sql)
    got = [json.loads(o) for (o,) in db.execute("SELECT options FROM games ORDER BY id")]
    assert got == [{"edition": 1}, {"edition": 1}, {}, {}, {}]
