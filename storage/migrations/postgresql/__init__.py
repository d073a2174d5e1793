"""PostgreSQL migrations (SQL files)."""
