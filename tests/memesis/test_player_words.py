"""Player words everywhere: every text a Memesis player can read — board, context and private
texts, prompts, option labels, events, unplayable reasons, picture labels, result, scores and end lines, the
card catalog — has no internal code (card or option ids, step names, Python reprs, gap tags, bare rule IDs:
:func:`tests.player_texts.internal_hits`), and every decision kind has a name in player words
(:meth:`MemesisGame.step_name`) for the board's "Waiting for Ana (…)"."""

from __future__ import annotations

import pytest
from player_texts import game_texts, internal_hits

from games.memesis import GAME, rules

from .kit import act, dec, hand_ref, pass_windows, pos, refused

TABLES = {  # name: (seats, table options, seed)
    "2 seats": (2, None, 3),
    "3 seats": (3, None, 4),
    "4 seats": (4, None, 5),
    "2v2": (4, {"teams": [0, 1, 0, 1]}, 6),
}
"""The seeded games scanned: every seat count Memesis supports, and two teams of two."""


@pytest.mark.slow
@pytest.mark.parametrize("table", list(TABLES))
def test_every_text_of_a_seeded_game_is_in_player_words(table):
    """Over a whole seeded game (computer players) every text any seat or a spectator reads has
    no internal code; every kind waited for has a step name in words."""
    seats, options, seed = TABLES[table]
    hits: list[str] = []
    kinds: set[str] = set()
    texts = 0
    scanned: dict[str, list[str]] = {}  # a board or prompt comes back for every viewer and step: scanned once
    for where, text in game_texts(GAME, seed, seats, options, pictures_every=40):
        texts += 1
        found = scanned.get(text)
        if found is None:
            found = scanned[text] = internal_hits(text)
        hits += [f"{where}: {h} in {text[:120]!r}" for h in found]
        if where == "waiting":
            kinds.add(text)
    assert texts > 500  # a real game was played
    assert not hits, "\n".join(hits[:20])
    assert "responding" in kinds and not kinds & set(rules.STEP_NAMES)


def test_every_decision_kind_has_a_step_name_in_words():
    """Each decision kind Memesis opens reads in words ("window" -> "responding"), never the
    kind itself nor an underscore; the kinds listed are the ones the rules build."""
    built = {"main", "window", "act", "ammo_take", "intercept", "block", "cause", "save", "fuse_cause",
             "discard", "fragment", "rune_return", "attach", "hatch_target"}
    assert set(rules.STEP_NAMES) == built
    for kind in built:
        name = GAME.step_name(kind)
        assert name != kind and "_" not in name and not internal_hits(name), (kind, name)
    assert GAME.step_name("window") == "responding"


def test_the_card_catalog_has_no_gap_tag_nor_bare_rule_id():
    """``/card`` texts (rules text, fields, copy limit) carry no gap tag and a rule ID only as a
    pointer ("see /rules MEM-RUN-02")."""
    hits = []
    for info in GAME.card_catalog():
        for text in (info.text, info.limit, info.name, *(f"{k}: {v}" for k, v in info.fields)):
            hits += [f"{info.name}: {h}" for h in internal_hits(text)]
    assert not hits, hits[:10]
    rune = next(i for i in GAME.card_catalog() if i.type == "Rune")
    assert "see /rules MEM-RUN-02" in rune.text


def test_a_refusal_names_the_step_in_words_and_no_option_id():
    """Refusals (RulesError messages) name whom the game waits for and what in words, and
    list the legal options by label, not their ids."""
    st = pos({"hand": ["pilgrim-of-the-way"], "source": 1}, {"hand": ["fire-arrow"]})
    err = refused(st, 1, "end")
    assert "waiting for Ana (taking their turn)" in err.message
    err = refused(st, 0, "h999")
    assert "h999" not in err.message and "Choose one of: Pilgrim of the Way (hand)" in err.message
    assert not internal_hits(err.message)


def test_prompts_of_combat_and_damage_carry_no_rule_id():
    """The interception and block prompts, which read "(MEM-TRN-03)" and "(MEM-CBT-05)" before,
    are plain questions."""
    st = pos({"source": 1, "hand": ["catapult-stone"]}, {"pieces": [{"card": "enkidu", "cell": "defend"}]})
    act(st, 0, hand_ref(st, 0, "catapult-stone"), "play")
    d = dec(st, 1)
    assert d.kind == "intercept" and d.prompt == ("Catapult Stone deals 2 damage to you: intercept it with a "
                                                  "Defend creature, or take it?")
    st = pos({"pieces": [{"card": "enkidu", "cell": "attack", "target": 1}]},
             {"pieces": [{"card": "thunderbird", "cell": "defend"}]})
    GAME.apply(st, 0, "end")
    pass_windows(st)
    d = dec(st, 1)
    assert d.kind == "block" and not internal_hits(d.prompt) and d.prompt.endswith("intercept?")


def test_the_picture_says_who_is_deciding_what_in_words():
    """The board picture's foot names the step in words ("Ben (responding)"), not the decision
    kind ("window"); its Life bar is drawn against the higher of 20 and the current Life (MEM-GAP-07)."""
    st = pos({"source": 1, "hand": ["pilgrim-of-the-way"], "life": 26}, {"hand": ["fire-arrow"]})
    act(st, 0, hand_ref(st, 0, "pilgrim-of-the-way"), "play", "main", "up")
    assert dec(st).kind == "window"
    layout = GAME.layout(GAME.view(st, None))
    waiting = [e.text for e in layout.elements if getattr(e, "source", "") == "waiting"]
    assert waiting == ["Waiting for Ben (responding)"]
    bars = {e.source: (e.value, e.maximum) for e in layout.elements if type(e).__name__ == "Bar"}
    assert bars == {"p0.life": (26, 26), "p1.life": (20, 20)}
