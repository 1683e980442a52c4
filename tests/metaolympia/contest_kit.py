"""Helpers for the Meta Olympia contest tests (athletes, combos, dice, injuries, popularity; issue 18).

Everything goes through the game contract: :meth:`GAME.position` sets up a match (``match: [home, away]``)
or a scrimmage with loaded dice (``dice``: faces consumed in order by every roll, recovery rolls included),
:meth:`GAME.decisions` / :meth:`GAME.apply` play it and :meth:`GAME.view` reads the result. Seat 0 is Home
and seat 1 Away in every match here; Away reveals first in each Defining Moment (MO-MAT-02).
"""

from __future__ import annotations

from typing import Any

from games.core import SeatSetup
from games.core.contract import Decision, Event
from games.metaolympia import GAME
from games.metaolympia.pool import starters

HOME, AWAY = 0, 1
SEATS = [SeatSetup("Ann"), SeatSetup("Ben")]


def roster(*ids: str) -> list[str]:
    """Six athlete ids: ``ids`` first, filled up with starting Rookies not already named."""
    out = list(ids)
    for s in starters():
        if len(out) >= 6:
            break
        if s not in out:
            out.append(s)
    return out


def team(*ids: str, popularity: int = 0, **kw: Any) -> dict[str, Any]:
    """A player mapping for :meth:`GAME.position`: roster ``ids`` (filled up), popularity 0 unless given (so
    no "spend popularity?" decision interrupts a test that is not about it)."""
    return {"athletes": roster(*ids), "popularity": popularity, **kw}


def match(home: dict[str, Any], away: dict[str, Any], dice: list[str], seed: int = 7, **extra: Any):
    """A two-team match: seat 0 Home, seat 1 Away, ``dice`` loaded."""
    spec = {"match": [HOME, AWAY], "dice": list(dice), "players": [home, away], **extra}
    return GAME.position(spec, SEATS, seed)


def open_decision(st) -> Decision:
    """The one open decision."""
    ds = GAME.decisions(st)
    assert len(ds) == 1, ds
    return ds[0]


def ids(st) -> list[str]:
    """The option ids of the open decision."""
    return [o.id for o in open_decision(st).options]


def act(st, seat: int, choice: str) -> list[Event]:
    """Apply ``choice`` for ``seat``; the open decision must be that seat's."""
    d = open_decision(st)
    assert d.seat == seat, (d.seat, d.kind, seat)
    return GAME.apply(st, seat, choice)


def athlete_option(st, seat: int, cid: str) -> str | None:
    """The option id revealing an athlete of definition ``cid`` for ``seat`` (``None`` when not offered)."""
    d = open_decision(st)
    assert d.seat == seat and d.kind == "athlete", (d.seat, d.kind)
    for o in d.options:
        if o.cards == (cid,):
            return o.id
    return None


def reveal(st, seat: int, cid: str) -> list[Event]:
    """``seat`` reveals its athlete ``cid`` (Reveal & Roll)."""
    opt = athlete_option(st, seat, cid)
    assert opt is not None, f"{cid} is not offered: {ids(st)}"
    return act(st, seat, opt)


def option_with_card(st, seat: int, cid: str, prefix: str = "tactic:") -> str:
    """The option id of ``seat``'s open decision naming card ``cid``."""
    d = open_decision(st)
    assert d.seat == seat
    for o in d.options:
        if o.id.startswith(prefix) and o.cards == (cid,):
            return o.id
    raise AssertionError(f"no option for {cid}: {[o.id for o in d.options]}")


def board(st) -> dict[str, Any]:
    """The public board (a spectator's view)."""
    return GAME.view(st, None).board


def score(st) -> dict[int, int]:
    """The live match score by seat (the board's contest)."""
    c = board(st)["contest"]
    assert c is not None, "no contest on the board"
    return {c["away"]: c["score"][0], c["home"]: c["score"][1]} if c["home"] is not None else {
        c["away"]: c["score"][0]}


def pop(st, seat: int) -> int:
    """``seat``'s popularity tokens on the board."""
    return board(st)["players"][seat]["popularity"]


def injured_ids(st, seat: int) -> list[str]:
    """Definition ids of ``seat``'s injured athletes (its private view)."""
    return [a["card"] for a in GAME.view(st, seat).private["athletes"] if a["injured"]]


def waiting(st) -> tuple[int, str] | None:
    """(seat, kind) of the open decision, or ``None``."""
    ds = GAME.decisions(st)
    return (ds[0].seat, ds[0].kind) if ds else None


def pass_tactics(st) -> None:
    """Both teams pass their tactic turns until the Defining Moment ends (any tactic decision answered
    pass)."""
    while (w := waiting(st)) is not None and w[1] == "tactic":
        act(st, w[0], "pass")


def texts(events: list[Event]) -> list[str]:
    """The texts of ``events``."""
    return [e.text for e in events]


def full_time(events: list[Event]) -> tuple[int, int]:
    """(home, away) goals from the "Full time" event of a finished match."""
    import re

    for e in events:
        m = re.match(r"Full time: .* (\d+), .* (\d+) — ", e.text)
        if m:
            return int(m.group(1)), int(m.group(2))
    raise AssertionError(f"no Full time event in {texts(events)}")
