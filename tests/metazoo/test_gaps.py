"""The MetaZoo gap decisions (``games/metazoo/gaps.py``; issue 16): one decision for every ``MZ-GAP-NN`` of
the checklist (``shared/rules/checklists/metazoo.md``, copied verbatim to ``data/rules/metazoo.md``, which
is where the tests and ``/rules`` read it), readable in the module docstring and in ``DECISIONS``."""

from __future__ import annotations

import re

import pytest

from games.core.carddata import data_dir
from games.metazoo import gaps

GAP_LINE = re.compile(r"^- `(MZ-GAP-\d+)`", re.MULTILINE)
RULE_ID = re.compile(r"\*\*(MZ-[A-Z]+-\d+)\*\*")
CITED = re.compile(r"\bMZ-[A-Z]+-\d+\b")


@pytest.fixture(scope="module")
def checklist() -> str:
    return (data_dir("rules") / "metazoo.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def gap_ids(checklist) -> list[str]:
    ids = GAP_LINE.findall(checklist)
    assert len(ids) == len(set(ids)) and len(ids) >= 85, "the checklist's gap list did not parse"
    return ids


def test_every_gap_of_the_checklist_has_a_decision(gap_ids):
    """Every ``MZ-GAP-NN`` listed in the checklist is decided, in checklist order, with real text."""
    assert list(gaps.DECISIONS) == gap_ids
    for gap, text in gaps.DECISIONS.items():
        assert len(text.split()) >= 5, (gap, text)
        assert "\n" not in text and "  " not in text, gap


def test_no_decision_for_an_unknown_gap(gap_ids):
    """No decision names a gap the checklist does not list, and none is decided twice."""
    assert set(gaps.DECISIONS) - set(gap_ids) == set()
    assert len(re.findall(r"^MZ-GAP-\d\d — ", gaps.__doc__, re.MULTILINE)) == len(gap_ids)


def test_every_decision_is_in_the_docstring_as_written(gap_ids):
    """The docstring (what ``help()`` and the source show) holds each decision under its ID, word for word."""
    doc = " ".join(gaps.__doc__.split())
    for gap in gap_ids:
        assert f"{gap} — {gaps.DECISIONS[gap]}" in doc, gap


def test_decisions_are_grouped_like_the_checklist(checklist):
    """The docstring's sections are the checklist's gap groups ("Combat:", …) with the same IDs in each."""
    part = checklist.split("## Gaps the rulebook leaves open", 1)[1]
    groups: dict[str, list[str]] = {}
    title = ""
    for line in part.splitlines():
        if line.endswith(":") and not line.startswith("-"):
            title = line[:-1].strip()
            groups[title] = []
        elif hit := GAP_LINE.match(line):
            groups[title].append(hit.group(1))
    assert gaps.SECTIONS == groups


def test_decisions_cite_only_real_rules(checklist, gap_ids):
    """Every ``MZ-*`` ID a decision cites is a rule or gap of the checklist, so a cross-reference cannot
    point at nothing (MZ-GAP-13 cites MZ-GAP-12, MZ-GAP-34 is cited by MZ-GAP-24, …)."""
    known = set(RULE_ID.findall(checklist)) | set(gap_ids)
    assert len(known) >= 253 + 85
    for gap, text in gaps.DECISIONS.items():
        assert set(CITED.findall(text)) <= known, (gap, set(CITED.findall(text)) - known)


def test_numbered_block_reads_back_like_the_game_docstrings(gap_ids):
    """``numbered()`` gives the ``NN text`` block of the game module docstrings; read back with the pattern
    ``tests/host/test_rulebook.py`` uses, it gives every decision unchanged."""
    block = gaps.numbered()
    entries = {f"MZ-GAP-{n}": " ".join(t.split())
               for n, t in re.findall(r"^(\d\d) (.*?)(?=^\d\d |\Z)", block, re.MULTILINE | re.DOTALL)}
    assert entries == gaps.DECISIONS
    assert max(len(line) for line in block.splitlines()) <= 104


def test_MZ_GAP_07_wheel_each_type_strong_against_exactly_one():
    """MZ-GAP-07 / MZ-TYPE-06: the decided wheel gives each of the ten types exactly one type it is strong
    against and one it is weak to, keeps the rulebook's Light > Dark, and leaves out Neutral and Special."""
    types = {"Water", "Flame", "Forest", "Frost", "Lightning", "Earth", "Cosmic", "Dark", "Light", "Spirit"}
    strong: dict[str, str] = {}
    for chain in re.findall(r"(?:[A-Z][a-z]+ > )+[A-Z][a-z]+", gaps.DECISIONS["MZ-GAP-07"]):
        names = chain.split(" > ")
        for a, b in zip(names, names[1:], strict=False):
            assert a not in strong, a
            strong[a] = b
    assert set(strong) == types and sorted(strong.values()) == sorted(types)
    assert strong["Light"] == "Dark"


def test_MZ_GAP_82_counts_the_checklists_terra_bonuses(checklist):
    """MZ-GAP-82 / MZ-TERRA-01: the decision's number of Terra Bonuses is the checklist's list."""
    line = next(x for x in checklist.splitlines() if x.startswith("- **MZ-TERRA-01**"))
    names = line.split("Terra Bonuses:", 1)[1].split("(", 1)[0].split(",")
    assert f"Only the {len(names)} listed Terra Bonuses" in gaps.DECISIONS["MZ-GAP-82"]
