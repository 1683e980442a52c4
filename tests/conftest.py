"""Shared fixtures: the MetaX game object, positions, and a helper to choose by id or label; the suite's
default of running in parallel (pytest-xdist) when xdist is installed; and the store's back ends (``backend``,
``db_url``): SQLite, or a fresh database on the run's throwaway PostgreSQL (tests/pg_server.py)."""

from __future__ import annotations

import os
import sys
import uuid
from pathlib import Path

import pg_server
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


def _run_folder(config) -> Path:
    """The temporary folder every process of the run shares (an xdist worker's is inside it)."""
    base = config._tmp_path_factory.getbasetemp()
    return base.parent if hasattr(config, "workerinput") else base


def pytest_sessionfinish(session):
    """The process that owns the run stops the run's PostgreSQL server, if a test started one."""
    config = session.config
    factory = getattr(config, "_tmp_path_factory", None)
    if hasattr(config, "workerinput") or factory is None or getattr(factory, "_basetemp", None) is None:
        return
    pg_server.stop_recorded(factory.getbasetemp())


#: The store's back ends; a test marked ``backends`` runs on each (``backend``, ``db_url``).
BACKENDS = ("sqlite", "postgresql")
#: The back end of every other test that opens a store: ``METAHOST_TEST_BACKEND`` (default sqlite).
DEFAULT_BACKEND = os.environ.get("METAHOST_TEST_BACKEND", "sqlite")


def pytest_generate_tests(metafunc):
    """A test marked ``backends`` (or in a module marked so) that uses ``backend`` or ``db_url`` (so ``store``)
    runs once per back end."""
    if metafunc.definition.get_closest_marker("backends") and "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture(scope="session")
def postgres_server(request) -> str:
    """The URL of the ``postgres`` database on the run's PostgreSQL server, started for the run by the first
    test that needs it. Skips the test when the machine has no PostgreSQL binaries, unless
    ``METAHOST_REQUIRE_POSTGRES=1``; fails when they are there but the server does not start."""
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


#: This process's PostgreSQL schemas that are migrated and empty again, handed to the next test with a ``store``.
_CLEAN_SCHEMAS: list[str] = []


@pytest.fixture
async def db_url(backend, tmp_path, request):
    """A place for a new, empty store on ``backend``, as ``Store.open`` takes it: ``tmp_path/host.db`` on
    SQLite; on PostgreSQL a URL of the run's server whose ``search_path`` is a schema of this test's own (and
    ``application_name`` its name): a schema costs a millisecond where a database costs a checkpoint. A test
    with the ``store`` fixture may get a schema an earlier test of this process migrated and used, emptied
    (every row deleted, identities restarted: what a fresh store at the newest schema holds), sparing it the
    migrations; any other test gets a schema never used."""
    if backend == "sqlite":
        yield str(tmp_path / "host.db")
        return
    import asyncpg

    from bot.store import SCHEMA_VERSION

    admin_url = request.getfixturevalue("postgres_server")
    admin = await asyncpg.connect(admin_url)
    try:
        if "store" in request.fixturenames and _CLEAN_SCHEMAS:
            name = _CLEAN_SCHEMAS.pop()
        else:
            name = f"t_{uuid.uuid4().hex[:16]}"
            await admin.execute(f"CREATE SCHEMA {name}")
        yield f"{admin_url}&search_path={name}&application_name={name}"
        tables = [r[0] for r in await admin.fetch("SELECT tablename FROM pg_tables WHERE schemaname = $1", name)]
        version = await admin.fetchval(f"SELECT max(version) FROM {name}.schema_version") \
            if "schema_version" in tables else None
        if version == SCHEMA_VERSION:  # DELETE: TRUNCATE makes new files for every table and index, 10x slower
            sequences = await admin.fetch("SELECT sequencename FROM pg_sequences WHERE schemaname = $1", name)
            await admin.execute("; ".join([*(f"DELETE FROM {name}.{t}" for t in tables if t != "schema_version"),
                                           *(f"SELECT setval('{name}.{r[0]}', 1, false)" for r in sequences)]))
            _CLEAN_SCHEMAS.append(name)
        else:
            await admin.execute(f"DROP SCHEMA {name} CASCADE")
    finally:
        await admin.close()


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
