"""Placement on top of / underneath (MZ-PLACE-01..08) through the game contract, with the control change that
moves a stack (MZ-PLACE-05)."""

from __future__ import annotations

from mz_helpers import board_page, caster_lp, go, names, page, pos, public, to_next_turn, uid_of

from games.metazoo import GAME as MZ


def swallowed():
    """Ana's Coiste Bodhar (equipped, a face-down Trap under it) puts Ben's Poisoned Fire Bogle (DESTROYED: 30
    Damage to each opposing Caster) underneath itself with its Power."""
    st = pos({"arena": [{"card": "coiste-bodhar", "damage": 90, "equipment": ["trollhide-girdle"],
                         "trap": "snare-pit"}]},
             {"arena": [{"card": "fire-bogle", "indicators": [{"status": "poison", "turn": 1}]}, "flame-aura"],
              "chapter": ["fire-dart"]})
    coach, bogle = uid_of(st, "coiste-bodhar"), uid_of(st, "fire-bogle")
    go(st, 0, f"power:{coach}:0", f"target:u{bogle}")
    ev = public(go(st, 1, "pass"))
    return st, coach, bogle, ev


def test_MZ_PLACE_01_03_put_underneath_by_another_pages_effect_leaves_the_arena():
    """MZ-PLACE-01, MZ-PLACE-03, MZ-KW-04, MZ-GAP-85: only a Page Effect makes an underneath relation; Fire Bogle,
    put underneath Coiste Bodhar by the Coiste's Power, leaves the Arena: not Destroyed (no DESTROYED Effect, Ana
    keeps 1000 LP), its Indicators gone, and it is shown underneath on the public board."""
    st, coach, bogle, ev = swallowed()
    assert page(st, bogle) is None and "is Destroyed" not in ev and caster_lp(st, 0) == 1000
    entry = board_page(st, coach)
    assert [u["card"] for u in entry["under"]] == ["fire-bogle"]
    assert "underneath: Fire Bogle" in MZ.board_text(MZ.view(st, None))
    assert [p["under"] for p in MZ.view(st, None).board["arena"] if p["uid"] != coach and "under" in p] == [[]]


def test_MZ_PLACE_06_07_08_underneath_pages_go_when_the_top_leaves():
    """MZ-PLACE-06, MZ-PLACE-07, MZ-PLACE-08, MZ-GAP-63, MZ-EQUIP-08, MZ-TRAP-04: Ben's Fire Dart Destroys Coiste
    Bodhar; Fire Bogle underneath goes to its owner's Limbo without its DESTROYED Effect (Ana keeps 1000 LP);
    the Girdle follows the Equipment rule (Ana's Cemetery) and the face-down Trap stays in the Arena, standalone."""
    st, coach, bogle, _ = swallowed()
    to_next_turn(st, 0)
    go(st, 1, f"gen:{uid_of(st, 'flame-aura')}", "play:fire-dart", f"target:u{coach}")
    ev = public(go(st, 0, "pass"))
    assert "Coiste Bodhar" in ev and page(st, coach) is None
    assert names(st, st.casters[1].limbo) == ["fire-bogle"] and "Fire Bogle's DESTROYED" not in ev
    assert caster_lp(st, 0) == 1000
    assert names(st, st.casters[0].cemetery) == ["trollhide-girdle"]
    assert [ap.face_down for ap in st.arena if ap.controller == 0] == [True]


def test_MZ_PLACE_04_05_own_effect_underneath_stays_and_moves_together():
    """MZ-PLACE-04, MZ-PLACE-05, MZ-PLACE-06, MZ-PLACE-07, MZ-OWN-01: Hob's Lantern puts itself underneath Kappa by
    its own Power and stays in the Arena (its ARENA bonus still counts); when Ben's Piper's Tune takes Kappa, the
    Lantern moves with it; when Ana's Fire Dart then Destroys Kappa, the Lantern goes too, to its owner's Limbo."""
    st = pos({"arena": ["hobs-lantern", {"card": "kappa", "damage": 30}, "flame-aura"], "chapter": ["fire-dart"]},
             {"arena": ["spirit-aura", "spirit-aura", "neutral-aura", "neutral-aura"], "chapter": ["pipers-tune"]})
    lan, kap = uid_of(st, "hobs-lantern"), uid_of(st, "kappa")
    go(st, 0, f"power:{lan}:1", f"target:u{kap}")
    go(st, 1, "pass")
    entry = board_page(st, lan)
    assert entry["on"] == kap and page(st, lan) in st.arena
    to_next_turn(st, 0)
    for ap in [a for a in st.arena if a.controller == 1]:
        go(st, 1, f"gen:{ap.uid}")
    go(st, 1, "play:pipers-tune", f"target:u{kap}")
    ev = public(go(st, 0, "pass"))
    assert page(st, kap).controller == 1 and page(st, lan).controller == 1 and "move together" in ev
    assert st.owner[page(st, lan).card] == 0
    to_next_turn(st, 1)
    go(st, 0, f"gen:{uid_of(st, 'flame-aura')}", "play:fire-dart", f"target:u{kap}")
    ev = public(go(st, 1, "pass"))
    assert page(st, kap) is None and page(st, lan) is None
    assert sorted(names(st, st.casters[0].limbo)) == ["hobs-lantern", "kappa"] and "Lantern is Destroyed" not in ev
