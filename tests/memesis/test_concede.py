"""Conceding (``/table concede``, or a seat dropped after timing out again and again): MEM-GAP-05, a seat that
concedes is out at once as if at 0 Life, and the game ends when one team is left. Found by the contract test
(``tests/core/test_contract_conformance.py``): a seat conceding at its own step-7 Ammunition offer crashed the
flow, which answers an out seat's offer with its default."""

from __future__ import annotations

from games.memesis import GAME

from .kit import dec, pass_windows, player, pos


def test_MEM_GAP_05_MEM_AMM_07_a_seat_conceding_at_its_ammunition_offer_is_out_and_play_goes_on():
    """MEM-GAP-05, MEM-AMM-07: Cy (three players) has the step-7 offer of her Ammunition's top card open and
    concedes: she is out, her offer goes with her, and Ana has the next decision; the game is not over."""
    st = pos({}, {}, {"ammo": ["roman-legionary", "fire-arrow"]}, active=1)
    GAME.apply(st, 1, "end")
    pass_windows(st)
    assert (dec(st).seat, dec(st).kind) == (2, "ammo_take")
    version = GAME.version(st)
    GAME.concede(st, 2)
    assert GAME.version(st) == version + 1
    assert player(st, 2)["out"] and GAME.out_seats(st) == frozenset({2})
    assert GAME.result(st) is None
    assert [d.seat for d in GAME.decisions(st)] == [0]


def test_MEM_GAP_05_conceding_in_a_two_player_game_ends_it():
    """MEM-GAP-05: with one player left, that player wins (reason ``concede``)."""
    st = pos({}, {})
    GAME.concede(st, 0)
    result = GAME.result(st)
    assert result is not None and result.reason == "concede" and list(result.winners) == [1]
    assert GAME.decisions(st) == [] and GAME.out_seats(st) == frozenset()
