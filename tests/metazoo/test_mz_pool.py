"""The original MetaZoo pool and its starter Spellbooks (MZ-GAP-01): size, coverage of every
Page type, Aura type, Trait, Status, Terra Bonus, 4th Wall kind, Equipment, Trap and token mechanic; the four
new starters are legal (MZ-BOOK-01/02) and play to the end with every Page conserved (MZ-CORE-10)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import get_args

import pytest
from mz_helpers import caster_lp, go, lp, names, page, pos, public, uid_of
from test_mz_playouts import check_conservation, check_log, check_views

from games.core.carddata import load_yaml
from games.core.contract import SeatSetup
from games.core.players import RandomPlayer
from games.metazoo import GAME as MZ
from games.metazoo.cards import (
    ALL_AURA,
    AURA_TYPES,
    PAGE_TYPES,
    TARGETING,
    TERRA_BONUSES,
    TRAITS,
    Status,
    Step,
    Timing,
    parse_pages,
    token_of,
)
from games.metazoo.pool import card_pool, data_dir, starter_decks, validate_deck

NEW_STARTERS = ("wildfire-rush", "snare-warren", "skywatch", "blight-moor")
WALL_KINDS = ("object", "room", "person")
WALL_THEN = ("no_contract", "no_attack", "to_chapter")


def new_pages():
    """The Pages of ``data/metazoo/pages.yaml`` (the original pool, without the test pool)."""
    path = data_dir() / "pages.yaml"
    return parse_pages(load_yaml(path), str(path))


def statuses_of(page) -> set[str]:
    """Every Status a Page can inflict: its Attacks' Status icons and its ``inflict`` steps."""
    out = {a.status for a in page.attacks if a.status}
    out |= {s.status for e in page.effects for s in e.steps if s.do == "inflict"}
    return out


def test_MZ_GAP_01_pool_size_and_page_types():
    """MZ-GAP-01, MZ-CORE-01: at least 110 original Pages (120 with the test pool), every Page type, unique
    names, and each new Page carries rules text or flavour."""
    pool, new = card_pool(), new_pages()
    assert len(new) >= 110
    assert len(pool) >= 120
    assert set(new).isdisjoint(set(pool) - set(new)) and set(new) <= set(pool)
    assert {p.type for p in new.values()} == set(PAGE_TYPES)
    names = Counter(p.name for p in pool.values())
    assert [n for n, k in names.items() if k > 1] == []
    bare = [p.id for p in new.values() if not p.flavor and not any(e.text for e in p.effects)]
    assert bare == []


def test_MZ_TYPE_01_every_aura_type():
    """MZ-TYPE-01, MZ-AURA-01: an Aura Page for each of the ten types, Neutral and Special; a Beastie of each
    typed Aura and of Neutral; Dual Aura Beasties exist (MZ-TYPE-03)."""
    pool = card_pool()
    auras = {p.aura for p in pool.values() if p.type == "aura"}
    assert auras == set(ALL_AURA)
    beastie_types = {t for p in pool.values() if p.type == "beastie" for t in p.base_types}
    assert beastie_types >= set(AURA_TYPES) | {"neutral"}
    duals = [p.id for p in new_pages().values() if p.type == "beastie" and len(p.base_types) == 2]
    assert len(duals) >= 3
    special = [p for p in new_pages().values() if p.aura == "special"]
    assert special and all(p.limit for p in special)  # Special Aura has a Spellbook Limit (Page Types)


def test_MZ_TRAIT_01_every_trait_and_status_used():
    """MZ-TRAIT-01, MZ-STATUS-01: every Trait of cards.TRAITS and every Status appears on a new Page."""
    new = new_pages().values()
    assert {t for p in new for t in p.traits} == set(TRAITS)
    assert set().union(*(statuses_of(p) for p in new)) == set(get_args(Status))
    assert any(p.traits.count("regen") > 1 for p in new)  # MZ-TRAIT-02: Regen stacks
    assert any(p.tribal_boost for p in new) and any(p.tribe and not p.tribal_boost for p in new)


def test_MZ_TERRA_01_every_terra_bonus_has_a_terra_page():
    """MZ-TERRA-01, MZ-TERRA-02, MZ-TERRA-09: a Terra Page for each of the 24 Terra Bonuses, so every printed
    Terra Bonus can be switched on by a Page (virtual mode); Special Terra with Effects; printed bonuses
    raise Damage and LP."""
    pool = card_pool()
    terra = {p.bonus for p in pool.values() if p.type == "terra"}
    assert terra == set(TERRA_BONUSES)
    new = new_pages().values()
    special = [p for p in new if p.type == "terra" and p.special]
    assert len(special) >= 3 and all(p.effects and p.limit for p in special)
    printed = [b for p in new for b in p.terra_bonuses]
    assert {b.bonus for b in printed} <= terra
    assert any(b.damage for b in printed) and any(b.lp for b in printed)


def test_MZ_WALL_01_fourth_wall_clauses():
    """MZ-WALL-01..03, MZ-WALL-05: 4th Wall clauses cover a Terra feature, an object, the room and the
    Caster's person, and every consequence (no Contract, no Attack, back to the Chapter, a Trait gained);
    each condition is a Terra Bonus name or ``kind: words``, each Trait gained a real Trait."""
    clauses = [w for p in new_pages().values() for w in p.wall]
    kinds, thens = set(), set()
    for w in clauses:
        kind = w.condition.split(":")[0] if ":" in w.condition else "terra"
        assert kind in WALL_KINDS + ("terra",), w.condition
        if kind == "terra":
            assert w.condition in TERRA_BONUSES, w.condition
        else:
            assert w.condition.split(":", 1)[1].strip(), w.condition
        assert w.then in WALL_THEN + TRAITS, w.then
        kinds.add(kind)
        thens.add(w.then if w.then in WALL_THEN else "trait")
    assert kinds == set(WALL_KINDS) | {"terra"}
    assert thens == set(WALL_THEN) | {"trait"}
    # MZ-WALL-02: an object a clause names is also a Page name (the train stand-in).
    names = {p.name.lower() for p in card_pool().values()}
    assert any("train" in n.split() for n in names)


def test_MZ_EQUIPTRAIT_01_equipment_traps_and_tokens():
    """MZ-EQUIPTRAIT-01, MZ-EQUIP-04, MZ-TRAP-01, MZ-INFECTIOUS-02: Equipment on a Beastie, an Artifact and a
    Spell (non-Beasties target a Page on Contract); Traps of every kind that can be Contracted (Trap Spells
    and Potions with FLIPPED Effects); an Infectious Beastie whose token is well formed."""
    new = new_pages().values()
    equip = {p.type: p for p in new if "equipment" in p.traits}
    assert {"beastie", "artifact", "spell"} <= set(equip)
    for p in new:
        if "equipment" in p.traits and p.type != "beastie":
            assert p.targeting is not None, p.id
    # MZ-EQUIP-07: what each Equipment gives while attached is data: its only CONTRACT steps equip, and the
    # bonuses cover Attack Damage (raised, and lowered on an opposing Beastie, MZ-GAP-59), LP and Traits.
    gear = [p for p in new if "equipment" in p.traits]
    for p in gear:
        contract = [e for e in p.effects if e.timing == "contract"]
        assert [s.do for e in contract for s in e.steps] == ["equip"], p.id
        assert p.equip is not None and (p.equip.damage or p.equip.lp or p.equip.traits), p.id
    assert any(p.equip.damage > 0 for p in gear) and any(p.equip.lp > 0 for p in gear)
    assert any(p.equip.traits for p in gear)
    assert any(p.equip.damage < 0 and p.targeting.target == "opposing_beastie" for p in gear if p.targeting)
    traps = Counter(p.type for p in new if "trap" in p.traits)
    assert {"beastie", "artifact", "spell", "potion"} <= set(traps)
    for p in new:
        if "trap" in p.traits and p.type in ("spell", "potion"):
            assert any(e.timing == "flipped" for e in p.effects), p.id
    infectious = [p for p in new if "infectious" in p.traits]
    assert infectious
    tok = token_of(infectious[0])
    assert tok.token and tok.lp == infectious[0].lp and tok.name == ""


def test_MZ_KW_01_effect_keywords_and_steps():
    """MZ-KW-01..04, MZ-PRIO-03, MZ-TGT-01, MZ-TGT-03: the new Pages use every Effect timing the engine
    resolves (CONTRACT, FLIPPED, ARENA, DESTROYED, any time, Powers, start and end of turn), targeting
    and non-targeting Effects, and the whole pool uses every step of the vocabulary."""
    new = new_pages().values()
    timings = {e.timing for p in new for e in p.effects}
    assert timings == set(get_args(Timing))
    targets = {e.target for p in new for e in p.effects}
    assert targets & TARGETING and targets - TARGETING
    steps = {s.do for p in card_pool().values() for e in p.effects for s in e.steps}
    assert steps == set(get_args(Step.model_fields["do"].annotation))
    assert any(e.timing == "any_time" for p in new if p.type == "beastie" for e in p.effects)
    assert any(p.any_time for p in new if p.type == "spell") and any(p.any_time for p in new if p.type == "potion")


def test_MZ_BOOK_01_new_starters_are_legal():
    """MZ-BOOK-01, MZ-BOOK-02: each new starter has at least 40 Pages, keeps every Spellbook Limit, and uses
    Pages of the original pool beyond Basic Aura."""
    decks, new = starter_decks(), new_pages()
    assert set(NEW_STARTERS) <= set(decks)
    for sid in NEW_STARTERS:
        cards = decks[sid].card_list()
        assert len(cards) >= 40
        assert validate_deck(cards) == [], sid
        non_aura = [c for c in cards if card_pool()[c].type != "aura"]
        assert all(c in new for c in non_aura), sid


def test_new_starters_have_different_plans():
    """Four different plans, visible in the lists: Wildfire Rush is mostly Flame and
    cheap; Snare Warren is Trap-heavy; Skywatch plays Terra and Terra/4th Wall Pages; Blight Moor inflicts
    Statuses."""
    decks, pool = starter_decks(), card_pool()

    def pages(sid):
        return [pool[c] for c in decks[sid].card_list()]

    rush = [p for p in pages("wildfire-rush") if p.type == "beastie"]
    assert sum(sum(p.cost.values()) <= 2 for p in rush) >= 0.75 * len(rush)
    assert sum("flame" in p.base_types for p in pages("wildfire-rush") if p.type != "aura") >= 15
    assert sum("trap" in p.traits for p in pages("snare-warren")) >= 15
    sky = pages("skywatch")
    assert sum(p.type == "terra" for p in sky) >= 6
    assert sum(bool(p.terra_bonuses or p.wall) for p in sky if p.type != "terra") >= 10
    assert sum(bool(statuses_of(p)) for p in pages("blight-moor")) >= 20


@pytest.mark.slow
@pytest.mark.parametrize("pair", list(itertools.permutations(NEW_STARTERS, 2)), ids="-vs-".join)
def test_MZ_CORE_10_new_starters_play_out(pair):
    """MZ-CORE-10, MZ-WIN-05, MZ-CORE-08: a seeded game between two new starters (random players, then
    computer players) ends with a result, conserving every Page and leaking no hidden Page after every
    choice."""
    decks = MZ.starter_decks()  # through the Game contract: starter id -> list of Page ids
    seed = NEW_STARTERS.index(pair[0]) * 4 + NEW_STARTERS.index(pair[1])
    for round_ in range(2):
        st = MZ.new_game([SeatSetup("Ana", decks[pair[0]]), SeatSetup("Ben", decks[pair[1]])], None, seed)
        if round_ == 0:
            players = [RandomPlayer(seed * 7), RandomPlayer(seed * 7 + 1)]
        else:
            players = [MZ.computer(seed), MZ.computer(seed + 1)]
        steps = 0
        while decs := MZ.decisions(st):
            (d,) = decs
            events = MZ.apply(st, d.seat, players[d.seat](d, MZ.view(st, d.seat)))
            steps += 1
            check_conservation(st)
            check_views(st)
            check_log(st, events)
            assert steps < 20000, "the game does not end"
        assert MZ.result(st) is not None
        assert sum(not c.startswith("token:") for c in st.cards) == sum(len(decks[s]) for s in pair)


def test_MZ_EQUIP_07_MZ_GAP_59_gleipnir_weakens_an_opposing_beastie():
    """MZ-EQUIP-07, MZ-EQUIP-10, MZ-GAP-59: Gleipnir (a Spell) is equipped to Ben's Draugr and stays under it; the
    Draugr's Attacks now deal 30 less, so striking back at the Wolpertinger it deals 10, not 40."""
    st = pos({"chapter": ["gleipnir"], "aura": {"earth": 2}, "arena": ["wolpertinger"]}, {"arena": ["draugr"]})
    w, d = uid_of(st, "wolpertinger"), uid_of(st, "draugr")
    go(st, 0, "play:gleipnir", f"target:u{d}")
    go(st, 1, "pass")
    assert names(st, page(st, d).equipment) == ["gleipnir"] and st.casters[0].cemetery == []
    go(st, 0, f"attack:{w}:0", f"target:u{d}")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert "-30 Equipment)." in ev
    assert lp(st, w) == 30 and lp(st, d) == 90


def test_MZ_KW_03_carnyx_and_morrigan_arena_bonuses():
    """MZ-KW-03: ARENA Attack-Damage Effects of the pool add up while face-up: the Carnyx gives Ana's Beasties
    +10 and the Morrígan every Beastie +10, so the Wolpertinger's 20 becomes 40."""
    st = pos({"arena": ["carnyx", "morrigan", "wolpertinger"]})
    go(st, 0, f"attack:{uid_of(st, 'wolpertinger')}:0", "target:p1")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert "+20 ARENA Effects" in ev
    assert caster_lp(st, 1) == 960
