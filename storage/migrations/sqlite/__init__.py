"""SQLite migrations (SQL files)."""
