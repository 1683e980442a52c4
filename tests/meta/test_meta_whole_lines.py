"""Meta text is not hard-wrapped: ``context_text`` and ``board_text`` give one whole line per
item, however long, and Discord or the terminal wrap it to their own width (before, the context was cut at
40 characters)."""

from __future__ import annotations

from meta_stack_helpers import FILLER, apply, inst

from games.core.values import SeatSetup
from games.meta import GAME

LONG = "Archduchess Wilhelmina of the Seventeen Northern Provinces"


def _state():
    st = GAME.position({"players": [{"hand": ["e001.1"], "memory": FILLER}, {"memory": FILLER}]},
                       [SeatSetup(LONG), SeatSetup("Ben")], 0)
    apply(st, 0, f"play:{inst(st, 0, 'e001.1')}")
    return st


def test_a_long_seat_summary_stays_one_line_in_the_context():
    lines = GAME.context_text(GAME.view(_state(), 1)).splitlines()
    assert f"▶ {LONG}: 15 life, hand 1, mem 12" in lines, lines


def test_a_long_seat_summary_stays_one_line_on_the_board():
    lines = GAME.board_text(GAME.view(_state(), None)).splitlines()
    assert f"▶ {LONG}: 15 life · hand 1 · memory 12 · graveyard 0" in lines, lines
