"""Helpers for Memesis rule tests: positions through ``GAME.position`` and choices through ``GAME.apply``.

Option ids follow ``games/memesis/rules.py``: ``h<card>`` for a hand card, ``p<uid>`` for a piece, then the
action's components (``play``, ``main``, ``down`` ...). :func:`choose` accepts an id or a unique part of a label.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.core.contract import Decision, Event, RulesError, SeatSetup, View
from games.memesis import GAME
from games.memesis.state import State

SEATS = [SeatSetup("Ana"), SeatSetup("Ben")]
BRAIN = ["pilgrim-of-the-way"] * 10
"""A default Brain Cell, so that drawing never runs dry."""


def pos(p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None, seed: int = 1,
        **kw: Any) -> State:
    """Ana (seat 0) in her main phase, Ben (seat 1) waiting; each Brain Cell defaults to :data:`BRAIN`."""
    players = []
    for ps in (p0 or {}, p1 or {}):
        ps = dict(ps)
        ps.setdefault("brain", list(BRAIN))
        players.append(ps)
    return GAME.position({"players": players, **kw}, SEATS, seed)


def decision(st: State, seat: int) -> Decision:
    return GAME.decision_for(st, seat)


def ids(st: State, seat: int) -> list[str]:
    return [o.id for o in decision(st, seat).options]


def labels(st: State, seat: int) -> list[str]:
    return [o.label for o in decision(st, seat).options]


def pick(st: State, seat: int, text: str) -> str:
    """The option id of ``seat``'s decision that equals ``text`` or whose label uniquely contains it."""
    d = decision(st, seat)
    if d.option(text) is not None:
        return text
    found = [o.id for o in d.options if text.lower() in o.label.lower()]
    assert len(found) == 1, f"{text!r} matches {found} among {[(o.id, o.label) for o in d.options]}"
    return found[0]


def drafting(st: State, seat: int) -> bool:
    """Whether ``seat`` is building an action (an ``act`` decision is open for it)."""
    return any(d.seat == seat and d.kind == "act" for d in GAME.decisions(st))


def choose(st: State, seat: int, *texts: str) -> list[Event]:
    """Apply each choice in order (an option id or a unique label part); all their events. An action is
    carried out as soon as its components leave only one legal action (rules.py docstring), so components given
    after that point are not asked for and are skipped: the tests check the outcome."""
    out: list[Event] = []
    building = False
    for t in texts:
        if building and not drafting(st, seat):
            break
        was = drafting(st, seat)
        out += GAME.apply(st, seat, pick(st, seat, t))
        building = t != "back" and (was or drafting(st, seat))
    return out


def hand_ref(st: State, seat: int, card_id: str) -> str:
    """The ``h<card>`` option id of the first card ``card_id`` in ``seat``'s hand."""
    for c in st.players[seat].hand:
        if st.cards[c] == card_id:
            return f"h{c}"
    raise KeyError(card_id)


def piece_uid(st: State, card_id: str, seat: int | None = None) -> int:
    """The uid of the first piece whose base card is ``card_id`` (and controlled by ``seat``)."""
    for pc in st.pieces:
        if st.cards[pc.cards[0]] == card_id and (seat is None or pc.controller == seat):
            return pc.uid
    raise KeyError(card_id)


def refused(st: State, seat: int, choice: str) -> RulesError:
    """``choice`` must be refused with :class:`RulesError` and leave the state exactly as it was."""
    before = GAME.to_json(st)
    with pytest.raises(RulesError) as exc:
        GAME.apply(st, seat, choice)
    assert GAME.to_json(st) == before
    return exc.value


def public(events: list[Event]) -> str:
    return " | ".join(e.text for e in events if e.audience is None)


def seen_by(events: list[Event], seat: int) -> str:
    """What ``seat`` is told: the public events and those addressed to it."""
    return " | ".join(e.text for e in events if e.audience is None or seat in e.audience)


def view(st: State, viewer: int | None) -> View:
    return GAME.view(st, viewer)


def board_piece(st: State, uid: int, viewer: int | None = None) -> dict[str, Any]:
    return next(p for p in view(st, viewer).board["pieces"] if p["uid"] == uid)


def pass_windows(st: State) -> list[Event]:
    """Every open response window passed by whoever is asked."""
    out: list[Event] = []
    while True:
        decs = GAME.decisions(st)
        if not decs or decs[0].kind != "window":
            return out
        out += GAME.apply(st, decs[0].seat, "pass")


def end_turn(st: State) -> list[Event]:
    """The active player ends the turn; windows are passed and prompts of the next turn's start answered
    with their default, until a main decision is open."""
    out = pass_windows(st)
    out += GAME.apply(st, st.active, "end")
    for _ in range(50):
        decs = GAME.decisions(st)
        if not decs or decs[0].kind == "main":
            return out
        d = decs[0]
        out += GAME.apply(st, d.seat, d.default or d.options[0].id)
    raise AssertionError("the turn does not settle")
