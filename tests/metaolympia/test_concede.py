"""A team that concedes (``/table concede``, or a team dropped after timing out again and again) while a contest
is on (the package docstring: its matches to come are not played, the game ends when one team is left). Found by
the contract test (``tests/core/test_contract_conformance.py``): the rival's open decision of the abandoned
match was left open and listing it failed."""

from __future__ import annotations

from games.metaolympia import GAME

from .kit import HOME_WINS, board, decision, drive, position


def test_MO_MAT_01_a_team_conceding_while_its_rival_reveals_abandons_the_match_and_play_goes_on():
    """MO-MAT-01 (a match of Defining Moments between two teams): the Away team is about to reveal when the Home
    team concedes in a three-team game: the match is abandoned, nobody is left with a decision of it, the
    conceding team never decides again and the game plays to its end."""
    st = position({"match": [0, 1], "dice": HOME_WINS}, n=3)
    d = decision(st)
    assert d.kind == "athlete" and d.seat == 1
    version = GAME.version(st)
    events = GAME.concede(st, 0)
    assert GAME.version(st) == version + 1
    assert "The contest is abandoned." in [e.text for e in events]
    assert board(st)["contest"] is None and board(st)["players"][0]["out"]
    assert GAME.result(st) is None and GAME.out_seats(st) == frozenset({0})
    run = drive(st)
    assert 0 not in {seat for seat, _ in run.trace}
    result = GAME.result(st)
    assert result is not None and 0 in result.losers


def test_MO_MAT_01_the_deciding_team_conceding_ends_a_two_team_game():
    """The Away team concedes at its own decision in a two-team game: one team is left, which wins."""
    st = position({"match": [0, 1], "dice": HOME_WINS})
    assert decision(st).seat == 1
    GAME.concede(st, 1)
    result = GAME.result(st)
    assert result is not None and result.reason == "concede" and list(result.winners) == [0]
    assert GAME.decisions(st) == []
