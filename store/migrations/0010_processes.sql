-- Several bot processes on one database (docs/scaling.md, "Several processes").
--
-- processes: one row per running bot process, written when it starts, renewed every few
-- seconds (expires_at moves on) and deleted when it stops. A row that expired belongs to a
-- process that died: its claimed timers are taken over by another. shard_count
-- and shard_ids (a JSON list) say which servers the process serves; NULL for every shard.
-- Nothing else refers to this table, and a copy of the database leaves it out.
CREATE TABLE processes (
    id          TEXT    PRIMARY KEY,
    shard_count INTEGER CHECK (shard_count >= 1),
    shard_ids   TEXT,
    started_at  TEXT    NOT NULL,
    expires_at  TEXT    NOT NULL
);
-- timers.claimed_by: the process that claimed the timer and is running its handler. A claim
-- of a process that is no longer alive may be taken again; NULL on a claimed row parks it
-- (its handler failed, or it was claimed before processes were recorded) and it is never
-- run again.
ALTER TABLE timers ADD COLUMN claimed_by TEXT;
