"""The store's queries on tables: a table's setup row and seats, its choice log and snapshots, its
deadlines, results and status, and the Discord messages a front end remembers for it. May import
:mod:`bot.store.connection` and :mod:`bot.store.rows`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .connection import Connection
from .rows import LogSummary, Recorded, SeatRow, TableRow


class TableQueries(Connection):
    """Tables, seats, the choice log, snapshots, deadlines, results and front-end messages."""

    async def save_table(self, t: TableRow, deadlines: list[tuple[int, float, float]] | None = None) -> None:
        """Insert or replace a table's setup row, all its seats, its snapshot and the static part of its state
        if any (lobby changes, start) and, when given, its decision deadlines
        ``[(seat, deadline, remind_at)]``."""
        stmts: list[tuple[str, tuple]] = [(
            "INSERT INTO tables (id, game, place, host_user, status, options, seed, created, updated) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET status = excluded.status, "
            "options = excluded.options, seed = excluded.seed, updated = excluded.updated, "
            "host_user = excluded.host_user",
            (t.id, t.game, t.place, t.host_user, t.status, json.dumps(t.options), t.seed, t.created, t.updated),
        ), ("DELETE FROM seats WHERE table_id = ?", (t.id,))]
        for s in t.seats:
            stmts.append((
                "INSERT INTO seats (table_id, seat, user_id, name, computer, deck_id, deck, timeouts, deck_name, bank) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (t.id, s.seat, s.user_id, s.name, int(s.computer), s.deck_id, json.dumps(s.deck), s.timeouts,
                 s.deck_name, s.bank),
            ))
        if t.snapshot is not None:
            stmts.append((
                "INSERT INTO snapshots (table_id, seq, state, static) VALUES (?, ?, ?, ?) ON CONFLICT (table_id) "
                "DO UPDATE SET seq = excluded.seq, state = excluded.state, static = excluded.static",
                (t.id, t.seq, t.snapshot, t.static),
            ))
        if deadlines is not None:
            stmts.append(("DELETE FROM deadlines WHERE table_id = ?", (t.id,)))
            for s, deadline, remind_at in deadlines:
                stmts.append(("INSERT INTO deadlines (table_id, seat, seq, deadline, remind_at) VALUES (?, ?, ?, ?, ?)",
                              (t.id, s, t.seq, deadline, remind_at)))
        await self._tx("save the table", stmts)

    async def record(
        self,
        table_id: str,
        seq: int,
        seat: int,
        choice: str,
        at: float,
        state: str | None,
        deadlines: list[tuple[int, float, float]],
        timeouts: dict[int, int] | None = None,
        finished: tuple[str, dict[str, Any], list[tuple[str, str]]] | None = None,
        banks: dict[int, float] | None = None,
        more: Sequence[tuple[int, str]] = (),
    ) -> None:
        """Commit one choice atomically: its log row (``seq`` = number of choices logged before it), the
        new snapshot ``state`` (``None``: keep the older snapshot; the log rows after its ``seq`` rebuild
        the state), the new deadlines ``[(seat, deadline, remind_at)]``, timeout counters, and,
        when the game ended, the result, the table status and the stats ``(game, result, [(user_id,
        outcome)])``; ``banks``: seat -> its time bank in seconds, for the seats whose bank the choice
        charged. ``more``: the ``(seat, choice)`` applied right after it (the host's automatic
        choices), logged after it at the same instant in the same transaction; ``state`` and
        ``deadlines`` are then those after the last of them. Raises :class:`StoreError` (nothing written)."""
        rows = [(seat, choice), *more]
        stmts: list[tuple[str, tuple]] = [
            ("INSERT INTO actions (table_id, seq, seat, choice, at) VALUES (?, ?, ?, ?, ?)",
             (table_id, seq + k, s, c, at)) for k, (s, c) in enumerate(rows)]
        stmts += [
            ("UPDATE tables SET updated = ? WHERE id = ?", (at, table_id)),
            ("DELETE FROM deadlines WHERE table_id = ?", (table_id,)),
        ]
        end = seq + len(rows)
        if state is not None:
            stmts.insert(len(rows), ("UPDATE snapshots SET seq = ?, state = ? WHERE table_id = ?", (end, state, table_id)))
        for s, deadline, remind_at in deadlines:
            stmts.append(("INSERT INTO deadlines (table_id, seat, seq, deadline, remind_at) VALUES (?, ?, ?, ?, ?)",
                          (table_id, s, end, deadline, remind_at)))
        for s, n in (timeouts or {}).items():
            stmts.append(("UPDATE seats SET timeouts = ? WHERE table_id = ? AND seat = ?", (n, table_id, s)))
        for s, left in (banks or {}).items():
            stmts.append(("UPDATE seats SET bank = ? WHERE table_id = ? AND seat = ?", (left, table_id, s)))
        ended = None
        if finished is not None:
            game, result, outcomes = finished
            stmts += self._finish_statements(table_id, game, result, outcomes, at)
            ended = (game, json.dumps(result), list(outcomes))
        await self._tx_record("record the choice", stmts, Recorded(
            table_id, [(seq + k, s, c) for k, (s, c) in enumerate(rows)], at, None if state is None else (end, state),
            deadlines, end, dict(timeouts or {}), dict(banks or {}), ended))

    def _finish_statements(self, table_id, game, result, outcomes, at) -> list[tuple[str, tuple]]:
        stmts: list[tuple[str, tuple]] = [
            ("INSERT INTO results (table_id, result, finished) VALUES (?, ?, ?)", (table_id, json.dumps(result), at)),
            ("UPDATE tables SET status = 'finished', updated = ? WHERE id = ?", (at, table_id)),
            ("DELETE FROM deadlines WHERE table_id = ?", (table_id,)),
        ]
        for user, outcome in outcomes:
            col = {"win": "wins", "loss": "losses", "draw": "draws"}[outcome]
            stmts.append((
                f"INSERT INTO stats (user_id, game, games, {col}) VALUES (?, ?, 1, 1) ON CONFLICT (user_id, game) "
                f"DO UPDATE SET games = stats.games + 1, {col} = stats.{col} + 1",
                (user, game),
            ))
        return stmts

    async def set_status(self, table_id: str, status: str, at: float) -> None:
        await self._tx("update the table", [
            ("UPDATE tables SET status = ?, updated = ? WHERE id = ?", (status, at, table_id)),
            ("DELETE FROM deadlines WHERE table_id = ?", (table_id,)),
        ])

    async def pause_table(self, table_id: str, at: float, reason: str) -> None:
        """Mark a playing table paused since ``at`` (epoch seconds) because of ``reason``."""
        await self._tx("pause the table", [
            ("UPDATE tables SET paused = ?, pause_reason = ?, updated = ? WHERE id = ?", (at, reason, at, table_id)),
        ])

    async def resume_table(self, table_id: str, at: float, place: str, shift: float) -> None:
        """Un-pause a table at ``at`` in its new ``place``, moving its deadlines (and reminder times) on by
        ``shift`` seconds, the time it spent paused; one transaction."""
        await self._tx("resume the table", [
            ("UPDATE tables SET paused = NULL, pause_reason = NULL, place = ?, updated = ? WHERE id = ?",
             (place, at, table_id)),
            ("UPDATE deadlines SET deadline = deadline + ?, remind_at = remind_at + ? WHERE table_id = ?",
             (shift, shift, table_id)),
        ])

    async def mark_reminded(self, table_id: str, seat: int) -> None:
        await self._tx("mark the reminder", [
            ("UPDATE deadlines SET reminded = 1 WHERE table_id = ? AND seat = ?", (table_id, seat)),
        ])

    async def put_message(self, table_id: str, kind: str, seat: int, channel_id: int, message_id: int,
                          created: float, flag: bool = False) -> None:
        """Remember a front end's message for a table (``kind``: lobby, board, thread, dm)."""
        await self._tx("remember the message", [(
            "INSERT INTO front_messages (table_id, kind, seat, channel_id, message_id, created, flag) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, kind, seat) DO UPDATE SET "
            "channel_id = excluded.channel_id, message_id = excluded.message_id, created = excluded.created, "
            "flag = excluded.flag",
            (table_id, kind, seat, channel_id, message_id, created, int(flag)),
        )])

    async def messages_of(self, table_id: str) -> list[tuple[str, int, int, int, float, bool]]:
        """``[(kind, seat, channel_id, message_id, created, flag)]`` remembered for a table."""
        return [(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in await self._fetchall(
            "SELECT kind, seat, channel_id, message_id, created, flag FROM front_messages WHERE table_id = ?",
            (table_id,))]

    async def table_by_channel(self, channel_id: int) -> str | None:
        """The table whose thread or board lives in ``channel_id``."""
        rows = await self._fetchall(
            "SELECT table_id FROM front_messages WHERE kind = 'thread' AND channel_id = ?", (channel_id,))
        return rows[0][0] if rows else None

    async def load_tables(self, statuses: tuple[str, ...] = ("lobby", "playing"), table_id: str | None = None
                          ) -> list[TableRow]:
        """Tables in ``statuses`` (or the one ``table_id``), with seats, snapshot (and its static part) and
        deadlines."""
        cols = "id, game, place, host_user, status, options, seed, created, updated, paused, pause_reason"
        if table_id is not None:
            rows = await self._fetchall(f"SELECT {cols} FROM tables WHERE id = ?", (table_id,))
        else:
            marks = ",".join("?" * len(statuses))
            rows = await self._fetchall(f"SELECT {cols} FROM tables WHERE status IN ({marks}) ORDER BY created",
                                        statuses)
        if not rows:
            return []
        ids = [r[0] for r in rows]
        seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
        snaps: dict[str, tuple[int, str, str | None]] = {}
        dls: dict[str, list] = {i: [] for i in ids}
        chunk = 500
        for k in range(0, len(ids), chunk):
            part = ids[k:k + chunk]
            marks = ",".join("?" * len(part))
            for r in await self._fetchall(
                f"SELECT table_id, seat, user_id, name, computer, deck_id, deck, timeouts, deck_name, bank FROM seats "
                f"WHERE table_id IN ({marks}) ORDER BY table_id, seat", tuple(part)):
                seats[r[0]].append(SeatRow(r[1], r[2], r[3], bool(r[4]), r[5], json.loads(r[6]), r[7], r[8], r[9]))
            for r in await self._fetchall(
                f"SELECT table_id, seq, state, static FROM snapshots WHERE table_id IN ({marks})", tuple(part)):
                snaps[r[0]] = (r[1], r[2], r[3])
            for r in await self._fetchall(
                f"SELECT table_id, seat, seq, deadline, remind_at, reminded FROM deadlines WHERE table_id IN ({marks})",
                tuple(part)):
                dls[r[0]].append((r[1], r[2], r[3], r[4], bool(r[5])))
        out = []
        for r in rows:
            seq, snap, static = snaps.get(r[0], (0, None, None))
            out.append(TableRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6], r[7], r[8],
                                seats[r[0]], snap, seq, dls[r[0]], r[9], r[10], static))
        return out

    async def actions(self, table_id: str, timed: bool = False) -> list[tuple]:
        """The choice log of a table: ``[(seq, seat, choice)]`` in order; with ``timed``, ``[(seq, seat,
        choice, at)]``, ``at`` the epoch seconds logged with each choice (a game that reads the
        clock is replayed with them, :meth:`games.core.contract.Game.observe`)."""
        rows = await self._fetchall(
            "SELECT seq, seat, choice, at FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
        return [tuple(r) if timed else (r[0], r[1], r[2]) for r in rows]

    async def log_summaries(self, table_ids: list[str]) -> dict[str, LogSummary]:
        """For each of ``table_ids`` (tables with a snapshot): how many choices each seat made, each seat's
        last choice, and the log rows after the snapshot's ``seq`` (a snapshot may lag behind the
        log), in a few queries for all tables instead of one per table. Raises :class:`StoreError`."""
        out = {i: LogSummary({}, {}, []) for i in table_ids}
        chunk = 500
        for k in range(0, len(table_ids), chunk):
            part = tuple(table_ids[k:k + chunk])
            marks = ",".join("?" * len(part))
            # Each seat's count and last seq, joined back to the row at that seq for its choice.
            for tid, seat, count, choice in await self._fetchall(
                    "SELECT c.table_id, c.seat, c.n, a.choice FROM (SELECT table_id, seat, COUNT(*) AS n, "
                    f"MAX(seq) AS last FROM actions WHERE table_id IN ({marks}) GROUP BY table_id, seat) c "
                    "JOIN actions a ON a.table_id = c.table_id AND a.seq = c.last", part):
                out[tid].acts[seat] = count
                out[tid].last_choice[seat] = choice
            for tid, seq, seat, choice, at in await self._fetchall(
                    "SELECT a.table_id, a.seq, a.seat, a.choice, a.at FROM actions a JOIN snapshots s "
                    f"ON s.table_id = a.table_id WHERE a.table_id IN ({marks}) AND a.seq >= s.seq "
                    "ORDER BY a.table_id, a.seq", part):
                out[tid].tail.append((seq, seat, choice, at))
        return out

    async def result(self, table_id: str) -> dict[str, Any] | None:
        rows = await self._fetchall("SELECT result FROM results WHERE table_id = ?", (table_id,))
        return json.loads(rows[0][0]) if rows else None

    async def list_tables(self, place: str | None = None) -> list[tuple[str, str, str, str, float]]:
        """``[(id, game, place, status, updated)]``, newest first."""
        if place is None:
            rows = await self._fetchall("SELECT id, game, place, status, updated FROM tables ORDER BY updated DESC")
        else:
            rows = await self._fetchall(
                "SELECT id, game, place, status, updated FROM tables WHERE place = ? ORDER BY updated DESC", (place,))
        return [tuple(r) for r in rows]  # type: ignore[misc]
