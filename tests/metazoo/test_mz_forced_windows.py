"""MetaZoo (MZ-GAP-24): publicly forced decisions and response windows.

A decision with one option is ``forced`` only when everyone can tell it has one option: a priority offer or a
Take Actions step of a Caster whose Chapter is empty (every other option would be a public Page of the Arena),
or a kind whose options follow from the board (burrowing, Defenders, Primary Defender, Trap payment, ordering).
With a Page in the Chapter the same lone Pass is asked, since only its Caster knows it cannot be Contracted.
Every priority offer is a response window (default pass), ``aimed`` at the Caster attacked or targeted.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hidden_twins import permutation, relabel
from mz_helpers import decision, go, pos, uid_of
from test_mz_playouts import hidden_from, pending_page

from games.core.players import RandomPlayer
from games.core.playout import starter_seats
from games.metazoo import GAME as MZ
from games.metazoo import rules
from games.metazoo.rules import pages


def test_MZ_GAP_24_priority_with_an_empty_chapter_is_forced_and_a_window():
    """Ana Contracts a Beastie; Ben, with an empty Chapter and no Aura Page, may only pass: forced,
    a window whose default is pass, not aimed (nothing targets him)."""
    st = pos({"chapter": ["ember-imp"], "aura": {"flame": 1}}, {"chapter": []})
    go(st, 0, "play:ember-imp")
    d = decision(st, 1)
    assert d.kind == "priority" and [o.id for o in d.options] == ["pass"]
    assert d.forced and d.window and d.default == "pass" and not d.aimed


def test_MZ_GAP_24_a_lone_pass_with_pages_in_the_chapter_is_still_asked():
    """With a Page in his Chapter that he cannot Contract now, Ben's lone Pass is not forced: the
    others cannot know his Chapter holds nothing usable."""
    st = pos({"chapter": ["ember-imp"], "aura": {"flame": 1}}, {"chapter": ["kappa"]})
    go(st, 0, "play:ember-imp")
    d = decision(st, 1)
    assert [o.id for o in d.options] == ["pass"] and d.window and not d.forced


def test_MZ_GAP_24_an_aura_page_to_fatigue_makes_the_offer_a_choice():
    """An Awakened Aura Page is an option (generate Aura): two options, not forced."""
    st = pos({"chapter": ["ember-imp"], "aura": {"flame": 1}}, {"chapter": [], "arena": ["flame-aura"]})
    go(st, 0, "play:ember-imp")
    d = decision(st, 1)
    assert len(d.options) == 2 and not d.forced and d.window


def test_MZ_GAP_24_take_actions_with_an_empty_chapter_and_nothing_to_do_is_forced():
    """Ana's Take Actions step with an empty Chapter and no Page in the Arena offers only its end:
    forced (not a window)."""
    st = pos({"chapter": []}, {"chapter": []})
    d = decision(st, 0)
    assert d.kind == "actions" and [o.id for o in d.options] == ["end"]
    assert d.forced and not d.window
    st = pos({"chapter": ["kappa"]}, {"chapter": []})
    assert not decision(st, 0).forced  # placing Kappa face-down is an option


def test_MZ_GAP_24_a_lone_no_more_defenders_is_forced_and_combat_windows_are_aimed():
    """Ben's Kappa #1 is attacked; his window A is aimed at him (asked: Kappa in his Chapter).
    He declares his other Kappa as a Defender; then "No more Defenders" is his only option, which everyone can
    see: forced. Ana's window B (the attacker's, empty Chapter) is forced and not aimed."""
    st = pos({"arena": ["ember-imp"]}, {"arena": [{"card": "kappa", "fatigued": True}, "kappa"], "chapter": ["kappa"]})
    imp, target = uid_of(st, "ember-imp"), uid_of(st, "kappa")
    go(st, 0, f"attack:{imp}:0", f"target:u{target}")
    a = decision(st, 1)
    assert a.kind == "priority" and a.window and a.aimed and not a.forced
    go(st, 1, "pass")
    d = decision(st, 1)
    assert d.kind == "defend" and len(d.options) == 2 and not d.forced and not d.window
    go(st, 1, d.options[0].id)
    d = decision(st, 1)
    assert d.kind == "defend" and [o.id for o in d.options] == ["done"] and d.forced
    go(st, 1, "done")
    b = decision(st, 0)
    assert b.kind == "priority" and b.window and b.forced and not b.aimed


def test_MZ_GAP_24_a_spell_aimed_at_a_casters_beastie_opens_an_aimed_window():
    """Ana's Fire Dart on the chain targets Ben's Kappa: Ben's window is aimed at him."""
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}}, {"arena": ["kappa"], "chapter": ["kappa"]})
    go(st, 0, "play:fire-dart", f"target:u{uid_of(st, 'kappa')}")
    d = decision(st, 1)
    assert d.kind == "priority" and d.window and d.aimed


def _flags(st):
    return [(d.seat, d.kind, d.forced, d.window, d.aimed, len(d.options) if d.forced else 0)
            for d in MZ.decisions(st)]


@pytest.mark.parametrize("seats", [2, 4])
def test_forced_decisions_have_one_option_and_never_depend_on_hidden_pages(seats):
    """Over seeded games: every forced decision has exactly one option; permuting the Pages hidden
    from a watcher never changes who is asked, which decisions are forced, windows or aimed."""
    forced = checked = 0
    for seed in range(2):
        st = MZ.new_game(starter_seats(MZ, seed, seats), None, seed)
        rng = random.Random(seed)
        players = [RandomPlayer(seed * 7 + p) for p in range(seats)]
        n = 0
        while (decs := MZ.decisions(st)) and n < 300:
            d = decs[0]
            if d.forced:
                forced += 1
                assert len(d.options) == 1
            if n % 3 == 0:
                watcher = (n // 3) % seats
                secret = set(hidden_from(st, watcher)) - set(pending_page(st))
                twin = relabel(MZ, st, permutation(st, secret, rng, lambda _s, _c: 0))
                assert _flags(twin) == _flags(st), f"seed {seed} step {n}"
                checked += 1
            MZ.apply(st, d.seat, players[d.seat](d))
            n += 1
    assert forced > 0 and checked > 100


def test_the_flags_check_catches_a_chapter_dependent_forced_flag(monkeypatch):
    """The property above fails for a ``forced`` flag that reads what the Chapter holds."""
    real = rules._flagged

    def leaky(st, dc):
        dc = real(st, dc)
        secret = any(pages.defs_of(st)[c].any_time for c in st.casters[dc.seat].chapter)
        return dc if secret or len(dc.options) != 1 else replace(dc, forced=True)

    monkeypatch.setattr(rules, "_flagged", leaky)
    with pytest.raises(AssertionError):
        test_forced_decisions_have_one_option_and_never_depend_on_hidden_pages(2)
