"""Helpers for MetaZoo rule tests: positions through ``Game.position`` and choices through ``apply``."""

from __future__ import annotations

from typing import Any

from games.core.contract import Event, SeatSetup
from games.metazoo import GAME as MZ
from games.metazoo.state import State

SEATS = [SeatSetup("Ana"), SeatSetup("Ben")]


def pos(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, **kw: Any) -> State:
    """A position in the active Caster's Take Actions step; each Spellbook defaults to 10 Aura Pages so
    that the empty-Spellbook draw (MZ-EMPTY-02) does not end it."""
    players = []
    for ps in (p0 or {}, p1 or {}):
        ps = dict(ps)
        ps.setdefault("spellbook", ["flame-aura"] * 10)
        players.append(ps)
    return MZ.position({"players": players, **kw}, SEATS, kw.get("seed", 1))


def go(st: State, seat: int, *choices: str) -> list[Event]:
    """Apply ``choices`` in order for ``seat``; returns all their events."""
    out: list[Event] = []
    for c in choices:
        out += MZ.apply(st, seat, c)
    return out


def public(events: list[Event]) -> str:
    return " | ".join(e.text for e in events if e.audience is None)


def decision(st: State, seat: int):
    return MZ.decision_for(st, seat)


def ids(st: State, seat: int) -> list[str]:
    return [o.id for o in decision(st, seat).options]


def uid_of(st: State, page_id: str, controller: int | None = None) -> int:
    """The handle of the first face-up Arena Page with this Page id (and controller)."""
    for ap in st.arena:
        if st.cards[ap.card] == page_id and not ap.face_down and (controller is None or ap.controller == controller):
            return ap.uid
    raise KeyError(page_id)


def page(st: State, uid: int):
    for ap in st.arena:
        if ap.uid == uid:
            return ap
    return None


def lp(st: State, uid: int) -> int:
    from games.metazoo.rules import pages

    return pages.lp(st, page(st, uid))


def caster_lp(st: State, seat: int) -> int:
    return st.casters[seat].max_lp - st.casters[seat].damage


def names(st: State, zone: list[int]) -> list[str]:
    return [st.cards[c] for c in zone]


def board_page(st: State, uid: int) -> dict[str, Any]:
    """The public board's entry for the Arena Page with handle ``uid``."""
    return next(p for p in MZ.view(st, None).board["arena"] if p["uid"] == uid)


def to_next_turn(st: State, seat: int) -> None:
    """From ``seat``'s Take Actions step to the other Caster's Take Actions step, everybody passing."""
    go(st, seat, "end", "pass")
    go(st, 1 - seat, "pass", "pass")
    go(st, seat, "pass")
