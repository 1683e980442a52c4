"""Component custom ids. Every decision component names its table, the game version it was offered at
and the option's index, so a click after a restart still finds its table and a stale click is known to
be stale. All ids stay under Discord's 100 characters.

* ``mh:o:<table>:<version>:<index>`` — a decision button (option ``index`` of the seat's decision)
* ``mh:s:<table>:<version>:<page>`` — a decision select menu (values are option indices)
* ``mh:p:<table>:<version>:<page>`` — show page ``page`` of a long decision
* ``mh:l:<table>:<action>`` — a lobby button (join, leave, computer, start, cancel)
* ``mh:h:<table>`` — "My hand": the private view as an ephemeral message
* ``mh:b:<table>`` — "Full board": the whole board text as a file, when it does not fit the board message
* ``mh:k:<table>`` — the deck select of a player who joined a lobby (values: a starter id or ``saved:<id>``)
* ``mh:x:<table>:<user>:<yes|no>`` — the concede confirmation shown to ``user`` (Concede / Keep playing)
* ``mh:r:<table>`` — Rematch on the result of a finished table
* ``mh:u:<table>:<seat>:<watch|leave>`` — the choice of a player who is out of a game that goes on
"""

from __future__ import annotations

import re

OPTION = re.compile(r"mh:o:(?P<table>[0-9a-f]{1,16}):(?P<version>\d+):(?P<index>\d+)")
SELECT = re.compile(r"mh:s:(?P<table>[0-9a-f]{1,16}):(?P<version>\d+):(?P<page>\d+)")
PAGE = re.compile(r"mh:p:(?P<table>[0-9a-f]{1,16}):(?P<version>\d+):(?P<page>\d+)")
LOBBY = re.compile(r"mh:l:(?P<table>[0-9a-f]{1,16}):(?P<action>join|leave|computer|start|cancel)")
HAND = re.compile(r"mh:h:(?P<table>[0-9a-f]{1,16})")
BOARD = re.compile(r"mh:b:(?P<table>[0-9a-f]{1,16})")
DECK = re.compile(r"mh:k:(?P<table>[0-9a-f]{1,16})")
CONCEDE = re.compile(r"mh:x:(?P<table>[0-9a-f]{1,16}):(?P<user>\d{1,20}):(?P<action>yes|no)")
REMATCH = re.compile(r"mh:r:(?P<table>[0-9a-f]{1,16})")
OUT = re.compile(r"mh:u:(?P<table>[0-9a-f]{1,16}):(?P<seat>\d{1,2}):(?P<action>watch|leave)")


def option(table: str, version: int, index: int) -> str:
    return f"mh:o:{table}:{version}:{index}"


def select(table: str, version: int, page: int) -> str:
    return f"mh:s:{table}:{version}:{page}"


def page(table: str, version: int, page: int) -> str:
    return f"mh:p:{table}:{version}:{page}"


def lobby(table: str, action: str) -> str:
    return f"mh:l:{table}:{action}"


def hand(table: str) -> str:
    return f"mh:h:{table}"


def board(table: str) -> str:
    return f"mh:b:{table}"


def deck(table: str) -> str:
    return f"mh:k:{table}"


def concede(table: str, user: str, action: str) -> str:
    return f"mh:x:{table}:{user}:{action}"


def rematch(table: str) -> str:
    return f"mh:r:{table}"


def out(table: str, seat: int, action: str) -> str:
    return f"mh:u:{table}:{seat}:{action}"
