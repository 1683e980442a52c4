"""``copy.deepcopy`` of a Meta Olympia state (``State.__deepcopy__``, the hidden-card checks' twins and the
computer's look-ahead): the copy equals the original, shares no list, dict or team with it, keeps a list or
dict shared inside the state shared in the copy, starts with an empty decision memo, and plays on exactly as
the original does."""

from __future__ import annotations

import copy
import random
from dataclasses import is_dataclass
from typing import Any

from games.core.contract import SeatSetup
from games.metaolympia import GAME
from games.metaolympia.state import Memo

ALL = {"gambling": True, "wagers": True, "trades": True, "merger": True}


def containers(o: Any, out: list[int]) -> list[int]:
    """Ids of every list, dict and dataclass reachable from ``o``, in walking order (repeats included)."""
    if isinstance(o, list | dict) or (is_dataclass(o) and not isinstance(o, type)):
        out.append(id(o))
        vals = o.values() if isinstance(o, dict) else vars(o).values() if is_dataclass(o) else o
        for v in vals:
            containers(v, out)
    return out


def shape(o: Any) -> list[int]:
    """Which containers are the same object: each id replaced by the order it was first met in."""
    seen: dict[int, int] = {}
    return [seen.setdefault(i, len(seen)) for i in containers(o, [])]


def test_a_copied_state_is_equal_independent_and_plays_on_the_same() -> None:
    st = GAME.new_game([SeatSetup(f"P{i}") for i in range(4)], dict(ALL), 5)
    rnd = random.Random(5)
    shared = st.queue = [{"seat": 0, "key": "x", "n": 1, "why": ""}]  # a dict met twice stays one dict
    st.roll = {"queue": shared}
    twin = copy.deepcopy(st)
    assert twin.roll["queue"] is twin.queue and twin.queue is not shared
    st.queue, st.roll = [], None
    checked = 0
    while GAME.decisions(st):
        twin = copy.deepcopy(st)
        assert twin == st and GAME.to_json(twin) == GAME.to_json(st) and shape(twin) == shape(st)
        assert not set(containers(twin, [])) & set(containers(st, []))
        assert type(twin.memo) is Memo and twin.memo.key is None and twin.memo is not st.memo
        d = GAME.decisions(st)[0]
        choice = d.options[rnd.randrange(len(d.options))].id
        assert [e.text for e in GAME.apply(twin, d.seat, choice)] == [e.text for e in GAME.apply(st, d.seat, choice)]
        assert twin == st
        checked += 1
    assert checked > 100
