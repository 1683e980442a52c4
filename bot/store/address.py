"""Where the store lives: ``DATABASE_URL`` read as a back end and a place (:func:`parse`), and said
without its password (:func:`redact`). Imports nothing of the project.

- ``sqlite:///var/metahost.db`` (a relative path after three slashes, as SQLAlchemy reads it),
  ``sqlite:////srv/metahost.db`` (an absolute one after four), ``sqlite:///:memory:``, or a bare path:
  a SQLite file;
- ``postgresql://user:password@host:port/database`` (or ``postgres://``, and the libpq options asyncpg
  reads, e.g. ``?host=/run/postgresql`` for a unix socket): a PostgreSQL database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

SQLITE_PREFIX = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql", "postgres")


def parse(location: str | Path) -> tuple[Literal["sqlite", "postgresql"], str]:
    """``("sqlite", path)`` or ``("postgresql", url)`` for a ``DATABASE_URL`` or a path.

    Raises ``ValueError`` (its text names the location without its password) for another scheme."""
    if isinstance(location, Path):
        return "sqlite", str(location)
    text = location.strip()
    if text.startswith(SQLITE_PREFIX):
        return "sqlite", text[len(SQLITE_PREFIX):]
    scheme, sep, _ = text.partition("://")
    if not sep:
        return "sqlite", text
    if scheme.lower() in POSTGRES_SCHEMES:
        return "postgresql", text
    raise ValueError(f"{redact(text)} is not a database this bot can use: give sqlite:///PATH, a file path, or "
                     "postgresql://USER:PASSWORD@HOST:PORT/DATABASE")


def is_postgres(location: str | Path) -> bool:
    """Whether ``location`` names a PostgreSQL database (no error for another scheme)."""
    return isinstance(location, str) and location.strip().partition("://")[0].lower() in POSTGRES_SCHEMES


def redact(url: str) -> str:
    """``url`` with any password (in the user part or a ``password=`` option) shown as ``***``: safe to
    log, print and put in an error."""
    if "://" not in url:
        return url
    try:
        parts = urlsplit(url)
        netloc = parts.netloc
        if "@" in netloc:
            user, _, host = netloc.rpartition("@")
            name, colon, _password = user.partition(":")
            netloc = f"{name}:***@{host}" if colon else f"{user}@{host}"
        query = parts.query
        if query:
            pairs = parse_qsl(query, keep_blank_values=True)
            if any(k.lower() == "password" for k, _ in pairs):
                query = urlencode([(k, "***" if k.lower() == "password" else v) for k, v in pairs], safe="/*")
        return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
    except ValueError:  # not even a URL: say only its scheme
        return url.partition("://")[0] + "://***"
