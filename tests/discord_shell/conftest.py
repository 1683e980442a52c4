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
async def world(fake, tmp_path):
    w = await World(fake, tmp_path / "bot.db").start()
    yield w
    await w.stop()
