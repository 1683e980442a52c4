"""Signed table links: a table's web page lives at ``/t/TABLE/EXPIRES/SIGNATURE``, where the signature is an
HMAC-SHA256 of the table id and the expiry under the server's secret (``WEB_SECRET``). There is no index of
tables: a page is reachable only by its link (issue "Links, not listings")."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

SIG_CHARS = 22
"""Characters of the signature kept: 22 base64url characters, 132 bits."""

NEVER = 0
"""The expiry of a link that never expires (``WEB_LINK_DAYS=0``)."""

_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class LinkError(ValueError):
    """A link that does not open a page: ``reason`` is ``"malformed"``, ``"signature"`` or ``"expired"``."""

    def __init__(self, reason: str, text: str):
        super().__init__(text)
        self.reason = reason


def signature(secret: str, table_id: str, expires: int) -> str:
    """The signature of ``table_id`` valid until ``expires`` (epoch seconds, or :data:`NEVER`) under
    ``secret``: :data:`SIG_CHARS` base64url characters. Raises ``ValueError`` for an empty secret."""
    if not secret:
        raise ValueError("WEB_SECRET is empty: set it to a long random string (see .env.example)")
    mac = hmac.new(secret.encode("utf-8"), f"{table_id}:{expires}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode("ascii")[:SIG_CHARS]


def table_path(secret: str, table_id: str, now: float, days: float) -> str:
    """The signed path of ``table_id``'s page, ``/t/TABLE/EXPIRES/SIG``, valid ``days`` days from ``now``
    (epoch seconds); ``days`` 0 makes a link that never expires."""
    expires = NEVER if days <= 0 else int(now + days * 86400)
    return f"/t/{table_id}/{expires}/{signature(secret, table_id, expires)}"


def table_link(base_url: str, secret: str, table_id: str, now: float, days: float) -> str:
    """The whole link of ``table_id``'s page under ``base_url`` (``WEB_URL``, e.g. ``https://games.example.org``
    or ``https://example.org/metahost``)."""
    return base_url.rstrip("/") + table_path(secret, table_id, now, days)


def check(secret: str, table_id: str, expires: str, sig: str, now: float) -> str:
    """``table_id`` when ``expires``/``sig`` (as they came in the path) sign it under ``secret`` and the link
    has not expired at ``now``. Raises :class:`LinkError` otherwise."""
    if not _TABLE_ID.match(table_id) or not expires.isdigit() or len(expires) > 12 or len(sig) != SIG_CHARS:
        raise LinkError("malformed", "This is not a table link: it should look like /t/TABLE/EXPIRES/SIGNATURE.")
    if not hmac.compare_digest(signature(secret, table_id, int(expires)), sig):
        raise LinkError("signature", "This link's signature is wrong: ask for the table's link again.")
    if int(expires) != NEVER and int(expires) < now:
        raise LinkError("expired", "This link has expired: ask for the table's link again (`/table replay`).")
    return table_id
