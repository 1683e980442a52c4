"""Shared fixtures: the MetaX game object, positions, and a helper to choose by id or label; the suite's
default of running in parallel (pytest-xdist) when xdist is installed; and the store's back ends (``backend``,
``db_url``, ``new_db``): SQLite, or a fresh schema on a PostgreSQL server (the run's throwaway one,
tests/pg_server.py, or the one ``DATABASE_URL`` names).

The back end of every test that opens a store (``backend``):

- ``DATABASE_URL=postgresql://USER@HOST/DATABASE make test``: PostgreSQL, on that server; each test works in
  schemas of its own, made and dropped by the fixtures (the user needs the right to create schemas there);
- ``METAHOST_TEST_BACKEND=postgresql make test``: PostgreSQL, on a throwaway server the run starts and stops;
- otherwise SQLite files in each test's temporary folder (the default).

A test marked ``backends`` runs on both whatever is chosen. ``DATABASE_URL`` is taken out of the environment
of the tests (the code under test never finds it there by accident: a test that wants it sets it)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

import pg_server
import pytest
import store_places

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


def _run_folder(config) -> Path:
    """The temporary folder every process of the run shares (an xdist worker's is inside it)."""
    base = config._tmp_path_factory.getbasetemp()
    return base.parent if hasattr(config, "workerinput") else base


def pytest_sessionfinish(session):
    """Every process closes its connection to the PostgreSQL server; the process that owns the run stops the
    run's server, if a test started one."""
    _drop_clean_schemas()
    store_places.close_admins()
    config = session.config
    factory = getattr(config, "_tmp_path_factory", None)
    if hasattr(config, "workerinput") or factory is None or getattr(factory, "_basetemp", None) is None:
        return
    pg_server.stop_recorded(factory.getbasetemp())


#: The store's back ends; a test marked ``backends`` runs on each (``backend``, ``db_url``).
BACKENDS = ("sqlite", "postgresql")
#: Where an xdist worker finds the run's ``DATABASE_URL`` (the controller took it out of the environment).
TEST_URL_ENV = "METAHOST_TEST_DATABASE_URL"


def _server_given() -> str | None:
    """The PostgreSQL server the run was given (``DATABASE_URL``), taken out of this process's environment and
    so of the workers' and the subprocesses' (a test that wants ``DATABASE_URL`` sets it). Its password, if
    any, moves to ``PGPASSWORD`` (where libpq and asyncpg look for it): the tests' URLs carry none, so that
    what they print (a resume command, a failure) needs no redaction."""
    url = os.environ.pop("DATABASE_URL", None) or os.environ.get(TEST_URL_ENV)
    if not url or not store_places.is_postgres(url):
        return None
    parts = urlsplit(url)
    if parts.password is not None:
        os.environ.setdefault("PGPASSWORD", unquote(parts.password))
        user, host = parts.netloc.rpartition("@")[0].partition(":")[0], parts.netloc.rpartition("@")[2]
        url = urlunsplit(parts._replace(netloc=f"{user}@{host}" if user else host))
    os.environ[TEST_URL_ENV] = url
    return url


#: The server of a run on PostgreSQL given by ``DATABASE_URL``; ``None``: a throwaway one, if a test needs it.
SERVER_GIVEN = _server_given()
#: The back end of every other test that opens a store: PostgreSQL when ``DATABASE_URL`` names a server, else
#: ``METAHOST_TEST_BACKEND`` (default sqlite).
DEFAULT_BACKEND = "postgresql" if SERVER_GIVEN else os.environ.get("METAHOST_TEST_BACKEND", "sqlite")


def pytest_generate_tests(metafunc):
    """A test marked ``backends`` (or in a module marked so) that uses ``backend`` or ``db_url`` (so ``store``)
    runs once per back end."""
    if metafunc.definition.get_closest_marker("backends") and "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture(scope="session")
def postgres_server(request) -> str:
    """The URL of the run's PostgreSQL server: ``DATABASE_URL``'s, or that of the ``postgres`` database on a
    throwaway server started for the run by the first test that needs it. Skips the test when the machine has
    no PostgreSQL binaries, unless ``METAHOST_REQUIRE_POSTGRES=1``; fails when they are there but the server
    does not start."""
    if SERVER_GIVEN:
        return SERVER_GIVEN
    config = request.config
    owner = os.getppid() if hasattr(config, "workerinput") else os.getpid()  # xdist's controller, or this run
    record = pg_server.shared(_run_folder(config), owner)
    if "url" in record:
        return record["url"]
    if "skip" in record and not pg_server.required():
        pytest.skip(record["skip"])
    pytest.fail(record.get("error") or f"{record['skip']} ({pg_server.REQUIRE_ENV}=1)", pytrace=False)


@pytest.fixture
def backend(request) -> str:
    """The store's back end of this test: ``sqlite`` or ``postgresql``."""
    return getattr(request, "param", DEFAULT_BACKEND)


#: This process's PostgreSQL schemas that are migrated and empty again, handed to the next test that asks for a
#: place for a store (``store``, ``new_db``): a fresh store costs its migrations (a fifth of a second).
_CLEAN_SCHEMAS: list[str] = []


def _drop_clean_schemas() -> None:
    """At the end of this process's run on ``DATABASE_URL``'s server, which outlives it: drop the schemas it
    kept for reuse (a throwaway server goes with all of them)."""
    if _CLEAN_SCHEMAS and SERVER_GIVEN:
        admin = store_places.admin(SERVER_GIVEN)
        admin.run(admin.con.execute("; ".join(f"DROP SCHEMA {name} CASCADE" for name in _CLEAN_SCHEMAS)))
        _CLEAN_SCHEMAS.clear()


def _recycle(admin: store_places.Admin, name: str) -> None:
    """At the end of a test: empty the schema ``name`` when it is at the newest version (every row deleted,
    identities restarted: what a fresh store at the newest schema holds) and keep it for the next test; else,
    or when it cannot be emptied (a trigger left refusing writes, say), drop it."""
    from bot.store import SCHEMA_VERSION

    async def clean() -> bool:
        con = admin.con
        tables = [r[0] for r in await con.fetch("SELECT tablename FROM pg_tables WHERE schemaname = $1", name)]
        version = await con.fetchval(f"SELECT max(version) FROM {name}.schema_version") \
            if "schema_version" in tables else None
        if version != SCHEMA_VERSION:
            return False
        sequences = await con.fetch("SELECT sequencename FROM pg_sequences WHERE schemaname = $1", name)
        # DELETE: TRUNCATE makes new files for every table and index, 10x slower
        await con.execute("; ".join([*(f"DELETE FROM {name}.{t}" for t in tables if t != "schema_version"),
                                     *(f"SELECT setval('{name}.{r[0]}', 1, false)" for r in sequences)]))
        return True

    try:
        kept = admin.run(clean())
    except Exception:  # noqa: BLE001 - whatever the test left behind, the schema goes
        kept = False
    if kept:
        _CLEAN_SCHEMAS.append(name)
    else:
        admin.run(admin.con.execute(f"DROP SCHEMA {name} CASCADE"))


def _pg_place(admin: store_places.Admin, fresh: bool) -> str:
    """A place on PostgreSQL: a schema an earlier test of this process emptied (unless ``fresh``), or a new one."""
    if fresh or not _CLEAN_SCHEMAS:
        return admin.new_place()
    name = _CLEAN_SCHEMAS.pop()
    url = store_places.with_options(admin.url, search_path=name, application_name=name)
    store_places.RECYCLED.add(url)
    return url


@pytest.fixture
async def db_url(backend, tmp_path, request):
    """A place for a new, empty store on ``backend``, as ``Store.open`` takes it: ``tmp_path/host.db`` on
    SQLite; on PostgreSQL a URL of the run's server whose ``search_path`` is a schema of this test's own (and
    ``application_name`` its name): a schema costs a millisecond where a database costs a checkpoint. A test
    with the ``store`` fixture may get a schema an earlier test of this process migrated and used, emptied,
    sparing it the migrations; any other test gets a schema never used (it may migrate it step by step)."""
    if backend == "sqlite":
        yield str(tmp_path / "host.db")
        return
    admin = store_places.admin(request.getfixturevalue("postgres_server"))
    url = _pg_place(admin, fresh="store" not in request.fixturenames)
    yield url
    store_places.RECYCLED.discard(url)
    _recycle(admin, store_places.schema_of(url))


@pytest.fixture
def new_db(backend, tmp_path, request):
    """``new_db(name="db", fresh=False)`` -> a place for a new, empty store on this test's back end, as
    ``Store.open`` and ``metahost … --db`` take it (a ``str``): ``tmp_path/<name>.db`` on SQLite; on PostgreSQL
    the URL of a schema of this test's own on the run's server (``search_path``): one an earlier test of this
    process used and emptied (at the newest schema, holding no row: what a fresh store holds), or with
    ``fresh`` (a test that asks whether anything was made there, :func:`store_places.exists`, or that migrates
    step by step) one never used. The same name gives the same place within a test, another name another
    store. Read what a place holds with :func:`store_places.rows`."""
    made: dict[str, str] = {}
    admins: list[store_places.Admin] = []

    def place(name: str = "db", *, fresh: bool = False) -> str:
        if name not in made:
            if backend == "sqlite":
                made[name] = str(tmp_path / f"{name}.db")
            else:
                admins[:] = admins or [store_places.admin(request.getfixturevalue("postgres_server"))]
                made[name] = _pg_place(admins[0], fresh)
        return made[name]

    yield place
    for url in made.values() if admins else ():
        store_places.RECYCLED.discard(url)
        _recycle(admins[0], store_places.schema_of(url))


@pytest.fixture(scope="session")
def session_db(request, tmp_path_factory):
    """``session_db()`` -> a place for a new, empty store on the run's back end at each call, for a test that
    needs one per example (hypothesis runs a test's examples under one set of function fixtures): a SQLite file
    in the run's folder, or a new PostgreSQL schema, dropped at the end of this process's run."""
    made: list[str] = []
    admins: list[store_places.Admin] = []

    def place() -> str:
        if DEFAULT_BACKEND == "sqlite":
            made.append(str(tmp_path_factory.mktemp("session-db") / "db.db"))
        else:
            admins[:] = admins or [store_places.admin(request.getfixturevalue("postgres_server"))]
            made.append(admins[0].new_place())
        return made[-1]

    yield place
    for url in made if admins else ():
        admins[0].drop(url)


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
