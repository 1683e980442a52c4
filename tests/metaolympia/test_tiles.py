"""Meta Olympia Stage Tiles through the game contract: Fundraise (MO-FND-01..04), Strategize
(MO-STG-01/02), Free Day (MO-FRE-01) and the empty decks (MO-GAP-19); the supply cap (MO-GAP-18) on a
Fundraise. Recruit tiles: ``test_recruit.py``; Scrimmage tiles: ``test_scrimmage.py``."""

from __future__ import annotations

import pytest

from games.core.contract import RulesError
from games.metaolympia import GAME

from .kit import (
    TRACK,
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

MAJOR = "olympus-heavy-lift"
MAJOR_2 = "tharsis-power-and-light"
MINOR = "chryse-greenhouses"
MINOR_2 = "noctis-night-shift"
BOTTOM = "kasei-express"


def _closed(st) -> None:
    """The tile is resolved: no tile on the board and the next move belongs to seat 1 (furthest back)."""
    assert board(st)["tile"] is None
    d = decision(st)
    assert (d.seat, d.kind) == (1, "move")


# ---------------------------------------------------------------- Fundraise

def test_MO_FND_01_fundraise_offers_three_credits_or_a_sponsor():
    """MO-FND-01: landing on a Fundraise tile asks its team to take 3 credits or gain a sponsor."""
    st = position(landing_spec("fundraise", sponsor_deck=[MINOR, MAJOR]))
    d = decision(st)
    assert (d.seat, d.kind) == (0, "fundraise")
    assert ids(st) == ["credits", "sponsor"]
    assert board(st)["tile"] == {"seat": 0, "kind": "fundraise"}


def test_MO_FND_01_taking_the_credits_adds_three_from_the_supply():
    """MO-FND-01: the credits choice gives exactly 3 credits from the supply; the sponsor deck is untouched."""
    st = position(landing_spec("fundraise", sponsor_deck=[MINOR, MAJOR], players=[{"credits": 4}]))
    before = board(st)
    choose(st, 0, "credits")
    after = board(st)
    assert after["players"][0]["credits"] == 7
    assert after["players"][1]["credits"] == before["players"][1]["credits"]
    assert after["supply"]["credits"] == before["supply"]["credits"] - 3
    assert after["sponsor_deck"] == 2 and after["sponsor_buried"] == 0
    assert after["players"][0]["minors"] == 0 and len(after["majors"]) == 0
    _closed(st)


def test_MO_FND_01_MO_GAP_18_fundraise_credits_capped_by_the_supply():
    """MO-FND-01, MO-GAP-18: with 2 credits left in the supply the Fundraise gives 2, and the log says so."""
    st = position(landing_spec("fundraise", sponsor_deck=[MINOR, MAJOR],
                               players=[{"credits": 20}, {"credits": 18}]))
    assert board(st)["supply"]["credits"] == 2
    ev = choose(st, 0, "credits")
    b = board(st)
    assert b["players"][0]["credits"] == 22
    assert b["supply"]["credits"] == 0
    assert any("supply is out" in e.text and "2 of 3" in e.text for e in ev)
    _closed(st)


def test_MO_FND_02_sponsor_draws_the_top_two_and_keeps_exactly_one():
    """MO-FND-02: gaining a sponsor draws the top 2 of the sponsor deck (top last), the player keeps exactly
    one and the other is discarded face down (a count on the board)."""
    st = position(landing_spec("fundraise", sponsor_deck=[BOTTOM, MINOR, MAJOR]))
    choose(st, 0, "sponsor")
    d = decision(st)
    assert (d.seat, d.kind) == (0, "sponsor_pick")
    assert sorted(o.cards[0] for o in d.options) == sorted([MINOR, MAJOR])
    assert len(d.options) == 2
    assert sorted(card_ids(private(st, 0)["pending"])) == sorted([MINOR, MAJOR])
    assert board(st)["sponsor_deck"] == 1
    pick(st, 0, MINOR, "keep:")
    b = board(st)
    assert b["sponsor_deck"] == 1  # the bottom card is still there
    assert b["sponsor_buried"] == 1
    assert b["players"][0]["minors"] == 1 and card_ids(b["majors"]) == []
    assert private(st, 0)["pending"] == []
    _closed(st)


def test_MO_FND_02_MO_INF_03_the_discarded_sponsor_is_never_named_to_anyone():
    """MO-FND-02 (face down), MO-INF-03: the discarded sponsor is a count only; neither the other team, a
    spectator nor even the owner's later view names it; the drawn pair is shown only to the drawer."""
    st = position(landing_spec("fundraise", sponsor_deck=[BOTTOM, MINOR_2, MAJOR]))
    ev = choose(st, 0, "sponsor")
    assert private(st, 1)["pending"] == []
    assert hidden(MINOR_2, view_text(st, 1, ev)) and hidden(MINOR_2, view_text(st, None, ev))
    assert not hidden(MINOR_2, view_text(st, 0, ev))  # the drawer sees both drawn cards
    after = pick(st, 0, MAJOR, "keep:")
    for viewer in (None, 1):
        assert hidden(MINOR_2, view_text(st, viewer, ev + after))
    assert hidden(MINOR_2, view_text(st, 0, after))
    assert board(st)["sponsor_buried"] == 1


def test_MO_FND_03_a_kept_major_sponsor_is_revealed_to_everyone():
    """MO-FND-03, MO-GAP-12: a kept major sponsor goes face up on the public board beside the other majors,
    named in a public event, and belongs to no team's hand."""
    st = position(landing_spec("fundraise", sponsor_deck=[MINOR, MAJOR], majors=[MAJOR_2]))
    choose(st, 0, "sponsor")
    ev = pick(st, 0, MAJOR, "keep:")
    b = board(st)
    assert card_ids(b["majors"]) == [MAJOR_2, MAJOR]
    assert b["players"][0]["minors"] == 0 and b["players"][0]["shown"] == []
    assert private(st, 0)["minors"] == []
    assert any(e.audience is None and "Olympus Heavy Lift" in e.text and "reveals" in e.text for e in ev)
    assert not hidden(MAJOR, view_text(st, 1, ev))
    assert b["sponsor_buried"] == 1
    _closed(st)


def test_MO_FND_04_a_kept_minor_sponsor_is_secret_in_its_owners_private_view():
    """MO-FND-04, MO-INF-01: a kept minor sponsor is in its owner's private view only; the board shows a
    count; no other team or spectator can learn its name."""
    st = position(landing_spec("fundraise", sponsor_deck=[MAJOR, MINOR]))
    ev = choose(st, 0, "sponsor")
    ev += pick(st, 0, MINOR, "keep:")
    b = board(st)
    assert b["players"][0]["minors"] == 1 and b["players"][0]["shown"] == []
    assert card_ids(b["majors"]) == []
    assert card_ids(private(st, 0)["minors"]) == [MINOR]
    assert private(st, 1)["minors"] == []
    assert hidden(MINOR, view_text(st, 1, ev)) and hidden(MINOR, view_text(st, None, ev))
    assert any(e.audience == (0,) and "Chryse Greenhouses" in e.text for e in ev)
    _closed(st)


def test_MO_FND_02_keeping_a_card_not_drawn_is_refused_and_changes_nothing():
    """MO-FND-02: only one of the two drawn sponsors may be kept; any other answer is refused, state kept."""
    st = position(landing_spec("fundraise", sponsor_deck=[BOTTOM, MINOR, MAJOR]))
    choose(st, 0, "sponsor")
    snap = GAME.to_json(st)
    assert "keep:0" not in ids(st)  # card 0 is the bottom sponsor, still in the deck
    for bad in ("keep:0", "credits", "keep:x"):
        with pytest.raises(RulesError) as e:
            GAME.apply(st, 0, bad)
        assert "keep:" in str(e.value)
        assert GAME.to_json(st) == snap
    with pytest.raises(RulesError):
        GAME.apply(st, 1, ids(st)[0])  # not seat 1's decision
    assert GAME.to_json(st) == snap


def test_MO_GAP_19_fundraise_with_one_sponsor_left_keeps_it_without_a_choice():
    """MO-GAP-19, MO-FND-02: a sponsor deck of one card gives that card (nothing to discard)."""
    st = position(landing_spec("fundraise", sponsor_deck=[MINOR]))
    choose(st, 0, "sponsor")
    b = board(st)
    assert b["sponsor_deck"] == 0 and b["sponsor_buried"] == 0
    assert card_ids(private(st, 0)["minors"]) == [MINOR]
    _closed(st)


def test_MO_GAP_19_fundraise_with_an_empty_sponsor_deck_gives_the_credits():
    """MO-GAP-19: face-down sponsor discards never come back; a Fundraise with an empty sponsor deck gives
    the 3 credits without asking."""
    st = position(landing_spec("fundraise", sponsor_deck=[], players=[{"credits": 1}]))
    b = board(st)
    assert b["players"][0]["credits"] == 4
    assert b["sponsor_deck"] == 0 and b["players"][0]["minors"] == 0
    _closed(st)


# ---------------------------------------------------------------- Strategize

TACTIC_A = "low-gravity-leap"
TACTIC_B = "field-medic"
TACTIC_BOTTOM = "crowd-roar"


def test_MO_STG_01_strategize_draws_two_keeps_one_discards_the_other_face_down():
    """MO-STG-01: the Strategize tile draws the top 2 tactic cards (top last); the player keeps one and the
    other is discarded face down (not onto the face-up pile of played tactics)."""
    st = position(landing_spec("strategize", tactic_deck=[TACTIC_BOTTOM, TACTIC_A, TACTIC_B]))
    d = decision(st)
    assert (d.seat, d.kind) == (0, "tactic_pick")
    assert sorted(o.cards[0] for o in d.options) == sorted([TACTIC_A, TACTIC_B]) and len(d.options) == 2
    assert board(st)["tactic_deck"] == 1
    pick(st, 0, TACTIC_B, "keep:")
    b = board(st)
    assert card_ids(private(st, 0)["tactics"]) == [TACTIC_B]
    assert b["players"][0]["tactics"] == 1
    assert b["tactic_buried"] == 1 and b["tactic_discard"] == []
    assert b["tactic_deck"] == 1
    _closed(st)


def test_MO_STG_02_MO_INF_03_tactics_are_secret_and_the_discard_is_never_named():
    """MO-STG-02, MO-INF-01/03: moving onto Strategize, the drawn pair is told to the drawer alone; the kept
    tactic is then in its owner's private view only (others see a count) and the discarded one is named to
    nobody, not even in the owner's later view."""
    st = position({"tracks": [TRACK], "tactic_deck": [TACTIC_A, TACTIC_B]}, seed=3)
    assert decision(st).kind == "move" and decision(st).seat == 0
    ev = choose(st, 0, "tile:1")
    assert decision(st).kind == "tactic_pick"
    drawn = [e for e in ev if "Low-Gravity Leap" in e.text or "Field Medic" in e.text]
    assert drawn and all(e.audience == (0,) for e in drawn)
    assert private(st,
                   1)["pending"] == [] and sorted(card_ids(private(st, 0)["pending"])) == [TACTIC_B, TACTIC_A]
    for viewer in (None, 1):
        text = view_text(st, viewer, ev)
        assert hidden(TACTIC_A, text) and hidden(TACTIC_B, text)
    after = pick(st, 0, TACTIC_A, "keep:")
    assert card_ids(private(st, 0)["tactics"]) == [TACTIC_A]
    assert private(st, 1)["tactics"] == []
    assert board(st)["players"][0]["tactics"] == 1
    for viewer in (None, 1):
        text = view_text(st, viewer, ev + after)
        assert hidden(TACTIC_A, text) and hidden(TACTIC_B, text)
    assert hidden(TACTIC_B, view_text(st, 0, after))


def test_MO_GAP_19_strategize_with_one_tactic_left_keeps_it():
    """MO-GAP-19, MO-STG-01: a tactics deck of one card gives that card; nothing is discarded."""
    st = position(landing_spec("strategize", tactic_deck=[TACTIC_A]))
    assert card_ids(private(st, 0)["tactics"]) == [TACTIC_A]
    assert board(st)["tactic_buried"] == 0 and board(st)["tactic_deck"] == 0
    _closed(st)


def test_MO_GAP_19_strategize_with_an_empty_tactics_deck_gives_nothing():
    """MO-GAP-19: face-down tactic discards never come back; an empty tactics deck gives nothing."""
    st = position(landing_spec("strategize", tactic_deck=[], players=[{"credits": 2}]))
    b = board(st)
    assert b["players"][0]["tactics"] == 0 and b["players"][0]["credits"] == 2
    _closed(st)


# ---------------------------------------------------------------- Free Day

FULL_DECKS = {"sponsor_deck": [MINOR, MAJOR], "tactic_deck": [TACTIC_A, TACTIC_B],
              "scrim_deck": ["canal-city-rovers", "hab-yard-kickabout"],
              "market": ["koroibos", "gale-scamp", "cydonia-kid"], "athlete_deck": ["kasei-flyer", "hesperia-wall"]}


def test_MO_FRE_01_free_day_offers_the_four_tile_actions():
    """MO-FRE-01: a Free Day asks its team for any one of Fundraise, Strategize, Recruit or Scrimmage."""
    st = position(landing_spec("freeday", **FULL_DECKS))
    d = decision(st)
    assert (d.seat, d.kind) == (0, "freeday")
    assert ids(st) == ["fundraise", "strategize", "recruit", "scrimmage"]
    assert board(st)["tile"] == {"seat": 0, "kind": "freeday"}


@pytest.mark.parametrize(("action", "kind"), [("fundraise", "fundraise"), ("strategize", "tactic_pick"),
                                              ("recruit", "recruit"), ("scrimmage", "athlete")])
def test_MO_FRE_01_each_free_day_choice_performs_that_tile_action(action, kind):
    """MO-FRE-01: the chosen action runs exactly as on its own tile (the next decision is that tile's)."""
    st = position(landing_spec("freeday", **FULL_DECKS))
    choose(st, 0, action)
    d = decision(st)
    assert (d.seat, d.kind) == (0, kind)
    b = board(st)
    if action == "scrimmage":
        assert b["contest"]["kind"] == "scrimmage" and b["contest"]["card"]["card"] == "hab-yard-kickabout"
        assert b["scrim_deck"] == 1
    else:
        assert b["contest"] is None
    if action == "strategize":
        assert b["tactic_deck"] == 0


def test_MO_FRE_01_free_day_fundraise_takes_the_credits_like_the_tile():
    """MO-FRE-01, MO-FND-01: Free Day → Fundraise → credits gives 3 credits and ends the tile."""
    st = position(landing_spec("freeday", players=[{"credits": 0}], **FULL_DECKS))
    choose(st, 0, "fundraise")
    choose(st, 0, "credits")
    assert board(st)["players"][0]["credits"] == 3
    _closed(st)


def test_MO_FRE_01_MO_GAP_19_free_day_offers_no_scrimmage_without_scrimmage_cards():
    """MO-GAP-19: with the scrimmage deck empty a Free Day offers only Fundraise, Strategize and Recruit."""
    st = position(landing_spec("freeday", **{**FULL_DECKS, "scrim_deck": []}))
    assert ids(st) == ["fundraise", "strategize", "recruit"]
    with pytest.raises(RulesError):
        GAME.apply(st, 0, "scrimmage")


def test_MO_FRE_01_MO_GAP_19_free_day_fundraise_with_no_sponsors_gives_credits():
    """MO-FRE-01, MO-GAP-19: a Free Day Fundraise with an empty sponsor deck gives the 3 credits at once."""
    st = position(landing_spec("freeday", players=[{"credits": 2}], **{**FULL_DECKS, "sponsor_deck": []}))
    choose(st, 0, "fundraise")
    assert board(st)["players"][0]["credits"] == 5
    _closed(st)
