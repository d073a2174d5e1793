"""The standings as data (issue 26): ``league standings`` carries one typed structure
(:class:`service.standings.Standings`) from which its text lines and its table image are drawn;
places shared by ties, McMahon scores, withdrawn players, ranks and display names."""

from __future__ import annotations

from service import GameService
from service.commands import Request
from service.i18n import number
from service.ports import Database
from service.standings import Standing, rank_text
from tests.service.conftest import ALICE, BOB, CAROL, ORGANISER
from tests.service.test_leagues import DAVE, A, create, finish_round, league


def cells(row: Standing, mcmahon: bool) -> tuple[str, ...]:
    """The image's cells of a row, as the structure says they should be."""
    name = f"@{row.name}"
    score = (number(row.mms),) if mcmahon and row.mms is not None else ()
    return (
        f"{row.place}{'=' if row.shared else ''}",
        name,
        *score,
        number(row.wins),
        number(row.sos),
        number(row.sodos),
        str(row.played),
        str(row.left),
    )


async def test_a_round_with_ties_is_one_structure_for_text_and_image(
    service: GameService, database: Database
) -> None:
    await create(service, ALICE, BOB, CAROL, DAVE, system="swiss", rounds="3")
    await service.execute(league(A.START), Request(ORGANISER, "console"))
    await finish_round(service, database, 1)  # Black wins both games: two 1-0, two 0-1
    view = await service.execute(league(A.STANDINGS), Request(ALICE, "console"))
    data = view.standings
    assert data is not None and view.table is not None
    assert (data.name, data.community, data.status, data.system) == (
        "autumn",
        "console",
        "running",
        "swiss",
    )
    assert (data.round, data.rounds, data.mcmahon) == (1, 3, False)
    assert [row.wins for row in data.rows] == [1.0, 1.0, 0.0, 0.0]
    assert [row.place for row in data.rows] == [1, 1, 3, 3]  # equal score, SOS and SODOS
    assert all(row.shared for row in data.rows)
    assert {row.person for row in data.rows} == {ALICE.id, BOB.id, CAROL.id, DAVE.id}
    assert {row.name for row in data.rows} == {"alice", "bob", "carol", "dave"}
    assert all(row.played == 1 and row.left == 2 and not row.withdrawn for row in data.rows)
    assert view.table.rows == tuple(cells(row, False) for row in data.rows)
    assert len(view.lines) == 1 + len(data.rows)  # the header, then one line per row
    mine = [i for i, row in enumerate(data.rows) if row.person == ALICE.id]
    assert view.table.highlight == frozenset(mine)


async def test_mcmahon_scores_withdrawn_players_and_ranks(
    service: GameService, database: Database
) -> None:
    await create(service, ALICE, BOB, CAROL, DAVE, system="mcmahon", rounds="2")
    await service.execute(league(A.START), Request(ORGANISER, "console"))
    await finish_round(service, database, 1)
    await service.execute(league(A.LEAVE), Request(DAVE, "console"))
    view = await service.execute(league(A.STANDINGS), Request(BOB, "console"))
    data = view.standings
    assert data is not None and view.table is not None and data.mcmahon
    assert all(row.mms is not None for row in data.rows)
    assert [row.mms for row in data.rows] == sorted(
        (row.mms or 0 for row in data.rows), reverse=True
    )
    dave = next(row for row in data.rows if row.person == DAVE.id)
    assert dave.withdrawn and dave.left == 0
    assert [r.withdrawn for r in data.rows].count(True) == 1
    assert all(row.rank.endswith(("k", "d")) for row in data.rows)
    # the image shows the MMS column, and a withdrawn player's name is marked
    assert len(view.table.headers) == 8
    withdrawn = view.table.rows[data.rows.index(dave)]
    assert withdrawn[1] != "@dave" and "dave" in withdrawn[1]


def test_rank_labels_of_league_rank_numbers() -> None:
    assert [rank_text(n) for n in (0, 20, 29, 30, 38)] == ["30k", "10k", "1k", "1d", "9d"]
