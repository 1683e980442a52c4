"""The read-only web front: a table's public page at a signed link, live while it runs and a step-through
replay once it is over (``metahost web``; :mod:`bot.web.app`). Only public information is served.

This module only adds the ``web`` command to the command line; the server's modules are imported when it runs."""

from __future__ import annotations

import argparse


def add_web_command(sub) -> None:
    """Add ``metahost web [serve | link TABLE | open FILE] [--port] [--host] [--db]`` to the subparsers ``sub``."""
    w = sub.add_parser("web", help="the web front: tables' public pages and replays at signed links (docs/web.md)")
    w.add_argument("action", nargs="?", default="serve", choices=["serve", "link", "open"],
                   help="serve (default): serve the store's tables; link TABLE: print a table's link; open FILE: "
                        "show an exported replay file on this machine")
    w.add_argument("target", nargs="?", metavar="TABLE|FILE", help="the table id (link) or replay file (open)")
    w.add_argument("--port", type=int, help="port to listen on (default: WEB_PORT, else 8080)")
    w.add_argument("--host", help="address to listen on (default: WEB_HOST, else 127.0.0.1)")
    w.add_argument("--db", help="database file or DATABASE_URL (default: $DATABASE_URL, $METAHOST_DB or "
                                "var/metahost.db)")
    w.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from .serve import web_command

    return web_command(args.action, args.target, args.port, args.host, args.db)
