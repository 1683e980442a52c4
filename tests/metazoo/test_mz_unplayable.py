"""MetaZoo: why a Page of the Chapter cannot be Contracted now (``Game.unplayable``), and a
refusal that names what would be legal."""

from __future__ import annotations

import pytest
from mz_helpers import decision, go, pos

from games.core.contract import RulesError
from games.core.players import RandomPlayer
from games.core.playout import starter_seats
from games.metazoo import GAME as MZ
from games.metazoo.rules import pages


def test_MZ_AURA_08_a_page_costing_more_than_the_pool_says_what_it_needs():
    """MZ-AURA-08: "needs 2 Dark + 1 Neutral, you have 1 Flame"; affordable Pages are not listed."""
    st = pos({"chapter": ["ember-imp", "jorogumo"], "aura": {"flame": 1}})
    why = dict(MZ.unplayable(st, 0))
    assert "Ember Imp" not in why and "play:ember-imp" in [o.id for o in decision(st, 0).options]
    assert why["Jorogumo"].startswith("needs ") and why["Jorogumo"].endswith("you have 1 Flame")


def test_MZ_TURN_06_one_aura_page_a_turn_and_MZ_PRIO_03_only_in_take_actions():
    """A second Aura Page this turn ("one Aura Page a turn"); on the opponent's priority, a Page
    that is not "any time" ("only in your Take Actions step")."""
    st = pos({"chapter": ["flame-aura", "flame-aura", "ember-imp"], "aura": {"flame": 1}}, {"chapter": ["kappa"]})
    go(st, 0, "play:flame-aura", )
    assert decision(st, 1).kind == "priority"
    assert dict(MZ.unplayable(st, 1)) == {"Kappa": "not an \"any time\" Page: only in your Take Actions step"}
    assert MZ.unplayable(st, 0) == []  # Ana has no decision now
    go(st, 1, "pass")
    assert dict(MZ.unplayable(st, 0)).get("Flame Aura") == "one Aura Page a turn"


def test_MZ_AURA_07_no_legal_target():
    """MZ-AURA-07: Fire Dart with no opposing Beastie has no legal target."""
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}})
    assert dict(MZ.unplayable(st, 0))["Fire Dart"].startswith("no legal target")


def test_a_refusal_names_the_pages_that_can_be_contracted():
    """Contracting an unaffordable Page is refused with its reason and what can be Contracted."""
    st = pos({"chapter": ["ember-imp", "jorogumo"], "aura": {"flame": 1}})
    with pytest.raises(RulesError) as exc:
        MZ.apply(st, 0, "play:jorogumo")
    assert exc.value.rule == "MZ-AURA-08" and "You can Contract now: Contract Ember Imp" in exc.value.message
    st = pos({"chapter": ["jorogumo"]})
    with pytest.raises(RulesError) as exc:
        MZ.apply(st, 0, "play:jorogumo")
    assert "Nothing in your Chapter can be Contracted now." in exc.value.message


@pytest.mark.parametrize("seats", [2, 3])
def test_every_chapter_page_is_offered_or_has_a_reason(seats):
    """Over seeded games: whenever a Caster holds priority or takes Actions, each Page id of its
    Chapter is either offered as a Contract or listed with a reason, never both; nobody else gets a list."""
    listed = 0
    for seed in range(2):
        st = MZ.new_game(starter_seats(MZ, seed, seats), None, seed)
        players = [RandomPlayer(seed * 5 + p) for p in range(seats)]
        n = 0
        while (decs := MZ.decisions(st)) and n < 400:
            d = decs[0]
            for p in range(seats):
                why = dict(MZ.unplayable(st, p))
                if p != d.seat or d.kind not in ("actions", "priority"):
                    assert not why
                    continue
                offered = {o.id[5:] for o in d.options if o.id.startswith("play:")}
                defs = pages.defs_of(st)
                for c in pages.distinct_chapter(st, p):
                    name = defs[c].name
                    assert (st.cards[c] in offered) != (name in why), (seed, n, name, why)
                    assert name not in why or why[name]
                listed += len(why)
            MZ.apply(st, d.seat, players[d.seat](d))
            n += 1
    assert listed > 50
