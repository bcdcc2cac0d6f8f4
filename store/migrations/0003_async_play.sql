-- Asynchronous play: durable timers, per-user settings, per-game deadlines, vacations, votes.
-- Times in these tables are ISO-8601 UTC text in one fixed format, so text order is time order.

-- Pending and claimed timers (reminders, deadlines, cleanup warnings...). A due timer is
-- claimed with UPDATE ... WHERE id = ? AND claimed_at IS NULL, so it fires at most once even
-- with two dispatchers; a handled timer is deleted, and a row left claimed marks a handler
-- that failed (until the game's timers are replaced). ``seq`` is the game's seq the timer
-- belongs to (NULL for lobby timers).
CREATE TABLE timers (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    kind       TEXT    NOT NULL,
    seat       INTEGER,
    seq        INTEGER,
    due_at     TEXT    NOT NULL,
    payload    TEXT    NOT NULL DEFAULT '{}',
    created_at TEXT    NOT NULL,
    claimed_at TEXT
);

CREATE INDEX timers_pending_by_due ON timers (due_at) WHERE claimed_at IS NULL;
CREATE INDEX timers_pending_by_game ON timers (game_id) WHERE claimed_at IS NULL;

-- Per-user settings as one JSON object (reminder delay, quiet hours, time zone, DMs, language).
CREATE TABLE users (
    user_id    INTEGER PRIMARY KEY,
    settings   TEXT    NOT NULL DEFAULT '{}',
    updated_at TEXT    NOT NULL
);

-- A game's turn deadline and what happens when it passes. The policy is checked in Python, so
-- a new policy needs no table rebuild.
CREATE TABLE deadlines (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id),
    turn_seconds INTEGER NOT NULL CHECK (turn_seconds > 0),
    policy       TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);

-- Vacation a player took in a game: the total used and when the current one ends.
CREATE TABLE vacations (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    user_id      INTEGER NOT NULL,
    used_seconds INTEGER NOT NULL CHECK (used_seconds >= 0),
    until        TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- One vote per voter and poll (a later vote replaces an earlier one).
CREATE TABLE votes (
    poll     TEXT    NOT NULL,
    voter_id INTEGER NOT NULL,
    choice   TEXT    NOT NULL,
    cast_at  TEXT    NOT NULL,
    PRIMARY KEY (poll, voter_id)
);
