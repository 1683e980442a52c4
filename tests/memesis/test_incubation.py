"""Memesis Incubation (checklist section 13: MEM-INC-01..08, MEM-GAP-21/30; MEM-GAP-02 for what counts as a
turn), played through the game contract."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.core.scenario import run_file
from games.memesis import GAME

from .kit import (
    act,
    dec,
    end_turn,
    go,
    hand_ref,
    ids,
    piece,
    pos,
    public,
    uid,
    view,
)


def _inc(st, seat: int, viewer: int | None = None):
    """``seat``'s Incubation Cell as ``viewer`` sees it on the board."""
    return view(st, viewer).board["players"][seat]["incubation"]


@pytest.mark.parametrize("card_id", ["great-wall-garrison", "colosseum", "eruption-of-vesuvius", "practical-rune"])
def test_MEM_INC_01_any_card_incubated_in_own_turn_without_its_cost(card_id):
    """MEM-INC-01: a creature, a Cause, an Effect or a Rune card goes from hand into the Incubation Cell in its
    owner's turn, paying none of its source cost (here with 0 source)."""
    st = pos({"hand": [card_id], "source": 0})
    ev = act(st, 0, hand_ref(st, 0, card_id), "incubate", "s0", "up")
    assert st.players[0].source == 0
    assert view(st, 0).private["incubation"]["card"] == card_id
    assert view(st, 0).private["hand"] == []
    assert "Ana incubates" in public(ev)


def test_MEM_INC_01_not_in_the_opponents_turn():
    """MEM-INC-01: in the opponent's turn (a window) a hand card offers no incubation."""
    st = pos({"hand": ["pilgrim-of-the-way"], "source": 1}, {"hand": ["fire-arrow", "roman-legionary"], "source": 2})
    act(st, 0, hand_ref(st, 0, "pilgrim-of-the-way"), "play", "main", "up")
    assert dec(st, 1).kind == "window"
    for card_id in ("fire-arrow", "roman-legionary"):
        GAME.apply(st, 1, hand_ref(st, 1, card_id))
        assert "incubate" not in ids(st, 1)
        GAME.apply(st, 1, "back")


@pytest.mark.parametrize(("face", "needed"), [("up", 4), ("down", 8)])
def test_MEM_INC_02_turns_equal_the_source_cost_twice_in_stealth(face, needed):
    """MEM-INC-02, MEM-STL-02: Hoplite Phalanx (cost 4) must incubate 4 turns, 8 placed in Stealth; the total of
    a face-down card is its owner's alone (MEM-GAP-20: twice the cost would narrow the card down)."""
    st = pos({"hand": ["hoplite-phalanx"], "source": 0})
    act(st, 0, hand_ref(st, 0, "hoplite-phalanx"), "incubate", "s0", face)
    assert view(st, 0).private["incubation"]["needed"] == needed and _inc(st, 0, None)["elapsed"] == 0
    assert _inc(st, 0, None)["needed"] == (needed if face == "up" else None)


def test_MEM_INC_03_MEM_GAP_02_placing_turn_and_opponent_turns_do_not_count():
    """MEM-INC-03, MEM-GAP-02: the placing turn does not count; the counter advances by 1 at the start of each
    of the owner's later turns only (not the opponent's)."""
    st = pos({"hand": ["roman-legionary"], "source": 0})
    act(st, 0, hand_ref(st, 0, "roman-legionary"), "incubate", "s0", "up")
    assert _inc(st, 0)["elapsed"] == 0
    end_turn(st)
    assert st.active == 1 and _inc(st, 0)["elapsed"] == 0
    end_turn(st)
    assert st.active == 0 and _inc(st, 0)["elapsed"] == 1
    end_turn(st)
    end_turn(st)
    assert _inc(st, 0)["elapsed"] == 2 and _inc(st, 0)["needed"] == 3


def test_MEM_INC_04_MEM_INC_05_MEM_GAP_30_one_card_replaced_goes_to_hand_and_loses_its_turns():
    """MEM-INC-04, MEM-INC-05, MEM-GAP-30: only one card incubates at a time: incubating another sends the
    first (2 of 3 turns done) back to its owner's hand; its turns are lost, neither kept nor transferred."""
    st = pos({"hand": ["pilgrim-of-the-way", "cro-magnon-hunter"], "source": 0,
              "incubation": {"card": "roman-legionary", "elapsed": 2}})
    assert _inc(st, 0)["elapsed"] == 2
    GAME.apply(st, 0, hand_ref(st, 0, "pilgrim-of-the-way"))
    GAME.apply(st, 0, "incubate")  # the only Incubation Cell (s0) is taken without asking; the step says why
    assert dec(st).kind == "act" and "goes back to its owner's hand" in dec(st).prompt
    ev = go(st, 0, "up")
    assert "The card that was incubating loses its turns." in public(ev)
    inc = _inc(st, 0)
    assert inc["cards"] == [{"card": "pilgrim-of-the-way", "name": "Pilgrim of the Way"}]
    assert (inc["elapsed"], inc["needed"]) == (0, 1)  # not 2: nothing transferred
    assert "roman-legionary" in [h["card"] for h in view(st, 0).private["hand"]]
    assert sum(1 for p in st.pieces if p.cell == "incubation") == 1
    act(st, 0, hand_ref(st, 0, "roman-legionary"), "incubate", "s0", "up")
    assert (_inc(st, 0)["elapsed"], _inc(st, 0)["needed"]) == (0, 3)  # starts again from nothing


def test_MEM_INC_06_matured_card_comes_into_the_main_cell_and_may_move():
    """MEM-INC-06, MEM-GAP-02: matured at the start of its owner's turn, the card comes into her Main Cell at
    once and may move (here into the Defend Cell) that turn."""
    st = pos({"incubation": {"card": "cro-magnon-hunter", "elapsed": 1}}, {"source": 0}, active=1)
    ev = end_turn(st)
    assert "Ana's incubating #1 Cro-Magnon Hunter hatches into the Main Cell." in public(ev)
    assert _inc(st, 0) is None
    u = uid(st, "cro-magnon-hunter")
    assert piece(st, u)["cell"] == "main"
    act(st, 0, f"p{u}", "move", "defend")
    assert piece(st, u)["cell"] == "defend"


def test_MEM_INC_06_matured_stealth_card_stays_face_down():
    """MEM-INC-06: a card incubated in Stealth comes into play still face down; only its owner knows it."""
    st = pos({"incubation": {"card": "cro-magnon-hunter", "down": True, "elapsed": 3}}, {"source": 0}, active=1)
    assert view(st, 0).private["incubation"]["needed"] == 4 and _inc(st, 0, 1)["needed"] is None
    ev = end_turn(st)
    assert "hatches into the Main Cell" in public(ev) and "Cro-Magnon" not in public(ev)
    u = uid(st, "cro-magnon-hunter")
    bp = piece(st, u, 1)
    assert bp["face_down"] is True and bp["cell"] == "main"
    assert view(st, 0).private["face_down"][0]["card"] == "cro-magnon-hunter"


def test_MEM_INC_07_fusing_onto_an_incubating_card_adds_its_cost_and_keeps_the_turns():
    """MEM-INC-07 (the checklist scenario): Prometheus (cost 4) has incubated 2 turns; Stolen Fire (cost 3, face
    up) is fused to it: 7 turns in total, 5 still to go."""
    st = pos({"hand": ["stolen-fire"], "source": 0, "incubation": {"card": "prometheus", "elapsed": 2}})
    inc = next(p for p in st.pieces if p.cell == "incubation")
    act(st, 0, hand_ref(st, 0, "stolen-fire"), "fuse", f"p{inc.uid}", "true", "up")
    got = view(st, 0).private["incubation"]
    assert (got["elapsed"], got["needed"]) == (2, 7)
    assert got["name"].startswith("Prometheus") and got["name"].endswith("Stolen Fire")
    end_turn(st)
    end_turn(st)
    assert view(st, 0).private["incubation"]["elapsed"] == 3


def test_MEM_GAP_21_stealth_card_fused_to_incubating_card_doubles_its_turns():
    """MEM-GAP-21, MEM-INC-07: Stolen Fire (cost 3) fused face down to the incubating Prometheus (cost 4, 2 turns
    done) adds 6 turns: 10 in total, the 2 elapsed kept."""
    st = pos({"hand": ["stolen-fire"], "source": 1, "incubation": {"card": "prometheus", "elapsed": 2}})
    inc = next(p for p in st.pieces if p.cell == "incubation")
    act(st, 0, hand_ref(st, 0, "stolen-fire"), "fuse", f"p{inc.uid}", "true", "down")
    got = view(st, 0).private["incubation"]
    assert (got["elapsed"], got["needed"]) == (2, 10)
    assert _inc(st, 0, 1)["cards"][1] == {"face_down": True}


def test_MEM_INC_08_rune_incubates_one_turn_not_its_cost():
    """MEM-INC-08, MEM-RUN-11: a Rune card incubates one turn (two in Stealth), whatever else."""
    for face, needed in (("up", 1), ("down", 2)):
        st = pos({"hand": ["spiritual-rune"], "source": 0})
        act(st, 0, hand_ref(st, 0, "spiritual-rune"), "incubate", "s0", face)
        assert view(st, 0).private["incubation"]["needed"] == needed


SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "memesis"


@pytest.mark.parametrize("name", ["illegal_stealth_refused", "incubation_hatching", "rune_upgrade_and_return"])
def test_MEM_STL_10_MEM_INC_06_MEM_RUN_07_scenario_files(name):
    """MEM-STL-10, MEM-INC-06, MEM-RUN-07: the Memesis scenario files of ``tests/scenarios/memesis/`` pass (run
    here with Memesis looked up directly, as the game is not registered yet)."""
    report = run_file(SCENARIOS / f"{name}.yaml", lambda game_id: GAME)
    assert report.passed, report.message
    assert report.steps > 3
