"""games/core/catalog.py and the Meta/MetaX catalogs: search (normalisation, ranking, filters,
limit), resolve (exact only, ambiguous versions, near misses) and the pools round-tripping through it."""

from __future__ import annotations

import re

import pytest

from games import get_game
from games.core import textsearch
from games.core.catalog import CardInfo, CardNotFound, Catalog, labels
from games.meta.catalog import build_catalog as meta_catalog
from games.meta.pool import card_pool as meta_pool
from games.meta.pool import starter_decks as meta_starters
from games.metax.cards import BattleCard, CharacterCard, EventCard, Stat
from games.metax.catalog import build_catalog as metax_catalog
from games.metax.pool import card_pool as metax_pool
from games.metax.pool import starter_decks as metax_starters

RULE_ID = re.compile(r"\b(META|MX)-[A-Z]+-\d+\b")


def _card(cid: str, name: str, type_: str = "Event", label: str | None = None, **tags: str) -> CardInfo:
    return CardInfo(id=cid, name=name, type=type_, label=label or name, fields=(("Cost", "1"),), text="x",
                    tags=(("type", type_.lower()), *tags.items()))


@pytest.fixture
def small() -> Catalog:
    # The exact match "Spark" comes last in pool order so ranking, not order, must put it first.
    return Catalog("t", "Test", [
        _card("a", "Sparkle", cost="10"),
        _card("b", "Spark of Ruin", "Battle", cost="1"),
        _card("c", "Spark", "Battle", cost="2"),
    ])


@pytest.fixture(params=["meta", "metax"])
def game_catalog(request: pytest.FixtureRequest) -> tuple[str, Catalog]:
    return request.param, get_game(request.param).card_catalog()


def _labels(cards: list[CardInfo]) -> list[str]:
    return [c.label for c in cards]


# -- search ------------------------------------------------------------------------------------------


def test_search_ignores_case_and_accents():
    assert meta_catalog().search("kindlíng")[0].name == "Kindling"
    assert metax_catalog().search("HERCULES")[0].id == "hercules"
    assert metax_catalog().search("joan of arc maid of orleans")[0].id == "joan-of-arc"  # "Orléans"


def test_exact_name_ranks_above_prefix_matches(small: Catalog):
    assert [c.id for c in small.search("spark")] == ["c", "a", "b"]


def test_prefix_word_prefix_and_fuzzy_find_hercules():
    cat = metax_catalog()
    assert cat.search("herc")[0].id == "hercules"
    assert cat.search("son thunder")[0].id == "hercules"
    assert cat.search("hercles")[0].id == "hercules"


def test_search_matches_ids_too():
    assert {c.id for c in meta_catalog().search("e018")[:2]} == {"e018.1", "e018.2"}


def test_search_returns_at_most_limit(game_catalog: tuple[str, Catalog]):
    _, cat = game_catalog
    assert len(cat.search("", limit=5)) == 5
    assert len(cat.search("a", limit=3)) <= 3
    assert len(cat.search("", limit=None)) == len(cat)
    assert len(cat.search("")) == min(25, len(cat))


def test_empty_name_part_lists_filtered_cards_in_pool_order():
    cat = metax_catalog()
    battles = [c for c in cat if c.type == "Battle"]
    assert cat.search("type:battle", limit=None) == battles
    assert battles and all(isinstance(metax_pool()[c.id], BattleCard) for c in battles)


def test_stat_filter_matches_by_prefix_and_combines_with_rank():
    cat = metax_catalog()
    strong = cat.search("stat:str", limit=None)
    pool = metax_pool()
    expected = [cid for cid, c in pool.items()
                if isinstance(c, CharacterCard | BattleCard) and Stat.STRENGTH in c.stats]
    assert [c.id for c in strong] == expected
    rank5 = cat.search("stat:str rank:5", limit=None)
    assert rank5 and all(pool[c.id].rank == 5 and Stat.STRENGTH in pool[c.id].stats for c in rank5)
    assert len(rank5) == sum(1 for c in pool.values()
                             if isinstance(c, BattleCard) and c.rank == 5 and Stat.STRENGTH in c.stats)


def test_trait_filter_with_a_name_part():
    cat = metax_catalog()
    villains = cat.search("trait:villain", limit=None)
    assert {c.id for c in villains} == {cid for cid, c in metax_pool().items()
                                        if isinstance(c, CharacterCard) and c.trait == "Villain"}
    assert cat.search("trait:villain dracula")[0].id == "dracula"
    assert all(c.id != "hercules" for c in cat.search("trait:villain hercules", limit=None))


def test_cost_filter_covers_events_and_battle_costs_and_numbers_match_whole(small: Catalog):
    found = metax_catalog().search("cost:2", limit=None)
    pool = metax_pool()
    assert any(isinstance(pool[c.id], EventCard) for c in found)
    assert any(isinstance(pool[c.id], BattleCard) for c in found)
    for c in found:
        card = pool[c.id]
        assert card.cost == 2 if isinstance(card, EventCard) else card.mp == -2
    assert [c.id for c in small.search("cost:1")] == ["b"]  # not "10"


def test_unknown_filter_key_matches_nothing(game_catalog: tuple[str, Catalog]):
    _, cat = game_catalog
    assert cat.search("colour:red") == []
    assert cat.search("colour:red spark") == []
    assert cat.search("ty:event") == []  # keys match whole; only values match by prefix


def test_meta_filters():
    cat = meta_catalog()
    stars = cat.search("uniqueness:*", limit=None)
    assert stars and {c.id for c in stars} == {cid for cid, c in meta_pool().items() if c.star}
    triggers = cat.search("type:trig fires:before", limit=None)
    assert triggers and all(c.type == "Trigger" and meta_pool()[c.id].condition.when == "before"
                            for c in triggers)


def test_types_in_order_of_first_appearance():
    assert meta_catalog().types() == ["Event", "Meta", "Trigger"]
    assert metax_catalog().types() == ["Character", "Event", "Battle"]


# -- resolve ----------------------------------------------------------------------------------------


def test_resolve_exact_name_id_label_and_name_with_id():
    x, m = metax_catalog(), meta_catalog()
    assert x.resolve("Hercules — Son of Thunder").id == "hercules"
    assert x.resolve("b-str-1").name == "Shove"
    assert m.resolve("E018.2").id == "e018.2"
    assert m.resolve("Kindling (e018.1)").id == "e018.1"
    assert m.resolve("  kindling(e018.2) ").id == "e018.2"
    assert x.resolve("Shove (b-str-1)").id == "b-str-1"


def test_resolve_ignores_case_accents_and_punctuation():
    x = metax_catalog()
    assert x.resolve("JOAN OF ARC - MAID OF ORLEANS").id == "joan-of-arc"
    assert x.resolve("ragnarok").id == "ev-ragnarok"


def test_resolve_shared_name_names_every_version():
    with pytest.raises(CardNotFound) as exc:
        meta_catalog().resolve("kindling")
    err = exc.value
    assert err.message == ("'Kindling' has 2 versions in Meta: write 'Kindling (e018.1)' or "
                           "'Kindling (e018.2)'.")
    assert [c.id for c in err.suggestions] == ["e018.1", "e018.2"]
    assert isinstance(err, LookupError) and str(err) == err.message


def test_resolve_unknown_name_suggests_closest():
    with pytest.raises(CardNotFound) as exc:
        metax_catalog().resolve("Hercles")
    err = exc.value
    assert err.message.startswith("No MetaX card is named 'Hercles'. Closest: Hercules — Son of Thunder")
    assert 1 <= len(err.suggestions) <= 3 and err.suggestions[0].id == "hercules"
    with pytest.raises(CardNotFound) as exc:
        metax_catalog().resolve("zzqqxxjj")
    assert exc.value.message == "No MetaX card is named 'zzqqxxjj'. No card is close to that name."
    assert exc.value.suggestions == []


def test_resolve_does_not_accept_a_unique_prefix():
    cat = metax_catalog()
    assert [c.id for c in cat.search("son of thun")][:1] == ["hercules"]
    with pytest.raises(CardNotFound) as exc:
        cat.resolve("Hercules — Son of Thun")
    assert exc.value.suggestions[0].id == "hercules"
    with pytest.raises(CardNotFound):
        cat.resolve("Herc")


def test_resolve_rejects_an_id_paired_with_another_cards_name():
    with pytest.raises(CardNotFound) as exc:
        meta_catalog().resolve("Kindling (e020.1)")
    assert "e020.1" in exc.value.message and [c.id for c in exc.value.suggestions] == ["e020.1"]


# -- construction -----------------------------------------------------------------------------------


def test_labels_add_the_id_only_to_shared_names():
    assert labels([("a.1", "Kindling"), ("a.2", "kindling"), ("b.1", "Spark")]) == {
        "a.1": "Kindling (a.1)", "a.2": "kindling (a.2)", "b.1": "Spark"}


def test_catalog_refuses_duplicate_ids_and_labels():
    with pytest.raises(ValueError):
        Catalog("t", "Test", [_card("a", "One"), _card("a", "Two")])
    with pytest.raises(ValueError):
        Catalog("t", "Test", [_card("a", "One"), _card("b", "one")])


def test_get_is_by_exact_id(small: Catalog):
    assert small.get("c").name == "Spark"
    assert small.get("spark") is None


# -- the pools through their catalogs ---------------------------------------------------------------


POOLS = {"meta": (meta_pool, meta_starters), "metax": (metax_pool, metax_starters)}


def test_every_pool_card_is_in_its_catalog_in_pool_order(game_catalog: tuple[str, Catalog]):
    game, cat = game_catalog
    pool = POOLS[game][0]()
    assert [c.id for c in cat] == list(pool)
    assert len(cat) == len(pool)
    assert all(cat.get(cid).id == cid for cid in pool)


def test_every_label_and_id_resolves_back_and_labels_are_unique(game_catalog: tuple[str, Catalog]):
    _, cat = game_catalog
    assert len({c.label.casefold() for c in cat}) == len(cat)
    for card in cat:
        assert cat.resolve(card.label) is card
        assert cat.resolve(card.id) is card
        assert cat.resolve(f"{card.name} ({card.id})") is card


def test_every_starter_deck_card_exists(game_catalog: tuple[str, Catalog]):
    game, cat = game_catalog
    decks = get_game(game).starter_decks()
    assert decks
    for ids in decks.values():
        assert all(cat.get(cid) is not None for cid in ids)


def test_limits_carry_a_rule_id_and_fields_and_text_are_filled(game_catalog: tuple[str, Catalog]):
    _, cat = game_catalog
    for card in cat:
        assert RULE_ID.search(card.limit), card
        assert card.fields and all(k and v for k, v in card.fields), card
        assert card.text.strip(), card
        assert card.tags and all(k and v for k, v in card.tags), card


def test_meta_limits_follow_uniqueness():
    cat = meta_catalog()
    star = next(c for c in cat if meta_pool()[c.id].star)
    assert "META-DCK-03" in star.limit and "2 cards of uniqueness *" in star.limit
    assert cat.get("e018.2").limit == ("Up to 3 copies of Kindling in a deck, every printing of it counted together "
                                       "(see /rules META-DCK-02)")
    # e018.1 allows 4, but mixed with e018.2 the deck validator applies 3.
    assert "lower limit applies" in cat.get("e018.1").limit
    assert "\n" in cat.get("e018.1").text  # card text, then the engine reading


def test_metax_limits_and_fields():
    cat = metax_catalog()
    assert cat.get("hercules").limit == "Up to 3 copies (see /rules MX-DCK-02)"  # a pointer
    assert dict(cat.get("hercules").fields) == {"MP": "+1", "Trait": "Hero", "Stats": "STR 7 · SPE 3"}
    assert "MX-DCK-03" in cat.get("ev-ragnarok").limit
    assert "MX-DCK-04" in cat.get("b-str-5").limit and "Rank 5" in cat.get("b-str-5").limit
    assert "MX-DCK-05" in cat.get("b-mythic-surge").limit
    assert cat.get("b-str-5").text == "No effect."


def test_game_members():
    meta, metax = get_game("meta"), get_game("metax")
    assert (meta.deck_size, metax.deck_size) == (60, 40)
    assert meta.card_catalog() is meta.card_catalog() is meta_catalog()
    assert metax.card_catalog() is metax_catalog()
    for game, starters in ((meta, meta_starters), (metax, metax_starters)):
        names = game.starter_names()
        assert names == {k: d.name for k, d in starters().items()}
        assert set(names) == set(game.starter_decks())


# -- lookup: names typed without autocomplete ------------------------------------------


@pytest.mark.parametrize(("game", "typed", "card_id"), [
    ("metax", "Herculs", "hercules"),        # a letter missing
    ("metax", "hercules son of thundr", "hercules"),
    ("metax", "HERCULES", "hercules"),       # case only: exact
    ("meta", "Kindling (e018.2)", "e018.2"),  # what resolve() accepts still works
])
def test_lookup_forgives_a_typo_close_to_one_name(game, typed, card_id):
    assert get_game(game).card_catalog().lookup(typed).id == card_id


def test_resolve_stays_exact_for_deck_lists():
    """Deck lists must say exactly which card they mean: only ``/card`` forgives typos."""
    catalog = get_game("metax").card_catalog()
    with pytest.raises(CardNotFound):
        catalog.resolve("Herculs")


def test_lookup_of_a_typo_of_a_shared_name_asks_which_version():
    """"kindlng" is close to both versions of Kindling (META-CRD-03: versions share a title): did you mean
    lists both, one per line, and no card is picked for the player."""
    catalog = get_game("meta").card_catalog()
    with pytest.raises(CardNotFound) as info:
        catalog.lookup("kindlng")
    message = str(info.value)
    assert "Did you mean:" in message and "'kindlng'" in message
    assert "\n• Kindling (e018.1)" in message and "\n• Kindling (e018.2)" in message
    assert {c.id for c in info.value.suggestions} >= {"e018.1", "e018.2"}


def test_lookup_of_an_ambiguous_prefix_lists_up_to_five(small):
    with pytest.raises(CardNotFound) as info:
        small.lookup("spar")  # a prefix of all three names
    assert [c.id for c in info.value.suggestions] == ["a", "b", "c"]
    assert small.lookup("spark o").id == "b"  # a prefix of one name only
    many = Catalog("t", "Test", [_card(str(i), f"Bolt {i}") for i in range(9)])
    with pytest.raises(CardNotFound) as info:
        many.lookup("bolt")
    assert len(info.value.suggestions) == 5 and str(info.value).count("\n• ") == 5


def test_lookup_refuses_a_far_typo_and_nonsense():
    catalog = get_game("meta").card_catalog()
    with pytest.raises(CardNotFound) as info:
        catalog.lookup("hercules")  # not a Meta card: a distant name may be suggested, never picked
    assert all(textsearch.normalize(c.name) != "hercules" for c in info.value.suggestions)
    with pytest.raises(CardNotFound) as info:
        catalog.lookup("zzzz qqqq")
    assert info.value.suggestions == [] and "no name is close" in str(info.value)


def test_pick_takes_a_clear_typo_and_leaves_a_close_race_open():
    from games.core.textsearch import pick

    names = ["Paradoxes", "Players", "Pushing stage"]
    assert pick("paradx", names, lambda n: (n,)).item == "Paradoxes"
    # Equally close to two names: nobody is picked, both are offered.
    race = pick("cat", ["cot", "cut"], lambda n: (n,))
    assert race.item is None and race.maybe == ["cot", "cut"]
    assert pick("", names, lambda n: (n,)).maybe == []
