"""Pure game rules (DESIGN.md, Layers): no discord, asyncio, sqlite, clock or network here.

:func:`get_game` returns a game's :class:`games.core.Game` by id.
"""

from __future__ import annotations

from importlib import import_module

from games.core.contract import Game

GAME_MODULES = {"meta": "games.meta", "metax": "games.metax"}
"""Game id -> module exposing ``GAME``. Games are added here as they are built."""

GAME_NAMES = {"meta": "Meta", "metazoo": "MetaZoo", "metax": "MetaX", "memesis": "Memesis",
              "metaolympia": "Meta Olympia"}
"""Every game metahost hosts, built or not, id -> display name (the rulebook lookup covers all five)."""

NO_PERSONAL_DECKS = {
    "metaolympia": "Meta Olympia has no personal decks: each team drafts its roster during play.",
}
"""Games whose players bring no saved deck, id -> why (issue 6: deck commands refuse them with this)."""


def get_game(game_id: str) -> Game:
    """The game with this id. Raises ``KeyError`` naming the known games."""
    try:
        module = GAME_MODULES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAME_MODULES))}") from None
    return import_module(module).GAME


def game_ids() -> list[str]:
    return sorted(GAME_MODULES)
