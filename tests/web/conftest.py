"""Fixtures of the web front's tests: ``finished_metazoo`` (a store file holding one finished MetaZoo game,
made by ``metahost selfplay``'s code, once per test process), ``secret`` and ``sign`` (a table's signed path)."""

from __future__ import annotations

import asyncio
import io
import time

import pytest

from bot.local import selfplay
from bot.web.links import table_path

SECRET = "test-secret-of-the-web-front"


@pytest.fixture(scope="session")
def finished_metazoo(tmp_path_factory) -> tuple[str, str]:
    """``(database path, table id)`` of a seeded MetaZoo game played to its end by two computers."""
    db = tmp_path_factory.mktemp("web") / "metazoo.db"
    out = io.StringIO()
    asyncio.run(selfplay("metazoo", db, 3, out=out))
    table_id = next(line.split()[1] for line in out.getvalue().splitlines() if line.startswith("table "))
    return str(db), table_id


@pytest.fixture
def secret() -> str:
    return SECRET


@pytest.fixture
def sign():
    """``sign(table_id, days=30, now=None)``: the signed path of ``table_id``'s page under :data:`SECRET`."""
    def make(table_id: str, days: float = 30, now: float | None = None) -> str:
        return table_path(SECRET, table_id, time.time() if now is None else now, days)
    return make
