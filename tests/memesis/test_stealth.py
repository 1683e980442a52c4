"""Memesis Stealth (checklist section 12: MEM-STL-01..11, MEM-GAP-20), played through the game contract: face-down
plays, what each seat and spectators see, upturning, and the table option that turns Stealth off."""

from __future__ import annotations

import json

from games.core.contract import SeatSetup
from games.memesis import GAME
from games.memesis.rules import cells

from .kit import (
    act,
    copy,
    dec,
    go,
    hand_ref,
    ids,
    pass_windows,
    piece,
    pos,
    public,
    refused,
    seen_by,
    uid,
    view,
)


def _dump(v) -> str:
    """Everything a view shows its viewer, as one text."""
    return json.dumps({"board": v.board, "private": v.private,
                       "decisions": [[d.prompt, [(o.id, o.label, o.cards) for o in d.options]] for d in v.decisions]})


def _play_hunter_face_down():
    """Ana pays 3 source (cost 2 + 1) to play Cro-Magnon Hunter face down into her Main Cell."""
    st = pos({"hand": ["cro-magnon-hunter"], "source": 5}, {"hand": ["fire-arrow"], "source": 3})
    ev = act(st, 0, hand_ref(st, 0, "cro-magnon-hunter"), "play", "main", "down")
    return st, uid(st, "cro-magnon-hunter"), ev


def test_MEM_STL_01_MEM_GAP_20_face_down_costs_one_more_and_the_cost_is_public():
    """MEM-STL-01, MEM-GAP-20: a card played face down costs its source cost + 1; the source paid is public."""
    st, u, ev = _play_hunter_face_down()
    assert view(st, 1).board["players"][0]["source"] == 5 - 3
    assert f"Ana pays 3 source and plays a face-down card (#{u}) into their Main Cell." in public(ev)
    st = pos({"hand": ["cro-magnon-hunter"], "source": 2})
    for c in (hand_ref(st, 0, "cro-magnon-hunter"), "play", "main"):
        GAME.apply(st, 0, c)  # 2 source pays face up only: no face to choose, it is played at once
    assert piece(st, uid(st, "cro-magnon-hunter"))["face_down"] is False
    assert st.players[0].source == 0


def test_MEM_STL_03_others_see_face_down_card_and_its_cell_the_owner_its_identity():
    """MEM-STL-03, MEM-STL-10: the opponent and spectators see "face-down card" and its Cell, never the card;
    the owner sees its identity in her private view; the public events do not name it, her own does."""
    st, u, ev = _play_hunter_face_down()
    for viewer in (1, None):
        v = view(st, viewer)
        bp = next(p for p in v.board["pieces"] if p["uid"] == u)
        assert bp["face_down"] is True and bp["cell"] == "main" and bp["controller"] == 0
        assert bp["cards"] == [{"face_down": True}] and "attack" not in bp
        text = _dump(v) + GAME.board_text(v)
        assert "cro-magnon" not in text.lower()
        assert "face-down card" in GAME.board_text(v)
    assert "Cro-Magnon" not in seen_by(ev, 1)
    assert f"Your face-down card #{u} is Cro-Magnon Hunter." in seen_by(ev, 0)
    mine = view(st, 0).private["face_down"]
    assert mine == [{"uid": u, "card": "cro-magnon-hunter", "name": "Cro-Magnon Hunter"}]
    pass_windows(st)  # and at any time: also in the opponent's turn
    GAME.apply(st, 0, "end")
    pass_windows(st)
    assert st.active == 1
    assert view(st, 0).private["face_down"] == mine


def test_MEM_STL_10_creature_never_played_outside_its_owners_turn_refused_privately():
    """MEM-STL-10: in Ana's turn, Ben (in a window) is never offered to play his creature, face down or not;
    forging that play is refused with the state unchanged, and the refusal names no card."""
    st = pos({"hand": ["pilgrim-of-the-way"], "source": 2},
             {"hand": ["roman-legionary", "fire-arrow"], "source": 5})
    act(st, 0, hand_ref(st, 0, "pilgrim-of-the-way"), "play", "main", "up")
    assert dec(st, 1).kind == "window"
    leg = hand_ref(st, 1, "roman-legionary")
    GAME.apply(st, 1, leg)
    assert "play" not in ids(st, 1) and "incubate" not in ids(st, 1)
    err = refused(st, 1, "play")
    assert "Roman" not in str(err) and "Legionary" not in str(err)
    assert "roman" not in _dump(view(st, 0)).lower() and "roman" not in _dump(view(st, None)).lower()


def test_MEM_STL_10_face_down_cause_cannot_move_forged_move_reveals_nothing():
    """MEM-STL-10, MEM-GAP-20: Ben's face-down card is a Cause card (Colosseum): the engine checks moves against
    the real card, so it is offered no move; a forged move into the Defend Cell is refused and the message does
    not name the card; a face-down creature of his is offered Defend but never Attack outside his turn."""
    st = pos({"hand": ["pilgrim-of-the-way"], "source": 2},
             {"pieces": [{"card": "colosseum", "down": True}, {"card": "roman-legionary", "down": True}],
              "source": 0})
    col, leg = uid(st, "colosseum"), uid(st, "roman-legionary")
    ev = act(st, 0, hand_ref(st, 0, "pilgrim-of-the-way"), "play", "main", "up")
    assert dec(st, 1).kind == "window"
    GAME.apply(st, 1, f"p{col}")
    assert "move" not in ids(st, 1) and "upturn" in ids(st, 1)
    err = refused(st, 1, "move")
    assert "colosseum" not in str(err).lower()
    GAME.apply(st, 1, "back")
    GAME.apply(st, 1, f"p{leg}")
    assert "move" in ids(st, 1)
    refused(st, 1, "attack:s0")
    GAME.apply(st, 1, "move")  # the one legal destination, the Defend Cell (never Attack): moved at once
    bp = piece(st, leg, 0)
    assert bp["cell"] == "defend" and bp["face_down"] is True
    for viewer in (0, None):
        text = _dump(view(st, viewer)).lower()
        assert "colosseum" not in text and "roman" not in text
    assert "Colosseum" not in public(ev)


def test_MEM_STL_04_MEM_STL_05_abilities_only_once_upturned():
    """MEM-STL-04, MEM-STL-05: a face-down Temple Acolyte offers no ability; its owner upturns it (in her turn)
    and its Blessing is available at once."""
    st = pos({"source": 3, "pieces": [{"card": "temple-acolyte", "down": True}]})
    u = uid(st, "temple-acolyte")
    GAME.apply(st, 0, f"p{u}")
    assert not any(i.startswith("use:") for i in ids(st, 0))
    assert "upturn" in ids(st, 0)
    ev = go(st, 0, "upturn")
    assert "Ana upturns Temple Acolyte" in public(ev)
    pass_windows(st)
    bp = piece(st, u, 1)
    assert bp["face_down"] is False and bp["cards"][0]["card"] == "temple-acolyte"
    GAME.apply(st, 0, f"p{u}")
    assert "use:0" in ids(st, 0)
    go(st, 0, "use:0")
    pass_windows(st)
    assert view(st, None).board["players"][0]["life"] == 21


def test_MEM_STL_05_owner_upturns_at_any_time():
    """MEM-STL-05: the owner may upturn her face-down card in the opponent's turn (in a window)."""
    st = pos({"source": 0, "pieces": [{"card": "temple-acolyte", "down": True}]},
             {"hand": ["pilgrim-of-the-way"], "source": 1}, active=1)
    u = uid(st, "temple-acolyte")
    act(st, 1, hand_ref(st, 1, "pilgrim-of-the-way"), "play", "main", "up")
    assert dec(st, 0).kind == "window"
    act(st, 0, f"p{u}", "upturn")
    assert piece(st, u)["face_down"] is False
    assert st.active == 1


def test_MEM_STL_06_face_down_card_moves_and_stays_face_down():
    """MEM-STL-06: a face-down creature moves from the Main Cell to the Defend Cell and stays face down; the
    public event names it only as a face-down card."""
    st = pos({"source": 0, "pieces": [{"card": "roman-legionary", "down": True}]})
    u = uid(st, "roman-legionary")
    ev = act(st, 0, f"p{u}", "move", "defend")
    bp = piece(st, u, 1)
    assert bp["cell"] == "defend" and bp["face_down"] is True
    assert f"Ana moves #{u} face-down card into the Defend Cell." in public(ev)


def test_MEM_STL_07_stealth_rune_costs_two_unattached_then_attaches_free():
    """MEM-STL-07: a Rune played in Stealth costs 2 source and comes into play unattached; placing it the first
    time on a marked card then costs nothing; it stays face down there (MEM-STL-08)."""
    st = pos({"hand": ["practical-rune"], "source": 2, "pieces": ["cro-magnon-hunter"]})
    cro = uid(st, "cro-magnon-hunter")
    act(st, 0, hand_ref(st, 0, "practical-rune"), "play")
    assert st.players[0].source == 0
    r = uid(st, "practical-rune")
    assert piece(st, r, 1)["face_down"] is True
    pass_windows(st)
    act(st, 0, f"p{r}", "attach", f"p{cro}")
    assert st.players[0].source == 0
    bp = piece(st, cro, 1)
    assert bp["rune"] == {"face_down": True, "owner": 0}
    assert bp["attack"] == 3  # the face-down Rune gives nothing yet (MEM-STL-08)
    assert all(p["uid"] != r for p in view(st, None).board["pieces"])


def test_MEM_STL_08_upgrade_waits_for_both_rune_and_card_upturned():
    """MEM-STL-08: a face-up card with a face-down Rune gets no upgrade until the Rune is upturned; a face-down
    card with a face-up Rune gets none until the card is upturned."""
    st = pos({"pieces": [{"card": "cro-magnon-hunter", "rune": "practical-rune", "rune_down": True}]})
    u = uid(st, "cro-magnon-hunter")
    assert piece(st, u)["attack"] == 3
    act(st, 0, f"p{u}", "upturn")
    assert piece(st, u)["attack"] == 4 and piece(st, u)["rune"]["card"] == "practical-rune"
    st = pos({"pieces": [{"card": "cro-magnon-hunter", "down": True, "rune": "practical-rune"}]})
    u = uid(st, "cro-magnon-hunter")
    pc = next(p for p in st.pieces if p.uid == u)
    assert cells.attack(st, pc) == 3  # hidden from the board: the engine's own figure
    act(st, 0, f"p{u}", "upturn")
    assert piece(st, u)["attack"] == 4


def test_MEM_STL_09_fusion_abilities_wait_until_all_fused_cards_revealed():
    """MEM-STL-09: Pollux fused face down onto Castor (True Fusion): the pair's +1 Attack, +1 Life and Gemini
    are unavailable until Pollux is upturned. Meanwhile the others see Castor's own 3/3 only (MEM-GAP-20), and
    Ana the pair's true 6/6 in her private view."""
    st = pos({"hand": ["pollux"], "source": 3, "pieces": ["castor"]})
    u = uid(st, "castor")
    act(st, 0, hand_ref(st, 0, "pollux"), "fuse", f"p{u}", "true", "down")
    assert st.players[0].source == 2
    bp = piece(st, u, 1)
    assert bp["cards"] == [{"card": "castor", "name": "Castor the Horseman"}, {"face_down": True}]
    assert (bp["attack"], bp["max_life"], bp["hidden_stats"], bp["fusion"]) == (3, 3, True, "fused")
    assert view(st, 0).private["stats"] == [{"uid": u, "attack": 6, "life": 6, "max_life": 6, "armor": 0}]
    GAME.apply(st, 0, f"p{u}")
    assert not any(i.startswith("use:") for i in ids(st, 0))
    go(st, 0, "upturn")
    pass_windows(st)
    bp = piece(st, u, 1)
    assert bp["attack"] == 7 and bp["max_life"] == 7
    GAME.apply(st, 0, f"p{u}")
    assert "use:0" in ids(st, 0)


def test_MEM_GAP_20_stealth_effect_resolves_when_upturned_then_dead_cell():
    """MEM-GAP-20: a face-down Effect card (Napier's Bones, +2 source) works when upturned, then goes to the Dead
    Cell."""
    st = pos({"hand": ["napiers-bones"], "source": 2})
    act(st, 0, hand_ref(st, 0, "napiers-bones"), "play", "down")
    assert st.players[0].source == 0
    u = uid(st, "napiers-bones")
    pass_windows(st)
    act(st, 0, f"p{u}", "upturn")
    pass_windows(st)
    assert st.players[0].source == 2
    assert [c["card"] for c in view(st, None).board["players"][0]["dead"]] == ["napiers-bones"]
    assert all(p["uid"] != u for p in view(st, None).board["pieces"])


def test_MEM_STL_02_stealth_incubation_no_surcharge_twice_the_turns():
    """MEM-STL-02: a card placed in Stealth into the Incubation Cell pays no surcharge and needs twice its
    source cost in turns; others see a face-down card there."""
    st = pos({"hand": ["roman-legionary"], "source": 2})
    act(st, 0, hand_ref(st, 0, "roman-legionary"), "incubate", "s0", "down")
    assert st.players[0].source == 2
    assert view(st, 0).private["incubation"]["needed"] == 6
    assert view(st, 0).private["incubation"]["card"] == "roman-legionary"
    inc = view(st, 1).board["players"][0]["incubation"]
    assert inc["face_down"] is True and inc["cards"] == [{"face_down": True}] and inc["needed"] is None
    assert "roman" not in _dump(view(st, 1)).lower()


# ---------------------------------------------------------------- Stealth off (MEM-STL-11)

def _paths(st, seat: int, ref: str) -> list[tuple[str, ...]]:
    """Every complete option path of ``seat``'s draft for ``ref``, explored on copies of the state."""
    out: list[tuple[str, ...]] = []

    def walk(state, path: tuple[str, ...]) -> None:
        for o in GAME.decision_for(state, seat).options:
            if o.id == "back":
                continue
            nxt = copy(state)
            GAME.apply(nxt, seat, o.id)
            if any(d.seat == seat and d.kind == "act" for d in GAME.decisions(nxt)):
                walk(nxt, path + (o.id,))
            else:
                out.append(path + (o.id,))

    start = copy(st)
    GAME.apply(start, seat, ref)
    walk(start, (ref,))
    return out


def _everything(stealth: bool):
    return pos({"hand": ["cro-magnon-hunter", "colosseum", "napiers-bones", "practical-rune", "pollux"],
                "source": 9, "pieces": ["castor", "roman-legionary"]}, stealth=stealth)


def test_MEM_STL_11_stealth_off_no_face_down_option_ever():
    """MEM-STL-11: with Stealth off no option plays, fuses or incubates anything face down (and a Rune cannot come
    into play unattached); with it on the same position offers them."""
    for stealth in (True, False):
        st = _everything(stealth)
        paths = [p for o in dec(st, 0).options if o.id[0] in "hp" for p in _paths(st, 0, o.id)]
        downs = [p for p in paths if "down" in p]
        if stealth:
            assert {p[1] for p in downs} >= {"play", "incubate", "fuse"}
        else:
            assert downs == []
            assert not any(p[1] == "play" and st.cards[int(p[0][1:])] == "practical-rune" for p in paths)
        assert view(st, None).board["stealth"] is stealth


def test_MEM_STL_11_table_option_turns_stealth_off_for_a_new_game():
    """MEM-STL-11: the table option ``{"stealth": False}`` of a new game: the board says so and the first
    player's opening hand offers no face-down play; by default Stealth is on."""
    decks = GAME.starter_decks()
    seats = [SeatSetup("Ana", decks[k]) for k in list(decks)[:1]] + [SeatSetup("Ben", decks[list(decks)[1]])]
    off = GAME.new_game(seats, {"stealth": False}, 5)
    on = GAME.new_game(seats, None, 5)
    assert view(off, None).board["stealth"] is False and view(on, None).board["stealth"] is True
    assert "Stealth is off" in " ".join(e.text for e in GAME.intro(off))
    for st, want in ((off, False), (on, True)):
        st.players[st.active].source = 9
        st.version += 1  # changed in place after the view above: the decisions cached for that version are stale
        seat = st.active
        hand = [o.id for o in dec(st, seat).options if o.id.startswith("h")]
        found = any("down" in p for ref in hand for p in _paths(st, seat, ref))
        assert found is want
