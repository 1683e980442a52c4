"""The 0-LP check after every event (MZ-LP-05, MZ-GAP-52) through the contract: a Page left at 0 LP by a lower
maximum LP, not by Damage, is Destroyed at once."""

from __future__ import annotations

from mz_helpers import go, lp, names, page, pos, public, uid_of

from games.metazoo import GAME as MZ


def test_MZ_GAP_52_LP_05_TRIBE_01_tribal_boost_drop_destroys_at_zero_lp():
    """MZ-GAP-52, MZ-LP-05, MZ-TRIBE-01: Ben's Woodwose (80 LP printed, 80 Damage) is at 10 LP only through its
    Tribal Boost from the Wulver. Ana's Hex Bolt Destroys the Wulver: the Woodwose's maximum LP drops to 80, its
    Damage is kept, it is at 0 LP and is Destroyed at once, not at its next Damage."""
    st = pos({"chapter": ["hex-bolt"], "aura": {"dark": 1}},
             {"arena": [{"card": "woodwose", "damage": 80}, {"card": "wulver", "damage": 60}]})
    woodwose, wulver = uid_of(st, "woodwose"), uid_of(st, "wulver")
    assert lp(st, woodwose) == 10
    go(st, 0, "play:hex-bolt", f"target:u{wulver}")
    ev = public(go(st, 1, "pass"))
    assert f"Woodwose #{woodwose} is Destroyed (0 LP)" in ev
    assert page(st, woodwose) is None and sorted(names(st, st.casters[1].limbo)) == ["woodwose", "wulver"]
    assert all(p["uid"] != woodwose for p in MZ.view(st, None).board["arena"])


def test_MZ_GAP_52_LP_05_TRIBE_04_paralyze_ends_tribal_boost_and_destroys_at_zero_lp():
    """MZ-GAP-52, MZ-LP-05, MZ-TRIBE-04, MZ-PARALYZE-01: Ana's Thunderstone deals 20 Damage to Ben's Woodwose
    (10 LP left, 10 of it from Tribal Boost) and its flip (heads with seed 1) Paralyzes it: a Paralyzed Beastie
    has no Tribal Boost, so it is at 0 LP and is Destroyed at once."""
    st = pos({"chapter": ["thunderstone"], "aura": {"lightning": 1}},
             {"arena": [{"card": "woodwose", "damage": 60}, "wulver"]}, seed=1)
    woodwose = uid_of(st, "woodwose")
    go(st, 0, "play:thunderstone", f"target:u{woodwose}")
    ev = public(go(st, 1, "pass"))
    assert "10 LP left" in ev and f"Woodwose #{woodwose} is inflicted with Paralyze" in ev
    assert ev.index("inflicted with Paralyze") < ev.index(f"Woodwose #{woodwose} is Destroyed (0 LP)")
    assert page(st, woodwose) is None and names(st, st.casters[1].limbo) == ["woodwose"]
