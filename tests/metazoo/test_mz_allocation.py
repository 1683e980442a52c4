"""The attacking Caster's Damage allocation over several Defenders (MZ-COMBAT-20, MZ-COMBAT-21, MZ-GAP-34)."""

from __future__ import annotations

import pytest
from mz_helpers import caster_lp, decision, go, ids, lp, names, pos, public, uid_of

from games.core.contract import RulesError
from games.metazoo import GAME as MZ


def two_defenders(imp_damage: int = 0, kappa_damage: int = 0):
    st = pos({"arena": ["grim-hound"]},
             {"arena": [{"card": "ember-imp", "damage": imp_damage}, {"card": "kappa", "damage": kappa_damage}]})
    hound, imp, kap = uid_of(st, "grim-hound"), uid_of(st, "ember-imp"), uid_of(st, "kappa")
    go(st, 0, f"attack:{hound}:0", "target:p1")
    go(st, 1, "pass", f"defend:{imp}", f"defend:{kap}", "done", f"primary:{kap}:0")
    go(st, 0, "pass")  # window B: Grim Hound (First-Strike) resolves Churchyard Howl for 40
    return st, hound, imp, kap


def test_MZ_COMBAT_20_attacking_caster_chooses_the_split():
    """MZ-COMBAT-20, MZ-GAP-34, MZ-GAP-24: with two Defenders the attacking Caster splits the 40 Damage in
    multiples of 5, at least 5 each (so at most 35 for the first); the default is the automatic fill (Ember
    Imp 35, Kappa 5); choosing 5 for Ember Imp forces the other 35 onto Kappa (it cannot overflow to the
    Caster, since Ember Imp did not get its 40 LP)."""
    st, hound, imp, kap = two_defenders()
    d = decision(st, 0)
    assert d.kind == "allocate" and d.seat == 0
    assert ids(st, 0) == [f"give:{a}" for a in range(5, 40, 5)]
    assert d.default == "give:35" and MZ.timeout_choice(st, d) == "give:35"
    assert MZ.view(st, 1).decisions == ()  # the defending Caster does not choose
    ev = public(go(st, 0, "give:5"))
    assert "allocates 5 Damage to Ember Imp" in ev and "35 to Kappa" in ev
    assert lp(st, imp) == 35 and lp(st, kap) == 15 and caster_lp(st, 1) == 1000
    assert st.combat is None and decision(st, 0).kind == "actions"  # Kappa struck back, Combat over


def test_MZ_COMBAT_20_bad_split_is_refused_and_changes_nothing():
    """MZ-COMBAT-20: an amount that is not a legal multiple of 5 (or leaves a Defender without its 5) is
    refused with the rule named, and only the attacking Caster may split."""
    st, *_ = two_defenders()
    before = MZ.to_json(st)
    for bad in ("give:3", "give:40", "give:0"):
        with pytest.raises(RulesError) as exc:
            go(st, 0, bad)
        assert exc.value.rule == "MZ-COMBAT-20" and "5, 10, 15, 20, 25, 30, 35" in exc.value.message
    with pytest.raises(RulesError) as exc:
        go(st, 1, "give:20")
    assert exc.value.rule == "MZ-COMBAT-20" and "Ana" in exc.value.message
    assert MZ.to_json(st) == before


def test_MZ_COMBAT_21_rest_to_the_original_target_only_when_every_defender_is_covered():
    """MZ-COMBAT-21, MZ-COMBAT-20: Ember Imp and Kappa each have 10 LP left; once Ember Imp got its 10, the last
    Defender's options run from its current LP up, and whatever it does not take goes to the Caster."""
    st, hound, imp, kap = two_defenders(imp_damage=30, kappa_damage=40)
    go(st, 0, "give:10")
    d = decision(st, 0)
    assert [o.id for o in d.options] == ["give:10", "give:15", "give:20", "give:25", "give:30"]
    assert "20 to Ben" in d.options[0].label
    go(st, 0, "give:10")
    assert caster_lp(st, 1) == 980
    assert names(st, st.casters[1].limbo) == ["ember-imp", "kappa"]
