"""Running the web front: ``metahost web`` (serve a store's tables), ``metahost web link TABLE`` (print a
table's signed link), ``metahost web open FILE`` (serve an exported replay file offline, on this machine
only), and the server started beside the bot when ``WEB_PORT`` is set (:func:`server`)."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import uvicorn

from ..settings import Settings
from ..store import StoreError
from .app import WebConfig, make_app, open_read_only
from .links import table_link, table_path
from .replays import read_file

DEFAULT_PORT = 8080


def server(settings: Settings, port: int | None = None, host: str | None = None) -> uvicorn.Server:
    """A uvicorn server of the web front over the settings' store (``DATABASE_URL``/``METAHOST_DB``); run it
    with ``await server.serve()`` (the bot runs it beside itself). Raises ``ValueError`` without ``WEB_SECRET``."""
    if settings.web_secret is None:
        raise ValueError("WEB_SECRET is not set: the web front signs table links with it (see .env.example)")
    config = WebConfig(settings.web_secret.get_secret_value(), rate=settings.web_rate)
    app = make_app(config, store_url=settings.database)
    return uvicorn.Server(uvicorn.Config(app, host=host or settings.web_host, port=port or settings.web_port
                                         or DEFAULT_PORT, proxy_headers=True,
                                         forwarded_allow_ips=settings.web_proxies, log_level="warning",
                                         access_log=False, server_header=False))


def web_command(action: str, target: str | None, port: int | None, host: str | None, db: str | None) -> int:
    """``metahost web [serve|link TABLE|open FILE]``; returns the exit status (2 for bad settings or
    arguments, 3 when the store cannot be opened)."""
    from pydantic import ValidationError

    try:
        settings = Settings() if db is None else Settings(DATABASE_URL=db)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        print(f"metahost web: bad settings ({problems}). See .env.example.", file=sys.stderr)
        return 2
    if action == "open":
        if target is None:
            print("metahost web open: which replay file? e.g. metahost web open metahost-metazoo-1a2b3c4d.json.gz",
                  file=sys.stderr)
            return 2
        try:
            replay = read_file(Path(target).read_bytes())
        except (OSError, ValueError) as exc:
            print(f"metahost web open: cannot read {target}: {exc}", file=sys.stderr)
            return 2
        app = make_app(WebConfig(""), replay=replay)
        bind = host or "127.0.0.1"
        where = port or DEFAULT_PORT
        print(f"The replay of {replay.game} table {replay.table}: http://{bind}:{where}/replay (Ctrl+C stops)")
        uvicorn.run(app, host=bind, port=where, log_level="warning", server_header=False)
        return 0
    if settings.web_secret is None:
        print("metahost web: WEB_SECRET is not set: table links are signed with it. Set it in .env to a long "
              "random string (see .env.example).", file=sys.stderr)
        return 2
    secret = settings.web_secret.get_secret_value()
    if action == "link":
        if target is None:
            print("metahost web link: which table? e.g. metahost web link 1a2b3c4d (metahost tables lists them)",
                  file=sys.stderr)
            return 2
        status = asyncio.run(_table_exists(settings.database, target))
        if status is not None:
            print(f"metahost web link: {status}", file=sys.stderr)
            return 3 if status.startswith("cannot") else 2
        now = time.time()
        if settings.web_url is not None:
            print(table_link(settings.web_url, secret, target, now, settings.web_link_days))
        else:
            print(table_path(secret, target, now, settings.web_link_days)
                  + "   (set WEB_URL to print the whole link)")
        return 0
    srv = server(settings, port, host)
    print(f"metahost web: serving the tables of {settings.database_setting} on "
          f"http://{srv.config.host}:{srv.config.port} (Ctrl+C stops)")
    try:
        srv.run()
    except StoreError as exc:
        print(f"metahost web: {exc}", file=sys.stderr)
        return StoreError.exit_code
    return 0


async def _table_exists(url: str, table_id: str) -> str | None:
    """``None`` when ``table_id`` is in the store at ``url``, else what is wrong, in words."""
    try:
        store = await open_read_only(url)
    except StoreError as exc:
        return str(exc)
    try:
        rows = await store.load_tables(("lobby", "playing", "finished", "aborted"), table_id=table_id)
    finally:
        await store.close()
    return None if rows else f"there is no table {table_id} in the store (metahost tables lists them)"
