"""Shared fixtures: the MetaX game object, positions, and a helper to choose by id or label; and the suite's
default of running in parallel (pytest-xdist) when xdist is installed."""

from __future__ import annotations

import sys

import pytest

from games import get_game
from games.core.contract import SeatSetup
from games.core.scenario import pick_option


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """Run the suite on one worker per core (``-n auto --dist worksteal``: a worker that runs out of tests takes
    half of another's queue, so one long test does not leave the others idle) unless the command line says how
    (``-n 0``, ``-n 3``, ``--dist ...``) or xdist is off (``-p no:xdist``, the one-process run for debugging).
    Set here rather than in ``addopts`` so that ``-p no:xdist`` still parses; xdist reads these options in
    its own ``pytest_cmdline_main``, which runs after this one."""
    option = config.option
    if (getattr(option, "numprocesses", 0) is None and not hasattr(config, "workerinput")
            and not option.collectonly):
        option.numprocesses = "auto"
        if option.dist == "no":
            option.dist = "worksteal"


def pytest_configure(config):
    """On an xdist worker ``sys.argv`` is the worker's ``-c`` bootstrap: give it the command line the run was
    started with, so a test sees the same process as in a one-process run (``bot.local.program`` reads
    ``sys.argv[0]`` to write the resume command a terminal game prints)."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        sys.argv[:] = workerinput["mainargv"]


def pytest_collection_modifyitems(config, items):
    """The ``slow`` tests first, each group in its collected order: on several workers a long test started
    last would keep one worker busy while the others wait."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture
def mx():
    """The MetaX game (games.metax.GAME)."""
    return get_game("metax")


@pytest.fixture
def seats():
    return [SeatSetup("Ana"), SeatSetup("Ben")]


@pytest.fixture
def position(mx, seats):
    """``position(spec, seed=0)`` -> a MetaX state from an explicit position (Game.position)."""

    def make(spec, seed=0):
        return mx.position(spec, seats, seed)

    return make


@pytest.fixture
def choose(mx):
    """``choose(state, seat, text)`` applies the option named by id/label/unique label part; returns events."""

    def do(state, seat, text):
        decision = mx.decision_for(state, seat)
        return mx.apply(state, seat, pick_option(decision, text))

    return do


@pytest.fixture
def options(mx):
    """``options(state, seat)`` -> the option ids of the seat's current decision."""

    def ids(state, seat):
        return [o.id for o in mx.decision_for(state, seat).options]

    return ids
