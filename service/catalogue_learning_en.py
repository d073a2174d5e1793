"""The English texts of ``learn`` and ``problem`` around the lessons and problems themselves
(the lessons' own texts are in :mod:`service.catalogue_learn_en`; both are merged into
:data:`service.catalogue_en.ENGLISH`)."""

from __future__ import annotations

LEARNING: dict[str, str | tuple[str, str]] = {
    "help.cmd.learn": "Learn to play: short lessons with exercises, from the first stone on.",
    "help.more.learn": (
        "`learn` goes on where you stopped: a lesson's text, then its exercises.\n"
        "Answer an exercise with a move: `learn C3` (or a count: `learn B+3`).\n"
        "`learn 5` goes to lesson 5, `learn next` skips an exercise, `learn reset` starts "
        "again."
    ),
    "help.cmd.problem": "A life-and-death problem at your level, answered move by move.",
    "help.more.problem": (
        "`problem` shows your problem, or a new one at your level.\n"
        "Answer with a move: `problem C3`; the bot answers each right move until it is solved.\n"
        "`problem 17` takes problem 17, `problem next` a new one."
    ),
    # the words learn and problem read besides points (any language's word is read)
    "learn.word.reset": "reset",
    "learn.word.next": "next",
    "learn.lesson_header": "Lesson {n} of {total}: {title}",
    "learn.exercises_follow": (
        "1 exercise follows: send `learn` to start it.",
        "{n} exercises follow: send `learn` to start the first.",
    ),
    "learn.exercise_header": "Lesson {n} ({title}), exercise {k} of {count}",
    "learn.how_move": "Answer with a move: `learn C3`.",
    "learn.how_count": "Answer with the result: `learn B+3`, `learn W+2` or `learn 0`.",
    "learn.right": "{answer}: right!",
    "learn.right_more": "{answer}: good. {color} answers at {point}: your move.",
    "learn.right_passes": "{answer}: good. {color} can do nothing there: your move.",
    "learn.wrong": "{answer}: not this time.",
    "learn.wrong_reply": "{answer}: not this time. {color} answers at {point}.",
    "learn.try_again": "Try again: answer from the start (`learn` shows the exercise again).",
    "learn.next_exercise": "Send `learn` for exercise {k}.",
    "learn.lesson_passed": "Lesson {n} done! Send `learn` for lesson {next}: {title}.",
    "learn.all_passed": (
        "You have done all {total} lessons. Play a first game with `computer mode=capture`, "
        "or try `problem`."
    ),
    "learn.reset": "Your lessons start again from lesson 1: send `learn`.",
    "learn.error.read_first": "Lesson {n} has no exercise open yet: send `learn` first.",
    "learn.error.no_lesson": "There is no lesson {n}: the lessons go from 1 to {total}.",
    "learn.error.count_form": (
        "{word!r} is not a result: write the winner and the margin, like `B+3` or `W+2`, "
        "or `0` for a tie."
    ),
    "problem.goal.capture": "{color} to play: capture the stones at {point}",
    "problem.goal.escape": "{color} to play: save the stones at {point}",
    "problem.goal.kill": "{color} to play and kill the group at {point}",
    "problem.goal.live": "{color} to play and live with the group at {point}",
    "problem.header": "Problem {n} ({kyu} kyu): {goal}",
    "problem.how": "Answer with a move: `problem C3`.",
    "problem.over": "This problem is over: `problem` gives you a new one.",
    "problem.solved": "Solved! Send `problem` for the next one (about {kyu} kyu).",
    "problem.failed": (
        "Problem {n}: not this time. Send `problem {n}` to try again, or `problem` for another one."
    ),
    "problem.error.none": "You have no problem yet: send `problem` to get one.",
    "problem.error.over": (
        "Problem {n} is over: send `problem` for a new one, or `problem {n}` to try it again."
    ),
    "problem.error.unknown": "There is no problem {n}: the problems go from 1 to {total}.",
    "problem.daily": "Problem of the day: {title}",
    "problem.daily_how": "Solve it yourself: send `problem {n}`, then your moves.",
}
