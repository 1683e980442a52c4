"""Lobby races and Start at the table service: every lobby change and Start run under the
table's lock with the status checked inside it, so exactly one Start starts a game, a table never has
more seats than its game has players, and after the start every lobby change is refused with "the game
has started" and changes nothing."""

from __future__ import annotations

import asyncio

import pytest
from conftest import refuse_writes

from bot.audit import audit
from bot.decks import DeckService
from bot.host import Listener, TableError, TableService
from games import get_game


class Starts(Listener):
    """Counts game starts: the intro is the only ``game_changed`` sent with no choice logged yet."""

    def __init__(self):
        self.intros: list[str] = []
        self.statuses: list[str] = []

    async def lobby_changed(self, table):
        self.statuses.append(table.status)

    async def game_changed(self, table, events, views):
        if table.seq == 0:
            self.intros.append(table.id)


@pytest.fixture
async def svc(store, clock):
    s = TableService(store, clock=clock, computer_delay=0)
    s.starts = Starts()
    s.listeners.append(s.starts)
    yield s
    await s.settle()


@pytest.fixture
def decks(store, clock):
    return DeckService(store, clock=clock)


async def saved(decks, user: str, game: str = "meta") -> str:
    """A legal saved deck of ``user`` (a copy of a starter deck), as a seat's deck id."""
    starter = sorted(get_game(game).starter_decks())[0]
    deck = await decks.copy(user, f"starter:{game}:{starter}", f"Deck of {user}")
    return f"saved:{deck.id}"


def assert_consistent(t) -> None:
    """Seats numbered 0..n-1, distinct human users, at most ``max_seats``, and a started game with
    exactly one player per seat."""
    assert [s.seat for s in t.seats] == list(range(len(t.seats)))
    humans = [s.user_id for s in t.seats if not s.computer]
    assert len(humans) == len(set(humans))
    assert len(t.seats) <= t.max_seats
    if t.state is not None:
        assert len(t.game.view(t.state, None).board["players"]) == len(t.seats)


async def test_two_starts_at_once_with_a_saved_deck_start_one_game(svc, decks, store):
    """The second Start waits for the first (the saved deck is read under the table's lock) and is then
    refused: one intro, one snapshot, a clean audit."""
    t = await svc.create("metax", "1:2", "ana", "Ana", seed=5)
    await svc.join(t.id, "ben", "Ben", deck_id=await saved(decks, "ben", "metax"))
    results = await asyncio.gather(svc.start(t.id, "ana"), svc.start(t.id, "ben"), return_exceptions=True)
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(refused) == 1 and refused[0].code == "not_lobby", results
    assert "the game has started" in refused[0].message.lower()
    assert svc.starts.intros == [t.id]
    assert svc.starts.statuses.count("playing") == 1
    assert t.status == "playing"
    assert_consistent(t)
    await svc.settle()
    assert all(f.ok for f in await audit(store))


@pytest.mark.parametrize("action", ["join", "join_saved", "leave", "computer", "remove_computer", "deck",
                                    "deck_saved", "computer_deck"])
async def test_a_lobby_change_racing_start_is_applied_before_it_or_refused(svc, decks, store, clock, action):
    """Start (with saved decks to read) and one lobby change pressed together: the change either lands
    before the start (and the game has it) or is refused with "the game has started"; the seats always
    match the game's players, and the timers tick quietly afterwards."""
    t = await svc.create("meta", "1:2", "ana", "Ana", seed=8, seats=4)
    await svc.join(t.id, "ben", "Ben", deck_id=await saved(decks, "ben"))
    await svc.add_computer(t.id, "ana")
    cid = await saved(decks, "cid")
    ana_deck = await saved(decks, "ana")
    change = {
        "join": lambda: svc.join(t.id, "cid", "Cid"),
        "join_saved": lambda: svc.join(t.id, "cid", "Cid", deck_id=cid),
        "leave": lambda: svc.leave(t.id, "ben"),
        "computer": lambda: svc.add_computer(t.id, "ben"),
        "remove_computer": lambda: svc.remove_computer(t.id, "ben"),
        "deck": lambda: svc.choose_deck(t.id, "ana", "trap-weaver"),
        "deck_saved": lambda: svc.choose_deck(t.id, "ana", ana_deck),
        "computer_deck": lambda: svc.choose_deck(t.id, "ana", "trap-weaver", seat=2),
    }[action]
    before = [(s.user_id, s.deck_id) for s in t.seats]
    start, other = await asyncio.gather(svc.start(t.id, "ana"), change(), return_exceptions=True)
    assert not isinstance(start, Exception), start
    assert t.status == "playing"
    assert_consistent(t)
    if isinstance(other, TableError):
        assert other.code == "not_lobby" and "the game has started" in other.message.lower()
        assert [(s.user_id, s.deck_id) for s in t.seats] == before
    else:
        assert not isinstance(other, Exception), other
    # A change that was applied was applied in the lobby: no lobby change is told after the start.
    assert svc.starts.statuses.count("playing") == 1 and svc.starts.statuses[-1] == "playing"
    rows = await store.load_tables(table_id=t.id)
    assert [(s.seat, s.user_id, s.deck_id) for s in rows[0].seats] == [(s.seat, s.user_id, s.deck_id)
                                                                       for s in t.seats]
    for _ in range(3):
        clock.t += t.timeout + 1
        await svc.tick()
        await svc.settle()
    assert all(f.ok for f in await audit(store))


async def test_after_the_start_every_lobby_change_says_the_game_has_started(svc, store):
    t = await svc.create("meta", "1:2", "ana", "Ana", seed=2, seats=3)
    await svc.join(t.id, "ben", "Ben")
    await svc.start(t.id, "ana")
    seats = [(s.seat, s.user_id, s.deck_id, list(s.deck)) for s in t.seats]
    attempts = [svc.join(t.id, "cid", "Cid"), svc.leave(t.id, "ben"), svc.add_computer(t.id, "ana"),
                svc.remove_computer(t.id, "ana"), svc.choose_deck(t.id, "ben", "burn-rush"),
                svc.start(t.id, "ana")]
    for attempt in attempts:
        with pytest.raises(TableError) as err:
            await attempt
        assert err.value.code == "not_lobby" and "the game has started" in err.value.message.lower()
    assert [(s.seat, s.user_id, s.deck_id, list(s.deck)) for s in t.seats] == seats
    assert svc.starts.intros == [t.id]


async def test_a_hundred_concurrent_lobby_calls_give_one_consistent_game(svc, decks, store, clock):
    """A storm of joins, leaves, computers, deck choices (saved decks too) and Starts: one game whose
    seats match its players, a clean audit and a quiet timer."""
    from games.core.rng import Rng

    for seed in (1, 2, 3):
        rng = Rng.from_seed(seed)
        users = [f"s{seed}u{i}" for i in range(10)]
        saved_of = {u: await saved(decks, u) for u in users}
        t = await svc.create("meta", f"{seed}:2", users[0], "Host", seed=seed, seats=6)
        await svc.join(t.id, users[1], "First", deck_id=saved_of[users[1]])
        calls = []
        for _ in range(100):
            u = users[rng.below(len(users))]
            kind = rng.below(7)
            if kind == 0:
                calls.append(svc.join(t.id, u, u.upper(), deck_id=saved_of[u] if rng.below(2) else None))
            elif kind == 1:
                calls.append(svc.leave(t.id, u))
            elif kind == 2:
                calls.append(svc.add_computer(t.id, u))
            elif kind == 3:
                calls.append(svc.remove_computer(t.id, u))
            elif kind == 4:
                calls.append(svc.choose_deck(t.id, u, saved_of[u] if rng.below(2) else "stack-control"))
            else:
                calls.append(svc.start(t.id, u))
        results = await asyncio.gather(*calls, return_exceptions=True)
        unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, TableError)]
        assert not unexpected, unexpected[:3]
        assert svc.starts.intros.count(t.id) == (1 if t.status == "playing" else 0)
        assert t.status == "playing", "some Start came after enough players were seated"
        assert_consistent(t)
        for _ in range(3):
            clock.t += t.timeout + 1
            await svc.tick()
            await svc.settle()
    assert all(f.ok for f in await audit(store))


@pytest.mark.backends
async def test_a_lobby_change_the_store_refuses_changes_nothing(svc, store):
    """A join, leave or deck choice that cannot be stored leaves the seats as they were (in memory and in
    the store), so the next Start sees what the store holds."""
    t = await svc.create("meta", "1:2", "ana", "Ana", seed=4, seats=4)
    await svc.join(t.id, "ben", "Ben")
    seats = [(s.seat, s.user_id, s.deck_id, list(s.deck)) for s in t.seats]
    await refuse_writes(store, True)  # the database refuses writes, as a read-only file would
    try:
        for change in (svc.join(t.id, "cid", "Cid"), svc.leave(t.id, "ben"), svc.add_computer(t.id, "ana"),
                       svc.choose_deck(t.id, "ben", "trap-weaver")):
            with pytest.raises(Exception, match="read-only"):
                await change
            assert [(s.seat, s.user_id, s.deck_id, list(s.deck)) for s in t.seats] == seats
    finally:
        await refuse_writes(store, False)
    rows = await store.load_tables(table_id=t.id)
    assert [(s.seat, s.user_id, s.deck_id, list(s.deck)) for s in rows[0].seats] == seats


# -- table limits


@pytest.fixture
async def limited(store, clock):
    from bot.host import TableLimits

    s = TableService(store, clock=clock, computer_delay=0, limits=TableLimits(per_user=2, per_channel=3))
    yield s
    await s.settle()


async def test_a_user_hosts_at_most_the_limit_of_open_tables_per_server(limited, store):
    """The third table of a host on one server is refused, naming the open ones and how to cancel them;
    nothing is stored. Another server, or a table finished or cancelled, frees the way."""
    svc = limited
    a = await svc.create("metax", "10:1", "ana", "Ana")
    b = await svc.create("meta", "10:2", "ana", "Ana", seats=3)
    stored = len(await store.load_tables())
    with pytest.raises(TableError) as err:
        await svc.create("metax", "10:3", "ana", "Ana")
    msg = err.value.message
    assert err.value.code == "too_many_tables"
    assert "You already host 2 open tables on this server" in msg
    assert f"{a.id} (MetaX, waiting for players) in <#1>" in msg and f"{b.id} (Meta, waiting for players) in <#2>" in msg
    assert "/table abort table:" in msg
    assert len(await store.load_tables()) == stored and len(svc.tables) == 2
    # another user, and the same user on another server, are not limited by Ana's tables on server 10
    await svc.create("metax", "10:3", "ben", "Ben")
    await svc.create("metax", "20:1", "ana", "Ana")
    # a started table still counts; a cancelled one does not
    await svc.join(a.id, "cid", "Cid")
    await svc.start(a.id, "ana")
    with pytest.raises(TableError, match=rf"{a.id} \(MetaX, playing\)"):
        await svc.create("metax", "10:3", "ana", "Ana")
    await svc.abort(b.id, "ana")
    c = await svc.create("metax", "10:3", "ana", "Ana")
    assert c.id in svc.tables


async def test_a_channel_holds_at_most_the_limit_of_open_tables(limited, store):
    svc = limited
    made = [await svc.create("metax", "10:1", user, user.title()) for user in ("ana", "ben", "cid")]
    with pytest.raises(TableError) as err:
        await svc.create("metax", "10:1", "dan", "Dan")
    msg = err.value.message
    assert err.value.code == "too_many_tables" and "This channel already has 3 open tables" in msg
    assert all(t.id in msg for t in made) and "another channel" in msg
    assert len(svc.tables_in("10:1")) == 3
    await svc.create("metax", "10:2", "dan", "Dan")  # the next channel is free


async def test_creates_at_once_cannot_pass_the_limit(limited):
    results = await asyncio.gather(*(limited.create("metax", "10:1", "ana", "Ana") for _ in range(6)),
                                   return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 2
    assert all(isinstance(r, TableError) and r.code == "too_many_tables" for r in results
               if isinstance(r, Exception))


async def test_a_long_limit_refusal_names_five_tables_and_counts_the_rest(store, clock):
    from bot.host import TableLimits

    svc = TableService(store, clock=clock, computer_delay=0, limits=TableLimits(per_user=100, per_channel=8))
    for i in range(8):
        clock.t += 1
        await svc.create("metax", "10:1", f"u{i}", "U")
    with pytest.raises(TableError) as err:
        await svc.create("metax", "10:1", "zed", "Zed")
    assert "and 3 more" in err.value.message and len(err.value.message) < 1000


async def test_terminal_play_is_never_limited(limited):
    """Terminal play (place "local") keeps working however many unfinished local games are stored."""
    for _ in range(5):
        t = await limited.create("metax", "local", "local", "Me")
        await limited.add_computer(t.id, "local")
        await limited.start(t.id, "local")
    assert len(limited.tables) == 5


async def test_the_lobby_cancel_cancels_a_lobby_not_a_game_that_started(svc, store):
    """The lobby's Cancel (``lobby_only``) racing Start: the table is either cancelled in the lobby or
    the game runs on and Cancel says the game has started; `/table abort` still ends a running game."""
    t = await svc.create("metax", "1:2", "ana", "Ana", seed=6)
    await svc.join(t.id, "ben", "Ben")
    start, cancel = await asyncio.gather(svc.start(t.id, "ana"), svc.abort(t.id, "ana", lobby_only=True),
                                         return_exceptions=True)
    assert start is t and isinstance(cancel, TableError) and cancel.code == "not_lobby"
    assert "the game has started" in cancel.message.lower()
    assert t.status == "playing" and t.id in svc.tables
    await svc.abort(t.id, "ana")
    assert t.status == "aborted"
