"""The MetaZoo card catalog behind ``/card``, ``/deck`` and ``metahost deck``: every Page of
the pool, its text written from its data, its Spellbook Limit (MZ-BOOK-02) and search tags."""

from __future__ import annotations

from games import get_game
from games.metazoo.pool import card_pool

ZOO = get_game("metazoo")


def test_every_page_is_in_the_catalog_with_text_and_its_spellbook_limit_mz_book_02():
    """MZ-BOOK-02: the limit shown is the Page's printed Spellbook Limit, or none (any number of copies)."""
    cat = ZOO.card_catalog()
    pool = card_pool()
    assert [c.id for c in cat] == list(pool)
    for card in cat:
        page = pool[card.id]
        assert card.text.strip() and card.name == page.name
        if page.limit is None:
            assert card.limit.startswith("No Spellbook Limit") and "see /rules MZ-BOOK-02" in card.limit
        else:
            assert card.limit == f"Up to {page.limit} per Spellbook (see /rules MZ-BOOK-02)"
        for attack in page.attacks:
            assert f"{attack.name}: {attack.damage} Damage" in card.text
        assert cat.resolve(card.label) is card


def test_search_filters_by_type_trait_and_aura():
    cat = ZOO.card_catalog()
    fliers = cat.search("trait:flight", limit=None)
    assert fliers and all("flight" in card_pool()[c.id].traits for c in fliers)
    water = cat.search("type:beastie aura:water", limit=None)
    assert water and all(card_pool()[c.id].type == "beastie" and "water" in card_pool()[c.id].cost for c in water)
    walls = cat.search("wall:yes", limit=None)
    assert walls and all(card_pool()[c.id].wall for c in walls)
    assert cat.search("zzqqxx") == []
