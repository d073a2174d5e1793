-- Games, their numbered events (the source of truth), players and processed platform updates.
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    language TEXT,
    vacation_since REAL,
    vacation_used REAL NOT NULL DEFAULT 0,
    vacation_year INTEGER NOT NULL DEFAULT 0,
    data TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    version INTEGER NOT NULL,
    status TEXT NOT NULL,
    challenger TEXT NOT NULL,
    challenged TEXT,
    black TEXT,
    white TEXT,
    size INTEGER NOT NULL,
    komi REAL NOT NULL,
    handicap INTEGER NOT NULL,
    color TEXT NOT NULL,
    time_control TEXT NOT NULL,
    rated INTEGER NOT NULL,
    channel TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    deadline REAL,
    result TEXT,
    to_move TEXT,
    last_event INTEGER NOT NULL DEFAULT 0,
    data TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX games_black ON games (black);
CREATE INDEX games_white ON games (white);
CREATE INDEX games_challenger ON games (challenger);
CREATE INDEX games_challenged ON games (challenged);
CREATE INDEX games_status ON games (status);

CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games (id),
    number INTEGER NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, number)
);

CREATE TABLE processed_updates (
    update_id TEXT PRIMARY KEY,
    game_id INTEGER,
    at REAL NOT NULL
);
