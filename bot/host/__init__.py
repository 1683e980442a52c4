"""The host: the table service between the games and the people (DESIGN.md, The host), and the one facade the
shells (Discord, terminal, CLI) import from.

A table's life is lobby → playing → finished or aborted. The shells call :class:`TableService`; they hold no
game logic and read no game state: the service tells them what changed through a :class:`Listener`.

The package, by concern:

* :mod:`bot.host.tables`: the values (:class:`Table`, :class:`Seat`, ``Deadline``, :class:`PlayPrefs`,
  :class:`Listener`, :class:`TableError`), the option keys the host sets, and the decision tokens;
* :mod:`bot.host.options`: table option words (``gambling=on``, ``bank=10m+20s``);
* :mod:`bot.host.service`: :class:`TableService` itself, the registry of live tables and the listeners;
  it combines one mixin per concern:
* :mod:`bot.host.lobby`: opening a table, seats, decks, the start;
* :mod:`bot.host.teams`: teams, team names and colours, allies seated apart;
* :mod:`bot.host.play`: act, concede, abort, and the commit of every choice;
* :mod:`bot.host.auto`: the choices the host takes at once (forced decisions, response windows passed) and
  the players' play settings;
* :mod:`bot.host.clock`: deadlines, reminders, timeouts and computer seats; :mod:`bot.host.bank` the
  chess-clock time bank (pure functions of a table);
* :mod:`bot.host.pause`: pausing a table whose place is gone, resuming it elsewhere;
* :mod:`bot.host.series`: a series of games at one table; :mod:`bot.host.rematch`: rematches;
* :mod:`bot.host.owner`: several processes on one PostgreSQL store: which process owns which table (advisory
  locks), take-over when one dies, and clicks forwarded to a table's owner (``service.owner``; ``None``: this
  process owns every table).

The modules import one way: ``tables`` and ``bank`` first, the mixins on them, ``service`` on the mixins,
and this facade on ``service``; no module of the package imports the package itself.
"""

from .lobby import NO_PLACE, SURROUNDINGS
from .options import option_word, options_text, parse_table_options
from .service import TableService
from .tables import (
    CONCEDE,
    DEFAULT_RESPONSE,
    MAX_TIMEOUTS,
    PALETTE,
    SAVED,
    SLOT,
    TEAM_FORMAT,
    TEAMUP,
    Clock,
    Listener,
    PlayPrefs,
    Seat,
    Table,
    TableError,
    TableLimits,
    decision_token,
    option_key,
    token_for,
)

__all__ = [
    "CONCEDE", "DEFAULT_RESPONSE", "MAX_TIMEOUTS", "NO_PLACE", "PALETTE", "SAVED", "SLOT", "SURROUNDINGS",
    "TEAM_FORMAT", "TEAMUP", "Clock", "Listener", "PlayPrefs", "Seat", "Table", "TableError", "TableLimits",
    "TableService", "decision_token", "option_key", "option_word", "options_text",
    "parse_table_options", "token_for",
]
