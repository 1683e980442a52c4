"""Meta cards and decks: the card model (``data/meta/cards.yaml`` and its validator), deck legality through
``Game.validate_deck`` / ``Game.new_game``, the starter decks, and what the card texts say.

Rule IDs: shared/rules/checklists/meta.md — META-CRD-01..09, META-DCK-01..06, META-CBR-04, and the gap
decisions META-GAP-08, META-GAP-14 and META-GAP-15 (games/meta/gaps.py).
"""

from __future__ import annotations

import re

import pytest
from meta_rules_helpers import FILLER, GAME, board, option_ids, play, pos, table

from games.core.carddata import CardDataError, load_yaml
from games.core.contract import RulesError, SeatSetup
from games.meta.cards import card_text, engine_reading, parse_cards
from games.meta.pool import card_pool, data_dir, pool_info

FOURS = ["e001.1", "e002.1", "e003.1", "e006.1", "e008.1", "e010.1", "e021.1", "e025.1",
         "m001.1", "t001.1", "t003.1", "t009.1"]
THREES = ["e005.1", "e007.1", "e012.1", "e013.1"]
LEGAL = [c for c in FOURS for _ in range(4)] + [c for c in THREES for _ in range(3)]
"""A legal 60-card deck: twelve uniqueness-4 cards four times, four uniqueness-3 cards three times."""


def rules_of(cards: list[str]) -> list[str]:
    return sorted(p.rule for p in GAME.validate_deck(cards))


def swap(deck: list[str], out: str, new: list[str]) -> list[str]:
    """``deck`` with ``len(new)`` copies of ``out`` replaced by ``new``."""
    d = list(deck)
    for c in new:
        d.remove(out)
        d.append(c)
    return d


def raw_card(**kw) -> dict:
    c = {"id": "x001.1", "title": "Test Spark", "type": "event", "uniqueness": 4,
         "steps": [{"do": "gain", "who": "self", "n": 1}]}
    c.update(kw)
    return c


def parses(*cards: dict) -> bool:
    try:
        parse_cards({"pool": {"version": "test", "rules": "test rules"}, "cards": list(cards)}, "test")
    except CardDataError:
        return False
    return True


# -- the card pool (META-CRD-*, META-CBR-04) ----------------------------------------------------------


def test_META_CRD_01_every_card_has_title_id_type_uniqueness_description():
    """META-CRD-01: every card of the pool file states an id, a title, a type and a uniqueness, and gets a
    description; a card missing one of them is refused by the validator."""
    raw = load_yaml(data_dir() / "cards.yaml")
    assert len(raw["cards"]) == len(card_pool()) == 98
    for item in raw["cards"]:
        assert {"id", "title", "type", "uniqueness"} <= set(item), item
    for cid, card in card_pool().items():
        assert card.id == cid and card.title.strip() and card.type and card.uniqueness
        assert card_text(card).strip(), cid
    assert parses(raw_card())
    for key in ("id", "title", "type", "uniqueness"):
        broken = raw_card()
        del broken[key]
        assert not parses(broken), key


def test_META_CRD_02_titles_are_unique_per_base_id():
    """META-CRD-02: in the pool, one title belongs to one base ID (the versions of a base ID may share it),
    and the validator flags two different base IDs with the same title."""
    by_title: dict[str, set[str]] = {}
    for card in card_pool().values():
        by_title.setdefault(card.title.lower(), set()).add(card.base)
    assert all(len(bases) == 1 for bases in by_title.values())
    assert {c.title for c in card_pool().values() if c.base == "e018"} == {"Kindling"}
    assert parses(raw_card(), raw_card(id="x001.2"))
    with pytest.raises(CardDataError, match="META-CRD-02"):
        parse_cards({"pool": {"version": "t", "rules": "r"},
                     "cards": [raw_card(), raw_card(id="x002.1")]}, "test")


def test_META_CRD_03_ids_are_base_plus_version_suffix():
    """META-CRD-03: every id is a base ID plus a version suffix (``e018.2`` = version 2 of ``e018``); ids
    without a suffix or with version 0 are refused; all versions of a base ID are one card for uniqueness
    (two Kindling versions counted together)."""
    for cid, card in card_pool().items():
        assert re.fullmatch(r"[a-z][a-z0-9]*\.[1-9][0-9]*", cid), cid
        assert f"{card.base}.{card.version}" == cid
    assert (card_pool()["e018.2"].base, card_pool()["e018.2"].version) == ("e018", 2)
    for bad in ("x001", "x001.0", "X001.1", "x001.1a"):
        assert not parses(raw_card(id=bad)), bad
    deck = swap(LEGAL, "e002.1", ["e018.1", "e018.1", "e018.2", "e018.2"])
    assert rules_of(deck) == ["META-DCK-02"]


def test_META_CRD_04_types_are_event_meta_trigger():
    """META-CRD-04: every card is exactly one of Event, Meta, Trigger; Event and Meta cards have actions
    (steps) and no condition, Trigger cards a condition and no steps; any other type is refused."""
    types = {c.type for c in card_pool().values()}
    assert types == {"event", "meta", "trigger"}
    for card in card_pool().values():
        if card.type == "trigger":
            assert card.condition is not None and card.steps == ()
        else:
            assert card.steps and card.condition is None
    assert not parses(raw_card(type="instant"))
    assert not parses(raw_card(type="trigger"))  # a Trigger card with steps and no condition


def test_META_CRD_05_uniqueness_is_a_positive_number_or_star():
    """META-CRD-05: uniqueness is a positive integer N (at most N copies per deck, all versions) or ``*``;
    0, negative numbers and other strings are refused; five copies of a uniqueness-4 card are illegal."""
    for card in card_pool().values():
        assert card.uniqueness == "*" or (isinstance(card.uniqueness, int) and card.uniqueness >= 1)
    for bad in (0, -2, "**", "many"):
        assert not parses(raw_card(uniqueness=bad)), bad
    assert parses(raw_card(uniqueness="*")) and parses(raw_card(uniqueness=1))
    problems = GAME.validate_deck(swap(LEGAL, "e002.1", ["e001.1"]))
    assert [p.rule for p in problems] == ["META-DCK-02"]
    assert "5 copies of Spark of Ruin (e001" in problems[0].message and "allows 4" in problems[0].message


def test_META_CRD_06_star_cards_once_each_and_two_in_total():
    """META-CRD-06: a ``*`` card may appear once in a deck, and a deck holds at most two ``*`` cards."""
    stars = sorted(c.id for c in card_pool().values() if c.uniqueness == "*")
    assert len(stars) >= 3
    assert rules_of(swap(LEGAL, "e013.1", stars[:2])) == []
    assert rules_of(swap(LEGAL, "e013.1", [stars[0], stars[0]])) == ["META-DCK-02"]
    assert rules_of(swap(LEGAL, "e013.1", stars[:3])) == ["META-DCK-03"]


def test_META_CRD_07_META_GAP_14_only_60_card_decks_and_no_scaled_uniqueness():
    """META-CRD-07, META-GAP-14: non-standard deck sizes are not offered: 40- and 120-card decks are refused
    (META-DCK-01), and uniqueness is never scaled (eight copies in a double-size deck still break it)."""
    assert rules_of(LEGAL[:40]) == ["META-DCK-01"]
    assert rules_of(LEGAL + LEGAL) == sorted(["META-DCK-01"] + ["META-DCK-02"] * 16)


def test_META_CRD_08_descriptions_say_what_happens_and_triggers_say_before_or_after():
    """META-CRD-08: the description says what the card does when executed; a Trigger card's states its
    condition and whether it fires before or after the condition's event."""
    pool = card_pool()
    assert card_text(pool["e007.1"]) == "The target player loses 4 life."
    assert card_text(pool["e004.1"]) == "The hand limit is 6 until the end of the next turn."
    assert card_text(pool["t001.1"]) == "At the beginning of your turn, this trigger stack executes."
    assert card_text(pool["t002.1"]) == "Just before the named player is disabled, this trigger stack executes."
    assert card_text(pool["t023.1"]).startswith("When ") and card_text(pool["t023.2"]).startswith("Just before ")
    for card in pool.values():
        text = card_text(card)
        assert text.endswith("."), card.id
        if card.type == "trigger":
            before = card.condition.when == "before"
            assert text.startswith("Just before ") == before, card.id
            assert text.endswith(", this trigger stack executes."), card.id


def test_META_CRD_09_every_card_has_one_engine_reading_shown_with_it():
    """META-CRD-09: each card has a plain-language engine reading, shown with its text where a player looks a
    card up (/card, the catalog). Not anywhere else: the hand shows one short line per card (name,
    type, target kind) and a play is announced in one short line naming the card (META-PSH-04), the full text
    and reading one lookup away, not repeated in every hand line and log line."""
    pool = card_pool()
    catalog = GAME.card_catalog()
    for card in pool.values():
        assert engine_reading(card).strip(), card.id
        info = catalog.get(card.id)
        assert info is not None and card_text(card) in info.text and engine_reading(card) in info.text
    st = pos({"players": [{"hand": ["e004.1"], "memory": FILLER}, {"memory": FILLER}]})
    (mine,) = GAME.view(st, 0).private["hand"]
    assert mine["line"] == "Narrow Hands · Event" and mine["card"] == "e004.1"
    assert card_text(pool["e004.1"]) not in GAME.private_text(GAME.view(st, 0))
    texts = play(st, 0, "e004.1")
    assert texts == ["Ana plays Narrow Hands on the main stack."]


def test_META_CBR_04_the_pool_records_its_rules_version():
    """META-CBR-04: the card pool records its own version and the rules version its cards are written for."""
    info = pool_info()
    assert info.version == "2026.11"
    assert "shared/rules/meta.md" in info.rules
    raw = load_yaml(data_dir() / "cards.yaml")
    assert raw["pool"] == {"version": info.version, "rules": info.rules}
    assert not parses_without_header()


def parses_without_header() -> bool:
    try:
        parse_cards({"cards": [raw_card()]}, "test")
    except CardDataError:
        return False
    return True


# -- decks (META-DCK-*, META-GAP-15) ------------------------------------------------------------------


def test_META_DCK_01_exactly_60_cards():
    """META-DCK-01: a legal deck has exactly 60 cards; 59 and 61 are refused, saying how many there are."""
    assert GAME.validate_deck(LEGAL) == []
    for deck, n in ((LEGAL[:59], 59), (LEGAL + ["e016.1"], 61)):
        problems = GAME.validate_deck(deck)
        assert [p.rule for p in problems] == ["META-DCK-01"]
        assert f"this one has {n}" in problems[0].message


def test_META_DCK_02_META_GAP_15_versions_count_together_against_the_strictest_uniqueness():
    """META-DCK-02, META-GAP-15: a deck names exact versions and may mix versions of one base ID; all
    versions count together, against the strictest uniqueness among the versions used (Kindling: v1 ×4,
    v2 ×3)."""
    base = swap(LEGAL, "e002.1", ["e016.1", "e016.1", "e016.1", "e019.1"])  # four free slots
    assert rules_of(base) == []

    def kindling(*versions: str) -> list[str]:
        return swap(swap(base, "e016.1", list(versions[:3])), "e019.1", list(versions[3:]))

    assert rules_of(kindling("e018.1", "e018.1", "e018.1")) == []
    assert rules_of(kindling("e018.1", "e018.2", "e018.2")) == []
    assert rules_of(kindling("e018.1", "e018.1", "e018.1", "e018.1")) == []           # v1 alone: 4
    assert rules_of(kindling("e018.2", "e018.2", "e018.2", "e018.2")) == ["META-DCK-02"]
    problems = GAME.validate_deck(kindling("e018.1", "e018.1", "e018.1", "e018.2"))  # mixed: 3
    assert [p.rule for p in problems] == ["META-DCK-02"]
    assert "4 copies of Kindling (e018, all versions); its uniqueness allows 3." in problems[0].message


def test_META_DCK_03_at_most_two_star_cards():
    """META-DCK-03: a deck may contain at most two cards of uniqueness ``*`` in total."""
    problems = GAME.validate_deck(swap(LEGAL, "e013.1", ["e014.1", "e020.1", "m013.1"]))
    assert [p.rule for p in problems] == ["META-DCK-03"]
    assert "3 cards of uniqueness *" in problems[0].message
    titles = [card_pool()[c].title for c in ("e014.1", "e020.1", "m013.1")]
    assert all(t in problems[0].message for t in titles), problems[0].message  # the cards at fault


def test_META_DCK_04_every_released_card_is_in_everyones_collection():
    """META-DCK-04: there is no ownership gating: every card of the pool can go into anyone's legal deck."""
    spare = FOURS + THREES + ["e016.1", "e019.1", "e022.1", "e023.1"]
    for cid, card in card_pool().items():
        filler: list[str] = []
        for other in spare:
            if card_pool()[other].base != card.base:
                filler += [other] * card_pool()[other].limit
        deck = [cid] + filler[:59]
        assert rules_of(deck) == [], cid
    st = GAME.new_game([SeatSetup("Ana", LEGAL), SeatSetup("Ben", list(reversed(LEGAL)))], None, 0)
    assert GAME.result(st) is None


def test_META_DCK_05_unknown_card_ids_are_refused_by_name():
    """META-DCK-05: a card id outside the table's pinned card pool is refused, naming the id (an unknown
    version of a known base ID too)."""
    problems = GAME.validate_deck(swap(LEGAL, "e013.1", ["zz999.1", "e001.9"]))
    assert [p.rule for p in problems] == ["META-DCK-05"]
    assert "e001.9" in problems[0].message and "zz999.1" in problems[0].message


def test_META_DCK_06_an_illegal_deck_cannot_start_the_game():
    """META-DCK-06: legality is checked before the game starts; a seat with an illegal deck cannot start
    and is told which rules fail."""
    with pytest.raises(RulesError) as e:
        GAME.new_game([SeatSetup("Ana", LEGAL), SeatSetup("Ben", LEGAL[:59] + ["e001.1"])], None, 0)
    assert e.value.rule == "META-DCK-06"
    assert "Ben's deck is illegal" in e.value.message and "[META-DCK-02]" in e.value.message
    with pytest.raises(RulesError) as e:
        GAME.new_game([SeatSetup("Ana", LEGAL[:30]), SeatSetup("Ben", LEGAL)], None, 0)
    assert e.value.rule == "META-DCK-06" and "[META-DCK-01]" in e.value.message


def test_META_DCK_01_META_DCK_06_every_starter_deck_is_legal_and_playable():
    """META-DCK-01..03, META-DCK-06: every starter deck has 60 cards, passes validation and starts a game."""
    decks = GAME.starter_decks()
    assert sorted(decks) == ["burn-rush", "memory-thief", "stack-control", "trap-weaver"]
    for name, deck in decks.items():
        assert len(deck) == 60, name
        assert GAME.validate_deck(deck) == [], name
        assert sum(card_pool()[c].uniqueness == "*" for c in deck) <= 2
    st = GAME.new_game([SeatSetup(s.name, decks[k]) for s, k in zip(table(4), sorted(decks), strict=True)],
                       None, 1)
    assert all(p["memory"] == 48 for p in board(st)["players"])


# -- memory and graveyards as targets (META-GAP-08) ---------------------------------------------------


def test_META_GAP_08_graveyards_are_targetable_stacks_without_meta_stacks_memories_are_not_targets():
    """META-GAP-08: a graveyard can be targeted (Sexton's Lantern names one) but a card naming it goes on the
    main stack, never on a graveyard's meta stack; memories are never offered as targets; a stack-targeting
    Meta card (Tide Turns) is offered tower levels only, not graveyards or memories."""
    st = pos({"players": [{"hand": ["e030.1", "m012.1"], "memory": FILLER, "graveyard": ["e001.1"]},
                          {"memory": FILLER, "graveyard": ["e002.1"]}],
              "main": [[{"card": "e019.1", "player": 1}]]})
    play(st, 0, "e030.1")
    assert option_ids(st, 0) == ["tgt:g0", "tgt:g1", "back"]
    play_texts = GAME.apply(st, 0, "tgt:g1")
    assert "on the main stack, targeting Ben's graveyard" in play_texts[0].text
    level0 = board(st)["towers"][0]["levels"]
    assert len(level0) == 1 and [e["card"] for e in level0[0]] == ["e019.1", "e030.1"]
    play(st, 0, "m012.1")
    assert option_ids(st, 0) == ["tgt:smain.0", "back"]
    assert not any("memory" in o.label.lower() for o in GAME.decision_for(st, 0).options)
