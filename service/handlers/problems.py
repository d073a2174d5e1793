"""``problem``: a life-and-death or tactics problem at the sender's level
(:mod:`service.problem_set`), answered move by move (``problem C3``); the bot answers each right
move with the best defence until the problem is solved, and a wrong one with the refutation (the
problem is then failed). A solved problem raises the level, a failed one lowers it. ``problem``
shows the one under way or a new one, ``problem 17`` that problem, ``problem next`` a new one.

A channel can get a problem of the day (``settings channel problem=on problem_hour=18``): the
clock scheduler posts it (:func:`post_daily`), once a day across restarts and processes: the
post moves the channel's stored time to the next day in the same write, checked against the
version read, so of two processes one posts and the other finds nothing due."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from service import learning, people
from service.commands import Command
from service.errors import BadArguments, WrongPhase
from service.events import DailyScheduled
from service.exercises import Outcome
from service.handlers.learning import answer_text, checked_move, load, prepared, said, save
from service.i18n import t
from service.learning import FIRST_KYU, LAST_KYU, Progress, ReadingKey, position, problem_key
from service.ports import DailyRow
from service.problem_set import for_level, problem, problems
from service.puzzle_views import goal_text, puzzle_board, verdict_lines
from service.registry import Arg, ArgKind, Group, command
from service.unit import Unit
from service.views import View

DAY = 86400.0
SOLVED_STEP, FAILED_STEP = 2, 1  # kyu: a solved problem makes the next harder, a failed one easier


@dataclass(frozen=True, slots=True)
class AskProblem(Command[View]):
    """``problem``, ``problem 17``, ``problem C3``, ``problem next``."""

    word: str | None = None


def reading_of(progress: Progress, word: str) -> ReadingKey:
    """What the answer ``word`` to the sender's problem must be read as."""
    if progress.problem is None:
        raise BadArguments(t("problem.error.none"))
    if progress.problem_over:
        raise WrongPhase(t("problem.error.over", n=progress.problem))
    key = problem_key(progress.problem)
    exercise = learning.exercise_of(key)
    answer = answer_text(exercise, word, position(key, ()).size)
    checked_move(exercise, key, progress.problem_moves, answer)
    return key, progress.problem_moves, answer


def is_answer(word: str) -> bool:
    return not (word.isdigit() or said(word, "learn.word.next"))


async def prepare(unit: Unit, command: AskProblem) -> Callable[[], Awaitable[object]] | None:
    """Before the write: the reading an answer needs, read outside any transaction."""

    def answered(progress: Progress, word: str) -> ReadingKey | None:
        return reading_of(progress, word) if is_answer(word) else None

    return await prepared(unit, command.word, answered)


@command(
    AskProblem,
    "problem",
    build=lambda w, _: AskProblem(" ".join(w.args) if w.args else None),
    args=(Arg("answer", ArgKind.WORD, required=False),),
    local={"cs": ("uloha",), "hu": ("feladvany",)},
    game=False,
    group=Group.STUDY,  # Discord's /study
    prepare=prepare,
)
async def problem_command(unit: Unit, command: AskProblem) -> View:
    """The problem under way (or a new one at the sender's level), one by its number, a new one,
    or the sender's answer."""
    row, progress = await load(unit)
    word = (command.word or "").strip()
    if not word:
        if progress.problem is None or progress.problem_over:
            progress = started(progress, chosen(progress))
    elif word.isdigit():
        number = int(word)
        if not 1 <= number <= len(problems()):
            raise BadArguments(t("problem.error.unknown", n=number, total=len(problems())))
        progress = started(progress, number)
    elif said(word, "learn.word.next"):
        progress = started(progress, chosen(progress))
    else:
        reading = reading_of(progress, word)
        view, progress = judged(progress, reading, await learning.outcome(unit.context, reading))
        await save(unit, row, progress)
        return view
    await save(unit, row, progress)
    return shown(progress)


def chosen(progress: Progress) -> int:
    """A problem at the sender's level: the easiest one near it not solved yet (nor the one
    just done), else the first near it that is not the one just done."""
    near = [p.number for p in for_level(progress.kyu)]
    fresh = [n for n in near if n not in progress.solved and n != progress.problem]
    others = [n for n in near if n != progress.problem] or near
    unsolved = [p.number for p in problems() if p.number not in progress.solved]
    return (fresh or [n for n in unsolved if n != progress.problem] or others)[0]


def started(progress: Progress, number: int) -> Progress:
    return dataclasses.replace(progress, problem=number, problem_moves=(), problem_over=False)


def header(number: int) -> tuple[str, str]:
    """The problem's title line and its goal."""
    key = problem_key(number)
    goal = goal_text(learning.exercise_of(key), key)
    found = problem(number)
    return t("problem.header", n=number, kyu=found.kyu, goal=goal), goal


def shown(progress: Progress) -> View:
    """The problem under way, after the moves played so far."""
    assert progress.problem is not None
    title, goal = header(progress.problem)
    key = problem_key(progress.problem)
    board = puzzle_board(key, progress.problem_moves, goal, over=progress.problem_over)
    how = t("problem.over") if progress.problem_over else t("problem.how")
    return View((title, how), board=board)


def judged(progress: Progress, reading: ReadingKey, outcome: Outcome) -> tuple[View, Progress]:
    """The verdict on an answer, and the progress it leads to."""
    key, moves, answer = reading
    number = key[1]
    exercise = learning.exercise_of(key)
    _, goal = header(number)
    lines = verdict_lines(exercise, outcome, answer)
    shown_moves = (*moves, answer)
    if outcome.reply is not None:
        shown_moves = (*shown_moves, outcome.reply.gtp())
    over = outcome.done or not outcome.right
    board = puzzle_board(key, shown_moves, goal, board=outcome.board, over=over)
    if outcome.right and not outcome.done:
        reply = outcome.reply.gtp() if outcome.reply is not None else "pass"
        after = dataclasses.replace(progress, problem_moves=(*moves, answer, reply))
        return View(tuple(lines), board=board), after
    if outcome.right:
        kyu = max(LAST_KYU, progress.kyu - SOLVED_STEP)
        after = dataclasses.replace(
            progress,
            problem_moves=shown_moves,
            problem_over=True,
            solved=progress.solved | {number},
            failed=progress.failed - {number},
            kyu=kyu,
        )
        lines.append(t("problem.solved", kyu=kyu))
    else:
        kyu = min(FIRST_KYU, progress.kyu + FAILED_STEP)
        failed = progress.failed if number in progress.solved else progress.failed | {number}
        after = dataclasses.replace(
            progress, problem_moves=shown_moves, problem_over=True, failed=failed, kyu=kyu
        )
        lines.append(t("problem.failed", n=number))
    return View(tuple(lines), board=board), after


# -- the problem of the day ------------------------------------------------------------------


def of_the_day(now: float) -> int:
    """The problem of the UTC day ``now`` falls in: the set in turn, the same for every channel
    and every process."""
    return int(now // DAY) % len(problems()) + 1


def next_post(now: float, hour: int) -> float:
    """The first ``hour``:00 UTC after ``now``."""
    day = datetime.datetime.fromtimestamp(now, datetime.UTC).replace(
        hour=hour, minute=0, second=0, microsecond=0
    )
    at = day.timestamp()
    return at if at > now else at + DAY


def _tomorrow(now: float) -> float:
    """The start of the next UTC day."""
    return (now // DAY + 1) * DAY


async def schedule(unit: Unit, channel: str, hour: int | None) -> None:
    """Post the problem of the day in ``channel`` at ``hour`` UTC (None: no longer)."""
    learning_rows = unit.uow.learning
    row = await learning_rows.daily(channel)
    if hour is None:
        if row is not None:
            await learning_rows.delete_daily(channel)
            unit.record(DailyScheduled(channel, None))
        return
    due = next_post(unit.now, hour)
    if row is not None and row.due <= unit.now:
        due = row.due  # overdue (the bot was down): it is posted first, then moves on
    elif (
        row is not None
        and row.data.get("day") == int(unit.now // DAY)
        and due < _tomorrow(unit.now)
    ):
        due += DAY  # today's problem was posted already: the new hour counts from tomorrow
    unit.record(DailyScheduled(channel, due))
    if row is None:
        await learning_rows.save_daily(DailyRow(channel, due, data={"hour": hour}))
    elif row.due != due or row.data.get("hour") != hour:
        await learning_rows.save_daily(
            dataclasses.replace(row, due=due, data={**row.data, "hour": hour})
        )


async def post_daily(unit: Unit, channel: str) -> View | None:
    """The problem of the day for ``channel`` if its time has come (None: nothing due, or
    another process posted it): the post, and the next day's time written with it."""
    row = await unit.uow.learning.daily(channel)
    if row is None or row.due > unit.now:
        return None
    unit.reader = await people.channel_preferences(unit, channel)  # for nobody in particular
    hour = int(row.data.get("hour", 0))
    number = of_the_day(unit.now)
    today = int(unit.now // DAY)
    data = {**row.data, "last": number, "day": today}
    await unit.uow.learning.save_daily(
        dataclasses.replace(row, due=next_post(unit.now, hour), data=data)
    )
    title, goal = header(number)
    key = problem_key(number)
    lines = (t("problem.daily", title=title), t("problem.daily_how", n=number))
    return View(lines, board=puzzle_board(key, (), goal), post=channel)
