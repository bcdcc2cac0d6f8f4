-- Settings of the bot itself, not of a server, user or game: one row (for example the hash of
-- the slash commands last synced, so a restart syncs only when they changed).
CREATE TABLE bot_settings (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    settings   TEXT    NOT NULL DEFAULT '{}',
    updated_at TEXT    NOT NULL
);
