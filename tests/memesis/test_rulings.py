"""The Memesis rulings in player words (``data/rules/memesis.rulings.yaml``, shown by ``/rules`` and ``metahost
rules``; issue 17, issue 13 §9).

``tests/host/test_rulebook.py`` checks the rulings of registered games only, and Memesis is not registered until
issue 17 is done; until then ``bot/rulebook.py`` shows its gaps as "not decided yet" but already shows the file's
host rulings and wordings. So the checks a registered game's rulings get are run here on Memesis seen as
registered (MEM-GAP-01..33): the same test functions of ``tests/host/test_rulebook.py``, loaded from that file,
so the two can never drift apart. Rule IDs are not named here: the coverage tool would count them as tested.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import games
from bot.rulebook import HOW_LATER, RuleBook, load_rulings, pages
from games.core.carddata import data_dir
from games.memesis import gaps

GAME = "memesis"


def _rulebook_checks():
    """``tests/host/test_rulebook.py`` as a module (``tests/host`` is no package, so it is loaded by path)."""
    path = Path(__file__).resolve().parents[1] / "host" / "test_rulebook.py"
    spec = importlib.util.spec_from_file_location("memesis_rulebook_checks", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


checks = _rulebook_checks()


def rulings():
    return load_rulings(data_dir("rules") / f"{GAME}.rulings.yaml")


@pytest.fixture
def as_registered(monkeypatch):
    """Memesis seen as a registered game: its package in ``games.GAME_MODULES`` (the dict ``bot.rulebook``
    reads) and an empty rulebook cache, so ``RuleBook.load`` shows the gap rulings; both undone afterwards."""
    monkeypatch.setitem(games.GAME_MODULES, GAME, "games.memesis")
    monkeypatch.setattr(RuleBook, "_cache", {})
    assert RuleBook.load(GAME).built


def test_memesis_is_still_unregistered_so_only_these_checks_cover_its_gap_rulings():
    """If Memesis is registered, ``tests/host/test_rulebook.py`` checks it itself and this file can go."""
    assert GAME not in checks.built_games()


def test_unregistered_rulebook_shows_host_rulings_and_wordings_but_no_gap_ruling():
    """Until Memesis is registered, ``/rules memesis`` takes the file's host rulings ("How the bot will handle
    it") and wordings, and keeps every gap "not decided yet"."""
    book, ruled = RuleBook.load(GAME), rulings()
    assert not book.built
    for rid, text in ruled.host.items():
        assert book.rule(rid).ruling == text
        assert f"*{HOW_LATER}* {text}" in "\n".join(pages(book.section_of(rid), 10**9))
    for rid, text in ruled.wording.items():
        assert book.rule(rid).text == text
    assert all(r.text == "Not decided yet." and not r.ruling for r in book.sections[-1].rules)


def test_gap_rulings_decide_exactly_the_gaps_of_gaps_py_saying_no_other_number(as_registered):
    """MEM-GAP-01..33: the rulings decide exactly the checklist's gaps, which the package docstring decides as
    ``gaps.DECISIONS`` does; a ruling says no number (above 1) that its decision does not say."""
    decided = checks.docstring_gaps(GAME)
    assert decided == {gap: " ".join(text.split()) for gap, text in gaps.DECISIONS.items()}
    assert set(rulings().gaps) == set(gaps.DECISIONS)
    checks.test_every_gap_of_a_built_game_has_the_docstring_decision(GAME)


def test_host_rulings_cover_every_host_rule_and_wordings_only_real_rules(as_registered):
    """A host ruling for every ``[host]`` rule of the checklist and for nothing else; wordings only for rules of
    the checklist, never for a gap."""
    checks.test_rulings_file_names_only_real_rules(GAME)
    book = RuleBook.load(GAME)
    hosted = {r.id for s in book.sections for r in s.rules if "[host]" in r.checklist}
    assert set(rulings().host) == hosted


def test_every_page_reads_as_player_words_once_registered(as_registered):
    """Registered, every page (gap rulings included) is free of developer notes and open questions, fits
    Discord, says "How the bot handles it" for each host rule, and every gap ruling is found by its ID and by
    a word of its topic."""
    checks.test_no_answer_carries_developer_notes(GAME)
    checks.test_host_rules_say_how_the_bot_handles_them(GAME)
    checks.test_every_gap_is_reachable_by_id_and_by_a_word(GAME)
