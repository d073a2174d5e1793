"""The game service: ``execute(command, request)`` runs the command's one handler (the registry,
:mod:`service.handlers`) in one unit of work — a write retried on conflicts and applied once per
platform update id, or a read that never writes — then the policies that follow a command (the
computer's answer). What the command caused (:mod:`service.events`) is dispatched by
:mod:`service.dispatch`: ratings and league rounds in its transaction, waking the clock scheduler
and choosing languages afresh after the commit. The scheduler's ``settle(game_id)`` runs the
same way; where games live and what is due is the plumbing of the adapters and the scheduler,
off the command bus: ``service.directory`` (:mod:`service.directory`)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Executor
from typing import Any, TypeVar, cast

from engine.game import Game
from service import computer, dispatch, people
from service.capture import CAPTURE_ONLY
from service.commands import SYSTEM, Actor, Command, Request
from service.context import LOCAL_WEB, Clock, Context
from service.directory import Directory
from service.errors import Busy, TooFast, UserError
from service.events import ProposalWanted
from service.handlers import handler_of, settling
from service.handlers import problems as daily
from service.i18n import supported, t
from service.judging import judgement, proposal
from service.limits import CommandBudget, Limits
from service.localize import for_reader, localized
from service.model import color_of
from service.players import is_engine
from service.ports import ConcurrentUpdate, Database, Judge, Opponent, UnitOfWork
from service.preferences import Defaults
from service.unit import Unit
from service.untrusted import clean, clean_actor, clean_command, clean_request
from service.views import Deliver, View

log = logging.getLogger(__name__)
R = TypeVar("R")
Work = Callable[[Unit], Awaitable[Any]]
ATTEMPTS = 8
LANGUAGE_SECONDS = 60.0  # how long language_for keeps an answer
LANGUAGE_CACHE = 10_000


class GameService:
    """Every command of the bot, through one door: :meth:`execute` (a command value and the
    :class:`~service.commands.Request` it comes with)."""

    def __init__(
        self,
        database: Database,
        *,
        organisers: Iterable[str] = (),
        clock: Clock = time.time,
        rng: random.Random | None = None,
        vacation_days: float = 30.0,
        opponent: Opponent | None = None,
        limits: Limits | None = None,
        budget: CommandBudget | None = None,
        defaults: Defaults | None = None,
        judge: Judge | None = None,
        judging: Executor | None = None,
        web_url: str | None = None,
        web_local: str = LOCAL_WEB,
    ) -> None:
        self.context = Context(
            database,
            frozenset(organisers),
            clock,
            rng or random.Random(),
            vacation_days * 86400.0,
            opponent,
            limits=limits or Limits(),
            budget=budget,
            defaults=defaults or Defaults(),
            judge=judge,
            judging=judging,
            web_url=web_url,
            web_local=web_local,
        )
        self.deadline_listeners: list[Callable[[], None]] = []
        #: where the computer's answers to the scheduler's retries go (the scheduler's delivery):
        #: they are worked out in the background, so the scheduler never waits for the engine
        self.answer_listeners: list[Deliver] = []
        self._background: set[asyncio.Task[None]] = set()
        self._languages: dict[tuple[str, str], tuple[float, str]] = {}  # language_for's
        #: where games live (links) and what the clock owes, for the adapters and the scheduler
        self.directory = Directory(database)

    @property
    def clock(self) -> Clock:
        """The service's clock (seconds since the epoch)."""
        return self.context.clock

    @property
    def opponent(self) -> Opponent | None:
        """The computer opponent, if one is configured."""
        return self.context.opponent

    async def execute(self, command: Command[R], request: Request) -> R:
        """Run ``command`` for ``request``; user errors raise :class:`service.errors.UserError`
        (its ``language`` says whom it is for: the sender's, once their settings were read).

        A view comes back with the language and theme of each reader (the sender's: the reply;
        each notice's player's), resolved once here; its texts stay data until the adapter says
        them in those languages (:mod:`service.i18n`). What the platform or the person gave
        (names, options, ids) is cleaned first, once for every adapter and backend
        (:mod:`service.untrusted`)."""
        command, request = clean_command(command), clean_request(request)
        handler = handler_of(command)
        run = handler.run

        async def work(unit: Unit) -> Any:
            return await run(unit, command)

        prepare = handler.prepare
        if prepare is not None:  # the slow part first, in a read, then outside any transaction
            if handler.limited:
                self.charge(request.actor)
            slow, _ = await self._read(request, lambda unit: prepare(unit, command))
            if slow is not None:
                await slow()
            result = await self._run(
                work, request, writes=handler.writes, limited=handler.limited, charged=True
            )
            return cast(R, result)
        result = await self._run(work, request, writes=handler.writes, limited=handler.limited)
        return cast(R, result)

    async def settle(self, game_id: int) -> View | None:
        """The scheduler's work on one game whose deadline has passed: the reminder or the loss
        on time, if due (a write retried on conflicts, so of several processes one settles it),
        then the computer's answer or the bot's proposal it owes, delivered in the background
        (:attr:`answer_listeners`). None when nothing was due."""
        request = Request(SYSTEM, game=game_id)
        result = await self._run(settling.settle, request, writes=True, limited=False)
        return cast("View | None", result)

    async def post_daily(self, channel: str) -> View | None:
        """The scheduler's work on one channel whose problem of the day is due: the post, in the
        channel's language (a write retried on conflicts, so of several processes one posts).
        None when nothing was due."""
        request = Request(SYSTEM, channel=channel)

        async def work(unit: Unit) -> View | None:
            return await daily.post_daily(unit, channel)

        result = await self._run(work, request, writes=True, limited=False)
        return cast("View | None", result)

    async def _run(
        self, run: Work, request: Request, *, writes: bool, limited: bool, charged: bool = False
    ) -> Any:
        """``run`` in a unit of work for ``request`` (a write: committed, retried on conflicts;
        else a read), its view marked for its readers, then the policies that follow a write:
        the bot's proposal after a stop, the computer's answer. ``limited``: a person's
        command, charged to their budget (unless ``charged`` already: a prepared command); False
        for what the platforms and the clock ask."""

        async def work(unit: Unit) -> Any:
            """The command, then its view marked for its readers. What the platforms and the
            clock ask by themselves (``limited`` False: legal points, settling) reads no
            settings unless it answers with a view."""
            if limited:
                unit.reader = (await people.preferences(unit))[request.actor.id]
            try:
                result = await run(unit)
            except UserError as error:  # said in the sender's language, their settings first
                if unit.reader is not None:
                    error.language = error.language or unit.reader.language.value
                raise
            notices = await dispatch.in_transaction(unit)  # what follows, in this transaction
            if isinstance(result, View):
                if notices:  # what the command caused beyond its game
                    notify = (*result.notify, *notices)
                    result = dataclasses.replace(result, notify=notify)
                if unit.reader is None:
                    unit.reader = (await people.preferences(unit))[request.actor.id]
                result = await localized(unit, result, unit.reader)
            if writes and people.new_locale(unit):
                await people.remember(unit, request.actor)  # notices to them: their app's language
            return result

        try:
            if limited and not charged:
                self.charge(request.actor)
            if writes:
                result, unit = await self._write(request, work)
            else:
                result, unit = await self._read(request, work)
                if people.new_locale(unit):  # a read never writes: the language is kept alone
                    await self._write(request, lambda again: people.remember(again, request.actor))
        except UserError as error:  # before the settings were read: the sender's app's language
            error.language = error.language or supported(request.actor.language)
            raise
        if writes and unit is not None and request.links:
            self._wrote_links(request, result)
        if writes and unit is not None and isinstance(result, View):
            wanted = {e.game_id: e for e in unit.events if isinstance(e, ProposalWanted)}
            if wanted:  # the proposal after a stop, worked out after the commit
                judged = await self._judged(wanted.values(), request, result)
                if judged is not result and unit.reader is not None:  # the bot's words
                    judged = for_reader(judged, unit.reader)
                result = judged
            answered = await self._after(unit, request, result)
            if answered is not result and unit.reader is not None:
                answered = for_reader(answered, unit.reader)  # the computer's answer too
            result = answered
        return result

    def _wrote_links(self, request: Request, result: object) -> None:
        """The links the adapter sent with a command may have been written in its unit of work,
        with the command's game (a challenge's new one, or the one taken), beside the
        directory: it reads them again when next asked."""
        games = {request.game, result.game_id if isinstance(result, View) else None}
        self.directory.written_beside((g for g in games if g is not None), request.links)

    async def language_for(self, actor: Actor, channel: str, locale: str | None = None) -> str:
        """The language of ``actor`` in ``channel`` (for what an adapter says by itself: help,
        a command it could not read), as :meth:`execute` would choose it; the language their
        app states is remembered for what reaches them later. Kept for a minute per
        actor and channel; a ``settings`` command of this process forgets it at once."""
        actor, channel = clean_actor(actor), clean(channel)
        locale = None if locale is None else clean(locale)
        key = (actor.id, channel)
        now = time.monotonic()
        cached = self._languages.get(key)
        if cached is not None and cached[0] > now:
            return cached[1]
        request = Request(actor, channel, locale=locale)
        async with self.context.database.unit_of_work() as uow:
            unit = Unit(self.context, request, uow, self.context.clock())
            code = (await people.preferences(unit))[actor.id].language.value
        if people.new_locale(unit):  # what reaches them later (a challenge) speaks it
            await self._write(request, lambda again: people.remember(again, actor))
        if len(self._languages) > LANGUAGE_CACHE:
            self._languages.clear()
        self._languages[key] = (now + LANGUAGE_SECONDS, code)
        return code

    async def known(self, player: str) -> bool:
        """Whether the bot has met ``player`` (stored: they sent a command that wrote, or were
        named in a challenge): an adapter resolving a name written without its ``@``."""
        async with self.context.database.unit_of_work() as uow:
            return await uow.players.get(player) is not None

    def wake_scheduler(self) -> None:
        """A stored deadline changed: the clock scheduler looks again (its listeners)."""
        for listener in self.deadline_listeners:
            listener()

    def forget_languages(self) -> None:
        """Settings changed: choose every language afresh (:meth:`language_for`)."""
        self._languages.clear()

    def charge(self, actor: Actor) -> None:
        """Spend one command of ``actor``'s budget (:mod:`service.limits`), or raise
        :class:`TooFast`. :meth:`execute` charges every command a person sends; adapters charge
        what never reaches it (help, a line that does not parse). People only: not the computer,
        not the bot."""
        person = actor.id
        budget = self.context.budget
        if budget is None or actor is SYSTEM or is_engine(person):
            return
        wait = budget.take(person, self.context.clock())
        if wait is not None:
            raise TooFast(wait, quiet=not budget.first_refusal(person))

    async def _write(self, request: Request, work: Work) -> tuple[Any, Unit | None]:
        context = self.context
        lost: ConcurrentUpdate | None = None  # the last race lost: what the refusal names
        for _ in range(ATTEMPTS):
            unit: Unit | None = None
            try:
                async with context.database.unit_of_work() as uow:
                    unit = Unit(context, request, uow, context.clock())
                    update = request.update_id
                    if update is not None and not await uow.updates.claim(
                        update, request.game, unit.now
                    ):
                        return View((t("info.already_done"),)), None
                    result = await work(unit)
                    # events the work left (it has no reply to carry notices): followed all the same
                    await dispatch.in_transaction(unit)
                    await uow.commit()
            except BaseException as error:
                # a failed unit (a refused command, a conflict) leaves the games it did not change
                # cached, so the next command does not replay them; a half-changed one is dropped
                context.cache.keep(unit.untouched() if unit is not None else ())
                if isinstance(error, ConcurrentUpdate):
                    lost = error
                    continue
                if isinstance(error, UserError) and error.keep is not None:
                    await self._keep(error.keep)
                raise
            context.cache.keep(unit.kept())
            dispatch.after_commit(self, unit.events)
            return result, unit
        raise Busy(lost.what if lost is not None else None)

    async def _keep(self, keep: Callable[[UnitOfWork], Awaitable[None]]) -> None:
        """What a refused command still records (:attr:`UserError.keep`), in a unit of work of
        its own: nothing else of the command is kept, not even its update id."""
        async with self.context.database.unit_of_work() as uow:
            await keep(uow)
            await uow.commit()

    async def _read(self, request: Request, work: Work) -> tuple[Any, Unit]:
        context = self.context
        async with context.database.unit_of_work() as uow:
            unit = Unit(context, request, uow, context.clock())
            try:
                return await work(unit), unit
            finally:
                context.cache.keep(unit.loaded.items())  # a read changed none of them

    async def _after(self, unit: Unit, request: Request, view: View) -> View:
        """The policies that follow a committed command: in a game against the computer, the
        computer answers what its opponent did, or what the scheduler found it owes (its move,
        after it was down or the bot stopped first). Reads never get here: they change
        nothing, and ask nobody to act."""
        loaded = unit.games.get(view.game_id) if view.game_id is not None else None
        if loaded is None or is_engine(request.actor.id):
            return view
        # Capture Go: the bot's own policy answers, with or without a GTP engine
        # Capture Go is the bot's own policy's, under its own name, with or without GNU Go
        opponent = CAPTURE_ONLY if loaded.game.capture else self.context.opponent
        if opponent is None:
            return view
        if request.actor is not SYSTEM and color_of(loaded.row, request.actor.id) is None:
            return view  # an organiser's adjudication, say: nothing for the computer to answer
        if not (is_engine(loaded.row.black) or is_engine(loaded.row.white)):
            return view
        limit = self.context.limits.moves_per_game
        if request.actor is SYSTEM:  # the scheduler found the computer owes its move
            answering = computer.answer(opponent, self.execute, loaded, request, view, limit)
            task = asyncio.create_task(self._deliver_answer(answering, view))
            self._background.add(task)
            task.add_done_callback(self._background.discard)
            return view
        return await computer.answer(opponent, self.execute, loaded, request, view, limit)

    async def _judged(self, wanted: Iterable[ProposalWanted], request: Request, view: View) -> View:
        """The bot's proposal for each game the command stopped (Art. 9.2), worked out now,
        outside any transaction and off the event loop (:mod:`service.judging`), then written
        with its version check; the stopper's reply becomes the proposal, which both players
        are told. After the scheduler's retry (a stop whose process died before its proposal)
        it is worked out in the background and delivered like the computer's answers."""
        for event in wanted:
            game_id = event.game_id
            proposing = self._propose(
                game_id, event.version, event.move_number, event.position, request.channel
            )
            if request.actor is SYSTEM:
                task = asyncio.create_task(self._deliver_answer(proposing, view))
                self._background.add(task)
                task.add_done_callback(self._background.discard)
                continue
            try:
                answer = await proposing
            except Exception:  # the stop stands; the scheduler works the proposal out later
                log.exception("the proposal of game %s failed", game_id)
                continue
            if answer is not None and game_id == view.game_id:
                # the stopper's "judging" line (the last) gives way to the proposal
                lines = (*view.lines[:-1], *answer.lines)
                view = dataclasses.replace(
                    answer, lines=lines, notify=(*view.notify, *answer.notify)
                )
        return view

    async def _propose(
        self, game_id: int, version: int, at_move: int, game: Game, channel: str
    ) -> View | None:
        found = await judgement(self.context.judge, game, self.context.judging)
        command = proposal(game_id, version, at_move, found)
        answer: View | None = await self.execute(command, Request(SYSTEM, channel, game=game_id))
        return answer

    async def _deliver_answer(self, answering: Awaitable[View | None], asked: View) -> None:
        """Deliver the computer's answer (or the bot's proposal) worked out after the
        scheduler's :meth:`settle`."""
        try:
            view = await answering
            if view is not None and view.notify:  # it acted: the players hear of it
                for listener in self.answer_listeners:
                    await listener(view)
        except Exception:
            log.exception("the computer's answer in game %s failed", asked.game_id)

    async def idle(self) -> None:
        """Wait for the computer's answers still being worked out in the background."""
        while self._background:
            await asyncio.gather(*self._background, return_exceptions=True)

    async def close(self) -> None:
        """Stop the background answers (at shutdown; the scheduler asks again after a
        restart)."""
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
