"""Memesis Cause and Effect cards (checklist section 10: MEM-CE-01..13; gap decisions MEM-GAP-15/16/20 and the
incubation timing of MEM-GAP-02), through the game contract.

Cards used (``data/memesis/cards.yaml``): Effects Catapult Stone (1: 2 damage to an opposing player), Fire Arrow
(1: 2 damage to an opposing creature), Holy Relic (2: a player gains 3 Life; Spiritual fragment +2 Life +1
Armor), Golden Ratio (1: an ally creature +2 Attack, mend 1; Mathematical fragment +1/+2), Infinite Series (3:
3 damage to an opposing player; Mathematical marking: 2 more), Gold Rush (1: you gain 3 source), Excommunication
(3: destroy an opposing Cause), Propaganda Leaflets (2: each opponent discards 1); Cause cards Sacred Grove
(Spiritual marking), Silk Road (Practical marking), Sky Burial Platform (3: gain 1 source), Sieve of
Eratosthenes (Mathematical fragment: Prime Strike); Prometheus Unbound + Stolen Fire (True Fusion partners).
"""

from __future__ import annotations

from .kit import (
    act,
    board,
    dead,
    dec,
    draft_next,
    draft_options,
    end_turn,
    go,
    hand,
    hand_ref,
    ids,
    life,
    pass_windows,
    piece,
    play,
    pos,
    public,
    refused,
    stats,
    uid,
)


def labelled_use(st, seat: int, uid: int, name: str) -> str:
    """The ``use:<i>`` option of piece ``uid`` whose label names the ability ``name`` (the draft is dropped)."""
    go(st, seat, f"p{uid}")
    hits = [o.id for o in dec(st, seat).options if o.id.startswith("use:") and name in o.label]
    go(st, seat, "back")
    assert len(hits) == 1, hits
    return hits[0]


def cause_ids(st, seat: int) -> list[str]:
    """The card ids of the face-up Cause cards ``seat`` controls, as the board shows them (kind ``cause``)."""
    return [p["cards"][0]["card"] for p in board(st)["pieces"]
            if p["controller"] == seat and not p["face_down"] and p["kind"] == "cause"]


# ---------------------------------------------------------------- destruction, the defender's choice, saving

def test_MEM_CE_01_effect_at_an_opponent_destroys_one_of_their_causes_besides_its_effect():
    """MEM-CE-01, MEM-GAP-15: Catapult Stone at Ben deals its 2 damage and sends his Sacred Grove (his only
    Cause) to his Dead Cell; the Effect goes to Ana's."""
    st = pos({"source": 1, "hand": ["catapult-stone"]}, {"pieces": ["sacred-grove"]})
    ev = play(st, 0, "catapult-stone", "s1")
    assert "destroyed by Catapult Stone" in public(ev)
    assert life(st, 1) == 18
    assert cause_ids(st, 1) == [] and dead(st, 1) == ["sacred-grove"]
    assert dead(st, 0) == ["catapult-stone"]


def test_MEM_GAP_15_an_effect_at_an_opponents_creature_counts_one_for_yourself_does_not():
    """MEM-GAP-15, MEM-CE-01: Fire Arrow at Ben's creature is "played at" Ben and destroys his Cause; Gold Rush
    (you gain 3 source) is not, and leaves it."""
    st = pos({"source": 2, "hand": ["gold-rush", "fire-arrow"]},
             {"pieces": ["sacred-grove", "ship-of-theseus"]})
    play(st, 0, "gold-rush")
    pass_windows(st)
    assert cause_ids(st, 1) == ["sacred-grove"] and board(st)["players"][0]["source"] == 4
    play(st, 0, "fire-arrow", f"p{uid(st, 'ship-of-theseus')}")
    pass_windows(st)
    assert cause_ids(st, 1) == [] and dead(st, 1) == ["sacred-grove"]
    assert stats(st, uid(st, "ship-of-theseus")) == (3, 2)


def test_MEM_GAP_15_an_effect_at_every_opponent_destroys_a_cause_of_each():
    """MEM-GAP-15, MEM-CE-01: Propaganda Leaflets (each opponent) is played at both Ben and Cid: each loses
    one Cause card."""
    st = pos({"source": 2, "hand": ["propaganda-leaflets"]}, {"pieces": ["sacred-grove"]},
             {"pieces": ["silk-road"]})
    play(st, 0, "propaganda-leaflets")
    pass_windows(st)
    assert dead(st, 1) == ["sacred-grove"] and dead(st, 2) == ["silk-road"]


def test_MEM_CE_02_the_defending_player_chooses_which_cause_is_destroyed():
    """MEM-CE-02: Ben controls two Cause cards; the choice is his (Ana's answer is refused), and the one he
    picks, Silk Road, goes to the Dead Cell while Sacred Grove stays."""
    st = pos({"source": 1, "hand": ["catapult-stone"]}, {"pieces": ["sacred-grove", "silk-road"]})
    grove, road = uid(st, "sacred-grove"), uid(st, "silk-road")
    play(st, 0, "catapult-stone", "s1")
    d = dec(st, 1)
    assert d.kind == "cause" and {o.id for o in d.options} == {f"p{grove}", f"p{road}"}
    refused(st, 0, f"p{road}")
    go(st, 1, f"p{road}")
    pass_windows(st)
    assert dead(st, 1) == ["silk-road"] and cause_ids(st, 1) == ["sacred-grove"]


def test_MEM_CE_03_discarding_a_card_saves_the_cause_one_discard_per_destruction():
    """MEM-CE-03, MEM-GAP-15: Ben may discard any one hand card to save his Cause (default: let it go). He
    discards the Jackal and keeps Sacred Grove; a second Effect needs a second discard — he lets it go."""
    st = pos({"source": 2, "hand": ["catapult-stone", "catapult-stone"]},
             {"hand": ["flint-knapper", "jackal-of-anubis"], "pieces": ["sacred-grove"]})
    play(st, 0, "catapult-stone", "s1")
    d = dec(st, 1)
    assert d.kind == "save" and d.default == "let"
    assert len([o for o in d.options if o.id.startswith("h")]) == 2
    ev = go(st, 1, hand_ref(st, 1, "jackal-of-anubis"))
    assert "to save" in public(ev)
    pass_windows(st)
    assert cause_ids(st, 1) == ["sacred-grove"] and dead(st, 1) == ["jackal-of-anubis"]
    assert hand(st, 1) == ["flint-knapper"]
    play(st, 0, "catapult-stone", "s1")
    assert dec(st, 1).kind == "save"
    go(st, 1, "let")
    pass_windows(st)
    assert cause_ids(st, 1) == [] and dead(st, 1) == ["jackal-of-anubis", "sacred-grove"]
    assert hand(st, 1) == ["flint-knapper"]
    assert life(st, 1) == 16


def test_MEM_CE_04_an_effect_on_your_own_property_destroys_none_of_your_causes():
    """MEM-CE-04: Ana plays Golden Ratio on her own creature and Holy Relic at herself: her Sacred Grove stays
    (and so does Ben's: neither Effect was played at him)."""
    st = pos({"source": 3, "hand": ["golden-ratio", "holy-relic"], "pieces": ["sacred-grove", "ship-of-theseus"]},
             {"pieces": ["silk-road"]})
    play(st, 0, "golden-ratio", f"p{uid(st, 'ship-of-theseus')}")
    pass_windows(st)
    play(st, 0, "holy-relic", "s0")
    assert dec(st, 0).kind == "fragment"  # the Relic could become a fragment on her Grove: she declines
    go(st, 0, "dead")
    pass_windows(st)
    assert life(st, 0) == 23
    assert cause_ids(st, 0) == ["sacred-grove"] and cause_ids(st, 1) == ["silk-road"]
    assert sorted(dead(st, 0)) == ["golden-ratio", "holy-relic"]


# ---------------------------------------------------------------- playing and using Cause cards

def test_MEM_CE_05_causes_only_in_their_owners_turn_only_into_the_main_cell_and_they_stay():
    """MEM-CE-05, MEM-GAP-20: in a window of Ana's turn Ben's Zen Garden (cost 1; he has 5 source) cannot be
    played; in his turn (2 source after sourcing his Jackal) it goes only into the Main Cell, face up or down (no
    other Cell is offered, so a Stealth Cause can never be upturned where it may not be); it cannot be moved
    and is still there two rounds later."""
    st = pos({"source": 1, "hand": ["catapult-stone"]},
             {"source": 5, "hand": ["zen-garden", "fire-arrow"], "pieces": ["jackal-of-anubis"]})
    play(st, 0, "catapult-stone", "s1")
    d = dec(st, 1)  # his Jackal could move into Defend to take it (MEM-TRN-03, MEM-CBT-01)
    assert d.kind == "intercept" and {o.id for o in d.options} == {"absorb", f"p{uid(st, 'jackal-of-anubis')}"}
    go(st, 1, "absorb")
    assert dec(st, 1).kind == "window"
    assert "play" not in draft_options(st, 1, hand_ref(st, 1, "zen-garden"))
    pass_windows(st)
    end_turn(st)
    go(st, 1, f"p{uid(st, 'jackal-of-anubis')}", "source")
    assert board(st)["players"][1]["source"] == 2
    assert draft_next(st, 1, hand_ref(st, 1, "zen-garden"), "play") == ["main"]
    assert draft_options(st, 1, hand_ref(st, 1, "zen-garden"), "play", "main") == ["up", "down", "back"]
    act(st, 1, hand_ref(st, 1, "zen-garden"), "play", "main", "up")
    pass_windows(st)
    zen = uid(st, "zen-garden")
    assert piece(st, zen)["cell"] == "main"
    assert "move" not in draft_options(st, 1, f"p{zen}")
    for _ in range(4):
        end_turn(st)
    assert board(st)["active"] == 1 and piece(st, zen)["cell"] == "main"


def test_MEM_CE_06_cause_ability_once_per_owner_turn_from_the_turn_it_comes_into_play():
    """MEM-CE-06: Sky Burial Platform, played this turn (3 source, all Ana has), may use Return to the Wind at once
    (+1 source), then not again this turn (a second use is refused); at Ana's next turn it may again."""
    st = pos({"source": 3, "hand": ["sky-burial-platform"]}, {})
    go(st, 0, hand_ref(st, 0, "sky-burial-platform"), "play")  # the only play: face up into Main
    pass_windows(st)
    sky = uid(st, "sky-burial-platform")
    assert piece(st, sky)["cell"] == "main" and board(st)["players"][0]["source"] == 0
    assert "use:0" in draft_options(st, 0, f"p{sky}")
    go(st, 0, f"p{sky}", "use:0")
    pass_windows(st)
    assert board(st)["players"][0]["source"] == 1
    assert "use:0" not in draft_options(st, 0, f"p{sky}")
    go(st, 0, f"p{sky}")
    refused(st, 0, "use:0")
    go(st, 0, "back")
    end_turn(st)
    end_turn(st)
    assert board(st)["active"] == 0 and "use:0" in draft_options(st, 0, f"p{sky}")


def test_MEM_CE_06_CE_10_a_fused_effect_is_used_once_per_owner_turn_and_is_not_one_time_use():
    """MEM-CE-06, MEM-CE-10: in the True Fusion of Prometheus Unbound and Stolen Fire, the Effect's Ember (3
    damage to an opposing creature, at its 3 source cost) is used once this turn; Stolen Fire stays in the group
    (no Dead Cell), and the Ember is offered again at Ana's next turn (1 source + 2 sourced Pilgrims)."""
    st = pos({"source": 3, "pieces": [{"cards": ["prometheus", "stolen-fire"]}, "pilgrim-of-the-way",
                                      "pilgrim-of-the-way"]},
             {"pieces": ["great-wall-garrison"]})
    grp, wall = uid(st, "prometheus"), uid(st, "great-wall-garrison")
    ember = labelled_use(st, 0, grp, "Ember")
    go(st, 0, f"p{grp}", ember)
    pass_windows(st)
    assert piece(st, wall)["armor"] == 2
    assert ember not in draft_options(st, 0, f"p{grp}")
    assert [c["card"] for c in piece(st, grp)["cards"]] == ["prometheus", "stolen-fire"]
    assert dead(st, 0) == []
    end_turn(st)
    end_turn(st)
    for p in [p for p in board(st)["pieces"] if p["cards"][0]["card"] == "pilgrim-of-the-way"]:
        go(st, 0, f"p{p['uid']}", "source")
    assert board(st)["players"][0]["source"] == 3
    assert ember in draft_options(st, 0, f"p{grp}")


def test_MEM_CE_07_effects_may_be_played_at_any_time_if_their_source_can_be_paid():
    """MEM-CE-07: in a window of Ana's turn, Ben (1 source) plays Fire Arrow at Ana's creature; with 0 source he
    cannot play it: he is still asked (he holds a card, MEM-GAP-28), but Fire Arrow offers no play."""
    st = pos({"source": 2, "hand": ["catapult-stone"], "pieces": ["ship-of-theseus"]},
             {"source": 1, "hand": ["fire-arrow"]})
    ship = uid(st, "ship-of-theseus")
    play(st, 0, "catapult-stone", "s1")
    assert dec(st, 1).kind == "window"
    play(st, 1, "fire-arrow", f"p{ship}")
    pass_windows(st)
    assert stats(st, ship) == (3, 2)
    assert board(st)["players"][1]["source"] == 0 and dead(st, 1) == ["fire-arrow"]

    st = pos({"source": 2, "hand": ["catapult-stone"], "pieces": ["ship-of-theseus"]},
             {"source": 0, "hand": ["fire-arrow"]})
    play(st, 0, "catapult-stone", "s1")
    assert dec(st, 1).kind == "window"  # asked all the same: he holds a card (MEM-GAP-28)
    go(st, 1, hand_ref(st, 1, "fire-arrow"))
    assert "play" not in ids(st, 1) and {"ammo", "consume"} <= set(ids(st, 1))


def test_MEM_CE_08_an_effect_is_shown_used_once_and_goes_to_the_dead_cell_with_its_rune():
    """MEM-CE-08: Infinite Series upgraded by a Mathematical Rune (option "then the Rune goes to the Dead Cell")
    is named in public, deals 3 + 2 to Ben, and both cards go to Ana's Dead Cell; the "returns to your hand"
    option (MEM-RUN-05) brings the Rune back instead."""
    st = pos({"source": 8, "hand": ["infinite-series", "mathematical-rune", "infinite-series"]}, {})
    rune = hand_ref(st, 0, "mathematical-rune")[1:]
    go(st, 0, hand_ref(st, 0, "infinite-series"), "play", "s1")
    assert {"plain", f"r{rune}:1", f"r{rune}:2"} <= set(ids(st))
    ev = go(st, 0, f"r{rune}:1")
    assert "Ana plays Infinite Series at Ben" in public(ev)
    pass_windows(st)
    assert life(st, 1) == 15
    assert sorted(dead(st, 0)) == ["infinite-series", "mathematical-rune"]
    assert hand(st, 0) == ["infinite-series"]

    st = pos({"source": 8, "hand": ["infinite-series", "mathematical-rune"]}, {})
    rune = hand_ref(st, 0, "mathematical-rune")[1:]
    go(st, 0, hand_ref(st, 0, "infinite-series"), "play", "s1", f"r{rune}:2")
    pass_windows(st)
    assert dead(st, 0) == ["infinite-series"] and hand(st, 0) == ["mathematical-rune"]


# ---------------------------------------------------------------- fusion instead of destruction

def test_MEM_CE_09_GAP_16_defender_picks_the_cause_then_the_attacker_may_fuse_instead_of_destroying():
    """MEM-CE-09, MEM-GAP-16: Holy Relic is played at Ben (Sacred Grove and Silk Road in play). Ben chooses the
    Cause first (Sacred Grove); then Ana (not Ben) chooses the fusion: the Relic's Spiritual fragment fuses onto
    the Grove, which is not destroyed; the Relic is not in her Dead Cell."""
    st = pos({"source": 2, "hand": ["holy-relic"]}, {"hand": ["flint-knapper"],
                                                     "pieces": ["sacred-grove", "silk-road"]})
    grove = uid(st, "sacred-grove")
    play(st, 0, "holy-relic", "s1")
    assert dec(st, 1).kind == "cause"
    go(st, 1, f"p{grove}")
    d = dec(st, 0)
    assert d.kind == "fuse_cause" and set(ids(st)) == {"frag:spiritual", "destroy"}
    refused(st, 1, "frag:spiritual")
    ev = go(st, 0, "frag:spiritual")
    assert "fused, not destroyed" in public(ev)
    pass_windows(st)
    assert dead(st, 1) == [] and dead(st, 0) == []
    p = piece(st, grove)
    assert [x["card"] for x in p["partials"]] == ["holy-relic"] and p["kind"] == "fused"
    assert hand(st, 1) == ["flint-knapper"]  # no discard asked
    assert life(st, 1) == 23


def test_MEM_GAP_16_no_fusion_offered_for_the_cause_the_defender_picked_when_it_cannot_fuse():
    """MEM-GAP-16, MEM-CE-09: Ben picks Silk Road (no Spiritual marking): no fusion is possible with it, so Ana
    is not asked and Ben's save decision follows; Ana declining the fusion for the Grove leads to it too."""
    st = pos({"source": 2, "hand": ["holy-relic"]}, {"pieces": ["sacred-grove", "silk-road"]})
    play(st, 0, "holy-relic", "s1")
    go(st, 1, f"p{uid(st, 'silk-road')}")
    pass_windows(st)
    assert dead(st, 1) == ["silk-road"] and dead(st, 0) == ["holy-relic"]

    st = pos({"source": 2, "hand": ["holy-relic"]}, {"hand": ["flint-knapper"], "pieces": ["sacred-grove"]})
    play(st, 0, "holy-relic", "s1")
    assert dec(st, 0).kind == "fuse_cause"
    go(st, 0, "destroy")
    assert dec(st, 1).kind == "save"
    go(st, 1, "let")
    pass_windows(st)
    assert dead(st, 1) == ["sacred-grove"] and "holy-relic" in dead(st, 0)


def test_MEM_CE_10_a_fused_cause_is_no_longer_a_cause_effects_cannot_destroy_it():
    """MEM-CE-10: Sacred Grove carrying a Holy Relic fragment is a fused card: Excommunication (destroy a Cause)
    can target Ben's Silk Road but not it, and Catapult Stone at Ben, with only the fused Grove in play,
    destroys nothing (no choice or discard asked)."""
    fused = {"card": "sacred-grove", "partials": [["holy-relic", "spiritual"]]}
    st = pos({"source": 6, "hand": ["excommunication"]}, {"pieces": [fused, "silk-road"]})
    grove, road = uid(st, "sacred-grove"), uid(st, "silk-road")
    assert piece(st, grove)["kind"] == "fused" and piece(st, road)["kind"] == "cause"
    targets = draft_options(st, 0, hand_ref(st, 0, "excommunication"), "play")
    assert f"p{road}" in targets and f"p{grove}" not in targets

    st = pos({"source": 1, "hand": ["catapult-stone"]}, {"hand": ["flint-knapper"], "pieces": [fused]})
    grove = uid(st, "sacred-grove")
    play(st, 0, "catapult-stone", "s1")
    assert dec(st).kind not in ("cause", "save")
    pass_windows(st)
    assert piece(st, grove) is not None and dead(st, 1) == [] and hand(st, 1) == ["flint-knapper"]
    assert life(st, 1) == 18


def test_MEM_CE_11_a_fragmentable_effect_may_be_fused_after_use_instead_of_the_dead_cell():
    """MEM-CE-11: Golden Ratio is played (1 source paid) on Ana's Abacus Sage: +2 Attack this turn, mend 1; then
    Ana may fuse it as a Mathematical fragment (+1/+2) onto the Sage instead of the Dead Cell. Declined (the
    default), it goes to the Dead Cell."""
    st = pos({"source": 1, "hand": ["golden-ratio"], "pieces": ["abacus-sage"]}, {})
    sage = uid(st, "abacus-sage")
    play(st, 0, "golden-ratio", f"p{sage}")
    d = dec(st, 0)
    assert d.kind == "fragment" and d.default == "dead" and f"p{sage}" in ids(st)
    assert board(st)["players"][0]["source"] == 0
    go(st, 0, f"p{sage}")
    pass_windows(st)
    assert dead(st, 0) == []
    p = piece(st, sage)
    assert [x["card"] for x in p["partials"]] == ["golden-ratio"]
    assert (p["attack"], p["max_life"]) == (1 + 2 + 1, 2 + 2)

    st = pos({"source": 1, "hand": ["golden-ratio"], "pieces": ["abacus-sage"]}, {})
    play(st, 0, "golden-ratio", f"p{uid(st, 'abacus-sage')}")
    go(st, 0, "dead")
    pass_windows(st)
    assert dead(st, 0) == ["golden-ratio"] and piece(st, uid(st, "abacus-sage"))["partials"] == []


def test_MEM_CE_12_a_cause_is_fragmented_only_before_it_goes_to_the_dead_cell():
    """MEM-CE-12: in play, Ana's Sieve of Eratosthenes may be fused as a Mathematical fragment onto her Abacus
    Sage, which gains Prime Strike. Destroyed by Ben's Effect instead, Ana's only answers are a discard or
    letting it go, and afterwards nothing can be done with it."""
    st = pos({"source": 1, "pieces": ["sieve-of-eratosthenes", "abacus-sage"]}, {"pieces": ["ship-of-theseus"]})
    sieve, sage = uid(st, "sieve-of-eratosthenes"), uid(st, "abacus-sage")
    assert "fuse" in draft_options(st, 0, f"p{sieve}")
    ev = go(st, 0, f"p{sieve}", "fuse")  # the only way: the Mathematical fragment onto the Sage
    assert "Partial Fusion" in public(ev)
    assert piece(st, sieve) is None
    assert [x["card"] for x in piece(st, sage)["partials"]] == ["sieve-of-eratosthenes"]
    labelled_use(st, 0, sage, "Prime Strike")

    st = pos({"hand": ["flint-knapper"], "pieces": ["sieve-of-eratosthenes", "abacus-sage"]},
             {"source": 1, "hand": ["catapult-stone"]}, active=1)
    sieve = uid(st, "sieve-of-eratosthenes")
    play(st, 1, "catapult-stone", "s0")
    d = dec(st, 0)  # her Sage could move into Defend to take the damage (MEM-TRN-03, MEM-CBT-01)
    assert d.kind == "intercept" and {o.id for o in d.options} == {"absorb", f"p{uid(st, 'abacus-sage')}"}
    go(st, 0, "absorb")
    d = dec(st, 0)
    assert d.kind == "save" and {o.id for o in d.options} == {hand_ref(st, 0, "flint-knapper"), "let"}
    go(st, 0, "let")
    pass_windows(st)
    assert "sieve-of-eratosthenes" in dead(st, 0) and piece(st, sieve) is None
    end_turn(st)
    assert board(st)["active"] == 0
    assert f"p{sieve}" not in ids(st)


# ---------------------------------------------------------------- Stealth and incubation

def test_MEM_CE_13_a_stealth_cause_uses_no_ability_until_upturned():
    """MEM-CE-13: Ana's face-down Sky Burial Platform offers only upturning (and Ammunition), no ability; once
    upturned, Return to the Wind is usable."""
    st = pos({"pieces": [{"card": "sky-burial-platform", "down": True}]}, {})
    sky = uid(st, "sky-burial-platform")
    acts = draft_options(st, 0, f"p{sky}")
    assert "upturn" in acts and not any(a.startswith("use:") for a in acts)
    go(st, 0, f"p{sky}", "upturn")
    pass_windows(st)
    assert not piece(st, sky)["face_down"]
    assert "use:0" in draft_options(st, 0, f"p{sky}")


def test_MEM_CE_13_GAP_02_an_incubating_cause_is_idle_then_comes_into_play_usable_when_it_matures():
    """MEM-CE-13, MEM-GAP-02: Ana's incubating Sky Burial Platform (one turn left) offers no action at all; at
    the start of her next turn it matures into the Main Cell and its ability is usable that very turn."""
    st = pos({"incubation": {"card": "sky-burial-platform", "elapsed": 2, "needed": 3}}, {})
    sky = uid(st, "sky-burial-platform")
    assert f"p{sky}" not in ids(st) and piece(st, sky) is None
    end_turn(st)
    end_turn(st)
    assert board(st)["active"] == 0 and piece(st, sky)["cell"] == "main"
    assert board(st)["players"][0]["incubation"] is None
    go(st, 0, f"p{sky}", "use:0")
    assert board(st)["players"][0]["source"] == 2


def test_MEM_CE_13_a_matured_effect_works_immediately_and_counts_as_played_at_the_opponent():
    """MEM-CE-13, MEM-CE-01: Ana's incubating Catapult Stone matures at the start of her turn and works at once
    (she picks its target): Ben takes 2 and loses his Cause; the Stone goes to the Dead Cell."""
    st = pos({"incubation": {"card": "catapult-stone", "elapsed": 0, "needed": 1}}, {"pieces": ["silk-road"]})
    end_turn(st)
    end_turn(st)
    d = dec(st, 0)
    assert d.kind == "hatch_target" and ids(st) == ["s1"]
    go(st, 0, "s1")
    assert dec(st, 1).kind == "save"  # Ben drew a card in his turn: he may save the Cause, and does not
    go(st, 1, "let")
    pass_windows(st)
    assert life(st, 1) == 18 and dead(st, 1) == ["silk-road"] and dead(st, 0) == ["catapult-stone"]


def test_MEM_GAP_20_a_stealth_effect_shows_its_paid_cost_and_works_only_when_upturned():
    """MEM-GAP-20, MEM-CE-13, MEM-CE-08: Catapult Stone played face down costs 1 + 1, paid in public; it does
    nothing until Ana upturns it, then it works (Ben takes 2, loses his Cause) and goes to the Dead Cell."""
    st = pos({"source": 2, "hand": ["catapult-stone"]}, {"pieces": ["silk-road"]})
    ev = go(st, 0, hand_ref(st, 0, "catapult-stone"), "play", "down")
    assert "pays 2 source and plays a face-down card" in public(ev)
    assert "Catapult" not in public(ev)
    pass_windows(st)
    stone = uid(st, "catapult-stone")
    assert piece(st, stone)["face_down"] and life(st, 1) == 20 and cause_ids(st, 1) == ["silk-road"]
    ev = go(st, 0, f"p{stone}", "upturn")  # its only target, Ben, needs no choice
    assert "Catapult Stone works at Ben" in public(ev)
    pass_windows(st)
    assert piece(st, stone) is None and life(st, 1) == 18
    assert dead(st, 0) == ["catapult-stone"] and dead(st, 1) == ["silk-road"]
