-- Caps against floods (issue 29). Open challenges are counted per community and in all before a
-- new one is stored: this index holds only the challenges still waiting, so the count stays small
-- however many games were played.
CREATE INDEX games_open_challenges ON games (community) WHERE status = 'challenge';

-- A link code entered on the other account only asks its owner, who answers `link yes` or
-- `link no`: the asking account waits here until then.
ALTER TABLE link_codes ADD COLUMN claimed_by TEXT;

-- Wrong link codes, per person: after a few in an hour, `link CODE` waits until the hour is over.
CREATE TABLE link_failures (
    player TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
CREATE INDEX link_failures_player ON link_failures (player, at);
