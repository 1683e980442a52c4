"""The gap-decision records of every game (``games/<game>/gaps.py`` through
:mod:`games.core.gapdoc`): one decision for every ``<PREFIX>-GAP-NN`` of the game's checklist
(``shared/rules/checklists/<game>.md``, copied verbatim to ``data/rules/<game>.md``, which is where the tests
and ``/rules`` read it), written once, in ``gaps.py`` (the one record ``/rules`` and the tests read). Game-specific checks of single decisions stay in ``tests/<game>/test_gaps.py``."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

import pytest

from games.core import gapdoc
from games.core.carddata import data_dir


@dataclass(frozen=True)
class Record:
    game: str
    prefix: str
    heading: str
    gaps: int
    rules: int


RECORDS = (
    Record("metazoo", "MZ", "## Gaps the rulebook leaves open", 85, 253),
    Record("memesis", "MEM", "## Gaps the source leaves open", 33, 143),
    Record("metaolympia", "MO", "## Gaps the source leaves open", 24, 120),
    Record("metax", "MX", "## Gaps the source leaves open", 24, 118),
    Record("meta", "META", "## Gaps the source leaves open", 25, 142),
)


@pytest.fixture(params=RECORDS, ids=lambda r: r.game)
def rec(request) -> Record:
    return request.param


@pytest.fixture
def checklist(rec) -> str:
    return (data_dir("rules") / f"{rec.game}.md").read_text(encoding="utf-8")


@pytest.fixture
def gaps(rec):
    return importlib.import_module(f"games.{rec.game}.gaps")


@pytest.fixture
def gap_ids(rec, checklist) -> list[str]:
    ids = re.findall(rf"^- `({rec.prefix}-GAP-\d+)`", checklist, re.MULTILINE)
    assert len(ids) == len(set(ids)) and len(ids) >= rec.gaps, "the checklist's gap list did not parse"
    return ids


def test_every_gap_of_the_checklist_has_a_decision(gaps, gap_ids):
    """Every gap the checklist lists is decided, in checklist order, with real text on one line."""
    assert list(gaps.DECISIONS) == gap_ids
    for gap, text in gaps.DECISIONS.items():
        assert len(text.split()) >= 5, (gap, text)
        assert "\n" not in text and "  " not in text, gap


def test_no_decision_for_an_unknown_gap(rec, gaps, gap_ids):
    """No decision names a gap the checklist does not list, and none is written twice."""
    assert set(gaps.DECISIONS) - set(gap_ids) == set()
    assert len(re.findall(rf"^{rec.prefix}-GAP-\d\d — ", gaps.__doc__, re.MULTILINE)) == len(gap_ids)


def test_a_gap_decided_twice_is_refused(rec):
    """The parser refuses a record that decides one gap twice, so two decisions cannot disagree silently."""
    doc = f"T\n-\n{rec.prefix}-GAP-01 — one way\n{rec.prefix}-GAP-01 — the other way\n"
    with pytest.raises(ValueError, match=f"{rec.prefix}-GAP-01 is decided twice"):
        gapdoc.parse(doc, rec.prefix)


def test_decisions_are_decided_not_open(gaps):
    """Each decision states a rule: no open wording ("maybe", "TBD", "not built") is left in any."""
    for gap, text in gaps.DECISIONS.items():
        for word in ("maybe", "tbd", "not built", "to be decided", "?"):
            assert word not in text.lower(), (gap, word)


def test_every_decision_is_in_the_docstring_as_written(gaps, gap_ids):
    """The docstring (what ``help()`` and the source show) holds each decision under its ID, word for word."""
    doc = " ".join(gaps.__doc__.split())
    for gap in gap_ids:
        assert f"{gap} — {gaps.DECISIONS[gap]}" in doc, gap


def test_decisions_are_grouped_like_the_checklist(rec, gaps, checklist):
    """The docstring's sections are the checklist's gap groups ("Combat:", …) with the same IDs in each; a
    checklist that lists its gaps without groups gives one section named after its heading."""
    part = checklist.split(rec.heading, 1)[1]
    title = rec.heading.lstrip("# ")
    groups: dict[str, list[str]] = {title: []}
    for line in part.splitlines():
        if line.endswith(":") and not line.startswith("-"):
            title = line[:-1].strip()
            groups[title] = []
        elif hit := re.match(rf"^- `({rec.prefix}-GAP-\d+)`", line):
            groups[title].append(hit.group(1))
    assert gaps.SECTIONS == {t: ids for t, ids in groups.items() if ids}


def test_decisions_cite_only_real_rules(rec, gaps, checklist, gap_ids):
    """Every rule or gap ID a decision cites is in the checklist, so a cross-reference cannot point at nothing."""
    known = set(re.findall(rf"\*\*({rec.prefix}-[A-Z]+-\d+)\*\*", checklist)) | set(gap_ids)
    assert len(known) >= rec.rules + rec.gaps
    for gap, text in gaps.DECISIONS.items():
        cited = set(re.findall(rf"\b{rec.prefix}-[A-Z]+-\d+\b", text))
        assert cited <= known, (gap, cited - known)


def test_records_parse_without_docstrings(rec, gaps, tmp_path):
    """Under ``python -OO`` (no docstrings) the decisions are read from the source file instead."""
    assert gapdoc.module_doc(None, gaps.__file__) == gaps.__doc__
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n", encoding="utf-8")
    assert gapdoc.module_doc(None, str(empty)) == ""
