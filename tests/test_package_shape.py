"""The shape of the code base a newcomer reads (docs/development.md, "A game package"): every game package
has the same files, the contract finds each game's front-end hooks by that convention, and no module grows
past the size a reader can hold (about 1,700 lines in ``games/``, 700 in ``bot/``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import GAME_MODULES, get_game
from games.core.contract import Game

ROOT = Path(__file__).resolve().parents[1]
SHAPE = ("__init__.py", "game.py", "state.py", "cards.py", "pool.py", "gaps.py", "ai.py", "render.py",
         "picture.py", "catalog.py")
"""The modules every game package has at its top level, and only those; its rules are the package ``rules/``
(``rules/__init__.py`` the engine's entry, one module per rulebook chapter beside it)."""
LIMITS = {"games": 1700, "bot": 700}
HOOKS = {"computer": ("ai", "computer"), "board_text": ("render", "board_text"),
         "context_text": ("render", "context_text"), "private_text": ("render", "private_text"),
         "layout": ("picture", "board_layout")}


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_game_package_has_the_same_files(game):
    """``games/<id>/`` holds the one set of files and the ``rules/`` package; its ``__init__`` is a short map
    that exports ``GAME`` from ``game.py``, with no progress list and no copy of the gap decisions (``gaps.py``
    is the record)."""
    package = ROOT / "games" / game
    assert sorted(p.name for p in package.glob("*.py")) == sorted(SHAPE)
    assert (package / "rules" / "__init__.py").is_file()
    init = (package / "__init__.py").read_text(encoding="utf-8")
    assert "from .game import GAME" in init and len(init.splitlines()) <= 60
    assert not re.search(r"^(Built|Not yet built)\b", init, re.MULTILINE)
    assert "GAP-NN``):\n" not in init and not re.search(r"^\d\d [A-Z]", init, re.MULTILINE)
    assert type(get_game(game)).__module__ == f"games.{game}.game"


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_front_end_hooks_are_found_by_convention(game):
    """A game writes no override of a hook that only forwards: the contract's own method is used, and it
    reaches the function the package's ``ai``/``render``/``picture`` module defines."""
    cls = type(get_game(game))
    for method, (module, name) in HOOKS.items():
        assert getattr(cls, method) is getattr(Game, method), f"{game} overrides {method}"
        assert get_game(game)._hook(module, name) is not None, f"{game}: no {module}.{name}"


@pytest.mark.parametrize("top", sorted(LIMITS))
def test_no_module_is_too_long_to_read(top):
    """No Python module in ``games/`` passes about 1,700 lines, none in ``bot/`` about 700."""
    long = sorted((str(p.relative_to(ROOT)), n) for p in (ROOT / top).rglob("*.py")
                  if (n := len(p.read_text(encoding="utf-8").splitlines())) > LIMITS[top])
    assert long == []
