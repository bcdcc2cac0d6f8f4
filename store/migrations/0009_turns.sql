-- Turns, not prompts (contract v2): what each seat's buttons are checked against, who an edited
-- table post still has to mention, and a turn deadline waiting while someone else decides.
--
-- seats.since: the seq from which the seat's pending decisions are what they are now. A picker
-- carries it, so a change that leaves a seat's decisions alone (another player answering a
-- simultaneous prompt) does not make that seat's open picker stale. Rows from before are
-- stamped with their game's seq: pickers open now keep working.
ALTER TABLE seats ADD COLUMN since INTEGER NOT NULL DEFAULT 0 CHECK (since >= 0);
UPDATE seats SET since = COALESCE((SELECT seq FROM games WHERE games.id = seats.game_id), 0);
-- seats.held: the seconds left of the seat's turn deadline while its turn waits on another
-- seat's nested decision (a defender answering an attack); NULL when nothing is held.
ALTER TABLE seats ADD COLUMN held INTEGER CHECK (held >= 0);
-- games.ping: the seats a pending edit of the table post must mention in a message of its
-- own (an edit notifies nobody), as a JSON list; NULL when none.
ALTER TABLE games ADD COLUMN ping TEXT;
