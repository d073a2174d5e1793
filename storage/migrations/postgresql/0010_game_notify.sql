-- The live feed (issue 26): every saved game is announced on the channel gobot_games (its id as
-- the payload) in the transaction that saves it, so listeners hear of it when it commits, in
-- whichever bot process it was saved (storage/postgres_feed.py listens).
CREATE FUNCTION gobot_game_saved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('gobot_games', NEW.id::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER games_saved AFTER INSERT OR UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION gobot_game_saved();
