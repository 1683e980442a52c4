"""MetaX deck-out on every position: MX-WIN-03, MX-WIN-04 and the gap decision MX-GAP-11.

Whenever a deck is empty the game ends at the next check, whatever emptied it: a draw, a VP taken
from the deck, a search, a position that starts with an empty deck, or a stored state restored with
one. A draw or a VP that needs a card from an empty deck never crashes and never passes silently.
Everything goes through the contract: ``position``, ``to_json``/``from_json``, ``decisions``,
``apply``, ``view`` and ``result``.
"""

from __future__ import annotations

import json

import pytest
from metax_helpers import FILLER

from games.core.contract import RulesError


def over(mx, st):
    """The result, checked to be consistent everywhere the contract shows it: no decision is open,
    every view carries the same result, and any further choice is refused (MX-WIN-04) unchanged."""
    res = mx.result(st)
    assert res is not None
    assert mx.decisions(st) == []
    for viewer in (0, 1, None):
        v = mx.view(st, viewer)
        assert v.result == res and v.decisions == () and v.waiting == ()
    before = mx.to_json(st)
    for seat in (0, 1):
        with pytest.raises(RulesError) as exc:
            mx.apply(st, seat, "battle")
        assert exc.value.rule == "MX-WIN-04"
    assert mx.to_json(st) == before
    return res


def emptied(mx, st, seat):
    """``st`` stored and restored with ``seat``'s deck emptied, as a state saved by an older version
    (or edited by hand) could be: the cards go to the bottom of that seat's discard pile, so that no
    card is lost."""
    data = json.loads(mx.to_json(st))
    pl = data["players"][seat]
    pl["discard"] = pl["deck"] + pl["discard"]
    pl["deck"] = []
    return mx.from_json(json.dumps(data))


def public(events):
    return [e.text for e in events if e.audience is None]


# -- a position that starts with an empty deck


@pytest.mark.parametrize("phase", ["planning", "attack"])
@pytest.mark.parametrize("empty", [0, 1])
def test_MX_WIN_03_MX_GAP_11_position_with_an_empty_deck_is_already_over(mx, position, phase, empty):
    """MX-WIN-03, MX-WIN-04, MX-GAP-11: a position in which one deck is empty is decided before anyone
    moves: the owner of the empty deck has lost by deck-out (whoever is active, in either step), and
    no choice is offered or accepted."""
    players = [{"deck": list(FILLER), "hand": ["b-str-1"], "in_play": ["hercules"]},
               {"deck": list(FILLER), "hand": ["b-str-1"], "in_play": ["gilgamesh"]}]
    players[empty]["deck"] = []
    st = position({"turn": 3, "phase": phase, "players": players})
    res = over(mx, st)
    assert (res.winners, res.losers, res.reason, res.draw) == ((1 - empty,), (empty,), "deck_out", False)
    name = ["Ana", "Ben"][empty]
    assert res.text == f"{name}'s deck ran out: {['Ana', 'Ben'][1 - empty]} wins."


def test_MX_WIN_03_undefended_attack_into_an_empty_deck_cannot_be_played_on(mx, position):
    """MX-WIN-03, MX-GAP-11: the defending player's deck is already empty. Before the fix
    the undefended attack silently gained no VP and the game went on; now the position is over before
    the attack: the attacker has already won by deck-out, and declaring the attack is refused."""
    st = position({"turn": 3, "phase": "attack", "players": [
        {"deck": list(FILLER), "hand": ["b-str-1"], "in_play": ["hercules"]},
        {"hand": [], "deck": []}]})
    herc = st.players[0].in_play[0].card
    res = over(mx, st)
    assert res.winners == (0,) and res.reason == "deck_out"
    before = mx.to_json(st)
    with pytest.raises(RulesError) as exc:
        mx.apply(st, 0, f"attack:{herc}")
    assert exc.value.rule == "MX-WIN-04" and mx.to_json(st) == before


# -- a state restored with an empty deck: the check after every choice


def test_MX_GAP_11_vp_from_an_empty_deck_is_a_deck_out_not_silence(mx, position):
    """MX-VP-02, MX-WIN-03, MX-GAP-11: an undefended attack's VP needs the top card of the defender's
    deck; when that deck is empty the VP is not skipped silently and nothing crashes: the log says so
    and the attacker wins by deck-out. (Before the fix: no VP, no result, and the defender went on to
    play a turn from an empty deck.)"""
    st = position({"turn": 3, "phase": "attack", "players": [
        {"deck": list(FILLER), "hand": ["b-str-1"], "in_play": ["hercules"]},
        {"deck": list(FILLER), "hand": ["b-int-1"], "in_play": ["merlin"]}]})
    herc = st.players[0].in_play[0].card
    mx.apply(st, 0, f"attack:{herc}")
    mx.apply(st, 0, "card:b-str-1:strength")
    assert mx.decision_for(st, 1).kind == "defend"
    st = emptied(mx, st, 1)  # the defender's deck is empty when the VP is gained
    log = public(mx.apply(st, 1, "done"))
    assert "Ana would gain a Victory Point, but Ben's deck is empty." in log
    assert log[-1] == "Game over: Ben's deck ran out: Ana wins."
    assert not any(t.startswith("Turn ") for t in log)  # the game does not go on to Ben's turn
    res = over(mx, st)
    assert (res.winners, res.reason) == ((0,), "deck_out")
    assert mx.view(st, None).board["players"][0]["vp"] == 0


def test_MX_GAP_11_draw_from_an_empty_deck_ends_the_game(mx, position):
    """MX-PRP-01, MX-WIN-03, MX-GAP-11: the Prep Step draw from an empty deck is not skipped: the game
    ends there, before the player gets a Planning Step. (Before the fix the draw was skipped and the
    player played on.)"""
    st = position({"turn": 3, "players": [
        {"deck": list(FILLER), "hand": ["b-str-1"]},
        {"deck": list(FILLER), "hand": ["grendel"]}]})
    st = emptied(mx, st, 1)
    log = public(mx.apply(st, 0, "battle"))
    assert "Turn 4: Ben." in log
    assert "Ben must draw a card, but their deck is empty." in log
    assert log[-1] == "Game over: Ben's deck ran out: Ana wins."
    assert over(mx, st).winners == (0,)


def test_MX_GAP_11_any_choice_on_a_state_with_an_empty_deck_ends_the_game(mx, position):
    """MX-WIN-03, MX-GAP-11: the deck-out check runs after every applied choice, not only where a card
    leaves a deck: a choice that touches no deck (playing an Event) on a restored state whose own deck
    is empty ends the game at once (the active player loses)."""
    st = position({"turn": 3, "players": [
        {"deck": list(FILLER), "hand": ["ev-golden-fleece", "hercules"]},
        {"deck": list(FILLER), "hand": ["grendel"]}]})
    st = emptied(mx, st, 0)
    log = public(mx.apply(st, 0, "event:ev-golden-fleece"))
    assert log[-1] == "Game over: Ana's deck ran out: Ben wins."
    res = over(mx, st)
    assert (res.winners, res.losers) == ((1,), (0,))


# -- decks emptied in play (these paths already checked at once; kept as the reference behaviour)


def test_MX_GAP_11_last_card_taken_as_vp_wins_by_deck_out_or_seven_vp(mx, position):
    """MX-GAP-11: a VP that takes the last card of the deck is a deck-out win for the attacker; if it is
    also the 7th VP, it is a 7-VP win (MX-WIN-02) for the same player."""
    for vp, reason in ((0, "deck_out"), (6, "seven_vp")):
        st = position({"turn": 3, "phase": "attack", "players": [
            {"deck": list(FILLER), "hand": ["b-str-1"], "in_play": ["hercules"], "vp": ["b-int-2"] * vp},
            {"deck": ["b-int-3"], "hand": []}]})
        mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
        mx.apply(st, 0, "card:b-str-1:strength")  # Ben has nothing to defend with: straight to the VP
        res = over(mx, st)
        assert (res.winners, res.reason) == ((0,), reason)
        assert mx.view(st, None).board["players"][1]["deck"] == 0
