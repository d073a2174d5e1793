"""The bot's proposal of dead stones at the stop (Art. 9.2), worked out after the stop is written.

Two judges (:mod:`engine.judging`): the bot's own Art. 7 reader and, when one is configured, a
GTP engine's ``final_status_list dead`` (:class:`~service.ports.Judge`), asked within a time
budget (:func:`engine.judging.engine_budget`; on a time-out or a failure the bot goes on with its
own judgement and says so in the log). Nothing here runs inside a unit of work: the stop is
committed first (players see "counting"), the judgement is computed off the event loop, then
written as the stop's marking version by :class:`~service.commands.Propose`, which drops it when
a player resumed or changed the marking meanwhile (:func:`service.handlers.confirming.propose`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor

from engine.coords import Point
from engine.estimate import estimate
from engine.game import Game
from engine.judging import Judgement, engine_budget, judge
from service.commands import Propose
from service.ports import Judge, OpponentUnavailable

log = logging.getLogger(__name__)


#: the share of the proposal's time budget kept for reconciling the two judges' answers: the
#: engine is given the rest, so that the whole proposal stays within the budget
RECONCILE_SHARE = 0.1


async def engine_opinion(
    engine: Judge | None, game: Game, budget: float | None = None
) -> frozenset[Point] | None:
    """The engine's dead stones for ``game``, or None (no engine, time-out, failure: logged)."""
    if engine is None:
        return None
    budget = engine_budget(game.size) if budget is None else budget
    try:
        return await asyncio.wait_for(engine.dead_stones(game), budget)
    except TimeoutError:
        log.warning(
            "%s did not judge the dead stones in %g s: the bot's own judgement alone",
            engine.name,
            budget,
        )
    except OpponentUnavailable as error:
        log.warning(
            "%s could not judge the dead stones (%s): the bot's own judgement alone",
            engine.name,
            error,
        )
    return None


async def judgement(engine: Judge | None, game: Game, workers: Executor | None = None) -> Judgement:
    """Both judges on ``game``'s stopped position (a copy: the game is not touched), within
    :func:`engine.judging.engine_budget`: the bot's own reading runs while the engine thinks,
    and the engine gets the budget but the share kept for reconciling the two. The reading
    runs in ``workers`` (the bot gives it a process of its own, so that it never competes with
    the event loop for the interpreter), else in a worker thread."""
    own_game = game.copy()
    board = own_game.board.copy()
    loop = asyncio.get_running_loop()
    reading = loop.run_in_executor(workers, estimate, board.copy())
    try:
        budget = engine_budget(game.size) * (1 - RECONCILE_SHARE)
        opinion = await engine_opinion(engine, own_game, budget)
        own = await reading
    finally:
        reading.cancel()  # a proposal given up (the service closing) stops waiting for it
    name = engine.name if engine is not None else ""
    reconcile = functools.partial(judge, engine=name, own=own)
    return await loop.run_in_executor(workers, reconcile, board, opinion)


def judging_processes(count: int = 1) -> ProcessPoolExecutor:
    """The processes that read life and death for the bot's proposals (started when first
    used, with a fresh interpreter each: nothing of the bot's event loop is forked), at a lower
    priority than the bot."""
    return ProcessPoolExecutor(
        max_workers=count,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_lower_priority,
    )


#: the reading processes run at a lower priority than the bot (nice 10): a long reading never
#: slows down the players' commands of other games on a small machine
READING_NICENESS = 10


def _lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, READING_NICENESS)


def proposal(game_id: int, version: int, at_move: int, found: Judgement) -> Propose:
    """The command that writes ``found`` as marking ``version`` of the game, if still wanted."""
    return Propose(
        game_id=game_id,
        version=version,
        at_move=at_move,
        dead=tuple(sorted(found.dead)),
        unsettled=found.unsettled,
        disputed=found.disputed,
        judges=found.judges,
    )
