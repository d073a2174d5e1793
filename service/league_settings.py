"""A league's settings (``league create NAME system=swiss rounds=5 size=19 …``) and its members,
as kept in :attr:`~service.club_ports.LeagueRow.data`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from service.errors import BadArguments
from service.i18n import t
from service.options import KOMI, RATED, SIZE, TIME, parse_options
from service.registry import Option, OptionKind, options_named

SYSTEMS = ("roundrobin", "swiss", "mcmahon")
SYSTEM = Option("system", choices=SYSTEMS)
ROUNDS = Option("rounds", OptionKind.INT)
HANDICAP = Option("handicap", choices=("no", "auto"))  # by rank, or none
BYE = Option("bye", choices=("win", "none"))  # what a player without an opponent gets
LEAGUE = (SYSTEM, ROUNDS, SIZE, KOMI, HANDICAP, TIME, RATED, BYE)
"""The options of ``league create`` (a game's terms are the challenge's own options)."""
LEAGUE_OPTIONS = tuple(o.name for o in LEAGUE)
SWISS_ROUNDS = 5
MAX_ROUNDS = 30
NAME = re.compile(r"[^\W_][\w-]{0,31}")
LEAGUE_NUMBER = re.compile(r"#?(\d{1,9})")  # a league by its number, from any community


def league_name(text: str | None) -> str:
    """A league's name as given: one word of letters, digits, ``-`` and ``_`` (at most 32)."""
    if text is None:
        raise BadArguments(t("error.league_name_missing"))
    if not NAME.fullmatch(text) or LEAGUE_NUMBER.fullmatch(text):
        raise BadArguments(t("error.league_name", name=text))
    return text


@dataclass(frozen=True, slots=True)
class Settings:
    """How a league is played."""

    system: str = "roundrobin"
    rounds: int | None = None  # round-robin: everyone once (members - 1, or members if odd)
    size: int = 19
    komi: float = 6.5
    handicap_auto: bool = False
    time: str = "none"
    rated: bool = True
    bye_wins: bool = True

    def to_data(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "rounds": self.rounds,
            "size": self.size,
            "komi": self.komi,
            "handicap": "auto" if self.handicap_auto else "no",
            "time": self.time,
            "rated": self.rated,
            "bye": "win" if self.bye_wins else "none",
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Settings:
        return cls(
            system=data["system"],
            rounds=data.get("rounds"),
            size=int(data["size"]),
            komi=float(data["komi"]),
            handicap_auto=data.get("handicap") == "auto",
            time=data.get("time", "none"),
            rated=bool(data.get("rated", True)),
            bye_wins=data.get("bye", "win") == "win",
        )


def parse_settings(options: Mapping[str, str]) -> Settings:
    """Validate ``league create``'s options, each with a message that says what to write."""
    values = options_named(LEAGUE, options)
    system = SYSTEM.choice(values.get("system", "roundrobin"))
    rounds = None
    if "rounds" in values:
        if system == "roundrobin":
            raise BadArguments(t("error.league_rounds_roundrobin"))
        if not re.fullmatch(r"\d{1,2}", values["rounds"]) or not (
            1 <= int(values["rounds"]) <= MAX_ROUNDS
        ):
            raise BadArguments(t("error.league_rounds", value=values["rounds"], high=MAX_ROUNDS))
        rounds = int(values["rounds"])
    elif system != "roundrobin":
        rounds = SWISS_ROUNDS
    handicap = HANDICAP.choice(values.get("handicap", "no"))
    bye = BYE.choice(values.get("bye", "win"))
    game = {k: options[k] for k in ("size", "komi", "time", "rated") if k in options}
    terms = parse_options({"rated": "yes", **game})
    return Settings(
        system,
        rounds,
        terms.size,
        terms.komi,
        handicap == "auto",
        terms.time.text(),
        terms.rated,
        bye == "win",
    )


@dataclass(frozen=True, slots=True)
class Member:
    """A person in a league: the account their games are played from, the round they joined
    before (0: before the start), the last round they were in when they left, and their whole
    rank number when the league started (or when they joined late: 0 = 30k, 30 = 1d), which
    pairs them, sets handicaps and is their McMahon start score. ``earlier`` are accounts the
    person played league games from before (a rejoin from a linked account): those games stay
    theirs."""

    account: str
    joined: int = 0
    left: int | None = None
    rank: int = 0
    earlier: tuple[str, ...] = ()

    @property
    def accounts(self) -> tuple[str, ...]:
        """Every account this member played from."""
        return (self.account, *self.earlier)

    def to_data(self) -> dict[str, Any]:
        return {
            "account": self.account,
            "joined": self.joined,
            "left": self.left,
            "rank": self.rank,
            "earlier": list(self.earlier),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Member:
        return cls(
            str(data["account"]),
            int(data.get("joined", 0)),
            data.get("left"),
            int(data.get("rank", 0)),
            tuple(data.get("earlier", ())),
        )


@dataclass(frozen=True, slots=True)
class LeagueData:
    """Everything a league keeps besides its row's columns."""

    settings: Settings
    members: dict[str, Member] = field(default_factory=dict)  # by person, in joining order
    byes: dict[int, tuple[str, ...]] = field(default_factory=dict)  # round -> persons
    order: tuple[str, ...] = ()  # round-robin: the members in Berger-table order at the start

    def active(self) -> list[str]:
        """The persons still in the league."""
        return [p for p, m in self.members.items() if m.left is None]

    def to_data(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_data(),
            "members": {p: m.to_data() for p, m in self.members.items()},
            "byes": {str(r): list(ps) for r, ps in self.byes.items()},
            "order": list(self.order),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LeagueData:
        return cls(
            Settings.from_data(data["settings"]),
            {p: Member.from_data(m) for p, m in data.get("members", {}).items()},
            {int(r): tuple(ps) for r, ps in data.get("byes", {}).items()},
            tuple(data.get("order", ())),
        )
