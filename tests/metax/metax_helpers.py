"""Helpers shared by the MetaX rule tests (imported as a plain module: tests/metax is on sys.path)."""

from __future__ import annotations

import pytest

from games.core.contract import RulesError

FILLER = [
    "b-str-1", "b-int-1", "b-spe-1", "b-str-2", "b-int-2",
    "b-spe-2", "b-str-3", "b-int-3", "b-spe-3", "b-str-4",
]
"""Ten basic Battle cards: a deck that nobody runs out of in a short test."""


def reject(mx, state, seat, choice):
    """Apply an illegal ``choice``: it must raise RulesError and leave the state unchanged.

    Returns the rule ID of the error."""
    before = mx.to_json(state)
    with pytest.raises(RulesError) as e:
        mx.apply(state, seat, choice)
    assert mx.to_json(state) == before
    return e.value.rule


def board(mx, st, viewer=None):
    """The board as ``viewer`` (default: a spectator) sees it."""
    return mx.view(st, viewer).board


def player(mx, st, seat):
    return board(mx, st)["players"][seat]


def char(mx, st, seat, iid):
    """The board entry of seat's in-play Character ``iid``."""
    return next(c for c in player(mx, st, seat)["in_play"] if c["id"] == iid)


def opts(mx, st, seat):
    """The option ids of ``seat``'s open decision."""
    return [o.id for o in mx.decision_for(st, seat).options]


def go(mx, st, seat, *choices):
    """Apply option ids in order (each must be listed); returns the public log texts."""
    log = []
    for oid in choices:
        assert oid in opts(mx, st, seat), f"{oid} not in {opts(mx, st, seat)}"
        log += [e.text for e in mx.apply(st, seat, oid) if e.audience is None]
    return log


def refuse(mx, st, seat, oid, rule):
    """``oid`` must be refused under ``rule`` with the state unchanged."""
    before = mx.to_json(st)
    with pytest.raises(RulesError) as exc:
        mx.apply(st, seat, oid)
    assert exc.value.rule == rule, exc.value
    assert mx.to_json(st) == before
    return exc.value
