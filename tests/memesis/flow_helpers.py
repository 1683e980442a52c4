"""Helpers for the Memesis rule tests of turn flow, source and Cells: positions through ``GAME.position`` and
choices through ``GAME.apply``, asserted on ``GAME.view`` (the game contract only)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.contract import Event, RulesError, SeatSetup
from games.memesis import GAME
from games.memesis.state import State

FILLER = "pilgrim-of-the-way"
"""A plain 1-cost 2/2 creature used to fill Brain Cells so that draws happen."""

NAMES = ["Ana", "Ben", "Cid", "Dee"]


def seats(n: int = 2) -> list[SeatSetup]:
    return [SeatSetup(NAMES[i]) for i in range(n)]


def pos(*players: dict[str, Any], seed: int = 1, **kw: Any) -> State:
    """A position in the active player's main decision (``GAME.position``); each Brain Cell defaults to five
    filler cards so that the turn's draw and the 1 source of step 5 happen."""
    ps = []
    for p in players:
        p = dict(p)
        p.setdefault("brain", [FILLER] * 5)
        ps.append(p)
    return GAME.position({"players": ps, **kw}, seats(len(ps)), seed)


def new_game(n: int = 2, seed: int = 1, **options: Any) -> State:
    """A new game from the starter decks (legal 40-card decks)."""
    decks = list(GAME.starter_decks().values())
    return GAME.new_game([SeatSetup(NAMES[i], decks[i % len(decks)]) for i in range(n)], options or None, seed)


def dec(st: State):
    """The one open decision."""
    (d,) = GAME.decisions(st)
    return d


def ids(st: State) -> list[str]:
    return [o.id for o in dec(st).options]


def labels(st: State) -> list[str]:
    return [o.label for o in dec(st).options]


def choose(st: State, part: str) -> str:
    """The id of the unique option of the open decision whose id equals ``part`` or whose label contains it."""
    d = dec(st)
    exact = [o.id for o in d.options if o.id == part]
    if exact:
        return exact[0]
    hits = [o.id for o in d.options if part in o.label]
    assert len(hits) == 1, f"{part!r} matches {hits} among {[(o.id, o.label) for o in d.options]}"
    return hits[0]


def go(st: State, seat: int, *parts: str) -> list[Event]:
    """Apply, for ``seat``, the option chosen by each of ``parts`` (see :func:`choose`) in order."""
    out: list[Event] = []
    for part in parts:
        out += GAME.apply(st, seat, choose(st, part))
    return out


def public(events: list[Event]) -> str:
    return " | ".join(e.text for e in events if e.audience is None)


def board(st: State) -> dict[str, Any]:
    return GAME.view(st, None).board


def player(st: State, seat: int) -> dict[str, Any]:
    return board(st)["players"][seat]


def hand(st: State, seat: int) -> list[str]:
    return [c["card"] for c in GAME.view(st, seat).private["hand"]]


def pieces(st: State, seat: int | None = None, card: str | None = None) -> list[dict[str, Any]]:
    """Public board pieces, optionally of one controller and with ``card`` among their (face-up) cards."""
    out = []
    for pc in board(st)["pieces"]:
        if seat is not None and pc["controller"] != seat:
            continue
        if card is not None and card not in [c.get("card") for c in pc["cards"]]:
            continue
        out.append(pc)
    return out


def piece(st: State, uid: int) -> dict[str, Any] | None:
    return next((pc for pc in board(st)["pieces"] if pc["uid"] == uid), None)


def uid(st: State, seat: int, card: str) -> int:
    """The uid of the only piece of ``seat`` showing ``card``."""
    (pc,) = pieces(st, seat, card)
    return pc["uid"]


def hand_ref(st: State, seat: int, card: str) -> str:
    """The option id (``h<number>``) of a card ``card`` in ``seat``'s hand, read from the main or window
    decision's options by card id."""
    for o in dec(st).options:
        if o.id.startswith("h") and card in o.cards:
            return o.id
    raise AssertionError(f"{card} is not offered in {[(o.id, o.label) for o in dec(st).options]}")


def actions(st: State, seat: int, ref: str) -> list[str]:
    """The first components offered for the thing ``ref`` (then ``back`` out again, state restored)."""
    GAME.apply(st, seat, ref)
    out = ids(st)
    GAME.apply(st, seat, "back")
    return out


def refused(st: State, seat: int, choice: str) -> RulesError:
    """``choice`` is refused for ``seat`` with a :class:`RulesError` and the state is unchanged."""
    before = GAME.to_json(st)
    with pytest.raises(RulesError) as err:
        GAME.apply(st, seat, choice)
    assert GAME.to_json(st) == before
    return err.value


def pass_windows(st: State) -> list[Event]:
    """Everyone asked in open response windows passes, until another kind of decision is open."""
    out: list[Event] = []
    while GAME.result(st) is None and dec(st).kind == "window":
        out += GAME.apply(st, dec(st).seat, "pass")
    return out


def settle(st: State) -> list[Event]:
    """Answer every open decision other than a main decision with its timeout default, until a main
    decision (or the end of the game)."""
    out: list[Event] = []
    while GAME.result(st) is None and dec(st).kind != "main":
        d = dec(st)
        out += GAME.apply(st, d.seat, GAME.timeout_choice(st, d))
    return out


def end_turn(st: State) -> list[Event]:
    """The active player ends their turn (with combat if anything attacks, nobody responding or blocking);
    returns at the next player's main decision."""
    d = dec(st)
    assert d.kind == "main"
    out = GAME.apply(st, d.seat, "end")
    return out + settle(st)


def copy(st: State) -> State:
    return GAME.from_json(GAME.to_json(st))


def moves(st: State, seat: int, uid_: int) -> set[str]:
    """Where ``seat`` may move piece ``uid_`` now: the destination components (``main``, ``defend``,
    ``attack:s1``) offered after ``move``, found on a copy of the state (empty when no move is offered).
    When only one destination exists the draft carries it out at once; it is then read from the board."""
    c = copy(st)
    ref = f"p{uid_}"
    if ref not in ids(c):
        return set()
    GAME.apply(c, seat, ref)
    if "move" not in ids(c):
        return set()
    GAME.apply(c, seat, "move")
    d = GAME.decisions(c)
    if d and d[0].kind == "act" and d[0].seat == seat:
        return {o.id for o in d[0].options if o.id != "back"}
    pc = piece(c, uid_)
    assert pc is not None
    return {f"attack:s{pc['target']}" if pc["cell"] == "attack" else pc["cell"]}
