"""Helpers shared by the Meta rule tests of players, memory, turns, stages, cards and decks (imported as a
plain module: tests/meta is on sys.path). Everything goes through the game contract (``GAME``)."""

from __future__ import annotations

import pytest

from games.core.contract import Decision, RulesError, SeatSetup
from games.meta import GAME

FILLER = ["e003.1"] * 12
"""A dozen Long Memory cards: a memory nobody runs out of in a short test."""


def table(n: int = 2) -> list[SeatSetup]:
    """``n`` seats named Ana, Ben, Cy, Dee, Eve, Fay (no decks: positions do not need them)."""
    return [SeatSetup(name) for name in ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")[:n]]


def starter_table(n: int) -> list[SeatSetup]:
    """``n`` seats with the starter decks, rotated in id order."""
    decks = GAME.starter_decks()
    ids = sorted(decks)
    return [SeatSetup(s.name, list(decks[ids[i % len(ids)]])) for i, s in enumerate(table(n))]


def pos(spec: dict, n: int | None = None, seed: int = 0):
    """A Meta state from an explicit position (``Game.position``); ``n`` defaults to the players listed."""
    n = n if n is not None else len(spec.get("players", [{}, {}]))
    return GAME.position(spec, table(n), seed)


def decision(st, seat: int) -> Decision:
    return GAME.decision_for(st, seat)


def option_ids(st, seat: int) -> list[str]:
    return [o.id for o in decision(st, seat).options]


def seats_deciding(st) -> list[int]:
    return [d.seat for d in GAME.decisions(st)]


def play_id(st, seat: int, card_id: str) -> str:
    """The option id that plays (or activates, or discards) a card with this card id from ``seat``'s hand."""
    for o in decision(st, seat).options:
        if card_id in o.cards:
            return o.id
    raise AssertionError(f"{card_id} is not offered to seat {seat}: {option_ids(st, seat)}")


def apply(st, seat: int, choice: str) -> list[str]:
    """Apply ``choice`` and return the public event texts."""
    return [e.text for e in GAME.apply(st, seat, choice) if e.audience is None]


def play(st, seat: int, card_id: str, *rest: str) -> list[str]:
    """Play the card ``card_id`` from ``seat``'s hand, then the further steps (destination, target)."""
    texts = apply(st, seat, play_id(st, seat, card_id))
    for step in rest:
        texts += apply(st, seat, step)
    if any(d.seat == seat and d.kind == "confirm_play" for d in GAME.decisions(st)):
        texts += apply(st, seat, "confirm")  # a fixed target: the confirm step
    return texts


def pass_all(st) -> list[str]:
    """Every seat with an open pushing-stage decision passes (until none is left in this stage)."""
    texts: list[str] = []
    turn = (st.turn, st.stage)
    while True:
        decs = [d for d in GAME.decisions(st) if d.kind == "push"]
        if not decs or (st.turn, st.stage) != turn:
            return texts
        texts += apply(st, decs[0].seat, "pass")


def board(st, viewer: int | None = None) -> dict:
    return GAME.view(st, viewer).board


def player(st, seat: int) -> dict:
    return board(st)["players"][seat]


def lives(st) -> list[int]:
    return [p["life"] for p in board(st)["players"]]


def hand_ids(st, seat: int) -> list[str]:
    """The card ids in ``seat``'s hand, from the seat's own private view."""
    return [c["card"] for c in GAME.view(st, seat).private["hand"]]


def reject(st, seat: int, choice: str) -> str:
    """Apply an illegal ``choice``: it must raise RulesError and leave the state unchanged; returns the rule."""
    before = GAME.to_json(st)
    with pytest.raises(RulesError) as e:
        GAME.apply(st, seat, choice)
    assert GAME.to_json(st) == before
    return e.value.rule
