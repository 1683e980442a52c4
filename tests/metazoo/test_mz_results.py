"""MetaZoo: the result names its deciding rule (a Draw says so and why) and each Caster's
standing as the rules count it (LP, Spellbook and Chapter sizes, where they finished)."""

from __future__ import annotations

from mz_helpers import go, pos, uid_of

from games.core.contract import SeatSetup
from games.metazoo import GAME as MZ
from tests.player_texts import internal_hits


def _clean(result):
    for text in (result.rule, *result.scores):
        assert not internal_hits(text), text


def _attack_ben(st):
    go(st, 0, f"attack:{uid_of(st, 'ember-imp')}:0", "target:p1")
    go(st, 1, "pass")  # window A
    go(st, 0, "pass")  # no Defender; window B


def test_MZ_WIN_01_a_caster_at_0_lp_loses_and_the_rule_says_so():
    """MZ-WIN-01: Ana's Ember Imp brings Ben from 20 LP to 0: the rule points at MZ-WIN-01; one line per Caster."""
    st = pos({"arena": ["ember-imp"]}, {"lp": 20})
    _attack_ben(st)
    r = MZ.result(st)
    assert r.winners == (0,) and r.reason == "lp"
    assert r.rule == "A Caster at 0 LP loses; the last Caster above 0 LP wins (see /rules MZ-WIN-01)"
    assert r.scores == ("Ana: 1000 of 1000 LP · Spellbook 10 · Chapter 0 · wins",
                        "Ben: 0 of 1000 LP · Spellbook 10 · Chapter 0 · loses")
    _clean(r)


def test_MZ_EMPTY_02_the_draw_says_why():
    """MZ-EMPTY-02: every Spellbook empty is a Draw, and the rule says so; each Caster is marked "draw"."""
    st = pos({"spellbook": []}, {"spellbook": ["kappa"]})
    go(st, 0, "end", "pass")
    go(st, 1, "pass", "pass")
    go(st, 0, "pass")
    r = MZ.result(st)
    assert r.draw and "a Draw" in r.rule and r.rule.endswith("(see /rules MZ-EMPTY-02)")
    assert [line.rsplit(" · ", 1)[1] for line in r.scores] == ["draw", "draw"]
    _clean(r)


def test_MZ_WIN_05_a_concession_names_its_rule_and_places_those_who_left():
    """MZ-WIN-05, MZ-GAP-81: with three Casters the first concession goes on; the second ends the game: the
    winner, the last to concede in 2nd place, the first in 3rd."""
    seats = [SeatSetup("Ana"), SeatSetup("Ben"), SeatSetup("Cleo")]
    st = MZ.position({"players": [{"spellbook": ["flame-aura"] * 10}] * 3}, seats, 1)
    MZ.concede(st, 2)
    assert MZ.result(st) is None
    MZ.concede(st, 1)
    r = MZ.result(st)
    assert r.winners == (0,) and r.rule == "A Caster who concedes loses (see /rules MZ-WIN-05)"
    assert [line.rsplit(" · ", 1)[1] for line in r.scores] == ["wins", "left the game, 2nd place",
                                                               "left the game, 3rd place"]
    assert MZ.out_seats(st) == frozenset()
    _clean(r)


def test_result_round_trips_through_the_saved_state():
    """The rule and the standings are part of the saved result (a restarted host shows the same summary)."""
    st = pos({"arena": ["ember-imp"]}, {"lp": 20})
    _attack_ben(st)
    again = MZ.from_json(MZ.to_json(st))
    assert MZ.result(again) == MZ.result(st) and MZ.result(again).scores
