"""The original Memesis First Set and its starter decks (MEM-GEN-05, MEM-GAP-01, MEM-GAP-19,
MEM-GAP-25, MEM-FUS-16): the pool's size and coverage of every mechanic, deck legality with rule-ID errors,
and card files that are refused with a message naming the file and the card."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from games.core.carddata import CardDataError, load_yaml
from games.memesis import catalog, pool
from games.memesis.cards import MARKINGS, Card, parse_cards
from games.memesis.pool import DECK_SIZE, MAX_COPIES, card_pool, starter_decks, validate_deck

RUNES = {"mathematical": "mathematical-rune", "spiritual": "spiritual-rune",
         "philosophical": "philosophical-rune", "practical": "practical-rune"}


def abilities_of(card: Card):
    """Every ability a card can have: its own, those its markings grant, and its fusion's."""
    out = list(card.abilities) + [u.ability for u in card.markings.values() if u.ability]
    out += [f.upgrade.ability for f in card.fragments if f.upgrade.ability]
    if card.fusion and card.fusion.ability:
        out.append(card.fusion.ability)
    return out


def negative(upgrade) -> bool:
    return upgrade.attack < 0 or upgrade.life < 0 or upgrade.armor < 0


def legal_deck() -> list[str]:
    """A legal 40-card deck: the first starter deck."""
    return next(iter(starter_decks().values())).card_list()


# -- the pool ------------------------------------------------------------------------------------------


def test_MEM_GAP_01_pool_has_at_least_110_original_cards_with_unique_names():
    """MEM-GAP-01: at least 110 cards in ``data/memesis``, every id and name unique (copies count by name),
    and every card carries flavour or rules text of its own."""
    cards = card_pool()
    assert len(cards) >= 110
    names = Counter(c.name for c in cards.values())
    assert [n for n, k in names.items() if k > 1] == []
    assert [c.id for c in cards.values() if not (c.flavor or c.text)] == []


def test_MEM_GEN_05_every_card_file_entry_is_valid_and_loaded():
    """MEM-GEN-05: every entry of every card file validates as a :class:`Card` on its own and is in the pool,
    so no card is dropped between the file and the pool."""
    cards = card_pool()
    seen = 0
    for path in sorted(pool.data_dir().glob("*.yaml")):
        if path.name in pool.NOT_CARDS:
            continue
        raw = load_yaml(path)
        for item in raw:
            card = Card.model_validate(item)
            assert cards[card.id] == card
            seen += 1
    assert seen == len(cards)


def test_MEM_GEN_05_kinds_predilections_and_costs_spread():
    """MEM-GEN-05: creatures, Cause, Effect and Rune cards; every predilection has creatures, Cause and
    Effect cards; creatures span cheap (cost 1-2) to big (cost 5-7), with Armor 1, 2 and 3 and inherent
    abilities."""
    cards = list(card_pool().values())
    kinds = Counter(c.kind for c in cards)
    assert kinds["creature"] >= 50 and kinds["cause"] >= 12 and kinds["effect"] >= 25 and kinds["rune"] == 4
    for marking in MARKINGS:
        mine = {c.kind for c in cards if c.predilection == marking}
        assert mine == {"creature", "cause", "effect", "rune"}, marking
        assert sum(c.predilection == marking for c in cards) >= 20, marking
    creatures = [c for c in cards if c.kind == "creature"]
    costs = Counter(c.cost for c in creatures)
    assert all(costs[n] >= 3 for n in range(1, 8)), costs
    assert {c.armor for c in creatures} == {0, 1, 2, 3}
    assert sum(bool(c.abilities) for c in creatures) >= 20


def test_MEM_GEN_05_creature_stats_fit_the_cost_curve():
    """Balance for 20 Life and 1 source a turn: a cheap creature (cost 1-2) has about 2/2,
    nothing has more than its cost allows (Attack + Life + 2 x Armor <= 3 x cost + 4), and the big ones
    (cost 5-7) hit hard, wall well or carry an ability."""
    creatures = [c for c in card_pool().values() if c.kind == "creature"]
    over = [c.id for c in creatures if c.attack + c.life + 2 * c.armor > 3 * c.cost + 4]
    assert over == []
    cheap = [c for c in creatures if c.cost <= 2]
    assert all(2 <= c.attack + c.life <= 5 for c in cheap), [c.id for c in cheap if not 2 <= c.attack + c.life <= 5]
    big = [c for c in creatures if c.cost >= 5]
    weak = [c.id for c in big if not (c.attack >= 4 or c.life >= 6 or c.abilities)]
    assert big and weak == []


def test_MEM_RUN_01_each_rune_card_is_in_the_pool():
    """MEM-RUN-01, MEM-GAP-27: one Rune card per marking, each its marking's predilection, cost 0."""
    cards = card_pool()
    for marking, rid in RUNES.items():
        rune = cards[rid]
        assert rune.kind == "rune" and rune.predilection == marking and rune.cost == 0
    assert sorted(c.id for c in cards.values() if c.kind == "rune") == sorted(RUNES.values())


def test_MEM_GAP_19_each_marking_upgrades_and_degrades():
    """MEM-RUN-01, MEM-GAP-19: each of the four markings is borne by at least 8 cards (creatures and Cause
    cards among them); beneficial upgrades and degrading ones (a negative change printed under a marking)
    both exist, and some upgrades grant abilities."""
    cards = list(card_pool().values())
    for marking in MARKINGS:
        bearers = [c for c in cards if marking in c.markings]
        assert len(bearers) >= 8, marking
        assert {"creature", "cause"} <= {c.kind for c in bearers}, marking
    ups = [u for c in cards for u in c.markings.values()]
    degrading = [u for u in ups if negative(u)]
    assert len(degrading) >= 5 and {m for c in cards for m, u in c.markings.items() if negative(u)} >= {
        "mathematical", "spiritual", "philosophical"}
    assert sum(u.ability is not None for u in ups) >= 15
    assert all(u.text for u in degrading), "a degrading upgrade says why in its text"


def test_MEM_GAP_25_rune_fragments_for_partial_fusion():
    """MEM-FUS-01, MEM-GAP-25: cards with Rune fragments exist for every marking, among creatures, Cause and
    Effect cards, and every fragment's marking is borne by some card it can be fused onto."""
    cards = list(card_pool().values())
    fragmented = [c for c in cards if c.fragments]
    assert len(fragmented) >= 6
    assert {f.marking for c in fragmented for f in c.fragments} == set(MARKINGS)
    assert {c.kind for c in fragmented} >= {"creature", "cause", "effect"}
    borne = {m for c in cards for m in c.markings}
    assert {f.marking for c in fragmented for f in c.fragments} <= borne


def test_MEM_GAP_25_true_fusion_partners_name_each_other():
    """MEM-GAP-25: at least four True Fusion pairs, each partner naming the other back, both with a fusion
    result; one pair fuses a creature with an Effect card."""
    cards = card_pool()
    paired = [c for c in cards.values() if c.partner]
    assert len(paired) >= 8
    for c in paired:
        assert cards[c.partner].partner == c.id and c.fusion is not None
    assert any(c.kind == "effect" for c in paired)


def test_MEM_FUS_16_a_detrimental_true_fusion_both_ways():
    """MEM-FUS-16: the data states each fusion's result; at least one True Fusion is detrimental (its
    result lowers Attack, Life or Armor and adds nothing), stated on both partners."""
    cards = card_pool()
    bad = [c for c in cards.values() if c.fusion and negative(c.fusion)
           and c.fusion.attack <= 0 and c.fusion.life <= 0 and c.fusion.armor <= 0 and not c.fusion.ability]
    assert bad
    for c in bad:
        assert negative(cards[c.partner].fusion), c.id


def test_MEM_FUS_02_sym_bio_tic_sets_have_at_least_three_cards_each():
    """MEM-FUS-02, MEM-GAP-26: the Sym, Bio and Tic sets each hold at least three cards, of at least two
    predilections, so a Sym + Bio + Tic Trans Fusion can be built."""
    cards = list(card_pool().values())
    for s in ("sym", "bio", "tic"):
        members = [c for c in cards if c.set == s]
        assert len(members) >= 3, s
        assert len({c.predilection for c in members}) >= 2, s


def test_MEM_AMM_03_ammo_users_stealth_tricks_and_incubation_payoffs():
    """MEM-AMM-03, MEM-STL-01, MEM-INC-01: Ammunition-fuelled abilities on creatures and a
    Cause card; cheap (cost <= 1) Effect cards that punish, worth playing face down; and expensive creatures
    (cost >= 6) worth incubating."""
    cards = list(card_pool().values())
    ammo = [c for c in cards if any(a.ammo for a in abilities_of(c))]
    assert len(ammo) >= 10 and {c.kind for c in ammo} >= {"creature", "cause"}
    tricks = [c for c in cards if c.kind == "effect" and c.cost <= 1
              and c.abilities[0].target in ("opposing_creature", "creature", "opposing_player")]
    assert len(tricks) >= 4
    assert sum(c.kind == "creature" and c.cost >= 6 for c in cards) >= 8


def test_MEM_CE_08_effect_cards_cover_the_one_time_effects():
    """MEM-CE-08: Effect cards deal damage to players and creatures, heal, draw, give source, destroy, bounce,
    pump, weaken, shield, discard and drain; Cause cards use their abilities once per turn (any-time ones
    too)."""
    cards = list(card_pool().values())
    effect_steps = {s.do for c in cards if c.kind == "effect" for s in c.abilities[0].steps}
    assert effect_steps >= {"damage", "heal", "draw", "source", "destroy", "bounce", "pump", "weaken", "shield",
                            "discard", "drain", "exhaust", "unsource", "mend"}
    targets = {c.abilities[0].target for c in cards if c.kind == "effect" and c.abilities[0].steps[0].do == "damage"}
    assert {"opposing_player", "opposing_creature", "all_creatures"} <= targets
    causes = [c for c in cards if c.kind == "cause"]
    assert any(a.any_time for c in causes for a in c.abilities)
    assert any(a.ammo for c in causes for a in c.abilities)


# -- starter decks -------------------------------------------------------------------------------------


def test_MEM_GAP_01_starter_decks_are_legal_with_a_plan():
    """MEM-GAP-01: at least four starter decks, each exactly 40 cards, at most 3 copies by name, a plan of a
    sentence or more, and each Rune card in a deck has cards of its marking in that deck to upgrade."""
    decks, cards = starter_decks(), card_pool()
    assert len(decks) >= 4
    for deck in decks.values():
        ids = deck.card_list()
        assert len(ids) == DECK_SIZE and validate_deck(ids) == [], deck.id
        assert len(deck.plan.split()) >= 12, deck.id
        markings = {m for c in ids for m in cards[c].markings}
        for c in set(ids):
            if cards[c].kind == "rune":
                assert cards[c].predilection in markings, (deck.id, c)


def test_starter_decks_have_different_plans_visible_in_their_lists():
    """The starter decks' plans: aggro (cheap creatures), Stealth tricks (cheap any-time Effects), Incubation ramp
    (expensive creatures), Ammunition and Fusion (Ammo users and both partners of True Fusion pairs)."""
    decks, cards = starter_decks(), card_pool()

    def of(deck_id):
        return [cards[c] for c in decks[deck_id].card_list()]

    rush = [c for c in of("legion-rush") if c.kind == "creature"]
    assert len(rush) >= 18 and sum(c.cost for c in rush) / len(rush) <= 2.6
    tricks = of("masks-of-the-oracle")
    assert sum(c.kind == "effect" and c.cost <= 2 for c in tricks) >= 14
    giants = of("incubator-of-giants")
    assert sum(c.kind == "creature" and c.cost >= 6 for c in giants) >= 10
    arsenal = of("arsenal-of-fusion")
    assert sum(any(a.ammo for a in abilities_of(c)) for c in arsenal) >= 10
    partners = {c.id for c in arsenal if c.partner}
    assert len(partners) >= 4 and all(cards[p].partner in partners for p in partners)
    assert any(c.fragments for c in arsenal) and {c.set for c in arsenal} >= {"sym", "bio", "tic"}
    assert len({d.plan for d in decks.values()}) == len(decks)


def test_two_ally_starter_decks_one_shields_one_attacks():
    """MEM-ALY-02: two decks are marked ``ally``; the shield deck has Armor defenders and
    team healing or mending, the attack deck more attacking power than the shield deck."""
    decks, cards = starter_decks(), card_pool()
    allies = [d for d in decks.values() if d.ally]
    assert len(allies) == 2
    shield, attack = sorted(allies, key=lambda d: sum(cards[c].attack for c in d.card_list()))
    shield_cards = [cards[c] for c in shield.card_list()]
    assert sum(c.kind == "creature" and c.armor >= 1 for c in shield_cards) >= 10
    heals = {"heal", "mend", "shield"}
    assert sum(any(s.do in heals for a in abilities_of(c) for s in a.steps) for c in shield_cards) >= 15
    attackers = [cards[c] for c in attack.card_list() if cards[c].kind == "creature"]
    assert sum(c.attack for c in attackers) > sum(c.attack for c in shield_cards if c.kind == "creature")
    assert sum(c.attack >= c.life for c in attackers) >= len(attackers) // 2


# -- validate_deck -------------------------------------------------------------------------------------


def test_MEM_GAP_01_too_few_and_too_many_cards_say_how_many_to_change():
    """MEM-GAP-01: 39 and 41 cards are refused under MEM-GAP-01, naming the count and what to add or remove."""
    deck = legal_deck()
    (few,) = validate_deck(deck[:-1])
    assert few.rule == "MEM-GAP-01" and "exactly 40" in few.message and "has 39" in few.message
    assert "add 1" in few.message
    extra = next(c for c in deck if Counter(deck)[c] < MAX_COPIES)
    (many,) = validate_deck(deck + [extra])
    assert many.rule == "MEM-GAP-01" and "has 41" in many.message and "remove 1" in many.message
    assert validate_deck([]) and "add 40" in validate_deck([])[0].message


def test_MEM_GAP_01_four_copies_of_a_card_are_refused():
    """MEM-GAP-01: a fourth copy of a card (a Rune card too) is refused naming the card and the limit."""
    deck = legal_deck()
    three = next(c for c, n in Counter(deck).items() if n == MAX_COPIES)
    other = next(c for c in deck if c != three)
    four = deck.copy()
    four[four.index(other)] = three
    (err,) = validate_deck(four)
    name = card_pool()[three].name
    assert err.rule == "MEM-GAP-01" and f"4 copies of {name}" in err.message and "at most 3" in err.message
    runes = ["spiritual-rune"] * 4 + [c for c in deck if c != "spiritual-rune"][:36]
    assert any("4 copies of Spiritual Rune" in e.message for e in validate_deck(runes))


def test_MEM_GAP_01_copies_count_by_name_not_by_id():
    """MEM-GAP-01: "at most 3 copies of a card by name": two ids sharing a name count together."""
    cards = card_pool()
    base = cards["flint-knapper"]
    twin = base.model_copy(update={"id": "flint-knapper-alt"})
    pool_ = dict(cards) | {twin.id: twin}
    rest = [c for c in legal_deck() if c != "flint-knapper"][:36]
    deck = ["flint-knapper"] * 2 + ["flint-knapper-alt"] * 2 + rest
    renamed = base.model_copy(update={"id": "flint-knapper-alt", "name": "Flint Knapper II"})
    assert validate_deck(deck, dict(cards) | {renamed.id: renamed}) == []  # another name: legal
    problems = validate_deck(deck, pool_)
    assert [p.rule for p in problems] == ["MEM-GAP-01"]
    assert "copies of Flint Knapper" in problems[0].message


def test_MEM_GAP_01_unknown_ids_are_named():
    """MEM-GAP-01: unknown ids are listed and the message says to use ids of the pool."""
    deck = legal_deck()
    deck[0] = "no-such-card"
    (err,) = validate_deck(deck)
    assert err.rule == "MEM-GAP-01" and "no-such-card" in err.message and "card pool" in err.message


# -- bad data files ------------------------------------------------------------------------------------


@pytest.fixture
def data_root(tmp_path, monkeypatch):
    """A ``$METAHOST_DATA`` folder with an empty ``memesis`` folder; the pool caches are cleared before and
    after, so the real pool is reloaded for the other tests."""
    (tmp_path / "memesis").mkdir()
    monkeypatch.setenv("METAHOST_DATA", str(tmp_path))
    caches = (card_pool, starter_decks, catalog.build_catalog)
    for f in caches:
        f.cache_clear()
    yield tmp_path / "memesis"
    monkeypatch.delenv("METAHOST_DATA")
    for f in caches:
        f.cache_clear()


GOOD = ("- id: test-hare\n  name: Test Hare\n  kind: creature\n  predilection: mathematical\n  cost: 1\n"
        "  attack: 1\n  life: 1\n")


def test_MEM_GEN_05_a_bad_card_file_names_the_file_and_card(data_root: Path):
    """MEM-GEN-05: a creature with Life 0 in ``$METAHOST_DATA/memesis/extra.yaml`` is refused with a
    CardDataError naming that file, the card and the field."""
    (data_root / "cards.yaml").write_text(GOOD, encoding="utf-8")
    bad = data_root / "extra.yaml"
    bad.write_text(GOOD.replace("test-hare", "dead-hare").replace("Test Hare", "Dead Hare")
                   .replace("life: 1", "life: 0"), encoding="utf-8")
    with pytest.raises(CardDataError) as exc:
        card_pool()
    msg = str(exc.value)
    assert str(bad) in msg and "'dead-hare'" in msg and "Life >= 1" in msg


def test_MEM_GAP_01_an_id_in_two_files_and_an_unknown_field_are_refused(data_root: Path):
    """MEM-GAP-01: the loader rejects anything else: a card id defined in two files, or a field the schema
    does not have, each naming the file and card."""
    (data_root / "a.yaml").write_text(GOOD, encoding="utf-8")
    (data_root / "b.yaml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(CardDataError, match=r"b\.yaml: card 'test-hare' is already defined"):
        card_pool()
    card_pool.cache_clear()
    (data_root / "b.yaml").write_text(GOOD.replace("test-hare", "odd-hare") + "  speed: 3\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"b\.yaml: card 'odd-hare': speed"):
        card_pool()


def test_MEM_GAP_25_a_partner_that_does_not_name_back_is_refused(data_root: Path):
    """MEM-GAP-25: True Fusion partners are named both ways; a one-way partner is refused naming the card."""
    one_way = ("- id: lone-twin\n  name: Lone Twin\n  kind: creature\n  predilection: spiritual\n  cost: 2\n"
               "  attack: 2\n  life: 2\n  partner: test-hare\n  fusion: {attack: 1}\n")
    (data_root / "cards.yaml").write_text(GOOD + one_way, encoding="utf-8")
    with pytest.raises(CardDataError, match=r"card 'lone-twin': partner 'test-hare' does not name 'lone-twin' back"):
        card_pool()


def test_MEM_GAP_01_an_illegal_starter_deck_is_refused_naming_it(data_root: Path):
    """MEM-GAP-01: a starter deck of 3 cards in ``decks.yaml`` is refused, naming the file, the deck and the
    size rule's message."""
    (data_root / "cards.yaml").write_text(GOOD, encoding="utf-8")
    decks = data_root / "decks.yaml"
    decks.write_text("- id: tiny\n  name: Tiny\n  plan: Too small.\n  cards:\n    test-hare: 3\n", encoding="utf-8")
    with pytest.raises(CardDataError) as exc:
        starter_decks()
    msg = str(exc.value)
    assert str(decks) in msg and "deck 'tiny' is illegal" in msg and "exactly 40" in msg


def test_parse_cards_names_the_card_by_position_when_it_has_no_id():
    """MEM-GEN-05: an entry without an id is named by its position in the file."""
    with pytest.raises(CardDataError, match=r"cards\.yaml: card #2: id: Field required"):
        parse_cards([{"id": "test-hare", "name": "Test Hare", "kind": "creature", "predilection": "mathematical",
                      "cost": 1, "attack": 1, "life": 1}, {"name": "Nameless"}], "cards.yaml")
