-- Settings chosen with the `settings` command: a person's (owner `person:<id>`) and a channel's
-- (owner `channel:<id>`), as a JSON object of names to values (language, theme, notify).
CREATE TABLE settings (
    owner TEXT PRIMARY KEY,
    data TEXT NOT NULL DEFAULT '{}'
);
