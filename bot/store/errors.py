"""The store's one error: :class:`StoreError`, a failure of the database said in one line naming the
file (or the PostgreSQL database, without its password) and what is wrong, with what the user can do;
:func:`wrap` turns SQLite's and the system's exceptions into it, :func:`wrap_pg` asyncpg's. Imports nothing
of the project.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


class StoreError(RuntimeError):
    """The database refused an operation (locked, read-only, full, not a database). Nothing was written.

    ``str(err)`` is one line naming the file and what is wrong, e.g. ``cannot write var/metahost.db: its
    folder var is read-only (…)``. ``path`` is the database file, or a PostgreSQL URL without its
    password; ``problem`` one of ``locked``, ``full``, ``readonly_file``, ``readonly_folder``, ``readonly``,
    ``no_folder``, ``cannot_open``, ``not_db``, ``io``, ``other``, and on PostgreSQL ``unavailable`` (no
    server answers, or the connection was lost), ``auth`` (user or password refused), ``no_database``,
    ``conflict`` (a unique key refused a row another process wrote first: the choice log's fence);
    :meth:`advice` says what the user can do."""

    #: The exit status of a command stopped by the database (``metahost …``).
    exit_code = 3

    def __init__(self, message: str, path: str = "", problem: str = "other"):
        super().__init__(message)
        self.path = path
        self.problem = problem

    @property
    def transient(self) -> bool:
        """True when trying again later may succeed (another process holds the file)."""
        return self.problem in ("locked", "unavailable")

    @property
    def remedy(self) -> str | None:
        """What fixes the problem in place (``None`` when only another file helps)."""
        return {
            "locked": "wait until the other process using it (another metahost?) is done",
            "full": "free some disk space",
            "readonly_file": f"make the file writable (chmod u+w {self.path})",
            "readonly_folder": "make its folder writable",
            "not_db": "restore it from a backup",
            "io": "check the disk",
            "unavailable": "make sure the PostgreSQL server is running and reachable at that address",
            "auth": "check the user name and password in DATABASE_URL",
            "no_database": "create the database (createdb, or CREATE DATABASE)",
        }.get(self.problem)

    def advice(self, choose: str = "--db or METAHOST_DB") -> str:
        """What to do, as a clause: ``choose`` names how to pick another database file."""
        if self.transient:
            return f"{self.remedy}, then try again"
        thing = "database" if "://" in self.path else "database file"
        other = f"choose another {thing} with {choose}"
        return f"{self.remedy}, or {other}" if self.remedy else other

    def line(self, prog: str = "metahost", choose: str = "--db or METAHOST_DB") -> str:
        """The one line a command prints: ``<prog>: <what is wrong>; <what to do>.``"""
        return f"{prog}: {self}; {self.advice(choose)}."


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _not_a_folder(path: Path) -> Path | None:
    """The first ancestor of ``path`` that exists but is not a folder (a file in the way), if any."""
    for anc in reversed(path.parents):
        if anc.exists() and not anc.is_dir():
            return anc
    return None


def _problem(exc: BaseException, path: str) -> tuple[str, str]:
    """``(problem, reason)`` for a failure on the database at ``path``: SQLite's error code, checked
    against the file system so that the reason names the file or folder at fault."""
    p = Path(path)
    folder = _folder(p)
    if not isinstance(exc, sqlite3.Error):  # OSError: creating the folder failed
        blocker = _not_a_folder(p)
        if blocker is not None:
            return "no_folder", f"{blocker} is a file, not a folder"
        if isinstance(exc, PermissionError):
            return "readonly_folder", f"its folder {folder} cannot be created there (permission denied)"
        return "no_folder", f"its folder {folder} cannot be created ({getattr(exc, 'strerror', None) or exc})"
    name = getattr(exc, "sqlite_errorname", "") or ""
    msg = str(exc)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in msg or "busy" in msg:
        return "locked", "the database file is locked by another process"
    if name.startswith("SQLITE_FULL") or "full" in msg:
        return "full", "the disk is full"
    if name == "SQLITE_READONLY_DIRECTORY":
        return "readonly_folder", f"its folder {folder} is read-only, and SQLite must create its -wal file there"
    if name.startswith("SQLITE_READONLY") or "readonly" in msg:
        if p.exists() and not os.access(p, os.W_OK):
            return "readonly_file", "the file is read-only"
        if not os.access(folder, os.W_OK | os.X_OK):
            return "readonly_folder", f"its folder {folder} is read-only, and SQLite must create its -wal file there"
        return "readonly", "the database is read-only (a read-only disk or mount?)"
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in msg:
        blocker = _not_a_folder(p)
        if blocker is not None:
            return "no_folder", f"{blocker} is a file, not a folder"
        if p.is_dir():
            return "cannot_open", "it is a folder, not a database file"
        if not folder.is_dir():
            return "no_folder", f"its folder {folder} does not exist"
        if p.exists() and not os.access(p, os.R_OK):
            return "cannot_open", "the file cannot be read (permission denied)"
        if not os.access(folder, os.W_OK | os.X_OK):
            state = "the file cannot be created" if not p.exists() else "SQLite cannot create its -wal file"
            return "readonly_folder", f"its folder {folder} is read-only, so {state}"
        return "cannot_open", "it cannot be opened"
    if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or "not a database" in msg or "malformed" in msg:
        return "not_db", "it is not a metahost database, or it is damaged"
    if name.startswith("SQLITE_IOERR") or "I/O" in msg:
        return "io", "the disk reported an error: it may be full, removed or failing"
    return "other", msg


def wrap(exc: BaseException, what: str, path: str) -> StoreError:
    """A :class:`StoreError` ``cannot <what>: <reason> (<the system's words>)``."""
    problem, reason = _problem(exc, path)
    detail = str(exc) if isinstance(exc, sqlite3.Error) else (getattr(exc, "strerror", None) or str(exc))
    tail = f" (SQLite: {detail})" if isinstance(exc, sqlite3.Error) and detail != reason else ""
    return StoreError(f"cannot {what}: {reason}{tail}", path, problem)


#: PostgreSQL's error classes (SQLSTATE, or its first two characters) -> ``(problem, reason)``.
_PG_STATES: dict[str, tuple[str, str]] = {
    "28P01": ("auth", "the server refused the user name or password"),
    "28": ("auth", "the server refused the user name or password"),
    "3D000": ("no_database", "that database does not exist on the server"),
    "42501": ("readonly", "the user may not do that there (permission denied)"),
    "25006": ("readonly", "the database is read-only (a standby server?)"),
    "53100": ("full", "the server's disk is full"),
    "53300": ("unavailable", "the server has no connection left (too many clients)"),
    "57P03": ("unavailable", "the server is starting up or shutting down"),
    "57P01": ("unavailable", "the server was shut down"),
    "08": ("unavailable", "the connection to the server failed"),
    "40": ("locked", "another transaction got in the way"),
    # The log's primary key (table id, seq) refused a second writer of a sequence: another process owns the table.
    "23505": ("conflict", "another process stored that first"),
    "55P03": ("locked", "a row is locked by another process"),
}


def wrap_pg(exc: BaseException, what: str, where: str) -> StoreError:
    """A :class:`StoreError` ``cannot <what>: <reason> (PostgreSQL: <the server's words>)`` for an asyncpg or
    connection failure; ``where`` (named in ``what`` too) is the URL without its password
    (:func:`bot.store.address.redact`), and the server's words are their first line only."""
    state = getattr(exc, "sqlstate", None)
    detail = (str(exc).splitlines() or [""])[0].strip() or type(exc).__name__
    if state:
        problem, reason = _PG_STATES.get(state) or _PG_STATES.get(state[:2]) or ("other", detail)
    elif isinstance(exc, TimeoutError):
        problem, reason = "unavailable", "the server did not answer in time"
    elif isinstance(exc, OSError):
        problem, reason = "unavailable", "no PostgreSQL server answers there"
    elif type(exc).__name__ in ("ConnectionDoesNotExistError", "InterfaceError", "InternalClientError"):
        problem, reason = "unavailable", "the connection to the server was lost"
    else:
        problem, reason = "other", detail
    tail = f" (PostgreSQL: {detail})" if detail != reason else ""
    return StoreError(f"cannot {what}: {reason}{tail}", where, problem)
