"""Set-up, mulligan, the turn steps in order, Status ticks and running out of Pages (MZ-SETUP-*, MZ-TURN-*,
MZ-RNG-*, MZ-EMPTY-*, Status expiry)."""

from __future__ import annotations

import pytest
from mz_helpers import SEATS, caster_lp, decision, go, lp, page, pos, public, uid_of

from games.core.contract import NotYourDecision, SeatSetup
from games.metazoo import GAME as MZ


def new(seed: int = 3):
    decks = MZ.starter_decks()
    return MZ.new_game([SeatSetup("Ana", decks["ember-dawn"]), SeatSetup("Ben", decks["tide-shadow"])], None, seed)


def test_MZ_SETUP_01_02_prediction_and_choice_of_first():
    """MZ-SETUP-01, MZ-SETUP-02, MZ-GAP-12, MZ-RNG-01, MZ-RNG-02, MZ-RNG-03: both Casters at 1000; seat 1
    predicts a coin flip made with a logged D6 (even = heads); a right guess lets the predictor choose."""
    for seed in range(6):
        st = new(seed)
        assert [caster_lp(st, p) for p in (0, 1)] == [1000, 1000]
        assert decision(st, 1).kind == "predict"
        with pytest.raises(NotYourDecision) as exc:
            go(st, 0, "heads")
        assert exc.value.rule == "MZ-SETUP-02"
        ev = public(go(st, 1, "heads"))
        roll = int(ev.split("D6 ")[1][0])
        right = roll % 2 == 0
        assert ("heads" if right else "tails") in ev
        chooser = 1 if right else 0
        assert decision(st, chooser).kind == "choose_first"
        go(st, chooser, "second")
        assert st.first == 1 - chooser


def test_MZ_SETUP_03_04_05_bookmark_seven_mulligan_n_minus_one():
    """MZ-SETUP-03, MZ-SETUP-04, MZ-SETUP-05, MZ-GAP-23, MZ-GAP-22: 7 Pages each; the first Caster decides
    first; a Mulligan puts the Chapter back, shuffles and Bookmarks N-1 (7, 6, 5...); then the first Caster
    takes turn 1 and Bookmarks in step 1c."""
    st = new(5)
    go(st, 1, "heads")
    chooser = st.priority
    go(st, chooser, "first")
    first = chooser
    assert [len(c.chapter) for c in st.casters] == [7, 7]
    sizes = [len(MZ.starter_decks()[k]) for k in ("ember-dawn", "tide-shadow")]
    assert [len(c.spellbook) for c in st.casters] == [sizes[0] - 7, sizes[1] - 7]
    assert decision(st, first).kind == "mulligan"
    go(st, first, "mulligan")
    assert len(st.casters[first].chapter) == 6 and decision(st, first).kind == "mulligan"
    go(st, first, "mulligan", "keep")
    assert len(st.casters[first].chapter) == 5
    assert decision(st, 1 - first).kind == "mulligan"
    go(st, 1 - first, "keep")
    assert st.turn == 1 and st.active == first and decision(st, first).kind == "priority"
    before = len(st.casters[first].chapter)
    go(st, first, "pass")
    go(st, 1 - first, "pass")
    assert len(st.casters[first].chapter) == before + 1 and decision(st, first).kind == "actions"


def test_MZ_SETUP_04_mulligan_down_to_zero_stops():
    """MZ-SETUP-04: a Caster whose hand is 0 Pages cannot Mulligan again."""
    st = new(2)
    go(st, 1, "heads")
    go(st, st.priority, "first")
    f = st.first
    for _ in range(7):
        go(st, f, "mulligan")
    assert len(st.casters[f].chapter) == 0 and st.casters[f].mulligan == "kept"
    assert decision(st, 1 - f).kind == "mulligan"


def test_MZ_RNG_03_same_seed_same_game():
    """MZ-RNG-03: seed + choices replay to the same state, bit for bit."""
    a, b = new(11), new(11)
    for st in (a, b):
        go(st, 1, "tails")
        go(st, st.priority, "first")
    assert MZ.to_json(a) == MZ.to_json(b)


def test_MZ_TURN_01_to_05_start_of_turn_in_order():
    """MZ-TURN-01, MZ-TURN-02, MZ-TURN-03, MZ-TURN-04, MZ-TURN-05, MZ-STATUS-06, MZ-BURN-02, MZ-FROZEN-02, MZ-FROZEN-03: at Ben's turn start a Burn with
    1 counter goes (1a), a Frozen loses a counter and its Page stays Fatigued, Ben gets priority (1b) and
    the Aura he generates there dissolves at 1e after he Bookmarks (1c) and his Pages Awaken (1d)."""
    st = pos({}, {"arena": [{"card": "kappa", "fatigued": True, "indicators": [{"status": "burn", "counters": 1}]},
                            {"card": "selkie", "fatigued": True,
                             "indicators": [{"status": "frozen", "counters": 2}]},
                            {"card": "water-aura", "fatigued": True}, "water-aura"]})
    k, s = uid_of(st, "kappa"), uid_of(st, "selkie")
    go(st, 0, "end", "pass")
    ev = public(go(st, 1, "pass"))
    assert "Burn Indicator is removed" in ev and page(st, k).indicators == []
    assert page(st, s).indicators[0].counters == 1
    assert decision(st, 1).kind == "priority" and st.step == "start"  # step 1b: Ben
    wa = [ap.uid for ap in st.arena if st.cards[ap.card] == "water-aura" and not ap.fatigued][0]
    go(st, 1, f"gen:{wa}")
    assert st.casters[1].aura == {"water": 1}
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert ev.index("Ben Bookmarks") < ev.index("dissolves (step 1e)")
    assert st.casters[1].aura == {} and not page(st, k).fatigued and page(st, s).fatigued
    assert decision(st, 1).kind == "actions"


def test_MZ_TURN_13_14_15_end_of_turn_poison_and_paralyze():
    """MZ-TURN-13, MZ-TURN-14, MZ-TURN-15, MZ-POISON-02, MZ-POISON-03, MZ-PARALYZE-04, MZ-LP-04: after both
    pass at 3a, Poison costs 10 per Indicator at the end of every turn and is gone at the start of the third
    turn; Paralyze placed in turn 1 goes at the end of turn 2; unspent Aura dissolves at 3c."""
    st = pos({"aura": {"flame": 1}, "arena": [
        {"card": "woodwose", "indicators": [{"status": "poison", "turn": 1}, {"status": "paralyze", "turn": 1}]}]})
    w = uid_of(st, "woodwose")
    go(st, 0, "end", "pass")
    ev = public(go(st, 1, "pass"))
    assert lp(st, w) == 70 and "dissolves (step 3c)" in ev and st.casters[0].aura == {}
    assert [i.status for i in page(st, w).indicators] == ["poison", "paralyze"]
    go(st, 1, "pass")
    go(st, 0, "pass")
    go(st, 1, "end", "pass")
    go(st, 0, "pass")  # end of turn 2: Poison again, Paralyze removed; turn 3 starts: Poison removed
    assert lp(st, w) == 60 and page(st, w).indicators == []


def test_MZ_TURN_07_MZ_TERRA_04_05_terra_slots_and_rotation():
    """MZ-TURN-07, MZ-ZONE-03, MZ-TERRA-04, MZ-TERRA-05, MZ-TERRA-07, MZ-TERRA-08, MZ-GAP-66: Terra fills slots 1..6; the
    7th replaces slot 1 (to its owner's Afterlife), the 8th slot 2."""
    st = pos({"chapter": ["old-forest"] * 4 + ["moonless-night"] * 4})
    for n in range(8):
        pid = "old-forest" if n < 4 else "moonless-night"
        go(st, 0, f"play:{pid}")
        go(st, 1, "pass")
    board = MZ.view(st, None).board
    assert [t["name"] for t in board["terra"]] == ["Moonless Night"] * 2 + ["Old Forest"] * 2 + ["Moonless Night"] * 2
    assert [st.cards[c] for c in st.casters[0].afterlife] == ["old-forest", "old-forest"]
    assert all(not t["fatigued"] for t in board["terra"])
    assert board["arena"] == []  # Terra sit only in the slots


def test_MZ_EMPTY_01_empty_spellbook_skips_bookmark():
    """MZ-EMPTY-01, MZ-TURN-03: an empty Spellbook is no loss; the Bookmark is skipped."""
    st = pos({}, {"spellbook": []})
    go(st, 0, "end", "pass")
    ev = public(go(st, 1, "pass"))
    go(st, 1, "pass")
    ev += public(go(st, 0, "pass"))
    assert "Ben's Spellbook is empty" in ev and MZ.result(st) is None and decision(st, 1).kind == "actions"


def test_MZ_EMPTY_02_every_spellbook_empty_is_a_draw():
    """MZ-EMPTY-02, MZ-GAP-73, MZ-WIN-05: when the last Spellbook empties, the game ends in a draw at once."""
    st = pos({"spellbook": []}, {"spellbook": ["kappa"]})
    go(st, 0, "end", "pass")
    go(st, 1, "pass")
    go(st, 1, "pass")
    go(st, 0, "pass")
    res = MZ.result(st)
    assert res is not None and res.draw and res.reason == "pages" and MZ.decisions(st) == []


def test_MZ_SETUP_05_refused_seat_count():
    """MZ-GAP-12: two Casters only for now; a bad Spellbook is refused naming its rule (MZ-BOOK-01)."""
    with pytest.raises(Exception) as exc:
        MZ.new_game([SEATS[0]], None, 1)
    assert "MZ-GAP-12" in str(exc.value)
    with pytest.raises(Exception) as exc:
        MZ.new_game([SeatSetup("A", ["kappa"] * 3), SeatSetup("B", ["kappa"] * 3)], None, 1)
    assert "MZ-BOOK-01" in str(exc.value)


def test_MZ_TERRA_06_destroyed_terra_frees_its_slot():
    """MZ-TERRA-06, MZ-ZONE-03, MZ-TGT-02: a Destroyed Terra leaves its slot for its owner's Afterlife, no other
    Terra moves, and the next Terra takes the free slot."""
    st = pos({"chapter": ["landslide", "old-forest"], "aura": {"flame": 1}},
             {"arena": ["moonless-night", "old-forest"]})
    night = uid_of(st, "moonless-night")
    go(st, 0, "play:landslide", f"target:u{night}")
    go(st, 1, "pass")
    assert st.cards[st.casters[1].afterlife[0]] == "moonless-night"
    assert [t["name"] if t else None for t in MZ.view(st, None).board["terra"]] == [None, "Old Forest"] + [None] * 4
    go(st, 0, "play:old-forest")
    go(st, 1, "pass")
    assert [t["name"] if t else None for t in MZ.view(st, None).board["terra"]] == ["Old Forest"] * 2 + [None] * 4
