"""Club play without I/O: Glicko-2 ratings and ranks (:mod:`club.glicko2`, :mod:`club.ranks`),
league pairings (:mod:`club.pairing`) and standings (:mod:`club.standings`). The service stores
and applies them; nothing here knows of chats, storage or the service."""
