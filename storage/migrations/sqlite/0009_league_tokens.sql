-- Published leagues (issue 26): a league's pages are public at <web address>/l/<token> once its
-- organiser publishes it (NULL: unpublished, every league stored before this migration).
-- Unpublishing clears the token, so the old address stops working, and publishing again makes a new one.
ALTER TABLE leagues ADD COLUMN token TEXT;
CREATE UNIQUE INDEX leagues_token ON leagues (token) WHERE token IS NOT NULL;
