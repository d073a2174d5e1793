-- Club play: where each game was played (leaderboards per community), league games, linked
-- accounts (a person), ratings with every rated game's change, leagues and link codes.
ALTER TABLE games ADD COLUMN community TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN league_id INTEGER;
ALTER TABLE games ADD COLUMN round INTEGER;
-- Games stored before communities: their community is their channel (a Telegram group is both).
UPDATE games SET community = channel;
CREATE INDEX games_league ON games (league_id, round) WHERE league_id IS NOT NULL;
CREATE INDEX games_community ON games (community);

ALTER TABLE players ADD COLUMN person TEXT;
CREATE INDEX players_person ON players (person) WHERE person IS NOT NULL;

CREATE TABLE ratings (
    person TEXT PRIMARY KEY,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    version INTEGER NOT NULL,
    updated_at REAL NOT NULL
);

CREATE TABLE rating_changes (
    game_id INTEGER NOT NULL REFERENCES games (id),
    player TEXT NOT NULL,
    before REAL NOT NULL,
    after REAL NOT NULL,
    deviation REAL NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, player)
);
CREATE INDEX rating_changes_player ON rating_changes (player, at);

CREATE TABLE leagues (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    community TEXT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    status TEXT NOT NULL,
    organiser TEXT NOT NULL,
    channel TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    round INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    UNIQUE (community, name_key)
);
CREATE INDEX leagues_name ON leagues (name_key);

CREATE TABLE link_codes (
    code TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    created_at REAL NOT NULL,
    expires_at REAL NOT NULL,
    used_at REAL
);
CREATE INDEX link_codes_player ON link_codes (player, created_at);
