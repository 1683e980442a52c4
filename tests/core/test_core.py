"""games/core: the seeded RNG, lossless serialisation, the contract's value types, the random player."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from games import get_game
from games.core.contract import Decision, Event, Option, Result, RulesError
from games.core.players import RandomPlayer
from games.core.rng import Rng
from games.core.serial import Codec, dumps, loads


def test_rng_is_reproducible_and_state_is_one_int():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng(a.state)
    assert c.below(1000) == a.below(1000)
    assert Rng.from_seed(1).next64() != Rng.from_seed(2).next64()


def test_rng_below_die_coin_and_shuffle_are_in_range_and_uniformish():
    r = Rng.from_seed(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.die(6) - 1] += 1
    assert all(850 < n < 1150 for n in counts), counts
    heads = sum(r.coin() for _ in range(2000))
    assert 900 < heads < 1100
    items = list(range(20))
    r.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError):
        r.below(0)


@dataclass
class Inner:
    a: int
    tags: list[str] = field(default_factory=list)


@dataclass
class Outer:
    inner: list[Inner]
    pair: tuple[int, str]
    maybe: Inner | None = None
    table: dict[str, int] = field(default_factory=dict)
    cache: int = field(default=0, metadata={"serialise": False})


def test_serial_round_trip_is_lossless_and_canonical():
    obj = Outer([Inner(1, ["x"]), Inner(2)], (3, "y"), None, {"b": 2, "a": 1}, cache=9)
    text = dumps(obj)
    back = loads(Outer, text)
    assert back.inner == obj.inner and back.pair == (3, "y") and back.table == {"a": 1, "b": 2}
    assert back.cache == 0  # transient fields are not stored
    assert dumps(back) == text
    assert '"cache"' not in text


def test_serial_rejects_a_type_mismatch():
    with pytest.raises(TypeError):
        loads(Inner, '{"a": "not an int", "tags": []}')


def test_decision_find_by_id_or_label():
    d = Decision(0, "k", "?", (Option("a", "Alpha"), Option("b", "Beta")))
    assert d.find("b").label == "Beta"
    assert d.find("alpha").id == "a"
    assert d.find("gamma") is None


def test_event_audience():
    assert Event("x").visible_to(None)
    assert Event("x", (1,)).visible_to(1)
    assert not Event("x", (1,)).visible_to(0)
    assert not Event("x", (1,)).visible_to(None)


def test_result_round_trip_and_rules_error_carries_rule():
    r = Result((0,), (1,), "seven_vp", "Ana wins")
    assert Result.from_dict(r.to_dict()) == r
    err = RulesError("MX-KO-01", "nope")
    assert err.rule == "MX-KO-01" and "MX-KO-01" in str(err) and err.message == "nope"


def test_random_player_only_picks_listed_options_and_is_seeded():
    d = Decision(0, "k", "?", tuple(Option(str(i), str(i)) for i in range(7)))
    a, b = RandomPlayer(3), RandomPlayer(3)
    picks = [a(d) for _ in range(50)]
    assert picks == [b(d) for _ in range(50)]
    assert set(picks) <= {o.id for o in d.options} and len(set(picks)) > 3


def test_get_game_names_known_games_on_a_typo():
    assert get_game("metax").id == "metax"
    with pytest.raises(KeyError, match="metax"):
        get_game("metaxx")


@dataclass
class Loose:
    x: float
    n: int = 0
    on: bool = False
    meta: dict[str, Any] = field(default_factory=dict)


def test_serial_is_strict_canonical_for_nested_dicts_and_omits_defaults_on_request():
    """The pydantic-core codec keeps the hand-written one's strictness (no string or bool for a
    number; an int is a float), sorts keys inside ``Any`` values too, and with ``defaults=False`` leaves out
    fields at their default, losslessly."""
    assert loads(Loose, '{"x": 3}').x == 3.0
    for bad in ('{"x": "1.5"}', '{"x": 1, "n": true}', '{"x": 1, "on": 1}', '{"x": 1, "n": "2"}', "not json"):
        with pytest.raises(TypeError):
            loads(Loose, bad)
    a = Loose(1.0, meta={"b": {"y": 1, "x": [{"q": 1, "p": 2}]}, "a": None})
    b = Loose(1.0, meta={"a": None, "b": {"x": [{"p": 2, "q": 1}], "y": 1}})
    assert dumps(a) == dumps(b) == '{"x":1.0,"n":0,"on":false,"meta":{"a":null,"b":{"x":[{"p":2,"q":1}],"y":1}}}'
    short = Codec(Loose, defaults=False)
    assert short.dumps(Loose(2.5)) == '{"x":2.5}'
    assert short.loads(short.dumps(a)) == a
