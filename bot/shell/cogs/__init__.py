"""Slash commands (``/table …``, ``/settings …``, ``/stats``, ``/notify``, ``/leaderboard``) and the
components of tables (lobby buttons, decision buttons and selects, "My hand", "Full board"), registered as
dynamic items so that components on messages posted before a restart still work. Each handler takes an
interaction, acknowledges it before any slow work, calls the table service and renders the reply; every
refusal goes through the one error path of :mod:`bot.shell.common` (an ephemeral message saying what was
wrong; nothing changes).

The package, by command group and concern:

- ``base.py``: the choice lists the commands share (:data:`GAME_CHOICES`), the board as a file;
- ``table_cmds.py``: ``/table …`` (:class:`TableCog`);
- ``settings_cmds.py``: ``/settings …`` (:class:`SettingsCog`), ``/stats``, ``/notify``, ``/leaderboard``
  (:class:`StatsCog`);
- ``play.py``: the components of decisions, "My hand", "Full board";
- ``lobby.py``: the components of the lobby, concessions, rematches, players who are out;
- this module: the names :mod:`bot.shell.app` and the tests import, and :data:`DYNAMIC_ITEMS`.
"""

from __future__ import annotations

from .base import CLOCK_CHOICES, COLOUR_CHOICES, GAME_CHOICES, ON_OFF, board_file
from .lobby import ConcedeButton, LobbyButton, OutButton, RematchButton, TeamSelect
from .play import (
    BoardButton,
    HandButton,
    LegacyDecision,
    OptionButton,
    OptionSelect,
    PageButton,
    StopButton,
    answer_decision,
    menu_values,
    private_target,
)
from .settings_cmds import SettingsCog, StatsCog
from .table_cmds import LIST_ROOM, TableCog, missing_permissions, readable_table

__all__ = [
    "CLOCK_CHOICES", "COLOUR_CHOICES", "DYNAMIC_ITEMS", "GAME_CHOICES", "LIST_ROOM", "ON_OFF", "BoardButton",
    "ConcedeButton", "HandButton", "LegacyDecision", "LobbyButton", "OptionButton", "OptionSelect", "OutButton",
    "PageButton", "RematchButton", "SettingsCog", "StatsCog", "StopButton", "TableCog", "TeamSelect",
    "answer_decision", "board_file", "menu_values", "missing_permissions", "private_target", "readable_table",
]

DYNAMIC_ITEMS = (OptionButton, OptionSelect, PageButton, LegacyDecision, HandButton, BoardButton, LobbyButton, TeamSelect,
                 ConcedeButton, RematchButton, OutButton, StopButton)
