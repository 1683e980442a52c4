"""Effect steps added for the last rules built, through the game contract: simultaneous Damage and Status
(MZ-SIM-02), Traps flipping at once (MZ-SIM-04), Aura Pages Fatigued by Effects (MZ-AURA-04), Aura Cost and Base
type changes (MZ-AURA-11, MZ-TYPE-04), a Caster who cannot lose (MZ-TRAP-07), Unequip (MZ-EQUIP-09), copies
(MZ-TOKEN-05/06) and Index (MZ-INFO-04)."""

from __future__ import annotations

import pytest
from mz_helpers import (
    board_page,
    caster_lp,
    decision,
    go,
    ids,
    lp,
    names,
    page,
    pos,
    public,
    to_next_turn,
    uid_of,
)

from games.core.contract import RulesError
from games.metazoo import GAME as MZ

# -- MZ-SIM-02 ---------------------------------------------------------------------------------------------------


def blizzard_on_kappa():
    st = pos({"chapter": ["blizzard"], "aura": {"frost": 2, "neutral": 1}}, {"arena": ["kappa"]})
    kap = uid_of(st, "kappa")
    go(st, 0, "play:blizzard")
    go(st, 1, "pass")
    return st, kap


def test_MZ_SIM_02_active_caster_orders_damage_and_status():
    """MZ-SIM-02, MZ-FROZEN-04: Blizzard deals Damage and inflicts Frozen at the same time: before it resolves the
    active Caster chooses which comes first (default: the printed order). Status first: the Damage, dealt
    outside Combat, then removes the Frozen Indicator it just placed."""
    st, kap = blizzard_on_kappa()
    d = decision(st, 0)
    assert d.kind == "order" and ids(st, 0) == ["first:damage", "first:status"] and d.default == "first:damage"
    assert MZ.view(st, 1).decisions == ()
    ev = public(go(st, 0, "first:status"))
    assert ev.index("inflicted with Frozen") < ev.index("takes 10 Damage")
    assert lp(st, kap) == 40 and board_page(st, kap)["indicators"] == []
    assert decision(st, 0).kind == "actions" and names(st, st.casters[0].cemetery) == ["blizzard"]


def test_MZ_SIM_02_damage_first_keeps_the_status():
    """MZ-SIM-02: the Damage first (the default), then Frozen stays on the Beastie."""
    st, kap = blizzard_on_kappa()
    go(st, 0, decision(st, 0).default)
    assert lp(st, kap) == 40 and [i["status"] for i in board_page(st, kap)["indicators"]] == ["frozen"]


def test_MZ_SIM_02_no_prompt_when_the_order_changes_nothing():
    """MZ-SIM-02, MZ-GAP-79: Fire Dart's Burn is the same whichever comes first: no prompt, printed order."""
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}}, {"arena": ["kappa"]})
    go(st, 0, "play:fire-dart", f"target:u{uid_of(st, 'kappa')}")
    go(st, 1, "pass")
    assert decision(st, 0).kind == "actions" and lp(st, uid_of(st, "kappa")) == 25


# -- MZ-SIM-04, MZ-TRAP-05..09 -------------------------------------------------------------------------------------


def two_traps():
    st = pos({"chapter": ["cock-crow"], "aura": {"light": 1, "neutral": 1}},
             {"arena": [{"card": "boggarts-jar", "face_down": True}, {"card": "kappa", "trap": "pixie-led"}],
              "aura": {"neutral": 1}})
    go(st, 0, "play:cock-crow")
    ev = public(go(st, 1, "pass"))
    return st, ev


def test_MZ_SIM_04_traps_flipped_at_once_are_ordered_by_the_active_caster():
    """MZ-SIM-04, MZ-TRAP-05, MZ-TRAP-08, MZ-KW-02: Cock-Crow flips both of Ben's face-down Pages at once; Ben
    pays for each (his decision), then Ana, the active Caster, orders their FLIPPED Effects: Pixie-Led first
    (Ben Bookmarks), then Boggart's Jar (Ana loses 30 LP)."""
    st, ev = two_traps()
    assert "Boggart's Jar" in ev and "Pixie-Led" in ev
    d = decision(st, 1)
    assert d.kind == "trap_pay" and "pay" in ids(st, 1) and d.default == "decline"
    go(st, 1, "pay")
    assert decision(st, 1).kind == "trap_pay"
    go(st, 1, "pay")
    d = decision(st, 0)
    assert d.kind == "order" and len(d.options) == 2 and d.default == "next:0"
    chapter = len(st.casters[1].chapter)
    ev = public(go(st, 0, "next:1"))
    assert ev.index("Pixie-Led's FLIPPED") < ev.index("Boggart's Jar's FLIPPED")
    assert len(st.casters[1].chapter) == chapter + 1 and caster_lp(st, 0) == 970
    assert sorted(names(st, st.casters[1].cemetery)) == ["boggarts-jar", "pixie-led"]
    assert decision(st, 0).kind == "actions" and not any(ap.face_down for ap in st.arena)


def test_MZ_TRAP_09_unpaid_traps_flipped_by_an_effect_go_to_the_afterlife():
    """MZ-TRAP-09, MZ-SIM-04: a Trap not paid for goes to the Afterlife with no Effect; one paid Trap needs no
    ordering prompt."""
    st, _ = two_traps()
    go(st, 1, "decline", "pay")
    assert names(st, st.casters[1].afterlife) == ["boggarts-jar"] and caster_lp(st, 0) == 1000
    assert decision(st, 0).kind == "actions"


# -- MZ-TRAP-07 --------------------------------------------------------------------------------------------------------


def test_MZ_TRAP_07_a_caster_who_cannot_lose_keeps_playing():
    """MZ-TRAP-07, MZ-TRAP-06: Ana drinks Four-Leaf Draught in answer to Ben's Aura Page; then Ben attacks her
    face-down Kappa, which has no Trap Trait: since Ana cannot lose this turn, Kappa goes to her Limbo, not
    Contracted, the Attack's target is gone and the game goes on."""
    st = pos({"chapter": ["four-leaf-draught"], "arena": [{"card": "kappa", "face_down": True}]},
             {"chapter": ["flame-aura"], "arena": ["grim-hound"]}, active=1)
    go(st, 1, "play:flame-aura")
    go(st, 0, "play:four-leaf-draught")
    go(st, 1, "pass")
    fd = next(ap.uid for ap in st.arena if ap.face_down)
    ev = public(go(st, 1, f"attack:{uid_of(st, 'grim-hound')}:0", f"target:u{fd}"))
    assert "cannot lose" in ev and st.result is None
    assert names(st, st.casters[0].limbo) == ["kappa"] and st.combat is None
    assert decision(st, 1).kind == "actions"


def test_MZ_TRAP_07_cannot_lose_holds_at_zero_lp_until_the_turn_ends():
    """MZ-TRAP-07, MZ-WIN-01, MZ-WIN-05: a Caster who cannot lose stays in the game at 0 LP; at the first check
    after the turn ends they lose."""
    st = pos({"chapter": ["four-leaf-draught"], "lp": 20},
             {"chapter": ["flame-aura"], "arena": ["grim-hound"]}, active=1)
    go(st, 1, "play:flame-aura")
    go(st, 0, "play:four-leaf-draught")
    go(st, 1, "pass", f"attack:{uid_of(st, 'grim-hound')}:0", "target:p0")
    go(st, 0, "pass")
    go(st, 1, "pass")
    assert caster_lp(st, 0) == 0 and st.result is None
    go(st, 1, "end", "pass")
    go(st, 0, "pass")
    assert st.result is not None and st.result["losers"] == [0]


# -- MZ-AURA-04, MZ-AURA-11, MZ-TYPE-04 ---------------------------------------------------------------------------------


def test_MZ_AURA_04_aura_fatigued_by_an_effect_makes_no_aura():
    """MZ-AURA-04, MZ-TGT-03: Numbing Mist Fatigues every Aura Page Ben controls; no Aura is generated, and Ben
    cannot Fatigue them for Aura until they Awaken."""
    st = pos({"chapter": ["numbing-mist"], "aura": {"frost": 1, "neutral": 1}},
             {"arena": ["flame-aura", "water-aura"]})
    go(st, 0, "play:numbing-mist")
    go(st, 1, "pass")
    assert all(ap.fatigued for ap in st.arena if ap.controller == 1)
    assert MZ.view(st, 1).board["casters"][1]["aura"] == {}
    go(st, 0, "end", "pass")  # Ben holds priority in the end-of-turn window
    assert decision(st, 1).kind == "priority" and not [o for o in ids(st, 1) if o.startswith("gen:")]


def test_MZ_AURA_11_MZ_TYPE_04_added_cost_changes_cost_not_type():
    """MZ-AURA-11, MZ-TYPE-04: Ashen Tithe refers to the Aura Cost of the Pages in Ben's Chapter: Kappa now costs
    1 Water + 1 Flame, so Water alone no longer pays for it; once Contracted it is still of Water type only."""
    st = pos({"chapter": ["ashen-tithe"], "aura": {"flame": 1, "neutral": 1}},
             {"chapter": ["kappa"], "arena": ["water-aura", "flame-aura"]})
    go(st, 0, "play:ashen-tithe")
    go(st, 1, "pass")
    to_next_turn(st, 0)
    go(st, 1, f"gen:{uid_of(st, 'water-aura')}")
    assert "play:kappa" not in ids(st, 1)
    with pytest.raises(RulesError) as exc:
        go(st, 1, "play:kappa")
    assert exc.value.rule == "MZ-AURA-08" and "1 Water + 1 Flame" in exc.value.message
    go(st, 1, f"gen:{uid_of(st, 'flame-aura')}")
    assert any(o.id == "play:kappa" and "1 Water + 1 Flame" in o.label for o in decision(st, 1).options)
    go(st, 1, "play:kappa")
    go(st, 0, "pass")
    assert board_page(st, uid_of(st, "kappa"))["types"] == ["water"]


def test_MZ_TYPE_04_changing_base_type_keeps_the_cost():
    """MZ-TYPE-04, MZ-AURA-11, MZ-TYPE-05: Salamander's Mark makes Kappa Flame: Selkie's Water Attack now has Type
    Advantage on it (+20, so 50 Damage Destroys it), while its Aura Cost stays 1 Water as printed."""
    st = pos({"chapter": ["salamander-mark"], "aura": {"flame": 1}, "arena": ["selkie"]}, {"arena": ["kappa"]})
    kap = uid_of(st, "kappa")
    go(st, 0, "play:salamander-mark", f"target:u{kap}")
    go(st, 1, "pass")
    entry = board_page(st, kap)
    assert entry["types"] == ["flame"] and "cost 1 Water" in entry["line"]
    go(st, 0, f"attack:{uid_of(st, 'selkie')}:0", f"target:u{kap}")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert "Type Advantage" in ev and "kappa" in names(st, st.casters[1].limbo)


# -- MZ-EQUIP-09 ------------------------------------------------------------------------------------------------------------


def test_MZ_EQUIP_09_unequip_detaches_and_stops_the_bonus():
    """MZ-EQUIP-09, MZ-GAP-59, MZ-GAP-52: Rust Wind Unequips Trollhide Girdle (+20 LP) and Nisse from Kappa: they go
    to their owner's zones (Cemetery, Limbo), not Destroyed, and Kappa's maximum LP drops back to 50."""
    st = pos({"chapter": ["rust-wind"], "aura": {"earth": 1, "neutral": 1}},
             {"arena": [{"card": "kappa", "damage": 30, "equipment": ["trollhide-girdle", "nisse"]}]})
    kap = uid_of(st, "kappa")
    assert board_page(st, kap)["max_lp"] == 70
    go(st, 0, "play:rust-wind", f"target:u{kap}")
    ev = public(go(st, 1, "pass"))
    assert "Unequips" in ev and "Destroyed" not in ev
    assert board_page(st, kap)["max_lp"] == 50 and lp(st, kap) == 20 and board_page(st, kap)["equipment"] == []
    assert names(st, st.casters[1].cemetery) == ["trollhide-girdle"] and names(st, st.casters[1].limbo) == ["nisse"]


# -- MZ-TOKEN-05/06 -----------------------------------------------------------------------------------------------------------


def test_MZ_TOKEN_05_copy_of_a_beastie_is_a_token_without_its_state():
    """MZ-TOKEN-05, MZ-GAP-65, MZ-TOKEN-03, MZ-TOKEN-04: Fetch copies Ben's damaged, Poisoned, equipped Kappa for
    Ana: a token with Kappa's printed information (name, LP, Attack, type) but none of its Damage, Indicators or
    Equipment, owned by Ana; when it leaves the Arena it is removed from the game."""
    st = pos({"chapter": ["fetch", "fire-dart"], "aura": {"spirit": 2, "neutral": 1}},
             {"arena": [{"card": "kappa", "damage": 20, "indicators": [{"status": "poison", "turn": 1}],
                         "equipment": ["trollhide-girdle"]}, "flame-aura", "grim-hound"], "chapter": ["fire-dart"]})
    kap = uid_of(st, "kappa")
    go(st, 0, "play:fetch", f"target:u{kap}")
    go(st, 1, "pass")
    tok = next(ap for ap in st.arena if ap.controller == 0)
    entry = board_page(st, tok.uid)
    assert entry["name"] == "Kappa" and entry["lp"] == entry["max_lp"] == 50 and entry["types"] == ["water"]
    assert entry["indicators"] == [] and entry["equipment"] == [] and st.owner[tok.card] == 0
    assert lp(st, kap) == 50  # the original keeps its own state (70 max with the Girdle, 20 Damage)
    to_next_turn(st, 0)
    go(st, 1, f"gen:{uid_of(st, 'flame-aura')}", "play:fire-dart", f"target:u{tok.uid}")
    go(st, 0, "pass")
    assert lp(st, tok.uid) == 25  # a token is a Page for targeting (MZ-TOKEN-01)
    go(st, 1, f"attack:{uid_of(st, 'grim-hound')}:0", f"target:u{tok.uid}")
    go(st, 0, "pass")
    go(st, 1, "pass")
    assert page(st, tok.uid) is None and tok.card in st.gone  # removed from the game, in no zone
    assert all(tok.card not in z for c in st.casters for z in (c.limbo, c.chapter, c.cemetery, c.afterlife))


def test_MZ_TOKEN_06_copy_of_a_spell_resolves_with_new_targets_then_ceases():
    """MZ-TOKEN-06, MZ-GAP-64: Ben answers Ana's Fire Dart with Second Telling; the copy is his, he chooses a new
    legal target for it (Ana's Ember Imp), it resolves next, then ceases to exist; the original still hits
    Kappa."""
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}, "arena": ["ember-imp"]},
             {"chapter": ["second-telling"], "aura": {"cosmic": 1, "neutral": 1}, "arena": ["kappa"]})
    imp, kap = uid_of(st, "ember-imp"), uid_of(st, "kappa")
    go(st, 0, "play:fire-dart", f"target:u{kap}")
    go(st, 1, "play:second-telling", "target:c0")
    go(st, 0, "pass")
    d = decision(st, 1)
    assert d.kind == "target" and ids(st, 1) == [f"target:u{imp}"]
    ev = public(go(st, 1, f"target:u{imp}"))
    assert ev.index(f"Ember Imp #{imp} takes 25") < ev.index(f"Kappa #{kap} takes 25")
    assert lp(st, imp) == 15
    assert lp(st, kap) == 25
    assert names(st, st.casters[0].cemetery) == ["fire-dart"] and names(st, st.casters[1].cemetery) == ["second-telling"]
    assert any(st.cards[c] == "copy:fire-dart" for c in st.gone)


# -- MZ-INFO-04 -----------------------------------------------------------------------------------------------------------------


def test_MZ_INFO_04_index_and_the_opponent_orders_the_rest():
    """MZ-INFO-04, MZ-GAP-71: Hazel Rod Indexes a Beastie: Fire Dart, Snare Pit and Flame Aura are revealed before
    Kappa, which goes into Ana's Chapter; Ben puts the three back on top in the order he chooses (each pick goes
    under the ones still to come; the default restores the revealed order)."""
    st = pos({"arena": ["hazel-rod"], "spellbook": ["fire-dart", "snare-pit", "flame-aura", "kappa", "woodwose"]})
    ev = public(go(st, 0, f"power:{uid_of(st, 'hazel-rod')}:0"))
    ev += public(go(st, 1, "pass"))
    assert "Fire Dart, Snare Pit, Flame Aura, Kappa" in ev
    assert names(st, st.casters[0].chapter) == ["kappa"]
    d = decision(st, 1)
    assert d.kind == "order" and len(d.options) == 3 and d.default == "top:2"
    go(st, 1, "top:0", "top:0")
    assert names(st, st.casters[0].spellbook) == ["flame-aura", "snare-pit", "fire-dart", "woodwose"]
    assert decision(st, 0).kind == "actions"


def test_MZ_INFO_04_index_not_found_shuffles():
    """MZ-INFO-04, MZ-GAP-71: no Beastie in the Spellbook: every revealed Page goes back and it is shuffled."""
    st = pos({"arena": ["hazel-rod"], "spellbook": ["fire-dart", "snare-pit", "flame-aura"]})
    go(st, 0, f"power:{uid_of(st, 'hazel-rod')}:0")
    ev = public(go(st, 1, "pass"))
    assert "shuffles" in ev and sorted(names(st, st.casters[0].spellbook)) == ["fire-dart", "flame-aura", "snare-pit"]
    assert decision(st, 0).kind == "actions" and page(st, uid_of(st, "hazel-rod")).fatigued


def cock_crow_on_a_bluff(drink: bool):
    st = pos({"chapter": ["cock-crow"], "aura": {"light": 1, "neutral": 1}},
             {"arena": [{"card": "kappa", "face_down": True}], "chapter": ["four-leaf-draught"]})
    go(st, 0, "play:cock-crow")
    if drink:
        go(st, 1, "play:four-leaf-draught")
        go(st, 0, "pass")
    else:
        go(st, 1, "pass")
    return st


def test_MZ_TRAP_06_a_bluff_revealed_by_an_effect_loses():
    """MZ-TRAP-06, MZ-WIN-04: Cock-Crow reveals Ben's face-down Kappa (no Trap Trait): Ben loses at once."""
    st = cock_crow_on_a_bluff(drink=False)
    assert st.result is not None and st.result["losers"] == [1] and st.result["reason"] == "bluff"


def test_MZ_TRAP_07_revealed_by_an_effect_while_the_placer_cannot_lose():
    """MZ-TRAP-07: Ben answers Cock-Crow with Four-Leaf Draught, which resolves first: the revealed Kappa is not
    Contracted, goes to Ben's Limbo, and the game goes on."""
    st = cock_crow_on_a_bluff(drink=True)
    assert st.result is None and names(st, st.casters[1].limbo) == ["kappa"]
    assert not st.arena and decision(st, 0).kind == "actions"
