"""``metahost db copy --from SOURCE --to DESTINATION``: a whole store (tables, seats, choice logs, snapshots,
results, deadlines, Discord messages, stats, decks, settings) moved from one database into another, e.g. a
SQLite file into PostgreSQL (docs/hosting.md, One process on PostgreSQL), and verified: every row is read
back from the destination and compared with the source's, and every stored game is replayed there
(:func:`bot.audit.audit`).

The destination must be empty (its schema is made or upgraded as at any start); the copy is one
transaction, so a failed copy leaves it empty. Rows keep their ids (saved decks are found by theirs).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from .audit import AuditFinding, audit
from .store import Store

#: Every table of the store, parents before the rows that refer to them.
COPY_ORDER = ("tables", "seats", "actions", "snapshots", "results", "deadlines", "front_messages", "stats", "decks",
              "kv", "user_settings")


class CopyRefused(Exception):
    """The copy cannot start: the destination holds rows already, or the source has a table this
    metahost does not know (it is newer). ``str()`` says which."""


@dataclass
class CopyReport:
    """What :func:`copy_store` did: ``rows`` table -> rows copied; ``differ`` the tables whose rows read back
    from the destination differ from the source's; ``findings`` the destination's audit."""

    rows: dict[str, int]
    differ: list[str] = field(default_factory=list)
    findings: list[AuditFinding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.differ and all(f.ok for f in self.findings)


def _key(row: tuple) -> tuple:
    """Sorts rows whatever their values' types (a ``None`` beside a number)."""
    return tuple((v is None, str(type(v)), v if v is not None else 0) for v in row)


async def copy_store(source: Store, dest: Store) -> CopyReport:
    """Copy every row of ``source`` into the empty ``dest`` in one transaction, then verify it (rows read
    back, games replayed). Raises :class:`CopyRefused` before writing anything when ``dest`` is not
    empty or ``source`` has an unknown table; :class:`bot.store.StoreError` when a database fails."""
    unknown = sorted(set(await source.table_names()) - set(COPY_ORDER))
    if unknown:
        raise CopyRefused(f"{source.path} has tables this metahost does not know ({', '.join(unknown)}): "
                          "copy it with the metahost that wrote it")
    held = [t for t in COPY_ORDER if await dest._fetchall(f"SELECT 1 FROM {t} LIMIT 1")]
    if held:
        raise CopyRefused(f"{dest.path} is not empty (it has rows in {', '.join(held)}): copy into a new, empty "
                          "database")
    statements: list[tuple[str, tuple]] = []
    read: dict[str, tuple[list[str], list[tuple]]] = {}
    for t in COPY_ORDER:
        columns, rows = await source.fetch_named(f"SELECT * FROM {t}")
        read[t] = (columns, rows)
        insert = f"INSERT INTO {t} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        statements += [(insert, row) for row in rows]
    await dest._tx("copy the store", statements)
    await dest.after_copy()
    report = CopyReport({t: len(rows) for t, (_, rows) in read.items()})
    for t, (columns, rows) in read.items():
        _, back = await dest.fetch_named(f"SELECT {', '.join(columns)} FROM {t}")
        if sorted(back, key=_key) != sorted(rows, key=_key):
            report.differ.append(t)
    report.findings = await audit(dest)
    return report


async def copy_command(source_url: str, dest_url: str) -> int:
    """``metahost db copy --from SOURCE --to DESTINATION``: copy, print what was copied and verified (the URLs
    without their passwords). Returns 0 copied and verified, 1 the rows read back or a replay differ, 2 refused
    (the destination is not empty); raises :class:`bot.store.StoreError` (the command's exit 3)."""
    source = await Store.open(source_url, check_writable=False)
    try:
        dest = await Store.open(dest_url)
        try:
            report = await copy_store(source, dest)
        finally:
            await dest.close()
    except CopyRefused as exc:
        print(f"metahost: {exc}.", file=sys.stderr)
        return 2
    finally:
        await source.close()
    rows = report.rows
    others = ", ".join(f"{n} {t}" for t, n in rows.items() if t not in ("tables", "actions", "decks"))
    print(f"copied {source.path} to {dest.path}: {rows['tables']} tables, {rows['actions']} choices, "
          f"{rows['decks']} decks; rows of {others}")
    for t in report.differ:
        print(f"MISMATCH {t}: the rows read back differ from the source's")
    for f in report.findings:
        if not f.ok:
            print(f"MISMATCH {f.table_id}: {f.message}")
    bad = sum(not f.ok for f in report.findings)
    read_back = "every row read back" if not report.differ else f"{len(report.differ)} tables read back differ"
    print(f"verified: {read_back}; {len(report.findings)} games replayed, {bad} differ from their snapshot")
    return 0 if report.ok else 1
