"""Memesis Fusion (checklist section 15, MEM-FUS-01..16) and the gap decisions it touches (MEM-GAP-23/25/26),
through the game contract; plus the three Fusion scenario files (``tests/scenarios/memesis/*_fusion.yaml``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.core.scenario import run_file
from games.memesis import GAME

from .kit import (
    act,
    dead,
    dec,
    draft_labels,
    draft_next,
    draft_options,
    draft_prompt,
    end_turn,
    go,
    hand_ref,
    ids,
    names,
    offers,
    piece,
    player,
    pos,
    refused,
    settle,
    uid,
)

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "memesis"


def _stats(p):
    return p["attack"], p["life"], p["armor"]


# ---------------------------------------------------------------- the three kinds

def test_MEM_FUS_01_three_kinds_partial_true_and_trans():
    """MEM-FUS-01: a hand card offers Partial Fusion (a fragment onto a card bearing its marking), True Fusion
    (onto its named partner) and Trans Fusion (Sym/Bio/Tic); each is carried out and shown as such."""
    st = pos({"source": 5, "hand": ["pollux", "coral-polyp", "damascus-steel"],
              "pieces": ["castor", "pythagorean-acolyte", "samurai-retainer"]}, {})
    castor, acolyte, samurai = uid(st, "castor"), uid(st, "pythagorean-acolyte"), uid(st, "samurai-retainer")
    assert draft_next(st, 0, hand_ref(st, 0, "pollux"), "fuse") == [f"p{castor}"]
    assert draft_next(st, 0, hand_ref(st, 0, "coral-polyp"), "fuse") == [f"p{acolyte}"]
    assert draft_next(st, 0, hand_ref(st, 0, "damascus-steel"), "fuse") == [f"p{samurai}"]
    assert "Partial Fusion: Practical fragment" in draft_prompt(
        st, 0, hand_ref(st, 0, "damascus-steel"), "fuse", f"p{samurai}")

    act(st, 0, hand_ref(st, 0, "pollux"), "fuse", f"p{castor}", "true", "up")
    settle(st, 0)
    assert piece(st, castor)["fusion"] == "true"
    assert names(piece(st, castor)["cards"]) == ["castor", "pollux"]
    act(st, 0, hand_ref(st, 0, "coral-polyp"), "fuse", f"p{acolyte}", "trans", "up")
    settle(st, 0)
    assert piece(st, acolyte)["fusion"] == "trans"
    act(st, 0, hand_ref(st, 0, "damascus-steel"), "fuse", f"p{samurai}", "frag:practical", "up")
    settle(st, 0)
    sam = piece(st, samurai)
    assert sam["fusion"] is None and [(p["card"], p["marking"]) for p in sam["partials"]] == [
        ("damascus-steel", "practical")]


def test_MEM_FUS_02_MEM_GAP_26_set_chain_order():
    """MEM-FUS-02, MEM-GAP-26: Sym + Bio and Bio + Tic fuse; Sym + Tic does not, unless the Sym card is
    already fused with a Bio card; a Sym joins a Bio + Tic pair; a second card of a set in the chain cannot."""
    st = pos({"source": 5, "hand": ["scarab-of-khepri", "leech-doctor", "oxpecker"],
              "pieces": ["coral-polyp", "mobius-serpent", {"cards": ["lichen-mat", "cuckoo-chick"]},
                         {"cards": ["utopian-dreamer", "epicurean-host"]}, "maxwells-demon"]}, {})
    polyp, serpent = uid(st, "coral-polyp"), uid(st, "mobius-serpent")
    bio_tic, sym_bio = uid(st, "lichen-mat"), uid(st, "utopian-dreamer")
    # Sym from hand: onto the Bio card and the Bio + Tic pair; never onto the lone Tic card nor a pair with a Sym
    sym_onto = draft_options(st, 0, hand_ref(st, 0, "scarab-of-khepri"), "fuse")
    assert f"p{polyp}" in sym_onto and f"p{bio_tic}" in sym_onto
    assert f"p{serpent}" not in sym_onto and f"p{sym_bio}" not in sym_onto
    # Tic from hand: onto the Bio card and the Sym + Bio pair; not onto another Tic or the Bio + Tic pair
    tic_onto = draft_options(st, 0, hand_ref(st, 0, "leech-doctor"), "fuse")
    assert f"p{polyp}" in tic_onto and f"p{sym_bio}" in tic_onto
    assert f"p{serpent}" not in tic_onto and f"p{bio_tic}" not in tic_onto
    # the Sym + Bio pair in play may fuse onto the lone Tic card (its Sym is already fused with a Bio)
    assert "fuse" in draft_options(st, 0, f"p{sym_bio}")
    assert f"p{serpent}" in draft_options(st, 0, f"p{sym_bio}", "fuse")
    act(st, 0, hand_ref(st, 0, "scarab-of-khepri"), "fuse", f"p{bio_tic}", "trans", "up")
    settle(st, 0)
    assert names(piece(st, bio_tic)["cards"]) == ["lichen-mat", "cuckoo-chick", "scarab-of-khepri"]
    assert piece(st, bio_tic)["fusion"] == "true"
    # the completed chain takes no fourth card, even of a missing... set (every set is in it)
    assert f"p{bio_tic}" not in draft_options(st, 0, hand_ref(st, 0, "oxpecker"), "fuse")


def test_MEM_FUS_03_transfusion_pair_may_be_upgraded_by_runes():
    """MEM-FUS-03: a Sym + Bio pair is in Transfusion (not True Fusion) and its owner may still upgrade it with
    a Rune of a marking both cards bear; each card's upgrade of that marking applies (MEM-FUS-11)."""
    st = pos({"source": 3, "hand": ["spiritual-rune"],
              "pieces": [{"cards": ["pythagorean-acolyte", "coral-polyp"]}]}, {})
    u = uid(st, "pythagorean-acolyte")
    assert piece(st, u)["fusion"] == "trans"
    assert _stats(piece(st, u)) == (3, 5, 0)  # 2/2 + 1/3
    act(st, 0, hand_ref(st, 0, "spiritual-rune"), "rune", f"p{u}")
    settle(st, 0)
    p = piece(st, u)
    assert p["rune"]["card"] == "spiritual-rune"
    assert _stats(p) == (3, 8, 0)  # +1 Life (Acolyte) and +2 Life (Polyp)


def test_MEM_FUS_04_third_set_removes_the_owners_rune_for_one_source():
    """MEM-FUS-04: when the third set joins a Transfusion pair, the pair's Rune comes off first for 1 source
    (here to its owner's hand) and the three cards become True Fusion cards with no Rune."""
    st = pos({"source": 2, "hand": ["mobius-serpent"],
              "pieces": [{"cards": ["coral-polyp", "pythagorean-acolyte"], "rune": "spiritual-rune"}]}, {})
    u = uid(st, "coral-polyp")
    assert piece(st, u)["rune"]["card"] == "spiritual-rune"
    ev = act(st, 0, hand_ref(st, 0, "mobius-serpent"), "fuse", f"p{u}", "trans", "up")
    settle(st, 0)
    p = piece(st, u)
    assert p["fusion"] == "true" and p["rune"] is None
    assert player(st, 0)["source"] == 1
    assert [h["card"] for h in GAME.view(st, 0).private["hand"]] == ["spiritual-rune"]
    assert "MEM-FUS-12" in " ".join(e.text for e in ev) or "take" in " ".join(e.text for e in ev)


def test_MEM_FUS_04_without_source_the_rune_is_shattered():
    """MEM-FUS-04, MEM-FUS-12: with no source to remove it, the Rune goes to the Dead Cell."""
    st = pos({"source": 0, "hand": ["mobius-serpent"],
              "pieces": [{"cards": ["coral-polyp", "pythagorean-acolyte"], "rune": "spiritual-rune"}]}, {})
    u = uid(st, "coral-polyp")
    act(st, 0, hand_ref(st, 0, "mobius-serpent"), "fuse", f"p{u}", "trans")
    settle(st, 0)
    assert piece(st, u)["rune"] is None and piece(st, u)["fusion"] == "true"
    assert dead(st, 0) == ["spiritual-rune"]


def test_MEM_FUS_05_fusion_is_irreversible_runes_are_not():
    """MEM-FUS-05: a fused group offers no way to split it, across turns; a Rune can be taken off (1 source)."""
    st = pos({"source": 3, "pieces": [{"cards": ["castor", "pollux"]},
                                       {"card": "pythagorean-acolyte", "rune": "mathematical-rune"}]},
             {"brain": ["oxpecker"] * 3}, turns=2)
    group, acolyte = uid(st, "castor"), uid(st, "pythagorean-acolyte")
    assert "unrune" in draft_options(st, 0, f"p{acolyte}")
    for _ in range(2):
        opts = draft_labels(st, 0, f"p{group}")
        assert not any(w in " ".join(opts).lower() for w in ("split", "unfuse", "fission", "separate"))
        assert names(piece(st, group)["cards"]) == ["castor", "pollux"]
        end_turn(st)
        end_turn(st)
    assert names(piece(st, group)["cards"]) == ["castor", "pollux"] and piece(st, group)["fusion"] == "true"


def test_MEM_FUS_06_fuse_from_hand_or_from_play():
    """MEM-FUS-06: a card fuses from hand, and a card in play fuses onto another card in play (the moved piece
    leaves the board, the group keeps the base card's place)."""
    st = pos({"source": 1, "hand": ["wright-glider"], "pieces": ["castor", "pollux", "petrol-engine"]}, {})
    castor, pollux, engine = uid(st, "castor"), uid(st, "pollux"), uid(st, "petrol-engine")
    act(st, 0, f"p{pollux}", "fuse", f"p{castor}", "true")
    settle(st, 0)
    assert piece(st, pollux) is None and names(piece(st, castor)["cards"]) == ["castor", "pollux"]
    act(st, 0, hand_ref(st, 0, "wright-glider"), "fuse", f"p{engine}", "true", "up")
    settle(st, 0)
    assert names(piece(st, engine)["cards"]) == ["petrol-engine", "wright-glider"]
    assert GAME.view(st, 0).private["hand"] == []


def test_MEM_FUS_07_creatures_fuse_only_in_own_turn_effects_at_any_time():
    """MEM-FUS-07: in another player's turn (a response window) a creature in hand offers no Fusion, while an
    Effect card (Golden Ratio, a Mathematical fragment) may be fused then."""
    st = pos({"source": 2, "hand": ["oxpecker"]},
             {"source": 2, "hand": ["golden-ratio", "pollux"], "pieces": ["pythagorean-acolyte", "castor"]})
    act(st, 0, hand_ref(st, 0, "oxpecker"), "play", "main", "up")
    d = dec(st)
    assert d.seat == 1 and d.kind == "window"
    assert "fuse" not in draft_options(st, 1, hand_ref(st, 1, "pollux"))
    acolyte = uid(st, "pythagorean-acolyte")
    assert f"p{acolyte}" in draft_next(st, 1, hand_ref(st, 1, "golden-ratio"), "fuse")
    act(st, 1, hand_ref(st, 1, "golden-ratio"), "fuse", f"p{acolyte}", "frag:mathematical", "up")
    assert names(piece(st, acolyte)["partials"]) == ["golden-ratio"]
    assert _stats(piece(st, acolyte)) == (3, 4, 0)  # 2/2 + the fragment's +1 Attack, +2 Life


def test_MEM_FUS_08_fused_effect_used_once_per_owner_turn():
    """MEM-FUS-08: Stolen Fire fused with Prometheus keeps its effect as an ability of the group, paid with
    the Effect card's source cost, usable once in each of its owner's turns."""
    st = pos({"source": 10, "brain": ["oxpecker"] * 3,
              "pieces": [{"cards": ["prometheus", "stolen-fire"]}, "oxpecker", "lichen-mat"]},
             {"brain": ["oxpecker"] * 3, "pieces": ["mycelium-network"]})
    u, golem = uid(st, "prometheus"), uid(st, "mycelium-network")
    labels_ = draft_labels(st, 0, f"p{u}")
    ember = [x for x in labels_ if "Ember in a Fennel Stalk" in x]
    assert len(ember) == 1
    act(st, 0, f"p{u}", ember[0], f"p{golem}")
    settle(st, 0)
    assert player(st, 0)["source"] == 7  # Stolen Fire's cost, 3
    assert piece(st, golem)["life"] == 1  # 4 - 3
    assert not any("Ember" in x for x in draft_labels(st, 0, f"p{u}"))
    end_turn(st)
    end_turn(st)
    act(st, 0, f"p{uid(st, 'oxpecker')}", "source")
    act(st, 0, f"p{uid(st, 'lichen-mat')}", "source")
    assert player(st, 0)["source"] == 3  # 1 at the turn's start + 2 sourced
    assert any("Ember" in x for x in draft_labels(st, 0, f"p{u}"))


def test_MEM_FUS_09_partials_of_a_transfusion_die_when_it_becomes_true():
    """MEM-FUS-09: a Transfusion pair may take a Partial Fusion; once the third set makes it True Fusion, its
    Partial Fusion cards go to the Dead Cell, and a True Fusion group takes no more Partial Fusion."""
    st = pos({"source": 3, "hand": ["holy-relic", "mobius-serpent", "zen-garden"],
              "pieces": [{"cards": ["coral-polyp", "pythagorean-acolyte"]}]}, {})
    u = uid(st, "coral-polyp")
    act(st, 0, hand_ref(st, 0, "holy-relic"), "fuse", f"p{u}", "frag:spiritual", "up")
    settle(st, 0)
    assert names(piece(st, u)["partials"]) == ["holy-relic"]
    act(st, 0, hand_ref(st, 0, "mobius-serpent"), "fuse", f"p{u}", "trans", "up")
    settle(st, 0)
    p = piece(st, u)
    assert p["fusion"] == "true" and p["partials"] == []
    assert dead(st, 0) == ["holy-relic"]
    assert "fuse" not in draft_options(st, 0, hand_ref(st, 0, "zen-garden"))


def test_MEM_FUS_10_true_fusion_adds_up_attack_life_and_abilities():
    """MEM-FUS-10: a completed chain's Attack and Life are the sums, and it keeps every card's inherent
    ability (Share Nutrients, Sort the Molecules, Pick Clean)."""
    st = pos({"source": 5, "ammo": ["oxpecker", "oxpecker"],
              "pieces": [{"cards": ["mycelium-network", "maxwells-demon", "oxpecker"]}]},
             {"pieces": ["castor"]})
    u = uid(st, "mycelium-network")
    p = piece(st, u)
    assert p["fusion"] == "true" and _stats(p) == (2 + 2 + 1, 4 + 3 + 2, 0)
    text = " ".join(draft_labels(st, 0, f"p{u}"))
    for ability in ("Share Nutrients", "Sort the Molecules", "Pick Clean"):
        assert ability in text


def test_MEM_FUS_11_true_fusion_keeps_only_shared_markings():
    """MEM-FUS-11: the chain Coral Polyp (Spiritual) + Möbius Serpent (Mathematical, Spiritual) + Acolyte
    (Mathematical, Spiritual) shares only Spiritual: an opponent's Spiritual Rune applies every card's Spiritual
    upgrade (+2 Life, -1 Attack, +1 Life); a Mathematical Rune has no place on it."""
    st = pos({"pieces": [{"cards": ["coral-polyp", "mobius-serpent", "pythagorean-acolyte"]}]},
             {"source": 3, "hand": ["spiritual-rune", "mathematical-rune"]}, active=1)
    u = uid(st, "coral-polyp")
    assert _stats(piece(st, u)) == (6, 7, 0)
    assert not offers(st, 1, hand_ref(st, 1, "mathematical-rune"), "rune")
    act(st, 1, hand_ref(st, 1, "spiritual-rune"), "rune", f"p{u}")
    settle(st, 1)
    assert piece(st, u)["rune"]["card"] == "spiritual-rune"
    assert _stats(piece(st, u)) == (5, 10, 0)


def test_MEM_FUS_11_transfusion_pair_markings_shared_by_both():
    """MEM-FUS-11 (the C + D example's kind): Acolyte (Mathematical, Spiritual) + Coral Polyp (Spiritual) keeps
    Spiritual only: its owner's Mathematical Rune has no host, a Spiritual one has."""
    st = pos({"source": 3, "hand": ["mathematical-rune", "spiritual-rune"],
              "pieces": [{"cards": ["pythagorean-acolyte", "coral-polyp"]}, "scarab-of-khepri"]}, {})
    u = uid(st, "pythagorean-acolyte")
    assert not offers(st, 0, hand_ref(st, 0, "mathematical-rune"), "rune")
    assert f"p{u}" in draft_options(st, 0, hand_ref(st, 0, "spiritual-rune"), "rune")


def test_MEM_FUS_12_true_fusion_groups_fused_lose_their_runes():
    """MEM-FUS-12: fusing a card in play onto a True Fusion partner: the base card's Rune is removed for 1
    source (to hand), the moving card's Rune, not removed first, is shattered to the Dead Cell."""
    st = pos({"source": 1, "pieces": [{"card": "castor", "rune": "practical-rune"},
                                       {"card": "pollux", "rune": "spiritual-rune"}]}, {})
    castor, pollux = uid(st, "castor"), uid(st, "pollux")
    act(st, 0, f"p{pollux}", "fuse", f"p{castor}", "true")
    settle(st, 0)
    p = piece(st, castor)
    assert p["rune"] is None and names(p["cards"]) == ["castor", "pollux"]
    assert dead(st, 0) == ["spiritual-rune"]
    assert [h["card"] for h in GAME.view(st, 0).private["hand"]] == ["practical-rune"]
    assert player(st, 0)["source"] == 0


def test_MEM_FUS_12_rune_removed_first_is_saved():
    """MEM-FUS-12: a Rune removed for 1 source before the fusion goes back to hand, not to the Dead Cell."""
    st = pos({"source": 1, "pieces": ["castor", {"card": "pollux", "rune": "spiritual-rune"}]}, {})
    castor, pollux = uid(st, "castor"), uid(st, "pollux")
    act(st, 0, f"p{pollux}", "unrune")
    settle(st, 0)
    act(st, 0, f"p{pollux}", "fuse", f"p{castor}", "true")
    settle(st, 0)
    assert dead(st, 0) == [] and [h["card"] for h in GAME.view(st, 0).private["hand"]] == ["spiritual-rune"]


def test_MEM_FUS_13_partial_fusion_adds_only_the_fragment_upgrade():
    """MEM-FUS-13: Astrolabe Navigator (2/3) fused as a Mathematical fragment onto the Acolyte (2/2) gives only
    its fragment's +1/+1, not its own Attack and Life; the owner's Rune upgrades the base card only (a
    Practical Rune, a marking of the fragment but not of the Acolyte, has no host)."""
    st = pos({"source": 3, "hand": ["astrolabe-navigator", "mathematical-rune", "practical-rune"],
              "pieces": ["pythagorean-acolyte"]}, {})
    u = uid(st, "pythagorean-acolyte")
    act(st, 0, hand_ref(st, 0, "astrolabe-navigator"), "fuse", f"p{u}", "frag:mathematical", "up")
    settle(st, 0)
    assert _stats(piece(st, u)) == (3, 3, 0)
    assert not offers(st, 0, hand_ref(st, 0, "practical-rune"), "rune")
    act(st, 0, hand_ref(st, 0, "mathematical-rune"), "rune", f"p{u}")
    settle(st, 0)
    assert _stats(piece(st, u)) == (4, 3, 0)  # the Acolyte's Mathematical upgrade: +1 Attack


def test_MEM_FUS_14_MEM_GAP_17_opponents_rune_fused_cards_owner_not_true_ones():
    """MEM-FUS-14, MEM-GAP-17: an opponent may Rune a Partial Fusion card and a True Fusion card; the owner may
    Rune their Partial Fusion card but not their True Fusion group."""
    players = [{"source": 3, "hand": ["spiritual-rune"],
                "pieces": [{"card": "samurai-retainer", "partials": [["terracotta-warrior", "practical"]]},
                           {"cards": ["coral-polyp", "mobius-serpent", "pythagorean-acolyte"]}, "scarab-of-khepri"]},
               {"source": 3, "hand": ["spiritual-rune", "spiritual-rune"]}]
    st = pos(*players)
    samurai, chain = uid(st, "samurai-retainer"), uid(st, "coral-polyp")
    mine = draft_options(st, 0, hand_ref(st, 0, "spiritual-rune"), "rune")
    assert f"p{samurai}" in mine and f"p{chain}" not in mine
    st = pos(*players, active=1)
    theirs = draft_options(st, 1, hand_ref(st, 1, "spiritual-rune"), "rune")
    assert f"p{samurai}" in theirs and f"p{chain}" in theirs
    act(st, 1, hand_ref(st, 1, "spiritual-rune"), "rune", f"p{samurai}")
    settle(st, 1)
    assert piece(st, samurai)["rune"] == {"card": "spiritual-rune", "name": piece(st, samurai)["rune"]["name"],
                                          "owner": 1}


def test_MEM_FUS_15_fused_cards_go_each_to_its_owners_dead_cell():
    """MEM-FUS-15: an ally's Pollux placed in Ana's Main Cell and fused with Ana's Castor; destroyed, each card
    goes to its own owner's Dead Cell, as a plain card (no trace of the fusion)."""
    st = pos({"brain": ["lichen-mat"] * 2, "hand": ["castor", "oxpecker"]}, {"source": 5, "hand": ["damnatio-memoriae"]},
             {"source": 3, "hand": ["pollux"]}, {}, teams=[0, 1, 0, 1], active=2)
    act(st, 2, hand_ref(st, 2, "pollux"), "play", "main@0", "up")
    settle(st, 2)
    end_turn(st)
    end_turn(st)
    assert st.active == 0
    pollux = uid(st, "pollux")
    assert piece(st, pollux)["controller"] == 0 and piece(st, pollux)["owner"] == 2
    act(st, 0, hand_ref(st, 0, "castor"), "fuse", f"p{pollux}", "true", "up")
    settle(st, 0)
    p = piece(st, pollux)
    assert names(p["cards"]) == ["pollux", "castor"] and p["owner"] == 2 and p["controller"] == 0
    act(st, 0, hand_ref(st, 0, "oxpecker"), "play", "main", "up")  # a window: Ben answers with an Effect
    act(st, 1, hand_ref(st, 1, "damnatio-memoriae"), "play", f"p{pollux}", "plain")
    settle(st, 1)
    assert piece(st, pollux) is None
    assert dead(st, 0) == ["castor"] and dead(st, 2) == ["pollux"]
    assert GAME.view(st, None).board["players"][0]["dead"][0].keys() == {"card", "name"}


def test_MEM_FUS_16_detrimental_and_good_fusions_follow_the_data():
    """MEM-FUS-16: Romulus + Remus quarrel (3/3 + 3/3 -3 Attack -2 Life = 3/4); the Wright Glider with the
    Petrol Engine flies (2/3 + 3/2/1 +3 Attack +1 Armor = 8/5/2)."""
    st = pos({"hand": ["remus", "petrol-engine"], "pieces": ["romulus", "wright-glider"]}, {})
    rom, wright = uid(st, "romulus"), uid(st, "wright-glider")
    act(st, 0, hand_ref(st, 0, "remus"), "fuse", f"p{rom}", "true")
    settle(st, 0)
    act(st, 0, hand_ref(st, 0, "petrol-engine"), "fuse", f"p{wright}", "true")
    settle(st, 0)
    assert _stats(piece(st, rom)) == (3, 4, 0)
    assert _stats(piece(st, wright)) == (8, 5, 2)


# ---------------------------------------------------------------- gaps

def test_MEM_GAP_23_fusion_is_free_own_cards_only_controller_and_cost():
    """MEM-GAP-23: fusing face up costs no source; only cards the player controls are offered (never an
    opponent's partner); the group keeps the base card's controller, each card its owner; its consumption
    value is the sum of its cards' costs."""
    st = pos({"source": 0, "hand": ["pollux", "remus"], "pieces": ["castor"]}, {"pieces": ["romulus"]})
    castor = uid(st, "castor")
    assert "fuse" not in draft_options(st, 0, hand_ref(st, 0, "remus"))  # Romulus is Ben's
    act(st, 0, hand_ref(st, 0, "pollux"), "fuse", f"p{castor}", "true")
    settle(st, 0)
    assert player(st, 0)["source"] == 0
    p = piece(st, castor)
    assert p["controller"] == 0 and p["owner"] == 0
    assert any("gain 6 Life" in x for x in draft_labels(st, 0, f"p{castor}", "consume"))
    act(st, 0, f"p{castor}", "consume", "life")
    assert player(st, 0)["life"] == 26


def test_MEM_GAP_23_face_down_fusion_costs_one_source():
    """MEM-GAP-23 with MEM-STL-01: fusing face down costs the 1 Stealth source and hides the card."""
    st = pos({"source": 1, "hand": ["pollux"], "pieces": ["castor"]}, {})
    castor = uid(st, "castor")
    act(st, 0, hand_ref(st, 0, "pollux"), "fuse", f"p{castor}", "true", "down")
    settle(st, 0)
    assert player(st, 0)["source"] == 0
    assert piece(st, castor)["cards"][1] == {"face_down": True}


def test_MEM_GAP_25_partners_named_both_ways_fragments_by_marking():
    """MEM-GAP-25: Castor fuses onto Pollux as Pollux onto Castor; a fragment fuses only onto a card bearing
    its marking (Damascus Steel's Practical fragment: Samurai yes, Coral Polyp no)."""
    st = pos({"source": 1, "hand": ["castor", "pollux", "damascus-steel"],
              "pieces": ["castor", "pollux", "samurai-retainer", "coral-polyp"]}, {})
    castor_p, pollux_p = uid(st, "castor"), uid(st, "pollux")
    assert draft_next(st, 0, hand_ref(st, 0, "castor"), "fuse") == [f"p{pollux_p}"]
    assert draft_next(st, 0, hand_ref(st, 0, "pollux"), "fuse") == [f"p{castor_p}"]
    assert draft_next(st, 0, hand_ref(st, 0, "damascus-steel"), "fuse") == [f"p{uid(st, 'samurai-retainer')}"]


def test_MEM_FUS_07_refused_fusion_leaves_the_state_unchanged():
    """MEM-FUS-07: a creature's fuse component is not an option in a window: refused, nothing changes."""
    st = pos({"source": 2, "hand": ["oxpecker"]},
             {"source": 2, "hand": ["golden-ratio", "pollux"], "pieces": ["castor"]})
    act(st, 0, hand_ref(st, 0, "oxpecker"), "play", "main", "up")
    go(st, 1, hand_ref(st, 1, "pollux"))
    assert "fuse" not in ids(st)
    refused(st, 1, "fuse")


# ---------------------------------------------------------------- scenario files

@pytest.mark.parametrize("stem", ["partial_fusion", "true_fusion", "trans_fusion"])
def test_MEM_FUS_01_scenario_files(stem):
    """MEM-FUS-01: one scenario file per kind of Fusion passes (run with Memesis looked up directly, while it
    is not registered)."""
    report = run_file(SCENARIOS / f"{stem}.yaml", lambda _id: GAME)
    assert report.passed, report.message
