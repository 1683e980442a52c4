"""Runs the MetaZoo scenario files (tests/metazoo/scenarios/*.yaml) through games.core.scenario. They live
here, not in tests/scenarios/, until MetaZoo is registered (tests/test_scenarios.py looks games up in the
registry). MZ-PRIO-07 (golden chain), MZ-TRAP-05 (a Trap flipping mid-Combat), MZ-EMPTY-02 (running out)."""

from pathlib import Path

import pytest

from games.core.scenario import run_file
from games.metazoo import GAME as MZ

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


def lookup(game_id: str):
    if game_id != "metazoo":
        raise KeyError(game_id)
    return MZ


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_file(path):
    report = run_file(path, lookup)
    assert report.passed, report.message
