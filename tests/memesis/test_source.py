"""Memesis source through the game contract: paying with it (MEM-SRC-01, MEM-SRC-12), sourcing
(MEM-SRC-02..07, MEM-SRC-10/11, MEM-GAP-09, MEM-GAP-33), the source of step 5 (MEM-SRC-08/09),
consumption (MEM-CON-01..04, MEM-GAP-07, MEM-GAP-27) and the 5-source draw (MEM-DRW-01/02, MEM-GAP-29)."""

from __future__ import annotations

from games.memesis import GAME

from .kit import (
    FILLER,
    board,
    dead,
    dec,
    draft_options,
    end_turn,
    go,
    hand,
    hand_ref,
    ids,
    labels,
    pass_windows,
    pieces,
    player,
    pos,
    public,
    refused,
    settle,
    uid,
)

# ---------------------------------------------------------------- paying


def test_MEM_SRC_01_source_pays_for_cards_abilities_and_rule_actions():
    """MEM-SRC-01: playing Roman Legionary costs its 3 source; Tally of Abacus Sage its 2; playing a card in
    Stealth 1 more than its cost; placing a Rune 1."""
    st = pos({"hand": ["roman-legionary", FILLER, "spiritual-rune"], "source": 9,
              "pieces": ["abacus-sage", "temple-acolyte"]}, {})
    go(st, 0, hand_ref(st, 0, "roman-legionary"), "play", "main", "up")
    assert player(st, 0)["source"] == 6
    go(st, 0, f"p{uid(st, 'abacus-sage', 0)}", "use:0")
    settle(st)
    assert player(st, 0)["source"] == 4
    go(st, 0, hand_ref(st, 0, FILLER), "play", "main", "down")
    assert player(st, 0)["source"] == 2
    go(st, 0, hand_ref(st, 0, "spiritual-rune"), "rune", f"p{uid(st, 'temple-acolyte', 0)}")
    assert player(st, 0)["source"] == 1
    assert pieces(st, 0, "temple-acolyte")[0]["rune"]["card"] == "spiritual-rune"


def test_MEM_SRC_12_a_payment_above_the_source_is_refused():
    """MEM-SRC-12: with 2 source Ana is not offered to play the 3-cost Roman Legionary nor the 5-source draw;
    choosing them anyway is refused with the state unchanged, and her source never goes below 0."""
    st = pos({"hand": ["roman-legionary"], "source": 2}, {})
    assert "draw" not in ids(st)
    refused(st, 0, "draw")
    ref = hand_ref(st, 0, "roman-legionary")
    assert "play" not in draft_options(st, 0, ref)
    GAME.apply(st, 0, ref)
    refused(st, 0, "play")
    GAME.apply(st, 0, "back")
    assert player(st, 0)["source"] == 2 and "roman-legionary" in hand(st, 0)


def test_MEM_SRC_12_a_stealth_play_needs_the_extra_source():
    """MEM-SRC-12, MEM-STL-01: with exactly the card's cost Ana may play it face up only."""
    st = pos({"hand": ["cro-magnon-hunter"], "source": 2}, {})
    GAME.apply(st, 0, hand_ref(st, 0, "cro-magnon-hunter"))
    GAME.apply(st, 0, "play")
    GAME.apply(st, 0, "main")
    assert player(st, 0)["source"] == 0
    assert pieces(st, 0, "cro-magnon-hunter")[0]["face_down"] is False


# ---------------------------------------------------------------- sourcing


def test_MEM_SRC_02_sourcing_turns_the_card_and_gives_1_source():
    """MEM-SRC-02, MEM-INF-02: sourcing a creature marks it sourced on the public board and gives 1 source."""
    st = pos({"pieces": ["roman-legionary"]}, {})
    u = uid(st, "roman-legionary", 0)
    ev = go(st, 0, f"p{u}", "source")
    assert player(st, 0)["source"] == 1
    assert pieces(st, 0, "roman-legionary")[0]["sourced"] is True
    assert "sources" in public(ev)
    assert "source" not in draft_options(st, 0, f"p{u}")  # once only


def test_MEM_SRC_03_creatures_and_causes_may_be_sourced_runes_and_effects_not():
    """MEM-SRC-03, MEM-GAP-33: a creature, a Cause card and a creature upgraded by a Rune may be sourced; a
    face-up Effect card in play, a face-down Effect card and a face-down unattached Rune may not."""
    st = pos({"pieces": ["roman-legionary", "silk-road", {"card": "temple-acolyte", "rune": "spiritual-rune"},
                        "fire-arrow", {"card": "catapult-stone", "down": True},
                        {"card": "spiritual-rune", "down": True}]}, {})
    for card in ("roman-legionary", "silk-road", "temple-acolyte"):
        assert "source" in draft_options(st, 0, f"p{uid(st, card, 0)}"), card
    assert "source" not in draft_options(st, 0, f"p{uid(st, 'fire-arrow', 0)}")
    for pc in pieces(st, 0):
        if pc["face_down"]:
            assert "source" not in draft_options(st, 0, f"p{pc['uid']}")
            GAME.apply(st, 0, f"p{pc['uid']}")
            refused(st, 0, "source")
            GAME.apply(st, 0, "back")
    go(st, 0, f"p{uid(st, 'temple-acolyte', 0)}", "source")
    go(st, 0, f"p{uid(st, 'silk-road', 0)}", "source")
    assert player(st, 0)["source"] == 2
    assert pieces(st, 0, "temple-acolyte")[0]["rune"] is not None  # the Rune stays on it


def test_MEM_SRC_04_not_sourced_the_turn_it_comes_into_play():
    """MEM-SRC-04, MEM-CEL-04: a creature Ana plays this turn cannot be sourced this turn; at her next turn it
    can."""
    st = pos({"hand": ["cro-magnon-hunter"], "source": 2}, {})
    go(st, 0, hand_ref(st, 0, "cro-magnon-hunter"), "play", "main")
    u = uid(st, "cro-magnon-hunter", 0)
    assert "source" not in draft_options(st, 0, f"p{u}")
    GAME.apply(st, 0, f"p{u}")
    refused(st, 0, "source")
    GAME.apply(st, 0, "back")
    end_turn(st)
    end_turn(st)
    assert board(st)["active"] == 0
    go(st, 0, f"p{u}", "source")
    assert pieces(st, 0, "cro-magnon-hunter")[0]["sourced"]


def test_MEM_SRC_05_MEM_GAP_09_only_cards_in_play_sourced_where_they_are():
    """MEM-SRC-05, MEM-GAP-09, MEM-CEL-11: hand and incubating cards offer no sourcing; a creature in the
    Attack Cell and one in the Defend Cell may be sourced and stay in their Cells."""
    st = pos({"hand": ["roman-legionary"], "incubation": {"card": "silk-road"},
              "pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1},
                         {"card": "temple-lion", "cell": "defend"}]}, {})
    assert "source" not in draft_options(st, 0, hand_ref(st, 0, "roman-legionary"))
    assert not [o for o in dec(st).options if "Incubation" in o.label]
    go(st, 0, f"p{uid(st, 'cro-magnon-hunter', 0)}", "source")
    go(st, 0, f"p{uid(st, 'temple-lion', 0)}", "source")
    assert player(st, 0)["source"] == 2
    assert {(pc["cards"][0]["card"], pc["cell"], pc["sourced"]) for pc in pieces(st, 0)} == {
        ("cro-magnon-hunter", "attack", True), ("temple-lion", "defend", True)}


def test_MEM_SRC_06_a_sourced_attacker_does_not_attack():
    """MEM-SRC-06, MEM-CBT-03, MEM-GAP-09: Ana sources her creature in the Attack Cell; ending her turn runs
    no combat and Ben keeps his Life."""
    st = pos({"pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]}, {})
    assert "Combat, then end your turn" in labels(st)
    go(st, 0, f"p{uid(st, 'cro-magnon-hunter', 0)}", "source")
    assert "End your turn" in labels(st)
    text = public(end_turn(st))
    assert "attacks" not in text and player(st, 1)["life"] == 20


def test_MEM_SRC_06_a_sourced_defender_does_not_intercept():
    """MEM-SRC-06, MEM-CBT-03: Ben's sourced Defend creature is offered neither to intercept Catapult Stone
    nor to block Ana's attacker: both hit Ben."""
    st = pos({"hand": ["catapult-stone"], "source": 1,
              "pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]},
             {"pieces": [{"card": "temple-lion", "cell": "defend", "sourced": True}]})
    go(st, 0, hand_ref(st, 0, "catapult-stone"), "play")
    assert dec(st).kind != "intercept"
    assert player(st, 1)["life"] == 18
    pass_windows(st)
    GAME.apply(st, 0, "end")
    kinds = []
    while dec(st).kind != "main":
        kinds.append(dec(st).kind)
        GAME.apply(st, dec(st).seat, GAME.timeout_choice(st, dec(st)))
    assert "block" not in kinds
    assert player(st, 1)["life"] == 15


def test_MEM_SRC_06_a_sourced_cards_abilities_are_null():
    """MEM-SRC-06: Abacus Sage's Tally is offered until the Sage is sourced, then not."""
    st = pos({"pieces": ["abacus-sage"], "source": 3}, {})
    ref = f"p{uid(st, 'abacus-sage', 0)}"
    assert "use:0" in draft_options(st, 0, ref)
    go(st, 0, ref, "source")
    assert player(st, 0)["source"] == 4
    assert "use:0" not in draft_options(st, 0, ref)


def test_MEM_SRC_07_sourced_until_the_owners_next_turn():
    """MEM-SRC-07, MEM-TRN-01 step 2: no action unsources a card; Ana's sourced card stays sourced through
    Ben's turn and is unsourced at the start of her next turn."""
    st = pos({"pieces": ["roman-legionary"]}, {})
    u = uid(st, "roman-legionary", 0)
    go(st, 0, f"p{u}", "source")
    assert not [a for a in draft_options(st, 0, f"p{u}") if "source" in a]
    end_turn(st)
    assert board(st)["active"] == 1 and pieces(st, 0, "roman-legionary")[0]["sourced"]
    end_turn(st)
    assert board(st)["active"] == 0 and not pieces(st, 0, "roman-legionary")[0]["sourced"]


def test_MEM_SRC_08_unused_source_evaporates_and_one_is_granted():
    """MEM-SRC-08: Ben's 4 unused source become 1 at the start of his turn; Cid, whose Brain Cell is empty,
    gets none (0)."""
    st = pos({}, {"source": 4}, {"source": 3, "brain": [], "hand": [FILLER]})
    end_turn(st)
    assert board(st)["active"] == 1 and player(st, 1)["source"] == 1
    end_turn(st)
    assert board(st)["active"] == 2 and player(st, 2)["source"] == 0


def test_MEM_SRC_09_unused_source_is_kept_and_spent_in_opponents_turns():
    """MEM-SRC-09, MEM-TRN-07: Ana ends her turn with 3 source; it is still there in Ben's turn, and when Ben
    plays a card Ana spends 1 of it on Catapult Stone in the window."""
    st = pos({"source": 3, "hand": ["catapult-stone"]}, {"hand": [FILLER]})
    end_turn(st)
    assert board(st)["active"] == 1 and player(st, 0)["source"] == 3
    go(st, 1, hand_ref(st, 1, FILLER), "play", "main")
    assert (dec(st).seat, dec(st).kind) == (0, "window")
    go(st, 0, hand_ref(st, 0, "catapult-stone"), "play", "s1")
    assert (dec(st).seat, dec(st).kind) == (1, "intercept")  # Ben's new creature could move to intercept
    GAME.apply(st, 1, "absorb")
    assert player(st, 0)["source"] == 2 and player(st, 1)["life"] == 18


def test_MEM_SRC_10_a_fused_group_is_sourced_as_one_card():
    """MEM-SRC-10: Castor + Pollux in True Fusion are sourced together for 1 source in total."""
    st = pos({"pieces": [{"cards": ["castor", "pollux"]}]}, {})
    (pc,) = pieces(st, 0)
    assert pc["fusion"] == "true" and len(pc["cards"]) == 2
    go(st, 0, f"p{pc['uid']}", "source")
    assert player(st, 0)["source"] == 1 and pieces(st, 0)[0]["sourced"]
    assert "source" not in draft_options(st, 0, f"p{pc['uid']}")


def test_MEM_SRC_11_a_stealth_card_is_sourced_only_once_upturned():
    """MEM-SRC-11, MEM-GAP-33: Ana's face-down creature (in play since an earlier turn) cannot be sourced;
    she upturns it and sources it in the same turn."""
    st = pos({"pieces": [{"card": "roman-legionary", "down": True}]}, {})
    (pc,) = pieces(st, 0)
    ref = f"p{pc['uid']}"
    assert "source" not in draft_options(st, 0, ref) and "upturn" in draft_options(st, 0, ref)
    go(st, 0, ref, "upturn")
    assert not pieces(st, 0)[0]["face_down"]
    go(st, 0, ref, "source")
    assert player(st, 0)["source"] == 1


def test_MEM_SRC_11_a_stealth_card_played_this_turn_is_not_sourced_when_upturned():
    """MEM-SRC-11, MEM-SRC-04: a creature played face down this turn and upturned still may not be sourced."""
    st = pos({"hand": [FILLER], "source": 2}, {})
    go(st, 0, hand_ref(st, 0, FILLER), "play", "main", "down")
    (pc,) = pieces(st, 0)
    go(st, 0, f"p{pc['uid']}", "upturn")
    assert "source" not in draft_options(st, 0, f"p{pc['uid']}")


# ---------------------------------------------------------------- consumption


def test_MEM_CON_01_MEM_GAP_07_consume_from_hand_for_life_above_20():
    """MEM-CON-01, MEM-GAP-07, MEM-CEL-10: Ana consumes Roman Legionary (cost 3) from hand for Life: 20 -> 23,
    no maximum; the card is in her Dead Cell."""
    st = pos({"hand": ["roman-legionary"]}, {})
    go(st, 0, hand_ref(st, 0, "roman-legionary"), "consume", "life")
    assert player(st, 0)["life"] == 23 and player(st, 0)["source"] == 0
    assert dead(st, 0) == ["roman-legionary"] and hand(st, 0) == []


def test_MEM_CON_01_consume_from_play_for_source():
    """MEM-CON-01: Ana consumes her Silk Road (a Cause card, cost 3) in play for 3 source."""
    st = pos({"pieces": ["silk-road"]}, {})
    go(st, 0, f"p{uid(st, 'silk-road', 0)}", "consume", "source")
    assert player(st, 0)["source"] == 3 and player(st, 0)["life"] == 20
    assert not pieces(st, 0) and dead(st, 0) == ["silk-road"]


def test_MEM_CON_01_consume_at_any_time_in_a_window():
    """MEM-CON-01, MEM-CON-03, MEM-TRN-07: in Ben's turn, in a window, Ana consumes a hand card for 3 source
    and spends it at once on Infinite Series (cost 3) in the same window."""
    st = pos({"source": 1, "hand": ["catapult-stone", "roman-legionary", "infinite-series"]},
             {"hand": [FILLER], "source": 1}, active=1)
    go(st, 1, hand_ref(st, 1, FILLER), "play", "main")
    assert (dec(st).seat, dec(st).kind) == (0, "window")
    assert "play" not in draft_options(st, 0, hand_ref(st, 0, "infinite-series"))
    go(st, 0, hand_ref(st, 0, "roman-legionary"), "consume", "source")
    assert player(st, 0)["source"] == 4 and (dec(st).seat, dec(st).kind) == (0, "window")
    go(st, 0, hand_ref(st, 0, "infinite-series"), "play", "s1")  # no Rune in hand: played at once
    assert (dec(st).seat, dec(st).kind) == (1, "intercept")  # Ben's new creature could move to intercept
    GAME.apply(st, 1, "absorb")
    assert player(st, 1)["life"] == 17 and player(st, 0)["source"] == 1


def test_MEM_CON_02_a_consumed_card_is_named_publicly():
    """MEM-CON-02: consuming from hand reveals the card in a public log line."""
    st = pos({"hand": ["roman-legionary"]}, {})
    ev = go(st, 0, hand_ref(st, 0, "roman-legionary"), "consume", "source")
    assert any(e.audience is None and "Roman Legionary" in e.text for e in ev)


def test_MEM_CON_03_consumed_source_is_available_at_once():
    """MEM-CON-03: with 0 source Ana cannot play Roman Legionary; she consumes Silk Road for 3 and plays it in
    the same turn."""
    st = pos({"hand": ["roman-legionary", "silk-road"]}, {})
    assert "play" not in draft_options(st, 0, hand_ref(st, 0, "roman-legionary"))
    go(st, 0, hand_ref(st, 0, "silk-road"), "consume", "source")
    go(st, 0, hand_ref(st, 0, "roman-legionary"), "play", "main")
    assert pieces(st, 0, "roman-legionary") and player(st, 0)["source"] == 0


def test_MEM_CON_04_consuming_an_upgraded_card_sends_its_rune_too():
    """MEM-CON-04, MEM-RUN-07: Ana consumes her Temple Acolyte carrying her own Spiritual Rune: both go to her
    Dead Cell, and having source she is offered to pay 1 to return the Rune to hand."""
    st = pos({"pieces": [{"card": "temple-acolyte", "rune": "spiritual-rune"}], "source": 1}, {})
    go(st, 0, f"p{uid(st, 'temple-acolyte', 0)}", "consume", "life")
    assert player(st, 0)["life"] == 21
    assert sorted(dead(st, 0)) == ["spiritual-rune", "temple-acolyte"]
    d = dec(st)
    assert (d.seat, d.kind) == (0, "rune_return")
    GAME.apply(st, 0, "pay")
    assert hand(st, 0) == ["spiritual-rune"] and dead(st, 0) == ["temple-acolyte"]


def test_MEM_CON_04_an_opponents_rune_goes_to_its_owners_dead_cell():
    """MEM-CON-04, MEM-RUN-06: Ben placed his Spiritual Rune on Ana's Temple Acolyte; when Ana consumes the
    Acolyte the Rune goes to Ben's Dead Cell."""
    st = pos({"pieces": ["temple-acolyte"]}, {"hand": ["spiritual-rune"], "source": 1}, active=1)
    go(st, 1, hand_ref(st, 1, "spiritual-rune"), "rune")  # its only host: placed at once
    assert pieces(st, 0, "temple-acolyte")[0]["rune"] == {"card": "spiritual-rune", "name": "Spiritual Rune",
                                                          "owner": 1}
    settle(st)
    end_turn(st)
    assert board(st)["active"] == 0
    go(st, 0, f"p{uid(st, 'temple-acolyte', 0)}", "consume", "life")
    assert dead(st, 0) == ["temple-acolyte"] and dead(st, 1) == ["spiritual-rune"]


def test_MEM_GAP_27_runes_for_0_groups_for_their_sum():
    """MEM-GAP-27: a Rune card is consumed for 0; Castor + Pollux in True Fusion are consumed whole for 6
    (3 + 3), both cards going to the Dead Cell."""
    st = pos({"hand": ["practical-rune"], "pieces": [{"cards": ["castor", "pollux"]}]}, {})
    go(st, 0, hand_ref(st, 0, "practical-rune"), "consume", "life")
    assert player(st, 0)["life"] == 20 and dead(st, 0) == ["practical-rune"]
    go(st, 0, f"p{pieces(st, 0)[0]['uid']}", "consume", "source")
    assert player(st, 0)["source"] == 6 and sorted(dead(st, 0)) == ["castor", "pollux", "practical-rune"]


def test_MEM_GAP_27_stealth_incubating_and_ammo_cards_cannot_be_consumed():
    """MEM-GAP-27, MEM-CEL-11: a face-down card in play offers no consumption, an incubating card and Ammo
    cards are not even offered as things to act with."""
    st = pos({"pieces": [{"card": "roman-legionary", "down": True}], "incubation": {"card": "silk-road"},
              "ammo": ["pony-express-rider"]}, {})
    (pc,) = pieces(st, 0)
    assert "consume" not in draft_options(st, 0, f"p{pc['uid']}")
    assert [o.id for o in dec(st).options] == [f"p{pc['uid']}", "end"]


def test_MEM_GAP_27_only_cards_a_player_owns_and_controls():
    """MEM-GAP-27, MEM-ALY-02: Ana plays a creature into her ally Cid's Main Cell: Cid controls it but does
    not own it and Ana owns it but does not control it, so neither may consume it."""
    st = pos({"hand": [FILLER], "source": 1}, {}, {}, {}, teams=[0, 1, 0, 1])
    go(st, 0, hand_ref(st, 0, FILLER), "play", "main@2")
    settle(st)
    (pc,) = pieces(st, 2)
    assert pc["owner"] == 0
    assert not [o for o in dec(st).options if o.id == f"p{pc['uid']}"]
    end_turn(st)
    end_turn(st)
    assert board(st)["active"] == 2
    ref = f"p{pc['uid']}"
    assert "consume" not in draft_options(st, 2, ref)


# ---------------------------------------------------------------- the 5-source draw


def test_MEM_DRW_01_pay_5_source_to_draw_repeatedly():
    """MEM-DRW-01, MEM-CEL-03: with 10 source Ana draws twice, taking the top cards of her Brain Cell, and is
    then not offered a third draw."""
    st = pos({"source": 10, "brain": [FILLER, "silk-road", "roman-legionary"]}, {})
    GAME.apply(st, 0, "draw")
    assert hand(st, 0) == ["roman-legionary"] and player(st, 0)["source"] == 5
    GAME.apply(st, 0, "draw")
    assert hand(st, 0) == ["roman-legionary", "silk-road"] and player(st, 0)["source"] == 0
    assert player(st, 0)["brain"] == 1
    assert "draw" not in ids(st)
    refused(st, 0, "draw")


def test_MEM_DRW_01_the_draw_in_an_opponents_turn():
    """MEM-DRW-01, MEM-TRN-07, MEM-GAP-28: in a window during Ben's turn Ana may pay 5 source to draw."""
    st = pos({"source": 6, "hand": ["catapult-stone"]}, {"hand": [FILLER], "source": 1}, active=1)
    go(st, 1, hand_ref(st, 1, FILLER), "play", "main")
    assert (dec(st).seat, dec(st).kind) == (0, "window")
    GAME.apply(st, 0, "draw")
    assert player(st, 0)["hand"] == 2 and player(st, 0)["source"] == 1


def test_MEM_DRW_02_MEM_GAP_29_no_paid_draw_from_an_empty_brain_cell():
    """MEM-DRW-02, MEM-GAP-29: with 7 source and an empty Brain Cell the draw is not offered and is refused;
    nothing is paid."""
    st = pos({"source": 7, "brain": []}, {})
    assert "draw" not in ids(st)
    refused(st, 0, "draw")
    assert player(st, 0)["source"] == 7 and GAME.result(st) is None
