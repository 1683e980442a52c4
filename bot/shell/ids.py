"""Component custom ids. Every decision component names its table, the seat's decision token it was
offered with (:func:`bot.host.decision_token`: ``<seat>.<own choices>.<6 hex>``, which changes only when
that seat's own decision changes) and the option by its stable key (:func:`bot.host.option_key`, 8 hex),
so a click after a restart still finds its table, a click on an option still offered is applied while
others play, and a repeated click is known. All ids stay under Discord's 100 characters
(at most 5 + 16 + 1 + 24 + 1 + 8 = 55).

* ``mh:d:<table>:<token>:<key>`` — a decision button (the option with that key)
* ``mh:m:<table>:<token>:<page>`` — a decision select menu (values are option keys)
* ``mh:g:<table>:<token>:<page>`` — show page ``page`` of a long decision
* ``mh:o:…``, ``mh:s:…``, ``mh:p:…`` — the decision components of the bot's first versions (game version and
  option index): :data:`LEGACY` matches them so they are refused with a clear message
* ``mh:l:<table>:<action>`` — a lobby button (join, leave, computer, start, cancel)
* ``mh:t:<table>`` — the team select of a team game's lobby (values: team letters)
* ``mh:h:<table>`` — "My hand": the private view as an ephemeral message
* ``mh:b:<table>`` — "Full board": the whole board text as a file, when it does not fit the board message
* ``mh:k:<table>`` — the deck select of a player who joined a lobby (values: a starter id or ``saved:<id>``)
* ``mh:x:<table>:<user>:<yes|no>`` — the concede confirmation shown to ``user`` (Concede / Keep playing)
* ``mh:r:<table>`` — Rematch on the result of a finished table
* ``mh:u:<table>:<seat>:<watch|leave>`` — the choice of a player who is out of a game that goes on
* ``mh:c:<table>`` — "Look up a card" under a decision: a box asking for a card's name
* ``mh:cm:<game>`` — that box (a modal), answered from ``on_interaction`` without state
* ``mh:w:<table>:<token>`` — "Pass until my turn" on a response window offered with ``token``
"""

from __future__ import annotations

import re

TOKEN = r"(?P<token>\d{1,2}\.\d{1,9}\.[0-9a-f]{6})"
OPTION = re.compile(r"mh:d:(?P<table>[0-9a-f]{1,16}):" + TOKEN + r":(?P<key>[0-9a-f]{8})")
SELECT = re.compile(r"mh:m:(?P<table>[0-9a-f]{1,16}):" + TOKEN + r":(?P<page>\d{1,4})")
PAGE = re.compile(r"mh:g:(?P<table>[0-9a-f]{1,16}):" + TOKEN + r":(?P<page>\d{1,4})")
LEGACY = re.compile(r"mh:(?P<kind>[osp]):(?P<table>[0-9a-f]{1,16}):(?P<rest>[0-9:]{1,40})")
LOBBY = re.compile(r"mh:l:(?P<table>[0-9a-f]{1,16}):(?P<action>join|leave|computer|start|cancel)")
TEAM = re.compile(r"mh:t:(?P<table>[0-9a-f]{1,16})")
HAND = re.compile(r"mh:h:(?P<table>[0-9a-f]{1,16})")
BOARD = re.compile(r"mh:b:(?P<table>[0-9a-f]{1,16})")
DECK = re.compile(r"mh:k:(?P<table>[0-9a-f]{1,16})")
CONCEDE = re.compile(r"mh:x:(?P<table>[0-9a-f]{1,16}):(?P<user>\d{1,20}):(?P<action>yes|no)")
REMATCH = re.compile(r"mh:r:(?P<table>[0-9a-f]{1,16})")
OUT = re.compile(r"mh:u:(?P<table>[0-9a-f]{1,16}):(?P<seat>\d{1,2}):(?P<action>watch|leave)")
CARD = re.compile(r"mh:c:(?P<table>[0-9a-f]{1,16})")
CARD_BOX = re.compile(r"mh:cm:(?P<game>[a-z]{1,16})")
CARD_NAME = "name"  # the text input of a card box
STOP = re.compile(r"mh:w:(?P<table>[0-9a-f]{1,16}):" + TOKEN)


def option(table: str, token: str, key: str) -> str:
    """A decision button: option ``key`` of the decision offered with ``token``."""
    return f"mh:d:{table}:{token}:{key}"


def select(table: str, token: str, page: int) -> str:
    """Page ``page`` of the select menu of the decision offered with ``token``."""
    return f"mh:m:{table}:{token}:{page}"


def page(table: str, token: str, page: int) -> str:
    """The button showing page ``page`` of the decision offered with ``token``."""
    return f"mh:g:{table}:{token}:{page}"


DECISION_PREFIXES = ("mh:d:", "mh:m:")  # what a decision component's id starts with


def lobby(table: str, action: str) -> str:
    return f"mh:l:{table}:{action}"


def team(table: str) -> str:
    return f"mh:t:{table}"


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


def card(table: str) -> str:
    return f"mh:c:{table}"


def card_box(game: str) -> str:
    """The box **Look up a card** opens for ``game`` (a modal; answered without state)."""
    return f"mh:cm:{game}"


def stop(table: str, token: str) -> str:
    """"Pass until my turn" on the response window offered with ``token``."""
    return f"mh:w:{table}:{token}"


def legacy(kind: str, table: str, rest: str) -> str:
    """A decision component of an older version of the bot (:data:`LEGACY`), to refuse it by the same id."""
    return f"mh:{kind}:{table}:{rest}"
