"""The store's per-user and per-server settings: turn notices and play settings (``/notify``), a
player's surroundings (``/surroundings``), a server's location (``/settings location``). May import
:mod:`bot.store.connection`.
"""

from __future__ import annotations

import json
from typing import Any

from .connection import Connection


class UserQueries(Connection):
    """Per-user settings (table ``user_settings``) and per-server locations (kept in ``kv``)."""

    async def notify_of(self, user_id: str) -> bool:
        """Whether ``user_id`` wants turn notices; ``True`` when never set."""
        rows = await self._fetchall("SELECT notify FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(rows[0][0]) if rows else True

    async def set_notify(self, user_id: str, on: bool) -> None:
        """Store ``user_id``'s turn-notice setting (``/notify``). Raises :class:`StoreError`."""
        await self._tx("store the notice setting", [(
            "INSERT INTO user_settings (user_id, notify) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify", (user_id, int(on)))])

    async def play_prefs_of(self, user_id: str) -> dict[str, bool]:
        """``user_id``'s play settings (migration 12) as ``{"windows", "pass_windows",
        "stop_aimed"}`` booleans, the defaults (off, off, on) when never set."""
        rows = await self._fetchall("SELECT windows, pass_windows, stop_aimed FROM user_settings WHERE user_id = ?",
                                    (user_id,))
        windows, pass_windows, stop_aimed = rows[0] if rows else (0, 0, 1)
        return {"windows": bool(windows), "pass_windows": bool(pass_windows), "stop_aimed": bool(stop_aimed)}

    async def set_play_prefs(self, user_id: str, **values: bool) -> None:
        """Store some of ``user_id``'s play settings (keys ``windows``, ``pass_windows``, ``stop_aimed``); the
        others and their other settings stay. Raises :class:`StoreError`; ``ValueError`` for another key."""
        cols = sorted(values)
        if not cols or not set(cols) <= {"windows", "pass_windows", "stop_aimed"}:
            raise ValueError(f"unknown play settings: {cols}")
        names = ", ".join(cols)
        await self._tx("store the play settings", [(
            f"INSERT INTO user_settings (user_id, {names}) VALUES (?{', ?' * len(cols)}) ON CONFLICT (user_id) DO "
            f"UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in cols),
            (user_id, *(int(values[c]) for c in cols)))])

    async def surroundings_of(self, user_id: str) -> dict[str, Any] | None:
        """``user_id``'s surroundings profile (migration 9, ``/surroundings``): the JSON object they declared
        (places, weather, objects, place), or ``None`` when they have none."""
        rows = await self._fetchall("SELECT surroundings FROM user_settings WHERE user_id = ?", (user_id,))
        return json.loads(rows[0][0]) if rows and rows[0][0] else None

    async def set_surroundings(self, user_id: str, profile: dict[str, Any] | None) -> None:
        """Store ``user_id``'s surroundings profile (a JSON object), or clear it with ``None``; their other
        settings stay. Raises :class:`StoreError`."""
        value = None if profile is None else json.dumps(profile, sort_keys=True)
        await self._tx("store the surroundings", [(
            "INSERT INTO user_settings (user_id, surroundings) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET surroundings = excluded.surroundings", (user_id, value))])

    async def location_of(self, server: str) -> dict[str, Any] | None:
        """The location set for ``server`` (a Discord guild id; ``/settings location``) as
        ``games.core.surroundings.Place.to_json()`` data, or ``None`` when none is set. Kept in the kv table."""
        value = await self.get_kv(f"location:{server}")
        return json.loads(value) if value else None

    async def set_location(self, server: str, place: dict[str, Any] | None) -> None:
        """Set ``server``'s location (a Place's JSON object), or clear it with ``None``. :class:`StoreError`."""
        key = f"location:{server}"
        if place is None:
            await self._tx("clear the location", [("DELETE FROM kv WHERE key = ?", (key,))])
        else:
            await self.put_kv(key, json.dumps(place, sort_keys=True))
