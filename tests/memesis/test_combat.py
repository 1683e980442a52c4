"""Memesis creatures, attacking and defending, regeneration and Armor (checklist sections 7-9: MEM-CRE-*,
MEM-CBT-*, MEM-REG-*, MEM-ARM-*; gap decisions MEM-GAP-06/11/12/13/14), through the game contract.

Stats used (``data/memesis/cards.yaml``): Enkidu the Wild and Thunderbird 4/4, Jackal of Anubis and Castor 3/3,
Algorist of Baghdad 3/4, Pilgrim of the Way 2/2, Viking Raider 4/2, Cro-Magnon Hunter 3/2, Roman Legionary
3/3 Armor 1, Stoic Sentinel 1/4 Armor 1, Clockwork Owl 2/2 Armor 1, Temple Guardian Lion 2/4 Armor 2, Great
Wall Garrison 2/8 Armor 3, Ship of Theseus 3/4.
"""

from __future__ import annotations

from games.core.contract import RulesError
from games.memesis import GAME

from .kit import (
    blocks,
    board,
    dead,
    dec,
    draft_options,
    end_turn,
    go,
    hand_ref,
    life,
    option_id,
    pass_windows,
    piece,
    play,
    pos,
    public,
    refused,
    stats,
    uid,
)


def attacker(card: str, at: int = 1, **kw) -> dict:
    return {"card": card, "cell": "attack", "target": at, **kw}


def defender(card: str, **kw) -> dict:
    return {"card": card, "cell": "defend", **kw}


# ---------------------------------------------------------------- 7. creatures

def test_MEM_CRE_01_attack_life_armor_and_inherent_ability_shown_and_usable():
    """MEM-CRE-01, MEM-ARM-01: a creature shows its printed Attack Power, Life and Armor; an inherent ability
    (Abacus Sage's Tally: 2 source, draw 1) is usable with no Rune and no Fusion."""
    st = pos({"source": 2, "pieces": ["abacus-sage", "clockwork-owl", "thunderbird"]}, {})
    sage, owl, bird = (uid(st, c) for c in ("abacus-sage", "clockwork-owl", "thunderbird"))
    assert (piece(st, sage)["attack"], piece(st, sage)["life"], piece(st, sage)["armor"]) == (1, 2, 0)
    assert (piece(st, owl)["attack"], piece(st, owl)["life"], piece(st, owl)["armor"]) == (2, 2, 1)
    assert (piece(st, bird)["attack"], piece(st, bird)["life"], piece(st, bird)["armor"]) == (4, 4, 0)
    assert piece(st, sage)["rune"] is None and piece(st, sage)["fusion"] is None
    assert "use:0" in draft_options(st, 0, f"p{sage}")
    hand_before = board(st)["players"][0]["hand"]
    ev = go(st, 0, f"p{sage}", "use:0")
    assert "Tally" in public(ev)
    assert board(st)["players"][0]["hand"] == hand_before + 1
    assert board(st)["players"][0]["source"] == 0


def test_MEM_CRE_02_creature_cards_come_into_play_only_in_their_owners_turn():
    """MEM-CRE-02: in a window of Ana's turn Ben's creature card (Flint Knapper, cost 1; he has 3 source) offers
    no "play" (only Ammunition/consumption), and choosing "play" there is refused; in his own turn it can be
    played."""
    st = pos({"source": 2, "hand": ["catapult-stone"]},
             {"source": 3, "hand": ["flint-knapper", "fire-arrow"]})
    play(st, 0, "catapult-stone", "s1")  # at Ben: a window for Ben follows
    d = dec(st, 1)
    assert d.kind == "window"
    knapper = hand_ref(st, 1, "flint-knapper")
    assert "play" not in draft_options(st, 1, knapper)
    go(st, 1, knapper)
    refused(st, 1, "play")
    GAME.apply(st, 1, "back")
    pass_windows(st)
    end_turn(st)
    assert board(st)["active"] == 1
    assert "play" in draft_options(st, 1, hand_ref(st, 1, "flint-knapper"))


def test_MEM_CRE_03_creature_at_zero_or_less_life_goes_to_its_owners_dead_cell_at_once():
    """MEM-CRE-03: Occam's Razor (3 damage) on a 3/3 leaves it at 0 Life, on a 2/2 at -1: both are dead and
    go to their owner's Dead Cell at once; a 3/4 at 1 Life stays."""
    st = pos({"source": 6, "hand": ["occams-razor"] * 3},
             {"pieces": ["jackal-of-anubis", "pilgrim-of-the-way", "ship-of-theseus"]})
    jackal, pilgrim, ship = (uid(st, c) for c in ("jackal-of-anubis", "pilgrim-of-the-way", "ship-of-theseus"))
    for u in (jackal, pilgrim, ship):
        play(st, 0, "occams-razor", f"p{u}")
        pass_windows(st)
    assert piece(st, jackal) is None and piece(st, pilgrim) is None
    assert dead(st, 1) == ["jackal-of-anubis", "pilgrim-of-the-way"]
    assert stats(st, ship) == (3, 1)
    assert dead(st, 0) == ["occams-razor"] * 3


# ---------------------------------------------------------------- 8. attacking and defending

def test_MEM_CBT_01_attack_damage_only_in_the_combat_step_of_the_owners_turn_and_once():
    """MEM-CBT-01, MEM-GAP-11: moving a creature into the Attack Cell deals nothing; its damage comes in the
    combat step ("end") of its owner's turn, once: it does not attack again in Ben's turn, though it is still in
    the Attack Cell."""
    st = pos({"pieces": ["enkidu"]}, {})
    enk = uid(st, "enkidu")
    go(st, 0, f"p{enk}", "move", "attack:s1")
    assert piece(st, enk)["cell"] == "attack" and life(st, 1) == 20
    assert option_id(st, "Combat") == "end"
    end_turn(st)
    assert life(st, 1) == 16
    assert board(st)["active"] == 1 and piece(st, enk)["cell"] == "attack"
    end_turn(st)
    assert life(st, 1) == 16
    assert board(st)["active"] == 0


def test_MEM_CBT_01_a_defender_moves_into_defend_at_any_time_but_never_attacks_in_anothers_turn():
    """MEM-CBT-01, MEM-GAP-10: in a window of Ana's turn (she played an Effect at him) Ben may move his creature,
    and the only move offered is into the Defend Cell: "move" carries it out at once, where in his own turn it
    asks for a destination (Defend or an Attack on Ana)."""
    st = pos({"source": 1, "hand": ["catapult-stone"]}, {"source": 2, "hand": ["fire-arrow"],
                                                          "pieces": ["jackal-of-anubis"]})
    jackal = uid(st, "jackal-of-anubis")
    play(st, 0, "catapult-stone", "s1")
    d = dec(st, 1)  # the Jackal could move into Defend to intercept the damage (MEM-TRN-03); Ben takes it
    assert d.kind == "intercept" and {o.id for o in d.options} == {"absorb", f"p{jackal}"}
    go(st, 1, "absorb")
    assert life(st, 1) == 18 and piece(st, jackal)["cell"] == "main"
    assert dec(st, 1).kind == "window"
    ev = go(st, 1, f"p{jackal}", "move")
    assert "into the Defend Cell" in public(ev)
    assert piece(st, jackal)["cell"] == "defend" and piece(st, jackal)["target"] is None
    assert dec(st).kind != "act"
    pass_windows(st)
    end_turn(st)
    assert board(st)["active"] == 1
    assert "attack:s0" in draft_options(st, 1, f"p{jackal}", "move")


def test_MEM_CBT_02_during_an_attack_the_defender_may_move_into_defend_not_attack_and_then_intercept():
    """MEM-CBT-02, MEM-CBT-05: Ana's attack is declared; Ben's window offers his Main creature one move, into
    the Defend Cell (never into Attack: "move" needs no destination choice); moved there, it is asked to
    intercept."""
    st = pos({"pieces": [attacker("jackal-of-anubis")]}, {"pieces": ["enkidu"]})
    jackal, enk = uid(st, "jackal-of-anubis"), uid(st, "enkidu")
    ev = go(st, 0, "end")
    assert "attacks" in public(ev)
    d = dec(st, 1)
    assert d.kind == "window" and "declared an attack" in d.prompt
    ev = go(st, 1, f"p{enk}", "move")  # the only move offered: into Defend, carried out at once
    assert "into the Defend Cell" in public(ev) and piece(st, enk)["cell"] == "defend"
    pass_windows(st)
    d = dec(st, 1)
    assert d.kind == "block" and f"p{jackal}" in [o.id for o in d.options]
    go(st, 1, f"p{jackal}")
    pass_windows(st)
    assert piece(st, jackal) is None and stats(st, enk) == (4, 4)  # Ben's turn: regenerated (MEM-REG-01)
    assert life(st, 1) == 20


def test_MEM_CBT_03_sourced_creatures_neither_attack_nor_defend():
    """MEM-CBT-03, MEM-CBT-11: Ana's sourced creature in the Attack Cell does not attack ("End your turn", no
    combat); Ben's sourced creature in the Defend Cell is never asked to intercept, so the attack hits Ben."""
    st = pos({"pieces": [attacker("enkidu", sourced=True), attacker("jackal-of-anubis")]},
             {"pieces": [defender("thunderbird", sourced=True)]})
    ev = go(st, 0, "end")
    assert "Enkidu" not in public(ev) and "Jackal" in public(ev)
    assert blocks(st, {}) == 0
    pass_windows(st)
    assert life(st, 1) == 17

    st = pos({"pieces": [attacker("enkidu", sourced=True)]}, {})
    assert [o.label for o in dec(st).options if o.id == "end"] == ["End your turn"]
    end_turn(st)
    assert life(st, 1) == 20


def test_MEM_CBT_04_stealth_creature_moves_into_attack_face_down_but_does_not_attack_or_defend():
    """MEM-CBT-04: a face-down creature may be moved into the Attack Cell without being upturned, yet it deals
    no damage while face down; a face-down creature in Ben's Defend Cell is not asked to intercept."""
    st = pos({"pieces": [{"card": "enkidu", "down": True}, attacker("jackal-of-anubis")]},
             {"pieces": [defender("thunderbird", down=True)]})
    hidden = uid(st, "enkidu")
    moves = draft_options(st, 0, f"p{hidden}", "move")
    assert "attack:s1" in moves and "defend" in moves
    go(st, 0, f"p{hidden}", "move", "attack:s1")
    assert piece(st, hidden)["cell"] == "attack" and piece(st, hidden)["face_down"]
    ev = go(st, 0, "end")
    assert "face-down" not in public(ev).split("attacks:")[1]
    assert blocks(st, {}) == 0
    pass_windows(st)
    assert life(st, 1) == 17  # only the face-up Jackal (3) hit


def test_MEM_CBT_05_the_defending_player_chooses_which_attacker_each_creature_intercepts():
    """MEM-CBT-05: the block decision is Ben's (Ana cannot answer it); he sends his 4/4 at the 3/3 rather than
    the 4/4, and the outcome follows his choice."""
    st = pos({"pieces": [attacker("enkidu"), attacker("jackal-of-anubis")]},
             {"pieces": [defender("thunderbird")]})
    enk, jackal, bird = (uid(st, c) for c in ("enkidu", "jackal-of-anubis", "thunderbird"))
    GAME.apply(st, 0, "end")
    pass_windows(st)  # the window after the attack is declared (MEM-GAP-28)
    d = dec(st, 1)
    assert d.kind == "block" and {o.id for o in d.options} == {f"p{enk}", f"p{jackal}", "none"}
    err = refused(st, 0, f"p{jackal}")
    assert isinstance(err, RulesError)
    go(st, 1, f"p{jackal}")
    pass_windows(st)
    assert piece(st, jackal) is None and piece(st, enk) is not None
    assert life(st, 1) == 16  # Enkidu unblocked
    assert piece(st, bird) is not None


def test_MEM_CBT_06_attacker_and_interceptor_deal_damage_simultaneously():
    """MEM-CBT-06: a 4/2 blocked by a 3/2: each would kill the other first, and both die (damage is
    simultaneous)."""
    st = pos({"pieces": [attacker("viking-raider")]}, {"pieces": [defender("cro-magnon-hunter")]})
    viking, hunter = uid(st, "viking-raider"), uid(st, "cro-magnon-hunter")
    GAME.apply(st, 0, "end")
    blocks(st, {hunter: viking})
    pass_windows(st)
    assert piece(st, viking) is None and piece(st, hunter) is None
    assert dead(st, 0) == ["viking-raider"] and dead(st, 1) == ["cro-magnon-hunter"]


def test_MEM_CBT_07_a_4_4_blocking_a_4_4_both_die():
    """MEM-CBT-07 (scenario 1): a 4/4 (Thunderbird) blocks a 4/4 (Enkidu): both die and go to the Dead Cell."""
    st = pos({"pieces": [attacker("enkidu")]}, {"pieces": [defender("thunderbird")]})
    enk, bird = uid(st, "enkidu"), uid(st, "thunderbird")
    assert stats(st, enk) == (4, 4) and stats(st, bird) == (4, 4)
    GAME.apply(st, 0, "end")
    blocks(st, {bird: enk})
    pass_windows(st)
    assert piece(st, enk) is None and piece(st, bird) is None
    assert dead(st, 0) == ["enkidu"] and dead(st, 1) == ["thunderbird"]
    assert life(st, 1) == 20


def test_MEM_CBT_07_a_4_4_blocking_a_3_3_is_4_1_until_its_owners_next_turn():
    """MEM-CBT-07 (scenario 2), MEM-REG-01: Cid's 4/4 (Enkidu) blocks Ana's 3/3 (Jackal): only the 3/3 dies;
    the blocker is 4/1 through the rest of Ana's turn and all of Ben's, and 4/4 again at Cid's next turn."""
    st = pos({"pieces": [attacker("jackal-of-anubis", at=2)]}, {}, {"pieces": [defender("enkidu")]})
    jackal, enk = uid(st, "jackal-of-anubis"), uid(st, "enkidu")
    GAME.apply(st, 0, "end")
    blocks(st, {enk: jackal})
    pass_windows(st)
    assert piece(st, jackal) is None and dead(st, 0) == ["jackal-of-anubis"]
    assert board(st)["active"] == 1
    assert stats(st, enk) == (4, 1)
    end_turn(st)
    assert board(st)["active"] == 2
    assert stats(st, enk) == (4, 4)


def _five_eight() -> dict:
    """A 5/8 attacker. No single pool card is 5/8 with no Armor, so it is the Sym/Bio/Tic True Fusion of Utopian
    Dreamer (1/3, Sym), Coral Reef Polyp (1/3, Bio) and Möbius Serpent (3/2, Tic): its Attack and Life are the
    sums (MEM-FUS-10), exactly 5/8, with no fusion bonus and no Armor."""
    return {"cards": ["utopian-dreamer", "coral-polyp", "mobius-serpent"], "cell": "attack", "target": 1}


def test_MEM_CBT_08_three_3_4_intercepting_a_5_8_all_die():
    """MEM-CBT-08, MEM-GAP-12 (scenario): three 3/4 (Algorist of Baghdad) intercept a 5/8: their Attacks add up,
    the attacker takes 9 and dies; it deals its full 5 to each of them (Lives do not add up) and all three die;
    Ben takes nothing."""
    st = pos({"pieces": [_five_eight()]}, {"pieces": [defender("algorist-of-baghdad")] * 3})
    big = uid(st, "utopian-dreamer")
    guards = [pc.uid for pc in st.pieces if pc.controller == 1]
    assert stats(st, big) == (5, 8) and piece(st, big)["armor"] == 0
    assert all(stats(st, g) == (3, 4) for g in guards)
    GAME.apply(st, 0, "end")
    assert blocks(st, {g: big for g in guards}) == 3
    pass_windows(st)
    assert piece(st, big) is None
    assert sorted(dead(st, 0)) == ["coral-polyp", "mobius-serpent", "utopian-dreamer"]
    assert all(piece(st, g) is None for g in guards)
    assert dead(st, 1) == ["algorist-of-baghdad"] * 3
    assert life(st, 1) == 20


def test_MEM_CBT_08_interceptors_attacks_add_up_their_lives_do_not():
    """MEM-CBT-08, MEM-GAP-12: two 3/4 intercepting the 5/8 deal it 6 (it survives at 5/2, in a 3-seat game so
    the rest of the round can be seen) while each takes the full 5 and dies."""
    five_eight = {**_five_eight(), "target": 2}
    st = pos({"pieces": [five_eight]}, {}, {"pieces": [defender("algorist-of-baghdad")] * 2})
    big = uid(st, "utopian-dreamer")
    guards = [pc.uid for pc in st.pieces if pc.controller == 2]
    GAME.apply(st, 0, "end")
    blocks(st, {g: big for g in guards})
    pass_windows(st)
    assert stats(st, big) == (5, 2)
    assert all(piece(st, g) is None for g in guards)
    assert life(st, 2) == 20


def test_MEM_CBT_09_many_interceptors_against_many_attackers():
    """MEM-CBT-09, MEM-GAP-12: two 2/2 intercept Ana's 4/4 and a 3/4 intercepts her 3/3: each Defend creature
    is asked once and blocks one attacker; the 4/4 takes 2+2 and dies, each 2/2 takes 4 and dies, the 3/3 dies
    and the 3/4 survives at 3/1."""
    st = pos({"pieces": [attacker("enkidu"), attacker("jackal-of-anubis")]},
             {"pieces": [defender("pilgrim-of-the-way"), defender("pilgrim-of-the-way"),
                         defender("algorist-of-baghdad")]})
    enk, jackal, alg = uid(st, "enkidu"), uid(st, "jackal-of-anubis"), uid(st, "algorist-of-baghdad")
    p1, p2 = (pc.uid for pc in st.pieces if st.cards[pc.cards[0]] == "pilgrim-of-the-way")
    GAME.apply(st, 0, "end")
    assert blocks(st, {p1: enk, p2: enk, alg: jackal}) == 3
    pass_windows(st)
    assert piece(st, enk) is None and piece(st, jackal) is None
    assert piece(st, p1) is None and piece(st, p2) is None
    assert piece(st, alg) is not None
    assert life(st, 1) == 20


def test_MEM_CBT_09_one_interceptor_blocks_only_one_attacker():
    """MEM-CBT-09, MEM-GAP-12: a single Defend creature facing two attackers is asked once and blocks one; the
    other attacker's damage reaches Ben."""
    st = pos({"pieces": [attacker("enkidu"), attacker("jackal-of-anubis")]},
             {"pieces": [defender("great-wall-garrison")]})
    enk, wall = uid(st, "enkidu"), uid(st, "great-wall-garrison")
    GAME.apply(st, 0, "end")
    assert blocks(st, {wall: enk}) == 1
    pass_windows(st)
    assert life(st, 1) == 17


def test_MEM_CBT_10_unintercepted_damage_hits_the_attacked_players_life_blocked_damage_does_not():
    """MEM-CBT-10, MEM-GAP-12: Enkidu (4) is blocked by a 2/2 — its excess does not reach Ben — while the
    unblocked Jackal deals its 3 to Ben's Life."""
    st = pos({"pieces": [attacker("enkidu"), attacker("jackal-of-anubis")]},
             {"pieces": [defender("pilgrim-of-the-way")]})
    enk, pil = uid(st, "enkidu"), uid(st, "pilgrim-of-the-way")
    GAME.apply(st, 0, "end")
    blocks(st, {pil: enk})
    pass_windows(st)
    assert life(st, 1) == 17
    assert piece(st, pil) is None


def test_MEM_CBT_11_only_attack_cell_creatures_attack_and_only_defend_cell_creatures_defend():
    """MEM-CBT-11: Ana's creature left in her Main Cell does not attack; Ben's creature left in his Main Cell
    (he passes the window instead of moving it) is not asked to intercept."""
    st = pos({"pieces": ["thunderbird", attacker("jackal-of-anubis")]}, {"pieces": ["enkidu"]})
    ev = go(st, 0, "end")
    assert "Thunderbird" not in public(ev)
    assert dec(st, 1).kind == "window"
    go(st, 1, "pass")
    assert blocks(st, {}) == 0
    pass_windows(st)
    assert life(st, 1) == 17


def test_MEM_GAP_06_each_attacker_chooses_its_opposing_player():
    """MEM-GAP-06: with three players, moving into the Attack Cell chooses the attacked player; Ana's two
    attackers attack Ben and Cid; in 1v1 the only choice is the one opponent."""
    st = pos({"pieces": ["enkidu", "jackal-of-anubis"]}, {}, {})
    enk, jackal = uid(st, "enkidu"), uid(st, "jackal-of-anubis")
    moves = draft_options(st, 0, f"p{enk}", "move")
    assert {"attack:s1", "attack:s2"} <= set(moves)
    go(st, 0, f"p{enk}", "move", "attack:s1")
    go(st, 0, f"p{jackal}", "move", "attack:s2")
    assert piece(st, enk)["target"] == 1 and piece(st, jackal)["target"] == 2
    end_turn(st)
    assert (life(st, 1), life(st, 2)) == (16, 17)

    st = pos({"pieces": ["enkidu"]}, {})
    moves = draft_options(st, 0, f"p{uid(st, 'enkidu')}", "move")
    assert [m for m in moves if m.startswith("attack")] == ["attack:s1"]


def test_MEM_GAP_12_effect_damage_at_a_player_intercepted_by_one_defend_creature_in_full():
    """MEM-GAP-12: Infinite Series' 3 damage at Ben may be intercepted by one of his Defend creatures, which takes
    all of it (his 2/2 dies) while Ben's Life is untouched."""
    st = pos({"source": 3, "hand": ["infinite-series"]},
             {"pieces": [defender("pilgrim-of-the-way"), defender("ship-of-theseus")]})
    pil = uid(st, "pilgrim-of-the-way")
    play(st, 0, "infinite-series", "s1")
    d = dec(st, 1)
    assert d.kind == "intercept" and "absorb" in [o.id for o in d.options]
    go(st, 1, f"p{pil}")
    pass_windows(st)
    assert piece(st, pil) is None and life(st, 1) == 20


# ---------------------------------------------------------------- 9. regeneration and Armor

def test_MEM_REG_01_survivor_regenerates_at_its_owners_next_turn_and_stays_reduced_until_then():
    """MEM-REG-01: Occam's Razor leaves Ben's Ship of Theseus 3/1 (full Life still 4) for the rest of Ana's turn;
    at the start of Ben's turn it is 3/4 again."""
    st = pos({"source": 2, "hand": ["occams-razor"]}, {"pieces": ["ship-of-theseus"]})
    ship = uid(st, "ship-of-theseus")
    play(st, 0, "occams-razor", f"p{ship}")
    pass_windows(st)
    assert stats(st, ship) == (3, 1)
    assert piece(st, ship)["max_life"] == 4
    end_turn(st)
    assert board(st)["active"] == 1 and stats(st, ship) == (3, 4)


def test_MEM_REG_02_REG_03_GAP_13_a_hurt_attacker_regenerates_only_after_a_turn_without_attacking():
    """MEM-REG-02, MEM-REG-03, MEM-GAP-13: Enkidu attacks and is hurt to 4/1 by a blocking 3/3. It stays 4/1 in
    Ben's turn, and at Ana's next turn (it took damage attacking). It attacks again, unhurt: still 4/1 at the
    turn after. That turn it does not attack; at the next turn it is 4/4."""
    st = pos({"pieces": [attacker("enkidu")]}, {"pieces": [defender("jackal-of-anubis")]})
    enk, jackal = uid(st, "enkidu"), uid(st, "jackal-of-anubis")
    GAME.apply(st, 0, "end")
    blocks(st, {jackal: enk})
    pass_windows(st)
    assert board(st)["active"] == 1 and stats(st, enk) == (4, 1)  # REG-02: not before Ana's turn
    end_turn(st)
    assert board(st)["active"] == 0 and stats(st, enk) == (4, 1)  # GAP-13: hurt attacking last turn
    go(st, 0, f"p{enk}", "move", "attack:s1")
    end_turn(st)  # unblocked: Ben 16
    assert life(st, 1) == 16
    end_turn(st)
    assert board(st)["active"] == 0 and stats(st, enk) == (4, 1)  # REG-03: attacked again, no regeneration
    end_turn(st)  # no attack this turn
    end_turn(st)
    assert board(st)["active"] == 0 and stats(st, enk) == (4, 4)


def test_MEM_REG_04_attack_cell_creature_moves_straight_to_defend_and_regenerates_only_at_its_owners_turn():
    """MEM-REG-04: after attacking unhurt, Ana's Enkidu stays in the Attack Cell; when Ben attacks her in his
    turn she moves it straight into the Defend Cell; it intercepts Ben's 3/3 and is 4/1 through Ben's and
    Cid's turns, 4/4 again at Ana's turn. In her own turn the Attack -> Defend move is offered too."""
    st = pos({"pieces": [attacker("enkidu")]}, {"pieces": ["jackal-of-anubis"]}, {})
    enk, jackal = uid(st, "enkidu"), uid(st, "jackal-of-anubis")
    assert "defend" in draft_options(st, 0, f"p{enk}", "move")
    end_turn(st)
    assert life(st, 1) == 16 and piece(st, enk)["cell"] == "attack"
    go(st, 1, f"p{jackal}", "move", "attack:s0")
    GAME.apply(st, 1, "end")
    d = dec(st, 0)
    assert d.kind == "window"
    go(st, 0, f"p{enk}", "move")  # Defend is the only move in Ben's attack (MEM-CBT-02)
    assert piece(st, enk)["cell"] == "defend"
    pass_windows(st)
    blocks(st, {enk: jackal})
    pass_windows(st)
    assert piece(st, jackal) is None and life(st, 0) == 20
    assert board(st)["active"] == 2 and stats(st, enk) == (4, 1)
    end_turn(st)
    assert board(st)["active"] == 0 and stats(st, enk) == (4, 4)


def test_MEM_ARM_01_armor_of_one_two_or_three_never_above_three():
    """MEM-ARM-01: Armor 1, 2 and 3 as printed (Clockwork Owl, Temple Guardian Lion, Great Wall Garrison);
    Aegis (+2 Armor) on the Armor-3 Garrison leaves it at 3, on the Owl makes it 3."""
    st = pos({"source": 4, "hand": ["aegis", "aegis"],
              "pieces": ["clockwork-owl", "temple-lion", "great-wall-garrison"]}, {})
    owl, lion, wall = (uid(st, c) for c in ("clockwork-owl", "temple-lion", "great-wall-garrison"))
    assert [piece(st, u)["armor"] for u in (owl, lion, wall)] == [1, 2, 3]
    play(st, 0, "aegis", f"p{wall}")
    pass_windows(st)
    play(st, 0, "aegis", f"p{owl}")
    pass_windows(st)
    assert [piece(st, u)["armor"] for u in (owl, lion, wall)] == [3, 2, 3]


def test_MEM_ARM_02_ARM_03_ARM_04_GAP_14_each_hit_takes_one_armor_then_life_and_armor_never_returns():
    """MEM-ARM-02, MEM-ARM-03, MEM-ARM-04, MEM-GAP-14: Occam's Razor (3) on a 1/4 with Armor 1 destroys the
    Armor and does no Life damage (no excess carries over); a second Razor takes 3 Life; at Ben's turn the
    Life regenerates but the Armor stays destroyed."""
    st = pos({"source": 4, "hand": ["occams-razor"] * 2}, {"pieces": ["stoic-sentinel"]})
    sen = uid(st, "stoic-sentinel")
    assert (piece(st, sen)["armor"], piece(st, sen)["life"]) == (1, 4)
    ev = play(st, 0, "occams-razor", f"p{sen}")
    pass_windows(st)
    assert "1 Armor destroyed" in public(ev)
    assert (piece(st, sen)["armor"], piece(st, sen)["life"]) == (0, 4)
    play(st, 0, "occams-razor", f"p{sen}")
    pass_windows(st)
    assert (piece(st, sen)["armor"], piece(st, sen)["life"]) == (0, 1)
    end_turn(st)
    assert board(st)["active"] == 1
    assert (piece(st, sen)["armor"], piece(st, sen)["life"]) == (0, 4)


def test_MEM_GAP_14_each_interceptor_is_one_hit_on_an_armored_attacker():
    """MEM-GAP-14, MEM-ARM-02/03: Roman Legionary (3/3, Armor 1) is intercepted by two 2/2: the first hit only
    destroys its Armor, the second takes 2 Life: it survives at 3/1 with no Armor."""
    st = pos({"pieces": [attacker("roman-legionary", at=2)]}, {},
             {"pieces": [defender("pilgrim-of-the-way"), defender("pilgrim-of-the-way")]})
    leg = uid(st, "roman-legionary")
    guards = [pc.uid for pc in st.pieces if pc.controller == 2]
    GAME.apply(st, 0, "end")
    blocks(st, {g: leg for g in guards})
    pass_windows(st)
    assert all(piece(st, g) is None for g in guards)
    assert stats(st, leg) == (3, 1) and piece(st, leg)["armor"] == 0


def test_MEM_GAP_14_armor_absorbs_ammo_damage_as_one_hit():
    """MEM-GAP-14, MEM-ARM-02: Longbowman's Volley (1 Ammo: 1 damage) on Clockwork Owl (2/2, Armor 1) takes its
    Armor, not its Life."""
    st = pos({"ammo": ["pilgrim-of-the-way"], "pieces": ["longbowman"]}, {"pieces": ["clockwork-owl"]})
    bow, owl = uid(st, "longbowman"), uid(st, "clockwork-owl")
    go(st, 0, f"p{bow}", "use:0")
    pass_windows(st)
    assert (piece(st, owl)["armor"], piece(st, owl)["life"]) == (0, 2)
