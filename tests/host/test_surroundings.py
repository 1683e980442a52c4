"""The real surroundings on the host (MZ-WALL-04): the table option ``surroundings``, the
server's location, each player's ``/surroundings`` profile, and what every start (a rematch too) passes to
``new_game``: ``"place"``, ``"profiles"``, ``"clock"``. Uses the clock-reading stand-in game
(tests/host/clock_game.py), so these tests do not depend on MetaZoo's engine output."""

from __future__ import annotations

import pytest
from clock_game import GAME, TickClock, register

from bot.audit import audit
from bot.host import NO_PLACE, TableError, TableService
from bot.store import MIGRATIONS, Store

OSLO = {"name": "Oslo", "latitude": 59.91, "longitude": 10.75, "timezone": "Europe/Oslo"}
LIMA = {"name": "Lima", "latitude": -12.05, "longitude": -77.04, "timezone": "America/Lima"}
PROFILE = {"places": ["Forest"], "weather": ["Raining"], "objects": ["train"], "place": None}


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    register(monkeypatch)


@pytest.fixture
def seen(monkeypatch):
    """The options each ``new_game`` of the stand-in was given, in order."""
    calls: list[dict] = []
    real = type(GAME).new_game

    def spy(self, seats, options, seed):
        calls.append(dict(options))
        return real(self, seats, options, seed)

    monkeypatch.setattr(type(GAME), "new_game", spy)
    return calls


@pytest.fixture
async def svc(store):
    s = TableService(store, clock=TickClock(step=0.0), computer_delay=0)
    yield s
    await s.settle()


async def two_players(svc, mode: str | None, **kw):
    t = await svc.create("clocktest", "g1:c1", "ann", "Ann", surroundings=mode, seed=4, **kw)
    await svc.join(t.id, "bob", "Bob")
    return t


async def test_the_option_defaults_to_virtual_and_is_stored_for_a_game_that_reads_the_clock(svc, store):
    """MZ-WALL-04: virtual is the default; the mode is kept in the table's stored options."""
    t = await svc.create("clocktest", "g1:c1", "ann", "Ann")
    assert t.options["surroundings"] == "virtual"
    t2 = await svc.create("clocktest", "g1:c1", "ann", "Ann", surroundings="declared")
    [row] = [r for r in await store.load_tables() if r.id == t2.id]
    assert row.options["surroundings"] == "declared"


async def test_surroundings_are_refused_for_a_game_without_4th_wall_effects_and_for_an_unknown_mode(svc, store):
    """Bad input gets a clear message and stores nothing."""
    with pytest.raises(TableError, match="MetaX has no 4th Wall effects") as e:
        await svc.create("metax", "g1:c1", "ann", "Ann", surroundings="derived")
    assert e.value.code == "bad_option"
    with pytest.raises(TableError, match="choose virtual .* derived .* or declared"):
        await svc.create("clocktest", "g1:c1", "ann", "Ann", surroundings="sunny")
    assert await store.load_tables() == []
    t = await svc.create("metax", "g1:c1", "ann", "Ann")
    assert "surroundings" not in t.options


async def test_a_derived_table_without_any_place_refuses_to_start_and_changes_nothing(svc):
    """MZ-WALL-04 derived mode needs a place: neither the server's location nor a player's profile place."""
    t = await two_players(svc, "derived")
    with pytest.raises(TableError) as e:
        await svc.start(t.id, "ann")
    assert e.value.code == "no_place" and e.value.message == NO_PLACE
    assert "/settings location" in NO_PLACE and "/surroundings" in NO_PLACE
    assert t.status == "lobby" and t.state is None and "clock" not in t.options


async def test_a_player_profile_place_is_enough_for_derived(svc, store, seen):
    await store.set_surroundings("bob", {**PROFILE, "place": LIMA})
    t = await two_players(svc, "derived")
    await svc.start(t.id, "ann")
    assert t.status == "playing"
    assert "place" not in seen[0] and seen[0]["profiles"] == {"1": {**PROFILE, "place": LIMA}}


async def test_every_start_passes_the_server_place_the_profiles_and_the_start_instant(svc, store, seen):
    """The options new_game gets (MZ-WALL-04): ``place`` the server's location, ``profiles`` per seat
    with a profile (computers have none), ``clock`` the start instant; they are stored with the table so
    the audit's replay gets the same inputs. A rematch reads them again at its own start."""
    await store.set_location("g1", OSLO)
    await store.set_surroundings("ann", PROFILE)
    t = await two_players(svc, "derived")
    svc.clock.t = 1_800_000_000.0
    await svc.start(t.id, "bob")
    first = seen[-1]
    assert first["surroundings"] == "derived" and first["place"] == OSLO
    assert first["profiles"] == {"0": PROFILE} and first["clock"] == 1_800_000_000.0
    assert t.options == first
    await svc.concede(t.id, "bob")
    assert [f.ok for f in await audit(store)] == [True]

    await store.set_location("g1", LIMA)  # changed between games: the rematch reads it again
    await store.set_surroundings("ann", None)
    await store.set_surroundings("bob", PROFILE)
    svc.clock.t = 1_800_000_900.0
    await svc.rematch(t.id, "ann")
    done = await svc.rematch(t.id, "bob")
    assert done.started
    second = seen[-1]
    assert second["surroundings"] == "derived" and second["place"] == LIMA
    assert second["profiles"] == {"1": PROFILE} and second["clock"] == 1_800_000_900.0


async def test_a_table_location_wins_over_the_server_location(svc, store, seen):
    """Terminal play's ``--place`` (option ``location``) is the table's place; a rematch keeps it."""
    await store.set_location("g1", OSLO)
    t = await two_players(svc, "derived", location=LIMA)
    await svc.start(t.id, "ann")
    assert seen[-1]["place"] == LIMA and seen[-1]["location"] == LIMA


async def test_a_game_that_does_not_read_the_clock_gets_its_options_unchanged(svc, store):
    """MetaX never reads the clock: no place, profiles or clock enter its options."""
    await store.set_location("g1", OSLO)
    await store.set_surroundings("ann", PROFILE)
    t = await svc.create("metax", "g1:c1", "ann", "Ann", seed=3)
    await svc.add_computer(t.id, "ann")
    await svc.start(t.id, "ann")
    assert not {"place", "profiles", "clock", "surroundings"} & set(t.options)
    await svc.abort(t.id, "ann")


@pytest.mark.backends
async def test_profiles_and_locations_are_stored_cleared_and_kept_apart(store):
    """``surroundings_of`` / ``set_surroundings`` keep the notify setting; ``location_of`` is per server."""
    await store.set_notify("ann", False)
    await store.set_surroundings("ann", PROFILE)
    assert await store.surroundings_of("ann") == PROFILE and await store.notify_of("ann") is False
    await store.set_surroundings("ann", None)
    assert await store.surroundings_of("ann") is None and await store.notify_of("ann") is False
    assert await store.surroundings_of("nobody") is None
    await store.set_location("g1", OSLO)
    assert await store.location_of("g1") == OSLO and await store.location_of("g2") is None
    await store.set_location("g1", None)
    assert await store.location_of("g1") is None


@pytest.mark.backends
async def test_the_surroundings_migration_keeps_the_settings_of_the_schema_before_it(db_url):
    """Migration 9 (the profile column) upgrades a database of the schema just before it: a player's notice
    setting is kept, and they have no profile until they declare one."""
    number = next(i for i, m in enumerate(MIGRATIONS, 1) if "surroundings" in m)
    assert number == 9
    old = await Store.open(db_url, upto=number - 1, check_writable=False)
    assert await old.schema_version() == number - 1
    await old._tx("seed", [("INSERT INTO user_settings (user_id, notify) VALUES ('ann', 0)", ())])
    await old.close()
    store = await Store.open(db_url)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await store.notify_of("ann") is False and await store.surroundings_of("ann") is None
        await store.set_surroundings("ann", PROFILE)
        assert await store.surroundings_of("ann") == PROFILE and await store.notify_of("ann") is False
    finally:
        await store.close()
