"""Shared fixtures: the MetaX game object, positions, and a helper to choose by id or label."""

from __future__ import annotations

import pytest

from games import get_game
from games.core.contract import SeatSetup
from games.core.scenario import pick_option


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
