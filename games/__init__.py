"""Pure game rules (DESIGN.md, Layers): no discord, asyncio, sqlite, clock or network here.

:func:`get_game` returns a game's :class:`games.core.Game` by id.
"""

from __future__ import annotations

from importlib import import_module

from games.core.contract import Game

GAME_MODULES = {"meta": "games.meta", "metax": "games.metax"}
"""Game id -> module exposing ``GAME``. Games are added here as they are built."""


def get_game(game_id: str) -> Game:
    """The game with this id. Raises ``KeyError`` naming the known games."""
    try:
        module = GAME_MODULES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAME_MODULES))}") from None
    return import_module(module).GAME


def game_ids() -> list[str]:
    return sorted(GAME_MODULES)
