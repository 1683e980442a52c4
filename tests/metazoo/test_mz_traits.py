"""Traits and Status Effects in Combat through the contract (MZ-TRAIT-*, each Trait built, MZ-SLEEP-*,
MZ-FROZEN-*, MZ-PARALYZE-*, MZ-SCARED-*, MZ-CONFUSION-*). Coin-dependent rules are run over several seeds and
checked against the logged flip, and both outcomes must occur."""

from __future__ import annotations

import pytest
from mz_helpers import caster_lp, decision, go, ids, lp, names, page, pos, public, uid_of

from games.core.contract import RulesError
from games.metazoo import GAME as MZ
from games.metazoo.state import Indicator


def fight(st, attacker, target, defend=()):
    """Ana attacks ``target`` (``p1`` or ``u<uid>``) with ``attacker``'s first Attack; then every window is
    passed, Ben declares ``defend`` if asked, the first Primary Defender option is taken, until the Combat is
    over. Returns the public log."""
    ev = go(st, 0, f"attack:{attacker}:0", f"target:{target}")
    while st.result is None and st.combat is not None:
        d = MZ.decisions(st)[0]
        if d.kind == "defend":
            ev += go(st, d.seat, *[f"defend:{u}" for u in defend], "done")
        elif d.kind == "primary":
            ev += go(st, d.seat, d.options[0].id)
        else:
            ev += go(st, d.seat, "pass")
    return public(ev)


def test_MZ_BLOODSUCKER_01_recovers_damage_dealt():
    """MZ-BLOODSUCKER-01, MZ-GAP-43: Strix deals 20 to a Beastie and recovers exactly the LP it removed."""
    st = pos({"arena": [{"card": "strix", "damage": 25}]}, {"arena": [{"card": "kappa", "fatigued": True}]})
    s, k = uid_of(st, "strix"), uid_of(st, "kappa")
    fight(st, s, f"u{k}")
    assert lp(st, k) == 30 and lp(st, s) == 5 + 20 - 20  # 5 left, +20 recovered, −20 from Pond Slap


def test_MZ_VENOMOUS_01_poisons_the_attacker():
    """MZ-VENOMOUS-01, MZ-GAP-42, MZ-POISON-01: a Venomous Primary Defender Poisons the attacker (no flip)."""
    st = pos({"arena": ["woodwose"]}, {"arena": ["jorogumo"]})
    w = uid_of(st, "woodwose")
    ev = fight(st, w, f"u{uid_of(st, 'jorogumo')}")
    assert "Poison" in ev and [i.status for i in page(st, w).indicators].count("poison") == 1


def test_MZ_DESTROYER_01_destroys_what_it_damages():
    """MZ-DESTROYER-01: Nuckelavee's 30 Damage Destroys the 80-LP Woodwose outright."""
    st = pos({"arena": ["nuckelavee"]}, {"arena": ["woodwose"]})
    fight(st, uid_of(st, "nuckelavee"), f"u{uid_of(st, 'woodwose')}")
    assert names(st, st.casters[1].limbo) == ["woodwose"]


def test_MZ_INVISIBLE_01_MZ_UNBLOCKABLE_01_no_defenders():
    """MZ-INVISIBLE-01, MZ-UNBLOCKABLE-01, MZ-COMBAT-08: no Defenders against an Invisible or Unblockable
    attacker; an Invisible Beastie is never an Attack target, an Unblockable one is."""
    for attacker in ("barghest", "wild-hunt-rider"):
        st = pos({"arena": [attacker]}, {"arena": ["woodwose", "kappa"]})
        go(st, 0, f"attack:{uid_of(st, attacker)}:0", "target:p1", )
        go(st, 1, "pass")
        assert decision(st, 0).kind == "priority"  # straight to window B: no Defender step
    st = pos({"arena": ["woodwose"]}, {"arena": ["barghest", "wild-hunt-rider"]})
    go(st, 0, f"attack:{uid_of(st, 'woodwose')}:0")
    assert set(ids(st, 0)) == {"target:p1", f"target:u{uid_of(st, 'wild-hunt-rider')}", "back"}


def test_MZ_REGEN_01_MZ_TRAIT_02_regen_stacks_per_copy():
    """MZ-REGEN-01, MZ-TRAIT-02: two Regen Traits recover 20 LP at the end of every turn."""
    st = pos({"arena": [{"card": "bridge-troll", "damage": 50}]})
    t = uid_of(st, "bridge-troll")
    go(st, 0, "end", "pass")
    go(st, 1, "pass")
    assert lp(st, t) == 60


def test_MZ_MAGIPROOF_01_spells_cannot_target_it():
    """MZ-MAGIPROOF-01, MZ-TGT-05, MZ-TGT-03: Fire Dart cannot target a Magiproof Beastie; Tidal Surge, which
    does not target, still hits it."""
    st = pos({"chapter": ["fire-dart", "tidal-surge"], "aura": {"flame": 1, "water": 2}},
             {"arena": ["bridge-troll"]})
    with pytest.raises(RulesError) as exc:
        go(st, 0, "play:fire-dart")
    assert exc.value.rule == "MZ-AURA-07"
    go(st, 0, "play:tidal-surge")
    go(st, 1, "pass")
    assert lp(st, uid_of(st, "bridge-troll")) == 70


def test_MZ_STONESKIN_01_MZ_IMMORTAL_01_effects_do_nothing_attacks_hit_and_it_stays_at_zero():
    """MZ-STONESKIN-01, MZ-IMMORTAL-01, MZ-LP-05: Stone Skin stops Damage from Effects but not Attack Damage
    while defending; an Immortal Beastie at 0 LP stays in the Arena."""
    st = pos({"chapter": ["tidal-surge"], "aura": {"water": 2}, "arena": ["nuckelavee"]},
             {"arena": [{"card": "gargoyle", "damage": 40}]})
    g = uid_of(st, "gargoyle")
    go(st, 0, "play:tidal-surge")
    ev = public(go(st, 1, "pass"))
    assert "Stone Skin" in ev and lp(st, g) == 30
    st = pos({"arena": ["grim-hound"]}, {"arena": [{"card": "gargoyle", "damage": 40}]})
    g = uid_of(st, "gargoyle")
    fight(st, uid_of(st, "grim-hound"), f"u{g}")
    assert lp(st, g) == 0 and page(st, g) is not None


def seeds_both_ways(run):
    """Run ``run(seed) -> bool`` (heads?) over seeds until both outcomes were seen."""
    seen = set()
    for seed in range(40):
        seen.add(run(seed))
        if len(seen) == 2:
            return
    raise AssertionError("a coin never came up both ways in 40 seeds")


def test_MZ_SLEEP_01_02_04_sleep_flip_stays_fatigued_then_doubles():
    """MZ-SLEEP-01, MZ-SLEEP-02, MZ-SLEEP-04, MZ-STATUS-04: Silk Lullaby flips; heads puts the Primary Defender
    to Sleep and Fatigues it; it does not Awaken at its controller's turn; later Damage is doubled and wakes it."""
    def run(seed):
        st = pos({"arena": ["jorogumo"], "chapter": ["tidal-surge"]}, {"arena": ["woodwose"]}, seed=seed)
        w = uid_of(st, "woodwose")
        ev = fight(st, uid_of(st, "jorogumo"), f"u{w}")
        heads = "heads" in ev.split("Sleep on Woodwose")[1][:25]
        asleep = [i.status for i in page(st, w).indicators] == ["sleep"]
        assert asleep == heads
        if heads:
            assert page(st, w).fatigued
            go(st, 0, "end", "pass")
            go(st, 1, "pass")  # turn 2: Ben
            go(st, 1, "pass")
            go(st, 0, "pass")
            assert page(st, w).fatigued  # MZ-SLEEP-02, MZ-TURN-04: it did not Awaken
            go(st, 1, "end", "pass")
            go(st, 0, "pass")  # turn 3: Ana
            go(st, 0, "pass")
            go(st, 1, "pass")
            st.casters[0].aura = {"water": 2}  # as if generated (MZ-AURA-06)
            before = lp(st, w)
            go(st, 0, "play:tidal-surge")
            go(st, 1, "pass")
            assert lp(st, w) == before - 40 and not page(st, w).fatigued and page(st, w).indicators == []
        return heads
    seeds_both_ways(run)


def test_MZ_SLEEP_03_targeted_sleeper_wakes_but_stays_fatigued():
    """MZ-SLEEP-03: a Sleeping Page targeted by an Attack loses its Sleep Indicator and stays Fatigued."""
    st = pos({"arena": ["grim-hound"]}, {"arena": [{"card": "woodwose", "fatigued": True,
                                                      "indicators": [{"status": "sleep"}]}]})
    w = uid_of(st, "woodwose")
    go(st, 0, f"attack:{uid_of(st, 'grim-hound')}:0", f"target:u{w}")
    assert page(st, w).indicators == [] and page(st, w).fatigued


def test_MZ_FROZEN_01_03_04_frozen_counters_and_damage_outside_its_combat():
    """MZ-FROZEN-01, MZ-FROZEN-03, MZ-FROZEN-04, MZ-STATUS-03: Whiteout Freezes (2 counters, Fatigued, no flip);
    Damage outside that Combat removes Frozen without Awakening it."""
    st = pos({"arena": ["yuki-onna"], "chapter": ["tidal-surge"], "aura": {"water": 2}},
             {"arena": ["woodwose"]})
    w = uid_of(st, "woodwose")
    fight(st, uid_of(st, "yuki-onna"), f"u{w}")
    (ind,) = page(st, w).indicators
    assert (ind.status, ind.counters) == ("frozen", 2) and page(st, w).fatigued
    go(st, 0, "play:tidal-surge")
    go(st, 1, "pass")
    assert page(st, w).indicators == [] and page(st, w).fatigued


def test_MZ_PARALYZE_01_02_paralyze_flip_zeroes_damage_and_tribal_boost():
    """MZ-PARALYZE-01, MZ-PARALYZE-02, MZ-TRIBE-03: Grave Howl flips for Paralyze; a Paralyzed Beastie loses its
    Tribal Boost and its Attacks deal 0."""
    st = pos({"arena": ["woodwose", "bridge-troll"]}, {})
    w = uid_of(st, "woodwose")
    page(st, w).indicators.append(Indicator("paralyze", turn=1))
    assert lp(st, w) == 80  # Tribal Boost gone
    with pytest.raises(RulesError):
        go(st, 0, f"attack:{w}:0")
    seeds_both_ways(_paralyze_flip)


def _paralyze_flip(seed):
    st = pos({"arena": ["barghest"]}, {"arena": ["woodwose"]}, seed=seed)
    w = uid_of(st, "woodwose")
    ev = go(st, 0, f"attack:{uid_of(st, 'barghest')}:0", f"target:u{w}")
    ev += go(st, 1, "pass")
    ev += go(st, 0, "pass")
    text = public(ev)
    heads = "Paralyze on Woodwose" in text and "heads" in text.split("Paralyze on Woodwose")[1][:30]
    paralyzed = any(i.status == "paralyze" for i in page(st, w).indicators)
    assert paralyzed == heads
    if heads:  # its strike back dealt 0
        assert lp(st, uid_of(st, "barghest")) == 60
    return heads


def test_MZ_SCARED_01_02_scared_flip_when_fatigued():
    """MZ-SCARED-01, MZ-SCARED-02, MZ-GAP-41: Spectral Lance Scares the Primary Defender (no flip); when the
    Scared Page would be Fatigued to attack, tails returns it to its owner's Chapter, heads removes Scared."""
    st = pos({"arena": ["wild-hunt-rider"]}, {"arena": ["woodwose"]})
    w = uid_of(st, "woodwose")
    fight(st, uid_of(st, "wild-hunt-rider"), f"u{w}")
    assert [i.status for i in page(st, w).indicators] == ["scared"]

    def run(seed):
        st = pos({"arena": [{"card": "woodwose", "indicators": [{"status": "scared"}]}]}, {}, seed=seed)
        w = uid_of(st, "woodwose")
        text = public(go(st, 0, f"attack:{w}:0", "target:p1"))
        heads = "heads" in text.split("Scared on")[1][:40]
        if heads:
            assert page(st, w).fatigued and page(st, w).indicators == [] and st.combat is not None
        else:
            assert names(st, st.casters[0].chapter) == ["woodwose"] and st.combat is None
        return heads
    seeds_both_ways(run)


def test_MZ_CONFUSION_01_02_confused_attacker_may_hurt_itself():
    """MZ-CONFUSION-01, MZ-CONFUSION-02, MZ-AAA-04: Mischief Confuses (no flip); a Confused attacker flips
    before its Attack: tails, it takes the Attack's Damage without advantages and the Attack does not resolve."""
    st = pos({"arena": ["puck"]}, {"arena": ["woodwose"]})
    w = uid_of(st, "woodwose")
    fight(st, uid_of(st, "puck"), f"u{w}")
    assert any(i.status == "confusion" for i in page(st, w).indicators)

    def run(seed):
        st = pos({"arena": [{"card": "kappa", "indicators": [{"status": "confusion"}]}]},
                 {"arena": ["ember-imp"]}, seed=seed)
        k = uid_of(st, "kappa")
        text = fight(st, k, f"u{uid_of(st, 'ember-imp')}")
        heads = "heads" in text.split("Confusion on")[1][:40]
        if heads:  # 20 + 20 Type + 20 Aura Attack Advantage: the Imp is Destroyed
            assert "ember-imp" in names(st, st.casters[1].limbo)
        else:  # 20 to itself (no advantages), the Attack is lost; the Imp strikes back for 20
            assert lp(st, k) == 10 and page(st, k).indicators == []
        return heads
    seeds_both_ways(run)


def test_MZ_COMBAT_03_burned_attacker_destroyed_ends_combat():
    """MZ-COMBAT-03, MZ-GAP-45: a Burned attacker with 20 LP or less is Destroyed on declaring; the Combat ends."""
    st = pos({"arena": [{"card": "ember-imp", "damage": 20, "indicators": [{"status": "burn", "counters": 2}]}]})
    fight(st, uid_of(st, "ember-imp"), "p1")
    assert caster_lp(st, 1) == 1000 and st.combat is None and names(st, st.casters[0].limbo) == ["ember-imp"]
