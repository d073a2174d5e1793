-- The live feed (issue 26): every saved game is announced on the channel gobot_games in the
-- transaction that saves it, so listeners hear of it when it commits, in whichever bot process it
-- was saved (storage/postgres_feed.py listens). The payload is '<schema>:<id>' (the schema of the
-- games table saved): installations in different schemas of one database share the channel, and
-- each listener keeps only its own schema's games.
CREATE FUNCTION gobot_game_saved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('gobot_games', TG_TABLE_SCHEMA || ':' || NEW.id::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER games_saved AFTER INSERT OR UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION gobot_game_saved();
