"""A network-free Discord for driving a real discord.py 2.x bot in tests.

Only the two transports at the edge are fake:

* REST: ``FakeHTTP`` subclasses ``discord.http.HTTPClient`` and overrides ``request`` (and
  ``static_login``, so no aiohttp session is ever created). It answers a small route table and fails
  loudly (``AssertionError`` naming the route) for anything else. ``get_from_cdn`` (what
  ``Attachment.read`` calls) is answered from ``fake.cdn``: files registered with
  :meth:`FakeDiscord.attachment` and the files the bot uploaded; any other url fails loudly.
* Interaction replies: ``discord.webhook.async_.AsyncWebhookAdapter.request`` is patched (through
  pytest's ``monkeypatch``) so callbacks, followups and original-response edits are recorded.

Everything else -- the app-command tree, transformers, autocomplete, ``discord.ui`` views and dynamic
items, message/embed serialisation -- is discord.py's own code. Interactions are fed as raw gateway
payloads through ``ConnectionState.parse_interaction_create`` and the tasks discord.py spawns are
awaited by :meth:`FakeDiscord.settle`.

What a test can drive: slash commands (options of every type, including attachments registered with
:meth:`FakeDiscord.attachment`), autocomplete, buttons and selects (:meth:`FakeDiscord.click`) and
modal submissions (:meth:`FakeDiscord.submit_modal`, only for a modal the bot showed that user unless
``force=True``), and failures of interaction requests (:meth:`FakeDiscord.fail_interaction`: 10062
Unknown interaction, a 5xx). What a test can read: :class:`Reply` (callback, response message, followups, edits,
``modal``, REST and CDN calls made meanwhile), every message as Discord holds it (``fake.messages``,
``channel_messages``, ``dm_messages``) and threads; a message's attachments (``Msg.files``: name and size;
an edit's ``attachments`` list keeps or replaces them as Discord does; the bytes are in ``fake.cdn``) and the
attachment its embed image shows (``Msg.image()``, for ``attachment://<name>``); each request's uploads
(``Call.files``, ``Call.file_bytes``); unknown routes, unknown CDN urls, an embed image naming no
attachment of its message, an upload over 10 MiB and errors discord.py logs fail the test at the next settle.

An upload may be made later (:meth:`FakeDiscord.later`): the bot sends a placeholder, and the fake holds the
real bytes, made the first time a test reads them (``fake.cdn``, ``Call.file_bytes``, ``Msg.files``, a CDN
download). The bot's board pictures go up that way (tests/discord_shell/world.py): most tests never look at
them, and painting them was a third of these tests' time.

Typical use::

    @pytest.fixture
    async def fake(monkeypatch):
        fake = FakeDiscord(monkeypatch)
        yield fake
        await fake.close()

    async def test_ping(fake):
        await fake.boot(make_bot())
        reply = await fake.slash(101, CHANNEL_ID, "ping")
        assert reply.content == "pong" and not reply.ephemeral
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
import threading
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import discord
from discord import app_commands, utils
from discord.enums import AppCommandOptionType
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

__all__ = [
    "APP_ID",
    "BOT_ID",
    "CHANNEL_ID",
    "GUILD_ID",
    "MEMBER_IDS",
    "Call",
    "FakeDiscord",
    "FakeHTTP",
    "Injection",
    "Msg",
    "Reply",
    "text_of",
]

GUILD_ID = 1_000
CHANNEL_ID = 2_000
BOT_ID = 900
APP_ID = 900  # modern applications: application id == bot user id
MEMBER_IDS = (101, 102, 103, 104)

EPHEMERAL = 64
LOADING = 128

DEFAULT_MEMBER_PERMISSIONS = (discord.Permissions.text() | discord.Permissions(view_channel=True)).value
DEFAULT_BOT_PERMISSIONS = (
    discord.Permissions.text() | discord.Permissions(view_channel=True, manage_threads=True)
).value

# Tasks discord.py spawns for one gateway event (see app_commands/tree.py, ui/view.py, ui/modal.py,
# client.py). View timeout tasks (discord-ui-view-timeout-*) are deliberately not awaited.
TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-dynamic-item",
    "discord-ui-modal-dispatch",
    "discord.py: ",
)

_CALLBACK_NAMES = {
    1: "pong",
    4: "message",
    5: "deferred message",
    6: "deferred update",
    7: "update message",
    8: "autocomplete",
    9: "modal",
}

CDN_PATH = "/attachments/{channel_id}/{attachment_id}/{filename}"
CDN_BASE = "https://cdn.discordapp.com"
ATTACHMENT_URL = "attachment://"  # an embed image naming one of its message's attachments
UPLOAD_MAX = 10 * 1024 * 1024  # bytes per file Discord takes from a bot on any server (40005 above it)
LATER_HEAD = b"FakeDiscord: bytes made later #"  # the placeholder of an upload made later (FakeDiscord.later)


class Later:
    """The bytes of an upload made later (:meth:`FakeDiscord.later`): ``make()`` gives them, once, the first
    time they are read (:attr:`data`); one over :data:`UPLOAD_MAX` then fails the test at the next settle,
    as an upload over it does at once."""

    def __init__(self, fake: FakeDiscord, name: str, placeholder: bytes, make: Callable[[], bytes]) -> None:
        self.fake, self.name, self.placeholder, self._make = fake, name, placeholder, make
        self._data: bytes | None = None

    @property
    def data(self) -> bytes:
        if self._data is None:
            self._data = self._make()
            self._make = None  # type: ignore[assignment]  # what it held (a picture's layout) can go
            self.fake._check_upload(self.name, self._data)
        return self._data

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Later):
            return self.data == other.data
        return self.data == other if isinstance(other, bytes | bytearray) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Later {self.name} {'made' if self._data is not None else 'not made yet'}>"


def _made(blob: bytes | Later) -> bytes:
    return blob.data if isinstance(blob, Later) else blob


class _Blobs(list):
    """``Call.file_bytes``: an upload made later is made when read."""

    def __getitem__(self, i):  # type: ignore[override]
        got = super().__getitem__(i)
        return [_made(b) for b in got] if isinstance(i, slice) else _made(got)

    def __iter__(self):
        return (_made(b) for b in super().__iter__())


class _Cdn(dict):
    """``fake.cdn``: url -> bytes; an upload made later is made when read."""

    def __getitem__(self, url):
        return _made(super().__getitem__(url))

    def get(self, url, default=None):
        got = super().get(url, default)
        return _made(got) if isinstance(got, Later) else got

    def values(self):  # type: ignore[override]
        return [_made(b) for b in super().values()]

    def items(self):  # type: ignore[override]
        return [(k, _made(b)) for k, b in super().items()]


class _Attachment(dict):
    """A message's attachment whose bytes are made later: its ``size`` read by a test is the real one (the
    copy discord.py gets has the placeholder's)."""

    def __init__(self, later: Later, **fields: Any) -> None:
        super().__init__(**fields)
        self.later = later

    def __getitem__(self, key):
        return len(self.later.data) if key == "size" else super().__getitem__(key)

    def get(self, key, default=None):
        return len(self.later.data) if key == "size" else super().get(key, default)


# --------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------


@dataclass
class Call:
    """One request the bot made.

    ``path`` is discord.py's route template (``/channels/{channel_id}/messages``), ``url`` the
    concrete path (``/channels/2000/messages``), ``json`` the JSON body (for multipart requests the
    decoded ``payload_json``). For interaction replies ``kind`` is ``callback``, ``followup``,
    ``edit``, ``delete`` or ``get``; ``type`` is the callback type (4 message, 5 deferred,
    6 deferred update, 7 update message, 8 autocomplete, 9 modal). A file download
    (``HTTPClient.get_from_cdn``, e.g. ``Attachment.read``) is a ``GET`` of kind ``cdn`` in
    ``fake.rest`` whose ``url`` is the full CDN url and ``path`` is ``CDN_PATH``.
    """

    method: str
    path: str
    url: str
    json: Any = None
    params: dict[str, Any] | None = None
    files: list[str] = field(default_factory=list)
    file_bytes: list[bytes] = field(default_factory=_Blobs)
    kind: str = "rest"
    type: int | None = None
    ephemeral: bool = False
    token: str | None = None
    interaction_id: int | None = None
    message_id: int | None = None
    channel_id: int | None = None
    error: int | None = None  # the Discord error code the fake answered a REST call with (0: a 5xx)

    @property
    def data(self) -> dict[str, Any]:
        """The callback's ``data`` (for callbacks) or the body itself (everything else)."""
        body = self.json if isinstance(self.json, dict) else {}
        if self.kind == "callback":
            return body.get("data") or {}
        return body

    def __repr__(self) -> str:
        extra = f" {self.kind} type={self.type}" if self.kind != "rest" else ""
        return f"<Call {self.method} {self.url}{extra}>"


@dataclass
class Msg:
    """The latest state of one message as Discord would hold it."""

    id: int
    channel_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    attachments: list[dict[str, Any]] = field(default_factory=list)
    author_id: int = BOT_ID
    guild_id: int | None = None
    visible_to: int | None = None  # the only user who sees an ephemeral message
    interaction_id: int | None = None
    webhook_id: int | None = None
    deleted: bool = False
    edits: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)  # earlier snapshots, oldest first

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        return text_of(self)

    @property
    def files(self) -> list[tuple[str, int]]:
        """``(filename, size in bytes)`` of each attachment the message holds now."""
        return [(a["filename"], a["size"]) for a in self.attachments]

    def image(self, embed: int = 0) -> dict[str, Any] | None:
        """The attachment that embed ``embed``'s image shows (its url ``attachment://<filename>``, resolved
        against the message's attachments as Discord does, on a post or an edit), or None when the embed
        has no image or shows one from elsewhere."""
        if embed >= len(self.embeds):
            return None
        url = ((self.embeds[embed].get("image") or {}).get("url")) or ""
        if not url.startswith(ATTACHMENT_URL):
            return None
        name = url[len(ATTACHMENT_URL):]
        return next((a for a in self.attachments if a["filename"] == name), None)

    def payload(self, author: dict[str, Any]) -> dict[str, Any]:
        created = utils.snowflake_time(self.id)
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": author,
            "content": self.content,
            "timestamp": created.isoformat(),
            "edited_timestamp": utils.utcnow().isoformat() if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [dict(a) for a in self.attachments],
            "embeds": [dict(e) for e in self.embeds],
            "components": [dict(c) for c in self.components],
            "pinned": False,
            "type": 20 if self.interaction_id else 0,
            "flags": self.flags,
        }
        if self.webhook_id:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        return data

    def _snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "flags": self.flags,
            "attachments": self.attachments,
        }

    def _apply(self, body: Mapping[str, Any], new_attachments: list[dict[str, Any]], *, edit: bool) -> None:
        if edit:
            self.history.append(self._snapshot())
            self.edits += 1
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = list(body["embeds"] or [])
        if "components" in body:
            self.components = list(body["components"] or [])
        if "flags" in body and body["flags"] is not None:
            # ephemeral/loading are fixed at creation; other flags follow the body
            self.flags = (int(body["flags"]) & ~(EPHEMERAL | LOADING)) | (self.flags & EPHEMERAL)
        if "attachments" in body and body["attachments"] is not None:
            keep = {str(a.get("id")) for a in body["attachments"]}
            self.attachments = [a for a in self.attachments if str(a["id"]) in keep]
        self.attachments.extend(new_attachments)
        if edit:
            self.flags &= ~LOADING


@dataclass
class _Interaction:
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    source_message_id: int | None = None  # the message a component sat on
    response_type: int | None = None
    response_message_id: int | None = None
    rest_from: int = 0
    rest_to: int | None = None


@dataclass
class _ShownModal:
    """A modal the bot answered an interaction with (callback type 9): open until a submission of it
    is acknowledged (Discord keeps a modal open when the bot does not answer its submission)."""

    user_id: int
    channel_id: int
    custom_id: str
    data: dict[str, Any]
    interaction_id: int
    source_message_id: int | None = None
    open: bool = True


class Reply:
    """What one interaction produced: its callback, followups and edits (live view over the records)."""

    def __init__(self, fake: FakeDiscord, record: _Interaction) -> None:
        self._fake = fake
        self._record = record

    @property
    def id(self) -> int:
        return self._record.id

    @property
    def token(self) -> str:
        return self._record.token

    @property
    def calls(self) -> list[Call]:
        return list(self._fake._replies_by_token.get(self._record.token, ()))

    @property
    def callback(self) -> Call | None:
        return next((c for c in self.calls if c.kind == "callback"), None)

    @property
    def acknowledged(self) -> bool:
        return self.callback is not None

    @property
    def type(self) -> int | None:
        cb = self.callback
        return cb.type if cb else None

    @property
    def ephemeral(self) -> bool:
        msg = self.message
        if msg is not None:
            return msg.ephemeral
        cb = self.callback
        return bool(cb and cb.ephemeral)

    @property
    def data(self) -> dict[str, Any]:
        cb = self.callback
        return cb.data if cb else {}

    @property
    def message(self) -> Msg | None:
        """The response message (type 4/5), or the component's message for 6/7."""
        mid = self._record.response_message_id
        return self._fake.messages.get(mid) if mid is not None else None

    @property
    def followups(self) -> list[Msg]:
        ids: list[int] = []
        for c in self.calls:
            if c.kind == "followup" and c.message_id is not None and c.message_id not in ids:
                ids.append(c.message_id)
        return [self._fake.messages[i] for i in ids]

    @property
    def messages(self) -> list[Msg]:
        out = [self.message] if self.message is not None else []
        return out + [m for m in self.followups if m not in out]

    @property
    def content(self) -> str:
        msg = self.message
        return msg.content if msg is not None else self.data.get("content", "") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        msg = self.message
        return msg.embeds if msg is not None else list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        """Flattened interactive components of the response (see FakeDiscord.components)."""
        msg = self.message
        return _flatten_components(msg.components if msg is not None else self.data.get("components") or [])

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.data.get("choices") or []) if self.type == 8 else []

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot answered with (type-9 callback data: ``custom_id``, ``title``,
        ``components``), or None. Submit it with :meth:`FakeDiscord.submit_modal`."""
        return self.data if self.type == 9 else None

    @property
    def rest(self) -> list[Call]:
        """REST calls (and CDN downloads, kind ``cdn``) made while this interaction was being handled
        (up to its settle)."""
        r = self._record
        return self._fake.rest[r.rest_from : r.rest_to]

    @property
    def text(self) -> str:
        return text_of(self)

    def __repr__(self) -> str:
        name = _CALLBACK_NAMES.get(self.type or 0, "none")
        return f"<Reply {self.id} {name} ephemeral={self.ephemeral} calls={len(self.calls)}>"


# --------------------------------------------------------------------------------------------
# Text and components
# --------------------------------------------------------------------------------------------


def _embed_text(embed: Mapping[str, Any]) -> list[str]:
    parts = [embed.get("title"), embed.get("description")]
    parts.append((embed.get("author") or {}).get("name"))
    for f in embed.get("fields") or []:
        parts += [f.get("name"), f.get("value")]
    parts.append((embed.get("footer") or {}).get("text"))
    return [p for p in parts if p]


def _components_text(components: Iterable[Mapping[str, Any]]) -> list[str]:
    parts: list[str] = []
    for c in _walk_components(components):
        parts += [c.get("label"), c.get("placeholder"), c.get("content"), c.get("title")]
        for o in c.get("options") or []:
            parts += [o.get("label"), o.get("description")]
    return [p for p in parts if p]


def _body_text(body: Mapping[str, Any]) -> list[str]:
    parts = [body.get("content") or "", body.get("title") or ""]
    for e in body.get("embeds") or []:
        parts += _embed_text(e)
    parts += _components_text(body.get("components") or [])
    for ch in body.get("choices") or []:
        parts.append(str(ch.get("name", "")))
    return [p for p in parts if p]


def text_of(obj: Any) -> str:
    """All user-visible text: content, embed titles/descriptions/fields/authors/footers, component
    labels/placeholders/option labels (and autocomplete choice names). Works on a Msg, a Reply
    (every message it produced plus its callback body), a Call, a payload dict, or a list of these."""
    if obj is None:
        return ""
    if isinstance(obj, str):
        return obj
    if isinstance(obj, Msg):
        parts = [obj.content] + [t for e in obj.embeds for t in _embed_text(e)]
        parts += _components_text(obj.components)
        return "\n".join(p for p in parts if p)
    if isinstance(obj, Reply):
        parts = [text_of(m) for m in obj.messages]
        for c in obj.calls:
            parts.append(text_of(c))
        return "\n".join(p for p in parts if p)
    if isinstance(obj, Call):
        return "\n".join(_body_text(obj.data)) if isinstance(obj.data, Mapping) else ""
    if isinstance(obj, Mapping):
        return "\n".join(_body_text(obj))
    if isinstance(obj, Iterable):
        return "\n".join(text_of(o) for o in obj)
    raise TypeError(f"text_of: unsupported {type(obj).__name__}")


def _walk_components(components: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Every component in ``components`` and, after each, those inside it (its ``components``, then its
    ``accessory`` and ``component``), depth first."""
    out: list[Mapping[str, Any]] = []
    _walk_into(components, out)
    return out


def _walk_into(components: Iterable[Mapping[str, Any]], out: list[Mapping[str, Any]]) -> None:
    for c in components or []:
        out.append(c)
        inner = c.get("components")
        if inner:
            _walk_into(inner, out)
        for key in ("accessory", "component"):
            if isinstance(c.get(key), Mapping):
                _walk_into([c[key]], out)


INTERACTIVE_TYPES = {2, 3, 4, 5, 6, 7, 8}


def _flatten_components(components: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [dict(c) for c in _walk_components(components) if c.get("type") in INTERACTIVE_TYPES]


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


def _http_error(cls: type[discord.HTTPException], status: int, code: int, message: str):
    response = SimpleNamespace(
        status=status, reason={403: "Forbidden", 404: "Not Found"}.get(status, "Bad Request")
    )
    return cls(response, {"code": code, "message": message})  # type: ignore[arg-type]


def _forbidden(code: int, message: str) -> discord.Forbidden:
    return _http_error(discord.Forbidden, 403, code, message)


def _not_found(code: int, message: str) -> discord.NotFound:
    return _http_error(discord.NotFound, 404, code, message)


def _bad_request(code: int, message: str) -> discord.HTTPException:
    return _http_error(discord.HTTPException, 400, code, message)


# Discord errors a test can inject by code (FakeDiscord.inject): (exception class, HTTP status, message).
KNOWN_ERRORS: dict[int, tuple[type[discord.HTTPException], int, str]] = {
    0: (discord.DiscordServerError, 500, "500: Internal Server Error"),
    10003: (discord.NotFound, 404, "Unknown Channel"),
    10008: (discord.NotFound, 404, "Unknown Message"),
    30046: (discord.HTTPException, 400, "Maximum number of edits to messages older than 1 hour reached. "
                                         "Try again later."),
    50001: (discord.Forbidden, 403, "Missing Access"),
    50007: (discord.Forbidden, 403, "Cannot send messages to this user"),
    50013: (discord.Forbidden, 403, "Missing Permissions"),
}


def discord_error(code: int) -> discord.HTTPException:
    """The exception discord.py raises for Discord error ``code`` (a key of :data:`KNOWN_ERRORS`)."""
    if code not in KNOWN_ERRORS:
        raise AssertionError(f"discord_error: unknown code {code}; known: {sorted(KNOWN_ERRORS)}")
    cls, status, message = KNOWN_ERRORS[code]
    return _http_error(cls, status, code, message)


@dataclass
class Injection:
    """A Discord error the fake answers instead of the real response (see FakeDiscord.inject). A REST call
    matches when every given filter matches: ``method``, ``path`` (discord.py's route template, e.g.
    ``/channels/{channel_id}/messages/{message_id}``), ``channel_id``, ``message_id`` and ``when(call)``.
    ``times`` is how many matching calls fail (None: all); ``hits`` the calls that failed."""

    code: int
    method: str | None = None
    path: str | None = None
    channel_id: int | None = None
    message_id: int | None = None
    times: int | None = 1
    when: Callable[[Call], bool] | None = None
    hits: list[Call] = field(default_factory=list)

    def matches(self, call: Call) -> bool:
        if self.times is not None and len(self.hits) >= self.times:
            return False
        return ((self.method is None or call.method == self.method)
                and (self.path is None or call.path == self.path)
                and (self.channel_id is None or call.channel_id == self.channel_id)
                and (self.message_id is None or call.message_id == self.message_id)
                and (self.when is None or self.when(call)))


# --------------------------------------------------------------------------------------------
# Transport: REST
# --------------------------------------------------------------------------------------------


def _decode_body(
    json_body: Any, form: Sequence[Mapping[str, Any]] | None, files: Sequence[discord.File] | None
) -> tuple[Any, list[str], list[bytes]]:
    body = json_body
    if form:
        for part in form:
            if part.get("name") == "payload_json":
                body = json.loads(part["value"])
    names, blobs = [], []
    for f in files or []:
        names.append(f.filename or "file")
        try:
            f.reset()
            blobs.append(f.fp.read())
            f.reset()
        except Exception:  # pragma: no cover - unreadable stream
            blobs.append(b"")
    return body, names, blobs


@functools.cache
def _route_pattern(template: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template)) + "$")


def _match(template: str, url_path: str) -> dict[str, str]:
    m = _route_pattern(template).match(url_path)
    return {k: unquote(v) for k, v in m.groupdict().items()} if m else {}


class FakeHTTP(HTTPClient):
    """The bot's REST client: records every request in ``fake.rest`` and answers from ``fake``."""

    def __init__(self, fake: FakeDiscord, bot: discord.Client) -> None:
        loop = bot.loop if isinstance(bot.loop, asyncio.AbstractEventLoop) else asyncio.get_running_loop()
        super().__init__(loop)
        self.fake = fake
        self.bot = bot

    async def static_login(self, token: str) -> Any:  # no aiohttp session, no network
        self.token = token
        return await self.request(Route("GET", "/users/@me"))

    async def request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        return await self.fake._rest(self, route, files=files, form=list(form) if form else None, **kwargs)

    async def get_from_cdn(self, url: str) -> bytes:  # Attachment.read, Asset.read
        return await self.fake._cdn(url)

    async def close(self) -> None:
        return None


# --------------------------------------------------------------------------------------------
# The fake
# --------------------------------------------------------------------------------------------


class _ErrorLog(logging.Handler):
    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(level=logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


class FakeDiscord:
    """One fake Discord: a guild, its members and channels, DMs, and the record of what the bot did.

    ``strict`` (default True): :meth:`settle` raises AssertionError when a request hit an unknown route
    or discord.py logged an error (e.g. an exception in a command or a view callback) since the last
    settle. Set ``fake.strict = False`` or clear ``fake.errors`` for tests that expect one.
    """

    def __init__(self, monkeypatch: Any, *, strict: bool = True) -> None:
        self.strict = strict
        self.rest: list[Call] = []
        self.replies: list[Call] = []
        self._replies_by_token: dict[str | None, list[Call]] = {}  # fake.replies by token, in order (Reply.calls)
        self.messages: dict[int, Msg] = {}
        self._channel_msgs: dict[int, list[Msg]] = {}  # fake.messages by channel, oldest first
        self.closed_dms: set[int] = set()
        self.injections: list[Injection] = []  # Discord errors to answer instead (inject())
        self.failures: list[str] = []  # unknown routes and other harness-detected misuse
        self.errors: list[logging.LogRecord] = []  # ERROR records logged by discord.py
        self.bots: list[discord.Client] = []
        self.bot: discord.Client | None = None

        self.guild_id = GUILD_ID
        self.guild_name = "Test Guild"
        self.owner_id = MEMBER_IDS[0]
        self.channels: dict[int, dict[str, Any]] = {}  # guild text channels
        self.threads: dict[int, dict[str, Any]] = {}
        self.members: dict[
            int, dict[str, Any]
        ] = {}  # user id -> {username, global_name, roles, permissions, bot}
        self.roles: dict[int, dict[str, Any]] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.command_ids: dict[tuple[int | None, str], int] = {}
        self.cdn: dict[str, bytes] = _Cdn()  # url (without query) -> bytes the CDN serves
        self._later: dict[bytes, Later] = {}  # placeholder -> upload made later (later())
        self._later_lock = threading.Lock()
        self.monkeypatch = monkeypatch
        self.uploads: dict[int, dict[str, Any]] = {}  # attachment id -> {filename, data, content_type}

        self._modals: list[_ShownModal] = []
        # injected failures of interaction requests: (predicate on the Call, error), each used once
        self._interaction_failures: list[tuple[Any, discord.HTTPException]] = []

        self._interactions: dict[str, _Interaction] = {}
        self._last_id = 0
        self._checked_errors = 0
        self._checked_failures = 0

        fake = self

        async def request(adapter_self: Any, route: Route, session: Any = None, **kwargs: Any) -> Any:
            return await fake._webhook(route, **kwargs)

        monkeypatch.setattr(AsyncWebhookAdapter, "request", request)
        log = logging.getLogger("discord")
        monkeypatch.setattr(log, "handlers", [*log.handlers, _ErrorLog(self.errors)])

    # ---------------------------------------------------------------- ids and payloads

    def new_id(self) -> int:
        """A fresh snowflake (time-based, so ``created_at`` and delete sub-limits behave)."""
        nid = max(self._last_id + 1, utils.time_snowflake(utils.utcnow()))
        self._last_id = nid
        return nid

    def user_payload(self, user_id: int) -> dict[str, Any]:
        if user_id == BOT_ID:
            return {
                "id": str(BOT_ID),
                "username": "TestBot",
                "global_name": None,
                "discriminator": "0",
                "avatar": None,
                "bot": True,
                "public_flags": 0,
            }
        info = self.members.get(user_id) or {"username": f"user{user_id}", "global_name": None, "bot": False}
        return {
            "id": str(user_id),
            "username": info["username"],
            "global_name": info.get("global_name"),
            "discriminator": "0",
            "avatar": None,
            "bot": bool(info.get("bot", False)),
            "public_flags": 0,
        }

    def user(self, user_id: int) -> dict[str, Any]:
        """Member payload (with ``user`` and ``permissions``) as an interaction carries it."""
        if user_id != BOT_ID and user_id not in self.members:
            raise AssertionError(
                f"user {user_id} is not a member of the fake guild; pass it to boot(members=...)"
            )
        info = self.members.get(user_id, {})
        perms = info.get(
            "permissions", DEFAULT_BOT_PERMISSIONS if user_id == BOT_ID else DEFAULT_MEMBER_PERMISSIONS
        )
        return {
            "user": self.user_payload(user_id),
            "roles": [str(r) for r in info.get("roles", [])],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "communication_disabled_until": None,
            "permissions": str(perms),
        }

    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        if channel_id in self.channels:
            return dict(self.channels[channel_id])
        if channel_id in self.threads:
            return dict(self.threads[channel_id])
        for user_id, dm_id in self.dm_channels.items():
            if dm_id == channel_id:
                return {
                    "id": str(dm_id),
                    "type": 1,
                    "recipients": [self.user_payload(user_id)],
                    "last_message_id": None,
                }
        raise AssertionError(f"channel {channel_id} is not known to the fake guild (boot(channels=...))")

    def _guild_payload(self) -> dict[str, Any]:
        members = [self.user(uid) for uid in self.members] + [self.user(BOT_ID)]
        for m in members:
            m.pop("permissions", None)
        return {
            "id": str(self.guild_id),
            "name": self.guild_name,
            "owner_id": str(self.owner_id),
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": list(self.roles.values()),
            "channels": list(self.channels.values()),
            "threads": list(self.threads.values()),
            "members": members,
            "member_count": len(members),
            "voice_states": [],
            "presences": [],
            "large": False,
            "preferred_locale": "en-US",
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
            "afk_timeout": 300,
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _role_payload(self, role_id: int, name: str, permissions: int, position: int) -> dict[str, Any]:
        return {
            "id": str(role_id),
            "name": name,
            "color": 0,
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": position,
            "permissions": str(permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }

    # ---------------------------------------------------------------- boot

    async def boot(
        self,
        bot: discord.Client,
        guild_id: int = GUILD_ID,
        channels: Sequence[int | Mapping[str, Any]] = (CHANNEL_ID,),
        members: Sequence[int | Mapping[str, Any]] = MEMBER_IDS,
        *,
        guild_name: str = "Test Guild",
        owner_id: int | None = None,
        ready: bool = True,
    ) -> None:
        """Log ``bot`` in against the fake (runs ``setup_hook``) and feed it GUILD_CREATE.

        ``channels``: ids or ``{"id", "name"}`` dicts (text channels, type 0). ``members``: ids or
        ``{"id", "username", "global_name", "roles": [role ids], "permissions": int, "bot": bool}``.
        Booting another bot on the same fake keeps the guild, messages and DMs (the restart case);
        later interactions go to the most recently booted bot. ``ready`` marks the client ready and
        dispatches ``on_ready``.
        """
        self._define_guild(guild_id, channels, members, guild_name, owner_id)

        http = FakeHTTP(self, bot)
        bot.http = http
        bot._connection.http = http
        tree = getattr(bot, "tree", None) or getattr(bot._connection, "_command_tree", None)
        if tree is not None:
            tree._http = http

        await bot.login("x")
        if bot.application_id is None:  # pragma: no cover - login sets it from /oauth2/applications/@me
            bot._connection.application_id = APP_ID
        bot._connection.parse_guild_create(self._guild_payload())
        self.bots.append(bot)
        self.bot = bot
        if ready:
            bot._ready.set()
            bot.dispatch("ready")
        await self.settle()

    def _define_guild(
        self,
        guild_id: int,
        channels: Sequence[int | Mapping[str, Any]],
        members: Sequence[int | Mapping[str, Any]],
        guild_name: str,
        owner_id: int | None,
    ) -> None:
        self.guild_id = guild_id
        self.guild_name = guild_name
        self.roles = {
            guild_id: self._role_payload(guild_id, "@everyone", DEFAULT_MEMBER_PERMISSIONS, 0),
            **{int(k): v for k, v in self.roles.items() if int(k) != guild_id},
        }
        for position, ch in enumerate(channels):
            spec = {"id": ch} if isinstance(ch, int) else dict(ch)
            cid = int(spec["id"])
            self.channels[cid] = {
                "id": str(cid),
                "type": int(spec.get("type", 0)),
                "guild_id": str(guild_id),
                "name": spec.get("name", f"channel-{cid}"),
                "position": position,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "topic": None,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "flags": 0,
            }
        for m in members:
            spec = {"id": m} if isinstance(m, int) else dict(m)
            uid = int(spec["id"])
            roles = [int(r) for r in spec.get("roles", [])]
            for r in roles:
                if r not in self.roles:
                    self.roles[r] = self._role_payload(r, f"role-{r}", 0, len(self.roles))
            self.members[uid] = {
                "username": spec.get("username", f"user{uid}"),
                "global_name": spec.get("global_name"),
                "roles": roles,
                "permissions": int(spec.get("permissions", DEFAULT_MEMBER_PERMISSIONS)),
                "bot": bool(spec.get("bot", False)),
            }
        if owner_id is not None:
            self.owner_id = owner_id
        elif self.members and self.owner_id not in self.members:
            self.owner_id = next(iter(self.members))

    # ---------------------------------------------------------------- settle

    async def settle(self, timeout: float = 5) -> None:
        """Await every task discord.py spawned for the events fed so far (and the tasks those spawn).

        In strict mode, raise AssertionError for unknown routes or discord.py-logged errors."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        current = asyncio.current_task()
        seen: set[asyncio.Task[Any]] = set()
        while True:
            await asyncio.sleep(0)
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not current and not t.done() and t.get_name().startswith(TASK_PREFIXES)
            ]
            if not pending:
                break
            seen.update(pending)
            remaining = deadline - loop.time()
            if remaining <= 0:
                names = ", ".join(sorted(t.get_name() for t in pending))
                raise AssertionError(f"settle(): tasks still running after {timeout}s: {names}")
            await asyncio.wait(pending, timeout=remaining)
        problems: list[str] = []
        for t in seen:
            if t.done() and not t.cancelled() and t.exception() is not None:
                exc = t.exception()
                problems.append(f"task {t.get_name()} raised: " + "".join(traceback.format_exception(exc)))
        if self.strict:
            problems += self.failures[self._checked_failures :]
            for rec in self.errors[self._checked_errors :]:
                text = f"discord.py logged an error ({rec.name}): {rec.getMessage()}"
                if rec.exc_info:
                    text += "\n" + "".join(traceback.format_exception(*rec.exc_info))
                problems.append(text)
        self._checked_failures = len(self.failures)
        self._checked_errors = len(self.errors)
        if problems:
            raise AssertionError("\n\n".join(problems))

    async def close(self) -> None:
        """Stop views and modals (cancels their timeout tasks) and close every booted bot."""
        for bot in self.bots:
            store = bot._connection._view_store
            views = {item.view for items in store._views.values() for item in items.values() if item.view}
            views |= set(store._modals.values())
            for view in views:
                view.stop()
            if not bot.is_closed():
                await bot.close()

    # ---------------------------------------------------------------- failures and channel changes

    def inject(
        self,
        code: int,
        *,
        method: str | None = None,
        path: str | None = None,
        channel_id: int | None = None,
        message_id: int | None = None,
        times: int | None = 1,
        when: Callable[[Call], bool] | None = None,
    ) -> Injection:
        """Answer the next ``times`` REST calls matching the filters (see :class:`Injection`) with Discord
        error ``code`` (30046 edit limit, 50013 Missing Permissions, 10003 Unknown Channel, 10008, 50001,
        50007, 0 for a 500) instead of the real response; the call is still recorded in ``fake.rest``.
        Returns the injection, whose ``hits`` lists the calls that failed."""
        discord_error(code)  # an unknown code fails here, not inside the bot
        inj = Injection(code, method, path, channel_id, message_id, times, when)
        self.injections.append(inj)
        return inj

    def add_channel(self, channel_id: int, name: str | None = None) -> None:
        """A new text channel in the guild (CHANNEL_CREATE reaches the booted bot)."""
        self.channels[channel_id] = {
            "id": str(channel_id), "type": 0, "guild_id": str(self.guild_id),
            "name": name or f"channel-{channel_id}", "position": len(self.channels),
            "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
            "last_message_id": None, "rate_limit_per_user": 0, "flags": 0,
        }
        if self.bot is not None:
            self.bot._connection.parse_channel_create(dict(self.channels[channel_id]))

    def delete_channel(self, channel_id: int) -> None:
        """Delete a text channel (with its threads) or a thread, as an admin would: its messages are gone,
        later REST calls on it get 10003 Unknown Channel, and the booted bot receives CHANNEL_DELETE or
        THREAD_DELETE."""
        bot = self._require_bot()
        if channel_id in self.threads:
            data = self.threads.pop(channel_id)
            gone = {channel_id}
            bot._connection.parse_thread_delete({"id": str(channel_id), "guild_id": str(self.guild_id),
                                                 "parent_id": data["parent_id"], "type": data["type"]})
        elif channel_id in self.channels:
            data = self.channels.pop(channel_id)
            gone = {channel_id} | {tid for tid, th in self.threads.items() if int(th["parent_id"]) == channel_id}
            for tid in gone - {channel_id}:
                self.threads.pop(tid)
            bot._connection.parse_channel_delete(dict(data))
        else:
            raise AssertionError(f"delete_channel: {channel_id} is not a channel or thread of the fake guild")
        for msg in self.messages.values():
            if msg.channel_id in gone:
                msg.deleted = True

    def deny(self, channel_id: int, target_id: int = BOT_ID, **permissions: bool) -> None:
        """A permission overwrite on a text channel denying ``permissions`` (discord.Permissions flag
        names) to member ``target_id`` (default: the bot); CHANNEL_UPDATE reaches the booted bot. The fake
        enforces a denied Send Messages (channel) or Send Messages in Threads (its threads) with 50013."""
        ch = self.channels[channel_id]
        bits = discord.Permissions(**{k: True for k, v in permissions.items() if v}).value
        others = [o for o in ch["permission_overwrites"] if int(o["id"]) != target_id]
        ch["permission_overwrites"] = [*others, {"id": str(target_id), "type": 1, "allow": "0", "deny": str(bits)}]
        if self.bot is not None:
            self.bot._connection.parse_channel_update(dict(ch))

    def allow(self, channel_id: int, target_id: int = BOT_ID) -> None:
        """Remove the permission overwrite of member ``target_id`` (default: the bot) from a text channel, as
        an admin who fixed the channel would; CHANNEL_UPDATE reaches the booted bot."""
        ch = self.channels[channel_id]
        ch["permission_overwrites"] = [o for o in ch["permission_overwrites"] if int(o["id"]) != target_id]
        if self.bot is not None:
            self.bot._connection.parse_channel_update(dict(ch))

    def update_role(self, role_id: int | None = None, **permissions: bool) -> None:
        """An admin changes a role of the guild (default: @everyone), granting ``permissions``
        (discord.Permissions flag names); GUILD_ROLE_UPDATE reaches the booted bot. The fake enforces only
        channel overwrites (:meth:`deny`), so this is the event alone."""
        rid = self.guild_id if role_id is None else role_id
        role = self.roles[rid]
        role["permissions"] = str(int(role["permissions"]) | discord.Permissions(**permissions).value)
        if self.bot is not None:
            self.bot._connection.parse_guild_role_update({"guild_id": str(self.guild_id), "role": dict(role)})

    def _denied(self, channel_id: int, target_id: int) -> discord.Permissions:
        ch = self.channels.get(channel_id) or {}
        bits = 0
        for o in ch.get("permission_overwrites") or []:
            if int(o["id"]) == target_id:
                bits |= int(o["deny"])
        return discord.Permissions(bits)

    # ---------------------------------------------------------------- queries

    def channel_messages(self, channel_id: int, *, include_ephemeral: bool = False) -> list[Msg]:
        """Messages in a channel or thread, oldest first, without deleted ones (and without ephemeral
        ones unless asked: those are seen by one user only)."""
        return [
            m
            for m in self._channel_msgs.get(channel_id, ())
            if not m.deleted and (include_ephemeral or not m.ephemeral)
        ]

    def dm_messages(self, user_id: int) -> list[Msg]:
        """Messages the bot sent into ``user_id``'s DM channel (including interaction replies there)."""
        dm = self.dm_channels.get(user_id)
        if dm is None:
            return []
        return [m for m in self._channel_msgs.get(dm, ()) if not m.deleted]

    def text_of(self, msg_or_reply: Any) -> str:
        return text_of(msg_or_reply)

    def components(self, msg: Any) -> list[dict[str, Any]]:
        """Flattened interactive components (buttons, selects, text inputs) with custom_id, label,
        options, disabled, ... of a Msg, a Reply, a payload dict or a raw component list."""
        if isinstance(msg, Reply):
            return msg.components
        if isinstance(msg, Msg):
            return _flatten_components(msg.components)
        if isinstance(msg, int):
            return _flatten_components(self.messages[msg].components)
        if isinstance(msg, Mapping):
            return _flatten_components(msg.get("components") or [])
        return _flatten_components(msg)

    # ---------------------------------------------------------------- interactions

    def _require_bot(self) -> discord.Client:
        if self.bot is None:
            raise AssertionError("boot() a bot first")
        return self.bot

    def _base_interaction(
        self, itype: int, user_id: int, channel_id: int | None
    ) -> tuple[dict, _Interaction]:
        bot = self._require_bot()
        iid = self.new_id()
        token = f"token-{iid}"
        if channel_id is None or channel_id in self.dm_channels.values():
            # a DM with the bot
            dm = self._dm_channel_id(user_id) if channel_id is None else channel_id
            payload: dict[str, Any] = {
                "user": self.user_payload(user_id),
                "channel": self.channel_payload(dm),
                "channel_id": str(dm),
                "context": 1,
                "authorizing_integration_owners": {"0": str(user_id)},
            }
            guild_id, channel = None, dm
        else:
            payload = {
                "guild_id": str(self.guild_id),
                "guild": {"id": str(self.guild_id), "locale": "en-US", "features": []},
                "member": self.user(user_id),
                "channel": self.channel_payload(channel_id),
                "channel_id": str(channel_id),
                "guild_locale": "en-US",
                "context": 0,
                "authorizing_integration_owners": {"0": str(self.guild_id)},
            }
            guild_id, channel = self.guild_id, channel_id
        payload.update(
            {
                "id": str(iid),
                "application_id": str(bot.application_id),
                "type": itype,
                "token": token,
                "version": 1,
                "attachment_size_limit": 10 * 1024 * 1024,
                "locale": "en-US",
                "app_permissions": str(DEFAULT_BOT_PERMISSIONS),
                "entitlements": [],
            }
        )
        record = _Interaction(
            id=iid, token=token, type=itype, user_id=user_id, channel_id=channel, guild_id=guild_id
        )
        return payload, record

    async def _dispatch(self, payload: dict[str, Any], record: _Interaction, timeout: float) -> Reply:
        bot = self._require_bot()
        self._interactions[record.token] = record
        record.rest_from = len(self.rest)
        bot._connection.parse_interaction_create(payload)
        try:
            await self.settle(timeout)
        finally:
            record.rest_to = len(self.rest)
        return Reply(self, record)

    def _find_command(self, name: str, group: str | None, sub: str | None) -> tuple[Any, int | None]:
        bot = self._require_bot()
        tree: app_commands.CommandTree | None = getattr(bot, "tree", None) or bot._connection._command_tree
        if tree is None:
            raise AssertionError("the bot has no app-command tree")
        guild_id: int | None = None
        cmd = tree.get_command(name)
        if cmd is None:
            cmd = tree.get_command(name, guild=discord.Object(self.guild_id))
            guild_id = self.guild_id
        if cmd is None:
            known = sorted(c.name for c in tree.get_commands()) + sorted(
                c.name for c in tree.get_commands(guild=discord.Object(self.guild_id))
            )
            raise AssertionError(f"/{name} is not in the bot's command tree (known: {known})")
        for part in (group, sub):
            if part is None:
                continue
            child = cmd.get_command(part) if isinstance(cmd, app_commands.Group) else None
            if child is None:
                raise AssertionError(f"/{cmd.qualified_name} has no subcommand {part!r}")
            cmd = child
        if isinstance(cmd, app_commands.Group):
            raise AssertionError(f"/{cmd.qualified_name} is a group; pass group=/sub=")
        return cmd, guild_id

    def _command_id(self, guild_id: int | None, name: str) -> int:
        key = (guild_id, name)
        if key not in self.command_ids:
            self.command_ids[key] = self.new_id()
        return self.command_ids[key]

    def _encode_options(
        self,
        cmd: Any,
        options: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None,
        resolved: dict[str, Any],
        focused: str | None = None,
        channel_id: int | None = None,
    ) -> list[dict[str, Any]]:
        if not options:
            return []
        if not isinstance(options, Mapping):  # raw option payloads
            return [dict(o) for o in options]
        params = {p.display_name: p for p in cmd.parameters}
        out: list[dict[str, Any]] = []
        for key, value in options.items():
            param = params.get(key)
            if param is None:
                raise AssertionError(f"/{cmd.qualified_name} has no option {key!r} (has {sorted(params)})")
            otype = param.type
            opt: dict[str, Any] = {"name": key, "type": otype.value}
            if key == focused:
                opt["focused"] = True
                opt["value"] = value if isinstance(value, str) else str(value)
            elif otype in (AppCommandOptionType.string,):
                opt["value"] = str(value)
            elif otype is AppCommandOptionType.integer:
                opt["value"] = int(value)
            elif otype is AppCommandOptionType.number:
                opt["value"] = float(value)
            elif otype is AppCommandOptionType.boolean:
                opt["value"] = bool(value)
            else:
                snowflake = int(getattr(value, "id", value))
                opt["value"] = str(snowflake)
                self._resolve(otype, snowflake, resolved, channel_id)
            out.append(opt)
        return out

    def _resolve(
        self,
        otype: AppCommandOptionType,
        snowflake: int,
        resolved: dict[str, Any],
        channel_id: int | None = None,
    ) -> None:
        if otype is AppCommandOptionType.attachment:
            if snowflake not in self.uploads:
                raise AssertionError(f"attachment {snowflake} was not registered with fake.attachment()")
            payload = self._upload_payload(snowflake, channel_id or 0)
            resolved.setdefault("attachments", {})[str(snowflake)] = payload
        elif otype in (AppCommandOptionType.user, AppCommandOptionType.mentionable) and (
            snowflake in self.members or snowflake == BOT_ID
        ):
            member = self.user(snowflake)
            resolved.setdefault("users", {})[str(snowflake)] = member.pop("user")
            resolved.setdefault("members", {})[str(snowflake)] = member
        elif (
            otype in (AppCommandOptionType.role, AppCommandOptionType.mentionable) and snowflake in self.roles
        ):
            resolved.setdefault("roles", {})[str(snowflake)] = dict(self.roles[snowflake])
        elif otype is AppCommandOptionType.channel and (
            snowflake in self.channels or snowflake in self.threads
        ):
            ch = dict(self.channel_payload(snowflake))
            ch["permissions"] = str(DEFAULT_MEMBER_PERMISSIONS)
            if "thread_metadata" not in ch:
                ch.setdefault("parent_id", None)
            resolved.setdefault("channels", {})[str(snowflake)] = ch

    def _command_data(
        self,
        name: str,
        options: Any,
        group: str | None,
        sub: str | None,
        resolved: Mapping[str, Any] | None,
        focused: str | None = None,
        channel_id: int | None = None,
    ) -> dict[str, Any]:
        cmd, guild_id = self._find_command(name, group, sub)
        res: dict[str, Any] = {k: dict(v) for k, v in (resolved or {}).items()}
        opts = self._encode_options(cmd, options, res, focused, channel_id)
        if sub is not None:
            opts = [{"type": 1, "name": sub, "options": opts}]
        if group is not None:
            opts = [{"type": 2, "name": group, "options": opts}]
        data: dict[str, Any] = {
            "id": str(self._command_id(guild_id, name)),
            "name": name,
            "type": 1,
            "options": opts,
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if res:
            data["resolved"] = res
        return data

    def attachment(self, filename: str, data: bytes, content_type: str = "text/plain; charset=utf-8") -> int:
        """Register a file a user attaches to a slash command; returns its snowflake id. Pass the id as
        the value of a ``discord.Attachment`` option of :meth:`slash`; the bot's ``attachment.read()``
        then downloads ``data`` from the fake CDN."""
        aid = self.new_id()
        self.uploads[aid] = {"filename": filename, "data": bytes(data), "content_type": content_type}
        return aid

    def _upload_payload(self, attachment_id: int, channel_id: int) -> dict[str, Any]:
        up = self.uploads[attachment_id]
        url = f"{CDN_BASE}/attachments/{channel_id}/{attachment_id}/{quote(up['filename'])}"
        self.cdn[url] = up["data"]
        return {
            "id": str(attachment_id),
            "filename": up["filename"],
            "size": len(up["data"]),
            "url": url,
            "proxy_url": url,
            "content_type": up["content_type"],
            "ephemeral": True,  # what Discord marks a slash-command attachment with
        }

    async def slash(
        self,
        user_id: int,
        channel_id: int | None,
        name: str,
        options: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None,
        *,
        group: str | None = None,
        sub: str | None = None,
        resolved: Mapping[str, Any] | None = None,
        timeout: float = 5,
    ) -> Reply:
        """Run ``/name [group] [sub] options...`` as ``user_id`` in ``channel_id`` (None: the user's DM
        with the bot). ``options`` is ``{display_name: value}`` -- types come from the command's
        parameters, users/members/roles/channels of the fake guild and attachments registered with
        :meth:`attachment` (pass the id it returned) are put into ``resolved`` -- or a list of raw
        option payloads. ``sub`` alone means ``/name sub``; ``group`` and ``sub`` mean
        ``/name group sub``."""
        payload, record = self._base_interaction(2, user_id, channel_id)
        payload["data"] = self._command_data(name, options, group, sub, resolved, None, record.channel_id)
        return await self._dispatch(payload, record, timeout)

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int | None,
        name: str,
        options: Mapping[str, Any] | Sequence[Mapping[str, Any]],
        *,
        group: str | None = None,
        sub: str | None = None,
        focused: str | None = None,
        timeout: float = 5,
    ) -> list[dict[str, Any]]:
        """Type-4 interaction; the focused option is ``focused`` or the last key of ``options``.
        Returns the choices the bot answered ([] if it never answered)."""
        if isinstance(options, Mapping):
            focused = focused or (list(options)[-1] if options else None)
        payload, record = self._base_interaction(4, user_id, channel_id)
        payload["data"] = self._command_data(name, options, group, sub, None, focused, record.channel_id)
        reply = await self._dispatch(payload, record, timeout)
        return reply.choices

    async def click(
        self,
        user_id: int,
        message: Msg | int,
        custom_id: str,
        values: Sequence[str] | None = None,
        *,
        component_type: int = 2,
        timeout: float = 5,
        force: bool = False,
        bare: bool = False,
    ) -> Reply:
        """Press a button (``component_type=2``) or pick ``values`` in a select (3 string, 5 user,
        6 role, 7 mentionable, 8 channel) on a recorded message -- a channel message, a DM message or
        an interaction response. The component must be on the message's latest version and enabled;
        an ephemeral message can only be used by the user who saw it. ``force=True`` skips those checks:
        a client showing an outdated message, or a crafted request (the component is added to the message
        sent with the click, as that client shows it). ``bare=True`` (implies ``force``): a crafted request
        naming a component the message, sent as it is, does not hold."""
        msg = self.messages[message] if isinstance(message, int) else self.messages[message.id]
        if force or bare:
            return await self._press(user_id, msg, custom_id, values, component_type, timeout, stale=not bare)
        if msg.deleted:
            raise AssertionError(f"message {msg.id} was deleted; nothing to click")
        if msg.visible_to is not None and msg.visible_to != user_id:
            raise AssertionError(f"message {msg.id} is ephemeral for user {msg.visible_to}, not {user_id}")
        comps = [c for c in _flatten_components(msg.components) if c.get("custom_id") == custom_id]
        if not comps:
            have = [c.get("custom_id") for c in _flatten_components(msg.components)]
            raise AssertionError(f"message {msg.id} has no component {custom_id!r} (has {have})")
        comp = comps[0]
        if comp.get("disabled"):
            raise AssertionError(f"component {custom_id!r} on message {msg.id} is disabled")
        if comp.get("type") != component_type:
            raise AssertionError(f"component {custom_id!r} has type {comp.get('type')}, not {component_type}")
        if component_type == 3 and values is not None:
            allowed = {o.get("value") for o in comp.get("options") or []}
            bad = [v for v in values if v not in allowed]
            if bad:
                raise AssertionError(f"select {custom_id!r} has no option(s) {bad}")
        if msg.channel_id in self.dm_channels.values() and self.dm_channels.get(user_id) != msg.channel_id:
            raise AssertionError(f"message {msg.id} is in another user's DM")
        return await self._press(user_id, msg, custom_id, values, component_type, timeout)

    async def _press(self, user_id, msg, custom_id, values, component_type, timeout, stale=False) -> Reply:
        """Send the component interaction. ``stale``: the user's client still shows an outdated version of
        the message that carries ``custom_id`` (Discord sends the message as that client shows it)."""
        payload, record = self._base_interaction(3, user_id, msg.channel_id)
        record.source_message_id = msg.id
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if component_type != 2:
            data["values"] = [str(v) for v in (values or [])]
        payload["data"] = data
        payload["message"] = self._message_payload(msg)
        if stale and not any(c.get("custom_id") == custom_id for c in _flatten_components(msg.components)):
            if component_type == 2:
                comp = {"type": 2, "style": 2, "label": "(old)", "custom_id": custom_id}
            else:
                opts = [{"label": str(v), "value": str(v)} for v in (values or ["0"])]
                comp = {"type": component_type, "custom_id": custom_id, "options": opts}
            payload["message"]["components"] = [*payload["message"].get("components", []),
                                                {"type": 1, "components": [comp]}]
        return await self._dispatch(payload, record, timeout)

    async def submit_modal(
        self,
        user_id: int,
        channel_id: int | None,
        custom_id: str,
        values: Mapping[str, str | Sequence[str]],
        *,
        timeout: float = 5,
        force: bool = False,
    ) -> Reply:
        """Submit a modal (type-5 interaction) as ``user_id`` in ``channel_id`` (None: the user's DM
        with the bot). ``values`` maps each input's custom id to its text (or, for a select in the
        modal, a list of values). The bot must have shown this modal to this user in this channel and it
        must still be open; the submission mirrors its layout (rows or labels), fills unlisted inputs
        with their prefilled value and checks required inputs and length limits, as a client does.
        ``force=True`` skips those checks (a crafted request): inputs are sent as rows of text inputs
        unless a modal with ``custom_id`` was shown to anyone. discord.py looks modals up by
        ``custom_id`` alone, so a forced submission by another user reaches the modal.
        The modal closes once a submission of it is acknowledged."""
        target = self._dm_channel_id(user_id) if channel_id is None else channel_id
        shown = [m for m in self._modals if m.custom_id == custom_id]
        mine = next(
            (m for m in reversed(shown) if m.open and m.user_id == user_id and m.channel_id == target), None
        )
        if mine is None and not force:
            others = sorted({(m.user_id, m.channel_id) for m in shown if m.open})
            raise AssertionError(
                f"user {user_id} has no open modal {custom_id!r} in channel {target}"
                + (f" (open for (user, channel) {others})" if others else "")
            )
        model = mine or (shown[-1] if shown else None)
        if model is None:
            components = [
                {"type": 1, "components": [self._modal_value({"type": 4, "custom_id": k}, v)]}
                for k, v in values.items()
            ]
        else:
            components = self._modal_submission(model, values, check=not force)
        payload, record = self._base_interaction(5, user_id, channel_id)
        payload["data"] = {"custom_id": custom_id, "components": components}
        source = self.messages.get(model.source_message_id or 0) if model else None
        if source is not None and source.channel_id == record.channel_id and not source.deleted:
            # a modal opened from a component carries that message, so 6/7 can update it
            record.source_message_id = source.id
            payload["message"] = self._message_payload(source)
        reply = await self._dispatch(payload, record, timeout)
        if mine is not None and reply.acknowledged:
            mine.open = False
        return reply

    @staticmethod
    def _modal_value(comp: Mapping[str, Any], value: str | Sequence[str]) -> dict[str, Any]:
        out: dict[str, Any] = {"type": comp["type"], "custom_id": comp["custom_id"]}
        if "id" in comp:
            out["id"] = comp["id"]
        if comp["type"] == 4:
            if not isinstance(value, str):
                raise AssertionError(f"text input {comp['custom_id']!r} takes a str, not {value!r}")
            out["value"] = value
        else:
            out["values"] = [value] if isinstance(value, str) else [str(v) for v in value]
        return out

    def _modal_submission(
        self, modal: _ShownModal, values: Mapping[str, str | Sequence[str]], *, check: bool
    ) -> list[dict[str, Any]]:
        """The ``components`` a client sends for ``modal`` filled with ``values``."""
        inputs = [c for c in _walk_components(modal.data.get("components") or []) if c.get("custom_id")]
        known = {c["custom_id"] for c in inputs}
        unknown = [k for k in values if k not in known]
        if unknown and check:
            raise AssertionError(f"modal {modal.custom_id!r} has no input(s) {unknown} (has {sorted(known)})")

        def fill(comp: Mapping[str, Any]) -> dict[str, Any]:
            cid = comp["custom_id"]
            if comp.get("type") == 4:
                value: str | Sequence[str] = values.get(cid, comp.get("value") or "")
                text = value if isinstance(value, str) else ""
                if check:
                    if comp.get("required", True) and not text:
                        raise AssertionError(f"modal {modal.custom_id!r}: input {cid!r} is required")
                    lo, hi = comp.get("min_length") or 0, comp.get("max_length") or 4000
                    if text and not lo <= len(text) <= hi:
                        raise AssertionError(
                            f"modal {modal.custom_id!r}: input {cid!r} needs {lo}..{hi} characters, got {len(text)}"
                        )
            else:
                value = values.get(cid, [])
                picked = [value] if isinstance(value, str) else list(value)
                if check and comp.get("type") == 3:
                    allowed = {o.get("value") for o in comp.get("options") or []}
                    bad = [v for v in picked if v not in allowed]
                    if bad:
                        raise AssertionError(
                            f"modal {modal.custom_id!r}: select {cid!r} has no option(s) {bad}"
                        )
                if check and comp.get("required", True) and len(picked) < (comp.get("min_values") or 1):
                    raise AssertionError(f"modal {modal.custom_id!r}: select {cid!r} is required")
            return self._modal_value(comp, value)

        out: list[dict[str, Any]] = []
        for top in modal.data.get("components") or []:
            if top.get("type") == 1:
                row = [fill(c) for c in top.get("components") or [] if c.get("custom_id")]
                if row:
                    out.append({"type": 1, "components": row})
            elif top.get("type") == 18 and isinstance(top.get("component"), Mapping):
                inner = top["component"]
                if inner.get("custom_id"):
                    label: dict[str, Any] = {"type": 18, "component": fill(inner)}
                    if "id" in top:
                        label["id"] = top["id"]
                    out.append(label)
            elif top.get("custom_id"):
                out.append(fill(top))
        return out

    # ---------------------------------------------------------------- message store helpers

    def _message_payload(self, msg: Msg) -> dict[str, Any]:
        return msg.payload(self.user_payload(msg.author_id))

    def _check_upload(self, name: str, blob: bytes) -> None:
        if len(blob) > UPLOAD_MAX:
            self.failures.append(f"FakeDiscord: {name} has {len(blob):,} bytes, over Discord's {UPLOAD_MAX:,}")

    def _attachments(self, names: list[str], blobs: list[bytes | Later], channel_id: int) -> list[dict[str, Any]]:
        out = []
        for name, blob in zip(names, blobs, strict=False):
            aid = self.new_id()
            url = f"{CDN_BASE}/attachments/{channel_id}/{aid}/{quote(name)}"
            self.cdn[url] = blob
            fields = {"id": str(aid), "filename": name, "url": url, "proxy_url": url}
            if isinstance(blob, Later):
                out.append(_Attachment(blob, size=len(blob.placeholder), **fields))
            else:
                self._check_upload(name, blob)
                out.append({**fields, "size": len(blob)})
        return out

    def later(self, make: Callable[[], bytes], name: str = "file") -> bytes:
        """Placeholder bytes for the bot to upload in place of the bytes ``make()`` gives (``name``: the file's,
        in messages): the fake stores that upload as those bytes, made the first time a test reads them
        (``fake.cdn``, ``Call.file_bytes``, ``Msg.files``, a CDN download), so an upload no test reads costs
        nothing. ``make`` must give the same bytes whenever it is called (a pure function of what it holds).
        May be called from any thread."""
        with self._later_lock:
            placeholder = LATER_HEAD + str(len(self._later)).encode()
            self._later[placeholder] = Later(self, name, placeholder, make)
        return placeholder

    def _with_later(self, blobs: list[bytes]) -> list[bytes | Later]:
        """``blobs`` as uploaded, each placeholder of :meth:`later` replaced by its :class:`Later`."""
        return [self._later.get(b, b) if b.startswith(LATER_HEAD) else b for b in blobs]

    def _create_message(
        self,
        channel_id: int,
        body: Mapping[str, Any],
        names: list[str],
        blobs: list[bytes],
        *,
        visible_to: int | None = None,
        interaction: _Interaction | None = None,
        loading: bool = False,
    ) -> Msg:
        mid = self.new_id()
        flags = int(body.get("flags") or 0)
        msg = Msg(
            id=mid,
            channel_id=channel_id,
            guild_id=self.guild_id if channel_id in self.channels or channel_id in self.threads else None,
            flags=flags | (LOADING if loading else 0),
            visible_to=visible_to if flags & EPHEMERAL else None,
            interaction_id=interaction.id if interaction else None,
            webhook_id=self.bot.application_id if interaction and self.bot else None,
        )
        msg._apply(
            {k: v for k, v in body.items() if k != "flags"},
            self._attachments(names, blobs, channel_id),
            edit=False,
        )
        self.messages[mid] = msg
        self._channel_msgs.setdefault(channel_id, []).append(msg)
        self._check_images(msg)
        return msg

    def _edit_message(self, msg: Msg, body: Mapping[str, Any], names: list[str], blobs: list[bytes]) -> Msg:
        msg._apply(body, self._attachments(names, blobs, msg.channel_id), edit=True)
        self._check_images(msg)
        return msg

    def _check_images(self, msg: Msg) -> None:
        """An embed image ``attachment://<name>`` must name an attachment the message holds after the post
        or edit (Discord would show a broken image): a harness failure otherwise."""
        for i, e in enumerate(msg.embeds):
            url = (e.get("image") or {}).get("url") or ""
            if url.startswith(ATTACHMENT_URL) and msg.image(i) is None:
                self.failures.append(f"FakeDiscord: message {msg.id}'s embed {i} shows {url}, but the message has "
                                     f"no such attachment (it has {[a['filename'] for a in msg.attachments]})")

    def _dm_channel_id(self, user_id: int) -> int:
        if user_id not in self.dm_channels:
            self.dm_channels[user_id] = self.new_id()
        return self.dm_channels[user_id]

    def _known_channel(self, channel_id: int) -> bool:
        return (
            channel_id in self.channels
            or channel_id in self.threads
            or channel_id in self.dm_channels.values()
        )

    def _get_message(self, channel_id: int, message_id: int) -> Msg:
        if not self._known_channel(channel_id):  # deleted with delete_channel(), or never existed
            raise _not_found(10003, "Unknown Channel")
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or msg.channel_id != channel_id or msg.ephemeral:
            raise _not_found(10008, "Unknown Message")
        return msg

    def _fail(self, text: str) -> AssertionError:
        self.failures.append(text)
        return AssertionError(text)

    def fail_interaction(self, when: Any, *, status: int = 404, code: int = 10062,
                         message: str = "Unknown interaction") -> None:
        """Make the next interaction request for which ``when(call)`` is true fail instead of being
        answered. ``call`` is the :class:`Call` with ``kind`` (``callback``, ``followup``, ``edit``,
        ``get``, ``delete``) and, for a callback, ``type`` already set, so ``when`` can look at
        ``call.kind``, ``call.type`` and ``call.data``. The error: 404 with ``code`` (default 10062
        Unknown interaction, a dead token), or a 5xx ``status`` (``discord.DiscordServerError``). Used
        once; the failed request is still recorded (in ``fake.replies``) and changes nothing."""
        if status >= 500:
            error = _http_error(discord.DiscordServerError, status, code, message)
        elif status == 404:
            error = _not_found(code, message)
        else:
            error = _http_error(discord.HTTPException, status, code, message)
        self._interaction_failures.append((when, error))

    # ---------------------------------------------------------------- REST routes

    async def _rest(
        self,
        http: FakeHTTP,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: list[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        await asyncio.sleep(0)  # a real request always yields to the loop
        url = route.url[len(Route.BASE) :]
        body, names, blobs = _decode_body(kwargs.get("json"), form, files)
        blobs = self._with_later(blobs)
        p = _match(route.path, url)
        call = Call(
            method=route.method,
            path=route.path,
            url=url,
            json=body,
            params=kwargs.get("params"),
            files=names,
            file_bytes=_Blobs(blobs),
            channel_id=int(p["channel_id"]) if "channel_id" in p else None,
            message_id=int(p["message_id"]) if p.get("message_id", "").isdigit() else None,
        )
        self.rest.append(call)
        for inj in self.injections:
            if inj.matches(call):
                inj.hits.append(call)
                call.error = inj.code
                raise discord_error(inj.code)
        handler = self._ROUTES.get((route.method, route.path))
        if handler is None:
            raise self._fail(f"FakeDiscord: unknown REST route {route.method} {route.path} ({url})")
        try:
            return handler(self, http, p, body or {}, names, blobs, call)
        except discord.HTTPException as exc:
            call.error = exc.code
            raise

    def failed(self, since: int = 0) -> list[Call]:
        """The REST calls Discord refused (an error answered: injected, or the fake's own 50013, 10003,
        50007...), from ``fake.rest[since:]``: what Discord counts toward its invalid-request ban (10,000
        in 10 minutes)."""
        return [c for c in self.rest[since:] if c.error is not None]

    async def _cdn(self, url: str) -> bytes:
        """``HTTPClient.get_from_cdn``: serve a registered upload or a file the bot uploaded."""
        await asyncio.sleep(0)
        p = _match(CDN_PATH, urlsplit(url).path)
        call = Call(
            method="GET",
            path=CDN_PATH,
            url=url,
            kind="cdn",
            channel_id=int(p["channel_id"]) if p.get("channel_id", "").isdigit() else None,
        )
        self.rest.append(call)
        data = self.cdn.get(url.split("?", 1)[0])
        if data is None:
            raise self._fail(f"FakeDiscord: unknown CDN url {url} (register files with fake.attachment())")
        return data

    def _r_me(self, http, p, body, names, blobs, call):
        return self.user_payload(BOT_ID)

    def _r_app(self, http, p, body, names, blobs, call):
        return {
            "id": str(APP_ID),
            "name": "TestBot",
            "description": "",
            "icon": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": self.user_payload(self.owner_id),
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "team": None,
        }

    def _r_open_dm(self, http, p, body, names, blobs, call):
        user_id = int(body["recipient_id"])
        return self.channel_payload(self._dm_channel_id(user_id))

    def _r_send(self, http, p, body, names, blobs, call):
        cid = int(p["channel_id"])
        if not self._known_channel(cid):
            raise _not_found(10003, "Unknown Channel")
        for user_id, dm in self.dm_channels.items():
            if dm == cid and user_id in self.closed_dms:
                raise _forbidden(50007, "Cannot send messages to this user")
        if cid in self.threads:
            parent, need = int(self.threads[cid]["parent_id"]), discord.Permissions(send_messages_in_threads=True)
        else:
            parent, need = cid, discord.Permissions(send_messages=True)
        if parent in self.channels and self._denied(parent, BOT_ID).value & need.value:
            raise _forbidden(50013, "Missing Permissions")
        body = dict(body, flags=int(body.get("flags") or 0) & ~EPHEMERAL)  # ephemeral is interaction-only
        msg = self._create_message(cid, body, names, blobs)
        call.message_id = msg.id
        return self._message_payload(msg)

    def _r_typing(self, http, p, body, names, blobs, call):
        if not self._known_channel(int(p["channel_id"])):
            raise _not_found(10003, "Unknown Channel")
        return None

    def _r_edit(self, http, p, body, names, blobs, call):
        msg = self._get_message(int(p["channel_id"]), int(p["message_id"]))
        if msg.author_id != BOT_ID:
            raise _forbidden(50005, "Cannot edit a message authored by another user")
        return self._message_payload(self._edit_message(msg, body, names, blobs))

    def _r_get(self, http, p, body, names, blobs, call):
        return self._message_payload(self._get_message(int(p["channel_id"]), int(p["message_id"])))

    def _r_delete(self, http, p, body, names, blobs, call):
        self._get_message(int(p["channel_id"]), int(p["message_id"])).deleted = True
        return None

    def _new_thread(
        self, http: FakeHTTP, parent_id: int, thread_id: int, body: Mapping[str, Any]
    ) -> dict[str, Any]:
        if parent_id not in self.channels:
            raise _not_found(10003, "Unknown Channel")
        now = utils.utcnow().isoformat()
        data = {
            "id": str(thread_id),
            "guild_id": str(self.guild_id),
            "parent_id": str(parent_id),
            "owner_id": str(BOT_ID),
            "name": body.get("name") or "thread",
            "type": int(body.get("type") or 11),
            "last_message_id": None,
            "rate_limit_per_user": body.get("rate_limit_per_user") or 0,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": body.get("auto_archive_duration") or 1440,
                "archive_timestamp": now,
                "locked": False,
                "invitable": body.get("invitable", True),
                "create_timestamp": now,
            },
        }
        self.threads[thread_id] = data
        # what the gateway would send: THREAD_CREATE, so the bot's guild cache knows the thread
        http.bot._connection.parse_thread_create(dict(data, newly_created=True))
        return dict(data)

    def _r_thread(self, http, p, body, names, blobs, call):
        return self._new_thread(http, int(p["channel_id"]), self.new_id(), body)

    def _r_thread_from_message(self, http, p, body, names, blobs, call):
        msg = self._get_message(int(p["channel_id"]), int(p["message_id"]))
        # Discord gives a thread started from a message the message's id
        return self._new_thread(http, msg.channel_id, msg.id, dict(body, type=11))

    def _r_commands(self, http, p, body, names, blobs, call):
        guild_id = int(p["guild_id"]) if "guild_id" in p else None
        out = []
        for cmd in body or []:
            data = dict(cmd)
            data.setdefault("type", 1)
            data.setdefault("description", "")
            data["id"] = str(self._command_id(guild_id, cmd["name"]))
            data["application_id"] = p["application_id"]
            data["version"] = "1"
            if guild_id is not None:
                data["guild_id"] = str(guild_id)
            out.append(data)
        return out

    _ROUTES = {
        ("GET", "/users/@me"): _r_me,
        ("GET", "/oauth2/applications/@me"): _r_app,
        ("POST", "/users/@me/channels"): _r_open_dm,
        ("POST", "/channels/{channel_id}/messages"): _r_send,
        ("POST", "/channels/{channel_id}/typing"): _r_typing,
        ("GET", "/channels/{channel_id}/messages/{message_id}"): _r_get,
        ("PATCH", "/channels/{channel_id}/messages/{message_id}"): _r_edit,
        ("DELETE", "/channels/{channel_id}/messages/{message_id}"): _r_delete,
        ("POST", "/channels/{channel_id}/threads"): _r_thread,
        ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): _r_thread_from_message,
        ("PUT", "/applications/{application_id}/commands"): _r_commands,
        ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): _r_commands,
    }

    # ---------------------------------------------------------------- interaction routes

    async def _webhook(
        self,
        route: Route,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        files: Sequence[discord.File] | None = None,
        params: dict[str, Any] | None = None,
        **_: Any,
    ) -> Any:
        await asyncio.sleep(0)
        url = route.url[len(Route.BASE) :]
        body, names, blobs = _decode_body(payload, multipart, files)
        blobs = self._with_later(blobs)
        body = body or {}
        p = _match(route.path, url)
        token = route.webhook_token
        record = self._interactions.get(token or "")
        call = Call(
            method=route.method,
            path=route.path,
            url=url,
            json=body,
            params=params,
            files=names,
            file_bytes=_Blobs(blobs),
            token=token,
            interaction_id=record.id if record else None,
            channel_id=record.channel_id if record else None,
        )
        key = (route.method, route.path)
        handler = self._WEBHOOK_ROUTES.get(key)
        if handler is None or record is None:
            self._reply(call)
            why = "unknown interaction route" if handler is None else "unknown interaction token"
            raise self._fail(f"FakeDiscord: {why} {route.method} {route.path} ({url})")
        call.kind = self._WEBHOOK_KINDS[key]
        if call.kind == "callback":
            call.type = int(body.get("type", 0))
        for i, (when, error) in enumerate(self._interaction_failures):
            if when(call):
                del self._interaction_failures[i]
                self._reply(call)
                raise error
        self._reply(call)
        return handler(self, record, p, body, names, blobs, call)

    def _reply(self, call: Call) -> None:
        self.replies.append(call)
        self._replies_by_token.setdefault(call.token, []).append(call)

    def _w_callback(self, record: _Interaction, p, body, names, blobs, call: Call):
        rtype = int(body.get("type", 0))
        data = body.get("data") or {}
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        call.kind, call.type, call.ephemeral = "callback", rtype, ephemeral
        if record.response_type is not None:
            raise _bad_request(40060, "Interaction has already been acknowledged.")
        if rtype in (6, 7) and record.source_message_id is None:
            raise _bad_request(
                50035, f"Invalid Form Body: callback type {rtype} needs a component interaction"
            )
        if rtype == 9 and record.type not in (2, 3):
            raise _bad_request(
                50035, f"Invalid Form Body: a modal cannot answer an interaction of type {record.type}"
            )
        record.response_type = rtype
        resource: dict[str, Any] = {"type": rtype}
        if rtype == 4:
            msg = self._create_message(
                record.channel_id, data, names, blobs, visible_to=record.user_id, interaction=record
            )
            record.response_message_id = msg.id
            resource["message"] = self._message_payload(msg)
        elif rtype == 5:
            msg = self._create_message(
                record.channel_id, data, [], [], visible_to=record.user_id, interaction=record, loading=True
            )
            record.response_message_id = msg.id
        elif rtype in (6, 7):
            record.response_message_id = record.source_message_id
            msg = self.messages[record.source_message_id]  # type: ignore[index]
            if rtype == 7:
                self._edit_message(msg, data, names, blobs)
                resource["message"] = self._message_payload(msg)
            call.ephemeral = msg.ephemeral
        elif rtype == 9:
            self._modals.append(
                _ShownModal(
                    user_id=record.user_id,
                    channel_id=record.channel_id,
                    custom_id=str(data.get("custom_id")),
                    data=dict(data),
                    interaction_id=record.id,
                    source_message_id=record.source_message_id,
                )
            )
        call.message_id = record.response_message_id
        interaction: dict[str, Any] = {
            "id": str(record.id),
            "type": record.type,
            "response_message_loading": rtype == 5,
            "response_message_ephemeral": call.ephemeral,
        }
        if record.response_message_id is not None:
            interaction["response_message_id"] = str(record.response_message_id)
        return {"interaction": interaction, "resource": resource}

    def _original(self, record: _Interaction) -> Msg:
        if record.response_type is None or record.response_message_id is None:
            raise _not_found(10015, "Unknown Webhook (interaction not acknowledged with a message)")
        return self.messages[record.response_message_id]

    def _webhook_message(self, record: _Interaction, message_id: str) -> Msg:
        if message_id == "@original":
            return self._original(record)
        msg = self.messages.get(int(message_id))
        if msg is None or msg.deleted or msg.interaction_id not in (record.id, None):
            raise _not_found(10008, "Unknown Message")
        return msg

    def _w_followup(self, record: _Interaction, p, body, names, blobs, call: Call):
        call.kind = "followup"
        if record.response_type is None:
            raise _not_found(10015, "Unknown Webhook (followup before the interaction was acknowledged)")
        original = self.messages.get(record.response_message_id or 0)
        if record.response_type == 5 and original is not None and original.loading and not original.deleted:
            # the first followup after a deferred (thinking) response fills in the loading message
            msg = self._edit_message(original, {k: v for k, v in body.items() if k != "flags"}, names, blobs)
        else:
            msg = self._create_message(
                record.channel_id, body, names, blobs, visible_to=record.user_id, interaction=record
            )
        call.message_id, call.ephemeral = msg.id, msg.ephemeral
        wait = str((call.params or {}).get("wait", "0")).lower() in ("1", "true")
        return self._message_payload(msg) if wait else None

    def _w_edit(self, record: _Interaction, p, body, names, blobs, call: Call):
        call.kind = "edit"
        msg = self._webhook_message(record, p["message_id"] if "message_id" in p else "@original")
        self._edit_message(msg, body, names, blobs)
        call.message_id, call.ephemeral = msg.id, msg.ephemeral
        return self._message_payload(msg)

    def _w_get(self, record: _Interaction, p, body, names, blobs, call: Call):
        call.kind = "get"
        msg = self._webhook_message(record, p["message_id"] if "message_id" in p else "@original")
        call.message_id = msg.id
        return self._message_payload(msg)

    def _w_delete(self, record: _Interaction, p, body, names, blobs, call: Call):
        call.kind = "delete"
        msg = self._webhook_message(record, p["message_id"] if "message_id" in p else "@original")
        call.message_id = msg.id
        msg.deleted = True
        return None

    _WEBHOOK_KINDS = {
        ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"): "callback",
        ("POST", "/webhooks/{webhook_id}/{webhook_token}"): "followup",
        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): "edit",
        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): "edit",
        ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): "get",
        ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): "get",
        ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): "delete",
        ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): "delete",
    }

    _WEBHOOK_ROUTES = {
        ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"): _w_callback,
        ("POST", "/webhooks/{webhook_id}/{webhook_token}"): _w_followup,
        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): _w_edit,
        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): _w_edit,
        ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): _w_get,
        ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): _w_get,
        ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): _w_delete,
        ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): _w_delete,
    }
