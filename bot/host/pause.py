"""Pausing a playing table whose place is gone (a deleted thread or channel) and resuming it elsewhere: while
paused, no reminders, timeouts or computer moves, and every choice is refused; on resuming, every deadline
and reminder moves on by the time spent paused.

A mixin of :class:`bot.host.service.TableService`: it uses the service's ``store``, ``clock`` and
``listeners``, and calls through ``self`` the registry's ``get`` (:mod:`bot.host.service`) and the timers'
``_schedule`` (:mod:`bot.host.clock`). May import :mod:`bot.host.tables`.
"""

from __future__ import annotations

from .tables import MOVED, Table, TableError


class PauseMixin:
    """Pause and resume (see the module docstring)."""

    async def pause(self, table_id: str, reason: str) -> bool:
        """Pause a playing table because of ``reason`` (e.g. "its thread was deleted"): no reminders,
        timeouts or computer moves and every choice refused until :meth:`resume`. Returns ``False`` when
        it was paused already (nothing changes). :class:`TableError` when it is not playing;
        :class:`StoreError` when the pause could not be stored (then it is not paused)."""
        t = self.get(table_id)
        async with t.lock:
            if t.released:
                raise TableError(MOVED.format(id=t.id), "moved")
            if t.status != "playing":
                raise TableError("Only a table in play can be paused.", "not_playing")
            if t.paused is not None:
                return False
            now = self.clock.now()
            await self.store.pause_table(t.id, now, reason)
            t.paused, t.pause_reason, t.updated = now, reason, now
        for lst in self.listeners:
            await lst.paused(t, reason)
        return True

    async def resume(self, table_id: str, user_id: str, place: str, admin: bool = False) -> Table:
        """Continue a paused table at ``place`` (its host, or an admin such as Manage Channels). Every
        deadline and reminder moves on by the time spent paused, so nobody loses time; computers act
        again. :class:`TableError` when the user may not, or the table is not paused."""
        t = self.get(table_id)
        if user_id != t.host_user and not admin:
            raise TableError(f"Only the host of table {t.id} (<@{t.host_user}>) or a channel manager can "
                             "resume it.", "forbidden")
        async with t.lock:
            if t.released:
                raise TableError(MOVED.format(id=t.id), "moved")
            if t.status != "playing" or t.paused is None:
                raise TableError(f"Table {t.id} is not paused; it goes on where it is.", "not_paused")
            now = self.clock.now()
            shift = max(0.0, now - t.paused)
            await self.store.resume_table(t.id, now, place, shift)
            for dl in t.deadlines.values():
                dl.deadline += shift
                dl.remind_at += shift
            if t.round is not None:
                t.round += shift
            t.paused = t.pause_reason = None
            t.place, t.updated = place, now
        for lst in self.listeners:
            await lst.resumed(t)
        self._schedule(t)
        return t
