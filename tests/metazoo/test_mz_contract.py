"""The Game contract for MetaZoo: refusals change nothing and name the rule, concession, JSON round trip,
Spellbook validation, views and text renderings, timeout defaults (MZ-GAP-24), zones by Page type."""

from __future__ import annotations

import pytest
from mz_helpers import SEATS, decision, go, lp, names, page, pos, public, uid_of

from games.core.contract import NotYourDecision, RulesError, SeatSetup, StaleChoice
from games.metazoo import GAME as MZ


def test_MZ_PRIO_10_unknown_choice_refused_with_options_listed():
    """MZ-PRIO-10, MZ-TURN-16: an option that is not offered is refused, listing the options; nothing changes;
    the other seat is told whose decision it is. The options are listed by their labels, not their ids (no
    option ids in what a player reads)."""
    st = pos({"chapter": ["kappa"]})
    before = MZ.to_json(st)
    with pytest.raises(StaleChoice) as exc:
        MZ.apply(st, 0, "dance")
    assert exc.value.rule == "MZ-PRIO-10" and "Options: Place Kappa face-down" in exc.value.message
    assert "End Take Actions" in exc.value.message and "end =" not in exc.value.message
    with pytest.raises(NotYourDecision) as exc2:
        MZ.apply(st, 1, "end")
    assert exc2.value.rule == "MZ-TURN-16" and "Ana" in exc2.value.message
    with pytest.raises(RulesError):
        MZ.apply(st, 0, ["end", "end"])
    assert MZ.to_json(st) == before


def test_MZ_WIN_05_MZ_GAP_81_concede():
    """MZ-WIN-05, MZ-GAP-81: a Caster may concede at any time; the opponent wins and nothing more is asked."""
    st = pos()
    MZ.concede(st, 0)
    res = MZ.result(st)
    assert res.winners == (1,) and res.losers == (0,) and res.reason == "concede" and MZ.decisions(st) == []
    with pytest.raises(NotYourDecision) as exc:
        MZ.apply(st, 0, "end")
    assert exc.value.rule == "MZ-WIN-05"
    with pytest.raises(RulesError):
        MZ.concede(st, 1)


def test_json_round_trip_mid_chain_and_combat():
    """MZ-RNG-03: a state serialises and loads back equal, mid-chain and mid-Combat, and plays on the same."""
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}, "arena": ["grim-hound"]}, {"arena": ["kappa"]})
    go(st, 0, "play:fire-dart", f"target:u{uid_of(st, 'kappa')}")
    again = MZ.from_json(MZ.to_json(st))
    assert again == st
    go(st, 1, "pass")
    go(again, 1, "pass")
    go(st, 0, f"attack:{uid_of(st, 'grim-hound')}:0", "target:p1")
    go(again, 0, f"attack:{uid_of(st, 'grim-hound')}:0", "target:p1")
    assert MZ.to_json(MZ.from_json(MZ.to_json(st))) == MZ.to_json(again)


def test_MZ_BOOK_01_validate_deck_and_starters():
    """MZ-BOOK-01, MZ-BOOK-02, MZ-BOOK-03: the Game validates Spellbooks by rule ID; every starter is legal."""
    assert set(MZ.starter_decks()) == {"ember-dawn", "tide-shadow", "night-court",  # test Spellbooks
                                       "wildfire-rush", "snare-warren", "skywatch", "blight-moor"}
    for deck in MZ.starter_decks().values():
        assert MZ.validate_deck(deck) == []
    errs = MZ.validate_deck(["kappa"] * 40)
    assert [e.rule for e in errs] == ["MZ-BOOK-02"]
    assert MZ.starter_names()["night-court"] == "Night Court"


def test_MZ_GAP_24_timeout_defaults():
    """MZ-GAP-24, MZ-PRIO-10: documented defaults: heads, go first, keep, end Take Actions, pass, back."""
    st = MZ.new_game([SeatSetup("A", MZ.starter_decks()["ember-dawn"]), SeatSetup("B", MZ.starter_decks()["night-court"])],
                     None, 9)
    assert MZ.timeout_choice(st, decision(st, 1)) == "heads"
    go(st, 1, "heads")
    assert MZ.timeout_choice(st, MZ.decisions(st)[0]) == "first"
    go(st, st.priority, "first")
    assert MZ.timeout_choice(st, MZ.decisions(st)[0]) == "keep"
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}}, {"arena": ["kappa"]})
    assert MZ.timeout_choice(st, decision(st, 0)) == "end"
    go(st, 0, "play:fire-dart")
    assert MZ.timeout_choice(st, decision(st, 0)) == "back"


def test_MZ_CORE_08_views_and_text():
    """MZ-CORE-08, MZ-GAP-70, MZ-PLACE-02: the board shows sizes and public zones, and every face-up Arena Page
    in full (layering is not modelled); the private text only the viewer's own Chapter; a spectator has no
    private part."""
    st = pos({"chapter": ["kappa", "fire-dart"]}, {"chapter": ["selkie"], "cemetery": ["hush"]})
    board = MZ.board_text(MZ.view(st, None))
    assert "Chapter 2" in board and "Chapter 1" in board and "Kappa" not in board and "Selkie" not in board
    assert "Cemetery 1" in board
    mine = MZ.private_text(MZ.view(st, 0))
    assert "Kappa" in mine and "Fire Dart" in mine and "Selkie" not in mine
    assert MZ.private_text(MZ.view(st, None)) == "" and MZ.view(st, None).private is None
    assert MZ.view(st, 1).decisions == () and MZ.view(st, 0).decisions[0].kind == "actions"
    assert MZ.view(st, 1).board["casters"][1]["cemetery"] == [{"card": "hush", "name": "Hush"}]
    st = pos({"arena": ["kappa", "flame-aura", {"card": "woodwose", "fatigued": True}]})
    for p in MZ.view(st, None).board["arena"]:
        assert {"uid", "name", "lp", "max_lp", "fatigued", "indicators", "equipment", "line"} <= set(p)


def test_MZ_TRAP_11_the_decision_context_is_compact_and_names_no_face_down_page():
    """MZ-TRAP-11: the DM's decision context (``context_text``) has one whole line per item
    (Discord and the terminal wrap to their own width), shows
    each Caster's LP and Chapter count and its face-up Pages, and the opponent's face-down Pages only by
    number; a seat without a decision gets none (the board is in the channel)."""
    st = pos({"arena": ["kappa", "water-aura", {"card": "ember-imp", "face_down": True}]},
             {"arena": [{"card": "snare-pit", "face_down": True}, {"card": "lampad", "trap": "bog-lurker"}],
              "chapter": ["selkie"]})
    mine = MZ.context_text(MZ.view(st, 0))
    lines = mine.splitlines()
    assert "You: 1000 LP · Aura none · Chapter 0 · Spellbook 10" in lines
    assert "Ben: 1000 LP · Aura none · Chapter 1 · Spellbook 10" in lines
    assert "You: " in mine and "Kappa" in mine and "Lampad" in mine and "Chapter 1" in mine
    assert "face-down: #" in mine and "face-down Page under it" in mine
    for hidden in ("Snare Pit", "Bog Lurker", "Selkie"):
        assert hidden not in mine
    assert MZ.context_text(MZ.view(st, 1)) == "" and MZ.context_text(MZ.view(st, None)) == ""


def test_MZ_INFO_01_bookmark_takes_the_top_page():
    """MZ-INFO-01, MZ-TURN-03: Bookmarking takes the top Page of the Spellbook, told only to its owner."""
    st = pos({"spellbook": ["kappa", "selkie"]}, active=1)
    go(st, 1, "end", "pass")
    go(st, 0, "pass")
    go(st, 0, "pass")
    ev = go(st, 1, "pass")
    assert names(st, st.casters[0].chapter) == ["kappa"] and names(st, st.casters[0].spellbook) == ["selkie"]
    assert any(e.text == "You Bookmark Kappa." and e.audience == (0,) for e in ev)
    assert "Kappa" not in public(ev)


def test_MZ_ZONE_01_02_03_04_05_discard_zones_by_type():
    """MZ-ZONE-01, MZ-ZONE-02, MZ-ZONE-03, MZ-ZONE-04, MZ-ZONE-05, MZ-OWN-02, MZ-LP-05: a Beastie Destroyed at 0
    LP goes to its owner's Limbo, a resolved Spell to the Cemetery, a replaced Terra and an unpaid Trap to the
    Afterlife."""
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}}, {"arena": [{"card": "ember-imp", "damage": 15}]})
    go(st, 0, "play:fire-dart", f"target:u{uid_of(st, 'ember-imp')}")
    go(st, 1, "pass")
    assert names(st, st.casters[1].limbo) == ["ember-imp"] and names(st, st.casters[0].cemetery) == ["fire-dart"]
    assert not any(st.cards[ap.card] == "ember-imp" for ap in st.arena)


def test_MZ_ZONE_06_MZ_LP_01_a_page_that_comes_back_is_new():
    """MZ-ZONE-06, MZ-LP-01, MZ-STATUS-03, MZ-OWN-01: a Page Scared back to the Chapter keeps no Damage or
    Indicators; Contracted again it enters with its printed LP and a new handle."""
    for seed in range(40):
        st = pos({"arena": [{"card": "woodwose", "damage": 30, "indicators": [{"status": "scared"},
                                                                           {"status": "poison", "turn": 1}]}],
                  "aura": {"forest": 1, "flame": 1}}, seed=seed)
        w = uid_of(st, "woodwose")
        go(st, 0, f"attack:{w}:0", "target:p1")
        if page(st, w) is None:
            break
    else:
        raise AssertionError("no tails in 40 seeds")
    assert names(st, st.casters[0].chapter) == ["woodwose"] and st.owner[st.casters[0].chapter[0]] == 0
    go(st, 0, "play:woodwose")
    go(st, 1, "pass")
    w2 = uid_of(st, "woodwose")
    assert w2 != w and lp(st, w2) == 80 and page(st, w2).indicators == []


def test_MZ_GAP_12_two_seats_only():
    """MZ-GAP-12: a seat number outside 0..1 is refused."""
    st = MZ.position({"players": [{"spellbook": ["kappa"]}, {"spellbook": ["kappa"]}]}, SEATS, 1)
    with pytest.raises(RulesError) as exc:
        MZ.apply(st, 2, "end")
    assert exc.value.rule == "MZ-GAP-12"


def test_simulate_runs_metazoo_games():
    """games.core.playout.simulate plays MetaZoo games to the end (random players)."""
    from games.core.playout import simulate

    games, decisions, _ = simulate(MZ, 3, 5)
    assert games == 3 and decisions > 0
