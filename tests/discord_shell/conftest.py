"""Fixtures of the Discord shell tests: ``fake`` (the network-free Discord) and ``world`` (a started bot)."""

from __future__ import annotations

import pytest

from .harness import FakeDiscord
from .world import World


@pytest.fixture
async def fake(monkeypatch):
    fd = FakeDiscord(monkeypatch)
    yield fd
    await fd.close()


@pytest.fixture
async def world(fake, new_db):
    w = await World(fake, new_db("bot")).start()
    yield w
    await w.stop()
