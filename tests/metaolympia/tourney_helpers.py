"""Helpers for the Meta Olympia match, bracket and scoring tests: positions through ``GAME.position``, choices
through ``GAME.apply`` and a small driver that answers every decision with a fixed, dull policy (reveal the first
athlete listed, pass every tactic turn, spend no popularity, keep the first die listed). Results are steered with
loaded dice; the starting Rookies have no Special Ability, so a loaded ``special`` is a blank roll."""

from __future__ import annotations

from typing import Any

from games.core.contract import Decision, Event, SeatSetup
from games.metaolympia import GAME

NAMES = ("Ana", "Ben", "Cy", "Dee")
BLANK = "special"
"""A die face that does nothing for a starting Rookie (MO-DIE-06: no Special Ability)."""


def seats(n: int = 2) -> list[SeatSetup]:
    return [SeatSetup(NAMES[i]) for i in range(n)]


def position(spec: dict[str, Any], n: int = 2, seed: int = 0):
    """A state from ``GAME.position`` for ``n`` seats."""
    return GAME.position(spec, seats(n), seed)


def decision(st) -> Decision:
    """The one open decision (the engine opens one at a time)."""
    decs = GAME.decisions(st)
    assert len(decs) == 1, decs
    return decs[0]


def choose(st, seat: int, oid: str) -> list[Event]:
    """Apply option ``oid`` for ``seat``, checking first that the open decision is that seat's."""
    d = decision(st)
    assert d.seat == seat, f"expected seat {seat} to decide, got {d.seat} ({d.kind})"
    return GAME.apply(st, seat, oid)


def board(st) -> dict[str, Any]:
    return GAME.view(st, None).board


def dull(d: Decision) -> str:
    """The fixed answer the driver gives."""
    if d.kind == "tactic":
        return "pass"
    if d.kind == "dice":
        return "pop:0"
    if d.kind == "recover_dice":
        return "extra:0"
    if d.kind == "move":
        return "end"
    return d.options[0].id


def drive(st, until=None, limit: int = 2000) -> tuple[list[tuple[int, str]], list[Event]]:
    """Answer decisions with :func:`dull` until the game ends or ``until(decision, st)`` is true (that decision
    is left open). Returns the (seat, kind) trace of the decisions answered and every event."""
    trace: list[tuple[int, str]] = []
    events: list[Event] = []
    for _ in range(limit):
        if GAME.result(st) is not None:
            return trace, events
        d = decision(st)
        if until is not None and until(d, st):
            return trace, events
        trace.append((d.seat, d.kind))
        events += GAME.apply(st, d.seat, dull(d))
    raise AssertionError("the game did not end")


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.audience is None]


def match_dice(*moments: tuple[str, str]) -> list[str]:
    """Loaded faces for one match: (Away's face, Home's face) for each Defining Moment in play order."""
    return [f for pair in moments for f in pair]


HOME_WINS = match_dice(("special", "goal"), (BLANK, BLANK), (BLANK, BLANK))
"""Home 1, Away 0."""
AWAY_WINS = match_dice(("goal", BLANK), (BLANK, BLANK), (BLANK, BLANK))
"""Away 1, Home 0."""
DRAW = match_dice((BLANK, BLANK), (BLANK, BLANK), (BLANK, BLANK))
"""0-0."""


def at_end(stage: int, spots: list[int], n: int | None = None, **extra: Any) -> dict[str, Any]:
    """A position spec where every team stands at the end of ``stage`` on the given Match Up spots (0-based), so
    the Tournament starts at once (MO-BRK-01)."""
    players = [{"pos": 3, "spot": sp, "arrival": i, **extra.pop(f"p{i}", {})} for i, sp in enumerate(spots)]
    return {"stage": stage, "players": players, **extra}


def opt(st, text: str) -> str:
    """The id of the open decision's one option whose label contains ``text`` (case-insensitive)."""
    d = decision(st)
    hits = [o.id for o in d.options if text.lower() in o.label.lower()]
    assert len(hits) == 1, f"{text!r} matches {hits} among {[o.label for o in d.options]}"
    return hits[0]


def full_times(events: list[Event]) -> list[str]:
    """The public 'Full time' lines (one per match played)."""
    return [t for t in texts(events) if t.startswith("Full time")]


def kickoffs(events: list[Event]) -> list[str]:
    """The 'Match ...: X (Home) v Y (Away)' lines, in play order."""
    return [t for t in texts(events) if t.startswith("Match") and "(Home) v" in t]


def play_matches(st, k: int, limit: int = 2000) -> list[Event]:
    """Answer decisions with :func:`dull` until ``k`` more matches reached full time; returns the events (the
    game has already run on to its next decision)."""
    events: list[Event] = []
    for _ in range(limit):
        if len(full_times(events)) >= k:
            return events
        assert GAME.result(st) is None, "the game ended first"
        d = decision(st)
        events += GAME.apply(st, d.seat, dull(d))
    raise AssertionError("not enough matches")
