"""Fixtures of the host tests: ``store`` (a fresh SQLite store in tmp_path) and ``clock`` (a
:class:`FakeClock`)."""

from __future__ import annotations

import pytest

from bot.store import Store


class FakeClock:
    """Epoch seconds set by hand (``clock.t += 60``). ``now()`` reads it, for the table service; calling
    the clock moves it on by one second first, for the deck service, so that "most recently changed"
    is well defined."""

    def __init__(self, t: float = 1_000_000.0):
        self.t = t

    def now(self) -> float:
        return self.t

    def __call__(self) -> float:
        self.t += 1
        return self.t


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "host.db", busy_timeout_ms=100)
    yield s
    await s.close()


@pytest.fixture
def clock():
    return FakeClock()
