"""``learn``: a path of short lessons in the order of a beginners' guide (the board, liberties,
capture ... handicap), each a few lines, a picture the engine made and one to three exercises
the engine checks (:mod:`service.exercises`). The texts are the catalogue's
(:mod:`service.catalogue_learn_en`): ``learn.<lesson>.title``/``.text``/``.caption``,
``learn.ex.<exercise>.goal`` and optional ``.why``."""

from __future__ import annotations

from service.i18n import t
from service.lesson_model import Exercise, Kind, Lesson
from service.lessons_life import LIFE_LESSONS
from service.lessons_play import PLAY_LESSONS
from service.lessons_rules import RULES_LESSONS
from service.rules_topics import board_of
from service.views import BoardView

__all__ = ["LESSONS", "Exercise", "Kind", "Lesson", "lesson", "picture_of"]

LESSONS: tuple[Lesson, ...] = RULES_LESSONS + LIFE_LESSONS + PLAY_LESSONS
"""Every lesson in the guide's order."""


def lesson(number: int) -> Lesson:
    """The lesson ``number`` (1-based). Raises LookupError for an unknown one."""
    if not 1 <= number <= len(LESSONS):
        raise LookupError(f"there is no lesson {number}: they are 1 to {len(LESSONS)}")
    return LESSONS[number - 1]


def picture_of(item: Lesson) -> BoardView:
    """The lesson's picture in the current language, with its caption."""
    return board_of(item.picture, t(item.caption))
