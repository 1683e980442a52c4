"""Memesis allied play (checklist section 16, MEM-ALY-01..05) with MEM-GAP-24 and team elimination (MEM-GAP-05),
through the game contract; plus ``tests/scenarios/memesis/team_2v2_won.yaml``. Seats 0 and 2 (Ana, Cid) are
allies against seats 1 and 3 (Ben, Dee): ``teams=[0, 1, 0, 1]``."""

from __future__ import annotations

from pathlib import Path

from games.core.scenario import run_file
from games.memesis import GAME
from games.memesis.rules.actions import thing_actions

from .kit import (
    FILLER,
    act,
    dead,
    dec,
    draft_options,
    end_turn,
    hand_ref,
    ids,
    offers,
    piece,
    player,
    pos,
    refused,
    settle,
    uid,
)

TEAMS = [0, 1, 0, 1]
BRAIN = ["lichen-mat"] * 4
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "memesis"


def team_pos(p0=None, p1=None, p2=None, p3=None, **spec):
    players = [dict(p or {}) for p in (p0, p1, p2, p3)]
    for p in players:
        p.setdefault("brain", list(BRAIN))
    return pos(*players, teams=TEAMS, **spec)


def test_MEM_ALY_01_MEM_GAP_24_grant_the_source_spent_on_a_main_cell_play():
    """MEM-ALY-01, MEM-GAP-24: no grant before a qualifying play; after Ana pays 3 source to play Castor into
    her Main Cell she may grant Cid exactly 3 source, once, from her own source."""
    st = team_pos({"source": 7, "hand": ["castor"]}, {}, {"source": 1}, {})
    assert not any(i.startswith("grant") for i in ids(st))
    act(st, 0, hand_ref(st, 0, "castor"), "play", "main", "up")
    settle(st, 0)
    d = dec(st)
    assert "grant:2" in ids(st) and not any(i in ids(st) for i in ("grant:1", "grant:3"))
    assert "3 source" in next(o.label for o in d.options if o.id == "grant:2")
    GAME.apply(st, 0, "grant:2")
    assert player(st, 0)["source"] == 1 and player(st, 2)["source"] == 4
    assert not any(i.startswith("grant") for i in ids(st))


def test_MEM_ALY_01_grant_after_a_play_into_the_allys_main_cell_not_into_defend():
    """MEM-ALY-01: a play into an ally's Main Cell qualifies; a play into one's Defend Cell does not."""
    st = team_pos({"source": 9, "hand": ["castor", "pollux"]}, {}, {}, {})
    act(st, 0, hand_ref(st, 0, "castor"), "play", "defend", "up")
    settle(st, 0)
    assert not any(i.startswith("grant") for i in ids(st))
    act(st, 0, hand_ref(st, 0, "pollux"), "play", "main@2", "up")
    settle(st, 0)
    assert "grant:2" in ids(st)


def test_MEM_ALY_01_grant_only_during_the_granters_own_turn():
    """MEM-ALY-01: a grant not taken in Ana's turn is not offered in her response window in Ben's turn, nor
    in her next turn (refused, state unchanged)."""
    st = team_pos({"source": 7, "hand": ["castor", "golden-ratio"]}, {"source": 3, "hand": ["oxpecker"]}, {}, {})
    act(st, 0, hand_ref(st, 0, "castor"), "play", "main", "up")
    settle(st, 0)
    assert "grant:2" in ids(st)
    end_turn(st)
    assert st.active == 1
    act(st, 1, hand_ref(st, 1, "oxpecker"), "play", "main", "up")
    d = dec(st)
    while d.seat != 0:  # the window goes round in seat order: Cid and Dee pass
        GAME.apply(st, d.seat, "pass")
        d = dec(st)
    assert d.kind == "window" and not any(i.startswith("grant") for i in ids(st))
    refused(st, 0, "grant:2")


def test_MEM_ALY_02_place_into_allys_main_defend_incubation_ammunition_up_or_down():
    """MEM-ALY-02: in her turn Ana may put a creature into Cid's Main or Defend Cell, face up or in Stealth,
    into Cid's Incubation or Ammunition Cell; a Cause card into Cid's Main Cell but not his Defend Cell."""
    st = team_pos({"source": 9, "hand": ["castor", "sacred-grove", "pollux"]}, {}, {}, {})
    play = draft_options(st, 0, hand_ref(st, 0, "castor"), "play")
    assert {"main@2", "defend@2"} <= set(play)
    assert set(draft_options(st, 0, hand_ref(st, 0, "castor"), "play", "defend@2")) >= {"up", "down"}
    assert offers(st, 0, hand_ref(st, 0, "castor"), "incubate", "s2")
    assert offers(st, 0, hand_ref(st, 0, "castor"), "ammo", "s2")
    cause = draft_options(st, 0, hand_ref(st, 0, "sacred-grove"), "play")
    assert "main@2" in cause and "defend@2" not in cause
    act(st, 0, hand_ref(st, 0, "castor"), "play", "defend@2", "down")
    settle(st, 0)
    u = uid(st, "castor")
    p = piece(st, u)
    assert p["controller"] == 2 and p["cell"] == "defend" and p["face_down"]
    assert [f["card"] for f in GAME.view(st, 0).private["face_down"]] == ["castor"]
    assert GAME.view(st, 2).private["face_down"] == []  # MEM-GAP-24: only its owner knows it
    act(st, 0, hand_ref(st, 0, "pollux"), "ammo", "s2")
    assert player(st, 2)["ammo"] == 1


def test_MEM_GAP_24_in_another_players_turn_only_ammunition_goes_to_an_ally():
    """MEM-GAP-24: in a response window Ana may still put a card into Cid's Ammunition Cell, but plays no
    creature into Cid's Cells and incubates nothing."""
    st = team_pos({"source": 3, "hand": ["castor", "golden-ratio"], "pieces": ["oxpecker"]},
                  {"source": 3, "hand": ["oxpecker"]}, {}, {}, active=1)
    act(st, 1, hand_ref(st, 1, "oxpecker"), "play", "main", "up")
    d = dec(st)
    while d.seat != 0:
        GAME.apply(st, d.seat, "pass")
        d = dec(st)
    assert d.kind == "window"
    opts = draft_options(st, 0, hand_ref(st, 0, "castor"))
    assert "ammo" in opts and "play" not in opts and "incubate" not in opts
    assert offers(st, 0, hand_ref(st, 0, "castor"), "ammo", "s2")


def test_MEM_ALY_03_never_into_an_allys_attack_cell():
    """MEM-ALY-03: Ana's creature may go into her own Attack Cell against Ben or Dee, never into Cid's, and
    never attacking Cid."""
    st = team_pos({"source": 9, "hand": ["castor"], "pieces": ["pollux"]}, {}, {}, {})
    play = draft_options(st, 0, hand_ref(st, 0, "castor"), "play")
    assert {"attack:s1", "attack:s3"} <= set(play)
    assert not any(o.startswith("attack") and ("@" in o or o.endswith("s2")) for o in play)
    moves = draft_options(st, 0, f"p{uid(st, 'pollux')}", "move")
    assert "attack:s2" not in moves and {"attack:s1", "attack:s3"} <= set(moves)


def test_MEM_ALY_04_placed_cards_attack_only_after_incubating_with_the_ally():
    """MEM-ALY-04: Castor placed by Ana into Cid's Main Cell can never be moved to attack by Cid; Oxpecker that
    Ana incubated in Cid's Incubation Cell hatches in Cid's turn and attacks from his next turn."""
    st = team_pos({"source": 9, "hand": ["castor", "oxpecker"]}, {}, {}, {})
    act(st, 0, hand_ref(st, 0, "castor"), "play", "main@2", "up")
    settle(st, 0)
    act(st, 0, hand_ref(st, 0, "oxpecker"), "incubate", "s2", "up")
    settle(st, 0)
    end_turn(st)  # Ben
    end_turn(st)  # Cid: Oxpecker hatches now
    assert st.active == 2
    ox = uid(st, "oxpecker")
    assert piece(st, ox)["cell"] == "main" and piece(st, ox)["controller"] == 2
    assert not any(o.startswith("attack") for o in draft_options(st, 2, f"p{ox}", "move"))  # hatched this turn
    castor = uid(st, "castor")
    assert not any(o.startswith("attack") for o in draft_options(st, 2, f"p{castor}", "move"))
    for _ in range(4):
        end_turn(st)
    assert st.active == 2
    assert {"attack:s1", "attack:s3"} <= set(draft_options(st, 2, f"p{ox}", "move"))
    assert not any(o.startswith("attack") for o in draft_options(st, 2, f"p{castor}", "move"))


def test_MEM_ALY_05_effect_at_an_ally_destroys_no_cause_at_an_opponent_it_does():
    """MEM-ALY-05 (with MEM-CE-01): Holy Relic played at Cid leaves his Sacred Grove; played at Ben it sends
    Ben's Sacred Grove to his Dead Cell."""
    st = team_pos({"source": 9, "hand": ["holy-relic", "holy-relic"]}, {"pieces": ["sacred-grove"]},
                  {"pieces": ["sacred-grove"]}, {})
    relics = [f"h{c}" for c in st.players[0].hand]
    act(st, 0, relics[0], "play", "s2", "plain")
    settle(st, 0)
    assert player(st, 2)["life"] == 23 and dead(st, 2) == []
    assert [p["controller"] for p in GAME.view(st, None).board["pieces"]] == [1, 2]
    act(st, 0, relics[1], "play", "s1", "plain")
    settle(st, 0)
    assert dead(st, 1) == ["sacred-grove"]
    assert [p["controller"] for p in GAME.view(st, None).board["pieces"]] == [2]


def test_MEM_ALY_05_runes_on_ally_cards():
    """MEM-ALY-05 (MEM-RUN-06): Ana may place her Spiritual Rune on Cid's Scarab; it stays Ana's."""
    st = team_pos({"source": 2, "hand": ["spiritual-rune"]}, {}, {"pieces": ["scarab-of-khepri"]}, {})
    u = uid(st, "scarab-of-khepri")
    act(st, 0, hand_ref(st, 0, "spiritual-rune"), "rune", f"p{u}")
    settle(st, 0)
    assert piece(st, u)["rune"]["owner"] == 0 and piece(st, u)["controller"] == 2


def test_MEM_GAP_05_a_player_out_the_team_plays_on_until_all_are_out():
    """MEM-GAP-05: Ben at 0 Life is out at once: his cards go to his Dead Cell, his Rune on Ana's card too;
    the game goes on while Dee is in; when Dee is out too, Ana and Cid both win."""
    st = team_pos({"source": 9, "hand": ["catapult-stone", "catapult-stone"],
                   "pieces": ["scarab-of-khepri"]},
                  {"life": 2, "hand": ["castor", "spiritual-rune"], "pieces": ["pollux"]}, {}, {"life": 2})
    rune = st.players[1].hand.pop()  # set-up: Ben's Spiritual Rune upgrades Ana's Scarab
    st.pieces[0].rune = rune
    rune_card = st.cards[rune]
    stones = [f"h{c}" for c in st.players[0].hand]
    act(st, 0, stones[0], "play", "s1")
    settle(st, 0)
    b = player(st, 1)
    assert b["out"] and b["hand"] == 0 and b["brain"] == 0
    assert sorted(dead(st, 1)) == sorted(["castor", "pollux", rune_card] + BRAIN)
    assert piece(st, uid(st, "scarab-of-khepri"))["rune"] is None
    assert GAME.result(st) is None and GAME.out_seats(st) == frozenset({1})
    act(st, 0, stones[1], "play", "s3")
    r = GAME.result(st)
    assert r is not None and not r.draw and set(r.winners) == {0, 2} and set(r.losers) == {1, 3}


def test_MEM_ALY_scenario_team_2v2_won():
    """MEM-GAP-05: the scenario file of a 2v2 game won by a team lists both members as winners."""
    report = run_file(SCENARIOS / "team_2v2_won.yaml", lambda _id: GAME)
    assert report.passed, report.message


# ---------------------------------------------------------------- a card is always its owner's


def until(st, seat: int, kind: str, limit: int = 100) -> None:
    """Answer every other decision with its timeout default until ``seat``'s decision of ``kind`` is open."""
    for _ in range(limit):
        d = dec(st)
        if (d.seat, d.kind) == (seat, kind):
            return
        GAME.apply(st, d.seat, GAME.timeout_choice(st, d))
    raise AssertionError(f"no {kind} decision for seat {seat}")


def _ana_card_in_cids_hand(card: str, **ben):
    """Ana puts ``card`` on Cid's Ammunition Cell (MEM-ALY-02); at Cid's turn Cid (who also holds a filler)
    takes it into hand (step 7)."""
    st = team_pos({"hand": [card]}, ben, {"hand": [FILLER]}, {})
    act(st, 0, hand_ref(st, 0, card), "ammo", "s2")
    GAME.apply(st, 0, "end")
    until(st, 2, "ammo_take")
    GAME.apply(st, 2, "take")
    assert card in [h["card"] for h in GAME.view(st, 2).private["hand"]]
    return st


def test_MEM_GAP_27_MEM_CON_01_an_allys_card_from_ammunition_is_not_consumed_and_goes_to_its_owners_dead_cell():
    """MEM-CON-01, MEM-GAP-27, MEM-CE-08: Napier's Bones, Ana's, put into Cid's Ammunition and taken
    into Cid's hand: Cid may not consume it (not his own); he plays it and it goes to Ana's Dead Cell."""
    st = _ana_card_in_cids_hand("napiers-bones")
    until(st, 2, "main")
    ref = hand_ref(st, 2, "napiers-bones")
    assert "consume" not in draft_options(st, 2, ref)
    refused(st, 2, "h999")
    act(st, 2, ref, "play")
    assert dead(st, 0) == ["napiers-bones"] and dead(st, 2) == []


def test_MEM_GAP_27_an_allys_card_discarded_or_left_at_elimination_goes_to_its_owners_dead_cell():
    """MEM-GAP-27, MEM-GAP-05: Cid holds Ana's Roman Legionary (from Ammunition); in Cid's turn Ben
    sources his Pilgrim and plays Propaganda Leaflets, and Cid discards the Legionary: it goes to Ana's Dead
    Cell. Again with Cid conceding while Ana's cards are in his Ammunition: they go to Ana's Dead Cell, his own
    cards (hand and Brain) to his."""
    st = _ana_card_in_cids_hand("roman-legionary", hand=["propaganda-leaflets"], pieces=["pilgrim-of-the-way"])
    until(st, 2, "main")
    act(st, 2, hand_ref(st, 2, FILLER), "play", "main", "up")
    until(st, 1, "window")
    act(st, 1, f"p{uid(st, 'pilgrim-of-the-way', 1)}", "source")
    until(st, 1, "window")
    act(st, 1, hand_ref(st, 1, "propaganda-leaflets"), "play")
    until(st, 2, "discard")
    GAME.apply(st, 2, hand_ref(st, 2, "roman-legionary"))
    assert dead(st, 0) == ["roman-legionary"] and dead(st, 2) == []

    st = team_pos({"hand": ["roman-legionary", "castor"]}, {}, {"hand": ["pollux"]}, {})
    act(st, 0, hand_ref(st, 0, "roman-legionary"), "ammo", "s2")
    act(st, 0, hand_ref(st, 0, "castor"), "ammo", "s2")
    GAME.concede(st, 2)
    assert sorted(dead(st, 0)) == ["castor", "roman-legionary"] and set(dead(st, 2)) == {"pollux", "lichen-mat"}


def _ana_rune_hatches_with_cid(**ana):
    """Ana incubates her Practical Rune in Cid's Incubation Cell (MEM-ALY-02, MEM-RUN-11); it hatches at the
    start of Cid's turn."""
    st = team_pos({"hand": ["practical-rune"], **ana}, {}, {}, {})
    act(st, 0, hand_ref(st, 0, "practical-rune"), "incubate", "s2", "up")
    assert player(st, 2)["incubation"] is not None
    GAME.apply(st, 0, "end")
    for _ in range(100):
        d = dec(st)
        if d.kind not in ("window", "main", "block", "intercept", "ammo_take") or d.seat == 2:
            return st
        GAME.apply(st, d.seat, GAME.timeout_choice(st, d) if d.kind != "main" else "end")
    raise AssertionError("Cid's turn did not come")


def test_MEM_RUN_02_MEM_RUN_11_a_rune_hatching_in_an_allys_cell_is_placed_by_its_owner():
    """MEM-RUN-02, MEM-RUN-11, MEM-ALY-02 (MEM-GAP-27, "the owner of the Rune card is the only player who may
    control his Rune card"): Ana's Practical Rune incubated with Cid hatches at Cid's turn; the placement is
    Ana's to choose, not Cid's; until then it stays in Cid's Incubation Cell (in exactly one place, the saved
    game included), and Ana places it for free on her Cro-Magnon Hunter."""
    st = _ana_rune_hatches_with_cid(pieces=["cro-magnon-hunter"])
    d = dec(st)
    assert (d.seat, d.kind) == (0, "attach") and st.active == 2
    assert player(st, 2)["incubation"] is not None  # still in the Cell while Ana chooses
    back = GAME.from_json(GAME.to_json(st))
    assert GAME.to_json(back) == GAME.to_json(st) and GAME.decisions(back) == GAME.decisions(st)
    hunter = uid(st, "cro-magnon-hunter")
    refused(st, 2, f"p{hunter}")
    source = player(st, 0)["source"]
    GAME.apply(st, 0, f"p{hunter}")
    assert piece(st, hunter)["rune"]["card"] == "practical-rune" and piece(st, hunter)["rune"]["owner"] == 0
    assert player(st, 2)["incubation"] is None and player(st, 0)["source"] == source


def test_MEM_RUN_03_a_rune_hatching_in_an_allys_cell_with_no_host_goes_to_its_owners_dead_cell():
    """MEM-RUN-03, MEM-RUN-06: Ana's Practical Rune hatches in Cid's Incubation Cell with no card
    bearing its marking: it goes to Ana's Dead Cell, not Cid's."""
    st = _ana_rune_hatches_with_cid()
    assert dead(st, 0) == ["practical-rune"] and dead(st, 2) == []
    assert player(st, 2)["incubation"] is None


def test_MEM_RUN_02_MEM_STL_07_a_face_down_rune_hatching_in_an_allys_cell_stays_face_down_for_its_owner():
    """MEM-RUN-02, MEM-RUN-11, MEM-INC-06, MEM-STL-07, MEM-GAP-20: Ana incubates her Practical
    Rune face down in Cid's Incubation Cell; when it matures it comes into Cid's Main Cell still face down and
    unattached, as any face-down card would, and nobody is asked about it. Cid may do nothing with it; Ana, its
    owner, attaches it face down to her Cro-Magnon Hunter for free."""
    st = team_pos({"hand": ["practical-rune"], "pieces": ["cro-magnon-hunter"], "source": 3}, {}, {}, {})
    act(st, 0, hand_ref(st, 0, "practical-rune"), "incubate", "s2", "down")
    rune = player(st, 2)["incubation"]["uid"]
    for _ in range(300):
        if piece(st, rune) and piece(st, rune)["cell"] == "main":
            break
        d = dec(st)
        assert d.kind in ("window", "main", "block", "intercept", "ammo_take"), d.kind
        GAME.apply(st, d.seat, GAME.timeout_choice(st, d) if d.kind != "main" else "end")
    else:
        raise AssertionError("the Rune did not hatch")
    assert (piece(st, rune)["controller"], piece(st, rune)["face_down"]) == (2, True)
    assert thing_actions(st, 2, f"p{rune}", False) == thing_actions(st, 2, f"p{rune}", True) == []
    while dec(st).seat != 0:
        d = dec(st)
        GAME.apply(st, d.seat, GAME.timeout_choice(st, d) if d.kind != "main" else "end")
    hunter = uid(st, "cro-magnon-hunter")
    source = player(st, 0)["source"]
    go_attach = act(st, 0, f"p{rune}", "attach", f"p{hunter}")
    assert f"Ana attaches a face-down Rune to #{hunter} Cro-Magnon Hunter." in " | ".join(e.text for e in go_attach)
    assert piece(st, hunter)["rune"]["owner"] == 0 and player(st, 0)["source"] == source
