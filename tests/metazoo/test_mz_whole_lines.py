"""MetaZoo text is not hard-wrapped: ``context_text`` and ``board_text`` give one whole line per
item, however long, with whole names, and Discord or the terminal wrap it to their own width (before, the
context was cut at 40 characters and names clipped at 14)."""

from __future__ import annotations

from games.core.contract import SeatSetup
from games.metazoo import GAME as MZ

LONG = "Bartholomew Featherstonehaugh-Cholmondeley"


def _state():
    players = [{"arena": ["kappa", "water-aura"], "spellbook": ["flame-aura"] * 10},
               {"arena": ["lampad"], "chapter": ["selkie"], "spellbook": ["flame-aura"] * 10}]
    return MZ.position({"players": players}, [SeatSetup("Ana"), SeatSetup(LONG)], 1)


def test_a_long_caster_summary_stays_one_line_in_the_context_with_the_whole_name():
    lines = MZ.context_text(MZ.view(_state(), 0)).splitlines()
    assert f"{LONG}: 1000 LP · Aura none · Chapter 1 · Spellbook 10" in lines, lines
    assert "You: 1000 LP · Aura none · Chapter 0 · Spellbook 10" in lines, lines


def test_a_long_caster_summary_stays_one_line_on_the_board():
    lines = MZ.board_text(MZ.view(_state(), None)).splitlines()
    assert (f"  {LONG}: 1000/1000 LP · Aura none · Spellbook 10 · Chapter 1 · Limbo 0 · Cemetery 0 · "
            "Afterlife 0") in lines, lines
