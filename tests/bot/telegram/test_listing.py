"""The games list as Telegram HTML whose lines link to the games' board messages in supergroups
(bot/telegram/listing.py)."""

from __future__ import annotations

from bot.telegram.formatting import board_link
from bot.telegram.listing import BOARD_KEY, board_url, linked_lines, message_url
from service import GameService, View
from service.commands import Challenge, Games, Request, Resign
from service.i18n import key_of, t
from storage.memory import open_memory
from tests.service.conftest import ALICE, BOB, CAROL, start_game

GROUP = -1001234567890  # a supergroup
OTHER = -1009876543210
PRIVATE = 4242  # a private chat: no message links


def test_the_board_key_is_the_presenter_s() -> None:
    assert board_link(GROUP) == f"{BOARD_KEY}{GROUP}"


def test_only_supergroup_messages_have_links() -> None:
    assert message_url(GROUP, 17) == "https://t.me/c/1234567890/17"
    assert message_url(-123456, 17) is None  # a basic group
    assert message_url(PRIVATE, 17) is None
    assert message_url(-100, 17) is None


def test_the_board_in_this_chat_first_else_one_in_another_supergroup() -> None:
    links = {board_link(OTHER): "5", board_link(GROUP): "9", board_link(PRIVATE): "3"}
    assert board_url(links, GROUP) == "https://t.me/c/1234567890/9"
    assert board_url(links, PRIVATE) == "https://t.me/c/9876543210/5"  # the private board: none
    assert board_url({board_link(PRIVATE): "3", "telegram:home": str(GROUP)}, PRIVATE) is None
    assert board_url({board_link(GROUP): "not a message"}, GROUP) is None
    assert board_url({}, GROUP) is None


def test_lines_about_games_with_a_board_link_to_it() -> None:
    lines = (
        t("games.challenge_open", id=3, name="@b<o>b", terms="9×9"),
        t("games.challenge_open", id=4, name="@carol", terms="9×9"),
        t("games.more", id=3),
    )
    view = View(lines, line_games=(3, 4, None))
    links_of = {3: {board_link(GROUP): "17"}, 4: {board_link(PRIVATE): "2"}}
    linked = linked_lines(view, links_of, GROUP)
    assert linked[0] == (
        "#3 open challenge by @b&lt;o&gt;b: 9×9 · "
        f'<a href="https://t.me/c/1234567890/17">{t("telegram.board_link")}</a>'
    )
    assert linked[1] == "#4 open challenge by @carol: 9×9"  # its only board is private
    assert linked[2] == t("games.more", id=3).replace("`board #3`", "<code>board #3</code>")
    assert [key_of(line) for line in linked] == list(view.keys)  # fit_lines still knows them


def test_a_view_without_games_is_only_made_html() -> None:
    view = View((t("games.none"),))
    code = "<code>challenge @someone size=9</code>"
    assert linked_lines(view, {}, GROUP) == [
        t("games.none").replace("`challenge @someone size=9`", code)
    ]


def test_a_long_list_is_cut_by_whole_lines_and_says_so() -> None:
    lines = tuple(t("games.challenge_open", id=n, name="@bob", terms="9×9") for n in range(1, 41))
    view = View(lines, line_games=tuple(range(1, 41)))
    links_of = {n: {board_link(GROUP): str(n)} for n in range(1, 41)}
    linked = linked_lines(view, links_of, GROUP, limit=1000)
    assert len("\n".join(linked)) <= 1000
    assert all('<a href="https://t.me/c/1234567890/' in line for line in linked[:-1])
    assert key_of(linked[-1]) == "games.more_count"
    assert "<code>board #</code>" in linked[-1] and "`" not in linked[-1]


async def test_the_service_s_games_list_links_its_games() -> None:
    database = await open_memory()
    try:
        service = GameService(database)
        running = await start_game(service, "size=9")
        ended = await start_game(service, "size=9")
        await service.execute(Resign(confirm=True), Request(BOB, game=ended))
        await service.execute(Challenge(ALICE, {}), Request(CAROL))
        view = await service.execute(Games(), Request(ALICE))
    finally:
        await database.close()
    assert view.keys == ("games.line_black", "games.challenge_in", "games.finished")
    links_of = {running: {board_link(GROUP): "11"}, ended: {board_link(GROUP): "12"}}
    linked = linked_lines(view, links_of, GROUP)
    assert linked[0].endswith('<a href="https://t.me/c/1234567890/11">board</a>')
    assert "href" not in linked[1]  # a challenge has no board
    assert linked[2].endswith('<a href="https://t.me/c/1234567890/12">board</a>')
    assert "you won by resignation (B+R)" in linked[2]
