-- Picker steps and /move suggestions too long for Discord's 100 characters (a custom id, an
-- autocomplete value): the path is kept here and the button, menu or suggestion carries its id.
-- A row is good only while its game is at that seq; the rows of earlier seqs of a game are
-- deleted when its next ones are stored. user_id is whose picker or suggestion it is: a path
-- built for one player (their hand, their options) is never read back for another.
-- AUTOINCREMENT: an id is never reused, because custom ids embed it.
CREATE TABLE picker_paths (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq     INTEGER NOT NULL CHECK (seq >= 0),
    user_id INTEGER NOT NULL,
    path    TEXT    NOT NULL,
    page    INTEGER NOT NULL DEFAULT 0 CHECK (page >= 0),
    UNIQUE (game_id, seq, user_id, path, page)
);
