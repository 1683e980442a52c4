"""Memesis text is not hard-wrapped: ``board_text`` and ``context_text`` give one whole line per
item, however long, and Discord or the terminal wrap it to their own width (before, lines were cut at 64
characters on the board and 40 in the context)."""

from __future__ import annotations

from games.memesis.render import board_text, context_text

from .test_render import DECISION, four_board, private_ana, view_of

LONG = "Crystal Stag With An Extraordinarily Long Name"


def _long_board() -> dict:
    b = four_board()
    b["players"][2]["name"] = "Cleopatra Philopator the Seventh of Alexandria"
    return b


def test_a_long_seat_summary_and_piece_line_stay_one_line_on_the_board():
    b = _long_board()
    lines = board_text(view_of(b)).splitlines()
    seat = ("  Cleopatra Philopator the Seventh of Alexandria [A]: 23 Life · source 7 · hand 6 · Brain 18 · "
            "Ammo 5 · turns 3")
    assert seat in lines
    assert f"       #20 {LONG} · Creature · Attack 3 · Life 5/5" in lines
    assert f"          {LONG}: a creature of 3 Attack." in lines
    assert "     Dead Cell 7: " + ", ".join(["Ash Wyrm"] * 7) in lines


def test_a_long_seat_summary_stays_one_line_in_the_context_with_the_whole_name():
    b = _long_board()
    lines = context_text(view_of(b, 0, private_ana(), (DECISION,))).splitlines()
    assert "Cleopatra Philopator the Seventh of Alexandria [A]: 23 Life · source 7 · hand 6 · Brain 18 · Ammo 5" \
        in lines
    assert f" #20 {LONG} · Attack 3 · Life 5/5" in lines
