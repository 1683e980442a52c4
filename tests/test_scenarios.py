"""Runs every scenario file under tests/scenarios/ through the scenario runner (games.core.scenario)."""

from pathlib import Path

import pytest

from games import get_game
from games.core.scenario import run_file

FILES = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario_file(path):
    report = run_file(path, get_game)
    assert report.passed, report.message
