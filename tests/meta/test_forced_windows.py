"""Publicly forced decisions and response windows in Meta (META-GAP-25). ``forced``: a drawing or
pushing decision of an empty hand (its size is public) and the discard of a one-card hand; never a hand whose
cards are all unplayable (a secret). ``window``: the pushing decision of a player not at turn, defaulting to
pass; ``aimed`` when the last play (or trigger activation) named that player. The playout property checks that
every forced decision has one option and that re-dealing the hidden cards never changes which seats are asked
or any flag. Then: every hand card not offered has its reason (``Game.unplayable``), and a refused
play says why and what is legal."""

from __future__ import annotations

import random

import pytest
from hidden_twins import relabel
from meta_stack_helpers import GAME, play, pos
from test_meta_playouts import cross_permute, hidden_from, in_progress, new

from games.core.contract import RulesError
from games.core.players import RandomPlayer


def dec(st, seat):
    return GAME.decision_for(st, seat)


def flags(st) -> list[tuple[int, str, bool, bool, bool, str | None]]:
    return [(d.seat, d.kind, d.forced, d.window, d.aimed, d.default) for d in GAME.decisions(st)]


def test_META_GAP_25_an_empty_hand_passes_by_force_a_hand_with_nothing_playable_is_asked():
    """An empty hand is public: "Pass" is forced. A hand holding only a Trigger card, unplayable off turn
    (META-TRG-01), also leaves "Pass" alone, but because of a secret: that player is asked (not forced)."""
    st = pos({"players": [{"hand": ["e001.1"]}, {"hand": []}, {"hand": ["t005.1"]}]}, n=3)
    assert [o.id for o in dec(st, 1).options] == ["pass"] and dec(st, 1).forced
    assert [o.id for o in dec(st, 2).options] == ["pass"] and not dec(st, 2).forced
    assert not dec(st, 0).forced


def test_META_GAP_25_the_drawing_stage_of_an_empty_hand_is_forced():
    """The player at turn with an empty hand can only say "Play!" in the drawing stage: forced."""
    st = pos({"stage": "drawing", "players": [{"hand": []}, {"hand": ["e001.1"]}]})
    d = dec(st, 0)
    assert d.kind == "drawing" and [o.id for o in d.options] == ["go"] and d.forced and not d.window
    st = pos({"stage": "drawing", "players": [{"hand": ["t005.1"]}, {}]})
    assert not dec(st, 0).forced  # activating its trigger is an option


def test_META_DIS_02_a_one_card_hand_over_the_limit_discards_by_force():
    """With the hand limit at 0 (a rule change), a one-card hand has one possible discard: forced; a
    two-card hand chooses."""
    st = pos({"rules": [{"param": "hand_limit", "value": 0}],
              "players": [{"hand": ["e001.1"], "memory": ["e003.1"] * 9},
                          {"hand": ["e001.1", "e022.1"], "memory": ["e003.1"] * 9}]})
    GAME.apply(st, 0, "pass")
    GAME.apply(st, 1, "pass")
    assert [(d.seat, d.kind, d.forced) for d in GAME.decisions(st)] == [(0, "discard", True), (1, "discard", False)]


def test_META_PSH_05_the_pushing_decision_off_turn_is_a_window_that_passes():
    """The pushing decision of a player not at turn is a response window timing out to pass; the player at
    turn's is not."""
    st = pos({"players": [{"hand": ["e001.1"]}, {"hand": ["e001.1"]}, {"hand": ["e022.1"]}]}, n=3)
    assert [(s, k, w, dflt) for s, k, _f, w, _a, dflt in flags(st)] == [
        (0, "push", False, "pass"), (1, "push", True, "pass"), (2, "push", True, "pass")]


def test_META_TGT_05_a_window_is_aimed_at_the_player_the_last_play_targets():
    """Ana's Spark of Ruin targeting Ben opens an aimed window for Ben, not for Cid; Ben's answer aimed at
    Ana's card makes no window aimed: Ana is at turn (hers is no window), Ben's own play aims at nobody
    else's window, and Cid is not its target."""
    st = pos({"players": [{"hand": ["e001.1"]}, {"hand": ["m001.1"]}, {"hand": ["e022.1"]}]}, n=3)
    assert not any(a for *_x, a, _d in flags(st))
    play(st, 0, "e001.1", "p1")
    assert {s: a for s, _k, _f, _w, a, _d in flags(st)} == {0: False, 1: True, 2: False}
    spark = GAME.view(st, None).board["towers"][0]["levels"][0][0]["id"]
    play(st, 1, "m001.1", spark)
    assert {s: a for s, _k, _f, _w, a, _d in flags(st)} == {0: False, 1: False, 2: False}


def test_a_trigger_stack_naming_a_player_aims_their_window():
    """Ana activating a trigger stack that names Cid (its target is announced, META-TRG-03)
    aims Cid's window; the next turn starts with no window aimed."""
    st = pos({"players": [{"hand": ["t002.1"]}, {"hand": ["e022.1"]}, {"hand": ["e022.1"]}]}, n=3)
    GAME.apply(st, 0, f"activate:{GAME.view(st, 0).private['hand'][0]['id']}")
    GAME.apply(st, 0, "tgt:p2")
    assert {s: a for s, _k, _f, _w, a, _d in flags(st)} == {0: False, 1: False, 2: True}
    for seat in (0, 1, 2):
        GAME.apply(st, seat, "pass")
    assert GAME.view(st, None).board["turn"] == 2 and not any(d.aimed for d in GAME.decisions(st))


@pytest.mark.parametrize("seats", [2, 4])
def test_forced_and_window_flags_follow_from_public_information(seats: int):
    """Over seeded playouts, every forced decision has exactly one option, and re-dealing
    every card hidden from the table (hands, memories, face-down triggers) never changes which seats are
    asked, their decision kinds, or whether a decision is forced, a window or aimed."""
    forced = 0
    for seed in range(3):
        st = new(seed, seats)
        rng = random.Random(seed)
        players = [RandomPlayer(seed * 7 + p) for p in range(seats)]
        n = 0
        while (decs := GAME.decisions(st)) and n < 300:
            for d in decs:
                assert not d.forced or len(d.options) == 1, d
                forced += d.forced
            if n % 3 == 0:
                secret = set(hidden_from(st, None)) - set(in_progress(st))
                twin = relabel(GAME, st, cross_permute(st, secret, rng))
                assert flags(twin) == flags(st), n
            d = decs[n % len(decs)]
            GAME.apply(st, d.seat, players[d.seat](d))
            n += 1
    assert forced > 0


# -- why a hand card is missing from the options ----------------------------------------------


def test_unplayable_names_each_missing_card_with_its_reason():
    """META-TRG-01, META-TGT-01: Ben, not at turn, holds a Trigger card, a Hush with no card
    on any stack, and a Spark of Ruin he can play; Ana, alone in play against a disabled Cid, holds a
    Spark of Ruin with one opponent left to target."""
    st = pos({"players": [{"hand": ["e001.1"]}, {"hand": ["t005.1", "m001.1", "e001.1"]}, {"life": 0, "disabled": True}]},
             n=3)
    assert GAME.unplayable(st, 1) == [("Vesper Bell", "only the player at turn activates a trigger stack"),
                                      ("Hush", "no card on a stack")]
    assert GAME.unplayable(st, 0) == []
    st = pos({"players": [{"hand": ["e001.1", "e022.1"]}, {"life": 0, "disabled": True}]})
    assert GAME.unplayable(st, 0) == [("Spark of Ruin", "no opponent in play to target")]
    assert GAME.unplayable(st, 1) == []  # disabled: no decision, nothing to explain


def test_unplayable_in_the_drawing_stage_names_the_reach():
    """META-DRS-03: in the drawing stage only the main tower and the player's own trigger stacks are in
    reach, so a Hush with a card only on Ben's trigger stack says so."""
    st = pos({"stage": "drawing", "players": [{"hand": ["m001.1"]}, {}],
              "triggers": [{"owner": 1, "trigger": "t005.1", "levels": [[{"card": "e019.1", "player": 1}]]}]})
    assert GAME.unplayable(st, 0) == [("Hush", "no card on a stack you can reach in the drawing stage")]
    assert GAME.unplayable(st, 1) == []  # not Ben's stage


def test_a_refused_play_says_why_and_what_is_legal():
    """Playing a card that is not offered is refused with its reason and the legal choices."""
    st = pos({"players": [{"hand": ["m001.1", "e022.1"]}, {}]})
    hush = GAME.view(st, 0).private["hand"][0]["id"]
    with pytest.raises(RulesError) as err:
        GAME.apply(st, 0, f"play:{hush}")
    assert err.value.rule == "META-TGT-01"
    assert "Hush cannot be played now: no card on a stack. You can choose: Pass, Play Spring Thaw." in str(
        err.value)


@pytest.mark.parametrize("seats", [2, 4])
def test_every_hand_card_is_offered_or_has_a_reason(seats: int):
    """Over seeded playouts, for every seat in its drawing or pushing decision, each card in hand
    is either offered by an option or listed by ``unplayable`` with a reason (never both); seats without
    such a decision get an empty list."""
    explained = 0
    for seed in range(3):
        st = new(seed, seats)
        players = [RandomPlayer(seed * 7 + p) for p in range(seats)]
        n = 0
        while (decs := GAME.decisions(st)) and n < 200:
            by_seat = {d.seat: d for d in decs}
            for seat in range(seats):
                d = by_seat.get(seat)
                missing = GAME.unplayable(st, seat)
                if d is None or d.kind not in ("drawing", "push"):
                    assert missing == [], (seat, d)
                    continue
                offered = {int(o.id.split(":")[1]) for o in d.options if ":" in o.id}
                hand = GAME.view(st, seat).private["hand"]
                assert sorted(c["title"] for c in hand if c["id"] not in offered) == sorted(n_ for n_, _ in missing)
                assert all(why for _, why in missing)
                explained += len(missing)
            d = decs[n % len(decs)]
            GAME.apply(st, d.seat, players[d.seat](d))
            n += 1
    assert explained > 0
