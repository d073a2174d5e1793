-- Lessons and life-and-death problems: each person's progress (one row per person, the person id
-- of linked accounts), and each channel's problem of the day, posted when ``due`` comes (the
-- scheduler asks for the earliest rows: the index on due). Both are versioned like the games.
CREATE TABLE learners (
    person TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    updated_at DOUBLE PRECISION NOT NULL DEFAULT 0
);

CREATE TABLE dailies (
    channel TEXT PRIMARY KEY,
    due DOUBLE PRECISION NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX dailies_due ON dailies (due);
