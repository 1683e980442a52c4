"""Memesis play as people read it, through the game contract: a log people can follow (one short line per
play, every fight's damage dealt and to whom, a one-line turn summary), publicly forced decisions, response
windows aimed at a seat (MEM-GAP-28), why a hand card cannot be played and results explained."""

from __future__ import annotations

import random

import pytest

from games.core.playout import starter_seats
from games.memesis import GAME
from games.memesis.rules import actions, cells

from .kit import (
    act,
    blocks,
    dec,
    end_turn,
    go,
    hand_ref,
    pass_windows,
    pos,
    public,
    refused,
    settle,
    uid,
)
from .test_hidden_permutation import check_hidden
from .test_playouts import QuickPlayer


def attacker(card: str, at: int = 1) -> dict:
    return {"card": card, "cell": "attack", "target": at}


def defender(card: str) -> dict:
    return {"card": card, "cell": "defend"}


# ---------------------------------------------------------------- §6 the log

def test_MEM_CBT_06_a_blocked_fight_logs_who_dealt_what_to_whom():
    """MEM-CBT-06/07: Enkidu (4/4) attacks, Thunderbird (4/4) intercepts: the log says each one's
    damage and to whom, with the Life left, then both deaths; an unblocked attacker's line names the player
    and their Life."""
    st = pos({"pieces": [attacker("enkidu"), attacker("pilgrim-of-the-way")]},
             {"pieces": [defender("thunderbird")]})
    enk, bird, pil = uid(st, "enkidu"), uid(st, "thunderbird"), uid(st, "pilgrim-of-the-way")
    ev = GAME.apply(st, 0, "end")
    blocks(st, {bird: enk})
    ev += pass_windows(st)
    log = public(ev)
    assert f"#{enk} Enkidu the Wild deals 4 damage to #{bird} Thunderbird (Life 0 left)." in log
    assert f"#{bird} Thunderbird deals 4 damage to #{enk} Enkidu the Wild (Life 0 left)." in log
    assert f"#{pil} Pilgrim of the Way deals 2 damage to Ben (Life 18)." in log
    assert "Enkidu the Wild (Ana) dies and goes to the Dead Cell." in log


def test_MEM_CBT_06_an_interceptor_with_no_attack_deals_no_damage_and_the_log_says_so():
    """MEM-CBT-06: Existential Doubt leaves Ben's Pilgrim (2/2) at 0 Attack this turn; it
    intercepts Enkidu: the log says Enkidu's 4 damage to it and that it dealt Enkidu none."""
    st = pos({"source": 1, "hand": ["existential-doubt"], "pieces": [attacker("enkidu")]},
             {"pieces": [defender("pilgrim-of-the-way")]})
    enk, pil = uid(st, "enkidu"), uid(st, "pilgrim-of-the-way")
    act(st, 0, hand_ref(st, 0, "existential-doubt"), "play", f"p{pil}")
    pass_windows(st)
    ev = GAME.apply(st, 0, "end")
    blocks(st, {pil: enk})
    ev += pass_windows(st)
    log = public(ev)
    assert f"#{enk} Enkidu the Wild deals 4 damage to #{pil} Pilgrim of the Way (Life 0 left)." in log
    assert f"#{pil} Pilgrim of the Way deals no damage to #{enk} Enkidu the Wild." in log


def test_MEM_GAP_14_a_hit_on_armor_says_so_with_the_armor_left():
    """MEM-GAP-14: Occam's Razor (3) on Stoic Sentinel (Armor 1): the log says the Razor dealt 3
    damage to it, that the hit destroyed 1 Armor and no Life, and the Armor left."""
    st = pos({"source": 2, "hand": ["occams-razor"]}, {"pieces": ["stoic-sentinel"]})
    sen = uid(st, "stoic-sentinel")
    ev = act(st, 0, hand_ref(st, 0, "occams-razor"), "play", f"p{sen}")
    assert public(ev) == (f"Ana plays Occam's Razor at #{sen} Stoic Sentinel. | Occam's Razor deals 3 damage to "
                          f"#{sen} Stoic Sentinel: 1 Armor destroyed, no Life lost (Armor 0 left).")


def test_MEM_INF_03_a_play_is_one_short_line_without_the_cards_text():
    """MEM-INF-03: an Effect card played is named with its target in one line, then what it did;
    its rules text ("damage 2 (opposing player)") is not repeated in the log (players read it with ``card``)."""
    st = pos({"source": 1, "hand": ["catapult-stone"]}, {})
    ev = act(st, 0, hand_ref(st, 0, "catapult-stone"), "play")
    assert public(ev) == "Ana plays Catapult Stone at Ben. | Catapult Stone deals 2 damage to Ben (Life 18)."


def test_each_turn_ends_with_a_one_line_summary():
    """At the end of each turn one line sums it up: the cards the active player put into play,
    each Life change of the turn and everyone's Life."""
    st = pos({"source": 2, "hand": ["catapult-stone", "pilgrim-of-the-way"],
              "pieces": [attacker("enkidu")]}, {})
    act(st, 0, hand_ref(st, 0, "catapult-stone"), "play", "s1")
    pass_windows(st)
    act(st, 0, hand_ref(st, 0, "pilgrim-of-the-way"), "play", "main", "up")
    ev = end_turn(st)
    lines = [e.text for e in ev if e.text.startswith("End of")]
    assert lines == ["End of Ana's turn: 2 cards played · Ben −6 Life · Life: Ana 20, Ben 14."]
    ev = end_turn(st)
    assert "End of Ben's turn: 0 cards played · Life: Ana 20, Ben 14." in public(ev)


# ---------------------------------------------------------------- §1 publicly forced decisions

def test_an_empty_hand_and_nothing_in_play_forces_the_end_of_the_turn():
    """Ana's hand is empty (a public count), she has nothing in play, under 5 source: her main
    decision can only be "End your turn", and that follows from public facts: it is ``forced``. With a card
    in hand, or a piece in play, it is not."""
    st = pos({"hand": [], "source": 1}, {"hand": ["pilgrim-of-the-way"]})
    d = dec(st, 0)
    assert d.kind == "main" and d.forced and [o.id for o in d.options] == ["end"]
    st = pos({"hand": ["pilgrim-of-the-way"]}, {})
    assert not dec(st, 0).forced
    st = pos({"hand": [], "pieces": [{"card": "enkidu", "sourced": True}]}, {})
    assert not dec(st, 0).forced
    st = pos({"hand": [], "source": 5}, {})  # she may pay 5 source to draw (MEM-DRW-01)
    assert not dec(st, 0).forced and "draw" in [o.id for o in dec(st, 0).options]
    st = pos({"hand": [], "incubation": {"card": "roman-legionary", "down": True}}, {})
    assert dec(st, 0).forced  # an incubating card, face down or not, gives nothing to do (MEM-CEL-11)
    st = pos({"hand": [], "source": 1, "incubation": {"card": "roman-legionary", "rune": "practical-rune"}}, {})
    d = dec(st, 0)  # her Rune on it: she may pay 1 source to take it back
    assert not d.forced and len(d.options) == 2


def test_an_ally_face_down_card_in_my_cell_is_not_public_ground_for_forcing():
    """Ana's empty hand, but a face-down card her ally Cid placed in her Main Cell: what she may do
    with it would depend on a card only Cid sees, so her decision is asked, not forced."""
    st = pos({"hand": [], "brain": []}, {}, {"hand": ["pilgrim-of-the-way"], "source": 3}, {}, teams=[0, 1, 0, 1],
             active=2)
    act(st, 2, hand_ref(st, 2, "pilgrim-of-the-way"), "play", "main@0", "down")
    settle(st, 2)
    end_turn(st)
    settle(st, 0)
    while dec(st).seat != 0 or dec(st).kind != "main":
        end_turn(st)
    d = dec(st, 0)
    assert [o.id for o in d.options] == ["end"] and not d.forced


def test_MEM_CE_13_a_hatched_effect_with_one_public_target_is_forced():
    """MEM-CE-13: Catapult Stone hatches in Ana's Incubation Cell; its target is an opposing
    player and Ben is the only one: the choice is forced (public). With two opponents it is asked."""
    st = pos({"incubation": {"card": "catapult-stone"}}, {})
    end_turn(st)
    end_turn(st)
    d = dec(st, 0)
    assert d.kind == "hatch_target" and d.forced and [o.label for o in d.options] == ["Ben"]
    st = pos({"incubation": {"card": "catapult-stone"}}, {}, {})
    for _ in range(3):
        end_turn(st)
    d = dec(st, 0)
    assert d.kind == "hatch_target" and not d.forced and len(d.options) == 2


class Spender(QuickPlayer):
    """A seeded player that never plays a card: in its turn it consumes (or puts into Ammunition) every card in
    its hand, then ends the turn; it passes windows and leaves its Ammunition. Its games reach turns with
    nothing to do."""

    def __call__(self, d) -> str:
        ids = [o.id for o in d.options]
        if d.kind == "main":
            return next((i for i in ids if i[0] == "h"), "end")
        if d.kind == "act":
            for want in ("consume", "ammo", "life", "s" + str(d.seat)):
                if want in ids:
                    return want
            return next((i for i in ids if i != "back"), "back")
        if d.kind in ("window", "ammo_take"):
            return d.default or ids[0]
        return super().__call__(d)


@pytest.mark.parametrize("seats,options,seed", [(2, None, 26), (4, {"teams": [0, 1, 0, 1]}, 12), (3, None, 23)])
def test_forced_decisions_in_seeded_games_have_one_option_and_hidden_cards_never_change_them(
        seats, options, seed):
    """In seeded games (one player of each emptying hand and Cells, :class:`Spender`) every forced
    decision has exactly one option and is never a response window; at each, permuting every card hidden from
    the table changes neither who is asked nor the flags (:func:`check_hidden`, which also runs over the random
    playouts of tests/memesis/test_hidden_permutation.py). Windows pass by default and offer "Pass until my
    turn" (MEM-GAP-28)."""
    st = GAME.new_game(starter_seats(GAME, seed, seats), options, seed)
    players = [(Spender if p == 0 else QuickPlayer)(seed * 7 + p) for p in range(seats)]
    rng = random.Random(seed)
    forced: dict[str, int] = {}
    twins = 0
    for _ in range(3000):
        decs = GAME.decisions(st)
        if not decs:
            break
        d = decs[0]
        choice = players[d.seat](d)
        if d.forced:
            forced[d.kind] = forced.get(d.kind, 0) + 1
            assert len(d.options) == 1 and not d.window, d
            twins += check_hidden(st, rng, (d.seat, choice), f"seed {seed}", views=False)
        if d.kind == "window":
            assert d.window and d.default == "pass" and {"pass", "hold"} <= {o.id for o in d.options}
        GAME.apply(st, d.seat, choice)
    assert forced.get("main", 0) > 0 and twins > 0, forced


# ---------------------------------------------------------------- §2/§3 windows aimed at a seat

def test_MEM_GAP_28_windows_opened_by_an_attack_are_aimed_at_the_attacked_player_only():
    """MEM-GAP-28: Ana attacks Ben with three players at the table: the window after the attack
    is declared is ``aimed`` for Ben, not for Cid; a window after a plain play is aimed at nobody; the block
    and interception prompts are windows aimed at their seat."""
    st = pos({"pieces": [attacker("enkidu")]}, {"hand": ["pilgrim-of-the-way"], "pieces": [defender("thunderbird")]},
             {"hand": ["pilgrim-of-the-way"]})
    GAME.apply(st, 0, "end")
    asked = {}
    while dec(st).kind == "window":
        d = dec(st)
        asked[d.seat] = d.aimed
        assert d.window
        GAME.apply(st, d.seat, "pass")
    assert asked == {1: True, 2: False}
    d = dec(st)
    assert d.kind == "block" and d.window and d.aimed
    st = pos({"source": 1, "hand": ["pilgrim-of-the-way"]}, {"hand": ["fire-arrow"]})
    act(st, 0, hand_ref(st, 0, "pilgrim-of-the-way"), "play", "main", "up")
    d = dec(st)
    assert d.kind == "window" and d.seat == 1 and not d.aimed
    go(st, 1, hand_ref(st, 1, "fire-arrow"))
    assert dec(st).kind == "act" and dec(st).window and not dec(st).aimed


def test_MEM_TRN_03_damage_at_a_player_asks_an_aimed_interception():
    """MEM-TRN-03: Catapult Stone at Ben, who has a creature: his interception prompt is a window
    aimed at him; after the damage, his window is aimed at him too (the damage was directed at him)."""
    st = pos({"source": 1, "hand": ["catapult-stone"]}, {"hand": ["fire-arrow"], "pieces": ["enkidu"]})
    act(st, 0, hand_ref(st, 0, "catapult-stone"), "play")
    d = dec(st, 1)
    assert d.kind == "intercept" and d.window and d.aimed
    GAME.apply(st, 1, "absorb")
    d = dec(st, 1)
    assert d.kind == "window" and d.aimed


# ---------------------------------------------------------------- §7 why a card cannot be played

def test_unplayable_cards_say_why_in_memesis_words():
    """In her main phase Ana, with 1 source, reads why each hand card cannot be played: a creature
    costing more ("costs 3 source, you have 1 (Incubation is free)"), an Effect with no target, a Rune no card
    can take; a card she can play is not listed."""
    st = pos({"source": 1, "stealth": True,
              "hand": ["roman-legionary", "fire-arrow", "practical-rune", "pilgrim-of-the-way"]}, {}, stealth=True)
    got = dict(GAME.unplayable(st, 0))
    assert got == {
        "Roman Legionary": "costs 3 source, you have 1 (Incubation is free)",
        "Fire Arrow": "no target for it now; in Stealth it costs 2 source",
        "Practical Rune": "no card can take a Practical Rune now, and Stealth costs 2 source",
    }
    assert GAME.unplayable(st, 1) == []  # Ben has no decision now


def test_MEM_CRE_02_a_creature_in_a_window_says_own_turn_and_the_refusal_names_the_reason():
    """MEM-CRE-02: in a window of Ana's turn Ben's creature says it goes into play only in his own
    turn (once for his two copies); an Effect he can afford is not listed; forging "play" for the creature is
    refused with that reason and the legal options, naming no card (MEM-STL-10)."""
    st = pos({"source": 1, "hand": ["catapult-stone"]},
             {"source": 3, "hand": ["flint-knapper", "napiers-bones", "flint-knapper"]})
    act(st, 0, hand_ref(st, 0, "catapult-stone"), "play")
    assert dec(st, 1).kind == "window"
    assert GAME.unplayable(st, 1) == [("Flint Knapper", "creatures go into play only in your own turn")]
    go(st, 1, hand_ref(st, 1, "flint-knapper"))
    err = refused(st, 1, "play")
    assert err.message.startswith("This card cannot be played now: creatures go into play only in your own turn. "
                                  "Choose one of: Put it face down into Ammunition")
    assert "Flint" not in err.message


def test_MEM_RUN_02_an_allys_rune_and_no_source():
    """MEM-RUN-02: a Rune with no source to place it says so; another player's Rune in hand (from
    an ally's Ammunition) says only its owner places it."""
    st = pos({"source": 0, "hand": ["practical-rune"], "pieces": ["roman-legionary"]}, {}, stealth=False)
    assert GAME.unplayable(st, 0) == [("Practical Rune", "placing a Rune costs 1 source, you have 0")]
    st = pos({"source": 2}, {}, {"hand": ["practical-rune"]}, {}, teams=[0, 1, 0, 1])
    rune = next(c for c in range(len(st.cards)) if st.cards[c] == "practical-rune")
    st.players[2].hand.remove(rune)
    st.players[0].hand.append(rune)  # Ana took it from Cid's Ammunition into her hand (MEM-GAP-27)
    assert GAME.unplayable(st, 0) == [("Practical Rune", "Cid's Rune: only its owner places it")]


@pytest.mark.parametrize("seats,options,seed", [(2, None, 21), (4, {"teams": [0, 1, 0, 1]}, 22)])
def test_every_hand_card_is_playable_or_has_a_reason_over_seeded_games(seats, options, seed):
    """At every main decision, window and action step of seeded games, each card in the deciding
    seat's hand either has a way into play among its actions or a reason in ``unplayable`` (copies of a card
    listed once); seats with no such decision get no list."""
    st = GAME.new_game(starter_seats(GAME, seed, seats), options, seed)
    players = [QuickPlayer(seed * 7 + p) for p in range(seats)]
    checked = 0
    for _ in range(2500):
        decs = GAME.decisions(st)
        if not decs:
            break
        d = decs[0]
        for s in range(seats):
            got = GAME.unplayable(st, s)
            if s != d.seat or d.kind not in ("main", "window", "act"):
                assert got == []
                continue
            stuck: set[str] = set()  # names of hand cards with no way into play
            for c in st.players[s].hand:
                acts = actions.hand_actions(st, s, c, d.window)
                playable = any(path[0] in ("play", "rune") for path, _ in acts)
                if not playable:
                    stuck.add(cells.cname(st, c))
                checked += 1
            names = [name for name, _ in got]
            assert set(names) == stuck and len(names) == len(set(names)), (got, stuck)
            assert all(why for _, why in got)
        GAME.apply(st, d.seat, players[d.seat](d))
    assert checked > 100


# ---------------------------------------------------------------- §8 results

def test_MEM_GEN_02_a_win_names_its_rule_and_each_seats_life():
    """MEM-GEN-02/03: Ben at 2 Life takes Enkidu's 4: Ana wins; the result names the deciding rule
    with its pointer and each seat's Life (Ben out at -2)."""
    st = pos({"pieces": [attacker("enkidu")]}, {"life": 2})
    end_turn(st)
    res = GAME.result(st)
    assert res is not None and res.winners == (0,)
    assert res.rule == "Last team standing: every opponent is at 0 Life or less, see /rules MEM-GEN-02"
    assert res.scores == ("Ana: 20 Life", "Ben: out at -2 Life")


def test_MEM_GEN_04_the_stall_limit_names_its_rule_and_team_totals():
    """MEM-GEN-04 (the stall limit): with every Brain Cell empty the game lasts 5 more rounds, then
    the team with the most Life wins; the scores show each seat's Life and its team's total."""
    st = pos({"brain": [], "life": 12}, {"brain": [], "life": 5}, {"brain": [], "life": 3}, {"brain": [], "life": 9},
             teams=[0, 1, 0, 1])
    for _ in range(40):
        if GAME.result(st) is not None:
            break
        end_turn(st)
    res = GAME.result(st)
    assert res is not None and res.reason == "stall" and res.winners == (0, 2)
    assert "see /rules MEM-GEN-04" in res.rule and "most Life" in res.rule
    assert res.scores == ("Ana (team A): 12 Life, team total 15 Life", "Ben (team B): 5 Life, team total 14 Life",
                          "Cid (team A): 3 Life, team total 15 Life", "Dee (team B): 9 Life, team total 14 Life")


def test_a_draw_at_the_stall_limit_says_why():
    """MEM-GEN-04: equal Life at the stall limit is a draw, and the rule says so."""
    st = pos({"brain": [], "life": 7}, {"brain": [], "life": 7})
    for _ in range(40):
        if GAME.result(st) is not None:
            break
        end_turn(st)
    res = GAME.result(st)
    assert res is not None and res.draw
    assert res.rule == "A draw: the teams still in have equal Life at the stall limit, see /rules MEM-GEN-04"
    assert res.scores == ("Ana: 7 Life", "Ben: 7 Life")


def test_MEM_GEN_03_a_concession_names_its_rule_and_the_standings():
    """MEM-GEN-03, MEM-GAP-05: in a 2v2, Ben and then Dee concede: Ana and Cid win; the rule says
    the other side conceded and the scores give each seat's Life with its team, the conceders out."""
    st = pos({"life": 14}, {}, {}, {"life": 9}, teams=[0, 1, 0, 1])
    GAME.concede(st, 1)
    assert GAME.result(st) is None
    GAME.concede(st, 3)
    res = GAME.result(st)
    assert res is not None and res.winners == (0, 2) and res.reason == "concede"
    assert res.rule == "Last team standing: the other side conceded, see /rules MEM-GEN-03"
    assert res.scores == ("Ana (team A): 14 Life", "Ben (team B): out at 20 Life", "Cid (team A): 20 Life",
                          "Dee (team B): out at 9 Life")
