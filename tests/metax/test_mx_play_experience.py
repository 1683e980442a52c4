"""MetaX and the play experience: publicly forced decisions, no response windows, why a hand card is not
offered and results that name their rule.

Through the game contract (``position``, ``decisions``, ``apply``, ``unplayable``, ``result``) and seeded
playouts. Rule IDs: MX-ZN-06 (public discard piles), MX-GAP-13 (no response windows), MX-GAP-24 (who is
asked follows from public facts), MX-PLN-04, MX-CHR-03, MX-EVT-04, MX-BTL-03, MX-BTL-08 (why a card is not
playable), MX-WIN-02..04 (the deciding rule).
"""

from __future__ import annotations

import random

import pytest
from hidden_twins import permutation, relabel
from test_playouts import new, secret_from

from games.core.contract import RulesError
from games.core.players import RandomPlayer
from games.metax import rules

FILL = ["b-int-2"] * 5


def _spec(p0: dict, p1: dict, phase: str = "planning", turn: int = 3) -> dict:
    return {"first": 0, "turn": turn, "phase": phase,
            "players": [{"deck": list(FILL), **p0}, {"deck": list(FILL), **p1}]}


def _ids(mx, st, seat) -> list[int]:
    return [c["id"] for c in mx.view(st, None).board["players"][seat]["in_play"]]


def _playouts(mx, seeds):
    """``(state, decision)`` before every choice of seeded random playouts."""
    for seed in seeds:
        st = new(seed)
        players = [RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)]
        while (decs := mx.decisions(st)):
            d = decs[0]
            yield st, d
            mx.apply(st, d.seat, players[d.seat](d))


# -- publicly forced decisions ------------------------------------------------------------------


def test_MX_ZN_06_one_battle_card_in_the_discard_pile_to_attach_is_forced(mx, position):
    """MX-ZN-06: Achilles' Heel attaches a Battle card from its player's discard pile; the pile
    is public and holds one Battle card, so the lone option is forced (applied at once by the host)."""
    st = position(_spec({"hand": ["ev-achilles-heel"], "discard": ["b-str-2", "hercules"], "mp": 4},
                        {"in_play": ["gilgamesh"]}))
    mx.apply(st, 0, "event:ev-achilles-heel")
    (d,) = mx.decisions(st)
    assert d.kind == "attach" and [o.id for o in d.options] == ["attach:b-str-2:strength"]
    assert d.forced


def test_MX_ZN_06_two_battle_cards_in_the_discard_pile_are_asked(mx, position):
    """Forced decisions: with two Battle cards in the discard pile the player chooses: not forced."""
    st = position(_spec({"hand": ["ev-achilles-heel"], "discard": ["b-str-2", "b-int-1"], "mp": 4},
                        {"in_play": ["gilgamesh"]}))
    mx.apply(st, 0, "event:ev-achilles-heel")
    (d,) = mx.decisions(st)
    assert d.kind == "attach" and len(d.options) == 2 and not d.forced


def test_MX_GAP_24_a_lone_option_that_follows_from_the_hand_is_still_asked(mx, position):
    """MX-GAP-24: a Planning Step whose only option is "Go to the Battle Step" because no card
    in hand is playable is asked, not forced: the hand is secret."""
    st = position(_spec({"hand": ["b-str-1"], "in_play": ["hercules"]}, {}))
    (d,) = mx.decisions(st)
    assert d.kind == "planning" and [o.id for o in d.options] == ["battle"] and not d.forced


def test_MX_GAP_24_forced_decisions_have_one_option_and_do_not_depend_on_hidden_cards(mx):
    """MX-GAP-24: over seeded playouts every forced decision has exactly one option, and
    re-dealing every card hidden from the spectator (hands, decks, VP piles) never changes who is asked,
    what kind of decision, or whether it is forced."""
    rng = random.Random(27)
    checked = 0
    for st, _d in _playouts(mx, range(10)):
        decs = mx.decisions(st)
        for d in decs:
            if d.forced:
                assert len(d.options) == 1
        if rng.random() < 0.3:
            twin = relabel(mx, st, permutation(st, secret_from(st, None), rng, lambda _s, _c: 0))
            assert [(d.seat, d.kind, d.forced) for d in mx.decisions(twin)] == [
                (d.seat, d.kind, d.forced) for d in decs]
            checked += 1
    assert checked > 100


# -- no response windows ------------------------------------------------------------------------


def test_MX_GAP_13_no_decision_is_a_response_window(mx):
    """MX-GAP-13: MetaX has no response windows. Assigning defenders is the defending player's
    step of the Battle Step (MX-DEF-01), asked with the turn's timer; no decision is a window or aimed."""
    kinds = set()
    for _st, d in _playouts(mx, range(4)):
        assert not d.window and not d.aimed
        kinds.add(d.kind)
    assert "defend" in kinds


# -- why a hand card is not offered --------------------------------------------------------------


def test_MX_PLN_04_MX_EVT_04_reasons_in_the_planning_step(mx, position):
    """MX-PLN-04, MX-EVT-04, MX-BTL-02: a second Character, an Event that costs more MP than
    the player has and a Battle card each get their reason; an affordable Event gets none."""
    st = position(_spec({"hand": ["hercules", "ev-achilles-heel", "b-str-1", "ev-golden-fleece"],
                         "played_character": True, "mp": 2}, {}))
    assert mx.unplayable(st, 0) == [("Hercules", "one Character a turn"),
                                    ("Achilles' Heel", "costs 4 MP, you have 2"),
                                    ("Shove", "Battle cards are played in the Battle Step")]
    assert mx.unplayable(st, 1) == []  # not Ben's decision


def test_MX_CHR_03_three_characters_in_play(mx, position):
    """MX-CHR-03: a fourth Character is not playable: "3 Characters in play already"."""
    st = position(_spec({"hand": ["hercules"], "in_play": ["mulan", "merlin", "gilgamesh"]}, {}))
    assert mx.unplayable(st, 0) == [("Hercules", "3 Characters in play already")]


def test_MX_BTL_03_MX_BTL_08_reasons_when_choosing_a_battle_card(mx, position):
    """MX-BTL-03, MX-BTL-08: choosing Hercules's (Str7 Spe3) Battle card, a card that costs
    more MP than the player has, one needing a Rank he lacks and a Character card each get their reason."""
    st = position(_spec({"hand": ["b-str-1", "b-int-1", "b-counter-scheme", "mulan"], "in_play": ["hercules"],
                         "mp": 0}, {}, phase="attack"))
    (herc,) = _ids(mx, st, 0)
    mx.apply(st, 0, f"attack:{herc}")
    reasons = dict(mx.unplayable(st, 0))
    assert reasons["Quick Wit"] == "needs Intelligence 1, Hercules has 0"
    assert reasons["Mulan"] == "played in the Planning Step"
    assert "Shove" not in reasons
    cost = -rules.card_pool()["b-counter-scheme"].mp
    assert reasons[rules.card_pool()["b-counter-scheme"].name.split(" — ")[0]] == f"costs {cost} MP, you have 0"


def test_MX_PLN_04_a_refused_play_names_what_is_legal(mx, position):
    """MX-PLN-04: refusing a second Character lists what the player can do instead."""
    st = position(_spec({"hand": ["hercules", "ev-golden-fleece"], "played_character": True}, {}))
    with pytest.raises(RulesError) as e:
        mx.apply(st, 0, "char:hercules")
    assert e.value.rule == "MX-PLN-04"
    assert "You can: Play Golden Fleece" in str(e.value) and "Go to the Battle Step" in str(e.value)


def test_every_hand_card_is_offered_or_has_a_reason(mx):
    """Unplayable cards: over seeded playouts, in every decision that plays cards from the hand, each distinct
    card in the deciding seat's hand is either offered by an option (for an attack or a block: usable by
    one of the offered Characters) or has a reason, never both."""
    checked = 0
    for st, d in _playouts(mx, range(8)):
        if d.kind not in ("planning", "attack", "attack_card", "defend", "defend_card") or st.prompt:
            continue
        cards = rules.distinct_cards(st, st.players[d.seat].hand)
        names = rules.card_names(cards)
        why = dict(mx.unplayable(st, d.seat))
        offered = {o.cards[0] for o in d.options if o.id.split(":")[0] in ("char", "event", "card")}
        if d.kind in ("attack", "defend"):
            chars = [int(o.id.rsplit(":", 1)[1]) for o in d.options if o.id != "done"]
            offered = {o.cards[0] for iid in chars for o in rules.battle_options(st, d.seat, iid)}
        for card in cards:
            assert (card.id in offered) != (names[card.id] in why), (d.kind, card.id, why)
            checked += 1
    assert checked > 500


# -- results explained ---------------------------------------------------------------------------


def test_MX_WIN_02_a_seven_vp_result_names_its_rule_and_each_seats_score(mx, position):
    """MX-WIN-02: the 7th VP ends the game; the result names the rule with a pointer and
    gives each seat's VP and deck, in seat order."""
    st = position(_spec({"hand": ["b-str-1"], "in_play": ["hercules"], "vp": ["b-int-1"] * 6},
                        {"vp": ["b-int-1"] * 2}, phase="attack"))
    (herc,) = _ids(mx, st, 0)
    mx.apply(st, 0, f"attack:{herc}")
    mx.apply(st, 0, "card:b-str-1:strength")
    res = mx.result(st)
    assert res.winners == (0,)
    assert res.rule == "Seven Victory Points win at once, see /rules MX-WIN-02"
    assert res.scores == ("Ana: 7 VP of 7, 5 cards left in the deck", "Ben: 2 VP of 7, 4 cards left in the deck")


def test_MX_WIN_03_deck_out_results_name_their_rule(mx, position):
    """MX-WIN-03: an empty deck loses; both at once is a draw, and the result says why."""
    st = position({"first": 0, "turn": 3, "players": [{"deck": []}, {"deck": list(FILL)}]})
    res = mx.result(st)
    assert res.rule == "A player whose deck runs out loses, see /rules MX-WIN-03"
    assert res.scores == ("Ana: 0 VP of 7, 0 cards left in the deck", "Ben: 0 VP of 7, 5 cards left in the deck")
    st = position({"first": 0, "turn": 3, "players": [{"deck": []}, {"deck": []}]})
    res = mx.result(st)
    assert res.draw and res.rule == "Both decks ran out at once, so nobody wins: a draw, see /rules MX-WIN-03"


def test_MX_WIN_04_a_concession_names_its_rule(mx, position):
    """MX-WIN-04: a concession's result says so and still gives both scores."""
    st = position(_spec({}, {}))
    mx.concede(st, 1)
    res = mx.result(st)
    assert res.rule == "A player who concedes loses, see /rules MX-WIN-04"
    assert len(res.scores) == 2 and res.scores[1].startswith("Ben: 0 VP")
