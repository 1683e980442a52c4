"""MX-GAP-24: whether a seat is asked, and what the board and the public log say about it,
follow from public facts only (hand and deck sizes, the board, MP), never from which cards a hand or a deck
holds.

Each test plays the same public choices from two positions that differ only in cards hidden from the other
seat, and checks that the other seat and a spectator cannot tell them apart: the same seats asked with the
same decision kinds, the same views, the same public events. Before MX-GAP-24 was decided this way, every one
of these pairs was told apart by an automatic skip.
"""

from __future__ import annotations

import pytest
from metax_helpers import FILLER

from games.core.contract import RulesError, SeatSetup

SEATS = [SeatSetup("Ana", []), SeatSetup("Ben", [])]


def _position(mx, spec):
    return mx.position(spec, SEATS, 7)


def _shape(mx, st, watcher):
    """What ``watcher`` (the seat that does not own the secret) and a spectator see."""
    return (mx.view(st, watcher), mx.view(st, None),
            tuple((d.seat, d.kind) for d in mx.decisions(st)))


def twins(mx, spec_a, spec_b, choices, watcher):
    """Apply ``choices`` ((seat, option id) pairs, each offered in both) to both positions; after each step
    the two must look the same to ``watcher`` and to a spectator, and the public log must be the same."""
    a, b = _position(mx, spec_a), _position(mx, spec_b)
    assert _shape(mx, a, watcher) == _shape(mx, b, watcher)
    for seat, oid in choices:
        ev_a = [e.text for e in mx.apply(a, seat, oid) if e.audience is None]
        ev_b = [e.text for e in mx.apply(b, seat, oid) if e.audience is None]
        assert ev_a == ev_b, (oid, ev_a, ev_b)
        assert _shape(mx, a, watcher) == _shape(mx, b, watcher), oid
    return a, b


def players(p0: dict, p1: dict) -> list[dict]:
    return [{"deck": list(FILLER), **p0}, {"deck": list(FILLER), **p1}]


def test_MX_GAP_24_planning_step_offered_to_a_hand_with_nothing_playable(mx):
    """A hand of Battle cards only (nothing to plan) is asked in the Planning Step like a hand with a
    Character: going straight to battle told the opponent there was none. Ben ends his turn; Ana draws a
    Battle card and plans."""
    ben = {"hand": ["b-int-2"]}
    a, _ = twins(mx,
                 {"turn": 4, "active": 1, "players": players({"hand": ["b-str-1"]}, ben)},
                 {"turn": 4, "active": 1, "players": players({"hand": ["hercules"]}, ben)},
                 [(1, "battle"), (0, "battle")], watcher=1)
    assert a.turn == 6  # Ana had no Character to attack with: the turn passed


def test_MX_GAP_24_planning_step_skipped_only_for_an_empty_hand(mx):
    """An empty hand (public) and no Push effect ready: nothing to plan, so the step ends by itself, and
    with no card for a Battle card the attack step too."""
    st = _position(mx, {"turn": 3, "players": players({"hand": ["hercules"]}, {"hand": ["b-int-2"]})})
    log = [e.text for e in mx.apply(st, 0, "char:hercules")]
    assert "Ana has no card in hand and goes to the Battle Step." in log
    assert [(d.seat, d.kind) for d in mx.decisions(st)] == [(1, "planning")]


def test_MX_GAP_24_attack_step_offered_without_a_usable_battle_card(mx):
    """Prepped Characters and a hand without a usable Battle card: the attack decision is offered ("Done"
    only), as for a hand that has one."""
    ben = {"hand": ["b-int-2"]}
    a, _ = twins(mx,
                 {"turn": 3, "players": players({"hand": ["ev-trojan-horse"], "in_play": ["hercules"]}, ben)},
                 {"turn": 3, "players": players({"hand": ["b-str-1"], "in_play": ["hercules"]}, ben)},
                 [(0, "battle")], watcher=1)
    assert [(d.seat, d.kind, [o.id for o in d.options]) for d in mx.decisions(a)] == [(0, "attack", ["done"])]


def test_MX_GAP_24_defender_asked_whatever_their_hand_holds(mx):
    """MX-DEF-06 with MX-GAP-24: a defender with a Prepped Character and a card in hand is asked, usable
    Battle card or not; skipping told the attacker their hand held no usable, affordable one."""
    attack = [(0, "attack:{h}"), (0, "card:b-str-1:strength")]
    spec = {"turn": 3, "phase": "attack"}
    a = _position(mx, {**spec, "players": players({"hand": ["b-str-1"], "in_play": ["hercules"]},
                                                  {"hand": ["ev-golden-fleece"], "in_play": ["gilgamesh"]})})
    herc = a.players[0].in_play[0].card
    choices = [(s, o.format(h=herc)) for s, o in attack]
    twins(mx,
          {**spec, "players": players({"hand": ["b-str-1"], "in_play": ["hercules"]},
                                      {"hand": ["ev-golden-fleece"], "in_play": ["gilgamesh"]})},
          {**spec, "players": players({"hand": ["b-str-1"], "in_play": ["hercules"]},
                                      {"hand": ["b-str-2"], "in_play": ["gilgamesh"]})},
          choices, watcher=0)
    for s, o in choices:
        mx.apply(a, s, o)
    assert [(d.seat, d.kind, [o.id for o in d.options]) for d in mx.decisions(a)] == [(1, "defend", ["done"])]


def test_MX_GAP_24_search_asked_even_when_the_deck_has_no_match(mx):
    """Open Sesame searches the deck for a Character: the searcher is asked ("Take nothing" only) when
    none is there, and the log reads the same as a search that takes nothing."""
    deck_with = ["merlin"] + FILLER[:9]
    deck_without = ["b-spe-4"] + FILLER[:9]
    twins(mx,
          {"turn": 3, "players": [{"hand": ["ev-open-sesame"], "deck": deck_without, "mp": 1},
                                  {"hand": ["b-int-2"], "deck": list(FILLER)}]},
          {"turn": 3, "players": [{"hand": ["ev-open-sesame"], "deck": deck_with, "mp": 1},
                                  {"hand": ["b-int-2"], "deck": list(FILLER)}]},
          [(0, "event:ev-open-sesame"), (0, "none")], watcher=1)


def test_MX_GAP_24_attach_from_hand_asked_without_a_battle_card(mx):
    """Trojan Horse attaches a Battle card from its player's hand to an opposing Character: with two
    targets the target is asked whatever the hand holds; a hand without a Battle card then attaches nothing
    (the one thing the rule itself makes public)."""
    opp = {"hand": ["b-int-2"], "in_play": ["merlin", "gilgamesh"]}
    a = _position(mx, {"turn": 3, "players": players({"hand": ["ev-trojan-horse", "hercules"], "mp": 3}, opp)})
    merlin = a.players[1].in_play[0].card
    twins(mx,
          {"turn": 3, "players": players({"hand": ["ev-trojan-horse", "hercules"], "mp": 3}, opp)},
          {"turn": 3, "players": players({"hand": ["ev-trojan-horse", "b-str-1"], "mp": 3}, opp)},
          [(0, "event:ev-trojan-horse"), (0, f"target:{merlin}")], watcher=1)
    mx.apply(a, 0, "event:ev-trojan-horse")
    mx.apply(a, 0, f"target:{merlin}")
    d = mx.decisions(a)
    assert [(x.seat, x.kind, [o.id for o in x.options]) for x in d] == [(0, "attach", ["none"])]
    log = [e.text for e in mx.apply(a, 0, "none")]
    assert "Ana has no Battle card to attach." in log


def test_MX_GAP_24_choosing_a_battle_card_shows_as_the_step_it_came_from(mx):
    """An attacker is offered only with a usable, affordable Battle card in hand: while its card is chosen,
    and after "Back", Ben and a spectator see Ana's attack step (``attack``), not ``attack_card``."""
    st = _position(mx, {"turn": 3, "phase": "attack", "players": players(
        {"hand": ["b-str-1"], "in_play": ["hercules"]}, {"hand": ["b-int-2"], "in_play": ["gilgamesh"]})})
    herc = st.players[0].in_play[0].card
    before = (mx.view(st, 1), mx.view(st, None))
    mx.apply(st, 0, f"attack:{herc}")
    assert mx.view(st, 1).waiting == mx.view(st, None).waiting == ((0, "attack"),)
    assert mx.view(st, None).board["phase"] == "attack"
    assert mx.view(st, 0).waiting == ((0, "attack_card"),)
    mx.apply(st, 0, "back")
    assert (mx.view(st, 1), mx.view(st, None)) == before
    mx.apply(st, 0, f"attack:{herc}")
    mx.apply(st, 0, "card:b-str-1:strength")
    gil = st.players[1].in_play[0].card
    mx.apply(st, 1, f"defend:0:{gil}")
    assert mx.view(st, 0).waiting == mx.view(st, None).waiting == ((1, "defend"),)
    assert mx.view(st, None).board["phase"] == "defend"


def test_MX_GAP_24_a_refusal_to_the_other_seat_names_the_public_step(mx):
    """A choice Ben sends while Ana chooses her attacker's Battle card is refused naming the attack step
    (``attack``), as Ben sees it, not ``attack_card``."""
    st = _position(mx, {"turn": 3, "phase": "attack", "players": players(
        {"hand": ["b-str-1"], "in_play": ["hercules"]}, {"hand": ["b-int-2"], "in_play": ["gilgamesh"]})})
    mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
    with pytest.raises(RulesError) as refused:
        mx.apply(st, 1, "done")
    assert "(declaring attacks)" in str(refused.value) and "Battle card" not in str(refused.value)
