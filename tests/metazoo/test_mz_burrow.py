"""Burrow (MZ-BURROW-01..03, MZ-GAP-26) through the contract."""

from __future__ import annotations

import pytest
from mz_helpers import decision, go, ids, pos, uid_of

from games.core.contract import RulesError
from games.metazoo import GAME as MZ


def test_MZ_BURROW_01_02_03_declared_at_turn_start_until_its_end():
    """MZ-BURROW-01, MZ-BURROW-02, MZ-BURROW-03, MZ-GAP-26, MZ-TGT-05: at the start of every turn (the opposing
    Caster's too) a Burrow Beastie's controller may declare it burrowed; then it cannot be targeted by Spells
    or Attacks (except from Burrow attackers), cannot attack or defend, and a Potion can still reach it; it
    comes up at the end of the turn."""
    st = pos({"arena": ["grim-hound", "knocker"], "chapter": ["fire-dart"]},
             {"arena": ["knocker", "woodwose"], "chapter": ["healing-draught"]})
    mine, theirs = uid_of(st, "knocker", 0), uid_of(st, "knocker", 1)
    go(st, 0, "end", "pass")
    go(st, 1, "pass")  # turn 2 (Ben's): Ben declares first as the active Caster, then Ana
    d = decision(st, 1)
    assert d.kind == "burrow" and MZ.timeout_choice(st, d) == "done"
    go(st, 1, f"burrow:{theirs}")
    assert decision(st, 0).kind == "burrow"
    go(st, 0, "done")
    assert "burrowed" in [f for ap in st.arena if ap.uid == theirs for f in ap.flags]
    go(st, 1, "pass")
    go(st, 0, "pass")
    assert not any(o.startswith(f"attack:{theirs}:") for o in ids(st, 1))  # MZ-BURROW-02
    go(st, 1, f"attack:{uid_of(st, 'woodwose')}:0")
    assert f"target:u{mine}" in ids(st, 1)
    go(st, 1, "back")
    st.casters[1].aura = {}
    go(st, 1, "play:healing-draught")  # a Potion may target it
    assert f"target:u{theirs}" in ids(st, 1)
    go(st, 1, "back", "end", "pass")
    go(st, 0, "pass")  # end of turn 2: it comes up
    assert all("burrowed" not in ap.flags for ap in st.arena)


def test_MZ_BURROW_03_only_burrowers_attack_a_burrowed_beastie():
    """MZ-BURROW-03, MZ-COMBAT-05: a burrowed Beastie is a legal Attack target only for a Burrow attacker."""
    st = pos({"arena": ["knocker", "grim-hound"]}, {"arena": ["knocker"]})
    theirs = uid_of(st, "knocker", 1)
    next(ap for ap in st.arena if ap.uid == theirs).flags.append("burrowed")
    go(st, 0, f"attack:{uid_of(st, 'grim-hound')}:0")
    assert f"target:u{theirs}" not in ids(st, 0)
    go(st, 0, "back", f"attack:{uid_of(st, 'knocker', 0)}:0")
    assert f"target:u{theirs}" in ids(st, 0)
    with pytest.raises(RulesError):
        go(st, 0, "done")
