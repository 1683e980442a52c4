"""The search's fast paths in MetaZoo give what the slow ones give (games.metazoo.ai.sample and evaluate copy a
state twice an iteration, and the play-outs view every position once): ``state.clone`` is the generic
``cloner(State)``'s copy, ``MetaZooGame.bot_view`` holds exactly the view's values the computer player reads and
the computer player chooses alike from either, and the search root stamped on a sample (``State.root_turn``)
reaches no snapshot and no copy."""

from __future__ import annotations

import dataclasses

import pytest
from search_kit import positions

from games import get_game
from games.core.rng import Rng
from games.core.serial import cloner
from games.metazoo import ai, state
from games.metazoo.state import State, clone

MZ = get_game("metazoo")


def _mutables(value, out: dict[int, object]) -> None:
    """Every list, dict and dataclass instance reachable from ``value`` (caches left out), by id."""
    if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value):
        if id(value) in out:
            return
        out[id(value)] = value
    if isinstance(value, dict):
        for v in value.values():
            _mutables(v, out)
    elif isinstance(value, list):
        for v in value:
            _mutables(v, out)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            if f.metadata.get("serialise", True):
                _mutables(getattr(value, f.name), out)


def _tables():
    yield from positions(MZ, 1, every=9, seats=2)
    yield from positions(MZ, 2, every=13, seats=4)
    yield from positions(MZ, 3, every=11, seats=2, options={"surroundings": "declared"})


def test_clone_copies_what_the_generic_cloner_copies_and_shares_nothing():
    """At positions along seeded games (2 and 4 Casters, the 4th Wall declared), ``clone(st)`` equals
    ``cloner(State)(st)`` field by field and as a snapshot, shares no list, dict or dataclass with ``st``, and
    starts with empty caches (``defs`` kept only with ``keep_defs``). Every dataclass of the state still has the
    fields the clone writes out, in order."""
    fields = {cls: [f.name for f in dataclasses.fields(cls)] for cls in
              (State, state.Caster, state.ArenaPage, state.ChainItem, state.Combat, state.Pending, state.SkyState,
               state.SkyNote, state.SkyAsk, state.Indicator)}
    assert [len(v) for v in fields.values()] == [39, 14, 16, 9, 13, 3, 13, 4, 3, 4]
    checked = 0
    for st, _, _ in _tables():
        MZ.view(st, 0)  # fills the caches
        generic = cloner(State)(st)
        fast = clone(st)
        assert fast == generic and MZ.to_json(fast) == MZ.to_json(st)
        for f in dataclasses.fields(State):
            assert getattr(fast, f.name) == getattr(generic, f.name), f.name
        theirs: dict[int, object] = {}
        mine: dict[int, object] = {}
        _mutables(st, theirs)
        _mutables(fast, mine)
        assert not set(theirs) & set(mine)
        assert fast.defs is None and fast.cached is None and fast.shown is None and fast.sky.built is None
        assert clone(st, keep_defs=True).defs is st.defs
        checked += 1
        last = st
    assert checked > 25
    while open_ := MZ.decisions(last):  # on to the end: the result and the standings too
        MZ.apply(last, open_[0].seat, ai.ZooBot(1)(open_[0], MZ.view(last, open_[0].seat)))
    assert last.result is not None
    fast = clone(last)
    assert fast == cloner(State)(last) and fast.result == last.result and fast.result is not last.result
    assert all(a is not b for a, b in zip(fast.result.values(), last.result.values(), strict=True)
               if isinstance(a, (list, dict)))


def test_bot_view_holds_the_values_of_the_view_the_computer_reads():
    """``bot_view(st, seat)`` is part of ``view(st, seat)``: each of its keys with the view's value (lists as
    long, dicts of the kept keys), at positions along seeded games; and the computer player, given either with
    the same seed, makes the same choice at every decision with a choice."""
    def part(small, big, where):
        if isinstance(small, dict):
            assert isinstance(big, dict), where
            for k, v in small.items():
                assert k in big, (where, k)
                part(v, big[k], f"{where}.{k}")
        elif isinstance(small, list):
            assert isinstance(big, list) and len(small) == len(big), where
            for i, (a, b) in enumerate(zip(small, big, strict=True)):
                part(a, b, f"{where}[{i}]")
        else:
            assert small == big and type(small) is type(big), where

    checked = choices = 0
    for st, n, count in _tables():
        for seat in range(count):
            full = MZ.view(st, seat)
            lean = MZ.bot_view(st, seat)
            part(lean.board, full.board, "board")
            part(lean.private, full.private, "private")
            checked += 1
        for d in MZ.decisions(st):
            if len(d.options) > 1:
                a = ai.ZooBot(n, strict=True)(d, MZ.view(st, d.seat))
                b = ai.ZooBot(n, strict=True)(d, MZ.bot_view(st, d.seat))
                assert a == b, (n, d.kind)
                choices += 1
    assert checked > 60 and choices > 15


@pytest.mark.parametrize("seats", [2, 4])
def test_the_search_root_on_a_sample_reaches_no_snapshot_no_view_and_no_copy(seats):
    """``sample`` stamps the turn of the state it was drawn from on the sample (``State.root_turn``, which
    ``evaluate`` counts from); the real state has none, the sample's JSON, its stored snapshot and every Caster's
    view are those of the same sample without it, and a copy of the sample has none."""
    checked = 0
    for st, n, count in positions(MZ, 4, every=9, seats=seats):
        det = MZ.sample(st, 0, Rng.from_seed(n))
        assert st.root_turn is None and det.root_turn == st.turn
        text, snap = MZ.to_json(det), MZ.snapshot(det)
        views = [MZ.view(det, s) for s in range(count)]
        det.root_turn = None
        det.shown = None
        assert MZ.to_json(det) == text and "root_turn" not in text
        assert MZ.snapshot(det) == snap and "root_turn" not in snap
        assert [MZ.view(det, s) for s in range(count)] == views
        det.root_turn = st.turn
        assert clone(det).root_turn is None and cloner(State)(det).root_turn is None
        checked += 1
    assert checked > 10
