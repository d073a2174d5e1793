"""The adapters' one error policy: what a chat is told when a command fails.

A :class:`~service.errors.UserError` is answered with its own sentence in its reader's language:
the one the service chose for them (:attr:`UserError.language`, their settings first), else the
adapter's choice for the sender (:func:`bot.words.error_words`). A *quiet* one (a flood's later
refusals, :class:`~service.errors.TooFast`) may stay unanswered where an answer would spend a
chat's budget (:func:`quiet`). Anything else is a fault of the bot: logged with its traceback,
answered with a short apology (``error.internal``) in the sender's language, never with the
traceback. The Telegram handlers and presenter, the Discord runner and the console answer by it.

The adapter's choice of language is asked only when the answer needs it (``language`` may be a
coroutine function): a refusal the service made already says whom it is for.

>>> import asyncio
>>> from service.errors import NotYourTurn
>>> from service.i18n import t
>>> asyncio.run(answer(NotYourTurn(t("error.not_your_turn", color=t("color.white"))), "cs")).text
'Na tahu je bílý'
>>> asyncio.run(answer(RuntimeError("the disk is full"), "en", "a test")).text  # logged
'Sorry, something went wrong on our side. Please try again later.'
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.words import error_words
from service.errors import UserError
from service.i18n import DEFAULT_LANGUAGE, supported, translate

log = logging.getLogger(__name__)

Language = str | None | Callable[[], Awaitable[str | None]]
"""The sender's language as the adapter chose it, or how to ask for it (asked only when needed)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What to say about a failed command."""

    text: str
    #: a user error that may stay unanswered where answering costs a chat's budget
    quiet: bool = False
    #: the bot's own fault (logged), not the user's
    internal: bool = False


def quiet(error: BaseException) -> bool:
    """Whether ``error`` may stay unanswered where an answer costs a chat's budget (a flood's
    later commands)."""
    return isinstance(error, UserError) and error.quiet


async def answer(
    error: BaseException,
    language: Language = None,
    doing: str = "a command",
    *args: object,
    logger: logging.Logger = log,
) -> Answer:
    """The answer to ``error``: a user error's own sentence in its reader's language; anything
    else logged (``doing`` with ``args``, a logging format such as ``"update %s"``, then
    "failed") with its traceback, and the apology in ``language``."""
    if isinstance(error, UserError):
        code = error.language or await _chosen(language)
        return Answer(error_words(error, code), quiet=error.quiet)
    logger.error(f"{doing} failed", *args, exc_info=error)
    code = supported(await _chosen(language)) or DEFAULT_LANGUAGE
    return Answer(translate(code, "error.internal"), internal=True)


async def _chosen(language: Language) -> str | None:
    return await language() if callable(language) else language
