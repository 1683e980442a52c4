"""MetaX Planning Step, Characters in play, Events, MP and card effects, through the game contract.

Rule IDs: MX-PLN, MX-CHR-03..09, MX-EVT-02..04, MX-MP-02/03/05, MX-EFF, MX-ZN-03/05/07 and the gap
decisions MX-GAP-02, 12, 13, 18, 19 (games/metax/gaps.py).
"""

from __future__ import annotations

from metax_helpers import FILLER, board, reject


def ids(mx, state, seat):
    return [o.id for o in mx.decision_for(state, seat).options]


def mp(mx, state, seat):
    return board(mx, state)["players"][seat]["mp"]


def hand(mx, state, seat):
    return [c["card"] for c in mx.view(state, seat).private["hand"]]


def chars(mx, state, seat):
    """(card id, pushed) of seat's Characters in play, from the public board."""
    return [(c["card"], c["pushed"]) for c in board(mx, state)["players"][seat]["in_play"]]


def discard(mx, state, seat):
    return [c["card"] for c in board(mx, state)["players"][seat]["discard"]]


def iid(state, seat, card):
    """Instance id of seat's in-play Character ``card`` (for option ids like ``push:<instance>``)."""
    return next(ch.card for ch in state.players[seat].in_play if state.cards[ch.card] == card)


# -- the Planning Step (MX-PLN-*, MX-CHR-03, MX-GAP-19) --------------------------------------------


def test_MX_PLN_01_character_events_and_push_in_any_order(mx, position):
    """MX-PLN-01: in the Planning Step the player may play Events, one Character and Push effects, in any
    order; MX-EVT-02: Events before and after the Character, any number."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-golden-fleece", "ev-philosophers-stone", "merlin", "hercules"], "deck": FILLER,
         "in_play": ["scheherazade"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    sch = iid(st, 0, "scheherazade")
    assert ids(mx, st, 0) == ["event:ev-golden-fleece", "event:ev-philosophers-stone", "char:merlin",
                              "char:hercules", f"push:{sch}", "battle"]
    mx.apply(st, 0, "event:ev-golden-fleece")
    assert mp(mx, st, 0) == 2
    mx.apply(st, 0, "char:merlin")  # +2 MP, draws b-str-1
    assert mp(mx, st, 0) == 4
    mx.apply(st, 0, f"push:{sch}")  # draws b-int-1
    mx.apply(st, 0, "event:ev-philosophers-stone")  # +1 MP, draws b-spe-1
    assert mp(mx, st, 0) == 5
    assert hand(mx, st, 0) == ["hercules", "b-str-1", "b-int-1", "b-spe-1"]
    assert discard(mx, st, 0) == ["ev-golden-fleece", "ev-philosophers-stone"]


def test_MX_PLN_04_one_character_per_turn(mx, position):
    """MX-PLN-04: after one Character this turn no second one is offered, and choosing it is refused."""
    st = position({"turn": 3, "players": [
        {"hand": ["merlin", "hercules", "ev-golden-fleece"], "deck": FILLER},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "char:merlin")
    assert not any(o.startswith("char:") for o in ids(mx, st, 0))
    assert reject(mx, st, 0, "char:hercules") == "MX-PLN-04"
    mx.apply(st, 0, "battle")  # Merlin is new and cannot attack: Ben's turn
    mx.apply(st, 1, "battle")
    assert "char:hercules" in ids(mx, st, 0)  # a new turn allows a new Character


def test_MX_CHR_03_MX_PLN_04_MX_GAP_19_three_characters_at_most(mx, position):
    """MX-CHR-03, MX-PLN-04: no fourth Character while three are in play, with no option to discard one
    to make room (MX-GAP-19); duplicates of one Character may be in play together."""
    st = position({"turn": 3, "players": [
        {"hand": ["hercules", "ev-golden-fleece"], "deck": FILLER,
         "in_play": ["hercules", "hercules", "merlin"]},
        {"hand": ["hercules"], "deck": FILLER, "in_play": ["hercules", "hercules"]}]})
    opts = ids(mx, st, 0)
    assert opts == ["event:ev-golden-fleece", "battle"]
    assert reject(mx, st, 0, "char:hercules") == "MX-CHR-03"
    assert reject(mx, st, 0, f"discard:{st.players[0].in_play[0].card}") == "MX-GAP-19"
    mx.apply(st, 0, "battle")
    # no Battle card, but a hand and Prepped Characters: the attack step is offered, "Done" only (MX-GAP-24)
    assert ids(mx, st, 0) == ["done"]
    mx.apply(st, 0, "done")  # Ben's turn
    assert board(mx, st)["active"] == 1
    assert "char:hercules" in ids(mx, st, 1)
    mx.apply(st, 1, "char:hercules")
    assert [c for c, _ in chars(mx, st, 1)] == ["hercules"] * 3


def test_MX_CHR_05_MX_PLN_02_MX_CHR_09_character_enters_prepped_mp_then_on_play(mx, position):
    """MX-PLN-02, MX-CHR-05: the Character goes into play, its +MP is added, then its On-Play effect is
    used (MX-EFF-03 order); MX-CHR-09: it enters Prepped."""
    st = position({"turn": 3, "players": [
        {"hand": ["merlin", "ev-golden-fleece"], "deck": ["b-int-6"] + FILLER, "mp": 3},
        {"hand": ["grendel"], "deck": FILLER}]})
    events = [e.text for e in mx.apply(st, 0, "char:merlin") if e.audience is None]
    assert events[0].startswith("Ana plays Merlin") and events[0].endswith("has 5 MP.")
    assert events[1] == "Ana draws 1 card."
    entry = board(mx, st)["players"][0]["in_play"][0]
    assert (entry["card"], entry["pushed"], entry["new"]) == ("merlin", False, True)
    assert hand(mx, st, 0) == ["ev-golden-fleece", "b-int-6"]
    assert mp(mx, st, 0) == 5


def test_MX_CHR_05_MX_MP_02_character_mp_gain_is_capped_at_10(mx, position):
    """MX-CHR-05, MX-MP-02: Ali Baba's +4 MP at 8 MP leaves 10; Long John Silver's +3 then On-Play makes
    the opponent lose 2, stopping at 0 (MX-MP-03)."""
    st = position({"turn": 3, "players": [
        {"hand": ["ali-baba", "ev-golden-fleece"], "deck": FILLER, "mp": 8},
        {"hand": ["long-john-silver", "ev-golden-fleece"], "deck": FILLER, "mp": 1}]})
    mx.apply(st, 0, "char:ali-baba")
    assert mp(mx, st, 0) == 10
    mx.apply(st, 0, "event:ev-golden-fleece")
    assert mp(mx, st, 0) == 10  # nothing left to do: Ben's turn
    mx.apply(st, 1, "char:long-john-silver")
    assert [mp(mx, st, 0), mp(mx, st, 1)] == [8, 4]


def test_MX_CHR_04_characters_stay_until_ko_or_effect(mx, position):
    """MX-CHR-04: a Character stays in play turn after turn; it leaves only when KO'd (to the discard
    pile) or removed by an effect (Will-o'-the-Wisp returns it to its owner's hand)."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-golden-fleece"], "deck": FILLER,
         "in_play": [{"card": "merlin", "pushed": True}, "gilgamesh"]},
        {"hand": ["ev-will-o-the-wisp", "ev-trojan-horse", "b-str-6", "grendel"], "deck": FILLER, "mp": 7}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, "done")  # turn 4: Ben
    mx.apply(st, 1, "battle")  # turn 5: Ana, who draws a Battle card
    assert [c for c, _ in chars(mx, st, 0)] == ["merlin", "gilgamesh"]
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, "done")  # turn 6: Ben
    assert board(mx, st)["turn"] == 6 and board(mx, st)["active"] == 1
    assert [c for c, _ in chars(mx, st, 0)] == ["merlin", "gilgamesh"]
    mx.apply(st, 1, "event:ev-will-o-the-wisp")
    mx.apply(st, 1, f"target:{iid(st, 0, 'merlin')}")
    assert [c for c, _ in chars(mx, st, 0)] == ["gilgamesh"]
    assert "merlin" in hand(mx, st, 0) and "merlin" not in discard(mx, st, 0)
    mx.apply(st, 1, "event:ev-trojan-horse")  # Gilgamesh (Str6 Int3): a Rank 6 Damage card is an HP KO
    mx.apply(st, 1, "attach:b-str-6:strength")
    assert chars(mx, st, 0) == []
    assert discard(mx, st, 0) == ["gilgamesh"]


def test_MX_CHR_06_constant_effect_applies_only_while_in_play(mx, position):
    """MX-CHR-06: King Arthur gives his other Strength Characters +1 Strength while in play (not himself,
    not Characters without Strength); the bonus stops the moment he leaves play."""
    st = position({"turn": 4, "active": 1, "players": [
        {"hand": ["hercules"], "deck": FILLER, "in_play": ["king-arthur", "gilgamesh", "merlin"]},
        {"hand": ["ev-will-o-the-wisp", "grendel"], "deck": FILLER, "mp": 4}]})

    def ranks():
        return {c["card"]: dict(c["ranks"]) for c in board(mx, st, 1)["players"][0]["in_play"]}

    r = ranks()
    assert r["king-arthur"]["strength"] == 5
    assert r["gilgamesh"] == {"strength": 7, "intelligence": 3}
    assert r["merlin"] == {"intelligence": 5, "special": 4}
    mx.apply(st, 1, "event:ev-will-o-the-wisp")
    mx.apply(st, 1, f"target:{iid(st, 0, 'king-arthur')}")
    assert ranks()["gilgamesh"] == {"strength": 6, "intelligence": 3}


def test_MX_CHR_06_constant_bonus_changes_usable_battle_cards(mx, position):
    """MX-CHR-06: with King Arthur in play Gilgamesh (Str6) may use a Strength 7 Battle card."""
    spec = {"turn": 3, "players": [
        {"hand": ["b-str-7", "b-str-6"], "deck": FILLER, "mp": 5, "in_play": ["king-arthur", "gilgamesh"]},
        {"hand": ["grendel"], "deck": FILLER}]}
    st = position(spec)
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    assert "card:b-str-7:strength" in ids(mx, st, 0)
    spec["players"][0]["in_play"] = ["merlin", "gilgamesh"]
    st = position(spec)
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    assert "card:b-str-7:strength" not in ids(mx, st, 0) and "card:b-str-6:strength" in ids(mx, st, 0)


def test_MX_CHR_07_MX_GAP_18_push_effect_rules(mx, position):
    """MX-CHR-07: a Push effect needs a Prepped Character that did not enter this turn, in the Planning
    Step; using it Pushes the Character. MX-GAP-18: no Push effects outside the Planning Step, and the
    Pushed Character cannot attack."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-int-3", "b-int-2", "ev-golden-fleece"], "deck": FILLER,
         "in_play": ["scheherazade", {"card": "moriarty", "entered": 3}, "merlin"]},
        {"hand": ["b-int-1"], "deck": FILLER, "in_play": ["sherlock-holmes"]}]})
    sch, mor, mer = (iid(st, 0, c) for c in ("scheherazade", "moriarty", "merlin"))
    assert [o for o in ids(mx, st, 0) if o.startswith("push:")] == [f"push:{sch}"]
    assert reject(mx, st, 0, f"push:{mor}") == "MX-CHR-07"  # came into play this turn
    assert reject(mx, st, 0, f"push:{mer}") == "MX-CHR-07"  # has no Push effect
    mx.apply(st, 0, f"push:{sch}")
    assert ("scheherazade", True) in chars(mx, st, 0)
    assert hand(mx, st, 0)[-1] == FILLER[0]
    assert reject(mx, st, 0, f"push:{sch}") == "MX-CHR-07"  # Pushed: no second use
    mx.apply(st, 0, "battle")
    opts = ids(mx, st, 0)
    assert opts == [f"attack:{mer}", "done"]  # Scheherazade is Pushed: it cannot attack
    assert reject(mx, st, 0, f"attack:{sch}") == "MX-ATK-02"
    assert reject(mx, st, 0, f"push:{sch}") == "MX-CHR-07"  # not in the Battle Step


def test_MX_GAP_18_character_that_used_push_effect_cannot_defend(mx, position):
    """MX-GAP-18: after using its Push effect a Character stays Pushed through the opponent's turn and is
    not offered as a defender."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-int-2", "b-int-3", "hercules"], "deck": FILLER, "in_play": ["scheherazade", "moriarty"]},
        {"hand": ["b-int-1", "grendel"], "deck": FILLER, "in_play": ["sherlock-holmes"]}]})
    sch, mor = iid(st, 0, "scheherazade"), iid(st, 0, "moriarty")
    mx.apply(st, 0, f"push:{sch}")
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, "done")
    mx.apply(st, 1, "battle")
    mx.apply(st, 1, f"attack:{iid(st, 1, 'sherlock-holmes')}")
    mx.apply(st, 1, "card:b-int-1:intelligence")
    assert ids(mx, st, 0) == [f"defend:0:{mor}", "done"]
    assert reject(mx, st, 0, f"defend:0:{sch}") == "MX-DEF-02"


def test_MX_PLN_03_MX_EFF_02_new_character_cannot_attack_unless_its_card_says(mx, position):
    """MX-PLN-03: a Character cannot attack the turn it comes into play; MX-EFF-02: Robin Hood's Constant
    effect lets him, for that card only."""
    st = position({"turn": 3, "players": [
        {"hand": ["hercules", "b-str-3", "b-str-2"], "deck": FILLER, "in_play": ["gilgamesh"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "char:hercules")
    mx.apply(st, 0, "battle")  # a hand is left: the Planning Step stays open until "battle" (MX-GAP-24)
    herc, gil = iid(st, 0, "hercules"), iid(st, 0, "gilgamesh")
    assert ids(mx, st, 0) == [f"attack:{gil}", "done"]
    assert reject(mx, st, 0, f"attack:{herc}") == "MX-PLN-03"

    st = position({"turn": 3, "players": [
        {"hand": ["robin-hood", "b-str-3", "b-str-2"], "deck": FILLER, "in_play": ["gilgamesh"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "char:robin-hood")
    mx.apply(st, 0, "battle")
    robin = iid(st, 0, "robin-hood")
    assert f"attack:{robin}" in ids(mx, st, 0)
    mx.apply(st, 0, f"attack:{robin}")
    mx.apply(st, 0, "card:b-str-3:strength")
    assert ("robin-hood", True) in chars(mx, st, 0)


def test_MX_CHR_08_pushed_or_prepped_never_both(mx, position):
    """MX-CHR-08: each Character is shown as Pushed or Prepped (one boolean); Push and Prep toggle it."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-gordian-knot", "hercules"], "deck": FILLER, "mp": 1, "in_play": ["captain-ahab"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    ahab = iid(st, 0, "captain-ahab")
    assert board(mx, st)["players"][0]["in_play"][0]["pushed"] is False
    mx.apply(st, 0, f"push:{ahab}")  # +2 MP
    assert board(mx, st)["players"][0]["in_play"][0]["pushed"] is True and mp(mx, st, 0) == 3
    mx.apply(st, 0, "event:ev-gordian-knot")  # the only Pushed Character: Prepped without asking
    assert board(mx, st)["players"][0]["in_play"][0]["pushed"] is False and mp(mx, st, 0) == 2
    assert f"push:{ahab}" in ids(mx, st, 0)  # Prepped again: its Push effect is available again


# -- Event cards (MX-EVT-02..04, MX-ZN-07) ---------------------------------------------------------


def test_MX_EVT_02_events_only_in_own_planning_step(mx, position):
    """MX-EVT-02: Events are offered only in their owner's Planning Step; not in the Battle Step and not
    during the opponent's turn (MX-GAP-13: no responses)."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-golden-fleece", "ev-golden-fleece", "b-str-3", "hercules"], "deck": FILLER,
         "in_play": ["gilgamesh"]},
        {"hand": ["ev-golden-fleece", "b-str-2"], "deck": FILLER, "in_play": ["mulan"]}]})
    assert reject(mx, st, 1, "event:ev-golden-fleece") == "MX-EVT-02"
    mx.apply(st, 0, "event:ev-golden-fleece")
    mx.apply(st, 0, "event:ev-golden-fleece")  # any number per turn
    assert mp(mx, st, 0) == 4
    mx.apply(st, 0, "battle")
    assert reject(mx, st, 0, "event:ev-golden-fleece") == "MX-EVT-02"
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-str-3:strength")
    dec = mx.decision_for(st, 1)
    assert dec.kind == "defend"
    assert all(o.id.startswith("defend:") or o.id == "done" for o in dec.options)
    assert reject(mx, st, 1, "event:ev-golden-fleece") == "MX-EVT-02"


def test_MX_EVT_03_MX_ZN_07_pay_use_then_discard(mx, position):
    """MX-EVT-03: the cost is paid, the effect used, then the Event is discarded (MX-ZN-07); while its
    effect waits on a choice it is being resolved, not yet in the discard pile."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-lamp-of-wishes", "ev-pandoras-box", "hercules"],
         "deck": ["b-int-6", "b-int-7"] + FILLER, "mp": 5},
        {"hand": ["b-spe-6", "b-spe-7", "grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "event:ev-lamp-of-wishes")
    assert mp(mx, st, 0) == 3
    assert hand(mx, st, 0) == ["ev-pandoras-box", "hercules", "b-int-6", "b-int-7"]
    assert discard(mx, st, 0) == ["ev-lamp-of-wishes"]
    mx.apply(st, 0, "event:ev-pandoras-box")
    assert mp(mx, st, 0) == 0
    assert [c["card"] for c in board(mx, st)["resolving"]] == ["ev-pandoras-box"]
    assert discard(mx, st, 0) == ["ev-lamp-of-wishes"]
    mx.apply(st, 1, "discard:b-spe-7")
    assert board(mx, st)["resolving"] != []
    mx.apply(st, 1, "discard:grendel")
    assert board(mx, st)["resolving"] == []
    assert discard(mx, st, 0) == ["ev-lamp-of-wishes", "ev-pandoras-box"]
    assert discard(mx, st, 1) == ["b-spe-7", "grendel"]


def test_MX_EVT_04_MX_MP_03_event_costing_more_than_mp_refused(mx, position):
    """MX-EVT-04, MX-MP-03: an Event costing more than current MP is not offered and is refused; one
    costing exactly the current MP may be played, leaving 0."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-lamp-of-wishes", "hercules"], "deck": FILLER, "mp": 1},
        {"hand": ["grendel"], "deck": FILLER}]})
    assert "event:ev-lamp-of-wishes" not in ids(mx, st, 0)
    assert reject(mx, st, 0, "event:ev-lamp-of-wishes") == "MX-EVT-04"
    st = position({"turn": 3, "players": [
        {"hand": ["ev-lamp-of-wishes", "hercules"], "deck": FILLER, "mp": 2},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "event:ev-lamp-of-wishes")
    assert mp(mx, st, 0) == 0


# -- MP (MX-MP-02/03/05, MX-GAP-12) ----------------------------------------------------------------


def test_MX_MP_02_gains_stop_at_10(mx, position):
    """MX-MP-02: Event, +MP Battle card and Defense-only gains never take MP above 10."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-golden-fleece", "b-str-1", "b-str-2", "hercules"], "deck": FILLER, "mp": 9,
         "in_play": ["gilgamesh", "mulan"]},
        {"hand": ["b-locked-shields"], "deck": FILLER, "mp": 9, "in_play": ["beowulf"]}]})
    mx.apply(st, 0, "event:ev-golden-fleece")
    assert mp(mx, st, 0) == 10
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-str-1:strength")
    mx.apply(st, 0, "nolink")
    assert mp(mx, st, 0) == 10
    mx.apply(st, 0, "done")
    mx.apply(st, 1, f"defend:0:{iid(st, 1, 'beowulf')}")
    mx.apply(st, 1, "card:b-locked-shields:strength")  # Defense-only: gain 2 MP
    assert mp(mx, st, 1) == 10


def test_MX_MP_03_MX_GAP_12_payments_above_mp_illegal_losses_stop_at_zero(mx, position):
    """MX-MP-03, MX-GAP-12: a Battle card or Link costing more than current MP is refused; MP lost to an
    effect stops at 0."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-str-7", "b-str-6", "ev-huff-and-puff", "hercules"], "deck": FILLER, "mp": 2,
         "in_play": ["gilgamesh", "mulan"]},
        {"hand": ["grendel"], "deck": FILLER, "mp": 1}]})
    mx.apply(st, 0, "event:ev-huff-and-puff")  # opponent loses 3 MP with 1 MP
    assert [mp(mx, st, 0), mp(mx, st, 1)] == [0, 0]
    st = position({"turn": 3, "players": [
        {"hand": ["b-str-7", "b-str-6", "b-str-4", "hercules"], "deck": FILLER, "mp": 2,
         "in_play": ["hercules", "gilgamesh", "mulan"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
    opts = ids(mx, st, 0)
    assert "card:b-str-6:strength" in opts and "card:b-str-7:strength" not in opts
    assert reject(mx, st, 0, "card:b-str-7:strength") == "MX-BTL-08"
    mx.apply(st, 0, "card:b-str-4:strength")  # +0: still 2 MP, so no Link is possible
    assert mp(mx, st, 0) == 2
    assert mx.decision_for(st, 0).kind == "attack"
    assert reject(mx, st, 0, f"link:{iid(st, 0, 'gilgamesh')}") == "MX-TEAM-01"


def test_MX_GAP_12_plus_mp_battle_card_funds_its_own_link(mx, position):
    """MX-GAP-12: the lead's Battle card MP is applied before Links, so 3 MP + a +2 MP card pays a Link."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-str-1", "hercules"], "deck": FILLER, "mp": 3, "in_play": ["gilgamesh", "mulan"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-str-1:strength")
    assert mp(mx, st, 0) == 5
    assert ids(mx, st, 0) == [f"link:{iid(st, 0, 'mulan')}", "nolink"]
    mx.apply(st, 0, f"link:{iid(st, 0, 'mulan')}")
    assert mp(mx, st, 0) == 0


def test_MX_MP_05_mp_sources_and_sinks(mx, position):
    """MX-MP-05: MP comes from Characters entering play, +MP Battle cards and effects; it goes to Event
    costs, −MP Battle cards and Links (5 each)."""
    st = position({"turn": 3, "players": [
        {"hand": ["robin-hood", "ev-golden-fleece", "ev-lamp-of-wishes", "b-str-1", "b-serpents-stare"],
         "deck": FILLER, "mp": 3, "in_play": ["hercules", "gilgamesh"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    seen = []
    mx.apply(st, 0, "char:robin-hood")
    seen.append(mp(mx, st, 0))
    mx.apply(st, 0, "event:ev-golden-fleece")
    seen.append(mp(mx, st, 0))
    mx.apply(st, 0, "event:ev-lamp-of-wishes")
    seen.append(mp(mx, st, 0))
    mx.apply(st, 0, "battle")  # a hand is left: the Planning Step stays open (MX-GAP-24)
    mx.apply(st, 0, f"attack:{iid(st, 0, 'hercules')}")
    mx.apply(st, 0, "card:b-str-1:strength")
    seen.append(mp(mx, st, 0))
    mx.apply(st, 0, f"link:{iid(st, 0, 'gilgamesh')}")
    seen.append(mp(mx, st, 0))
    mx.apply(st, 0, f"attack:{iid(st, 0, 'robin-hood')}")
    mx.apply(st, 0, "card:b-serpents-stare:special")
    seen.append(mp(mx, st, 0))
    assert seen == [5, 7, 5, 7, 2, 1]


# -- effects (MX-EFF-*, MX-GAP-02/13) --------------------------------------------------------------


def test_MX_EFF_01_MX_GAP_13_negate_next_event_reaches_forward(mx, position):
    """MX-EFF-01: a negated effect is not used (its cost is still paid and the card discarded);
    MX-GAP-13: Cassandra's Warning negates the opponent's next Event in their next turn, only one."""
    st = position({"players": [
        {"hand": ["ev-cassandras-warning", "hercules"], "deck": FILLER, "mp": 2},
        {"hand": ["ev-golden-fleece", "ev-golden-fleece", "grendel"], "deck": FILLER, "mp": 1}]})
    mx.apply(st, 0, "event:ev-cassandras-warning")
    assert mx.view(st, 1).private["event_negated"] is True
    assert mx.view(st, 0).private["event_negated"] is False
    mx.apply(st, 0, "battle")
    mx.apply(st, 1, "event:ev-golden-fleece")
    assert mp(mx, st, 1) == 1
    assert discard(mx, st, 1) == ["ev-golden-fleece"]
    assert mx.view(st, 1).private["event_negated"] is False
    mx.apply(st, 1, "event:ev-golden-fleece")
    assert mp(mx, st, 1) == 3


def test_MX_EFF_01_MX_GAP_13_negation_lapses_after_the_opponents_next_turn(mx, position):
    """MX-EFF-01, MX-GAP-13: if the opponent plays no Event in their next turn the negation ends."""
    st = position({"players": [
        {"hand": ["ev-cassandras-warning", "hercules"], "deck": FILLER, "mp": 2},
        {"hand": ["ev-golden-fleece", "grendel"], "deck": FILLER, "mp": 0}]})
    mx.apply(st, 0, "event:ev-cassandras-warning")
    mx.apply(st, 0, "battle")
    mx.apply(st, 1, "battle")  # Ben's turn 2: no Event
    mx.apply(st, 0, "battle")
    assert board(mx, st)["turn"] == 4
    assert mx.view(st, 1).private["event_negated"] is False
    mx.apply(st, 1, "event:ev-golden-fleece")
    assert mp(mx, st, 1) == 2


def test_MX_EFF_01_no_negation_reported_before_any_negate(mx):
    """MX-EFF-01: before any negate effect is used (even during the mulligan, turn 0), nobody's next Event
    is reported as negated."""
    from games.core.contract import SeatSetup

    decks = mx.starter_decks()
    seats = [SeatSetup("Ana", decks["heroes-rush"]), SeatSetup("Ben", decks["villains-control"])]
    st = mx.new_game(seats, None, 0)
    assert mx.view(st, 0).private["event_negated"] is False
    assert mx.view(st, 1).private["event_negated"] is False


def test_MX_EFF_01_attack_only_negate_cancels_defending_card_effect(mx, position):
    """MX-EFF-01: Low Sweep (Attack-only negate) cancels the Defense-only +2 MP of Locked Shields; the
    defending card's own MP value still applies."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-low-sweep", "hercules"], "deck": FILLER, "mp": 1, "in_play": ["gilgamesh"]},
        {"hand": ["b-locked-shields", "b-str-1"], "deck": FILLER, "mp": 0, "in_play": ["beowulf"]}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-low-sweep:strength")
    assert mp(mx, st, 0) == 0
    mx.apply(st, 1, f"defend:0:{iid(st, 1, 'beowulf')}")
    events = mx.apply(st, 1, "card:b-locked-shields:strength")
    assert any("negated" in e.text for e in events)
    assert mp(mx, st, 1) == 0


def test_MX_EFF_03_effects_in_written_order(mx, position):
    """MX-EFF-03: steps are used in the order written: Midas Touch gains 3 MP before asking for the
    discard; Banshee's Wail asks the opponent to discard before they lose 1 MP."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-midas-touch", "ev-banshees-wail", "b-int-5", "hercules"], "deck": FILLER, "mp": 1},
        {"hand": ["b-spe-6", "b-str-7", "grendel"], "deck": FILLER, "mp": 1}]})
    mx.apply(st, 0, "event:ev-midas-touch")
    assert mx.decision_for(st, 0).kind == "discard" and mp(mx, st, 0) == 4
    assert ids(mx, st, 0) == ["discard:ev-banshees-wail", "discard:b-int-5", "discard:hercules"]
    mx.apply(st, 0, "discard:b-int-5")
    mx.apply(st, 0, "event:ev-banshees-wail")
    assert mx.decision_for(st, 1).kind == "discard" and mp(mx, st, 1) == 1
    mx.apply(st, 1, "discard:b-str-7")
    assert mp(mx, st, 1) == 0 and mp(mx, st, 0) == 2


def test_MX_EFF_03_battle_card_effect_used_before_next_declaration(mx, position):
    """MX-EFF-03: a Battle card's effect is used right after it is played: Horn of the Charge's draw is in
    hand before the next attack is declared."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-horn-of-the-charge", "hercules"], "deck": ["b-str-2"] + FILLER, "mp": 0,
         "in_play": ["gilgamesh", "mulan"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-horn-of-the-charge:strength")
    assert mx.decision_for(st, 0).kind == "attack"
    assert hand(mx, st, 0) == ["hercules", "b-str-2"]
    # only the card just drawn lets Mulan attack
    assert ids(mx, st, 0) == [f"attack:{iid(st, 0, 'mulan')}", "done"]
    mx.apply(st, 0, f"attack:{iid(st, 0, 'mulan')}")
    assert ids(mx, st, 0) == ["card:b-str-2:strength", "back"]


def test_MX_EFF_04_opponent_chooses_their_own_discard_privately(mx, position):
    """MX-EFF-04: 'your opponent discards' gives the decision to the opponent, in their view only; the
    player who played the effect cannot choose for them."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-poisoned-apple", "hercules"], "deck": FILLER, "mp": 1},
        {"hand": ["b-spe-6", "b-str-7", "grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "event:ev-poisoned-apple")
    assert mx.view(st, 0).decisions == ()
    assert mx.view(st, None).waiting == ((1, "discard"),)
    dec = mx.view(st, 1).decisions[0]
    assert [o.id for o in dec.options] == ["discard:b-spe-6", "discard:b-str-7", "discard:grendel"]
    assert "Mountain-Splitter" not in repr(mx.view(st, 0))
    assert reject(mx, st, 0, "discard:b-str-7") == "MX-EFF-04"
    assert reject(mx, st, 1, "discard:hercules") == "MX-ZN-04"
    mx.apply(st, 1, "discard:b-str-7")
    assert discard(mx, st, 1) == ["b-str-7"] and hand(mx, st, 1) == ["b-spe-6", "grendel"]
    assert mx.decision_for(st, 0).kind == "planning"


def test_MX_GAP_02_untagged_battle_effect_used_attacking_and_defending(mx, position):
    """MX-GAP-02: an untagged Battle card effect (Overheard Secrets: draw 1) is used both when attacking
    and when defending; Attack-only (Horn of the Charge) is not used on defence, Defense-only (Locked
    Shields) not on attack."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-overheard-secrets", "b-locked-shields", "hercules"], "deck": ["b-int-6"] + FILLER,
         "mp": 0, "in_play": ["mulan", "gilgamesh"]},
        {"hand": ["b-overheard-secrets", "b-horn-of-the-charge"], "deck": ["b-spe-7"] + FILLER, "mp": 0,
         "in_play": ["sherlock-holmes", "beowulf"]}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'mulan')}")
    mx.apply(st, 0, "card:b-overheard-secrets:intelligence")
    assert hand(mx, st, 0) == ["b-locked-shields", "hercules", "b-int-6"]
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-locked-shields:strength")
    assert mp(mx, st, 0) == 0  # Defense-only effect not used on attack
    assert mx.decision_for(st, 1).kind == "defend"
    mx.apply(st, 1, f"defend:0:{iid(st, 1, 'sherlock-holmes')}")
    mx.apply(st, 1, "card:b-overheard-secrets:intelligence")
    assert hand(mx, st, 1) == ["b-horn-of-the-charge", "b-spe-7"]
    mx.apply(st, 1, f"defend:1:{iid(st, 1, 'beowulf')}")
    mx.apply(st, 1, "card:b-horn-of-the-charge:strength")
    assert mx.view(st, 1).private["hand"][0]["card"] == "b-spe-7"
    assert board(mx, st)["players"][1]["hand"] == 1  # no draw from the Attack-only effect


def test_MX_GAP_13_nothing_is_used_during_the_opponents_turn(mx, position):
    """MX-GAP-13: no response windows: during the active player's Planning Step the other player has no
    decision at all, and their Push effects and Events are refused."""
    st = position({"turn": 3, "players": [
        {"hand": ["ev-poisoned-apple", "hercules"], "deck": FILLER, "mp": 1},
        {"hand": ["ev-golden-fleece", "b-str-2"], "deck": FILLER, "in_play": ["scheherazade"]}]})
    assert [d.seat for d in mx.decisions(st)] == [0]
    assert mx.view(st, 1).decisions == ()
    assert reject(mx, st, 1, "event:ev-golden-fleece") == "MX-EVT-02"
    assert reject(mx, st, 1, f"push:{iid(st, 1, 'scheherazade')}") == "MX-CHR-07"
    mx.apply(st, 0, "event:ev-poisoned-apple")  # the forced discard is the only thing Ben decides
    assert [o.id for o in mx.decision_for(st, 1).options] == ["discard:ev-golden-fleece", "discard:b-str-2"]


# -- zones touched by effects (MX-ZN-03/05/07) -----------------------------------------------------


def test_MX_ZN_03_search_shuffles_the_deck_with_the_seeded_rng(mx, position):
    """MX-ZN-03: after a search (card taken or not) the deck is shuffled, with the state's seeded RNG:
    the same seed gives the same order."""
    spec = {"players": [{"hand": ["ev-ariadnes-thread", "ev-owl-of-athena", "hercules"],
                         "deck": ["b-int-7"] + FILLER, "mp": 3},
                        {"hand": ["grendel"], "deck": FILLER}]}
    orders = []
    for seed in (11, 11, 12):
        st = position(spec, seed=seed)
        mx.apply(st, 0, "event:ev-ariadnes-thread")
        assert "take:b-int-7" in ids(mx, st, 0)
        mx.apply(st, 0, "take:b-int-7")
        assert hand(mx, st, 0)[-1] == "b-int-7"
        order = [st.cards[c] for c in st.players[0].deck]
        assert sorted(order) == sorted(FILLER) and order != FILLER
        orders.append(order)
        before = list(st.players[0].deck)
        mx.apply(st, 0, "event:ev-owl-of-athena")
        mx.apply(st, 0, "none")  # taking nothing still shuffles
        assert sorted(st.players[0].deck) == sorted(before) and st.players[0].deck != before
    assert orders[0] == orders[1] and orders[0] != orders[2]


def test_MX_ZN_05_cards_in_play_are_face_up_for_everyone(mx, position):
    """MX-ZN-05: Characters in play, Battle cards in the Battle Zone and attached Damage are public."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-str-5", "hercules"], "deck": FILLER, "mp": 1, "in_play": ["gilgamesh"]},
        {"hand": ["b-spe-2"], "deck": FILLER, "in_play": ["beowulf"]}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-str-5:strength")
    mx.apply(st, 1, f"defend:0:{iid(st, 1, 'beowulf')}")
    for viewer in (None, 0, 1):
        b = board(mx, st, viewer)
        assert [c["card"] for c in b["players"][0]["in_play"]] == ["gilgamesh"]
    # Beowulf (Str5 Spe2) took 5 Damage: KO'd; Gilgamesh shows the Spe 2 card as Damage to everyone
    st2 = mx.from_json(mx.to_json(st))
    mx.apply(st2, 1, "card:b-spe-2:special")
    for viewer in (None, 0, 1):
        b = board(mx, st2, viewer)
        gil = b["players"][0]["in_play"][0]
        assert [(d["card"], d["stat"], d["rank"]) for d in gil["damage"]] == [("b-spe-2", "special", 2)]
        assert b["players"][1]["in_play"] == []


def test_MX_ZN_05_battle_zone_visible_while_defenders_are_chosen(mx, position):
    """MX-ZN-05: the attacking Character and its Battle card are shown in the Battle Zone to everyone."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-str-5", "hercules"], "deck": FILLER, "mp": 1, "in_play": ["gilgamesh"]},
        {"hand": ["b-spe-2"], "deck": FILLER, "in_play": ["beowulf"]}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-str-5:strength")
    assert mx.decision_for(st, 1).kind == "defend"
    for viewer in (None, 0, 1):
        (entry,) = board(mx, st, viewer)["battle"]
        shown = (entry["attacker"]["card"], entry["card"]["card"], entry["defender"])
        assert shown == ("gilgamesh", "b-str-5", None)


def test_MX_ZN_07_undefended_battle_card_and_kod_character_go_to_discard(mx, position):
    """MX-ZN-07: an undefended attack's Battle card is discarded after the Battle Step; a KO'd Character
    and its Damage are discarded; Events after use (see MX-EVT-03)."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-str-3", "hercules"], "deck": FILLER, "in_play": ["gilgamesh"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-str-3:strength")  # undefended: 1 VP, then the turn ends
    assert board(mx, st)["players"][0]["vp"] == 1
    assert discard(mx, st, 0) == ["b-str-3"] and board(mx, st)["battle"] == []

    st = position({"turn": 3, "players": [
        {"hand": ["b-str-6", "hercules"], "deck": FILLER, "mp": 2, "in_play": ["gilgamesh"]},
        {"hand": ["b-str-1"], "deck": FILLER, "in_play": [{"card": "mr-hyde", "damage": []}]}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{iid(st, 0, 'gilgamesh')}")
    mx.apply(st, 0, "card:b-str-6:strength")
    mx.apply(st, 1, f"defend:0:{iid(st, 1, 'mr-hyde')}")
    mx.apply(st, 1, "card:b-str-1:strength")
    assert chars(mx, st, 1) == []
    assert discard(mx, st, 1) == ["mr-hyde"]  # Mr Hyde (Str6) is KO'd by the Rank 6 card
    assert discard(mx, st, 0) == ["b-str-6"]  # the Damage goes to its owner's pile
    assert [d["card"] for d in board(mx, st)["players"][0]["in_play"][0]["damage"]] == ["b-str-1"]
