-- Where each game lives on each platform (board messages, threads), for buttons and replies.
CREATE TABLE links (
    game_id BIGINT NOT NULL REFERENCES games (id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (game_id, key)
);
CREATE INDEX links_lookup ON links (key, value);
