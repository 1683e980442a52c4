"""The import graph of ``games`` and ``bot``: dependencies point one way, ``bot`` → ``games`` →
``games/core``, and no group of modules imports each other.

The graph is read from the source with :mod:`ast` (nothing is imported): every ``import`` and ``from …
import`` anywhere in a module counts, including those inside functions and under ``TYPE_CHECKING``, since a
cycle through a lazy import is still a cycle. ``from a.b import c`` is an edge to module ``a.b.c`` when that
is a module, else to ``a.b``. Importing a submodule also runs its parents' ``__init__``; those implicit
edges are not counted (a package's ``__init__`` importing its own submodules is normal).

Each game package (``games/<id>``) imports only ``games.core`` and itself: never another game, the registry
or ``bot``, so adding a game is one registration in ``games.REGISTRY``.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "bot")

def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of :data:`PACKAGES`: dotted name -> file."""
    out: dict[str, Path] = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            out[module_name(path)] = path
    return out


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` (file ``path``) imports anywhere in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def add(target: str) -> None:
        # the longest prefix that is one of our modules (``games.core.contract.Game`` -> the module)
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                full = f"{origin}.{alias.name}"
                add(full if full in known else origin)
    return found


def graph() -> dict[str, set[str]]:
    """Module -> the modules it imports, each set a fresh copy of :func:`_graph`'s (read once per process)."""
    return {name: set(targets) for name, targets in _graph().items()}


@cache
def _graph() -> dict[str, frozenset[str]]:
    # parsing the whole tree is most of this file's time: every test reads the same, unchanged sources
    mods = modules()
    known = set(mods)
    return {name: frozenset(imports_of(name, path, known)) for name, path in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[frozenset[str]] = []
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(g.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    comp.add(top)
                    if top == node:
                        break
                if len(comp) > 1:
                    out.append(frozenset(comp))
    return out


def layer(name: str) -> int:
    """0: ``games.core``; 1: the rest of ``games``; 2: ``bot``. An import may only go to the same or a
    lower layer."""
    if name == "games.core" or name.startswith("games.core."):
        return 0
    return 1 if name.split(".")[0] == "games" else 2


def upward(g: dict[str, set[str]]) -> set[tuple[str, str]]:
    return {(a, b) for a, targets in g.items() for b in targets if layer(b) > layer(a)}


def test_the_graph_sees_lazy_and_type_checking_imports():
    """The reader is not blind: relative imports (contract → players, the shell) and imports inside
    functions are edges."""
    g = graph()
    assert "games.core.players" in g["games.core.contract"]
    assert "bot.local" in g["bot.cli"]  # imported inside cmd_play only
    assert {"bot.shell.cogs", "bot.shell.decks"} <= g["bot.shell.app"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]


def test_no_import_cycles():
    """No import cycle in ``games`` or ``bot`` (``games/core/contract`` and ``players`` imported
    each other)."""
    found = [sorted(c) for c in cycles(graph())]
    assert not found, f"import cycles: {found}"


def test_no_cycles_in_the_discord_shell():
    """``bot/shell`` has no cycle (app, cogs and decks imported each other), and no shell
    module imports ``bot.shell.app``: the app is the top, it wires the others together."""
    g = graph()
    shell = {m for m in g if m.startswith("bot.shell")}
    assert not [c for c in cycles(g) if c & shell]
    assert not [m for m in shell if "bot.shell.app" in g[m]]


def test_layers_point_one_way():
    """``bot`` → ``games`` → ``games/core``; never back up (``games/core/scenario`` imported the
    registry)."""
    unexpected = sorted(upward(graph()))
    assert not unexpected, f"imports against the layering: {unexpected}"


def test_a_game_imports_only_games_core_and_itself():
    """A game package depends on ``games.core`` and its own modules only (DESIGN.md, Layers)."""
    g = graph()
    games = {m.split(".")[1] for m in g if m.startswith("games.") and not m.startswith("games.core")}
    assert {"meta", "metax"} <= games
    wrong = sorted((m, t) for m in g if m.split(".")[:1] == ["games"] and len(m.split(".")) > 1
                   and m.split(".")[1] in games
                   for t in g[m] if not (t.startswith("games.core") or t.split(".")[:2] == m.split(".")[:2]))
    assert not wrong, f"a game imports outside games.core and itself: {wrong}"


def test_the_host_knows_no_particular_game():
    """``bot`` reaches a game only through the registry (``games``) and the contract (``games.core``): no
    module of ``bot`` imports a ``games.<id>`` module, so a game's rules and its profile types (the
    surroundings a player declares, :mod:`games.core.surroundings`) never tie the host to one game."""
    g = graph()
    wrong = sorted((m, t) for m in g if m.split(".")[0] == "bot" for t in g[m]
                   if t.split(".")[0] == "games" and len(t.split(".")) > 1 and t.split(".")[1] != "core")
    assert not wrong, f"bot imports a particular game: {wrong}"
    assert any(t == "games.core.surroundings" for m in g if m.startswith("bot.") for t in g[m])
