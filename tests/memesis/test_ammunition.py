"""Memesis Ammunition (checklist section 14: MEM-AMM-01..08, MEM-GAP-22), played through the game contract."""

from __future__ import annotations

import json

from games.memesis import GAME

from .kit import (
    act,
    dec,
    end_turn,
    hand_ref,
    ids,
    pass_windows,
    pos,
    public,
    seen_by,
    uid,
    view,
)


def _ammo(st, viewer: int = 0) -> list[tuple[str, bool]]:
    """Ana's Ammunition pile, bottom first, as she sees it: (card, used)."""
    return [(a["card"], a["used"]) for a in view(st, viewer).private["ammo"]]


def _count(st, seat: int = 0) -> tuple[int, int]:
    p = view(st, None).board["players"][seat]
    return p["ammo"], p["ammo_used"]


def test_MEM_AMM_01_MEM_AMM_08_cards_from_hand_face_down_onto_the_pile():
    """MEM-AMM-01, MEM-AMM-08: any number of cards from hand go face down on top of the Ammunition Cell; the count
    is public, the identities only in the owner's private view and private events."""
    st = pos({"hand": ["thunderbolt-of-zeus", "roman-legionary", "practical-rune"], "source": 0})
    ev = []
    for card_id in ("thunderbolt-of-zeus", "roman-legionary", "practical-rune"):
        ev += act(st, 0, hand_ref(st, 0, card_id), "ammo")
    assert _count(st) == (3, 0)
    assert _ammo(st) == [("thunderbolt-of-zeus", False), ("roman-legionary", False), ("practical-rune", False)]
    assert "Ana puts a card face down on top of their Ammunition Cell." in public(ev)
    assert "Thunderbolt of Zeus goes into Ammunition." in seen_by(ev, 0)
    for viewer in (1, None):
        v = view(st, viewer)
        text = json.dumps({"board": v.board, "private": v.private}).lower()
        assert "thunderbolt" not in text and "legionary" not in text and "practical-rune" not in text
    assert "Thunderbolt" not in seen_by(ev, 1)


def test_MEM_AMM_01_from_play_and_at_any_time():
    """MEM-AMM-01: a card in play goes into Ammunition too, and a hand card may be put there in the opponent's
    turn (in a window)."""
    st = pos({"hand": ["fire-arrow", "roman-legionary"], "source": 1, "pieces": ["pilgrim-of-the-way"]},
             {"hand": ["cro-magnon-hunter"], "source": 2}, active=1)
    act(st, 1, hand_ref(st, 1, "cro-magnon-hunter"), "play", "main", "up")
    assert dec(st, 0).kind == "window"
    act(st, 0, hand_ref(st, 0, "roman-legionary"), "ammo")
    assert _count(st) == (1, 0)
    end_turn(st)
    u = uid(st, "pilgrim-of-the-way")
    act(st, 0, f"p{u}", "ammo")
    assert all(p["uid"] != u for p in view(st, None).board["pieces"])
    assert [a[0] for a in _ammo(st)] == ["roman-legionary", "pilgrim-of-the-way"]


def test_MEM_AMM_06_fused_group_counts_as_its_number_of_cards():
    """MEM-AMM-06: a fused group (Castor + Pollux) placed into the Ammunition Cell counts as 2 Ammo."""
    st = pos({"pieces": [{"cards": ["castor", "pollux"]}]})
    u = uid(st, "castor")
    ev = act(st, 0, f"p{u}", "ammo")
    assert _count(st) == (2, 0)
    assert "(2 Ammo)" in public(ev)


def test_MEM_AMM_03_ability_needs_enough_ammo():
    """MEM-AMM-03: Longbowman's Volley (1 Ammo) and Arrow Storm (2 Ammo) are offered only with that many Ammo
    cards available."""
    for pile, want in (([], set()), (["pilgrim-of-the-way"], {"use:0"}),
                       (["pilgrim-of-the-way", "pilgrim-of-the-way"], {"use:0", "use:1"})):
        st = pos({"pieces": ["longbowman"], "ammo": pile}, {"pieces": ["great-wall-garrison"]})
        GAME.apply(st, 0, f"p{uid(st, 'longbowman')}")
        assert {i for i in ids(st, 0) if i.startswith("use:")} == want


def test_MEM_AMM_04_MEM_GAP_22_used_ammo_not_reused_until_it_recycles():
    """MEM-AMM-04, MEM-GAP-22: one Longbowman uses the only Ammo card (the top one is marked used, nothing is
    spent); the other Longbowman cannot use it that turn; at the owner's next turn it recycles."""
    st = pos({"pieces": ["longbowman", "longbowman"], "ammo": ["roman-legionary", "pilgrim-of-the-way"]},
             {"pieces": ["great-wall-garrison"]})
    first, second = (pc.uid for pc in st.pieces if pc.controller == 0)
    ev = act(st, 0, f"p{first}", "use:0")
    assert "with 1 Ammo" in public(ev)
    pass_windows(st)
    assert _count(st) == (2, 1)
    assert _ammo(st) == [("roman-legionary", False), ("pilgrim-of-the-way", True)]
    act(st, 0, f"p{second}", "use:0")  # the bottom card is still free
    pass_windows(st)
    assert _count(st) == (2, 2)
    GAME.apply(st, 0, f"p{first}")
    assert not any(i.startswith("use:") for i in ids(st, 0))
    GAME.apply(st, 0, "back")
    GAME.apply(st, 0, f"p{second}")
    assert not any(i.startswith("use:") for i in ids(st, 0))
    GAME.apply(st, 0, "back")
    end_turn(st)
    end_turn(st)
    assert st.active == 0 and _count(st) == (2, 0)
    GAME.apply(st, 0, f"p{first}")
    assert "use:0" in ids(st, 0)


def test_MEM_AMM_04_one_card_cannot_take_ammo_another_used():
    """MEM-AMM-04: with one Ammo card, once the first Longbowman used it, the second is offered no Ammo ability."""
    st = pos({"pieces": ["longbowman", "longbowman"], "ammo": ["pilgrim-of-the-way"]},
             {"pieces": ["great-wall-garrison"]})
    first, second = (pc.uid for pc in st.pieces if pc.controller == 0)
    GAME.apply(st, 0, f"p{second}")
    assert "use:0" in ids(st, 0)
    GAME.apply(st, 0, "back")
    act(st, 0, f"p{first}", "use:0")
    pass_windows(st)
    GAME.apply(st, 0, f"p{second}")
    assert not any(i.startswith("use:") for i in ids(st, 0))


def test_MEM_AMM_05_ammo_only_through_a_card_in_the_owners_turn():
    """MEM-AMM-05: in Ben's turn Ana's Longbowman offers no Ammo ability, though her Ammo is unused; and no option
    uses Ammunition except through a card."""
    st = pos({"pieces": ["longbowman"], "ammo": ["pilgrim-of-the-way", "pilgrim-of-the-way"],
              "hand": ["fire-arrow"], "source": 1},
             {"hand": ["cro-magnon-hunter"], "source": 2, "pieces": ["great-wall-garrison"]}, active=1)
    act(st, 1, hand_ref(st, 1, "cro-magnon-hunter"), "play", "main", "up")
    assert dec(st, 0).kind == "window"
    assert all(i[0] in "hp" or i in ("pass", "draw") for i in ids(st, 0))
    GAME.apply(st, 0, f"p{uid(st, 'longbowman')}")
    assert not any(i.startswith("use:") for i in ids(st, 0))
    GAME.apply(st, 0, "back")
    GAME.apply(st, 0, "pass")
    end_turn(st)  # step 7's offer is left (its default): the Ammunition stays
    GAME.apply(st, 0, f"p{uid(st, 'longbowman')}")
    assert {"use:0", "use:1"} <= set(ids(st, 0))


def test_MEM_AMM_07_MEM_GAP_22_take_the_top_card_once_besides_the_draw():
    """MEM-AMM-07, MEM-GAP-22: at step 7 of her turn Ana may take the top Ammunition card (the last placed) into
    her hand, besides her normal draw; only once that turn."""
    st = pos({"ammo": ["roman-legionary", "thunderbolt-of-zeus"]}, {}, active=1)
    hand = view(st, None).board["players"][0]["hand"]
    GAME.apply(st, 1, "end")
    pass_windows(st)
    d = dec(st, 0)
    assert d.kind == "ammo_take" and d.default == "leave"
    assert [o.id for o in d.options] == ["take", "leave"]
    assert "Thunderbolt of Zeus" in d.options[0].label  # her own card: she may look (MEM-GAP-22)
    ev = GAME.apply(st, 0, "take")
    assert "Ana takes the top card of their Ammunition Cell into their hand." in public(ev)
    assert "Thunderbolt" not in public(ev)
    assert view(st, None).board["players"][0]["hand"] == hand + 2
    assert _ammo(st) == [("roman-legionary", False)]
    assert "thunderbolt-of-zeus" in [h["card"] for h in view(st, 0).private["hand"]]
    assert dec(st, 0).kind == "main"
    assert not any("Ammunition" in o.label and "hand" in o.label for o in dec(st, 0).options)


def test_MEM_AMM_07_leaving_it_keeps_the_pile():
    """MEM-AMM-07: declining the step 7 take leaves the pile as it was; with an empty pile nothing is asked."""
    st = pos({"ammo": ["roman-legionary"]}, {}, active=1)
    GAME.apply(st, 1, "end")
    pass_windows(st)
    GAME.apply(st, 0, "leave")
    assert _ammo(st) == [("roman-legionary", False)]
    st = pos({}, {}, active=1)
    GAME.apply(st, 1, "end")
    pass_windows(st)
    assert dec(st, 0).kind == "main"


def test_MEM_AMM_02_pile_order_is_kept():
    """MEM-AMM-02: the Ammunition pile keeps the order the cards were placed in: using and recycling change no
    position, and what comes off is always the top."""
    st = pos({"pieces": ["longbowman"], "hand": ["fire-arrow", "cro-magnon-hunter"],
              "ammo": ["pilgrim-of-the-way"]}, {"pieces": ["great-wall-garrison"]})
    act(st, 0, hand_ref(st, 0, "fire-arrow"), "ammo")
    act(st, 0, hand_ref(st, 0, "cro-magnon-hunter"), "ammo")
    order = ["pilgrim-of-the-way", "fire-arrow", "cro-magnon-hunter"]
    assert [a[0] for a in _ammo(st)] == order
    act(st, 0, f"p{uid(st, 'longbowman')}", "use:1")  # Arrow Storm: 2 Ammo, the top two
    assert [(d.seat, d.kind) for d in GAME.decisions(st)] == [(1, "intercept")]  # the Garrison could intercept
    GAME.apply(st, 1, "absorb")
    pass_windows(st)
    assert _ammo(st) == [("pilgrim-of-the-way", False), ("fire-arrow", True), ("cro-magnon-hunter", True)]
    end_turn(st)
    end_turn(st)
    assert _ammo(st) == [(c, False) for c in order]
