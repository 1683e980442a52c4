"""Traits given by Equipment protect the Equipped Page (MZ-EQUIPTRAIT-01, MZ-EQUIP-03, MZ-EQUIP-07) through the
contract: Spirit (MZ-SPIRITTRAIT-01), Invisible (MZ-INVISIBLE-01) and Flight (MZ-FLIGHT-01) against Attack
targets, Magiproof (MZ-MAGIPROOF-01) against Spell targets; Convert and Self-Destruct given by Equipment can be
used (MZ-CONVERT-01, MZ-SELFDESTRUCT-01).

No Page in the pool gives these Traits as Equipment, so each test adds a test-only Spell stand-in
(``test-<trait>-cloak``, Equipment Trait, ``equip: {traits: [<trait>]}``) to the cached Page pool for its own
duration (``monkeypatch`` removes it afterwards)."""

from __future__ import annotations

import pytest
from mz_helpers import go, ids, names, page, pos, uid_of

from games.core.contract import RulesError
from games.metazoo.cards import parse_pages
from games.metazoo.pool import card_pool


@pytest.fixture
def cloaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Adds ``test-<trait>-cloak`` for Spirit, Invisible, Flight, Magiproof, Convert and Self-Destruct."""
    raw = [{"id": f"test-{t.replace('_', '-')}-cloak", "name": f"Test {t.capitalize()} Cloak", "type": "spell",
            "cost": {"neutral": 1}, "limit": 2, "traits": ["equipment"], "equip": {"traits": [t]},
            "effects": [{"timing": "contract", "target": "own_beastie", "steps": [{"do": "equip"}],
                         "text": f"Equip to one of your Beasties: it has {t.capitalize()}."}]}
           for t in ("spirit", "invisible", "flight", "magiproof", "convert", "self_destruct")]
    pool = card_pool()
    for pid, pg in parse_pages(raw, "test cloaks").items():
        monkeypatch.setitem(pool, pid, pg)


@pytest.mark.parametrize("trait", ["spirit", "invisible", "flight"])
def test_MZ_SPIRITTRAIT_01_INVISIBLE_01_FLIGHT_01_EQUIP_07_equipment_trait_stops_attack_targeting(cloaks, trait):
    """MZ-EQUIPTRAIT-01, MZ-EQUIP-07, MZ-SPIRITTRAIT-01, MZ-INVISIBLE-01, MZ-FLIGHT-01: Ben's Kappa (no printed
    Traits) wearing an Equipment that gives Spirit, Invisible or Flight cannot be the target of the Grim Hound's
    declared Attack (no Flight); the unequipped Kappa beside it still can."""
    st = pos({"arena": ["grim-hound"]},
             {"arena": [{"card": "kappa", "equipment": [f"test-{trait}-cloak"]}, "selkie"]})
    kappa, selkie = uid_of(st, "kappa"), uid_of(st, "selkie")
    go(st, 0, f"attack:{uid_of(st, 'grim-hound')}:0")
    assert set(ids(st, 0)) == {"target:p1", f"target:u{selkie}", "back"}
    assert f"target:u{kappa}" not in ids(st, 0)


def test_MZ_FLIGHT_01_EQUIP_07_equipment_flight_still_lets_flight_attack(cloaks):
    """MZ-FLIGHT-01, MZ-EQUIP-07: a Beastie given Flight by Equipment can still be attacked by a Beastie with
    Flight (the Young Wyvern)."""
    st = pos({"arena": ["young-wyvern"]}, {"arena": [{"card": "kappa", "equipment": ["test-flight-cloak"]}]})
    go(st, 0, f"attack:{uid_of(st, 'young-wyvern')}:0")
    assert f"target:u{uid_of(st, 'kappa')}" in ids(st, 0)


def test_MZ_MAGIPROOF_01_EQUIP_03_07_equipment_magiproof_stops_opposing_spell(cloaks):
    """MZ-MAGIPROOF-01, MZ-EQUIP-07: Ana's Hex Bolt (a Spell targeting an opposing Beastie) cannot target Ben's
    Kappa wearing an Equipment that gives Magiproof; only the unequipped Selkie is offered."""
    st = pos({"chapter": ["hex-bolt"], "aura": {"dark": 1}},
             {"arena": [{"card": "kappa", "equipment": ["test-magiproof-cloak"]}, "selkie"]})
    go(st, 0, "play:hex-bolt")
    assert ids(st, 0) == [f"target:u{uid_of(st, 'selkie')}", "back"]


def test_MZ_MAGIPROOF_01_EQUIPTRAIT_01_EQUIP_03_contracted_equipment_gives_magiproof(cloaks):
    """MZ-EQUIPTRAIT-01, MZ-EQUIP-03, MZ-EQUIP-07, MZ-MAGIPROOF-01, MZ-AURA-07: Ana Contracts the Magiproof
    Equipment onto her only Beastie; her Trollhide Girdle (a Spell targeting one of her Beasties) then has no
    valid target and cannot be Contracted."""
    st = pos({"chapter": ["test-magiproof-cloak", "trollhide-girdle"], "aura": {"flame": 2}, "arena": ["kappa"]})
    k = uid_of(st, "kappa")
    go(st, 0, "play:test-magiproof-cloak", f"target:u{k}")
    go(st, 1, "pass")
    assert names(st, page(st, k).equipment) == ["test-magiproof-cloak"]
    with pytest.raises(RulesError) as exc:
        go(st, 0, "play:trollhide-girdle")
    assert exc.value.rule == "MZ-AURA-07"


def test_MZ_CONVERT_01_SELFDESTRUCT_01_EQUIP_07_equipment_traits_can_be_used(cloaks):
    """MZ-EQUIP-07, MZ-CONVERT-01, MZ-SELFDESTRUCT-01: a Kappa given Convert by one Equipment and Self-Destruct
    by another is offered both; Converting Fatigues it for 1 Water Aura."""
    st = pos({"arena": [{"card": "kappa", "equipment": ["test-convert-cloak", "test-self-destruct-cloak"]}]})
    k = uid_of(st, "kappa")
    assert {f"convert:{k}", f"selfdestruct:{k}"} <= set(ids(st, 0))
    go(st, 0, f"convert:{k}")
    assert page(st, k).fatigued and st.casters[0].aura.get("water") == 1
