"""The read-only web front door: published leagues, their games and players (issue 26)."""
