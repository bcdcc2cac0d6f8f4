-- What a game's thread has not been told yet: set in the transaction that records a move,
-- a note or a start, cleared once the table post shows that seq. NULL: nothing to announce;
-- 0: the table post needs an edit; 1: a new post (it mentions whoever must act now).
ALTER TABLE games ADD COLUMN announce INTEGER;
