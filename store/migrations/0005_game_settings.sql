-- Per-game settings of the Discord layer (image policy, invite-only), kept apart from the
-- engine's options, which the rules engine checks and stores in the game's snapshot.

-- One JSON object per game; absent keys mean the defaults.
CREATE TABLE game_settings (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    settings   TEXT    NOT NULL DEFAULT '{}',
    updated_at TEXT    NOT NULL
);

-- Who may join (or follow) an invite-only game, and who invited them. One row per person, so
-- two invitations at once cannot overwrite each other.
CREATE TABLE invites (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    user_id    INTEGER NOT NULL,
    invited_by INTEGER NOT NULL,
    invited_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
