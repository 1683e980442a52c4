"""MetaZoo: a log people can follow. Each Attack is one line with its Damage, how it was made
up and whom it strikes (the receivers' lines follow with their LP left); each turn ends with a one-line
summary; no Page's full text reaches the log (players read it with ``card NAME``)."""

from __future__ import annotations

from mz_helpers import go, pos, public, uid_of

from games.core.playout import starter_seats
from games.metazoo import GAME as MZ
from games.metazoo.rules import pages


def test_an_attack_is_one_line_with_its_damage_and_whom_it_strikes():
    """Ember Imp attacks Ben: "Ana's Ember Imp #1 strikes Ben with Cinder Bite: 20 Damage." then Ben's LP."""
    st = pos({"arena": ["ember-imp"]})
    imp = uid_of(st, "ember-imp")
    go(st, 0, f"attack:{imp}:0", "target:p1")
    go(st, 1, "pass")
    log = public(go(st, 0, "pass"))
    assert f"Ana's Ember Imp #{imp} strikes Ben with Cinder Bite: 20 Damage. | Ben takes 20 Damage (Cinder Bite): " \
           "980 LP left." in log
    assert "Type Advantage:" not in log and "resolves" not in log


def test_the_modifiers_are_on_the_attack_line():
    """Kappa strikes back at Ember Imp: 20 printed +20 Type Advantage +20 Aura Attack Advantage in one line."""
    st = pos({"arena": ["ember-imp"]}, {"arena": ["kappa"]})
    imp, k = uid_of(st, "ember-imp"), uid_of(st, "kappa")
    go(st, 0, f"attack:{imp}:0", f"target:u{k}")
    go(st, 1, "pass")
    lines = [e.text for e in go(st, 0, "pass") if e.audience is None]
    assert f"Ben's Kappa #{k} strikes Ember Imp #{imp} with Pond Slap: 60 Damage (20 +20 Type Advantage +20 Aura " \
           "Attack Advantage (Flame))." in lines
    assert not [t for t in lines if t.startswith(("Type Advantage", "Aura Attack Advantage"))]


def test_each_turn_ends_with_a_one_line_summary():
    """Ana Contracts Ember Imp... and attacks with her Imp: "Turn 1 (Ana): 1 Contract, 1 Attack;
    Ben 1000 → 980 LP." when the next turn begins; a quiet turn says so."""
    st = pos({"arena": ["ember-imp"], "chapter": ["flame-aura"]})
    go(st, 0, "play:flame-aura")
    go(st, 1, "pass")
    go(st, 0, f"attack:{uid_of(st, 'ember-imp')}:0", "target:p1")
    go(st, 1, "pass")
    go(st, 0, "pass", "end", "pass")
    log = [e.text for e in go(st, 1, "pass")]
    assert "Turn 1 (Ana): 1 Contract, 1 Attack; Ben 1000 → 980 LP." in log
    assert log.index("Turn 1 (Ana): 1 Contract, 1 Attack; Ben 1000 → 980 LP.") < log.index("— Turn 2: Ben —")
    go(st, 1, "pass")  # Ben's start-of-turn window
    go(st, 0, "pass")
    go(st, 1, "end", "pass")
    log = [e.text for e in go(st, 0, "pass")]
    assert "Turn 2 (Ben): no Contract or Attack." in log


def test_no_full_page_text_in_the_log():
    """Over a seeded game of four, no log line carries an Effect's printed text."""
    st = MZ.new_game(starter_seats(MZ, 2, 4), None, 2)
    players = [MZ.computer(p) for p in range(4)]
    texts = {e.text for p in pages.defs_of(st) for e in p.effects if e.text and len(e.text) > 25}
    n = 0
    while (decs := MZ.decisions(st)) and n < 600:
        d = decs[0]
        for ev in MZ.apply(st, d.seat, players[d.seat](d, MZ.view(st, d.seat))):
            assert not [t for t in texts if t in ev.text], ev.text
        n += 1
    assert texts and n > 100
