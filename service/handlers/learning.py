"""``learn``: the beginners' lessons (:mod:`service.lessons`), one after another, each a few lines
and a picture, then one to three exercises answered with a move (``learn C3``), a few moves, or
a count (``learn B+3``). The engine checks every answer (:mod:`service.exercises`): any move that
reaches the goal is right; a wrong one gets the refutation on the board and one sentence why,
and the exercise starts afresh.

``learn`` goes on where the person stopped (their progress is stored: :mod:`service.learning`,
one per person, linked accounts share it); ``learn 5`` goes to lesson 5, ``learn next`` skips
the exercise, ``learn reset`` starts the lessons again (problems solved are kept)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from engine.coords import format_vertex
from engine.errors import IllegalReason
from service import learning, people
from service.commands import Command
from service.errors import BadArguments, IllegalMoveError
from service.exercises import Outcome
from service.i18n import LANGUAGES, lines_of, plural, t, translate
from service.learning import Progress, ReadingKey, lesson_key, position
from service.lesson_model import Exercise, Kind
from service.lessons import LESSONS, lesson, picture_of
from service.options import parse_point
from service.ports import LearnerRow
from service.puzzle_views import goal_text, puzzle_board, verdict_lines
from service.registry import Arg, ArgKind, Group, command
from service.unit import Unit
from service.views import View

_ILLEGAL = {
    IllegalReason.OCCUPIED: "error.illegal_occupied",
    IllegalReason.SUICIDE: "error.illegal_suicide",
    IllegalReason.KO: "error.illegal_ko",
}
_COUNT = re.compile(r"^(?:[bw]\+\d{1,3}(?:[.,]5)?|0|jigo|draw)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Learn(Command[View]):
    """``learn``, ``learn 5``, ``learn C3``, ``learn B+3``, ``learn next``, ``learn reset``."""

    word: str | None = None


def said(word: str, key: str) -> bool:
    """Whether ``word`` is the command word ``key`` (``learn.word.reset``) in any language."""
    lowered = word.strip().lower()
    return any(lowered == str(translate(code, key)).lower() for code in LANGUAGES)


# -- progress -------------------------------------------------------------------------------


async def person_of(unit: Unit) -> str:
    """The person the sender is (linked accounts share one progress)."""
    actor = unit.actor.id
    return (await people.persons(unit, [actor]))[actor]


async def load(unit: Unit) -> tuple[LearnerRow, Progress]:
    """The sender's stored progress (a new learner: the first lesson)."""
    person = await person_of(unit)
    row = await unit.uow.learning.learner(person)
    if row is None:
        row = LearnerRow(person, updated_at=unit.now)
    return row, Progress.from_data(row.data)


async def save(unit: Unit, row: LearnerRow, progress: Progress) -> None:
    """Store the progress (checked against the version read: a race retries the command)."""
    await people.remember(unit, unit.actor)
    changed = dataclasses.replace(row, data=progress.to_data(), updated_at=unit.now)
    await unit.uow.learning.save_learner(changed)


# -- reading the answer ---------------------------------------------------------------------


def answer_text(exercise: Exercise, word: str, size: int) -> str:
    """The answer as the reading key holds it: a point in its canonical form (``C3``), or a
    count (``B+3``). Raises :class:`~service.errors.InvalidPoint` for a point off the board."""
    if exercise.kind is Kind.COUNT:  # B (Black) or W (White) in every language, as SGF writes
        text = re.sub(r"\s+", "", word)
        text = "0" if re.fullmatch(r"0+", text) else text
        if not _COUNT.match(text):
            raise BadArguments(t("learn.error.count_form", word=word.strip()))
        return text.upper()
    return format_vertex(parse_point(word, size))


def checked_move(
    exercise: Exercise, key: learning.PuzzleKey, moves: tuple[str, ...], answer: str
) -> None:
    """Refuse a move the rules forbid (occupied, suicide, ko) before any reading; an
    exercise that asks where the player may not play takes any empty point."""
    if exercise.kind is Kind.COUNT:
        return
    board = position(key, moves)
    point = parse_point(answer, board.size)
    reason = board.legality(exercise.player, point)
    if reason is None or (exercise.kind is Kind.ILLEGAL and reason is not IllegalReason.OCCUPIED):
        return
    raise IllegalMoveError(t(_ILLEGAL[reason], point=answer))


def reading_of(progress: Progress, word: str) -> ReadingKey:
    """What the answer ``word`` to the sender's exercise must be read as (raises the errors
    of a wrong word or move)."""
    if progress.lesson > len(LESSONS):
        raise BadArguments(t("learn.all_passed", total=len(LESSONS)))
    if progress.exercise == 0:
        raise BadArguments(t("learn.error.read_first", n=progress.lesson))
    key = lesson_key(progress.lesson, progress.exercise)
    exercise = learning.exercise_of(key)
    size = position(key, ()).size
    answer = answer_text(exercise, word, size)
    checked_move(exercise, key, progress.moves, answer)
    return key, progress.moves, answer


def counting(progress: Progress, word: str) -> bool:
    """``0`` answering a count (a tie) rather than naming a lesson."""
    if set(word) != {"0"} or progress.exercise == 0 or progress.lesson > len(LESSONS):
        return False
    exercise = learning.exercise_of(lesson_key(progress.lesson, progress.exercise))
    return exercise.kind is Kind.COUNT


def is_answer(progress: Progress, word: str) -> bool:
    """A word that answers rather than steers (``reset``, ``next``, a lesson's number)."""
    if word.isdigit():
        return counting(progress, word)
    return not (said(word, "learn.word.reset") or said(word, "learn.word.next"))


async def prepared(
    unit: Unit, word: str | None, reading: Callable[[Progress, str], ReadingKey | None]
) -> Callable[[], Awaitable[object]] | None:
    """Before the write (``learn``'s and ``problem``'s ``prepare``): the reading the answer
    ``word`` needs (``reading``: None when the word answers nothing), read outside any
    transaction. Whatever is wrong with the word, the write says it."""
    if word is None:
        return None
    try:
        _, progress = await load(unit)
        found = reading(progress, word.strip())
    except Exception:  # the write says what is wrong
        return None
    if found is None:
        return None
    context = unit.context

    async def read() -> object:
        try:
            return await learning.outcome(context, found)
        except Exception:  # the write reads it again and says what is wrong
            return None

    return read


async def prepare(unit: Unit, command: Learn) -> Callable[[], Awaitable[object]] | None:
    """Before the write: the reading an answer needs, read outside any transaction."""

    def answered(progress: Progress, word: str) -> ReadingKey | None:
        return reading_of(progress, word) if is_answer(progress, word) else None

    return await prepared(unit, command.word, answered)


# -- the command ----------------------------------------------------------------------------


@command(
    Learn,
    "learn",
    build=lambda w, _: Learn(" ".join(w.args) if w.args else None),
    args=(Arg("answer", ArgKind.WORD, required=False),),
    local={"cs": ("lekce",), "hu": ("lecke",)},
    game=False,
    group=Group.STUDY,  # Discord's /study
    prepare=prepare,
)
async def learn(unit: Unit, command: Learn) -> View:
    """The lesson or exercise the sender is on, their answer to it, or a jump."""
    row, progress = await load(unit)
    word = (command.word or "").strip()
    if not word:
        view, progress = show(progress)
    elif word.isdigit() and not counting(progress, word):
        number = int(word)
        if not 1 <= number <= len(LESSONS):
            raise BadArguments(t("learn.error.no_lesson", n=number, total=len(LESSONS)))
        view, progress = show(dataclasses.replace(progress, lesson=number, exercise=0, moves=()))
    elif said(word, "learn.word.reset"):
        progress = dataclasses.replace(progress, lesson=1, exercise=0, moves=(), passed=frozenset())
        view = View((t("learn.reset"),))
    elif said(word, "learn.word.next"):
        progress = skipped(progress)
        view, progress = show(progress)
    else:
        reading = reading_of(progress, word)
        view, progress = judged(progress, reading, await learning.outcome(unit.context, reading))
    await save(unit, row, progress)
    return view


def show(progress: Progress) -> tuple[View, Progress]:
    """The lesson's text and picture (its exercises come next), or the exercise under way."""
    if progress.lesson > len(LESSONS):
        return View((t("learn.all_passed", total=len(LESSONS)),)), progress
    number = progress.lesson
    found = lesson(number)
    if progress.exercise == 0:
        count = len(found.exercises)
        lines: tuple[str, ...] = (
            t(
                "learn.lesson_header",
                n=number,
                total=len(LESSONS),
                title=t(f"learn.{found.key}.title"),
            ),
            *lines_of(t(f"learn.{found.key}.text")),
            plural(count, "learn.exercises_follow"),
        )
        view = View(lines, board=picture_of(found))
        return view, dataclasses.replace(progress, exercise=1, moves=())
    key = lesson_key(number, progress.exercise)
    exercise = learning.exercise_of(key)
    goal = goal_text(exercise, key)
    how = "learn.how_count" if exercise.kind is Kind.COUNT else "learn.how_move"
    lines = (
        t(
            "learn.exercise_header",
            n=number,
            k=progress.exercise,
            count=len(found.exercises),
            title=t(f"learn.{found.key}.title"),
        ),
        goal,
        t(how),
    )
    return View(lines, board=puzzle_board(key, progress.moves, goal)), progress


def skipped(progress: Progress) -> Progress:
    """The next exercise (or the next lesson's text), the current one left unsolved."""
    if progress.lesson > len(LESSONS):
        return progress
    count = len(lesson(progress.lesson).exercises)
    if progress.exercise < count:
        return dataclasses.replace(progress, exercise=progress.exercise + 1, moves=())
    return dataclasses.replace(progress, lesson=progress.lesson + 1, exercise=0, moves=())


def judged(progress: Progress, reading: ReadingKey, outcome: Outcome) -> tuple[View, Progress]:
    """The verdict on an answer, and the progress it leads to."""
    key, moves, answer = reading
    exercise = learning.exercise_of(key)
    goal = goal_text(exercise, key)
    lines = verdict_lines(exercise, outcome, answer)
    played = exercise.kind not in (Kind.ILLEGAL, Kind.COUNT)
    shown = (*moves, answer) if played else moves
    if played and outcome.reply is not None:
        shown = (*shown, outcome.reply.gtp())
    board = puzzle_board(
        key, shown, goal, board=outcome.board, over=outcome.done or not outcome.right
    )
    if not outcome.right:
        lines.append(t("learn.try_again"))
        return View(tuple(lines), board=board), dataclasses.replace(progress, moves=())
    if not outcome.done:
        reply = outcome.reply.gtp() if outcome.reply is not None else "pass"
        return View(tuple(lines), board=board), dataclasses.replace(
            progress, moves=(*moves, answer, reply)
        )
    number = progress.lesson
    count = len(lesson(number).exercises)
    if progress.exercise < count:
        lines.append(t("learn.next_exercise", k=progress.exercise + 1))
        after = dataclasses.replace(progress, exercise=progress.exercise + 1, moves=())
        return View(tuple(lines), board=board), after
    passed = progress.passed | {number}
    after = dataclasses.replace(progress, lesson=number + 1, exercise=0, moves=(), passed=passed)
    if number < len(LESSONS):
        title = t(f"learn.{lesson(number + 1).key}.title")
        lines.append(t("learn.lesson_passed", n=number, next=number + 1, title=title))
    else:
        lines.append(t("learn.all_passed", total=len(LESSONS)))
    return View(tuple(lines), board=board), after
