"""The cross-zone hidden-card permutation check, for games whose cards are instances: small ints
indexing ``state.cards`` (the card id), as in MetaX, Meta and MetaZoo.

For a watcher (a seat, or ``None`` for a spectator), every card instance hidden from that watcher — in any zone:
hands, decks, memories, face-down cards in play, trigger stacks, VP piles... — may hold any of the hidden
identities as far as the watcher can tell. :func:`check_twins` gives those instances a random permutation of
their identities (within classes the watcher can tell apart, so the state stays legal) and asserts that nothing
public changes:

* the watcher's view and the spectator view (board, private part, own decisions, ``waiting``);
* the seats asked, with their decision kinds;
* and, when the real next choice is still offered in the twin, the public log of applying it (events with
  audience ``None``) and everything above after it. Cards that the step reveals to the watcher are kept fixed
  (and so are the other hidden copies of the same cards, so that "the first copy in hand" is the same one).

A failure names what differed: ``view``, ``spectator view``, ``seats asked``, ``log``, each with ``after`` when
it is the state after the step. Imported as a plain module (``tests`` is on ``sys.path``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

Hidden = Callable[[Any, int | None], Iterable[int]]
"""``hidden(state, watcher)``: the card instances whose identity ``watcher`` cannot see in ``state``."""


def view_key(game, st, viewer: int | None) -> str:
    """``viewer``'s whole view as canonical JSON: board, private part, own decisions, ``waiting``, result."""
    v = game.view(st, viewer)
    decs = [(d.seat, d.kind, d.prompt, [(o.id, o.label, list(o.cards)) for o in d.options], d.default)
            for d in v.decisions]
    res = None if v.result is None else v.result.to_dict()
    return json.dumps([v.board, v.private, decs, [list(w) for w in v.waiting], res], sort_keys=True, default=repr)


def asked(game, st) -> list[tuple[int, str]]:
    """The seats asked, with their decision kinds."""
    return [(d.seat, d.kind) for d in game.decisions(st)]


def clone(game, st):
    return game.from_json(game.to_json(st))


def relabel(game, st, names: dict[int, str]):
    """A copy of ``st`` whose instances ``names`` hold the given card ids (through JSON: no cache survives)."""
    data = json.loads(game.to_json(st))
    for c, name in names.items():
        data["cards"][c] = name
    return game.from_json(json.dumps(data))


def permutation(st, instances: Iterable[int], rng: random.Random, klass: Callable[[Any, int], Any]) -> dict[int, str]:
    """A random reassignment of the identities of ``instances``, each class (``klass(state, instance)``) among
    itself."""
    groups: dict[Any, list[int]] = {}
    for c in sorted(instances):
        groups.setdefault(klass(st, c), []).append(c)
    out: dict[int, str] = {}
    for group in groups.values():
        names = [st.cards[c] for c in group]
        rng.shuffle(names)
        out.update(zip(group, names, strict=True))
    return out


def _shape(game, st, watcher: int | None) -> dict[str, Any]:
    shape = {"view": view_key(game, st, watcher), "seats asked": asked(game, st)}
    if watcher is not None:
        shape["spectator view"] = view_key(game, st, None)
    return shape


def _same(a: dict[str, Any], b: dict[str, Any], watcher: int | None, when: str) -> None:
    for what in a:
        if a[what] != b[what]:
            raise AssertionError(f"{what}{when} differs for watcher {watcher} when the hidden cards are permuted")


def _public(events) -> list[str]:
    return [e.text for e in events if e.audience is None]


def offered(game, st, seat: int, choice: str) -> bool:
    return any(d.seat == seat and d.option(choice) is not None for d in game.decisions(st))


def check_twins(game, st, watcher: int | None, hidden: Hidden, choice: tuple[int, str] | None,
                rng: random.Random, permute: Callable[[Any, set[int], random.Random], dict[int, str]] | None = None,
                fixed: Callable[[Any], Iterable[int]] = lambda st: (),
                steady: Callable[[Any], Iterable[int]] = lambda st: (),
                named: Callable[[Any, int], str] | None = None) -> bool:
    """Assert that permuting the identities of the cards hidden from ``watcher`` in ``st`` changes nothing
    public, before and (for ``choice``, the real next ``(seat, option id)``) after the next step; see the module
    docstring. Returns whether the step could be compared (the choice still offered in the twin); raises
    ``AssertionError`` naming what differed.

    ``permute(state, instances, rng)`` gives the new identities (default: :func:`permutation`, one class);
    ``fixed(state)`` names instances never permuted (e.g. a card whose play is in progress; asked of the state
    before and after the step); ``steady(state)``
    instances kept for the step only, because the rules make public what they decide (whether a face-down
    trigger fires, what a search of a Spellbook finds); ``named(state, instance)`` is a card's name as the log
    writes it: a hidden card whose name the step's public log says counts as revealed by the step."""
    if permute is None:
        def permute(s, cards, r):
            return permutation(s, cards, r, lambda _s, _c: 0)
    secret = set(hidden(st, watcher)) - set(fixed(st))
    before = _shape(game, st, watcher)
    twin = relabel(game, st, permute(st, secret, rng))
    _same(before, _shape(game, twin, watcher), watcher, "")
    if choice is None:
        return False
    seat, oid = choice
    real = clone(game, st)
    log = _public(game.apply(real, seat, oid))
    revealed = secret - set(hidden(real, watcher))
    if named is not None:
        text = "\n".join(log)
        revealed |= {c for c in secret if named(st, c) and named(st, c) in text}
    kept = {st.cards[c] for c in revealed}
    free = {c for c in secret - revealed - set(steady(st)) - set(fixed(real)) if st.cards[c] not in kept}
    twin = relabel(game, st, permute(st, free, rng))
    if not offered(game, twin, seat, oid):
        return False
    if _public(game.apply(twin, seat, oid)) != log:
        raise AssertionError(f"log differs for watcher {watcher} when the hidden cards are permuted")
    _same(_shape(game, real, watcher), _shape(game, twin, watcher), watcher, " after the step")
    return True


class Planted:
    """``game`` with one planted leak (the check must catch each kind), keyed on ``armed(state)``
    (a secret, e.g. "Ben holds an Event card"): ``leak="view"`` adds it to every view's board, ``"seats"``
    stops asking seat ``quiet`` while it holds, ``"log"`` adds a public line to the step's events while it
    holds. :meth:`install` monkeypatches the one method onto the game object, which calls the game's own."""

    METHOD = {"view": "view", "seats": "decisions", "log": "apply"}

    def __init__(self, game, leak: str, armed: Callable[[Any], bool], quiet: int = 1):
        self.game, self.leak, self.armed, self.quiet = game, leak, armed, quiet

    def install(self, monkeypatch) -> None:
        method = self.METHOD[self.leak]
        monkeypatch.setattr(self.game, method, getattr(self, method))

    def view(self, st, viewer):
        v = type(self.game).view(self.game, st, viewer)
        v.board["armed"] = self.armed(st)
        return v

    def decisions(self, st):
        decs = type(self.game).decisions(self.game, st)
        return [d for d in decs if d.seat != self.quiet] if self.armed(st) else decs

    def apply(self, st, seat, choice):
        from games.core.contract import Event

        armed = self.armed(st)
        events = type(self.game).apply(self.game, st, seat, choice)
        return [*events, Event("Ben looks ready.")] if armed else events
