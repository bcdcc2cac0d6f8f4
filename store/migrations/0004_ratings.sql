-- Ratings and statistics: one rating per server, game and player, and every finished game's
-- result per human seat. Written together, in one transaction, when a game finishes.

-- The rating (a Weng-Lin mean and uncertainty) of a player in one game on one server, and how
-- many rated games they played and won there.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins       INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);

-- The leaderboard orders by the conservative rating mu - 3 sigma.
CREATE INDEX ratings_by_board ON ratings (guild_id, game, (mu - 3 * sigma) DESC);

-- One row per finished game and human seat: the place, the score, and whether the game was
-- rated (games with a bot seat are not). The primary key makes recording a result idempotent.
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    rank        INTEGER NOT NULL CHECK (rank >= 1),
    score       REAL    NOT NULL,
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX results_by_player ON results (guild_id, user_id, game);
-- Move times are read from the log per game in seq order.
CREATE INDEX actions_by_user ON actions (user_id, game_id);
