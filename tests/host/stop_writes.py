"""``StopWrites``, the listener the host tests use to stop a table mid-game as a host that went down would:
imported by test_clock.py, test_metazoo_host.py and test_snapshot_lag.py. Imports the host's ``Listener`` and
the store only."""

from __future__ import annotations

from bot.store import Store
from bot.tables import Listener


class StopWrites(Listener):
    """Makes the store refuse writes once ``after`` choices were told (as a full or read-only disk would), so
    the computers stop mid-game with the last snapshot behind the log."""

    def __init__(self, store: Store, after: int):
        self.store, self.after, self.told = store, after, 0

    async def game_changed(self, table, events, views) -> None:
        self.told += 1
        if self.told == self.after + 1:  # +1: the start's intro is told too
            await self.store.db.execute("PRAGMA query_only = ON")
