"""Meta Olympia Recruit tiles through the game contract: the three sources (MO-REC-01), the trade
cost (MO-REC-02), the face-up discard pile (MO-REC-03), six athletes in hand (MO-REC-04), unaffordable
athletes (MO-REC-05), declining (MO-REC-06), the reshuffle (MO-REC-07) and the market refill (MO-GAP-05)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.contract import RulesError
from games.metaolympia import GAME
from games.metaolympia.pool import starters

from .kit import (
    athlete_ids,
    board,
    card_ids,
    choose,
    decision,
    hidden,
    ids,
    landing_spec,
    pick,
    position,
    private,
    view_text,
)

STARTERS = starters()
MARKET = ["koroibos", "olympus-mons", "cydonia-kid"]  # values 3, 7, 1
DECK = ["gale-scamp", "kasei-flyer", "hesperia-wall"]  # top last: Hesperia Wall, then Kasei Flyer
DISCARD = ["ice-cap-sweeper", "tempe-bruiser"]  # top last: Tempe Bruiser


def recruit(credits: int = 10, athletes: list[str] | None = None, **spec):
    decks = {"market": MARKET, "athlete_deck": DECK, "athlete_discard": DISCARD, **spec}
    return position(landing_spec("recruit", players=[{"credits": credits, "athletes": athletes or STARTERS}],
                                 **decks))


def _closed(st) -> None:
    assert board(st)["tile"] is None
    d = decision(st)
    assert (d.seat, d.kind) == (1, "move")


def _labels(st) -> list[str]:
    return [o.label for o in decision(st).options]


# ---------------------------------------------------------------- the choice of source (MO-REC-01)

def test_MO_REC_01_recruit_offers_market_draw_top_of_discard_and_decline():
    """MO-REC-01, MO-REC-06: the options are each face-up market athlete, drawing 2 from the deck, the top
    athlete of the discard pile (only the top) and recruiting nobody."""
    st = recruit(credits=10)
    d = decision(st)
    assert (d.seat, d.kind) == (0, "recruit")
    kinds = Counter(i.split(":")[0] for i in ids(st))
    assert kinds == Counter(market=3, draw=1, discard=1, decline=1)
    labels = _labels(st)
    for cid in ("Koroibos", "Olympus Mons", "Cydonia Kid"):
        assert any(cid in lab and "market" in lab for lab in labels)
    disc = [o for o in d.options if o.id.startswith("discard:")]
    assert "Tempe Bruiser" in disc[0].label
    assert not any("Ice Cap Sweeper" in lab for lab in labels)
    assert d.default == "decline"


def test_MO_REC_01_MO_REC_02_recruit_from_the_market_pays_the_difference():
    """MO-REC-01/02: a market Pro of value 3 for a Rookie of value 1 costs 3 - 1 = 2 credits; every Rookie may
    be returned (each costing 2)."""
    st = recruit(credits=5)
    pick(st, 0, "koroibos", "market:")
    d = decision(st)
    assert (d.seat, d.kind) == (0, "return")
    assert len(d.options) == 6 and all(o.label.endswith("pay 2") for o in d.options)
    ev = pick(st, 0, "red-runner", "return:")
    assert board(st)["players"][0]["credits"] == 3
    assert Counter(athlete_ids(st, 0)) == Counter([a for a in STARTERS if a != "red-runner"] + ["koroibos"])
    assert any("paying 2 credits" in e.text for e in ev)
    _closed(st)


def test_MO_REC_02_a_cheaper_athlete_costs_nothing_and_refunds_nothing():
    """MO-REC-02: trading a value-3 Pro for a value-1 Rookie pays nothing and gets nothing back."""
    mine = ["koroibos", *STARTERS[1:]]
    st = recruit(credits=1, athletes=mine)
    pick(st, 0, "cydonia-kid", "market:")
    assert all(o.label.endswith("pay 0") for o in decision(st).options)
    pick(st, 0, "koroibos", "return:")
    b = board(st)
    assert b["players"][0]["credits"] == 1
    assert "cydonia-kid" in athlete_ids(st, 0) and "koroibos" not in athlete_ids(st, 0)
    assert b["supply"]["credits"] == 40 - 1 - b["players"][1]["credits"]


def test_MO_REC_02_equal_value_costs_nothing():
    """MO-REC-02: equal values pay nothing."""
    st = recruit(credits=0)
    pick(st, 0, "cydonia-kid", "market:")
    pick(st, 0, "dust-warden", "return:")
    assert board(st)["players"][0]["credits"] == 0
    assert "cydonia-kid" in athlete_ids(st, 0) and "dust-warden" not in athlete_ids(st, 0)


def test_MO_REC_03_the_returned_athlete_goes_face_up_on_top_of_the_discard_pile():
    """MO-REC-03: the traded-in athlete lies face up on top of the athlete discard pile, for everyone to see."""
    st = recruit(credits=5)
    pick(st, 0, "koroibos", "market:")
    ev = pick(st, 0, "canal-striker", "return:")
    b = board(st)
    assert card_ids(b["athlete_discard"]) == [*DISCARD, "canal-striker"]
    assert not hidden("canal-striker", view_text(st, 1, ev))


@pytest.mark.parametrize("source", ["market", "draw", "discard"])
def test_MO_REC_04_the_hand_holds_six_athletes_before_and_after_each_kind_of_recruit(source):
    """MO-REC-04: whichever way the athlete is recruited, the hand holds exactly 6 before and after."""
    st = recruit(credits=10)
    assert len(athlete_ids(st, 0)) == 6 and board(st)["players"][0]["athletes"] == 6
    if source == "market":
        pick(st, 0, "olympus-mons", "market:")
    elif source == "draw":
        choose(st, 0, "draw")
        pick(st, 0, "hesperia-wall", "take:")
    else:
        pick(st, 0, "tempe-bruiser", "discard:")
    assert len(athlete_ids(st, 0)) == 6  # nothing moves before the trade completes
    pick(st, 0, "dune-winger", "return:")
    assert len(athlete_ids(st, 0)) == 6 and board(st)["players"][0]["athletes"] == 6
    assert "dune-winger" not in athlete_ids(st, 0)
    _closed(st)


# ---------------------------------------------------------------- drawing two (MO-REC-01)

def test_MO_REC_01_drawing_two_takes_one_and_puts_the_other_face_up_on_the_discard_pile():
    """MO-REC-01, MO-REC-03: "draw" takes the top 2 of the deck; the drawer alone sees them while choosing;
    the one not taken goes face up to the discard pile, then the returned athlete on top of it."""
    st = recruit(credits=0)
    ev = choose(st, 0, "draw")
    d = decision(st)
    assert (d.seat, d.kind) == (0, "draw_pick")
    assert sorted(o.cards[0] for o in d.options if o.id.startswith("take:")) == ["hesperia-wall", "kasei-flyer"]
    assert "none" in ids(st)
    assert sorted(card_ids(private(st, 0)["pending"])) == ["hesperia-wall", "kasei-flyer"]
    assert private(st, 1)["pending"] == []
    assert hidden("kasei-flyer", view_text(st, 1, ev)) and hidden("hesperia-wall", view_text(st, None, ev))
    assert board(st)["athlete_deck"] == 1
    pick(st, 0, "kasei-flyer", "take:")
    pick(st, 0, "crater-keeper", "return:")
    b = board(st)
    assert card_ids(b["athlete_discard"]) == [*DISCARD, "hesperia-wall", "crater-keeper"]
    assert "kasei-flyer" in athlete_ids(st, 0) and "crater-keeper" not in athlete_ids(st, 0)
    assert b["athlete_deck"] == 1 and card_ids(b["market"]) == MARKET  # MO-GAP-05: the market is not touched
    assert b["players"][0]["credits"] == 0


def test_MO_REC_01_MO_REC_06_drawing_two_and_taking_neither_discards_both_face_up():
    """MO-REC-01, MO-REC-06: after drawing, the player may still take nobody: both drawn athletes go face up
    to the discard pile and the hand and credits are unchanged."""
    st = recruit(credits=4)
    choose(st, 0, "draw")
    choose(st, 0, "none")
    b = board(st)
    assert Counter(card_ids(b["athlete_discard"])) == Counter([*DISCARD, "hesperia-wall", "kasei-flyer"])
    assert athlete_ids(st, 0) == STARTERS and b["players"][0]["credits"] == 4
    _closed(st)


# ---------------------------------------------------------------- the discard pile (MO-REC-01)

def test_MO_REC_01_the_top_of_the_discard_pile_can_be_recruited():
    """MO-REC-01: the top athlete of the discard pile is recruited; the returned athlete takes its place on top."""
    st = recruit(credits=0)
    pick(st, 0, "tempe-bruiser", "discard:")
    pick(st, 0, "red-runner", "return:")
    b = board(st)
    assert card_ids(b["athlete_discard"]) == ["ice-cap-sweeper", "red-runner"]
    assert "tempe-bruiser" in athlete_ids(st, 0)
    assert b["athlete_deck"] == len(DECK) and card_ids(b["market"]) == MARKET


# ---------------------------------------------------------------- affordability (MO-REC-05)

def test_MO_REC_05_athletes_whose_difference_cannot_be_paid_are_not_offered():
    """MO-REC-05: with 1 credit and only Rookies in hand, a value-3 or value-7 market athlete is not offered;
    choosing one anyway is refused and changes nothing."""
    st = recruit(credits=1)
    labels = _labels(st)
    assert not any("Koroibos" in lab or "Olympus Mons" in lab for lab in labels)
    assert any("Cydonia Kid" in lab for lab in labels)
    snap = GAME.to_json(st)
    # card numbers in the position follow the spec order: market first, so Koroibos is card 0
    for bad in ("market:0", "market:1"):
        with pytest.raises(RulesError) as e:
            GAME.apply(st, 0, bad)
        assert "decline" in str(e.value)
    assert GAME.to_json(st) == snap


def test_MO_REC_05_only_returns_that_make_the_trade_affordable_are_offered():
    """MO-REC-05, MO-REC-02: holding a value-4 Pro and 1 credit, Olympus Mons (7) stays out of reach (7 - 4 = 3)
    but Koroibos (3) is offered, and only by returning the Pro (the Rookies would cost 2)."""
    mine = ["astylos", *STARTERS[1:]]
    st = recruit(credits=1, athletes=mine)
    labels = _labels(st)
    assert any("Koroibos" in lab for lab in labels)
    assert not any("Olympus Mons" in lab for lab in labels)
    pick(st, 0, "koroibos", "market:")
    d = decision(st)
    assert [o.cards for o in d.options] == [("astylos",)]
    pick(st, 0, "astylos", "return:")
    assert board(st)["players"][0]["credits"] == 1
    assert "koroibos" in athlete_ids(st, 0)


def test_MO_REC_05_unaffordable_top_of_discard_and_drawn_athletes_are_not_offered():
    """MO-REC-05: an unaffordable top discard is not offered; of two drawn athletes only the affordable one
    may be taken (the other choice is to take neither)."""
    st = recruit(credits=0, athlete_discard=["tempe-bruiser", "theagenes"],
                 athlete_deck=["gale-scamp", "cydonia-kid", "olympus-mons"])
    assert not any(i.startswith("discard:") for i in ids(st))
    choose(st, 0, "draw")
    d = decision(st)
    takes = [o.cards[0] for o in d.options if o.id.startswith("take:")]
    assert takes == ["cydonia-kid"]
    assert "none" in ids(st)


def test_MO_REC_05_nothing_affordable_leaves_draw_and_decline():
    """MO-REC-05: a team that can afford no face-up athlete still may draw (the draw may bring a cheap one)
    or decline."""
    st = recruit(credits=0, market=["koroibos", "olympus-mons", "astylos"], athlete_discard=["theagenes"])
    assert ids(st) == ["draw", "decline"]


# ---------------------------------------------------------------- declining (MO-REC-06)

def test_MO_REC_06_declining_changes_nothing():
    """MO-REC-06: recruiting is optional; declining keeps hand, credits, market, deck and discard pile."""
    st = recruit(credits=6)
    before = board(st)
    choose(st, 0, "decline")
    after = board(st)
    assert athlete_ids(st, 0) == STARTERS
    for key in ("market", "athlete_deck", "athlete_discard", "supply"):
        assert after[key] == before[key]
    assert after["players"][0]["credits"] == 6
    _closed(st)


# ---------------------------------------------------------------- the market refill (MO-GAP-05)

def test_MO_GAP_05_a_recruited_market_athlete_is_replaced_at_once_from_the_deck_top():
    """MO-GAP-05: the market is refilled at once from the top of the athlete deck, so it holds 3 again."""
    st = recruit(credits=10)
    pick(st, 0, "koroibos", "market:")
    assert card_ids(board(st)["market"]) == MARKET  # not before the trade completes
    ev = pick(st, 0, "dust-warden", "return:")
    b = board(st)
    assert card_ids(b["market"]) == ["olympus-mons", "cydonia-kid", "hesperia-wall"]
    assert b["athlete_deck"] == len(DECK) - 1
    assert any("Hesperia Wall joins the market" in e.text and e.audience is None for e in ev)


@pytest.mark.parametrize("how", ["decline", "discard"])
def test_MO_GAP_05_the_market_is_not_otherwise_refreshed(how):
    """MO-GAP-05: declining or recruiting from the discard pile leaves the market and the deck as they were."""
    st = recruit(credits=10)
    if how == "decline":
        choose(st, 0, "decline")
    else:
        pick(st, 0, "tempe-bruiser", "discard:")
        pick(st, 0, "dust-warden", "return:")
    b = board(st)
    assert card_ids(b["market"]) == MARKET and b["athlete_deck"] == len(DECK)


# ---------------------------------------------------------------- the reshuffle (MO-REC-07)

def test_MO_REC_07_an_empty_deck_is_rebuilt_from_the_shuffled_discard_pile():
    """MO-REC-07: with the athlete deck empty, drawing shuffles the discard pile into a new face-down deck and
    draws from it; "draw" is offered though the deck is empty."""
    pile = ["ice-cap-sweeper", "tempe-bruiser", "gale-scamp", "kasei-flyer", "hesperia-wall"]
    st = recruit(credits=0, athlete_deck=[], athlete_discard=pile)
    assert "draw" in ids(st)
    ev = choose(st, 0, "draw")
    assert any("shuffled into a new deck" in e.text for e in ev)
    b = board(st)
    drawn = card_ids(private(st, 0)["pending"])
    assert len(drawn) == 2 and set(drawn) <= set(pile)
    assert b["athlete_discard"] == [] and b["athlete_deck"] == 3
    pick(st, 0, drawn[0], "take:")
    pick(st, 0, "dust-warden", "return:")
    b = board(st)
    assert card_ids(b["athlete_discard"]) == [drawn[1], "dust-warden"]
    assert b["athlete_deck"] == 3


def test_MO_REC_07_the_reshuffle_is_seeded_and_keeps_every_card():
    """MO-REC-07 [host]: the reshuffle uses the game's seeded RNG: the same seed draws the same athletes; no
    card is lost or doubled."""
    pile = ["ice-cap-sweeper", "tempe-bruiser", "gale-scamp", "kasei-flyer", "hesperia-wall", "jezero-diver"]
    drawn = []
    for _ in range(2):
        st = recruit(credits=0, athlete_deck=[], athlete_discard=pile)
        choose(st, 0, "draw")
        drawn.append(card_ids(private(st, 0)["pending"]))
        choose(st, 0, "none")
        b = board(st)
        assert b["athlete_deck"] + len(b["athlete_discard"]) == len(pile)
    assert drawn[0] == drawn[1]


def test_MO_REC_07_a_deck_of_one_draws_it_then_reshuffles_for_the_second():
    """MO-REC-07: the last deck card is drawn first, then the discard pile becomes the deck for the second."""
    st = recruit(credits=0, athlete_deck=["cydonia-kid"], athlete_discard=["tempe-bruiser"])
    ev = choose(st, 0, "draw")
    assert sorted(card_ids(private(st, 0)["pending"])) == ["cydonia-kid", "tempe-bruiser"]
    assert any("shuffled" in e.text for e in ev)
    b = board(st)
    assert b["athlete_deck"] == 0 and b["athlete_discard"] == []


def test_MO_REC_07_MO_GAP_05_the_market_refill_reshuffles_an_empty_deck():
    """MO-REC-07, MO-GAP-05: refilling the market from an empty deck first rebuilds it from the discard pile."""
    st = recruit(credits=10, athlete_deck=[], athlete_discard=["tempe-bruiser"])
    pick(st, 0, "koroibos", "market:")
    ev = pick(st, 0, "dust-warden", "return:")
    b = board(st)
    assert any("shuffled" in e.text for e in ev)
    assert card_ids(b["market"]) == ["olympus-mons", "cydonia-kid", "tempe-bruiser"]
    assert card_ids(b["athlete_discard"]) == ["dust-warden"] and b["athlete_deck"] == 0


def test_MO_GAP_19_no_athletes_left_anywhere_offers_no_draw():
    """MO-GAP-19, MO-REC-07: with the deck and the discard pile both empty there is nothing to draw."""
    st = recruit(credits=10, athlete_deck=[], athlete_discard=[])
    assert "draw" not in ids(st)
    pick(st, 0, "cydonia-kid", "market:")
    pick(st, 0, "dust-warden", "return:")
    b = board(st)
    assert card_ids(b["market"]) == ["koroibos", "olympus-mons"]  # nothing to refill from
    assert card_ids(b["athlete_discard"]) == ["dust-warden"]


# ---------------------------------------------------------------- an injured athlete traded in

def test_MO_REC_02_MO_REC_03_an_injured_athlete_may_be_traded_in_and_leaves_the_team_healed():
    """MO-REC-02/03 and the host ruling "injuries belong to the team": an injured athlete may be returned; it
    goes face up to the discard pile and the team has no injured athlete left."""
    st = position(landing_spec("recruit", market=MARKET, athlete_deck=DECK,
                               players=[{"credits": 0, "athletes": STARTERS, "injured": ["red-runner"]}]))
    assert board(st)["players"][0]["injured"] == 1
    pick(st, 0, "cydonia-kid", "market:")
    assert any("injured" in o.label and o.cards == ("red-runner",) for o in decision(st).options)
    pick(st, 0, "red-runner", "return:")
    b = board(st)
    assert b["players"][0]["injured"] == 0
    assert card_ids(b["athlete_discard"]) == ["red-runner"]
