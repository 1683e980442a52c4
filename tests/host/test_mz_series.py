"""A MetaZoo series through the table service (MZ-BOOK-05, MZ-BOOK-06, MZ-GAP-75): Archive
sizes (never Pages) posted at the first start, swaps one for one between games for that game only, the score
after each game, the end at a majority, and a restart in the middle keeping the score."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from conftest import FakeClock

from bot.decks import DeckService
from bot.host import Listener, TableError, TableService
from bot.store import Store
from games.metazoo.pool import starter_decks

ARCHIVE = "Archive:\n2 Moonwell\n3 Cockcrow\n"


class Recorder(Listener):
    def __init__(self):
        self.events: list[str] = []
        self.next: list[tuple[str, str]] = []

    async def game_changed(self, table, events, views):
        self.events += [e.text for e in events]

    async def series_next(self, old, new):
        self.next.append((old.id, new.id))


def ember_list() -> str:
    from games.metazoo.pool import card_pool
    pool = card_pool()
    counts = Counter(starter_decks()["ember-dawn"].card_list())
    return "\n".join(f"{n} {pool[c].name}" for c, n in counts.items()) + "\n"


async def series_table(svc: TableService, store: Store, clock, length: int = 3):
    deck = await DeckService(store, clock=clock).import_list("ana", "metazoo", "Sided", ember_list() + ARCHIVE)
    t = await svc.create("metazoo", "local", "ana", "Ana", seed=3, series=length)
    await svc.choose_deck(t.id, "ana", f"saved:{deck.id}")
    await svc.join(t.id, "ben", "Ben")
    return t


def lobby_of(svc: TableService, rec: Recorder):
    return svc.get(rec.next[-1][1])


async def test_mz_gap_75_only_metazoo_offers_series_of_1_3_or_5(store, clock):
    """MZ-GAP-75: a series is 1, 3 or 5 games; other games play single games; a refused create stores nothing."""
    svc = TableService(store, clock=clock, computer_delay=0)
    with pytest.raises(TableError) as err:
        await svc.create("metazoo", "local", "ana", "Ana", series=2)
    assert err.value.code == "bad_option" and "1, 3, 5" in err.value.message
    with pytest.raises(TableError) as err:
        await svc.create("metax", "local", "ana", "Ana", series=3)
    assert err.value.code == "bad_option" and "single games" in err.value.message
    assert svc.tables == {}


async def test_mz_book_05_06_a_series_swaps_for_one_game_and_survives_a_restart(new_db):
    """MZ-BOOK-05: no swap before the first game; at its start the Archive sizes are posted, never a Page of
    them. MZ-BOOK-06: a swap between games 1 and 2 changes game 2's Spellbook only; unequal or missing Pages
    are refused naming the rule; game 3 starts from the original Spellbook again plus its own swap, the
    Pages brought in before back in the Archive. MZ-GAP-75: the score after each game, the end at 2 wins,
    and a host restarted between games 2 and 3 keeps the score."""
    path = new_db("series")
    clock = FakeClock(1_790_000_000.0)
    store = await Store.open(path, busy_timeout_ms=100)
    svc = TableService(store, clock=clock, computer_delay=0)
    rec = Recorder()
    svc.listeners.append(rec)
    t1 = await series_table(svc, store, clock)
    original = Counter(t1.seats[0].deck)
    with pytest.raises(TableError) as err:
        await svc.swap(t1.id, "ana", ["Ember Imp"], ["Moonwell"])
    assert "MZ-BOOK-05" in err.value.message
    await svc.start(t1.id, "ana")
    sizes = [e for e in rec.events if "Archive sizes" in e]
    assert sizes == ["Series of 3 games (first to 2 wins), game 1. Archive sizes (MZ-BOOK-05): Ana 5 Pages, "
                     "Ben no Archive."]
    assert not any(word in e for e in rec.events for word in ("Moonwell", "Cockcrow"))

    await svc.concede(t1.id, "ben")  # game 1: Ana 1 - Ben 0
    assert "Series after game 1: Ana 1 – Ben 0." in rec.events
    t2 = lobby_of(svc, rec)
    assert t2.status == "lobby" and [s.user_id for s in t2.seats] == ["ana", "ben"]
    assert Counter(t2.seats[0].deck) == original
    with pytest.raises(TableError) as err:
        await svc.swap(t2.id, "ana", ["Ember Imp", "Ember Imp"], ["Moonwell"])
    assert err.value.code == "bad_swap" and "MZ-BOOK-06" in err.value.message and "2 out, 1 in" in err.value.message
    with pytest.raises(TableError) as err:
        await svc.swap(t2.id, "ana", ["Ember Imp"], ["Ember Imp"])
    assert "MZ-BOOK-06" in err.value.message and "Not in the Archive" in err.value.message
    assert Counter(t2.seats[0].deck) == original  # refused: nothing changed
    await svc.swap(t2.id, "ana", ["Ember Imp", "Ember Imp"], ["Moonwell", "Moonwell"])
    await svc.start(t2.id, "ana")
    game2 = Counter(t2.seats[0].deck)
    assert game2["moonwell"] == 2 and game2["ember-imp"] == original["ember-imp"] - 2
    assert sum(game2.values()) == sum(original.values())
    assert "Series of 3 games (first to 2 wins), game 2. Score: Ana 1 – Ben 0." in rec.events

    await svc.concede(t2.id, "ana")  # game 2: 1 - 1
    t3_id = lobby_of(svc, rec).id
    await store.close()  # the host stops between games 2 and 3

    store = await Store.open(path, busy_timeout_ms=100)
    svc = TableService(store, clock=clock, computer_delay=0)
    rec2 = Recorder()
    svc.listeners.append(rec2)
    await svc.load()
    t3 = svc.get(t3_id)
    try:
        assert t3.options["series"]["score"] == {"0": 1, "1": 1} and t3.options["series"]["game"] == 3
        assert Counter(t3.seats[0].deck) == original  # the Moonwells went back (MZ-BOOK-06)
        await svc.swap(t3.id, "ana", ["Ember Imp"], ["Moonwell"])
        await svc.start(t3.id, "ben")
        game3 = Counter(t3.seats[0].deck)
        assert game3["moonwell"] == 1 and game3["ember-imp"] == original["ember-imp"] - 1
        await svc.concede(t3.id, "ben")
        assert "Series over: Ana 2 – Ben 1." in rec2.events and rec2.next == []
        assert svc.tables == {}
    finally:
        await store.close()


async def test_mz_gap_75_computer_seats_play_a_series_to_a_majority(store, clock):
    """MZ-GAP-75: with no human seat each next game starts at once; the series stops as soon as a seat has
    won 2 of 3 (so after 2 or 3 decided games), and every game's score was posted; drawn games are counted
    apart. The next games' seeds come from a fixed sequence, so the run is the same every time."""
    seeds = iter(range(11, 100))
    svc = TableService(store, clock=clock, computer_delay=0, new_seed=lambda: next(seeds))
    rec = Recorder()
    svc.listeners.append(rec)
    t = await svc.create("metazoo", "local", "host", "Computer 0", seed=5, computer=True, series=3)
    await svc.add_computer(t.id, "host")
    await svc.start(t.id, "host")
    await svc.settle()
    over = [e for e in rec.events if e.startswith("Series over")]
    assert len(over) == 1, over
    scores = [int(n) for n in re.findall(r" (\d+)(?= – | \(|\.$)", over[0])]
    assert len(scores) == 2 and max(scores) == 2, over
    games = [e for e in rec.events if e.startswith("Series after game")]
    assert 1 <= len(games) <= 4 and len(rec.next) == len(games)
    assert svc.tables == {}
