"""The MetaZoo gap decisions (``games/metazoo/gaps.py``): one decision for every ``MZ-GAP-NN`` of
the checklist (``shared/rules/checklists/metazoo.md``, copied verbatim to ``data/rules/metazoo.md``, which
is where the tests and ``/rules`` read it), readable in the module docstring and in ``DECISIONS``. The checks
every game's gap record gets are in ``tests/core/test_gap_records.py``; this file holds the MetaZoo-only ones."""

from __future__ import annotations

import re

import pytest

import games.metazoo as metazoo
from games.core.carddata import data_dir
from games.metazoo import gaps
from games.metazoo.rules import sky


@pytest.fixture(scope="module")
def checklist() -> str:
    return (data_dir("rules") / "metazoo.md").read_text(encoding="utf-8")


def test_MZ_GAP_07_decision_states_the_engines_wheel():
    """MZ-GAP-07 / MZ-TYPE-06: the decision's "A > B" chains are exactly the wheel the engine reads
    (``data/metazoo/wheel.yaml`` through ``pool.wheel()``), keep the rulebook's Light > Dark, give each of
    the ten types at least one type it is strong against and one it is weak to, and leave out Neutral and
    Special."""
    from games.metazoo.cards import AURA_TYPES
    from games.metazoo.pool import wheel

    said: set[tuple[str, str]] = set()
    for chain in re.findall(r"(?:[A-Z][a-z]+ > )+[A-Z][a-z]+", gaps.DECISIONS["MZ-GAP-07"]):
        names = [n.lower() for n in chain.split(" > ")]
        said |= set(zip(names, names[1:], strict=False))
    engine = {(a, b) for a, strong in wheel().items() for b in strong}
    assert said == engine
    assert ("light", "dark") in said
    assert {a for a, _ in said} == {b for _, b in said} == set(AURA_TYPES)


def test_MZ_GAP_82_counts_the_checklists_terra_bonuses(checklist):
    """MZ-GAP-82 / MZ-TERRA-01: the decision's number of Terra Bonuses is the checklist's list."""
    line = next(x for x in checklist.splitlines() if x.startswith("- **MZ-TERRA-01**"))
    names = line.split("Terra Bonuses:", 1)[1].split("(", 1)[0].split(",")
    assert f"Only the {len(names)} listed Terra Bonuses" in gaps.DECISIONS["MZ-GAP-82"]


def test_sky_docstring_names_only_decided_gaps_and_agrees_with_them():
    """``games/metazoo/rules/sky.py`` explains the 4th Wall side of the decisions (MZ-GAP-68, 69, 82 and the 4th
    Wall timeout of MZ-GAP-24): every gap its docstring names is decided in ``gaps.py``, and the points both
    state say the same (name matching examples, the Terra Bonus list closed by the loader, an unanswered
    confirmation is "not met", the sky read once per turn at step 1a)."""
    doc = " ".join((sky.__doc__ or "").split())
    named = set(re.findall(r"MZ-GAP-\d\d", doc))
    assert {"MZ-GAP-24", "MZ-GAP-68", "MZ-GAP-69", "MZ-GAP-82"} <= named
    assert named <= set(gaps.DECISIONS), named - set(gaps.DECISIONS)
    for words in ('"a train" matches "Ghost Train"', '"rain" does not match "Raining"'):
        assert words in doc and words in gaps.DECISIONS["MZ-GAP-68"], words
    assert "rejects any other name" in doc and "the loader rejects any other name" in gaps.DECISIONS["MZ-GAP-82"]
    assert "not met" in doc and "4th Wall confirmation, not met" in gaps.DECISIONS["MZ-GAP-24"]
    assert "step 1a" in doc and "(step 1a)" in gaps.DECISIONS["MZ-GAP-69"]


def test_decisions_state_the_engines_numbers():
    """The numbers the engine and host use are the ones the decisions state: 2 to 4 seats (MZ-GAP-12), the
    500-turn safety cap (MZ-GAP-73), a 60-Page Spellbook maximum (MZ-GAP-76), 3 timeouts in a row
    (MZ-GAP-81), +20 once for Type Advantage (MZ-GAP-08)."""
    from bot.host import MAX_TIMEOUTS
    from games.metazoo.pool import MAX_SPELLBOOK
    from games.metazoo.rules import pages, turn

    assert (metazoo.GAME.min_seats, metazoo.GAME.max_seats) == (2, 4)
    assert f"{metazoo.GAME.min_seats} to {metazoo.GAME.max_seats} Casters" in gaps.DECISIONS["MZ-GAP-12"]
    assert f"A {turn.TURN_CAP}-turn cap ends the game as a Draw" in gaps.DECISIONS["MZ-GAP-73"]
    assert f"at most {MAX_SPELLBOOK} Pages by default" in gaps.DECISIONS["MZ-GAP-76"]
    assert f"after {MAX_TIMEOUTS} timeouts in a row" in gaps.DECISIONS["MZ-GAP-81"]
    assert f"+{pages.ADVANTAGE} once" in gaps.DECISIONS["MZ-GAP-08"]
