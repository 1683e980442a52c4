"""Pure game rules (DESIGN.md, Layers): no discord, asyncio, sqlite, clock or network here.

:data:`REGISTRY` is the one list of the games metahost knows; everything else (:func:`get_game`,
:func:`game_ids`, :data:`GAME_NAMES`, :data:`NO_PERSONAL_DECKS`, the Discord game choices, the CLI's game
arguments, the rules lookup) is derived from it.

Adding a game
-------------
1. Write the package ``games/<id>/`` against :mod:`games.core` only (never ``bot``, never another game), in
   the shape every game has (``docs/development.md``, "A game package"): ``__init__.py`` (what the game is,
   where its rules live, a map of the package, ``GAME``), ``game.py`` (the ``Game`` subclass), ``state.py``,
   ``rules/`` (the engine: ``rules/__init__.py`` its entry, one module per rulebook chapter beside it),
   ``cards.py``, ``pool.py``, ``catalog.py``, ``gaps.py`` (the decision on every gap the checklist,
   ``shared/rules/checklists/<id>.md``, leaves open), ``ai.py`` (``computer(seed)``), ``render.py`` and
   ``picture.py``. The contract finds the front-end hooks in ``ai``, ``render`` and ``picture`` by that
   convention, so ``game.py`` writes only what differs.
2. Put its card pool and starter decks in ``data/<id>/`` (original names and texts, loaded through
   :mod:`games.core.carddata`).
3. Register it: in :data:`REGISTRY`, set its entry's ``module`` to ``"games.<id>"`` (the one line that makes
   it playable in the terminal, on Discord, in the deck commands and in the audit).
4. Tests: ``tests/<id>/`` with a test naming every rule ID (``python ../shared/tools/rule_coverage.py --game
   <id>``), scenario files in ``tests/scenarios/<id>/``, seeded random playouts checking the invariants
   (cards conserved, no hidden card in another seat's or a spectator's view, the game ends); a benchmark
   in ``bench/bench_playouts.py --game <id>``.

The import graph points one way: ``bot`` → ``games`` (this registry) → ``games/<id>`` → ``games/core``;
``tests/test_import_graph.py`` checks that nothing points back.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from games.core.contract import Game


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game metahost knows: its ``id`` (the rulebook's file name), display ``name``, the ``module``
    exposing ``GAME`` (``None`` while the game is not built: its rules can be looked up, it cannot be
    played), and ``no_decks``: why its players bring no personal deck (``None`` when they do)."""

    id: str
    name: str
    module: str | None = None
    no_decks: str | None = None


REGISTRY: tuple[GameEntry, ...] = (
    GameEntry("meta", "Meta", "games.meta"),
    GameEntry("metazoo", "MetaZoo", "games.metazoo"),
    GameEntry("metax", "MetaX", "games.metax"),
    GameEntry("memesis", "Memesis", "games.memesis"),
    GameEntry("metaolympia", "Meta Olympia", "games.metaolympia",
              no_decks="Meta Olympia has no personal decks: each team drafts its roster during play."),
)
"""Every game metahost hosts, built or not, in the rulebooks' order."""

GAME_MODULES: dict[str, str] = {g.id: g.module for g in REGISTRY if g.module is not None}
"""Built games: id -> module exposing ``GAME`` (derived from :data:`REGISTRY`)."""

GAME_NAMES: dict[str, str] = {g.id: g.name for g in REGISTRY}
"""Every game, built or not: id -> display name (the rules lookup covers all five)."""

NO_PERSONAL_DECKS: dict[str, str] = {g.id: g.no_decks for g in REGISTRY if g.no_decks is not None}
"""Games whose players bring no saved deck: id -> why (deck commands refuse them with this)."""


def get_game(game_id: str) -> Game:
    """The built game with this id. Raises ``KeyError`` naming the playable games."""
    try:
        module = GAME_MODULES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAME_MODULES))}") from None
    return import_module(module).GAME


def game_ids() -> list[str]:
    """The ids of the built (playable) games, sorted."""
    return sorted(GAME_MODULES)
