"""MetaZoo with three and four Casters through the contract (MZ-GAP-12, MZ-GAP-13, MZ-PRIO-02, MZ-SIM-01,
MZ-WIN-01, MZ-WIN-05)."""

from __future__ import annotations

import pytest
from mz_helpers import caster_lp, decision, go, ids, uid_of
from test_mz_playouts import cards_in, check_conservation, check_log, own_hidden, public_cards

from games.core.contract import RulesError, SeatSetup
from games.core.players import RandomPlayer
from games.metazoo import GAME as MZ

NAMES = ["Ana", "Ben", "Cai", "Dee"]


def pos3(*players, n: int = 3, **kw):
    """A Take Actions position for ``n`` Casters (Spellbooks default to 10 Aura Pages)."""
    ps = [dict(p) for p in players] + [{} for _ in range(n - len(players))]
    for p in ps:
        p.setdefault("spellbook", ["flame-aura"] * 10)
    return MZ.position({"players": ps, **kw}, [SeatSetup(x) for x in NAMES[:n]], 1)


def new(n: int, seed: int):
    decks = MZ.starter_decks()
    keys = sorted(decks)
    return MZ.new_game([SeatSetup(NAMES[i], decks[keys[(seed + i) % len(keys)]]) for i in range(n)], None, seed)


def test_MZ_GAP_12_seat_counts():
    """MZ-GAP-12: 2 to 4 Casters; 1 or 5 seats are refused by rule, and the game declares 4 seats at most."""
    decks = MZ.starter_decks()
    deck = decks[sorted(decks)[0]]
    for n in (1, 5):
        with pytest.raises(RulesError) as exc:
            MZ.new_game([SeatSetup(NAMES[i % 4], deck) for i in range(n)], None, 1)
        assert exc.value.rule == "MZ-GAP-12"
    assert MZ.max_seats == 4
    st = new(4, 3)
    assert decision(st, 1).kind == "predict"  # the second seat predicts (MZ-SETUP-02)


def test_MZ_GAP_12_mulligans_and_turns_go_clockwise():
    """MZ-GAP-12, MZ-GAP-23: from the first Caster, mulligans and then turns go clockwise (seat order)."""
    st = new(4, 5)
    go(st, 1, "heads")
    chooser = st.chooser
    go(st, chooser, "second")  # second: the Caster before them clockwise starts
    first = (chooser - 1) % 4
    assert st.first == first
    order = []
    while st.step == "mulligan":
        (d,) = MZ.decisions(st)
        order.append(d.seat)
        go(st, d.seat, "keep")
    assert order == [(first + i) % 4 for i in range(4)]
    turns = [st.active]
    while len(turns) < 6:
        (d,) = MZ.decisions(st)
        go(st, d.seat, "end" if d.kind == "actions" else d.default)
        if st.active != turns[-1]:
            turns.append(st.active)
    assert turns == [(first + i) % 4 for i in range(6)]


def test_MZ_GAP_13_fixed_window_offers_each_caster_once_clockwise():
    """MZ-GAP-13, MZ-PRIO-06: the end-of-turn window offers priority once to each Caster, the active Caster
    first then clockwise; then the next Caster clockwise begins."""
    st = pos3(active=1, n=4)
    go(st, 1, "end")
    seen = []
    while st.active == 1:
        (d,) = MZ.decisions(st)
        seen.append(d.seat)
        go(st, d.seat, "pass")
    assert seen[:4] == [1, 2, 3, 0]
    assert st.active == 2


def test_MZ_PRIO_02_MZ_GAP_13_chain_answered_by_the_third_caster():
    """MZ-PRIO-02, MZ-GAP-13, MZ-PRIO-05: priority passes clockwise from the Caster who acted; one pass does not
    resolve a chain with 3 Casters; the third Caster answers Fire Dart with Mirror Ward; the chain resolves
    only when both other Casters have passed in a row, and Mirror Ward turns Fire Dart back on Ana."""
    st = pos3({"chapter": ["fire-dart"], "aura": {"flame": 1}}, {"arena": ["kappa"]},
              {"chapter": ["mirror-ward"], "aura": {"water": 1}})
    kappa = uid_of(st, "kappa")
    go(st, 0, "play:fire-dart", f"target:u{kappa}")
    assert decision(st, 1).kind == "priority"
    go(st, 1, "pass")
    assert len(st.chain) == 1 and decision(st, 2).kind == "priority"  # not resolved: Cai still to pass
    go(st, 2, "play:mirror-ward", "target:c0")
    assert decision(st, 0).kind == "priority"  # clockwise from Cai, who acted
    go(st, 0, "pass")
    assert len(st.chain) == 2
    go(st, 1, "pass")  # every Caster but Cai has passed in a row: the whole chain resolves
    assert not st.chain
    assert caster_lp(st, 0) == 975 and caster_lp(st, 1) == 1000
    assert decision(st, 0).kind == "actions"


def test_MZ_GAP_12_opposing_caster_targets_every_opponent():
    """MZ-GAP-12, MZ-TGT-01: "opposing" means every other Caster still in the game; an Attack may target any
    opposing Caster or their Pages."""
    st = pos3({"arena": ["ember-imp"]}, {"arena": ["standing-stone"]}, {"arena": ["standing-stone"]})
    imp = uid_of(st, "ember-imp")
    go(st, 0, f"attack:{imp}:0")
    opts = set(ids(st, 0))
    assert {"target:p1", "target:p2", f"target:u{uid_of(st, 'standing-stone', 1)}",
            f"target:u{uid_of(st, 'standing-stone', 2)}"} <= opts
    assert "target:p0" not in opts


def test_MZ_GAP_12_attack_on_the_second_opponent_only_they_defend():
    """MZ-GAP-12, MZ-COMBAT-08: Ana Attacks Cai (the second opponent): window A goes to Cai, only Cai may
    declare Defenders (Ben's Awakened Beastie is never offered), window B to Ana; Cai takes the Damage."""
    st = pos3({"arena": ["ember-imp"]}, {"arena": ["kappa"]}, {})
    imp = uid_of(st, "ember-imp")
    go(st, 0, f"attack:{imp}:0", "target:p2")
    seats = []
    while st.combat is not None:
        (d,) = MZ.decisions(st)
        seats.append((d.seat, d.kind))
        assert not any(o.id.startswith("defend:") for o in d.options)  # Cai has no Beastie; Ben's never offered
        go(st, d.seat, "pass" if "pass" in ids(st, d.seat) else d.default)
    assert seats[0] == (2, "priority") and 1 not in [s for s, _ in seats]
    assert caster_lp(st, 2) == 980 and caster_lp(st, 1) == 1000


def test_MZ_GAP_12_elimination_mid_game_and_last_caster_standing():
    """MZ-GAP-12, MZ-WIN-01, MZ-WIN-05: Cai at 0 LP leaves while the game goes on: every Page Cai owns leaves
    the game (not Destroyed), Ben's Page that Cai controlled returns to Ben, ``out_seats`` reports Cai and
    Cai gets no more decisions; when Ben leaves too, Ana, the last Caster standing, wins."""
    st = pos3({"arena": ["ember-imp", "ember-imp"]}, {"lp": 20, "arena": ["standing-stone"]},
              {"lp": 20, "arena": ["kappa", "standing-stone"]})
    lent = uid_of(st, "standing-stone", 1)
    next(ap for ap in st.arena if ap.uid == lent).controller = 2  # as after a control change
    imp1, imp2 = [ap.uid for ap in st.arena if ap.controller == 0]
    go(st, 0, f"attack:{imp1}:0", "target:p2")
    while st.combat is not None:
        (d,) = MZ.decisions(st)
        go(st, d.seat, d.default)
    assert MZ.out_seats(st) == frozenset({2}) and MZ.result(st) is None
    assert all(st.owner[ap.card] != 2 for ap in st.arena)
    assert next(ap for ap in st.arena if ap.uid == lent).controller == 1
    assert len(st.gone) == 2  # Kappa and the Standing Stone left the game, in no zone
    assert st.casters[2].limbo == [] and st.casters[2].afterlife == []  # not Destroyed
    check_conservation(st)
    assert MZ.view(st, None).board["casters"][2]["out"] is True
    go(st, 0, f"attack:{imp2}:0")
    assert "target:p2" not in ids(st, 0)  # a Caster who left is no target
    go(st, 0, "target:p1")
    while MZ.result(st) is None:
        (d,) = MZ.decisions(st)
        assert d.seat != 2
        go(st, d.seat, d.default)
    res = MZ.result(st)
    assert res.winners == (0,) and set(res.losers) == {1, 2}
    assert MZ.out_seats(st) == frozenset()


def test_MZ_GAP_12_active_caster_leaving_ends_their_turn():
    """MZ-GAP-12, MZ-GAP-81: a Caster conceding on their own turn in a game of 3 leaves; their turn ends at
    once and the next Caster clockwise begins."""
    st = pos3({}, {}, {}, active=1)
    MZ.concede(st, 1)
    assert MZ.out_seats(st) == frozenset({1}) and st.active == 2 and MZ.result(st) is None
    with pytest.raises(RulesError):
        MZ.concede(st, 1)
    MZ.concede(st, 2)
    assert MZ.result(st).winners == (0,)


def test_MZ_SIM_01_end_items_ordered_by_the_active_caster_with_3():
    """MZ-SIM-01, MZ-GAP-79: with 3 Casters Poisoned, the active Caster orders every simultaneous end-of-turn
    item, the other Casters' included."""
    poison = [{"status": "poison", "counters": 0, "turn": 0}]
    st = pos3({"indicators": poison}, {"indicators": poison}, {"indicators": poison}, turn=3)
    go(st, 0, "end")
    while st.step == "end":
        (d,) = MZ.decisions(st)
        go(st, d.seat, "pass")
    (d,) = MZ.decisions(st)
    assert d.kind == "order" and d.seat == 0 and len(d.options) == 3


def check_views_n(st) -> None:
    """MZ-CORE-08, MZ-TRAP-11 for every seat: the board holds exactly the public Pages (every Caster's public
    zones); a seat's private part exactly its own Chapter and face-down Pages."""
    want = public_cards(st)
    checked = None  # the last board walked: a board equal to it holds the same Pages
    for viewer in [None, *range(len(st.casters))]:
        v = MZ.view(st, viewer)
        if v.board != checked:
            assert cards_in(v.board) == want, f"board of viewer {viewer} shows a hidden Page"
            checked = v.board
        assert len(v.board["casters"]) == len(st.casters)
        if viewer is None:
            continue
        assert cards_in(v.private) == own_hidden(st, viewer)


@pytest.mark.slow
@pytest.mark.parametrize("n,seed", [(3, s) for s in range(6)] + [(4, s) for s in range(6)])
def test_MZ_GAP_12_playouts_with_3_and_4_casters(n, seed):
    """MZ-GAP-12, MZ-GAP-13, MZ-WIN-05, MZ-CORE-10, MZ-CORE-08: seeded games of 3 and 4 Casters (random and
    computer players mixed; all computer at 4 for odd seeds) end, keep every Page in one place, show no hidden
    Page to another seat or a spectator, and never give a Caster who left a decision."""
    st = new(n, seed)
    players = [MZ.computer(seed + i) if (i + seed) % 2 or (n == 4 and seed % 2) else RandomPlayer(seed * 7 + i)
               for i in range(n)]
    steps = 0
    while decs := MZ.decisions(st):
        (d,) = decs
        assert d.seat not in st.out
        events = MZ.apply(st, d.seat, players[d.seat](d, MZ.view(st, d.seat)))
        steps += 1
        check_conservation(st)
        if steps % 5 == 0:
            check_views_n(st)
        check_log(st, events)
        if steps % 50 == 0:
            assert MZ.from_json(MZ.to_json(st)) == st
        assert steps < 30000, "the game does not end"
    res = MZ.result(st)
    assert res is not None
    assert len(res.winners) <= 1 or res.draw


def test_MZ_GAP_12_every_casters_public_zones_in_the_view_text_and_picture():
    """MZ-GAP-12, MZ-CORE-08: with 4 Casters the public board, its text and its picture show each Caster (a
    Caster who left is marked), and each seat's private part holds only its own Chapter."""
    st = pos3({"chapter": ["fire-dart"]}, {"chapter": ["kappa"]}, {"chapter": ["hush"]}, {"chapter": ["blizzard"]},
              n=4)
    MZ.concede(st, 3)
    spectator = MZ.view(st, None)
    text = MZ.board_text(spectator)
    lay = MZ.layout(spectator)
    shown = "\n".join(lay.texts())
    for name in NAMES:
        assert name in text and name in shown
    assert "Dee (left the game)" in shown and "left the game" in text  # words, not "(out)"
    for seat, page in enumerate(["Fire Dart", "Kappa", "Hush"]):
        private = MZ.view(st, seat).private
        assert [c["name"] for c in private["chapter"]] == [page]
