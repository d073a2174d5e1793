"""Who sees which language (issue 10): the person's setting, else the channel's, else the platform's
locale for that person, else the server's, else the bot's default, else English. Every message is
rendered in its reader's language: the reply in the actor's, each notice in its reader's.
``settings`` shows and changes them; bad input is refused and changes nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.words import said
from service import Actor, GameService, View
from service.commands import Accept, Challenge, Configure, Play, Request
from service.errors import UserError
from service.i18n import in_language, translate
from service.ports import Database
from service.preferences import Defaults, Source, person_owner, resolve
from storage.sqlite import open_sqlite
from tests.service.conftest import ALICE, BOB, ORGANISER, FakeClock, start_game

HERE = "discord:100"  # a Discord channel
ALICE_CS = Actor("discord:11", "alice", "cs")  # a Czech Discord client
BOB_HU = Actor("telegram:22", "bob", "hu-HU")  # a Hungarian Telegram app


async def settings(service: GameService, actor: Actor, channel: str = "", **values: str) -> View:
    return said(await service.execute(Configure(values), Request(actor, channel)))


async def stored(database: Database, owner: str) -> dict[str, str]:
    async with database.unit_of_work() as uow:
        return (await uow.settings.get_many([owner])).get(owner, {})


@pytest.mark.parametrize(
    ("person", "channel", "platform", "server", "bot", "expected"),
    [
        ({"language": "hu"}, {"language": "cs"}, "en", "en", "en", ("hu", Source.PERSON)),
        ({}, {"language": "cs"}, "hu", "en", "en", ("cs", Source.CHANNEL)),
        ({}, {}, "hu-HU", "cs", "en", ("hu", Source.PLATFORM)),
        ({}, {}, "pt-BR", "cs", "en", ("cs", Source.SERVER)),
        ({}, {}, None, "ja", "hu", ("hu", Source.BOT)),
        ({}, {}, None, None, None, ("en", Source.DEFAULT)),
    ],
)
def test_the_order_of_places_a_language_comes_from(
    person: dict[str, str],
    channel: dict[str, str],
    platform: str | None,
    server: str | None,
    bot: str | None,
    expected: tuple[str, Source],
) -> None:
    chosen = resolve(person, channel, platform, server, Defaults(language=bot)).language
    assert (chosen.value, chosen.source) == expected


def test_notify_is_a_persons_own_and_theme_no_platforms() -> None:
    prefs = resolve({}, {"theme": "dark", "notify": "none"}, "cs", "hu", Defaults(notify="all"))
    assert (prefs.theme.value, prefs.theme.source) == ("dark", Source.CHANNEL)
    assert (prefs.notify.value, prefs.notify.source) == ("all", Source.BOT)


async def test_settings_alone_shows_each_value_and_where_it_comes_from(
    service: GameService,
) -> None:
    view = await settings(service, ALICE_CS)
    assert view.keys == (
        "settings.header",
        "settings.line",
        "settings.line",
        "settings.line",
        "settings.how",
    )
    assert view.language == "cs"  # the Czech client's locale, nobody chose anything
    platform = translate("cs", "settings.source.platform")
    default = translate("cs", "settings.source.default")
    czech = translate("cs", "settings.language.cs")  # the reader's word for it: čeština
    assert platform in view.lines[1] and f"{czech} (cs)" in view.lines[1]
    assert default in view.lines[2] and default in view.lines[3]


async def test_a_person_s_choice_is_stored_and_answered_in_the_new_language(
    service: GameService, database: Database
) -> None:
    view = await settings(service, ALICE, language="hu", theme="dark", notify="none")
    assert view.keys[0] == "settings.changed" and view.language == "hu"
    assert view.lines[0] == translate("hu", "settings.changed")
    assert await stored(database, person_owner(ALICE.id)) == {
        "language": "hu",
        "theme": "dark",
        "notify": "none",
    }
    again = await settings(service, ALICE, language="auto")
    assert again.language == "en"
    assert await stored(database, person_owner(ALICE.id)) == {"theme": "dark", "notify": "none"}


async def test_settings_survive_a_restart(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "games.db"
    first = GameService(await open_sqlite(path), clock=clock)
    await settings(first, ALICE, language="cs")
    await first.context.database.close()
    second = GameService(await open_sqlite(path), clock=clock)
    try:
        view = await settings(second, ALICE)
        assert view.language == "cs"
    finally:
        await second.context.database.close()


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"colour": "red"}, "error.settings_name"),
        ({"language": "xx"}, "error.settings_value"),
        ({"theme": "blue"}, "error.settings_value"),
        ({"notify": "sometimes"}, "error.settings_value"),
    ],
)
async def test_bad_settings_are_refused_and_change_nothing(
    service: GameService, database: Database, values: dict[str, str], key: str
) -> None:
    await settings(service, ALICE, language="cs")
    with pytest.raises(UserError) as refused:
        await service.execute(Configure({"language": "hu", **values}), Request(ALICE))
    assert refused.value.key == key
    assert await stored(database, person_owner(ALICE.id)) == {"language": "cs"}


async def test_a_channel_s_settings_are_for_its_organisers(
    service: GameService, database: Database
) -> None:
    with pytest.raises(UserError) as refused:
        said(
            await service.execute(Configure({"language": "hu"}, channel=True), Request(ALICE, HERE))
        )
    assert refused.value.key == "error.settings_channel"
    assert await stored(database, f"channel:{HERE}") == {}
    with pytest.raises(UserError) as person_only:  # pings are a person's choice
        said(
            await service.execute(
                Configure({"notify": "all"}, channel=True), Request(ORGANISER, HERE)
            )
        )
    assert person_only.value.key == "error.settings_name"
    view = said(
        await service.execute(
            Configure({"language": "hu", "theme": "dark"}, channel=True),
            Request(ORGANISER, HERE),
        )
    )
    assert view.keys[0] == "settings.channel_changed"
    # a member without a choice of their own reads the channel's language there, not elsewhere
    assert (await settings(service, ALICE_CS, HERE)).language == "hu"
    assert (await settings(service, ALICE_CS, "discord:200")).language == "cs"
    # a person's own choice wins over the channel's
    assert (await settings(service, ALICE_CS, HERE, language="en")).language == "en"


async def test_each_notice_is_in_its_reader_s_language(service: GameService) -> None:
    """A Czech player's move: the reply in Czech, the Hungarian opponent's notice in Hungarian."""
    gid = await start_game(service, "size=9", black=ALICE_CS, white=BOB_HU)
    view = said(await service.execute(Play("D4"), Request(ALICE_CS, game=gid)))
    assert view.language == "cs" and view.board is not None and view.board.language == "cs"
    (notice,) = view.notify
    assert notice.player == BOB_HU.id and notice.language == "hu"
    ping = notice.lines[-1]
    assert ping.startswith(translate("hu", "notice.your_move", id=gid, caption="").rstrip())
    assert translate("hu", "button.pass") in [b.label for b in notice.buttons]
    assert translate("cs", "button.pass") in [b.label for b in view.buttons]


async def test_a_notice_follows_the_reader_s_own_setting_and_pings(service: GameService) -> None:
    await settings(service, BOB, language="cs", notify="none")
    gid = await start_game(service, "size=9")
    view = said(await service.execute(Play("D4"), Request(ALICE, game=gid)))
    assert view.language == "en"
    (notice,) = view.notify
    assert (notice.language, notice.notify) == ("cs", "none")
    assert translate("cs", "button.pass") in [b.label for b in notice.buttons]


async def test_a_challenge_reaches_the_challenged_in_their_language(service: GameService) -> None:
    await settings(service, BOB_HU)  # Bob is known: his app's language is remembered
    view = said(await service.execute(Challenge(BOB_HU, {"size": "9"}), Request(ALICE)))
    (notice,) = view.notify
    assert notice.language == "hu" and notice.lines[0].key == "challenge.received"  # type: ignore[attr-defined]
    assert view.lines[0] != notice.lines[0]


async def test_what_adapters_say_follows_a_change_at_once() -> None:
    """The adapter-side cache of languages forgets a change at once (:meth:`language_for`)."""
    from storage.memory import open_memory

    service = GameService(await open_memory(), rng=random.Random(1))
    assert await service.language_for(ALICE, "console") == "en"
    await settings(service, ALICE, language="cs")
    assert await service.language_for(ALICE, "console") == "cs"


async def test_the_clock_speaks_the_language_of_the_channel_the_game_lives_in(
    service: GameService, clock: FakeClock
) -> None:
    """A loss on time found by the scheduler is posted where the game lives, in that channel's
    language, and each player's notice is in theirs: the channel's for a player who chose none,
    their own choice for one who did."""
    black, white = Actor("discord:31", "ann"), Actor("discord:32", "ben")
    said(
        await service.execute(Configure({"language": "hu"}, channel=True), Request(ORGANISER, HERE))
    )
    await settings(service, white, language="cs")
    offer = said(
        await service.execute(Challenge(white, {"size": "9", "time": "1d"}), Request(black, HERE))
    )
    assert offer.game_id is not None
    await service.execute(Accept(), Request(white, HERE, game=offer.game_id))
    clock.advance(3 * 86400)
    settled = await service.settle(offer.game_id)
    assert settled is not None
    view = said(settled)
    assert view.language == "hu" and view.lines
    assert view.lines[-1] != in_language("en", view.lines[-1])
    languages = {n.player: n.language for n in view.notify}
    assert languages == {black.id: "hu", white.id: "cs"}
    for notice in view.notify:
        assert notice.lines[0] == in_language(notice.language, notice.lines[0])
        assert notice.lines[0] != in_language("en", notice.lines[0])


async def test_a_reader_s_channel_is_where_the_game_lives_not_where_the_sender_typed(
    service: GameService,
) -> None:
    """A move sent from somewhere else (a private chat) still reaches the opponent in the
    language of the game's channel."""
    black, white = Actor("telegram:41", "ann"), Actor("telegram:42", "ben")
    group = "telegram:-100200"
    said(
        await service.execute(
            Configure({"language": "hu"}, channel=True), Request(ORGANISER, group)
        )
    )
    offer = said(
        await service.execute(
            Challenge(white, {"size": "9", "color": "black"}), Request(black, group)
        )
    )
    assert offer.game_id is not None
    await service.execute(Accept(), Request(white, group, game=offer.game_id))
    for where in (group, black.id):  # in the group, then from Ann's private chat
        view = said(
            await service.execute(
                Play("D4" if where == group else "D6"), Request(black, where, game=offer.game_id)
            )
        )
        if where == group:
            await service.execute(Play("E5"), Request(white, group, game=offer.game_id))
        (notice,) = view.notify
        assert notice.language == "hu", where


async def test_a_thread_follows_the_settings_of_its_channel(service: GameService) -> None:
    """A Discord game's thread is a channel of its own, but the settings of the channel it was
    opened from apply in it (``Request.room``), both to read and to change."""
    said(
        await service.execute(Configure({"language": "hu"}, channel=True), Request(ORGANISER, HERE))
    )
    in_thread = Request(ALICE_CS, "discord:555", room=HERE)
    assert (await service.execute(Configure(), in_thread)).language == "hu"
    said(
        await service.execute(
            Configure({"language": "cs"}, channel=True),
            Request(ORGANISER, "discord:555", room=HERE),
        )
    )
    assert (await settings(service, ALICE_CS, HERE)).language == "cs"


async def test_numbers_are_written_as_each_reader_writes_them(service: GameService) -> None:
    """Czech and Hungarian write a decimal comma (``komi 6,5``), and a komi typed so is read;
    the same sentence said again in English has its dot back."""
    view = said(
        await service.execute(Challenge(BOB, {"size": "9", "komi": "6,5"}), Request(ALICE_CS))
    )
    assert view.language == "cs" and "komi 6,5" in view.lines[0]
    assert "komi 6.5" in in_language("en", view.lines[0])
    (notice,) = view.notify
    assert notice.language == "en" and "komi 6.5" in notice.lines[0]
