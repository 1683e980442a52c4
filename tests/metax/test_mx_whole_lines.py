"""MetaX text is not hard-wrapped: ``context_text`` and ``board_text`` give one whole line per
item, however long, with whole names, and Discord or the terminal wrap it to their own width (before, the
context was cut at 40 characters and names clipped at 14)."""

from __future__ import annotations

from test_labels_context import spec

from games.core.contract import SeatSetup
from games.metax import GAME as mx

LONG = "Bartholomew Featherstonehaugh-Cholmondeley"


def _state():
    sp = spec({"in_play": ["beowulf"], "mp": 4},
              {"in_play": [{"card": "grendel", "pushed": True, "damage": ["b-str-3", "b-int-1"]}], "mp": 7,
               "hand": ["b-spe-1"] * 3}, phase="planning")
    return mx.position(sp, [SeatSetup("Ana"), SeatSetup(LONG)], 0)


def test_a_long_seat_summary_and_character_stay_one_line_in_the_context():
    lines = mx.context_text(mx.view(_state(), 0)).splitlines()
    assert f"{LONG}: 0 VP · 7 MP · hand 3 · deck 5" in lines, lines
    assert " Grendel Str6 Spe2 · Pushed · dmg 4: Str3 Int1" in lines, lines


def test_a_long_seat_summary_stays_one_line_on_the_board():
    lines = mx.board_text(mx.view(_state(), None)).splitlines()
    assert f"  {LONG}: 0 VP · 7 MP · hand 3 · deck 5 · discard 0" in lines, lines
    assert "     Grendel — Terror of the Mead-Hall (Str6 Spe2) Pushed · Damage: Str3, Int1" in lines, lines
