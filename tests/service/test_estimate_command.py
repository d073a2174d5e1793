"""``estimate``: who leads and by how much by the bot's own estimator, a read that never changes
the game; free in unrated games (spectators too), in rated and league games for their players
after the stop, or during play where an organiser allowed it (``settings channel estimate=on``);
one a minute per game and person."""

from __future__ import annotations

import pytest

from bot.snapshots import snapshot
from bot.words import said
from engine.colors import Color
from engine.coords import parse_vertex
from engine.counting import PointStatus, Side
from renderer.snapshot import Mark, Word
from service import Actor, GameService
from service.club_commands import LinkAccount
from service.commands import (
    Accept,
    Challenge,
    Configure,
    EstimateScore,
    Pass,
    Request,
    Resign,
    ShowBoard,
)
from service.errors import NoSuchGame, NotAPlayer, UserError, WrongPhase
from service.handlers.estimating import estimated
from service.i18n import in_language, plural, t, translate
from service.ports import Database
from tests.service.conftest import (
    ALICE,
    BOB,
    CAROL,
    ORGANISER,
    FakeClock,
    play_moves,
    start_game,
    version_of,
)

B, W = Color.BLACK, Color.WHITE
# 5×5: Black's wall on C, White's on D; White's stone B3 inside Black's area is dead (the README's
# console game): Black 9 + B3's point = 10 territory + 1 prisoner, White 5 + komi 2.5.
WALLS = ["C3", "D3", "C2", "D2", "C4", "D4", "C1", "D1", "C5", "D5", "pass", "B3"]
HERE = "discord:77"


def spot(text: str) -> tuple[int, int]:
    return parse_vertex(text, 5)


async def walls(service: GameService, *options: str) -> int:
    gid = await start_game(service, "size=5", "komi=2.5", *options)
    await play_moves(service, gid, *WALLS)
    return gid


async def game_here(service: GameService, *options: str) -> int:
    """A 9×9 game that lives in the channel HERE."""
    terms = dict(o.split("=", 1) for o in ("size=9", "color=black", *options))
    offer = await service.execute(Challenge(BOB, terms), Request(ALICE, HERE))
    assert offer.game_id is not None
    await service.execute(Accept(), Request(BOB, HERE, game=offer.game_id))
    await play_moves(service, offer.game_id, "C3", "G7")
    return offer.game_id


async def refusal(service: GameService, request: Request) -> UserError:
    with pytest.raises(UserError) as refused:
        await service.execute(EstimateScore(), request)
    return refused.value


async def test_the_leader_and_the_margin_of_a_known_position(
    service: GameService, database: Database
) -> None:
    gid = await walls(service)
    before = await version_of(database, gid)

    view = await service.execute(EstimateScore(), Request(ALICE, game=gid))

    assert view.keys == ("estimate.header", "estimate.leads", "estimate.tally", "estimate.dead")
    points = plural(3.5, "result.points")
    leads = t("estimate.leads", color=t("color.black"), name="@alice", points=points)
    assert view.lines[1] == leads
    assert view.lines[3] == t("estimate.dead", points="B3")
    board = view.board
    assert board is not None and board.estimate and board.hypothetical  # beside the game's board
    marks = dict(board.marks)
    assert marks[spot("B3")] is PointStatus.DEAD_REMOVED
    assert marks[spot("A1")] is PointStatus.BLACK_TERRITORY
    assert marks[spot("E5")] is PointStatus.WHITE_TERRITORY
    assert board.tally == view.lines[2] and board.to_move is None
    assert (board.captures_black, board.captures_white) == (1, 0)
    assert [b.token for b in view.buttons] == [f"g{gid}:board"]
    assert view.notify == ()  # a read for the asker alone
    assert await version_of(database, gid) == before  # nothing written


async def test_the_count_is_territory_prisoners_and_komi() -> None:
    """Japanese counting (Art. 10): a dead stone is the other side's prisoner and its point that
    side's territory; komi goes to White."""
    from engine.board import Board

    board = Board(5)
    for text in ("C1", "C2", "C3", "C4", "C5"):
        board.place_setup(B, parse_vertex(text, 5))
    for text in ("D1", "D2", "D3", "D4", "D5", "B3"):
        board.place_setup(W, parse_vertex(text, 5))
    counted = estimated(board, 2.5)
    assert counted.dead == {parse_vertex("B3", 5)}
    assert (counted.black, counted.white) == (Side(10, 1), Side(5, 0, 2.5))
    assert counted.leader is B and counted.margin == 3.5


async def test_the_image_says_estimate_in_the_reader_s_language(service: GameService) -> None:
    gid = await walls(service)
    view = said(
        await service.execute(EstimateScore(), Request(Actor("console:ann", "ann", "cs"), game=gid))
    )
    assert view.language == "cs"
    assert view.board is not None
    drawn = snapshot(view.board)
    assert drawn.estimate and dict(drawn.words)[Word.ESTIMATE] == translate("cs", "image.estimate")
    assert {mark for mark, _ in drawn.legend} >= {Mark.BLACK_TERRITORY, Mark.DEAD_REMOVED}
    assert view.lines[0] == in_language("cs", t("estimate.header", id=gid, n=12))


async def test_a_spectator_may_estimate_an_unrated_game(service: GameService) -> None:
    gid = await walls(service)
    view = await service.execute(EstimateScore(), Request(CAROL, game=gid))
    assert "estimate.leads" in view.keys


async def test_a_rated_game_only_after_the_stop(service: GameService) -> None:
    gid = await walls(service, "rated=yes")
    refused = await refusal(service, Request(ALICE, game=gid))
    assert isinstance(refused, WrongPhase) and refused.key == "error.estimate_rated"
    await play_moves(service, gid, "pass", "pass")  # Black, then White: the game stops
    view = await service.execute(EstimateScore(), Request(ALICE, game=gid))
    assert "estimate.leads" in view.keys


async def test_a_stranger_is_refused_in_a_rated_game(service: GameService) -> None:
    gid = await walls(service, "rated=yes")
    await play_moves(service, gid, "pass", "pass")
    refused = await refusal(service, Request(CAROL, game=gid))
    assert isinstance(refused, NotAPlayer) and refused.key == "error.estimate_stranger"


async def test_a_player_s_linked_account_is_a_player(service: GameService) -> None:
    """Alice on Telegram, linked to her console account, asks about her rated game: hers; and the
    limit is hers too, whichever account asks."""
    from tests.service.test_accounts import ALICE_TG, code_for

    gid = await walls(service, "rated=yes")
    await play_moves(service, gid, "pass", "pass")
    assert (await refusal(service, Request(ALICE_TG, game=gid))).key == "error.estimate_stranger"
    await service.execute(LinkAccount(await code_for(service, ALICE)), Request(ALICE_TG))
    await service.execute(LinkAccount("yes"), Request(ALICE))  # the code's owner agrees
    view = await service.execute(EstimateScore(), Request(ALICE_TG, game=gid))
    assert "estimate.leads" in view.keys
    assert (await refusal(service, Request(ALICE, game=gid))).key == "error.estimate_wait"


async def test_an_organiser_allows_it_during_play_for_a_channel(service: GameService) -> None:
    gid = await game_here(service, "rated=yes")
    assert (await refusal(service, Request(ALICE, HERE, game=gid))).key == "error.estimate_rated"
    with pytest.raises(UserError) as not_theirs:  # a channel's setting, for its organisers
        await service.execute(Configure({"estimate": "on"}, channel=True), Request(ALICE, HERE))
    assert not_theirs.value.key == "error.settings_channel"
    with pytest.raises(UserError) as not_a_person_s:
        await service.execute(Configure({"estimate": "on"}), Request(ALICE, HERE))
    assert not_a_person_s.value.key == "error.settings_name"

    shown = await service.execute(
        Configure({"estimate": "on"}, channel=True), Request(ORGANISER, HERE)
    )
    line = t("settings.channel_line", name=t("settings.name.estimate"), value="x")
    assert line.key in shown.keys
    assert t("settings.estimate.on") in shown.text

    view = await service.execute(EstimateScore(), Request(ALICE, HERE, game=gid))
    assert "estimate.leads" in view.keys or "estimate.even" in view.keys
    asked_elsewhere = Request(BOB, "discord:78", game=gid)  # the game's channel decides
    assert "estimate.header" in (await service.execute(EstimateScore(), asked_elsewhere)).keys
    stranger = await refusal(service, Request(CAROL, HERE, game=gid))
    assert stranger.key == "error.estimate_stranger"  # players only, even so

    await service.execute(Configure({"estimate": "off"}, channel=True), Request(ORGANISER, HERE))
    other = await game_here(service, "rated=yes")
    assert (await refusal(service, Request(ALICE, HERE, game=other))).key == "error.estimate_rated"


async def test_one_estimate_a_minute_per_game_and_person(
    service: GameService, clock: FakeClock
) -> None:
    gid = await walls(service)
    other = await start_game(service, "size=9")
    await service.execute(EstimateScore(), Request(ALICE, game=gid))
    clock.advance(20)
    refused = await refusal(service, Request(ALICE, game=gid))
    assert refused.key == "error.estimate_wait"
    assert refused.message == t("error.estimate_wait", id=gid, seconds=40)
    await service.execute(EstimateScore(), Request(BOB, game=gid))  # another person
    await service.execute(EstimateScore(), Request(ALICE, game=other))  # another game
    clock.advance(40)
    assert (
        "estimate.header" in (await service.execute(EstimateScore(), Request(ALICE, game=gid))).keys
    )


async def test_a_refused_estimate_is_not_counted(service: GameService) -> None:
    gid = await walls(service, "rated=yes")
    await refusal(service, Request(ALICE, game=gid))
    await play_moves(service, gid, "pass", "pass")
    assert (
        "estimate.header" in (await service.execute(EstimateScore(), Request(ALICE, game=gid))).keys
    )


async def test_no_game(service: GameService) -> None:
    refused = await refusal(service, Request(CAROL))
    assert isinstance(refused, NoSuchGame) and refused.key == "error.no_game"
    missing = await refusal(service, Request(CAROL, game=99))
    assert missing.key == "error.no_such_game"


async def test_a_finished_game_points_to_its_board(service: GameService) -> None:
    gid = await walls(service)
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    refused = await refusal(service, Request(ALICE, game=gid))
    assert isinstance(refused, WrongPhase) and refused.key == "error.estimate_finished"
    assert refused.message == t("error.estimate_finished", id=gid, result="B+R")


async def test_a_challenge_is_not_a_game_yet(service: GameService) -> None:
    offer = await service.execute(Challenge(BOB, {"size": "9"}), Request(ALICE))
    refused = await refusal(service, Request(ALICE, game=offer.game_id))
    assert isinstance(refused, WrongPhase) and refused.key == "error.estimate_challenge"


async def test_the_button_is_under_an_unrated_board_only(service: GameService) -> None:
    unrated = await start_game(service, "size=9")
    rated = await start_game(service, "size=9", "rated=yes", black=BOB, white=CAROL)
    view = await service.execute(ShowBoard(), Request(ALICE, game=unrated))
    assert f"g{unrated}:estimate" in [b.token for b in view.buttons]
    view = await service.execute(ShowBoard(), Request(BOB, game=rated))
    assert not any(b.token.endswith(":estimate") for b in view.buttons)
    moved = await service.execute(Pass(), Request(ALICE, game=unrated))
    assert f"g{unrated}:estimate" in [b.token for b in moved.buttons]
