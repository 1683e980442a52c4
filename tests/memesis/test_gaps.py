"""The Memesis gap decisions (``games/memesis/gaps.py``; issue 17): one decision for every ``MEM-GAP-NN`` of
the checklist (``shared/rules/checklists/memesis.md``, copied verbatim to ``data/rules/memesis.md``, which
is where the tests and ``/rules`` read it), readable in the module docstring and in ``DECISIONS``."""

from __future__ import annotations

import re

import pytest

import games
import games.memesis as memesis
from games.core.carddata import data_dir
from games.memesis import gaps

GAP_LINE = re.compile(r"^- `(MEM-GAP-\d+)`", re.MULTILINE)
RULE_ID = re.compile(r"\*\*(MEM-[A-Z]+-\d+)\*\*")
CITED = re.compile(r"\bMEM-[A-Z]+-\d+\b")
HEADING = "## Gaps the source leaves open"


@pytest.fixture(scope="module")
def checklist() -> str:
    return (data_dir("rules") / "memesis.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def gap_ids(checklist) -> list[str]:
    ids = GAP_LINE.findall(checklist)
    assert len(ids) == len(set(ids)) and len(ids) >= 33, "the checklist's gap list did not parse"
    return ids


def test_every_gap_of_the_checklist_has_a_decision(gap_ids):
    """Every ``MEM-GAP-NN`` listed in the checklist is decided, in checklist order, with real text."""
    assert list(gaps.DECISIONS) == gap_ids
    for gap, text in gaps.DECISIONS.items():
        assert len(text.split()) >= 5, (gap, text)
        assert "\n" not in text and "  " not in text, gap


def test_no_decision_for_an_unknown_gap(gap_ids):
    """No decision names a gap the checklist does not list, and none is decided twice."""
    assert set(gaps.DECISIONS) - set(gap_ids) == set()
    assert len(re.findall(r"^MEM-GAP-\d\d — ", gaps.__doc__, re.MULTILINE)) == len(gap_ids)


def test_decisions_are_decided_not_open():
    """Each decision states a rule: no open wording ("maybe", "TBD", "not built") is left in any."""
    for gap, text in gaps.DECISIONS.items():
        for word in ("maybe", "tbd", "not built", "to be decided", "?"):
            assert word not in text.lower(), (gap, word)


def test_every_decision_is_in_the_docstring_as_written(gap_ids):
    """The docstring holds each decision under its ID, word for word."""
    doc = " ".join(gaps.__doc__.split())
    for gap in gap_ids:
        assert f"{gap} — {gaps.DECISIONS[gap]}" in doc, gap


def test_decisions_are_grouped_like_the_checklist(checklist):
    """The docstring's sections are the checklist's gap groups with the same IDs in each; the Memesis
    checklist lists its gaps in one group under its heading, so there is one section of that name."""
    part = checklist.split(HEADING, 1)[1]
    title = HEADING.lstrip("# ")
    groups: dict[str, list[str]] = {title: []}
    for line in part.splitlines():
        if line.endswith(":") and not line.startswith("-"):
            title = line[:-1].strip()
            groups[title] = []
        elif hit := GAP_LINE.match(line):
            groups[title].append(hit.group(1))
    groups = {t: ids for t, ids in groups.items() if ids}
    assert gaps.SECTIONS == groups


def test_decisions_cite_only_real_rules(checklist, gap_ids):
    """Every ``MEM-*`` ID a decision cites is a rule or gap of the checklist."""
    known = set(RULE_ID.findall(checklist)) | set(gap_ids)
    assert len(known) >= 143 + 33
    for gap, text in gaps.DECISIONS.items():
        assert set(CITED.findall(text)) <= known, (gap, set(CITED.findall(text)) - known)


def test_numbered_block_reads_back_like_the_game_docstrings(gap_ids):
    """``numbered()`` gives the ``NN text`` block of the game module docstrings; read back with the pattern
    ``tests/host/test_rulebook.py`` uses, it gives every decision unchanged."""
    block = gaps.numbered()
    entries = {f"MEM-GAP-{n}": " ".join(t.split())
               for n, t in re.findall(r"^(\d\d) (.*?)(?=^\d\d |\Z)", block, re.MULTILINE | re.DOTALL)}
    assert entries == gaps.DECISIONS
    assert max(len(line) for line in block.splitlines()) <= 104


BLOCK_HEAD = "Decisions on the gaps the rulebook leaves open (``MEM-GAP-NN``):"


def test_package_docstring_carries_the_decisions_word_for_word():
    """The one record: ``games/memesis/__init__.py``'s docstring ends with exactly ``gaps.numbered()``."""
    doc = memesis.__doc__ or ""
    assert doc.startswith("Memesis — foundation, not registered in games.REGISTRY yet (issue 17)")
    assert doc.count("Decisions on the gaps") == 1
    assert doc.split(BLOCK_HEAD, 1)[1].strip("\n") == gaps.numbered()


def test_memesis_is_not_registered_yet():
    """Issue 17: the foundation is not a playable game yet, so ``/rules memesis`` keeps "not decided yet"."""
    assert "memesis" not in games.REGISTRY
