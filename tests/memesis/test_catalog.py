"""The Memesis card catalog: every card of the pool with its rules text written from its data, its
copy limit (MEM-GAP-01), search tags, and one-line lookups (``cards.card_line``)."""

from __future__ import annotations

import pytest

from games.core.catalog import CardNotFound
from games.memesis import cards as mcards
from games.memesis.catalog import build_catalog, card_line
from games.memesis.pool import card_pool


def test_MEM_GAP_01_every_card_is_in_the_catalog_with_text_and_its_copy_limit():
    """MEM-GAP-01, MEM-GEN-05: the catalog holds the pool in order; each entry has the card's name, rules text,
    the 3-copies-by-name limit, and resolves from its label; creatures show Attack / Life and Armor."""
    cat, pool = build_catalog(), card_pool()
    assert [c.id for c in cat] == list(pool)
    assert cat.game == "memesis" and cat.types() == ["Creature", "Cause", "Effect", "Rune"]
    for info in cat:
        card = pool[info.id]
        assert info.name == card.name and info.text.strip() and info.flavor == card.flavor
        assert "3 copies" in info.limit and "40-card deck" in info.limit  # no gap tag
        fields = dict(info.fields)
        assert fields["Kind"] == card.kind.title() and fields["Predilection"] == card.predilection.title()
        if card.kind == "creature":
            assert fields["Attack / Life"] == f"{card.attack} / {card.life}"
            assert fields.get("Armor") == (str(card.armor) if card.armor else None)
        for a in card.abilities:
            assert a.name in info.text
        for marking in card.markings:
            assert f"[{marking.title()} Rune]" in info.text
        assert cat.resolve(info.label) is info


def test_catalog_text_states_costs_ammo_and_fusion():
    """MEM-AMM-03, MEM-GAP-25, MEM-FUS-16: ability costs in source and Ammo, Rune fragments, Trans Fusion
    sets and True Fusion partners (by name, a detrimental result included) are spelled out."""
    cat = build_catalog()
    bow = cat.get("longbowman").text
    assert "Volley (1 Ammo): Deal 1 damage to target opposing creature." in bow
    assert "Arrow Storm (2 Ammo): Deal 2 damage to target opposing player." in bow
    assert "Null Point (1 source, any time)" in cat.get("keeper-of-zero").text
    assert "Fragment [Practical]" in cat.get("terracotta-warrior").text
    assert "Trans Fusion set: Sym" in cat.get("oxpecker").text
    assert "True Fusion with Remus the Scoffer: -3 Attack, -2 Life" in cat.get("romulus").text
    assert "Effect: one-time use" in cat.get("stolen-fire").text
    assert "Cause: stays in the Main Cell" in cat.get("printing-press").text
    assert "Spiritual marking" in cat.get("spiritual-rune").text


def test_catalog_search_filters():
    """Search tags: kind with marking, set, fusion kind, Ammo users, degrading upgrades (MEM-GAP-19); a cost
    filter matches whole numbers only."""
    cat, pool = build_catalog(), card_pool()
    found = cat.search("kind:creature marking:spiritual", limit=None)
    assert found and all(pool[c.id].kind == "creature" and "spiritual" in pool[c.id].markings for c in found)
    assert {c.id for c in cat.search("set:tic", limit=None)} == {c.id for c in pool.values() if c.set == "tic"}
    assert {c.id for c in cat.search("fusion:true", limit=None)} == {c.id for c in pool.values() if c.partner}
    ammo = cat.search("ammo:yes", limit=None)
    assert "longbowman" in {c.id for c in ammo} and "printing-press" not in {c.id for c in ammo}
    assert "golem-of-prague" in {c.id for c in cat.search("degrading:yes", limit=None)}
    assert all(pool[c.id].cost == 1 for c in cat.search("cost:1", limit=None))
    assert cat.search("zzqqxx") == []


def test_card_line_lookup_by_name_id_and_near_miss():
    """``card_line`` finds a card by name, id or a clear near miss and gives ``cards.card_line``; nothing
    close raises CardNotFound with a readable message."""
    pool = card_pool()
    line = card_line("Oracle of Delphi")
    assert line == mcards.card_line(pool["oracle-of-delphi"])
    assert line.startswith("Oracle of Delphi — Spiritual creature, cost 3, 1/4.")
    assert card_line("clockwork-owl") == mcards.card_line(pool["clockwork-owl"])
    assert card_line("Clockwork Owel").startswith("Clockwork Owl — Mathematical creature, cost 2, 2/2, Armor 1")
    assert card_line("Spiritual Rune").startswith("Spiritual Rune — Spiritual rune")
    with pytest.raises(CardNotFound, match="No Memesis card is named"):
        card_line("qqqq zzzz")
