"""MetaZoo: player words in every text a player reads.

Seeded games at 2, 3 and 4 seats played by the computer players (:func:`tests.player_texts.game_texts`): the
board, context and private texts, prompts, option labels, events, unplayable reasons, picture labels, the
result and the end lines carry no internal code (card or instance ids, step names, gap tags, bare rule IDs:
a rule ID only as a pointer "see /rules MZ-TRAP-06"). Every decision kind has a step name in words, and the
card catalog (``/card``) is clean too.
"""

from __future__ import annotations

import pytest

from games.metazoo import GAME as ZOO
from games.metazoo.render import STEP_NAMES
from tests.player_texts import game_texts, internal_hits

KINDS = ("predict", "choose_first", "mulligan", "burrow", "order", "trap_pay", "target", "attack_target",
         "trap_where", "defend", "primary", "allocate", "actions", "priority", "sky")


@pytest.mark.slow
@pytest.mark.parametrize("seats,seed", [(2, 3), (3, 5), (4, 1)])
def test_every_text_of_a_seeded_game_is_in_player_words(seats, seed):
    """No internal hit in any text of a seeded game; every waiting kind is named in words."""
    hits: list[str] = []
    kinds: set[str] = set()
    events = 0
    scanned: dict[str | None, list[str]] = {}  # a text shown again (every viewer's board, a step's prompt) once
    for where, text in game_texts(ZOO, seed, seats):
        events += where == "event"
        if text not in scanned:
            scanned[text] = internal_hits(text or "")
        for hit in scanned[text]:
            hits.append(f"{where}: {hit} in {text[:160]!r}")
        if where == "waiting":
            kinds.add(text)
    assert events > 50  # the game was played, not just set up
    assert not hits, "\n".join(hits[:20])
    assert kinds and not kinds & set(KINDS)  # shown as step names, never as the raw kinds


def test_every_decision_kind_has_a_step_name():
    """``step_name`` gives each decision kind of MetaZoo in words, never the raw kind."""
    for kind in KINDS:
        name = ZOO.step_name(kind)
        assert name == STEP_NAMES[kind] and name != kind and "_" not in name
        assert not internal_hits(name)
    assert ZOO.step_name("priority") == "responding"
    assert ZOO.step_name("defend") == "declaring Defenders"


def test_prompts_carry_no_bare_rule_ids():
    """The set-up prompt once read "predict the coin flip ... (MZ-SETUP-02)"."""
    from games.core.playout import starter_seats

    st = ZOO.new_game(starter_seats(ZOO, 1, 2), None, 1)
    (d,) = ZOO.decisions(st)
    assert d.prompt.endswith("predict the coin flip that decides who chooses to go first.")
    assert not internal_hits(d.prompt)


def test_the_card_catalog_is_in_player_words():
    """Every catalog entry's fields and text are clean; the Spellbook Limit points at
    its rule ("see /rules MZ-BOOK-02")."""
    hits = []
    for card in ZOO.card_catalog():
        for text in (card.name, card.label, card.text, card.flavor, card.limit,
                     *(f"{k}: {v}" for k, v in card.fields)):
            hits += [f"{card.name}: {h}" for h in internal_hits(text)]
    assert not hits, hits[:10]
