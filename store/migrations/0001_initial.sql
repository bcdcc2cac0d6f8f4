-- Guilds, games, seats, the action log and the latest snapshot of each game.
-- Applied once, inside a transaction, by store.sqlite (PRAGMA user_version = 1 afterwards).
-- Timestamps are ISO-8601 UTC text; JSON is stored as compact text.

CREATE TABLE guilds (
    guild_id   INTEGER PRIMARY KEY,
    settings   TEXT    NOT NULL DEFAULT '{}',
    updated_at TEXT    NOT NULL
);

-- AUTOINCREMENT: a game id is never reused, because button custom_ids embed it.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    lobby_message_id INTEGER,
    table_message_id INTEGER,
    game             TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    seats_wanted     INTEGER NOT NULL CHECK (seats_wanted >= 1),
    status           TEXT    NOT NULL DEFAULT 'lobby'
        CHECK (status IN ('lobby', 'running', 'paused', 'finished', 'cancelled', 'ended')),
    seed             INTEGER,
    seq              INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),
    created_by       INTEGER NOT NULL,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);

CREATE INDEX games_by_guild_status ON games (guild_id, status);
CREATE INDEX games_by_status ON games (status);

-- seat: join order while in the lobby, turn order (the engine's seat index) once started.
CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER NOT NULL,
    handle    TEXT    NOT NULL,
    joined_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id),
    UNIQUE (game_id, handle)
);

-- The source of truth. UNIQUE (game_id, seq): of two writers that read the same seq, only
-- one can append the next action.
CREATE TABLE actions (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    seat       INTEGER,
    user_id    INTEGER,
    kind       TEXT    NOT NULL CHECK (kind IN ('move', 'resign', 'note')),
    text       TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    UNIQUE (game_id, seq)
);

-- Only the latest state per game: any earlier one is a replay of the log away.
CREATE TABLE snapshots (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    state      TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
