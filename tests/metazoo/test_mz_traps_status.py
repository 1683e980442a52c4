"""Face-down Traps and Status Effects through the contract (MZ-TRAP-*, MZ-TURN-09/10, MZ-STATUS-*)."""

from __future__ import annotations

import pytest
from mz_helpers import caster_lp, decision, go, ids, lp, names, page, pos, public, uid_of

from games.core.contract import RulesError
from games.metazoo import GAME as MZ


def face_down(st, seat):
    return [ap for ap in st.arena if ap.face_down and ap.controller == seat]


def test_MZ_TRAP_01_11_MZ_CORE_08_face_down_identity_only_for_its_controller():
    """MZ-TRAP-01, MZ-TRAP-11, MZ-CORE-08, MZ-TURN-09, MZ-TRAPTRAIT-01, MZ-OWN-04: a face-down Page costs
    nothing; only its controller's private view and private log name it."""
    st = pos({"chapter": ["bog-lurker", "kappa"]})
    ev = go(st, 0, "trap:bog-lurker", "alone")
    (fd,) = face_down(st, 0)
    assert fd.controller == 0 and st.casters[0].aura == {}
    assert "Bog Lurker" not in public(ev) and any("Bog Lurker" in e.text and e.audience == (0,) for e in ev)
    for viewer in (None, 1):
        v = MZ.view(st, viewer)
        assert v.board["arena"] == [{"uid": fd.uid, "controller": 0, "face_down": True}]
        assert "bog-lurker" not in str(v.board) and "Bog Lurker" not in str(v.private)
    mine = MZ.view(st, 0).private
    assert mine["face_down"] == [{"uid": fd.uid, "card": "bog-lurker", "name": "Bog Lurker"}]
    assert [c["card"] for c in mine["chapter"]] == ["kappa"]
    assert MZ.view(st, 1).board["casters"][0]["chapter"] == 1  # sizes are public (MZ-GAP-70)


def test_MZ_TRAP_02_MZ_TURN_10_move_once_under_a_page_without_a_trap():
    """MZ-TRAP-02, MZ-TURN-10, MZ-GAP-19: a standalone face-down Page moves once, under your Beastie that has
    no face-down Page under it yet."""
    st = pos({"chapter": ["snare-pit", "bog-lurker"], "arena": ["kappa"]})
    k = uid_of(st, "kappa")
    go(st, 0, "trap:snare-pit", f"under:{k}")
    assert page(st, k).trap >= 0
    go(st, 0, "trap:bog-lurker")
    assert ids(st, 0) == ["alone", "back"]  # Kappa already has one under it
    go(st, 0, "alone")
    (fd,) = face_down(st, 0)
    assert not any(o.startswith("move:") for o in ids(st, 0))
    with pytest.raises(RulesError) as exc:
        go(st, 0, f"move:{fd.uid}:{k}")
    assert exc.value.rule == "MZ-TURN-10"


def attack_trap_setup(trap: str, **p0):
    return pos({"arena": [{"card": trap, "face_down": True}, "water-aura", *p0.get("arena", [])]},
               {"arena": ["grim-hound"]}, active=1)


def test_MZ_TRAP_05_08_10_MZ_COMBAT_06_beastie_trap_flips_paid_and_defends():
    """MZ-TRAP-05, MZ-TRAP-08, MZ-TRAP-10, MZ-COMBAT-06, MZ-GAP-30, MZ-GAP-31, MZ-GAP-32: attacking a standalone
    face-down Bog Lurker flips it; Ana generates Aura mid-Combat (MZ-AURA-03) and pays: it enters Fatigued and
    is the Page attacked; it strikes back as Primary Defender."""
    st = attack_trap_setup("bog-lurker")
    (fd,) = face_down(st, 0)
    hound = uid_of(st, "grim-hound")
    ev = public(go(st, 1, f"attack:{hound}:0", f"target:u{fd.uid}"))
    assert "it is Bog Lurker" in ev
    assert decision(st, 0).kind == "trap_pay" and "pay" not in ids(st, 0)
    go(st, 0, f"gen:{uid_of(st, 'water-aura')}", "pay")
    lurker = uid_of(st, "bog-lurker")
    assert page(st, lurker).fatigued and st.combat.target == lurker
    go(st, 0, "pass")  # window A
    go(st, 1, "pass")  # window B
    assert lp(st, lurker) == 10 and lp(st, hound) == 40


def test_MZ_TRAP_09_unpaid_trap_goes_to_the_afterlife():
    """MZ-TRAP-09, MZ-GAP-60, MZ-GAP-31: the controller may decline; the Trap goes to the Afterlife with no
    Effect and the Attack, whose target is gone, ends."""
    st = attack_trap_setup("bog-lurker")
    (fd,) = face_down(st, 0)
    go(st, 1, f"attack:{uid_of(st, 'grim-hound')}:0", f"target:u{fd.uid}")
    d = decision(st, 0)
    assert MZ.timeout_choice(st, d) == "decline"
    go(st, 0, "decline")
    assert names(st, st.casters[0].afterlife) == ["bog-lurker"] and st.combat is None
    assert caster_lp(st, 0) == 1000 and decision(st, 1).kind == "actions"


def test_MZ_TRAP_06_07_MZ_WIN_04_revealed_bluff_loses():
    """MZ-TRAP-06, MZ-WIN-04, MZ-GAP-61: a face-down Page without the Trap Trait, once revealed, makes its placer
    lose at once."""
    st = attack_trap_setup("ember-imp")
    (fd,) = face_down(st, 0)
    go(st, 1, f"attack:{uid_of(st, 'grim-hound')}:0", f"target:u{fd.uid}")
    res = MZ.result(st)
    assert res is not None and res.losers == (0,) and res.reason == "bluff"
    assert "ember-imp" in names(st, st.casters[0].limbo)


def test_MZ_TRAP_05_trap_under_a_targeted_page_flips_MZ_KW_02():
    """MZ-TRAP-05, MZ-TRAP-03, MZ-KW-02, MZ-TRAP-10, MZ-TGT-06: a Trap under the attacked Page flips; paid, its FLIPPED
    Effect hits the attacker; the Combat goes on to window A."""
    st = pos({"arena": [{"card": "kappa", "trap": "snare-pit"}, "water-aura"]}, {"arena": ["grim-hound"]},
             active=1)
    k, hound = uid_of(st, "kappa"), uid_of(st, "grim-hound")
    go(st, 1, f"attack:{hound}:0")
    assert f"target:u{k}" in ids(st, 1) and len(ids(st, 1)) == 3  # the Trap under Kappa is no target
    ev = public(go(st, 1, f"target:u{k}"))
    assert "it is Snare Pit" in ev
    go(st, 0, f"gen:{uid_of(st, 'water-aura')}", "pay")
    assert lp(st, hound) == 40 and names(st, st.casters[0].cemetery) == ["snare-pit"]
    assert decision(st, 0).kind == "priority" and st.combat.stage == "window_a"


def test_MZ_TRAP_04_trap_stays_when_its_host_leaves():
    """MZ-TRAP-04, MZ-ZONE-01: when the Page above a face-down Trap is Destroyed, the Trap stays face-down in
    the Arena, standalone."""
    st = pos({"arena": [{"card": "ember-imp", "damage": 20, "trap": "bog-lurker"}]},
             {"chapter": ["fire-dart"], "aura": {"flame": 1}}, active=1)
    go(st, 1, "play:fire-dart", f"target:u{uid_of(st, 'ember-imp')}")
    go(st, 0, "pass")
    assert "ember-imp" in names(st, st.casters[0].limbo)
    (fd,) = face_down(st, 0)
    assert st.cards[fd.card] == "bog-lurker"


def test_MZ_STATUS_01_02_who_can_have_it_and_no_refresh():
    """MZ-STATUS-01, MZ-STATUS-02: Burn cannot be put on an Artifact; a Burned Beastie cannot be Burned again
    (its counters are not refreshed)."""
    st = pos({"arena": ["salamander-whelp"]}, {"arena": ["standing-stone"]})
    go(st, 0, f"attack:{uid_of(st, 'salamander-whelp')}:0", f"target:u{uid_of(st, 'standing-stone')}")
    go(st, 1, "pass")
    go(st, 0, "pass")
    assert page(st, uid_of(st, "standing-stone")).indicators == []
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}},
             {"arena": [{"card": "woodwose", "indicators": [{"status": "burn", "counters": 5}]}]})
    w = uid_of(st, "woodwose")
    go(st, 0, "play:fire-dart", f"target:u{w}")
    ev = public(go(st, 1, "pass"))
    assert "already has Burn" in ev and [(i.status, i.counters) for i in page(st, w).indicators] == [("burn", 5)]


def test_MZ_TRAP_06_MZ_GAP_61_placing_a_bluff_says_so_to_its_placer_only():
    """MZ-TRAP-06, MZ-GAP-61: the option to place a Page without the Trap Trait face-down warns that it is a
    bluff that loses the game if revealed; a real Trap's option carries no warning; the opponent's view shows
    neither option."""
    st = pos({"chapter": ["ember-imp", "snare-pit"]})
    labels = {o.id: o.label for o in decision(st, 0).options}
    assert "bluff" in labels["trap:ember-imp"] and "lose" in labels["trap:ember-imp"]
    assert labels["trap:snare-pit"] == "Place Snare Pit face-down"
    assert "bluff" not in str(MZ.view(st, 1).board) and not MZ.view(st, 1).decisions
