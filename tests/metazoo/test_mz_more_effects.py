"""Dual Aura types, searching, "you", and an extra win condition (MZ-TYPE-03, MZ-GAP-08, MZ-INFO-02, MZ-OWN-03,
MZ-WIN-03)."""

from __future__ import annotations

from mz_helpers import go, lp, names, pos, public, uid_of

from games.metazoo import GAME as MZ


def test_MZ_TYPE_03_MZ_GAP_08_dual_type_counts_for_each_type_once():
    """MZ-TYPE-03, MZ-TYPE-02, MZ-GAP-08, MZ-AAA-01: Kelpie (Water and Dark) counts as Dark, so Will-o'-Wisp's
    Lure (Light, Dark symbol) gets +20 Type Advantage once and +20 Aura Attack Advantage: 60, the Kelpie's LP;
    First-Strike Destroys it before it strikes back."""
    st = pos({"arena": ["will-o-wisp"]}, {"arena": ["kelpie"]})
    w, k = uid_of(st, "will-o-wisp"), uid_of(st, "kelpie")
    go(st, 0, f"attack:{w}:0", f"target:u{k}")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert "with Lure: 60 Damage" in ev and ev.count("Type Advantage") == 1
    assert names(st, st.casters[1].limbo) == ["kelpie"] and lp(st, w) == 30


def test_MZ_INFO_02_MZ_OWN_03_search_reveals_and_shuffles():
    """MZ-INFO-02, MZ-OWN-03, MZ-GAP-72: the Spell's controller ("you") searches their own Spellbook for a
    Beastie, reveals it to all, takes it and shuffles."""
    st = pos({"chapter": ["summoning-circle"], "aura": {"flame": 1},
              "spellbook": ["flame-aura", "flame-aura", "kappa", "flame-aura"]})
    go(st, 0, "play:summoning-circle")
    ev = public(go(st, 1, "pass"))
    assert "reveals Kappa" in ev and "shuffles their Spellbook" in ev
    assert names(st, st.casters[0].chapter) == ["kappa"] and names(st, st.casters[0].spellbook) == ["flame-aura"] * 3


def test_MZ_WIN_03_an_effect_that_wins():
    """MZ-WIN-03, MZ-WIN-05: a Page Effect can end the game with its own win condition."""
    st = pos({"chapter": ["last-page"], "aura": {"light": 3}})
    go(st, 0, "play:last-page")
    go(st, 1, "pass")
    res = MZ.result(st)
    assert res.winners == (0,) and res.reason == "effect" and MZ.decisions(st) == []
    # the game ended while the Spell resolved: it is still on the chain, not lost (Pages are conserved)
    assert [st.cards[it.card] for it in st.chain] == ["last-page"]


def test_MZ_INFO_03_look_is_private_reveal_is_public():
    """MZ-INFO-03: a Look shows the Pages to the looker only (a private event); a Reveal shows them to everyone;
    neither moves nor activates them."""
    st = pos({"chapter": ["scrying-bowl", "town-crier"], "spellbook": ["kappa", "selkie", "flame-aura"]})
    go(st, 0, "play:scrying-bowl")
    ev = go(st, 1, "pass")
    assert "Kappa" not in public(ev)
    assert any(e.audience == (0,) and e.text == "The top of your Spellbook: Kappa, Selkie." for e in ev)
    go(st, 0, "play:town-crier")
    ev = go(st, 1, "pass")
    assert "reveals the top of their Spellbook (Town Crier): Kappa." in public(ev)
    assert names(st, st.casters[0].spellbook) == ["kappa", "selkie", "flame-aura"]


def test_MZ_KW_03_arena_effect_only_while_face_up():
    """MZ-KW-03, MZ-PARALYZE-02, MZ-COMBAT-18: the Totem's ARENA Effect adds +10 to its controller's Attacks while
    it is face-up in the Arena; face-down it gives nothing."""
    for face_down, want in ((False, 970), (True, 980)):
        st = pos({"arena": ["ember-imp", {"card": "war-drum-totem", "face_down": face_down}]})
        go(st, 0, f"attack:{uid_of(st, 'ember-imp')}:0", "target:p1")
        go(st, 1, "pass")
        go(st, 0, "pass")
        assert MZ.view(st, None).board["casters"][1]["lp"] == want
