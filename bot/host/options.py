"""A table's option words (``gambling=on bestof=5``, the host's ``bank=10m+20s``): parsing them for a game
(:func:`parse_table_options`), writing them back (:func:`option_word`, :func:`options_text`), the help that
lists them (:func:`options_help`), and the option keys the host keeps for itself (:data:`HOST_OPTIONS`).

Pure functions, no service state. May import :mod:`bot.host.tables` (the option keys, :class:`TableError`),
:mod:`bot.host.bank` (the ``bank=…`` word) and :mod:`bot.host.series` (the ``series`` key), and
``games.core``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games.core.contract import Game, TableOption

from . import bank as cb
from . import series as sr
from .tables import CO_MANAGERS, COLOURS, TEAM_FORMAT, TEAM_NAMES, TEAMS, TableError

HOST_OPTIONS = frozenset({"seats", "timeout", "response", cb.BANK, sr.SERIES, TEAMS, TEAM_FORMAT, "pictures", "stealth", "surroundings",
                          "location", "place", "profiles", "clock", TEAM_NAMES, COLOURS, CO_MANAGERS})
"""Option keys the host itself sets: a game's :class:`~games.core.values.TableOption` must not use them."""


def option_word(option: TableOption, value: Any) -> str:
    """The ``key=value`` word standing for ``value`` of ``option`` (``gambling=on``, ``bestof=5``)."""
    if option.kind == "bool":
        return f"{option.key}={'on' if value else 'off'}"
    return f"{option.key}={value}"


def options_help(game: Game) -> str:
    """``game``'s table options, one line each: ``key=on|off`` (its values), its default and its
    help; empty when it takes none."""
    lines = []
    for o in game.table_options:
        values = "on|off" if o.kind == "bool" else "|".join(str(c) for c in o.choices)
        default = option_word(o, o.default).partition("=")[2]
        lines.append(f"`{o.key}={values}` (default {default}): {o.help}")
    return "\n".join(lines)


def options_text(game: Game, values: dict[str, Any]) -> str:
    """The chosen table options, briefly, for a lobby or board footer (``gambling=on bestof=5``); empty for
    none."""
    return " ".join(option_word(o, values[o.key]) for o in game.table_options if o.key in values)


def _words(words: str | Sequence[str] | None) -> list[str]:
    texts = [words] if isinstance(words, str) else list(words or [])
    return [w for text in texts for w in re.split(r"[\s,]+", text.strip()) if w]


def bank_words(words: str | Sequence[str] | None) -> tuple[float, float] | None | bool:
    """The time bank (:mod:`bot.host.bank`) that the ``bank=…`` words among a table's option words
    choose: ``(start, add)`` seconds, ``None`` for ``bank=off``, ``False`` when no word names it.
    :class:`TableError` (``bad_option``) for a value :func:`bot.host.bank.parse_bank` refuses."""
    try:
        return cb.from_words(_words(words))
    except ValueError as exc:
        raise TableError(f"Table options: {exc}. Nothing was changed.", "bad_option") from None


def parse_table_options(game: Game, words: str | Sequence[str] | None) -> dict[str, Any]:
    """The values ``words`` give ``game``'s table options (``Game.table_options``): ``words`` is
    ``"gambling=on bestof=5"`` (words apart by spaces or commas) or a list of such texts (the CLI's repeated
    ``--option``); the host's ``bank=…`` word (a time bank at any game) is checked
    (:func:`bank_words`) and left out; each value is read by its option's
    :meth:`~games.core.values.TableOption.parse`. Returns only the values that differ from the option's default. :class:`TableError` (``bad_option``) saying what was
    wrong and listing the game's options with their values and help: options for a game that takes none, a
    word that is not ``key=value``, a key the game does not have or given twice, a value the option refuses."""
    parts = _words(words)
    bank_words(parts)  # ``bank=10m+20s`` is the host's option at every game, checked here too
    parts = [w for w in parts if not cb.is_bank_word(w)]
    if not parts:
        return {}
    if not game.table_options:
        raise TableError(f"{game.name} takes no table options, so {' '.join(parts)!r} does not apply: leave the "
                         "options out. Nothing was changed.", "bad_option")
    declared = {o.key: o for o in game.table_options}
    values: dict[str, Any] = {}
    for word in parts:
        key, eq, text = word.partition("=")
        key = key.strip().lower()
        option = declared.get(key)
        if not eq:
            what = f"{word!r} is not key=value"
        elif option is None:
            what = f"{game.name} has no option {key!r}"
        elif key in values:
            what = f"option {key} is given twice"
        else:
            try:
                values[key] = option.parse(text)
                continue
            except ValueError as exc:
                what = str(exc)
        raise TableError(f"Table options: {what}. Nothing was changed. {game.name} takes these options "
                         f"(`key=value`, apart by spaces):\n{options_help(game)}", "bad_option")
    return {k: v for k, v in values.items() if v != declared[k].default}

