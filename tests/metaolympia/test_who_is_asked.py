"""Who is asked must not depend on secret cards (MO-INF-01, MO-STG-02, MO-GAP-16).

Tactic cards are secret (MO-INF-01): the others see how many a team holds, never which. So a team holding any
tactic card is asked in its tactic turn and after an injury of its athlete, whatever it can pay or play; its
options are the cards it can play now and pass (or leave the athlete injured). A team holding none passes at
once, silently: that is public. Each test plays two positions that differ only in the identity of one secret
card and checks that everything the other seats and spectators get (the board, who is asked, the public log)
is the same."""

from __future__ import annotations

from games.metaolympia import GAME

from .kit import (
    AWAY,
    HOME,
    board,
    choose,
    decision,
    ids,
    landing_spec,
    match_spec,
    position,
    reveal,
    team,
    texts,
    waiting,
)

FREE = "low-gravity-leap"  # +1 goal, no cost: playable with a healthy athlete on the mat
DEAR = "bicycle-over-phobos"  # +2 goals for 2 credits: unplayable with 0 credits
SCREEN = "dust-devil-screen"  # Counter only: not offered in a scrimmage (MO-GAP-11)
REROLL = "second-breath"  # Re-Roll, no cost
INFIRMARY = "hab-infirmary"  # Medic for 1 credit


def public(events) -> list[str]:
    return texts(events, None)


def outside(st) -> tuple:
    """What the other seats and a spectator get now: the board and who is asked (seat, kind)."""
    v = GAME.view(st, None)
    return v.board, v.waiting


def test_MO_INF_01_MO_GAP_16_a_team_holding_only_an_unaffordable_tactic_is_asked_its_tactic_turn():
    """MO-INF-01, MO-GAP-16, MO-MAT-05: Away holds one tactic card: Low-Gravity Leap (free) in one game,
    Bicycle over Phobos (2 credits, Away has none) in the other. In both, after the two Reveal & Rolls, Away
    is asked its tactic turn (with the dear card, only "pass", and the prompt says why); the public log, the
    board and who is asked are the same in both, and so is the pass line once Away passes."""
    games = {}
    for card in (FREE, DEAR):
        st = position(match_spec(team(), team("red-runner", tactics=[card], credits=0),
                                 dice=["special", "special"]))
        ev = reveal(st, AWAY, "red-runner") + reveal(st, HOME, "dust-warden")
        games[card] = (st, ev)
        assert waiting(st) == (AWAY, "tactic"), card
    (free, free_ev), (dear, dear_ev) = games[FREE], games[DEAR]
    assert public(free_ev) == public(dear_ev)
    assert outside(free) == outside(dear)
    assert ids(dear) == ["pass"] and "can be played now" in decision(dear).prompt
    assert len(ids(free)) == 2
    assert public(choose(free, AWAY, "pass")) == public(choose(dear, AWAY, "pass"))
    assert outside(free) == outside(dear)


def test_MO_INF_01_a_team_holding_no_tactic_card_passes_silently():
    """MO-INF-01, MO-MAT-07: a team with no tactic card (a public count) gets no tactic turn and no pass line:
    Home holds none, so after Away passes the Defining Moment ends at once."""
    st = position(match_spec(team(), team("red-runner", tactics=[FREE]), dice=["special", "special"]))
    reveal(st, AWAY, "red-runner")
    reveal(st, HOME, "dust-warden")
    ev = choose(st, AWAY, "pass")
    assert waiting(st) == (AWAY, "athlete") and board(st)["contest"]["moment"] == 2
    assert [t for t in public(ev) if "passes" in t] == [f"{board(st)['players'][AWAY]['team']} passes."]


def test_MO_INF_01_MO_GAP_16_the_injury_reaction_is_asked_of_every_team_holding_a_tactic_card():
    """MO-INF-01, MO-INJ-04/05, MO-GAP-16: Away's athlete is injured by its own roll. Away holds one tactic
    card: a Re-Roll, a Medic it cannot pay (Hab Infirmary, 1 credit, Away has none) or a plain Low-Gravity
    Leap. Each time Away is asked to react (the unpayable or plain card: only "leave it injured"), and the
    public log, board and who is asked are the same; after it leaves the athlete injured, again the same."""
    seen = []
    for card in (REROLL, INFIRMARY, FREE):
        st = position(match_spec(team(), team("red-runner", tactics=[card], credits=0),
                                 dice=["injury", "special"]))
        ev = reveal(st, AWAY, "red-runner")
        assert waiting(st) == (AWAY, "react"), card
        assert (len(ids(st)) == 2) == (card == REROLL), (card, ids(st))
        after = choose(st, AWAY, "accept")
        seen.append((public(ev), outside(st), public(after)))
    assert seen[0] == seen[1] == seen[2]


def test_MO_INF_01_no_injury_reaction_for_a_team_holding_no_tactic_card():
    """MO-INF-01: with no tactic card (public), an injury asks nothing: Home reveals next."""
    st = position(match_spec(team(), team("red-runner"), dice=["injury", "special"]))
    reveal(st, AWAY, "red-runner")
    assert waiting(st) == (HOME, "athlete")


def test_MO_INF_01_MO_GAP_11_a_scrimmage_tactic_turn_is_asked_with_only_a_counter_in_hand():
    """MO-INF-01, MO-GAP-11, MO-SCR-02: in a scrimmage a Counter-only card is not offered; its holder is
    still asked its tactic turn (only "pass"), exactly as a holder of a playable card is."""
    seen = []
    for card in (SCREEN, FREE):
        st = position(landing_spec("scrimmage", scrim_deck=["canal-city-rovers"], dice=["special"],
                                   players=[{"credits": 3, "popularity": 0, "tactics": [card]}]))
        ev = choose(st, 0, decision(st).options[0].id)
        assert waiting(st) == (0, "tactic"), card
        seen.append((public(ev), outside(st)))
        if card == SCREEN:
            assert ids(st) == ["pass"]
    assert seen[0] == seen[1]
