"""MetaX cards, Stats and deck construction: the card model (data/metax/cards.yaml and its validator),
deck legality through ``Game.validate_deck`` / ``Game.new_game`` and the starter decks.

Rule IDs: MX-STA, MX-CHR-01/02/10/11, MX-EVT-01, MX-BTL-01/09, MX-DCK, and the gap decisions
MX-GAP-02, 14, 15, 21, 22 (games/metax/gaps.py).
"""

from __future__ import annotations

import pytest
from metax_helpers import FILLER

from games.core.carddata import CardDataError, load_yaml
from games.core.contract import RulesError, SeatSetup
from games.metax.cards import (
    BattleCard,
    CharacterCard,
    EventCard,
    Stat,
    parse_cards,
)
from games.metax.pool import card_pool

STATS = {"strength", "intelligence", "special"}
BASE = (
    [f"b-str-{r}" for r in range(1, 8) for _ in range(3)]
    + [f"b-int-{r}" for r in range(1, 7) for _ in range(3)]
    + ["b-int-7"]
)
"""A legal 40-card deck of basic Battle cards; BASE[:36] leaves out Int 6 and Int 7."""
def rules_of(problems):
    return sorted(p.rule for p in problems)


def character(**kw):
    c = {"id": "test-hero", "name": "Test Hero", "kind": "character", "mp": 1, "trait": "Hero",
         "stats": {"strength": 3}}
    c.update(kw)
    return c


def battle(**kw):
    c = {"id": "test-blow", "name": "Test Blow", "kind": "battle", "stats": ["strength"], "rank": 3, "mp": 1}
    c.update(kw)
    return c


def event(**kw):
    c = {"id": "test-event", "name": "Test Event", "kind": "event", "cost": 1,
         "effects": [{"timing": "event", "steps": [{"do": "draw"}]}]}
    c.update(kw)
    return c


def accepted(raw):
    try:
        parse_cards([raw], "test")
    except CardDataError:
        return False
    return True


def in_play(mx, state, seat):
    return [c["card"] for c in mx.view(state, None).board["players"][seat]["in_play"]]


# -- Stats and Ranks -------------------------------------------------------------------------------


def test_MX_STA_01_three_stat_types_with_their_colours(mx, position):
    """MX-STA-01: Strength (red), Intelligence (blue), Special (green); every card's Stats are among them,
    and a Damage card counts as a colour of its own Stat."""
    colours = {s.value: s.colour for s in Stat}
    assert colours == {"strength": "red", "intelligence": "blue", "special": "green"}
    for card in card_pool().values():
        if isinstance(card, CharacterCard | BattleCard):
            assert {s.value for s in card.stats} <= STATS, card.id
    st = position({"players": [{"hand": ["hercules"], "deck": FILLER},
                               {"deck": FILLER, "in_play": [{"card": "sun-wukong", "damage": ["b-int-1"]}]}]})
    wukong = mx.view(st, 0).board["players"][1]["in_play"][0]
    assert wukong["ranks"] == {"strength": 4, "intelligence": 2, "special": 5}
    assert [d["stat"] for d in wukong["damage"]] == ["intelligence"]


def test_MX_STA_02_MX_GAP_21_ranks_are_one_to_seven(mx):
    """MX-STA-02: Character Ranks are 1..7; MX-GAP-21: Battle card Ranks are 1..7 too. The validator
    refuses 0 and 8 for both."""
    for card in card_pool().values():
        if isinstance(card, CharacterCard):
            assert all(1 <= r <= 7 for r in card.stats.values()), card.id
        if isinstance(card, BattleCard):
            assert 1 <= card.rank <= 7, card.id
    ranks = {c.rank for c in card_pool().values() if isinstance(c, BattleCard)}
    assert ranks == set(range(1, 8))
    assert accepted(character(stats={"strength": 1, "special": 7}))
    assert not accepted(character(stats={"strength": 0}))
    assert not accepted(character(stats={"strength": 8}))
    assert accepted(battle(rank=7)) and accepted(battle(rank=1))
    assert not accepted(battle(rank=0))
    assert not accepted(battle(rank=8))


def test_MX_GAP_21_zero_mp_values_are_allowed_and_playable(mx, position):
    """MX-GAP-21: MP values may be 0: a +0 MP Battle card and a 0 MP Event can be played with 0 MP;
    Character +MP is 0..10."""
    assert card_pool()["b-str-4"].mp == 0 and card_pool()["ev-golden-fleece"].cost == 0
    assert accepted(character(mp=0)) and accepted(character(mp=10))
    assert not accepted(character(mp=11)) and not accepted(character(mp=-1))
    assert accepted(battle(mp=0))
    st = position({"turn": 3, "players": [
        {"hand": ["ev-golden-fleece", "b-str-4", "mulan"], "deck": FILLER, "mp": 0, "in_play": ["hercules"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    assert "event:ev-golden-fleece" in [o.id for o in mx.decision_for(st, 0).options]
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
    assert "card:b-str-4:strength" in [o.id for o in mx.decision_for(st, 0).options]


# -- Character cards -------------------------------------------------------------------------------


def test_MX_CHR_01_character_card_model(mx, position):
    """MX-CHR-01: title, +MP, Trait, one to three distinct Stats (Ranks 1..7), effects tagged On-Play,
    Constant or Push; the board shows them."""
    chars = [c for c in card_pool().values() if isinstance(c, CharacterCard)]
    assert len(chars) >= 20
    for c in chars:
        assert c.name and 0 <= c.mp <= 10 and c.trait
        assert 1 <= len(c.stats) <= 3
        assert {e.timing for e in c.effects} <= {"on_play", "constant", "push"}
    timings = {e.timing for c in chars for e in c.effects}
    assert timings == {"on_play", "constant", "push"}
    st = position({"players": [{"hand": ["hercules"], "deck": FILLER}, {"deck": FILLER}]})
    mx.apply(st, 0, "char:hercules")
    entry = mx.view(st, 1).board["players"][0]["in_play"][0]
    assert entry["line"] == "Hercules — Son of Thunder [Hero Character, +1 MP, Str7 Spe3]"
    assert entry["ranks"] == {"strength": 7, "special": 3}


def test_MX_CHR_02_validator_rejects_no_stats_or_unknown_stat():
    """MX-CHR-02: a Character needs one to three Stat types; none, or a Stat that is not one of the three,
    is refused naming the card."""
    assert accepted(character(stats={"strength": 3, "intelligence": 2, "special": 1}))
    with pytest.raises(CardDataError) as e:
        parse_cards([character(stats={})], "cards.yaml")
    assert "test-hero" in str(e.value) and "MX-CHR-02" in str(e.value)
    assert not accepted(character(stats={"luck": 3}))


def test_MX_CHR_02_validator_rejects_repeated_stat_in_card_file(tmp_path):
    """MX-CHR-02: the card-pool validator rejects a Character whose Stat type is repeated in the file."""
    path = tmp_path / "cards.yaml"
    path.write_text(
        "- id: twin\n  name: Twin\n  kind: character\n  mp: 1\n  trait: Hero\n"
        "  stats: {strength: 3, strength: 5}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardDataError, match="'strength' is repeated"):
        parse_cards(load_yaml(path), str(path))


def test_MX_CHR_10_stat_count_is_tko_threshold_highest_rank_is_hp(mx, position):
    """MX-CHR-10: Hercules (Str7 Spe3) has TKO threshold 2 colours and HP 7; Sun Wukong (3 Stats) needs
    all three colours. Damage is attached by Trojan Horse (an Event) so the KO check is exercised."""
    st = position({"players": [
        {"hand": ["ev-trojan-horse"] * 3 + ["b-str-1", "b-spe-1", "b-spe-2"], "deck": FILLER, "mp": 9},
        {"deck": FILLER, "in_play": [{"card": "hercules", "damage": ["b-str-5"]},
                                     {"card": "sun-wukong", "damage": ["b-str-1", "b-int-1"]}]}]})
    herc, wukong = (ch.card for ch in st.players[1].in_play)
    # Hercules: Str 5 + Str 1 = 6 < 7, one colour < 2 -> stays
    mx.apply(st, 0, "event:ev-trojan-horse")
    mx.apply(st, 0, f"target:{herc}")
    mx.apply(st, 0, "attach:b-str-1:strength")
    assert in_play(mx, st, 1) == ["hercules", "sun-wukong"]
    # Sun Wukong: a Special Rank 2 card -> 3 colours (TKO) although 1 + 1 + 2 = 4 < 5
    mx.apply(st, 0, "event:ev-trojan-horse")
    mx.apply(st, 0, f"target:{wukong}")
    mx.apply(st, 0, "attach:b-spe-2:special")
    assert in_play(mx, st, 1) == ["hercules"]
    # Hercules: a second colour -> TKO at 7 total too
    mx.apply(st, 0, "event:ev-trojan-horse")  # only one target left: chosen without asking
    mx.apply(st, 0, "attach:b-spe-1:special")
    assert in_play(mx, st, 1) == []
    pile = [c["card"] for c in mx.view(st, None).board["players"][1]["discard"]]
    assert sorted(pile) == ["hercules", "sun-wukong"]


def test_MX_CHR_10_hp_threshold_is_the_highest_rank(mx, position):
    """MX-CHR-10: Mr Hyde (Str6 only) survives nothing; Gilgamesh (Str6 Int3) is HP KO'd at 6 Damage of
    one colour, not at 5."""
    st = position({"players": [
        {"hand": ["ev-trojan-horse"] * 2 + ["b-str-1", "b-str-1"], "deck": FILLER, "mp": 6},
        {"deck": FILLER, "in_play": [{"card": "gilgamesh", "damage": ["b-str-4"]}]}]})
    mx.apply(st, 0, "event:ev-trojan-horse")
    mx.apply(st, 0, "attach:b-str-1:strength")
    assert in_play(mx, st, 1) == ["gilgamesh"]  # 5 < 6
    mx.apply(st, 0, "event:ev-trojan-horse")
    mx.apply(st, 0, "attach:b-str-1:strength")
    assert in_play(mx, st, 1) == []  # 6 >= 6: HP KO with a single colour


def test_MX_CHR_11_MX_GAP_22_traits_matter_to_effects_that_name_them(mx, position):
    """MX-CHR-11, MX-GAP-22: every Character has a Trait (Hero, Villain, Neutral); 'search for a Hero
    Character' offers only Heroes, and Joan of Arc Preps only Hero Characters."""
    traits = {c.trait for c in card_pool().values() if isinstance(c, CharacterCard)}
    assert traits == {"Hero", "Villain", "Neutral"}
    st = position({"players": [
        {"hand": ["ev-sword-in-the-stone", "ev-magic-mirror", "mulan"],
         "deck": ["hercules", "dracula", "ali-baba"] + FILLER, "mp": 2},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "event:ev-sword-in-the-stone")
    assert [o.id for o in mx.decision_for(st, 0).options] == ["take:hercules", "none"]
    mx.apply(st, 0, "none")
    mx.apply(st, 0, "event:ev-magic-mirror")
    assert [o.id for o in mx.decision_for(st, 0).options] == ["take:dracula", "none"]

    st = position({"turn": 3, "players": [
        {"hand": ["mulan"], "deck": FILLER,
         "in_play": ["joan-of-arc", {"card": "dracula", "pushed": True},
                     {"card": "hercules", "pushed": True}]},
        {"hand": ["grendel"], "deck": FILLER}]})
    joan = st.players[0].in_play[0].card
    mx.apply(st, 0, f"push:{joan}")  # one Pushed Hero: chosen without asking
    pushed = {c["card"]: c["pushed"] for c in mx.view(st, 1).board["players"][0]["in_play"]}
    assert pushed == {"joan-of-arc": True, "dracula": True, "hercules": False}


# -- Event and Battle cards ------------------------------------------------------------------------


def test_MX_EVT_01_event_card_model(mx, position):
    """MX-EVT-01: an Event has a title, an MP cost and one effect; other shapes are refused."""
    events = [c for c in card_pool().values() if isinstance(c, EventCard)]
    assert len(events) >= 10
    for c in events:
        assert c.name and 0 <= c.cost <= 10 and len(c.effects) == 1 and c.effects[0].timing == "event"
    assert accepted(event())
    assert not accepted(event(effects=[]))
    assert not accepted(event(effects=[{"timing": "event", "steps": [{"do": "draw"}]}] * 2))
    assert not accepted(event(effects=[{"timing": "push", "steps": [{"do": "draw"}]}]))
    assert not accepted(event(cost=11))
    st = position({"players": [{"hand": ["ev-lamp-of-wishes"], "deck": FILLER, "mp": 2}, {"deck": FILLER}]})
    hand = mx.view(st, 0).private["hand"]
    assert hand[0]["line"] == "Lamp of Wishes [Event, -2 MP]" and hand[0]["text"] == "You draw 2 cards."


def test_MX_BTL_01_battle_card_model(mx):
    """MX-BTL-01: a Battle card has a title, one to three Stats sharing a Rank, an MP value (+ or −) and
    usually an effect, possibly Attack-only or Defense-only."""
    cards = [c for c in card_pool().values() if isinstance(c, BattleCard)]
    for c in cards:
        assert c.name and 1 <= len(c.stats) <= 3 and 1 <= c.rank <= 7
        assert {e.timing for e in c.effects} <= {"battle", "attack", "defense"}
    assert any(c.mp > 0 for c in cards) and any(c.mp < 0 for c in cards)
    assert {e.timing for c in cards for e in c.effects} == {"battle", "attack", "defense"}
    assert any(c.multi for c in cards)
    assert not accepted(battle(stats=["strength", "strength"]))
    assert not accepted(battle(stats=[]))
    assert accepted(battle(stats=["strength", "special"], mp=-2))


def test_MX_GAP_02_effect_timings_per_card_kind():
    """MX-GAP-02: Character effects are On-Play, Constant or Push; Battle card effects are Attack-only,
    Defense-only or untagged ('battle', used both ways); other combinations are refused."""
    draw = [{"do": "draw"}]
    for timing in ("on_play", "push"):
        assert accepted(character(effects=[{"timing": timing, "steps": draw}]))
    assert accepted(character(effects=[{"timing": "constant", "steps": [{"do": "attack_on_entry"}]}]))
    for timing in ("attack", "defense", "battle", "event"):
        assert not accepted(character(effects=[{"timing": timing, "steps": draw}]))
    for timing in ("attack", "defense", "battle"):
        assert accepted(battle(effects=[{"timing": timing, "steps": draw}]))
    for timing in ("on_play", "push", "constant"):
        assert not accepted(battle(effects=[{"timing": timing, "steps": draw}]))
    assert card_pool()["b-overheard-secrets"].effects[0].timing == "battle"


def test_MX_BTL_09_basic_battle_cards_have_no_effect(mx, position):
    """MX-BTL-09: basic Battle cards (every Stat x Rank 1..7, used in Starter Decks) have a Stat, a Rank
    and an MP value but no effect: playing one only applies its MP."""
    pool = card_pool()
    for short, stat in (("str", "strength"), ("int", "intelligence"), ("spe", "special")):
        for r in range(1, 8):
            c = pool[f"b-{short}-{r}"]
            assert [s.value for s in c.stats] == [stat] and c.rank == r and c.effects == []
    for deck in mx.starter_decks().values():
        assert any(cid.startswith(("b-str-", "b-int-", "b-spe-")) for cid in deck)
    st = position({"turn": 3, "players": [
        {"hand": ["b-str-1", "b-str-2", "mulan"], "deck": FILLER, "mp": 1,
         "in_play": ["hercules", "gilgamesh"]},
        {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
    events = mx.apply(st, 0, "card:b-str-1:strength")
    v = mx.view(st, 0)
    assert v.board["players"][0]["mp"] == 3 and v.board["players"][0]["hand"] == 2
    assert v.board["players"][1]["hand"] == 1 and v.board["players"][1]["mp"] == 0
    assert [d.kind for d in v.decisions] == ["attack"]
    assert len(events) == 1  # just the declaration


# -- deck construction (MX-DCK-*, MX-GAP-14/15) ----------------------------------------------------


def test_MX_DCK_01_exactly_40_cards(mx):
    """MX-DCK-01: 40 cards is legal; 39, 41 or none are not."""
    assert len(BASE) == 40 and mx.validate_deck(BASE) == []
    assert rules_of(mx.validate_deck(BASE[:39])) == ["MX-DCK-01"]
    assert rules_of(mx.validate_deck(BASE + ["b-spe-1"])) == ["MX-DCK-01"]
    assert rules_of(mx.validate_deck([])) == ["MX-DCK-01"]
    assert "39" in mx.validate_deck(BASE[:39])[0].message


def test_MX_DCK_02_at_most_three_of_a_character(mx):
    """MX-DCK-02: a fourth copy of a Character is illegal and named; three are fine."""
    assert mx.validate_deck(BASE[:36] + ["hercules"] * 3 + ["gilgamesh"]) == []
    problems = mx.validate_deck(BASE[:36] + ["hercules"] * 4)
    assert rules_of(problems) == ["MX-DCK-02"] and "Hercules" in problems[0].message


def test_MX_DCK_03_at_most_three_of_an_event(mx):
    """MX-DCK-03: a fourth copy of an Event is illegal and named; three are fine."""
    assert mx.validate_deck(BASE[:36] + ["ev-golden-fleece"] * 3 + ["ev-midas-touch"]) == []
    problems = mx.validate_deck(BASE[:36] + ["ev-golden-fleece"] * 4)
    assert rules_of(problems) == ["MX-DCK-03"] and "Golden Fleece" in problems[0].message


def test_MX_DCK_04_three_single_stat_battle_cards_per_stat_and_rank(mx):
    """MX-DCK-04: at most three Strength Rank 3 Battle cards in total, whatever their names/effects."""
    mixed = [c for c in BASE[:36] if c != "b-str-3"] + ["b-str-3", "b-fishermans-net", "b-locked-shields"]
    mixed += ["b-int-6"] * 3 + ["b-int-7"]
    assert len(mixed) == 40 and mx.validate_deck(mixed) == []
    four = BASE[:36] + ["b-fishermans-net", "b-int-6", "b-int-6", "b-int-6"]
    problems = mx.validate_deck(four)
    assert rules_of(problems) == ["MX-DCK-04"]
    assert "Rank 3 Strength" in problems[0].message and "Fisherman's Net" in problems[0].message


def test_MX_DCK_05_three_multi_stat_battle_cards_per_rank(mx):
    """MX-DCK-05: at most three Rank 2 multi-Stat Battle cards, whatever their Stat combinations."""
    three = BASE[:36] + ["b-legends-rally", "b-feint-and-thrust", "b-moonlit-ruse", "b-int-6"]
    assert mx.validate_deck(three) == []
    four = BASE[:36] + ["b-legends-rally", "b-legends-rally", "b-feint-and-thrust", "b-moonlit-ruse"]
    problems = mx.validate_deck(four)
    assert rules_of(problems) == ["MX-DCK-05"] and "Rank 2 multi-Stat" in problems[0].message
    # different Ranks are separate buckets
    mixed = BASE[:34] + ["b-feint-and-thrust"] * 3 + ["b-hillsmiths-blade"] * 3
    assert mx.validate_deck(mixed) == []


def test_MX_GAP_15_multi_stat_cards_do_not_count_toward_single_stat_limits(mx):
    """MX-GAP-15: three Str 2 and three Int 2 single-Stat cards plus three Str/Int 2 multi-Stat cards is
    legal (separate buckets)."""
    deck = BASE[:36] + ["b-feint-and-thrust"] * 3 + ["b-int-6"]
    assert deck.count("b-str-2") == 3 and deck.count("b-int-2") == 3
    assert mx.validate_deck(deck) == []


def test_MX_GAP_14_copy_limit_is_per_card_id(mx):
    """MX-GAP-14: 'a given card' is a card id: Dr Jekyll and Mr Hyde are different cards (3 of each is
    legal), while a fourth Dr Jekyll is not."""
    pool = card_pool()
    assert pool["dr-jekyll"].name != pool["mr-hyde"].name
    assert mx.validate_deck(BASE[:34] + ["dr-jekyll"] * 3 + ["mr-hyde"] * 3) == []
    assert rules_of(mx.validate_deck(BASE[:34] + ["dr-jekyll"] * 4 + ["mr-hyde"] * 2)) == ["MX-DCK-02"]


def test_MX_DCK_06_illegal_deck_cannot_start_a_game(mx):
    """MX-DCK-06: new_game checks every deck first; the error names the rule(s) broken and the cards;
    unknown card ids are refused too."""
    legal = list(BASE)
    bad = BASE[:37] + ["hercules"] * 4
    with pytest.raises(RulesError) as e:
        mx.new_game([SeatSetup("Ana", legal), SeatSetup("Ben", bad)], None, 0)
    assert e.value.rule == "MX-DCK-06"
    assert "Ben" in e.value.message and "MX-DCK-01" in e.value.message and "MX-DCK-02" in e.value.message
    assert "Hercules" in e.value.message
    problems = mx.validate_deck(BASE[:39] + ["no-such-card"])
    assert rules_of(problems) == ["MX-DCK-06"] and "no-such-card" in problems[0].message
    with pytest.raises(RulesError) as e:
        mx.new_game([SeatSetup("Ana", BASE[:39] + ["no-such-card"]), SeatSetup("Ben", legal)], None, 0)
    assert e.value.rule == "MX-DCK-06"
    assert mx.new_game([SeatSetup("Ana", legal), SeatSetup("Ben", legal)], None, 0) is not None


def test_MX_DCK_07_starter_decks_are_legal_and_any_pool_deck_can_be_used(mx):
    """MX-DCK-07: the bot ships several legal 40-card Starter Decks from the pool; a deck built freely
    from the whole pool is accepted too (no ownership)."""
    decks = mx.starter_decks()
    assert len(decks) >= 2
    pool = card_pool()
    for did, deck in decks.items():
        assert len(deck) == 40 and mx.validate_deck(deck) == [], did
        assert all(c in pool for c in deck)
        kinds = {pool[c].kind for c in deck}
        assert kinds == {"character", "event", "battle"}, did
    names = list(decks)
    st = mx.new_game([SeatSetup("Ana", decks[names[0]]), SeatSetup("Ben", decks[names[-1]])], None, 5)
    assert mx.view(st, None).board["players"][0]["deck"] == 35
    custom = (["moriarty", "loki", "king-arthur", "anansi", "ev-ragnarok", "ev-holy-grail", "b-titanomachy",
               "b-vapours-of-delphi", "b-counter-scheme", "b-spe-7"] + BASE[:30])
    assert mx.validate_deck(custom) == []
    mx.new_game([SeatSetup("Ana", custom), SeatSetup("Ben", decks[names[0]])], None, 1)
