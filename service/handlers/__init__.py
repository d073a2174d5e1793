"""The registry: one handler function per command type, and whether it writes. A handler is
``async def handler(unit, command) -> result``; writes run in a unit of work that commits (and
is retried on conflicts), reads in one that never writes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from service.club_commands import (
    History,
    Leaderboard,
    League,
    LeagueInfo,
    LinkAccount,
    ShowRating,
    Unlink,
)
from service.commands import (
    Accept,
    Adjudicate,
    AnyCommand,
    Challenge,
    Command,
    Computer,
    Configure,
    Dead,
    Decline,
    Done,
    EstimateScore,
    FillDame,
    Games,
    LegalPoints,
    NoResult,
    Pass,
    Play,
    Propose,
    Resign,
    Resume,
    Rules,
    Sgf,
    ShowBoard,
    Try,
    Undo,
    Vacation,
)
from service.handlers import (
    accounts,
    adjudicating,
    challenges,
    computer,
    confirming,
    estimating,
    league_reads,
    leagues,
    looking,
    playing,
    ratings,
    rules,
    settings,
    trying,
    vacations,
)
from service.unit import Unit


@dataclass(frozen=True, slots=True)
class Handler:
    """How one command type runs."""

    run: Callable[[Unit, Any], Awaitable[Any]]
    writes: bool = True
    #: counted against the sender's command budget (:mod:`service.limits`); False for what the
    #: platforms and the scheduler ask on their own
    limited: bool = True


HANDLERS: Mapping[type[AnyCommand], Handler] = {
    Challenge: Handler(challenges.challenge),
    Accept: Handler(challenges.accept),
    Decline: Handler(challenges.decline),
    Computer: Handler(computer.computer),
    Play: Handler(playing.play),
    Pass: Handler(playing.pass_),
    Resign: Handler(playing.resign),
    Undo: Handler(playing.undo),
    Dead: Handler(confirming.dead),
    Done: Handler(confirming.done),
    Resume: Handler(confirming.resume),
    FillDame: Handler(confirming.filldame),
    NoResult: Handler(confirming.noresult),
    Try: Handler(trying.try_, writes=False),  # Art. 7.2: played on a copy, never written
    EstimateScore: Handler(estimating.estimate, writes=False),  # the estimator's reading, a read
    Adjudicate: Handler(adjudicating.adjudicate),
    Vacation: Handler(vacations.vacation),
    Propose: Handler(confirming.propose, limited=False),  # the bot's own, after the stop
    ShowBoard: Handler(looking.board, writes=False),
    Games: Handler(looking.games, writes=False),
    Sgf: Handler(looking.sgf, writes=False),
    Rules: Handler(rules.rules, writes=False),  # asks the storage nothing
    LegalPoints: Handler(looking.legal_points, writes=False, limited=False),
    ShowRating: Handler(ratings.rating, writes=False),
    Leaderboard: Handler(ratings.leaderboard, writes=False),
    History: Handler(ratings.history, writes=False),
    League: Handler(leagues.league),
    LeagueInfo: Handler(league_reads.league_info, writes=False),
    LinkAccount: Handler(accounts.link),
    Unlink: Handler(accounts.unlink),
    Configure: Handler(settings.settings),
}


def handler_of(command: Command[Any]) -> Handler:
    """The handler of ``command``'s type (every command type has exactly one)."""
    return HANDLERS[type(command)]
