"""The read-only web front (``metahost web``): a table's public page at its signed link, live while the game
runs (htmx polling, a refresh without JavaScript) and a step-through replay once it is over; and, with
``metahost web open FILE``, an exported replay file's pages with no store at all.

Starlette serves it, Jinja2 renders it (autoescaped), uvicorn runs it. Every page is built from the spectator
view and the public log lines of :mod:`bot.web.replays` and nothing else. The store is opened read-only and
never written. Hostile requests get a plain 4xx page: a wrong, malformed or expired link (404 or 410), a step
out of range (400), an over-long address (414), too many requests from one address (429)."""

from __future__ import annotations

import asyncio
import gzip
import sqlite3
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Receive, Scope, Send

from games import get_game
from games.core.contract import RulesError

from ..picture import board_png
from ..store import Store, StoreError
from ..store.address import parse
from ..store.schema import SCHEMA_VERSION
from .links import LinkError, check
from .replays import Replay, Step, Timeline, replay_of

HERE = Path(__file__).parent
MAX_QUERY = 200
"""The longest query string served (characters); a longer one gets 414."""
MAX_PATH = 300
"""The longest path served (characters); a longer one gets 414."""
POLL_SECONDS = 2
"""How often a live page asks for news (htmx); without JavaScript it refreshes every :data:`REFRESH_SECONDS`."""
REFRESH_SECONDS = 10
LIVE_LINES = 40
"""The public log lines a live page shows, the latest last."""
TIMELINES = 64
"""Tables whose replay is kept in memory (least recently used dropped first)."""

STATUS_WORDS = {"finished": "finished", "aborted": "cancelled", "playing": "in play", "lobby": "in the lobby"}

HEADERS = {
    # The link is the secret: never send it on to another site in a Referer.
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "X-Robots-Tag": "noindex, nofollow",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
}


@dataclass(slots=True)
class WebConfig:
    """The web front's settings: ``secret`` (``WEB_SECRET``, signs links), ``rate`` (requests a minute one
    address may make, ``WEB_RATE``), ``inflight`` (requests of one address served at once), ``clock`` (epoch
    seconds, for link expiry and the rate limit)."""

    secret: str
    rate: int = 120
    inflight: int = 8
    clock: Callable[[], float] = time.time


class Refused(Exception):
    """A request answered with a plain error page: ``status`` and the ``text`` saying what was wrong."""

    def __init__(self, status: int, text: str):
        super().__init__(text)
        self.status = status
        self.text = text


def _env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env


TEMPLATES = Jinja2Templates(env=_env())


def render_step(replay: Replay, step: Step, base: str, live: bool) -> str:
    """The HTML of ``step`` of ``replay`` (the live region, or one replay step): its picture, public log
    lines, board text and who is waited for. A pure function of the replay's public parts, so the hidden-card
    checks can compare it between twin states. ``base`` is the page's path (links are relative to it)."""
    return TEMPLATES.get_template("_step.html").render(**_step_context(replay, step, base, live))


def _step_context(replay: Replay, step: Step, base: str, live: bool) -> dict[str, Any]:
    game = get_game(replay.game)
    names = [n for n, _ in replay.seats]
    waiting = [f"{names[s] if 0 <= s < len(names) else f'seat {s + 1}'} ({game.step_name(kind)})"
               for s, kind in step.view.waiting]
    has_picture = game.layout(step.view) is not None
    # live, the latest lines of the public log (several steps may pass between two polls); a replay step, its own
    lines = [x for s in replay.steps[-LIVE_LINES:] for x in s.lines][-LIVE_LINES:] if live else step.lines
    return {"replay": replay, "step": step, "base": base, "live": live, "board_text": game.board_text(step.view),
            "lines": lines,
            "waiting": waiting, "has_picture": has_picture, "last": len(replay.steps) - 1,
            "poll": POLL_SECONDS, "status": STATUS_WORDS.get(replay.status, replay.status)}


class Guard:
    """ASGI middleware in front of everything: refuses over-long paths and query strings (414) and an address
    over its rate or with too many requests at once (429), and adds the security headers to every answer."""

    def __init__(self, app: ASGIApp, config: WebConfig):
        self.app = app
        self.config = config
        self.seen: dict[str, deque[float]] = {}
        self.busy: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        who = (scope.get("client") or ("?", 0))[0]
        refusal = self._refusal(scope, who)
        if refusal is not None:
            await _error_page(refusal)(scope, receive, send)
            return
        self.busy[who] = self.busy.get(who, 0) + 1

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()
                            if k.lower().encode() not in present]
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        finally:
            self.busy[who] -= 1
            if not self.busy[who]:
                del self.busy[who]

    def _refusal(self, scope: Scope, who: str) -> Refused | None:
        if len(scope.get("query_string", b"")) > MAX_QUERY or len(scope.get("path", "")) > MAX_PATH:
            return Refused(414, f"That address is too long: a page's address has at most {MAX_QUERY} characters "
                                "after the '?'.")
        if scope.get("method") not in ("GET", "HEAD"):
            return Refused(405, "This site only shows pages: it takes no form posts or uploads.")
        now = self.config.clock()
        seen = self.seen.setdefault(who, deque())
        while seen and seen[0] <= now - 60:
            seen.popleft()
        if len(seen) >= self.config.rate or self.busy.get(who, 0) >= self.config.inflight:
            return Refused(429, "Too many requests from your address: wait a minute and reload.")
        seen.append(now)
        if len(self.seen) > 10_000:  # forget idle addresses so the table cannot grow without bound
            for key in [k for k, v in self.seen.items() if not v or v[-1] <= now - 60]:
                del self.seen[key]
        return None


def _error_page(refused: Refused) -> Response:
    html = TEMPLATES.get_template("error.html").render(status=refused.status, text=refused.text)
    return HTMLResponse(html, status_code=refused.status, headers={"Cache-Control": "no-store"})


class Pages:
    """The route handlers over one source of replays: a store (``store_url``, tables by signed link) or one
    replay read from a file (``replay``, at ``/replay``)."""

    def __init__(self, config: WebConfig, store_url: str | None = None, replay: Replay | None = None):
        self.config = config
        self.store_url = store_url
        self.file_replay = replay
        self.store: Store | None = None
        self.timelines: OrderedDict[str, Timeline] = OrderedDict()
        self.lock = asyncio.Lock()

    async def open(self) -> None:
        """Open the store read-only (the lifespan's start). Raises :class:`StoreError` when it cannot be
        opened or its schema is older than this metahost's (start the bot once to upgrade it)."""
        if self.store_url is None:
            return
        self.store = await open_read_only(self.store_url)

    async def close(self) -> None:
        if self.store is not None:
            await self.store.close()
            self.store = None

    async def _replay(self, request: Request) -> tuple[Replay, str]:
        """The replay the request's path names and the page's base path; raises :class:`Refused`."""
        if self.file_replay is not None:
            return self.file_replay, "/replay"
        p = request.path_params
        try:
            table_id = check(self.config.secret, p["table"], p["expires"], p["sig"], self.config.clock())
        except LinkError as exc:
            raise Refused(410 if exc.reason == "expired" else 404, str(exc)) from None
        assert self.store is not None
        rows = await self.store.load_tables(("lobby", "playing", "finished", "aborted"), table_id=table_id)
        if not rows:
            raise Refused(404, "This table is not in the store any more.")
        row = rows[0]
        log = await self.store.actions(table_id, timed=True)
        async with self.lock:
            timeline = self.timelines.get(table_id)
            if timeline is None or timeline.row.seed != row.seed or timeline.seq > len(log):
                timeline = Timeline(row)
            timeline.row = row
            try:
                if row.status != "lobby":  # in a thread: beside the bot, a long replay must not hold its loop
                    await asyncio.to_thread(timeline.extend, log)
            except RulesError:
                raise Refused(409, "This table's stored log does not replay: the host's `metahost audit` reports "
                                   "it.") from None
            self.timelines[table_id] = timeline
            self.timelines.move_to_end(table_id)
            while len(self.timelines) > TIMELINES:
                self.timelines.popitem(last=False)
        result = await self.store.result(table_id) if row.status in ("finished", "aborted") else None
        base = f"/t/{p['table']}/{p['expires']}/{p['sig']}"
        return replay_of(row, timeline, log, result), base

    @staticmethod
    def _number(request: Request, name: str, top: int) -> int | None:
        text = request.query_params.get(name)
        if text is None:
            return None
        if not text.isdigit() or int(text) > top:
            raise Refused(400, f"There is no {name} {text!s:.20} here: {name} goes from "
                               f"{1 if name == 'turn' else 0} to {top}.")
        return int(text)

    def _step(self, request: Request, replay: Replay) -> Step:
        """The step the query asks for: ``?step=N``, or ``?turn=T`` (its first step); the last step if neither."""
        if not replay.steps:
            raise Refused(404, "This table has not started yet: its page opens once the game begins.")
        last = len(replay.steps) - 1
        step = self._number(request, "step", last)
        turns = dict(replay.turn_starts())
        if step is None and "turn" in request.query_params:
            top = max(turns) if turns else 0
            turn = self._number(request, "turn", top)
            if turn not in turns:
                raise Refused(400, f"There is no turn {turn} here: turns go from {min(turns, default=0)} to {top}.")
            step = turns[turn]
        return replay.steps[last if step is None else step]

    async def page(self, request: Request) -> Response:
        replay, base = await self._replay(request)
        if not replay.steps:
            raise Refused(404, "This table has not started yet: its page opens once the game begins.")
        live = not replay.over
        if live and ("step" in request.query_params or "turn" in request.query_params):
            raise Refused(400, "Steps are for a game that is over: while it runs, this page follows it live.")
        step = self._step(request, replay)
        ctx = _step_context(replay, step, base, live)
        ctx.update(game_name=get_game(replay.game).name, turns=replay.turn_starts(), refresh=REFRESH_SECONDS,
                   offline=self.file_replay is not None)
        return TEMPLATES.TemplateResponse(request, "table.html", ctx, headers={"Cache-Control": "no-store"})

    async def live(self, request: Request) -> Response:
        """The live region, for htmx: 204 (nothing to swap) while nothing changed since ``?seq=``; the new
        region otherwise, without polling once the game is over."""
        replay, base = await self._replay(request)
        if not replay.steps:
            return Response(status_code=204)
        seen = self._number(request, "seq", 10**9)
        last = replay.steps[-1]
        if seen is not None and seen == last.index and not replay.over:
            return Response(status_code=204, headers={"Cache-Control": "no-store"})
        if replay.over:  # the page becomes the step-through replay: htmx reloads it whole
            return Response(status_code=204, headers={"HX-Refresh": "true", "Cache-Control": "no-store"})
        html = render_step(replay, last, base, live=not replay.over)
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def picture(self, request: Request) -> Response:
        replay, _ = await self._replay(request)
        if not replay.over and "step" in request.query_params:
            raise Refused(400, "Steps are for a game that is over.")
        step = self._step(request, replay)
        png = await asyncio.to_thread(board_png, get_game(replay.game), step.view)
        if png is None:
            raise Refused(404, "This game's board has no picture; the page shows it as text.")
        cache = "private, max-age=86400, immutable" if replay.over else "no-store"
        return Response(png, media_type="image/png", headers={"Cache-Control": cache})

    async def export(self, request: Request) -> Response:
        replay, _ = await self._replay(request)
        if not replay.over:
            raise Refused(409, "The replay file is ready once the game is over: now its seed and choices would "
                               "tell hidden cards.")
        name = f"metahost-{replay.game}-{replay.table}.json.gz"  # boards repeat from step to step: gzip packs 70:1
        data = await asyncio.to_thread(lambda: gzip.compress(replay.to_file().encode("utf-8"), 6))
        return Response(data, media_type="application/gzip",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def home(self, request: Request) -> Response:
        if self.file_replay is not None:
            return RedirectResponse("/replay", status_code=303)
        html = TEMPLATES.get_template("home.html").render()
        return HTMLResponse(html)


def _guarded(handler):
    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as exc:
            return _error_page(exc)
    return run


async def open_read_only(url: str) -> Store:
    """The store at ``url`` opened for reading only: a SQLite file must exist and be at this metahost's
    schema (the web never creates or upgrades one); a PostgreSQL session is read-only
    (``default_transaction_read_only``). Raises :class:`StoreError` saying what is wrong."""
    kind, where = parse(url)
    if kind == "sqlite":
        path = Path(where)
        if not path.is_file():
            raise StoreError(f"cannot open {where}: there is no such database file (the bot's DATABASE_URL or "
                             "METAHOST_DB names it)", where, "cannot_open")
        try:
            with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
                version = db.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {where}: {exc}", where, "cannot_open") from None
        if version < SCHEMA_VERSION:
            raise StoreError(f"cannot open {where}: its schema is version {version}, this metahost's is "
                             f"{SCHEMA_VERSION}; start the bot once to upgrade it", where, "other")
        return await Store.open(where, check_writable=False)
    sep = "&" if "?" in url else "?"
    return await Store.open(f"{url}{sep}default_transaction_read_only=on", check_writable=False)


def make_app(config: WebConfig, store_url: str | None = None, replay: Replay | None = None) -> ASGIApp:
    """The web front as an ASGI app: tables of the store at ``store_url`` by signed link, or the one ``replay``
    (a file's) at ``/replay``. Raises ``ValueError`` when neither or both are given, or the secret is empty
    for a store."""
    if (store_url is None) == (replay is None):
        raise ValueError("the web front serves either a store or one replay file")
    if store_url is not None and not config.secret:
        raise ValueError("WEB_SECRET is not set: the table links are signed with it (see .env.example)")
    pages = Pages(config, store_url, replay)
    base = "/replay" if replay is not None else "/t/{table}/{expires}/{sig}"
    routes = [
        Route("/", _guarded(pages.home)),
        Route(base, _guarded(pages.page)),
        Route(base + "/live", _guarded(pages.live)),
        Route(base + "/board.png", _guarded(pages.picture)),
        Route(base + "/replay.json", _guarded(pages.export)),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        return _error_page(Refused(404, "There is no page here. A table's page opens only from its link."))

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app):
        await pages.open()
        try:
            yield
        finally:
            await pages.close()

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found, 405: not_found},
                    middleware=[Middleware(GZipMiddleware, minimum_size=1000)])
    app.state.pages = pages
    return Guard(app, config)
