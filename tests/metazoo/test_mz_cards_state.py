"""MetaZoo Page schema, pool loading, Spellbook legality and the state model's JSON round trip."""

from __future__ import annotations

import pytest

from games.core.carddata import CardDataError
from games.core.serial import dumps, loads
from games.metazoo.cards import parse_pages, parse_wheel
from games.metazoo.pool import card_pool, starter_decks, validate_deck, wheel
from games.metazoo.state import ArenaPage, Caster, ChainItem, Combat, Indicator, State


def test_MZ_CORE_01_pool_has_every_page_type_and_record_fields():
    """MZ-CORE-01, MZ-GAP-01, MZ-GAP-02: the test pool holds all six Page types with the printed fields."""
    pool = card_pool()
    assert {p.type for p in pool.values()} == {"aura", "beastie", "spell", "potion", "artifact", "terra"}
    kappa = pool["kappa"]
    assert kappa.lp == 50 and kappa.attacks[0].damage == 20 and kappa.attacks[0].advantage == "flame"
    assert pool["woodwose"].tribe == "Wildfolk" and pool["woodwose"].tribal_boost


@pytest.mark.parametrize("cost, types", [
    ({}, ("neutral",)), ({"neutral": 2}, ("neutral",)), ({"flame": 1}, ("flame",)),
    ({"flame": 1, "neutral": 1}, ("flame",)), ({"flame": 2}, ("flame",)),
    ({"forest": 1, "flame": 1}, ("forest", "flame")),
])
def test_MZ_TYPE_02_base_aura_types_from_cost(cost, types):
    """MZ-TYPE-02: the rulebook's table of Aura Costs and Base Aura types."""
    (page,) = parse_pages([{"id": "x-page", "name": "Xyz", "type": "spell", "cost": cost}], "t").values()
    assert page.base_types == types


@pytest.mark.parametrize("bad, words", [
    ({"type": "potion", "cost": {"flame": 1}}, "Potion costs 0"),
    ({"type": "beastie", "lp": 0}, "LP >= 1"),
    ({"type": "spell", "attacks": [{"name": "Hit", "damage": 10}]}, "only Beasties have Attacks"),
    ({"type": "aura"}, "names the 'aura'"),
    ({"type": "beastie", "lp": 10, "traits": ["flight", "flight"]}, "listed twice"),
    ({"type": "beastie", "lp": 10, "traits": ["wings"]}, "traits"),
])
def test_MZ_CORE_01_bad_pages_are_refused_with_the_field(bad, words):
    """MZ-CORE-01, MZ-CORE-07, MZ-CORE-06: invalid Page data names the Page and what is wrong."""
    with pytest.raises(CardDataError) as exc:
        parse_pages([{"id": "bad-page", "name": "Bad", **bad}], "pool.yaml")
    assert "bad-page" in str(exc.value) and words in str(exc.value)


def test_MZ_TYPE_06_wheel_is_data_light_beats_dark():
    """MZ-TYPE-06, MZ-GAP-07: the wheel comes from data; the one stated relation holds."""
    assert "dark" in wheel()["light"]
    with pytest.raises(CardDataError):
        parse_wheel({"light": ["neutral"]}, "wheel.yaml")


def test_MZ_BOOK_01_02_spellbook_size_and_limits():
    """MZ-BOOK-01 (at least 40, a maximum, MZ-GAP-76), MZ-BOOK-02 (Spellbook Limit; Basic Aura unlimited)."""
    for deck in starter_decks().values():
        assert validate_deck(deck.card_list()) == []
    short = ["flame-aura"] * 39
    assert [e.rule for e in validate_deck(short)] == ["MZ-BOOK-01"]
    assert validate_deck(["flame-aura"] * 40) == []  # no printed limit: unlimited
    over = ["flame-aura"] * 36 + ["young-wyvern"] * 4
    errs = validate_deck(over)
    assert [e.rule for e in errs] == ["MZ-BOOK-02"] and "Young Wyvern" in errs[0].message
    assert [e.rule for e in validate_deck(["flame-aura"] * 61)] == ["MZ-BOOK-01"]


def test_MZ_CORE_10_state_round_trips_through_json():
    """MZ-CORE-10, MZ-CORE-09, MZ-STATUS-07: a state with every part filled serialises and loads back equal."""
    st = State(cards=["kappa", "fire-dart"], owner=[0, 1], casters=[Caster("Ana"), Caster("Ben")], rng=5, seed=1)
    st.casters[0].aura = {"water": 1, "neutral": 0}
    st.casters[1].indicators.append(Indicator("burn", 3, 2))
    st.arena.append(ArenaPage(uid=1, card=0, controller=0, damage=10, indicators=[Indicator("frozen", 2, 1, 1)]))
    st.chain.append(ChainItem("contract", 1, 1, targets=[1]))
    st.combat = Combat(attacker=1, attack=0, target=-2, number=1, defenders=[], primary=-2)
    text = dumps(st)
    again = loads(State, text)
    assert again == st and dumps(again) == text


def test_MZ_TYPE_01_MZ_TERRA_01_vocabularies():
    """MZ-TYPE-01, MZ-TERRA-01, MZ-GAP-82, MZ-TRAIT-01: ten Aura types with Type Advantage plus Neutral and
    Special (none in the wheel); the 24 Terra Bonuses; the 22 Traits; an unknown bonus is refused."""
    from games.metazoo.cards import AURA_TYPES, TERRA_BONUSES, TRAITS

    assert len(AURA_TYPES) == 10 and len(TERRA_BONUSES) == 24 and len(TRAITS) == 22
    assert set(wheel()) <= set(AURA_TYPES) and not {"neutral", "special"} & {t for v in wheel().values() for t in v}
    with pytest.raises(CardDataError):
        parse_pages([{"id": "odd-terra", "name": "Odd", "type": "terra", "bonus": "volcano"}], "t")


def test_MZ_BOOK_04_archive_size_and_shared_limits():
    """MZ-BOOK-04, MZ-BOOK-02: an Archive holds at most 15 Pages and shares the Spellbook Limit with the
    Spellbook."""
    from games.metazoo.pool import validate_archive

    book = ["flame-aura"] * 36 + ["young-wyvern"] * 3 + ["kappa"]
    assert validate_archive(book, ["kappa"] * 3) == []
    assert [e.rule for e in validate_archive(book, ["flame-aura"] * 16)] == ["MZ-BOOK-04"]
    errs = validate_archive(book, ["young-wyvern"])
    assert [e.rule for e in errs] == ["MZ-BOOK-02"] and "Young Wyvern" in errs[0].message


def test_MZ_BOOK_06_archive_swaps_are_one_for_one():
    """MZ-BOOK-06: a swap keeps both sizes; uneven swaps or Pages not where they should be are refused."""
    from games.core.contract import RulesError
    from games.metazoo.pool import archive_swap

    book, arch = ["flame-aura"] * 40, ["kappa", "selkie"]
    nb, na = archive_swap(book, arch, ["flame-aura"], ["kappa"])
    assert len(nb) == 40 and len(na) == 2 and "kappa" in nb and na.count("flame-aura") == 1
    for out, into in ((["flame-aura"], []), (["kappa"], ["selkie"]), (["flame-aura"], ["ember-imp"])):
        with pytest.raises(RulesError) as exc:
            archive_swap(book, arch, out, into)
        assert exc.value.rule == "MZ-BOOK-06"
