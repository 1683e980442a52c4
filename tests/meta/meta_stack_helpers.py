"""Helpers for the Meta stack, trigger, target and execution tests (imported as a plain module: tests/meta
is on sys.path). Everything goes through the game contract: positions, decisions, apply, view."""

from __future__ import annotations

import pytest

from games.core.contract import RulesError, SeatSetup
from games.meta import GAME

NAMES = ["Ana", "Ben", "Cid", "Dee", "Eve", "Fay"]
FILLER = ["e003.1"] * 12
"""Twelve Long Memory cards: a memory nobody runs out of in a short test."""


def seats(n: int = 2) -> list[SeatSetup]:
    return [SeatSetup(NAMES[i]) for i in range(n)]


def pos(spec: dict, n: int = 2, seed: int = 0):
    """A state from an explicit position; every player gets a filler memory unless the spec sets one."""
    spec = dict(spec)
    players = [dict(p) for p in spec.get("players", [{}] * n)]
    for p in players:
        p.setdefault("memory", FILLER)
    spec["players"] = players
    return GAME.position(spec, seats(len(players)), seed)


def board(st, viewer=None) -> dict:
    return GAME.view(st, viewer).board


def hand(st, seat) -> list[str]:
    """Card ids in seat's hand (seat's private view)."""
    return [c["card"] for c in GAME.view(st, seat).private["hand"]]


def inst(st, seat, card, k: int = 0) -> int:
    """The instance id of the k-th copy of ``card`` in seat's hand (from seat's private view)."""
    return [c["id"] for c in GAME.view(st, seat).private["hand"] if c["card"] == card][k]


def on_tower(st, card, k: int = 0, tower: str = "main") -> int:
    """The instance id of the k-th ``card`` on ``tower`` (any level, bottom first), from the public board."""
    tw = tower_view(st, tower)
    return [e["id"] for level in tw["levels"] for e in level if e["card"] == card][k]


def tower_view(st, tower: str = "main") -> dict:
    return next(t for t in board(st)["towers"] if t["id"] == tower)


def levels(st, tower: str = "main") -> list[list[str]]:
    """The card ids on each level of ``tower``, bottom first on each level."""
    return [[e["card"] for e in level] for level in tower_view(st, tower)["levels"]]


def tower_ids(st) -> list[str]:
    return [t["id"] for t in board(st)["towers"]]


def grave(st, seat) -> list[str]:
    return [c["card"] for c in board(st)["players"][seat]["graveyard"]]


def life(st, seat) -> int:
    return board(st)["players"][seat]["life"]


def opts(st, seat) -> list[str]:
    return [o.id for o in GAME.decision_for(st, seat).options]


def kind(st, seat) -> str:
    return GAME.decision_for(st, seat).kind


def public(events) -> list[str]:
    return [e.text for e in events if e.audience is None]


def apply(st, seat, *choices) -> list[str]:
    """Apply choices in order for ``seat``; the public log lines of all of them."""
    out: list[str] = []
    for c in choices:
        out += public(GAME.apply(st, seat, c))
    return out


def play(st, seat, card, target: str | int | None = None, dest: str | None = None, k: int = 0) -> list[str]:
    """Play the k-th ``card`` from seat's hand: ``dest`` a tower id, ``target`` an option id suffix
    (``p1``, ``g0``, ``s<tower>.<level>``, ``f<tower>``) or a card instance id. When a choice of base
    stacks is offered and ``dest`` is not given, the card goes onto the main stack."""
    log = apply(st, seat, f"play:{inst(st, seat, card, k)}")
    if dest is None and any(d.seat == seat and d.kind == "destination" for d in GAME.decisions(st)):
        dest = "main"  # a choice of base stacks is offered: the main stack unless told otherwise
    if dest is not None:
        log += apply(st, seat, f"dest:{dest}")
    if target is not None:
        log += apply(st, seat, f"tgt:c{target}" if isinstance(target, int) else f"tgt:{target}")
    return log + confirm(st, seat)


def confirm(st, seat) -> list[str]:
    """Press "Play" on ``seat``'s confirm step when one is open (a play whose target is fixed by the card);
    the public log (empty when there was none)."""
    if any(d.seat == seat and d.kind == "confirm_play" for d in GAME.decisions(st)):
        return apply(st, seat, "confirm")
    return []


def activate(st, seat, card, target: str | None = None) -> list[str]:
    log = apply(st, seat, f"activate:{inst(st, seat, card)}")
    if target is not None:
        log += apply(st, seat, f"tgt:{target}")
    return log + confirm(st, seat)


def pass_all(st) -> list[str]:
    """Every player with an open pushing-stage decision passes, until the pushing stage is over (the
    executing stage and the rest of the turn then run by themselves). The public log."""
    out: list[str] = []
    while board(st)["stage"] == "pushing" and GAME.result(st) is None:
        decs = [d for d in GAME.decisions(st) if d.kind == "push"]
        assert decs, "a pushing stage with no open pass decision"
        out += apply(st, decs[0].seat, "pass")
    return out


def index(log: list[str], text: str) -> int:
    """Position of the first log line containing ``text`` (fails when absent)."""
    for i, line in enumerate(log):
        if text in line:
            return i
    raise AssertionError(f"{text!r} not in the log: {log}")


def reject(st, seat, choice) -> str:
    """An illegal choice must raise RulesError and leave the state unchanged; returns its rule ID."""
    before = GAME.to_json(st)
    with pytest.raises(RulesError) as e:
        GAME.apply(st, seat, choice)
    assert GAME.to_json(st) == before
    return e.value.rule
