"""Infectious and its tokens (MZ-INFECTIOUS-01/02, MZ-TOKEN-01..04, MZ-TGT-04, MZ-GAP-11, MZ-GAP-54)."""

from __future__ import annotations

import pytest
from mz_helpers import go, ids, lp, page, pos, uid_of

from games.core.carddata import CardDataError
from games.metazoo import GAME as MZ
from games.metazoo.cards import parse_pages


def infect():
    st = pos({"arena": ["ghoul"]},
             {"arena": [{"card": "kappa", "damage": 20}, "grim-hound", "flame-aura"], "chapter": ["fire-dart"]})
    go(st, 0, f"attack:{uid_of(st, 'ghoul')}:0", f"target:u{uid_of(st, 'kappa')}")
    go(st, 1, "pass", "done")
    go(st, 0, "pass")
    (tok,) = [ap for ap in st.arena if st.cards[ap.card].startswith("token:")]
    return st, tok


def test_MZ_INFECTIOUS_01_02_token_for_each_beastie_destroyed():
    """MZ-INFECTIOUS-01, MZ-INFECTIOUS-02, MZ-TOKEN-02, MZ-TOKEN-04, MZ-TOKEN-07, MZ-GAP-54, MZ-GAP-11, MZ-CORE-03:
    every token is an engine object with its own handle on the board. Ghoul
    Destroys Kappa with an Attack: its controller gets a nameless, costless Dark Beastie token with Ghoul's
    printed LP and Attack (same Damage and Aura Attack Advantage, no Status icon), Fatigued, owned by them."""
    st, tok = infect()
    assert tok.controller == 0 and st.owner[tok.card] == 0 and tok.fatigued
    d = MZ.view(st, None).board["arena"]
    entry = [p for p in d if p["uid"] == tok.uid][0]
    assert entry["name"] == "Beastie token" and entry["max_lp"] == 60 and entry["lp"] == 60
    handles = [p["uid"] for p in d]
    assert len(handles) == len(set(handles))
    from games.metazoo.rules import pages
    tdef = pages.defs_of(st)[tok.card]
    assert tdef.name == "" and tdef.cost == {} and tdef.base_types == ("dark",)
    assert [(a.name, a.damage, a.advantage, a.status) for a in tdef.attacks] == [("Gnaw", 30, "light", None)]


def test_MZ_TOKEN_01_03_MZ_TGT_04_token_is_a_target_and_leaves_to_nowhere():
    """MZ-TOKEN-01, MZ-TOKEN-03, MZ-TGT-04: a token is a Page for targeting (Fire Dart) and for Attacks; when it
    leaves the Arena it is removed from the game (no zone); tokens can never be in a Spellbook or a pool file."""
    st, tok = infect()
    go(st, 0, "end", "pass")
    go(st, 1, "pass", "pass")
    go(st, 0, "pass")
    go(st, 1, f"gen:{uid_of(st, 'flame-aura')}", "play:fire-dart")
    assert f"target:u{tok.uid}" in ids(st, 1)
    go(st, 1, f"target:u{tok.uid}")
    go(st, 0, "pass")
    assert lp(st, tok.uid) == 35
    go(st, 1, f"attack:{uid_of(st, 'grim-hound')}:0", f"target:u{tok.uid}")
    go(st, 0, "pass")
    go(st, 1, "pass")
    assert page(st, tok.uid) is None and st.gone == [tok.card]
    assert all(tok.card not in z for c in st.casters for z in (c.limbo, c.cemetery, c.afterlife, c.chapter))
    assert [e.rule for e in MZ.validate_deck(["token:ghoul"] + ["flame-aura"] * 40)] == ["MZ-BOOK-01"]
    with pytest.raises(CardDataError):
        parse_pages([{"id": "sneaky", "name": "Sneaky", "type": "beastie", "lp": 10, "token": True}], "t")
