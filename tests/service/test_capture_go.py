"""Capture Go through the service (docs/capture-go.md): against the computer, which its own policy
plays even without a GTP engine, and between two people; the refusals of what it has not."""

from __future__ import annotations

import random

import pytest

from engine.capture_go import choose_move
from engine.colors import Color
from engine.game import Game
from engine.result import ResultKind
from service import GameService
from service.club_commands import History
from service.commands import (
    Challenge,
    Computer,
    Dead,
    Done,
    EstimateScore,
    Games,
    Pass,
    Play,
    Request,
    Sgf,
    Try,
    Undo,
)
from service.errors import BadArguments, UserError, WrongPhase
from service.i18n import t
from service.model import GameState, rebuild
from service.ports import Database, GameStatus
from service.views import View, color_name
from tests.service.conftest import ALICE, BOB, FakeClock, line, play_moves, says, start_game


async def stored(database: Database, game_id: int) -> tuple[GameStatus, str | None, Game]:
    async with database.unit_of_work() as uow:
        row = await uow.games.get(game_id)
        assert row is not None
        return row.status, row.result, rebuild(row, await uow.games.events(game_id))


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_a_whole_game_against_the_computer_without_an_engine(
    database: Database, clock: FakeClock, seed: int
) -> None:
    service = GameService(database, clock=clock, rng=random.Random(1))  # no GTP engine at all
    view = await service.execute(Computer({"mode": "capture", "level": "2"}), Request(ALICE))
    gid = view.game_id
    assert gid is not None and view.board is not None and view.board.size == 7
    assert t("capture.start") in view.lines
    assert view.board.caption.startswith(t("caption.capture"))
    rng = random.Random(seed)
    last: View = view
    for _ in range(100):
        status, _result, game = await stored(database, gid)
        if status is GameStatus.FINISHED:
            break
        assert game.to_move is Color.BLACK  # the computer always answered
        point = choose_move(game, 3, rng)
        command = Pass() if point is None else Play(point.gtp())
        last = await service.execute(command, Request(ALICE, game=gid))
    status, result, game = await stored(database, gid)
    assert status is GameStatus.FINISHED and result is not None
    assert game.result is not None and game.result.kind in (ResultKind.CAPTURE, ResultKind.JIGO)
    assert game.result.sgf == result
    if game.result.kind is ResultKind.CAPTURE:  # the capturer's point is named
        move = game.last_move
        assert move is not None and move.point is not None
        winner = game.result.winner
        assert winner is move.color
        assert f"{move.point.gtp()}" in line(last, "end.capture")
    else:
        assert "end.capture_draw" in last.keys


async def test_the_computer_level_and_size_nine(database: Database, clock: FakeClock) -> None:
    service = GameService(database, clock=clock, rng=random.Random(1))
    view = await service.execute(
        Computer({"mode": "capture", "size": "9", "color": "white", "level": "10"}),
        Request(ALICE),
    )
    assert view.board is not None and view.board.size == 9
    assert len(view.board.black) == 1  # the computer, Black, played first


class NamedEngine:
    """A GTP engine's stand-in that must never be asked in Capture Go."""

    name = "GNU Go"

    async def genmove(self, game: Game, color: Color, level: int) -> None:
        raise AssertionError("Capture Go is the bot's own policy's")


async def test_with_gnu_go_installed_the_capture_computer_is_still_the_bots_own(
    database: Database, clock: FakeClock
) -> None:
    """The computer of a Capture Go game plays and is named as the bot's own policy (Gobot),
    not as the GTP engine that plays normal games."""
    engine = NamedEngine()
    service = GameService(database, clock=clock, rng=random.Random(1), opponent=engine)
    view = await service.execute(
        Computer({"mode": "capture", "color": "white", "level": "3"}), Request(ALICE)
    )
    assert view.board is not None and len(view.board.black) == 1  # it played, as Gobot
    assert "Gobot" in view.board.black_name and "GNU Go" not in view.board.black_name


async def test_a_challenge_of_capture_go_to_its_first_capture(service: GameService) -> None:
    sent = await service.execute(Challenge(BOB, {"mode": "capture"}), Request(ALICE))
    assert t("terms.capture") in sent.lines[0] and "7×7" in sent.lines[0]
    gid = await start_game(service, "mode=capture")
    # White's D4 runs out of liberties: Black's D3 captures it and wins at once
    await play_moves(service, gid, "C4", "D4", "E4", "A1", "D5", "A2")
    end = await service.execute(Play("D3"), Request(ALICE, game=gid))
    reason = t("end.capture", color=color_name(Color.BLACK), name="@alice", point="D3")
    assert line(end, "end.capture") == reason
    assert "B+C" in line(end, "end.announce")
    assert t("result.capture", winner=color_name(Color.BLACK)) in line(end, "end.announce")
    assert {n.player for n in end.notify} == {ALICE.id, BOB.id}
    with pytest.raises(UserError):  # the result is final
        await service.execute(Play("G7"), Request(BOB, game=gid))
    listed = await service.execute(Games(), Request(ALICE))
    assert any(t("games.won_capture", sgf="B+C") in text for text in listed.lines)
    lost = await service.execute(Games(), Request(BOB))
    assert any(t("games.lost_capture", sgf="B+C") in text for text in lost.lines)
    history = await service.execute(History(), Request(BOB))
    assert any("B+C" in text for text in history.lines)
    record = await service.execute(Sgf(), Request(BOB, game=gid))
    assert record.file is not None
    sgf = record.file[1]
    assert b"RE[B+C]" in sgf and b"RU[Capture]" in sgf and b"GN[Capture Go]" in sgf
    assert b"KM[0]" in sgf and b"TB[" not in sgf


async def test_two_passes_draw_and_undo_works(service: GameService) -> None:
    gid = await start_game(service, "mode=capture", "size=9")
    await play_moves(service, gid, "E5", "C3")
    asked = await service.execute(Undo(), Request(BOB, game=gid))
    assert "undo.sent" in asked.keys
    await service.execute(Undo(answer=True), Request(ALICE, game=gid))
    await service.execute(Pass(), Request(BOB, game=gid))  # White's turn again
    end = await service.execute(Pass(), Request(ALICE, game=gid))
    assert "end.capture_draw" in end.keys and "0" in line(end, "end.announce")
    listed = await service.execute(Games(), Request(ALICE))
    assert any(t("result.jigo") in text for text in listed.lines)


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"mode": "capture", "size": "13"}, "error.capture_size"),
        ({"mode": "capture", "rated": "yes"}, "error.capture_rated"),
        ({"mode": "capture", "komi": "6.5"}, "error.capture_even"),
        ({"mode": "capture", "handicap": "2"}, "error.capture_even"),
        ({"mode": "chess"}, "error.option_choice"),
    ],
)
async def test_refused_terms_change_nothing(
    service: GameService, options: dict[str, str], key: str
) -> None:
    with pytest.raises(BadArguments) as refused:
        await service.execute(Challenge(BOB, options), Request(ALICE))
    assert refused.value.key == key
    listed = await service.execute(Games(), Request(ALICE))
    assert "#1" not in " ".join(listed.lines)


async def test_the_size_refusal_names_the_sizes(service: GameService) -> None:
    with pytest.raises(BadArguments) as refused:
        await service.execute(Challenge(BOB, {"mode": "capture", "size": "13"}), Request(ALICE))
    assert says(refused.value, "error.capture_size", size=13, sizes="size=7, size=9")


async def test_counting_commands_are_refused(database: Database, service: GameService) -> None:
    gid = await start_game(service, "mode=capture")
    await play_moves(service, gid, "D4", "C3")
    before = await stored(database, gid)
    for command, actor in (
        (Dead(("d4",)), ALICE),
        (Done(), BOB),
        (Try(("E5",)), ALICE),
        (EstimateScore(), ALICE),
    ):
        with pytest.raises(WrongPhase) as refused:
            await service.execute(command, Request(actor, game=gid))
        assert says(refused.value, "error.capture_counting", id=gid)
    after = await stored(database, gid)
    assert after[0] is before[0] and after[2].move_number == before[2].move_number == 2


def test_the_mode_is_kept_in_the_rows_data() -> None:
    data = GameState(capture=True).to_data()
    assert data["mode"] == "capture" and GameState.from_data(data, 7).capture
    assert "mode" not in GameState().to_data()  # a normal game's data is as before
    assert not GameState.from_data({}, 19).capture  # and older games are Go
