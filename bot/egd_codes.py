"""The codes of the European Go Database's results format that the command line checks and
defaults to (:mod:`bot.egd` writes the format): without the service, so that ``gobot``'s parser
is built light."""

from __future__ import annotations

import re

CLASSES = ("A", "B", "C", "D")
COUNTRY = re.compile(r"[A-Za-z]{2}")
CLUB = re.compile(r"[^\s;]{1,4}")
UNKNOWN_COUNTRY, UNKNOWN_CLUB = "XX", "xxxx"
