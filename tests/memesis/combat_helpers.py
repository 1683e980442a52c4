"""Helpers for the Memesis combat and Cause/Effect rule tests: positions through ``GAME.position`` and choices
through ``GAME.apply``, read back through ``GAME.view`` (the public board)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.core.contract import Decision, Event, RulesError, SeatSetup
from games.memesis import GAME
from games.memesis.state import State

NAMES = ("Ana", "Ben", "Cleo", "Dan")
FILLER = ["pilgrim-of-the-way"] * 8
"""A Brain Cell for every seat, so that drawing never runs dry in a test (a plain creature: no response)."""


def pos(*players: dict[str, Any], seed: int = 1, **kw: Any) -> State:
    """A position in the active player's main phase (seat 0 unless ``active`` is given): one mapping per seat,
    as :meth:`games.memesis.game.MemesisGame.position` documents; each Brain Cell defaults to :data:`FILLER`."""
    ps = []
    for p in players:
        p = dict(p)
        p.setdefault("brain", FILLER)
        ps.append(p)
    seats = [SeatSetup(n) for n in NAMES[:len(ps)]]
    return GAME.position({"players": ps, **kw}, seats, seed)


def dec(st: State, seat: int | None = None) -> Decision:
    """The one open decision (its seat checked when ``seat`` is given)."""
    (d,) = GAME.decisions(st)
    if seat is not None:
        assert d.seat == seat, f"waiting for seat {d.seat} ({d.kind}: {d.prompt}), not seat {seat}"
    return d


def ids(st: State) -> list[str]:
    return [o.id for o in dec(st).options]


def option(st: State, text: str) -> str:
    """``text`` when it is an option id of the open decision (fails loudly otherwise, listing the options)."""
    d = dec(st)
    assert d.option(text) is not None, f"{text!r} is not among {[(o.id, o.label) for o in d.options]}"
    return text


def labelled(st: State, part: str) -> str:
    """The id of the unique option of the open decision whose label contains ``part`` (any case)."""
    d = dec(st)
    hits = [o.id for o in d.options if part.lower() in o.label.lower()]
    assert len(hits) == 1, f"{part!r} matches {hits} in {[(o.id, o.label) for o in d.options]}"
    return hits[0]


def go(st: State, seat: int, *choices: str) -> list[Event]:
    """Apply ``choices`` (option ids) in order for ``seat``, each checked against the open decision first;
    all their events."""
    out: list[Event] = []
    for c in choices:
        out += GAME.apply(st, seat, option(st, c))
    return out


def public(events: list[Event]) -> str:
    return " | ".join(e.text for e in events if e.audience is None)


def refused(st: State, seat: int, choice: str) -> RulesError:
    """``choice`` is refused with a :class:`RulesError` and the state is left unchanged."""
    before = GAME.to_json(st)
    with pytest.raises(RulesError) as err:
        GAME.apply(st, seat, choice)
    assert GAME.to_json(st) == before
    return err.value


def board(st: State) -> dict[str, Any]:
    return GAME.view(st, None).board


def piece(st: State, uid: int) -> dict[str, Any] | None:
    """The public board's entry for piece ``uid`` (None once it has left play)."""
    return next((p for p in board(st)["pieces"] if p["uid"] == uid), None)


def stats(st: State, uid: int) -> tuple[int, int]:
    """(Attack, Life) of a face-up piece, as the board shows them."""
    p = piece(st, uid)
    assert p is not None, f"piece #{uid} is not in play"
    return p["attack"], p["life"]


def uid_of(st: State, card_id: str, seat: int | None = None) -> int:
    """The uid of the first piece (in play or incubating) whose base card is ``card_id``."""
    for pc in st.pieces:
        if st.cards[pc.cards[0]] == card_id and (seat is None or pc.controller == seat):
            return pc.uid
    raise KeyError(card_id)


def hand_ref(st: State, seat: int, card_id: str) -> str:
    """The option id (``h<card>``) of the first card ``card_id`` in ``seat``'s hand (from their private view)."""
    for c in st.players[seat].hand:
        if st.cards[c] == card_id:
            return f"h{c}"
    raise KeyError(card_id)


def life(st: State, seat: int) -> int:
    return board(st)["players"][seat]["life"]


def dead(st: State, seat: int) -> list[str]:
    return [c["card"] for c in board(st)["players"][seat]["dead"]]


def hand(st: State, seat: int) -> list[str]:
    return [c["card"] for c in GAME.view(st, seat).private["hand"]]


def act_ids(st: State, seat: int, ref: str, *path: str) -> list[str]:
    """The option ids of ``seat``'s draft after choosing ``ref`` then ``path``; the draft is then dropped
    (``back`` ends the whole draft)."""
    go(st, seat, ref, *path)
    d = dec(st, seat)
    assert d.kind == "act", d
    out = [o.id for o in d.options]
    GAME.apply(st, seat, "back")
    assert dec(st).kind != "act"
    return out


def blocker_of(d: Decision) -> int:
    """The uid of the Defend creature a ``block`` decision asks about (``#uid`` in its prompt)."""
    m = re.search(r"#(\d+)", d.prompt)
    assert m is not None, d.prompt
    return int(m.group(1))


def blocks(st: State, plan: dict[int, int | None]) -> int:
    """Answer every ``block`` decision: Defend creature uid -> the attacker uid it intercepts (None: no block);
    a creature not in ``plan`` does not block. Returns how many block decisions were asked."""
    n = 0
    while GAME.decisions(st) and dec(st).kind == "block":
        d = dec(st)
        b = blocker_of(d)
        a = plan.get(b)
        GAME.apply(st, d.seat, "none" if a is None else f"p{a}")
        n += 1
    return n


def pass_windows(st: State) -> None:
    """Every open response window passes (MEM-TRN-07)."""
    while GAME.decisions(st) and dec(st).kind == "window":
        GAME.apply(st, dec(st).seat, "pass")


def end_turn(st: State, plan: dict[int, int | None] | None = None) -> None:
    """The active player ends their turn (combat first if anything attacks); windows pass, blocks follow
    ``plan``; stops at the next main decision or any other prompt."""
    d = dec(st)
    assert d.kind == "main", d
    GAME.apply(st, d.seat, "end")
    while GAME.decisions(st) and dec(st).kind in ("window", "block"):
        pass_windows(st)
        blocks(st, plan or {})
    while GAME.decisions(st) and dec(st).kind == "ammo_take":
        GAME.apply(st, dec(st).seat, "leave")


def play(st: State, seat: int, card_id: str, target: str | None = None, how: str = "plain") -> list[Event]:
    """``seat`` plays the Effect card ``card_id`` from hand face up (at ``target`` when there is a target to
    choose, ``-`` for a fixed target; ``how`` = ``plain`` or a Rune option when that is asked too); the card
    leaves the hand."""
    ref = hand_ref(st, seat, card_id)
    ev = go(st, seat, ref, "play")
    if GAME.decisions(st) and dec(st).kind == "act":
        ev += go(st, seat, target if target is not None else "-")
    if GAME.decisions(st) and dec(st).kind == "act":
        ev += go(st, seat, how)
    assert f"h{ref[1:]}" not in [f"h{c}" for c in st.players[seat].hand]
    return ev
