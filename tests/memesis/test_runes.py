"""Memesis Rune cards and upgrading (checklist section 11: MEM-RUN-01..11, MEM-GAP-17/18/19/32), played through
the game contract."""

from __future__ import annotations

from games.memesis import GAME
from games.memesis.pool import card_pool

from .kit import (
    act,
    dec,
    end_turn,
    go,
    hand_ref,
    ids,
    pass_windows,
    piece,
    pos,
    public,
    refused,
    uid,
    view,
)


def test_MEM_RUN_01_four_rune_cards_one_per_marking():
    """MEM-RUN-01: there are four Rune cards, Spiritual, Philosophical, Mathematical and Practical."""
    runes = {c.name: c.predilection for c in card_pool().values() if c.kind == "rune"}
    assert sorted(runes.values()) == ["mathematical", "philosophical", "practical", "spiritual"]
    assert all(name.lower().startswith(m) for name, m in runes.items())


def test_MEM_RUN_01_rune_on_marked_card_gives_its_upgrade():
    """MEM-RUN-01, MEM-RUN-02: a Practical Rune placed on Cro-Magnon Hunter (3/2, [Practical] +1 Attack, +1 Life)
    makes it 4/3, and placing it costs 1 source."""
    st = pos({"hand": ["practical-rune"], "source": 3, "pieces": ["cro-magnon-hunter"]})
    u = uid(st, "cro-magnon-hunter")
    assert (piece(st, u)["attack"], piece(st, u)["life"]) == (3, 2)
    ev = act(st, 0, hand_ref(st, 0, "practical-rune"), "rune")
    assert "Ana places Practical Rune on #1 Cro-Magnon Hunter." in public(ev)
    bp = piece(st, u)
    assert (bp["attack"], bp["life"], bp["max_life"]) == (4, 3, 3)
    assert bp["rune"]["card"] == "practical-rune" and bp["rune"]["owner"] == 0
    assert view(st, None).board["players"][0]["source"] == 2
    assert view(st, 0).private["hand"] == []


def test_MEM_RUN_01_MEM_GAP_19_rune_only_on_matching_marking():
    """MEM-GAP-19, MEM-RUN-01: a Rune may be placed only on a card bearing its marking; a forged placement on
    another card is refused with nothing changed."""
    st = pos({"hand": ["spiritual-rune"], "source": 3, "pieces": ["cro-magnon-hunter", "pilgrim-of-the-way"]})
    cro, pil = uid(st, "cro-magnon-hunter"), uid(st, "pilgrim-of-the-way")
    go(st, 0, hand_ref(st, 0, "spiritual-rune"))
    assert "rune" in ids(st, 0)
    GAME.apply(st, 0, "rune")  # one legal host: placed at once on the Pilgrim ([Spiritual] +2 Life)
    assert piece(st, pil)["rune"]["card"] == "spiritual-rune"
    assert piece(st, cro)["rune"] is None
    st = pos({"hand": ["spiritual-rune"], "source": 3, "pieces": ["cro-magnon-hunter"]})
    go(st, 0, hand_ref(st, 0, "spiritual-rune"))
    assert "rune" not in ids(st, 0)  # Cro-Magnon Hunter bears no Spiritual marking
    err = refused(st, 0, "rune")
    assert err.rule == "MEM-TRN-07"


def test_MEM_GAP_19_degrading_upgrade_applies_like_any_upgrade():
    """MEM-GAP-19: a detrimental ("degrading") upgrade under a marking applies like any upgrade: a Spiritual
    Rune on Steam Colossus (7/7, [Spiritual] -2 Attack) leaves it at 5 Attack."""
    st = pos({"hand": ["spiritual-rune"], "source": 1, "pieces": ["steam-colossus"]})
    u = uid(st, "steam-colossus")
    act(st, 0, hand_ref(st, 0, "spiritual-rune"), "rune")
    assert piece(st, u)["attack"] == 5


def test_MEM_RUN_02_removing_costs_one_and_returns_the_rune_to_hand():
    """MEM-RUN-02: removing a Rune costs 1 source and takes it back to hand; the upgrade goes with it."""
    st = pos({"source": 2, "pieces": [{"card": "cro-magnon-hunter", "rune": "practical-rune"}]})
    u = uid(st, "cro-magnon-hunter")
    assert piece(st, u)["attack"] == 4
    act(st, 0, f"p{u}", "unrune")
    assert piece(st, u)["rune"] is None and piece(st, u)["attack"] == 3
    assert [h["card"] for h in view(st, 0).private["hand"]] == ["practical-rune"]
    assert view(st, None).board["players"][0]["source"] == 1


def test_MEM_RUN_02_no_source_no_placing_or_removing():
    """MEM-RUN-02: with 0 source a Rune can be neither placed nor removed."""
    st = pos({"hand": ["practical-rune"], "source": 0,
              "pieces": ["cro-magnon-hunter", {"card": "roman-legionary", "rune": "practical-rune"}]})
    ref = hand_ref(st, 0, "practical-rune")
    leg = uid(st, "roman-legionary")
    go(st, 0, ref)
    assert "rune" not in ids(st, 0)
    go(st, 0, "back", f"p{leg}")
    assert "unrune" not in ids(st, 0)


def test_MEM_RUN_02_only_the_owner_removes_a_rune():
    """MEM-RUN-02: only the Rune's owner may remove it: Ben, whose creature carries Ana's Rune, is never offered
    its removal, and forging it is refused."""
    st = pos({"hand": ["practical-rune", "napiers-bones"], "source": 3},
             {"source": 3, "pieces": ["roman-legionary"], "hand": ["pilgrim-of-the-way"]})
    leg = uid(st, "roman-legionary")
    act(st, 0, hand_ref(st, 0, "practical-rune"), "rune")  # on Ben's Roman Legionary (MEM-RUN-06)
    assert piece(st, leg)["rune"]["owner"] == 0
    pass_windows(st)
    end_turn(st)
    assert st.active == 1
    go(st, 1, f"p{leg}")
    assert "unrune" not in ids(st, 1)
    refused(st, 1, "unrune")
    go(st, 1, "back")
    # Ana (an Effect card in hand, so she is asked, MEM-GAP-28) may remove it in a window of Ben's turn
    act(st, 1, hand_ref(st, 1, "pilgrim-of-the-way"), "play", "main", "up")
    assert dec(st, 0).kind == "window"
    act(st, 0, f"p{leg}", "unrune")
    assert piece(st, leg)["rune"] is None
    assert [h["card"] for h in view(st, 0).private["hand"]] == ["napiers-bones", "practical-rune"]


def test_MEM_RUN_02_rune_placed_in_any_cell_and_at_any_time():
    """MEM-RUN-02: a Rune may be placed at any time (here in a window of the opponent's turn) and in any Cell
    (here on a card in the Incubation Cell)."""
    st = pos({"source": 1, "hand": ["practical-rune"], "incubation": {"card": "roman-legionary"}},
             {"hand": ["pilgrim-of-the-way"], "source": 1}, active=1)
    inc = uid(st, "roman-legionary")
    act(st, 1, hand_ref(st, 1, "pilgrim-of-the-way"), "play", "main", "up")
    assert dec(st, 0).kind == "window"
    act(st, 0, hand_ref(st, 0, "practical-rune"), "rune")
    assert st.players[0].source == 0
    assert next(pc for pc in st.pieces if pc.uid == inc).rune >= 0
    assert view(st, 0).private["hand"] == []


def test_MEM_RUN_03_rune_never_played_face_up_unattached():
    """MEM-RUN-03: with no card bearing its marking a Rune cannot be put into play face up (only face down in
    Stealth, MEM-STL-07); with Stealth off it cannot be played at all."""
    st = pos({"hand": ["practical-rune"], "source": 5, "pieces": ["pilgrim-of-the-way"]})
    go(st, 0, hand_ref(st, 0, "practical-rune"))
    assert "rune" not in ids(st, 0)
    go(st, 0, "play")  # the one play: face down, unattached
    assert [p["face_down"] for p in view(st, None).board["pieces"]] == [False, True]
    st = pos({"hand": ["practical-rune"], "source": 5, "pieces": ["pilgrim-of-the-way"]}, stealth=False)
    go(st, 0, hand_ref(st, 0, "practical-rune"))
    assert "rune" not in ids(st, 0) and "play" not in ids(st, 0)


def test_MEM_RUN_03_revealed_stealth_rune_attaches_or_is_destroyed():
    """MEM-RUN-03: a Stealth Rune upturned must attach to a card bearing its marking or go to the Dead Cell."""
    st = pos({"source": 0, "pieces": [{"card": "practical-rune", "down": True}, "pilgrim-of-the-way"]})
    r = uid(st, "practical-rune")
    go(st, 0, f"p{r}")
    assert "attach" not in ids(st, 0)  # nothing bears the Practical marking: no face-down attaching
    ev = go(st, 0, "upturn")  # the one way left: to the Dead Cell
    assert "Practical Rune has nowhere to attach and goes to the Dead Cell." in public(ev)
    assert [c["card"] for c in view(st, None).board["players"][0]["dead"]] == ["practical-rune"]
    assert all(p["uid"] != r for p in view(st, None).board["pieces"])
    st = pos({"source": 0, "pieces": [{"card": "practical-rune", "down": True}, "cro-magnon-hunter"]})
    r, cro = uid(st, "practical-rune"), uid(st, "cro-magnon-hunter")
    act(st, 0, f"p{r}", "upturn")
    assert set(ids(st, 0)) == {f"p{cro}", "dead", "back"}
    go(st, 0, f"p{cro}")
    bp = piece(st, cro)
    assert bp["rune"]["card"] == "practical-rune" and bp["attack"] == 4


def test_MEM_RUN_04_one_rune_per_card():
    """MEM-RUN-04: a card already upgraded by its owner's Rune takes no second Rune of that owner."""
    st = pos({"hand": ["practical-rune"], "source": 3,
              "pieces": [{"card": "roman-legionary", "rune": "practical-rune"}]})
    go(st, 0, hand_ref(st, 0, "practical-rune"))
    assert "rune" not in ids(st, 0)
    refused(st, 0, "rune")


def _greek_fire(extra: int, source: int):
    """Greek Fire played with the Practical Rune (``extra`` 1 or 2 source) at Ben's Great Wall Garrison (2/8,
    its 3 Armor already destroyed, so the damage reaches its Life)."""
    st = pos({"hand": ["greek-fire", "practical-rune"], "source": source},
             {"pieces": [{"card": "great-wall-garrison", "hits": 3}]})
    u = uid(st, "great-wall-garrison")
    r = hand_ref(st, 0, "practical-rune")[1:]
    ev = act(st, 0, hand_ref(st, 0, "greek-fire"), "play", f"p{u}", f"r{r}:{extra}")
    ev += pass_windows(st)
    return st, u, ev


def test_MEM_RUN_05_effect_upgraded_as_it_enters_rune_destroyed():
    """MEM-RUN-05, MEM-RUN-01: Greek Fire (cost 2, damage 3, [Practical] deal 2 more) played with a Practical Rune
    for 1 more source (3 in all) deals 5 damage; the Rune then goes to the Dead Cell."""
    st, u, _ev = _greek_fire(1, 3)
    assert st.players[0].source == 0
    assert piece(st, u)["life"] == 8 - 5
    assert [c["card"] for c in view(st, None).board["players"][0]["dead"]] == ["greek-fire", "practical-rune"]
    assert view(st, 0).private["hand"] == []


def test_MEM_RUN_05_effect_upgraded_paying_two_more_rune_returns():
    """MEM-RUN-05: paying 2 source on top of the cost (1 placing + 1 removal) the Rune returns to hand after the
    Effect is used; the upgrade applies all the same; with only 3 source that option is not offered."""
    st = pos({"hand": ["greek-fire", "practical-rune"], "source": 3}, {"pieces": ["great-wall-garrison"]})
    u = uid(st, "great-wall-garrison")
    r = hand_ref(st, 0, "practical-rune")[1:]
    act(st, 0, hand_ref(st, 0, "greek-fire"), "play", f"p{u}")
    assert f"r{r}:1" in ids(st, 0) and f"r{r}:2" not in ids(st, 0)
    st, u, ev = _greek_fire(2, 4)
    assert st.players[0].source == 0
    assert piece(st, u)["life"] == 8 - 5
    assert "Practical Rune returns to Ana's hand." in public(ev)
    assert [h["card"] for h in view(st, 0).private["hand"]] == ["practical-rune"]
    assert [c["card"] for c in view(st, None).board["players"][0]["dead"]] == ["greek-fire"]


def test_MEM_RUN_06_rune_on_opponent_card_goes_to_rune_owner_dead_cell():
    """MEM-RUN-06: Ana's Rune on Ben's card: when that card goes to a Dead Cell, the Rune goes to Ana's Dead
    Cell (no return offer: MEM-RUN-07 is for the owner's own card)."""
    st = pos({"hand": ["spiritual-rune", "thunderbolt-of-zeus"], "source": 5}, {"pieces": ["viking-raider"]})
    vik = uid(st, "viking-raider")
    act(st, 0, hand_ref(st, 0, "spiritual-rune"), "rune")  # [Spiritual] +1 Attack: 5/2
    assert piece(st, vik)["attack"] == 5
    pass_windows(st)
    act(st, 0, hand_ref(st, 0, "thunderbolt-of-zeus"), "play", f"p{vik}")
    pass_windows(st)
    board = view(st, None).board
    assert [c["card"] for c in board["players"][0]["dead"]] == ["thunderbolt-of-zeus", "spiritual-rune"]
    assert [c["card"] for c in board["players"][1]["dead"]] == ["viking-raider"]
    assert dec(st, 0).kind == "main"


def _rune_dies(active: int):
    """Ana's Cro-Magnon Hunter carries her Practical Rune; Ben's Thunderbolt of Zeus kills it (in Ana's turn from a
    window, or in Ben's own turn)."""
    st = pos({"source": 2, "hand": ["pilgrim-of-the-way"],
              "pieces": [{"card": "cro-magnon-hunter", "rune": "practical-rune"}]},
             {"hand": ["thunderbolt-of-zeus", "pilgrim-of-the-way"], "source": 5}, active=active)
    u = uid(st, "cro-magnon-hunter")
    if active == 0:
        act(st, 0, hand_ref(st, 0, "pilgrim-of-the-way"), "play", "main", "up")
    ev = act(st, 1, hand_ref(st, 1, "thunderbolt-of-zeus"), "play", f"p{u}")
    return st, ev


def test_MEM_RUN_07_owner_pays_one_source_to_return_the_rune():
    """MEM-RUN-07: Ana's own upgraded card dies with her Rune: she may pay 1 source to return the Rune from the
    Dead Cell to her hand."""
    st, ev = _rune_dies(0)
    assert "Cro-Magnon Hunter (Ana) dies and goes to the Dead Cell." in public(ev)
    d = dec(st, 0)
    assert d.kind == "rune_return" and d.default == "leave"
    before = st.players[0].source
    ev = go(st, 0, "pay")
    assert "Ana pays 1 source and returns Practical Rune to their hand." in public(ev)
    assert st.players[0].source == before - 1
    assert [c["card"] for c in view(st, None).board["players"][0]["dead"]] == ["cro-magnon-hunter"]
    assert "practical-rune" in [h["card"] for h in view(st, 0).private["hand"]]


def test_MEM_RUN_07_not_paid_the_rune_stays_dead():
    """MEM-RUN-07: not paid in the turn the card died, the Rune stays in the Dead Cell: no later offer."""
    st, _ev = _rune_dies(0)
    go(st, 0, "leave")
    pass_windows(st)
    assert [c["card"] for c in view(st, None).board["players"][0]["dead"]] == ["cro-magnon-hunter",
                                                                              "practical-rune"]
    end_turn(st)
    end_turn(st)
    assert st.active == 0
    assert "practical-rune" in [c["card"] for c in view(st, None).board["players"][0]["dead"]]
    assert all("Rune" not in label for label in [o.label for o in dec(st, 0).options])


def test_MEM_RUN_07_MEM_GAP_32_return_window_in_opponent_turn():
    """MEM-GAP-32, MEM-RUN-07: when the upgraded card dies in the opponent's turn, its Rune's owner gets a
    window then to pay and return the Rune; on timeout the Rune stays in the Dead Cell."""
    st, _ev = _rune_dies(1)
    d = dec(st, 0)
    assert d.kind == "rune_return" and st.active == 1
    assert GAME.timeout_choice(st, d) == "leave"
    go(st, 0, "pay")
    assert "practical-rune" in [h["card"] for h in view(st, 0).private["hand"]]
    st, _ev = _rune_dies(1)
    GAME.apply(st, 0, GAME.timeout_choice(st, dec(st, 0)))
    assert "practical-rune" in [c["card"] for c in view(st, None).board["players"][0]["dead"]]


def test_MEM_RUN_08_MEM_GAP_18_third_party_rune_displaces_the_existing_one():
    """MEM-RUN-08, MEM-GAP-18: Ben, who owns neither Ana's Roman Legionary nor its Practical Rune, may play his
    own Practical Rune on it; Ana's Rune is displaced to her Dead Cell and the card still has one Rune."""
    st = pos({"source": 0, "hand": ["pilgrim-of-the-way"],
              "pieces": [{"card": "roman-legionary", "rune": "practical-rune"}]},
             {"hand": ["practical-rune"], "source": 1}, active=1)
    leg = uid(st, "roman-legionary")
    act(st, 1, hand_ref(st, 1, "practical-rune"), "rune")
    bp = piece(st, leg)
    assert bp["rune"]["owner"] == 1 and bp["rune"]["card"] == "practical-rune"
    assert [c["card"] for c in view(st, None).board["players"][0]["dead"]] == ["practical-rune"]


def test_MEM_RUN_08_no_rune_on_an_upgraded_card_you_own_or_whose_rune_you_own():
    """MEM-RUN-08: Ana may not Rune her own card that Ben's Rune upgrades, and Ben may not put a second Rune on
    a card his own Rune already upgrades."""
    st = pos({"source": 1, "hand": ["practical-rune"], "pieces": ["roman-legionary"]},
             {"hand": ["practical-rune", "practical-rune"], "source": 3}, active=1)
    leg = uid(st, "roman-legionary")
    act(st, 1, hand_ref(st, 1, "practical-rune"), "rune")
    assert piece(st, leg)["rune"]["owner"] == 1
    pass_windows(st)  # Ana holds a card, so she is asked after the Rune is placed (MEM-GAP-28)
    go(st, 1, hand_ref(st, 1, "practical-rune"))
    assert "rune" not in ids(st, 1)  # Ben owns the Rune already there
    go(st, 1, "back")
    end_turn(st)
    assert st.active == 0
    go(st, 0, hand_ref(st, 0, "practical-rune"))
    assert "rune" not in ids(st, 0)  # Ana owns the card
    refused(st, 0, "rune")


def test_MEM_RUN_09_MEM_GAP_17_no_own_rune_on_true_fusion_opponents_may():
    """MEM-RUN-09, MEM-GAP-17: Ana may not Rune her own True Fusion group (Sym + Bio + Tic, all bearing the
    Spiritual marking); Ben, her opponent, may, and its upgrade applies."""
    group = {"cards": ["coral-polyp", "pythagorean-acolyte", "mobius-serpent"]}
    st = pos({"source": 2, "hand": ["spiritual-rune"], "pieces": [group]},
             {"hand": ["spiritual-rune"], "source": 1})
    g = st.pieces[0].uid
    go(st, 0, hand_ref(st, 0, "spiritual-rune"))
    assert "rune" not in ids(st, 0)
    go(st, 0, "back")
    attack = piece(st, g)["attack"]
    end_turn(st)
    act(st, 1, hand_ref(st, 1, "spiritual-rune"), "rune")
    bp = piece(st, g)
    assert bp["rune"]["owner"] == 1
    assert bp["attack"] == attack - 1  # Möbius Serpent's [Spiritual] -1 Attack; the others add Life


def test_MEM_RUN_10_partial_fusion_and_rune_upgrade_the_bottom_card():
    """MEM-RUN-10: a partially fused card may be Rune-upgraded and a Rune-upgraded card may undergo Partial
    Fusion; the Rune's upgrade is the bottom-most card's (Cro-Magnon Hunter's +1 Attack, +1 Life)."""
    st = pos({"source": 3, "hand": ["practical-rune"],
              "pieces": [{"card": "cro-magnon-hunter", "partials": [["terracotta-warrior", "practical"]]}]})
    u = uid(st, "cro-magnon-hunter")
    before = piece(st, u)
    assert (before["attack"], before["max_life"], before["armor"]) == (3, 3, 1)  # fragment: +1 Armor, +1 Life
    act(st, 0, hand_ref(st, 0, "practical-rune"), "rune")
    after = piece(st, u)
    assert (after["attack"], after["max_life"], after["armor"]) == (4, 4, 1)
    # the other way round: a Rune-upgraded card takes a Partial Fusion fragment and keeps its Rune
    st = pos({"source": 3, "hand": ["damascus-steel"],
              "pieces": [{"card": "cro-magnon-hunter", "rune": "practical-rune"}]})
    u = uid(st, "cro-magnon-hunter")
    act(st, 0, hand_ref(st, 0, "damascus-steel"), "fuse", f"p{u}", "frag:practical", "up")
    bp = piece(st, u)
    assert bp["rune"]["card"] == "practical-rune"
    assert [p["card"] for p in bp["partials"]] == ["damascus-steel"]
    assert bp["attack"] == 3 + 1 + 2


def test_MEM_RUN_11_incubated_rune_placed_free_after_one_turn():
    """MEM-RUN-11, MEM-INC-08: a Rune incubated waits one turn, then is placed on a marked card without paying
    the 1 source placing cost."""
    st = pos({"source": 0, "hand": ["practical-rune"], "pieces": ["cro-magnon-hunter"]})
    cro = uid(st, "cro-magnon-hunter")
    act(st, 0, hand_ref(st, 0, "practical-rune"), "incubate", "s0", "up")
    assert view(st, 0).private["incubation"]["needed"] == 1
    end_turn(st)
    GAME.apply(st, 1, "end")
    pass_windows(st)
    d = dec(st, 0)
    assert d.kind == "attach" and f"p{cro}" in [o.id for o in d.options]
    source = st.players[0].source
    go(st, 0, f"p{cro}")
    assert st.players[0].source == source
    assert piece(st, cro)["rune"]["card"] == "practical-rune" and piece(st, cro)["attack"] == 4


def test_MEM_RUN_11_incubated_in_stealth_waits_two_turns():
    """MEM-RUN-11, MEM-INC-08, MEM-INC-06, MEM-STL-07: a Rune incubated in Stealth waits two turns, then comes
    into the Main Cell still in Stealth, unattached, like any face-down card (MEM-GAP-20); its owner may attach
    it there for free."""
    st = pos({"source": 0, "hand": ["practical-rune"], "pieces": ["cro-magnon-hunter"]})
    act(st, 0, hand_ref(st, 0, "practical-rune"), "incubate", "s0", "down")
    assert view(st, 0).private["incubation"]["needed"] == 2
    assert view(st, 1).board["players"][0]["incubation"]["face_down"] is True
    end_turn(st)
    end_turn(st)
    assert dec(st, 0).kind == "main"
    assert view(st, 0).private["incubation"]["elapsed"] == 1
    end_turn(st)
    GAME.apply(st, 1, "end")
    pass_windows(st)
    assert dec(st, 0).kind == "main"
    rune = next(p for p in view(st, 1).board["pieces"] if p["controller"] == 0 and p["face_down"])
    assert rune["cell"] == "main"
    h = uid(st, "cro-magnon-hunter")
    ev = act(st, 0, f"p{rune['uid']}", "attach", f"p{h}")
    assert f"Ana attaches a face-down Rune to #{h} Cro-Magnon Hunter." in public(ev)
    assert view(st, 0).board["players"][0]["source"] == 1  # the placement was free (MEM-STL-07, MEM-RUN-11)
