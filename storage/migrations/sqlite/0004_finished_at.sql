-- When a game's result became final, for `games` to list the games finished in the last days.
-- A finished game is never saved again, so for games finished before this column its last update
-- is when it finished.
ALTER TABLE games ADD COLUMN finished_at REAL;
UPDATE games SET finished_at = updated_at WHERE status = 'finished';
CREATE INDEX games_finished_at ON games (finished_at) WHERE finished_at IS NOT NULL;
