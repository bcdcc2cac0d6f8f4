-- Lookups the Discord layer makes on every command: the game of a thread, a player's games.
CREATE INDEX games_by_thread ON games (thread_id);
CREATE INDEX seats_by_user ON seats (user_id, game_id);
