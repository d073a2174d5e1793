"""Fixtures shared with the service's tests: ``real_database`` (a fresh SQLite file, and a fresh
PostgreSQL schema, each test running on both)."""

from tests.service.conftest import real_database  # noqa: F401 (a fixture, used by name)
