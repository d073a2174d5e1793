"""Every authorization rule of the service (issue 3): who may do what."""

from __future__ import annotations

import re

import pytest

from engine.colors import Color
from service import Actor, GameService
from service.club_commands import History, LinkAccount
from service.commands import (
    Accept,
    Adjudicate,
    Challenge,
    Dead,
    Decline,
    Done,
    FillDame,
    NoResult,
    Pass,
    Play,
    Request,
    Resign,
    Resume,
    Sgf,
    ShowBoard,
    Undo,
)
from service.errors import NotAPlayer, NotOrganiser, NotYourTurn, WrongPhase
from service.i18n import t
from service.views import color_name
from tests.service.conftest import (
    ALICE,
    BOB,
    CAROL,
    ORGANISER,
    line,
    play_moves,
    says,
    start_game,
)


async def stopped_game(service: GameService) -> int:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "pass", "pass")
    return gid


async def test_only_the_player_to_move_plays(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    blacks_move = t("error.not_your_turn", color=color_name(Color.BLACK))
    with pytest.raises(NotYourTurn) as played:
        await service.execute(Play("E5"), Request(BOB, game=gid))
    with pytest.raises(NotYourTurn) as passed:
        await service.execute(Pass(), Request(BOB, game=gid))
    for excinfo in (played, passed):
        assert excinfo.value.key == "error.not_your_turn"
        assert excinfo.value.message == blacks_move
    with pytest.raises(NotAPlayer):
        await service.execute(Play("E5"), Request(CAROL, game=gid))


@pytest.mark.parametrize("command", ["pass", "resign", "undo"])
async def test_only_players_pass_resign_or_undo(service: GameService, command: str) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    calls = {
        "pass": lambda: service.execute(Pass(), Request(CAROL, game=gid)),
        "resign": lambda: service.execute(Resign(confirm=True), Request(CAROL, game=gid)),
        "undo": lambda: service.execute(Undo(), Request(CAROL, game=gid)),
    }
    with pytest.raises(NotAPlayer) as excinfo:
        await calls[command]()
    assert excinfo.value.key == "error.not_a_player"


@pytest.mark.parametrize("command", ["dead", "done", "resume", "filldame"])
async def test_only_players_mark_accept_resume_or_fill(service: GameService, command: str) -> None:
    gid = await stopped_game(service)
    calls = {
        "dead": lambda: service.execute(Dead(("E5",)), Request(CAROL, game=gid)),
        "done": lambda: service.execute(Done(1), Request(CAROL, game=gid)),
        "resume": lambda: service.execute(Resume(), Request(CAROL, game=gid)),
        "filldame": lambda: service.execute(FillDame(), Request(CAROL, game=gid)),
    }
    with pytest.raises(NotAPlayer):
        await calls[command]()


async def test_only_players_propose_no_result(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    with pytest.raises(NotAPlayer):
        await service.execute(NoResult(), Request(CAROL, game=gid))


async def test_only_the_challenged_user_accepts(service: GameService) -> None:
    view = await service.execute(Challenge(BOB, {"size": "9"}), Request(ALICE))
    with pytest.raises(NotAPlayer) as excinfo:
        await service.execute(Accept(), Request(CAROL, game=view.game_id))
    assert excinfo.value.key == "error.accept_other"
    with pytest.raises(NotAPlayer) as excinfo:
        await service.execute(Accept(), Request(ALICE, game=view.game_id))
    assert excinfo.value.key == "error.accept_own"
    started = await service.execute(Accept(), Request(BOB, game=view.game_id))
    assert started.board is not None


async def test_anyone_but_the_challenger_accepts_an_open_challenge(service: GameService) -> None:
    view = await service.execute(Challenge(None, {"size": "9"}), Request(ALICE))
    assert view.notify == ()
    with pytest.raises(NotAPlayer):
        await service.execute(Accept(), Request(ALICE, game=view.game_id))
    started = await service.execute(
        Accept(), Request(CAROL)
    )  # the only open challenge: no number needed
    assert started.game_id == view.game_id


async def test_only_the_challenged_or_challenger_declines(service: GameService) -> None:
    view = await service.execute(Challenge(BOB, {}), Request(ALICE))
    with pytest.raises(NotAPlayer):
        await service.execute(Decline(), Request(CAROL, game=view.game_id))
    declined = await service.execute(Decline(), Request(BOB, game=view.game_id))
    assert declined.notify[0].player == ALICE.id
    with pytest.raises(WrongPhase):
        await service.execute(Accept(), Request(BOB, game=view.game_id))


async def test_only_organisers_adjudicate(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    for actor in (ALICE, BOB, CAROL):
        with pytest.raises(NotOrganiser):
            await service.execute(Adjudicate("B+R"), Request(actor, game=gid))
    view = await service.execute(Adjudicate("bothlose"), Request(ORGANISER, game=gid))
    assert "end.adjudicated" in view.keys
    assert t("result.both_lose") in line(view, "end.announce")
    assert {n.player for n in view.notify} == {ALICE.id, BOB.id}


async def test_spectators_can_look(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    board = await service.execute(ShowBoard(), Request(CAROL, game=gid))
    assert board.board is not None and board.notify == ()
    record = await service.execute(Sgf(), Request(CAROL, game=gid))
    assert record.file is not None and b"B[ee]" in record.file[1]


async def test_a_final_result_never_changes(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    for call in (
        service.execute(Play("E5"), Request(BOB, game=gid)),
        service.execute(Resign(confirm=True), Request(ALICE, game=gid)),
        service.execute(Adjudicate("W+F"), Request(ORGANISER, game=gid)),
        service.execute(Undo(), Request(ALICE, game=gid)),
        service.execute(NoResult(), Request(ALICE, game=gid)),
    ):
        with pytest.raises(WrongPhase) as excinfo:
            await call
        assert excinfo.value.key == "error.finished"
    board = await service.execute(ShowBoard(), Request(CAROL, game=gid))
    assert "B+R" in line(board, "end.result")


# -- nobody adjudicates their own game (issue 29's audit) ------------------------------------------

GROUP = "telegram:-100777"
CAROL_TG = Actor("telegram:31", "carol")
DAVE_TG = Actor("telegram:41", "dave")
ERIN_TG = Actor("telegram:51", "erin")


def in_group(actor: Actor, game: int | None = None, *, admin: bool = False) -> Request:
    """A command from the Telegram group ``GROUP`` (its administrators organise it)."""
    return Request(actor, GROUP, game=game, community=GROUP, organiser=admin)


async def test_a_group_admin_never_adjudicates_their_own_rated_game(service: GameService) -> None:
    """carol, admin of her own group, challenges dave (rated) and adjudicates it to herself:
    refused, and the game goes on; another admin of the group decides it, and ``history`` and
    the SGF say that an organiser did, and who."""
    view = await service.execute(
        Challenge(DAVE_TG, {"size": "9", "rated": "yes", "color": "black"}),
        in_group(CAROL_TG, admin=True),
    )
    gid = view.game_id
    assert gid is not None
    await service.execute(Accept(), in_group(DAVE_TG, gid))
    with pytest.raises(NotOrganiser) as excinfo:
        await service.execute(Adjudicate("B+R"), in_group(CAROL_TG, gid, admin=True))
    assert says(excinfo.value, "error.adjudicate_own", id=gid)
    board = await service.execute(ShowBoard(), in_group(DAVE_TG, gid))
    assert "end.result" not in board.keys  # still being played
    decided = await service.execute(Adjudicate("W+R"), in_group(ERIN_TG, gid, admin=True))
    assert "end.adjudicated" in decided.keys
    history = await service.execute(History(), in_group(DAVE_TG))
    assert history.keys[1:] == ("history.line_rated_adjudicated",)
    assert "@erin" in history.lines[1]
    record = await service.execute(Sgf(), in_group(DAVE_TG, gid))
    assert record.file is not None
    assert b"RE[W+R]" in record.file[1]
    assert b"adjudicated by the organiser erin" in record.file[1]


async def test_the_bots_organisers_never_adjudicate_a_game_they_play(service: GameService) -> None:
    """``ORGANISERS`` organise everywhere, but not their own games: another organiser must."""
    gid = await start_game(service, "size=9", black=ORGANISER, white=BOB)
    with pytest.raises(NotOrganiser) as excinfo:
        await service.execute(Adjudicate("B+R"), Request(ORGANISER, game=gid))
    assert excinfo.value.key == "error.adjudicate_own"
    unrated = await service.execute(Adjudicate("jigo"), Request(CAROL, game=gid, organiser=True))
    assert "end.adjudicated" in unrated.keys
    history = await service.execute(History(), Request(BOB))
    assert history.keys[1:] == ("history.line_adjudicated",)


async def test_a_played_out_result_is_not_marked_adjudicated(service: GameService) -> None:
    gid = await start_game(service, "size=9", "rated=yes")
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    history = await service.execute(History(), Request(ALICE))
    assert history.keys[1:] == ("history.line_rated",)
    record = await service.execute(Sgf(), Request(ALICE, game=gid))
    assert record.file is not None and b"adjudicated" not in record.file[1]


async def test_nobody_adjudicates_a_game_of_their_linked_account(service: GameService) -> None:
    """One of the bot's organisers on Discord, whose console account plays: one person, so
    refused as well; their opponent's result stands to be decided by another organiser."""
    asked = await service.execute(LinkAccount(), Request(ORGANISER))
    code = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", asked.lines[0])
    assert code is not None
    await service.execute(LinkAccount(code.group(0)), Request(ALICE))
    await service.execute(LinkAccount("yes"), Request(ORGANISER))  # the code's owner agrees
    gid = await start_game(service, "size=9", "rated=yes")
    with pytest.raises(NotOrganiser) as excinfo:
        await service.execute(Adjudicate("B+R"), Request(ORGANISER, game=gid))
    assert excinfo.value.key == "error.adjudicate_own"
    board = await service.execute(ShowBoard(), Request(CAROL, game=gid))
    assert "end.result" not in board.keys
