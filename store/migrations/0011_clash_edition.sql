-- Clash of Cultures rules editions (docs/architecture.md, "Rules editions"): a game's options
-- name the edition it is played under, and a game whose options do not name one plays the
-- printed rules. Clash had no options before, so every Clash game already started (running,
-- paused or over) was started under the first edition: its options say so, so that a rebuild
-- from its action log and its exported transcript replay it as it was played. Lobbies not
-- yet started keep their empty options and will play the printed rules.
UPDATE games SET options = '{"edition":1}'
WHERE game = 'clash' AND options = '{}' AND status IN ('running', 'paused', 'finished', 'ended');
